package content

import (
	"encoding/json"
	"fmt"
	"sort"
)

// Catalog is what the team builder needs from the rules tables
// (games/landsofruin/rules): gear and skills by their string ids.
type Catalog interface {
	// Gear returns a weapon, close-combat weapon, armour, accessory or
	// consumable.
	Gear(id string) (GearInfo, bool)
	// Skill returns a skill.
	Skill(id string) (SkillInfo, bool)
	// SkillIDs lists every skill id, sorted.
	SkillIDs() []string
}

// GearInfo is the part of a gear item's rules the team builder uses.
// Weights are in grams.
type GearInfo struct {
	ID              string   `json:"id"`
	Kind            string   `json:"kind"` // ranged, close-combat, defensive, accessory, consumable
	GearValue       int      `json:"gear_value"`
	ClipGearValue   int      `json:"clip_gear_value,omitempty"`
	WeightGrams     int      `json:"weight_grams"`
	ClipWeightGrams int      `json:"clip_weight_grams,omitempty"`
	TakesClips      bool     `json:"takes_clips,omitempty"`     // has ammunition (clips, belts, fuel cans, rockets)
	RequiresSkills  []string `json:"requires_skills,omitempty"` // all of them
	FitsOn          []string `json:"fits_on,omitempty"`         // accessories: the weapon ids it fits
	// RequiresCohort is a cohort kind the carrier must lead in the team
	// (a Balean slave to blow up needs a slave cohort).
	RequiresCohort string `json:"requires_cohort,omitempty"`
}

// SkillInfo is the part of a skill's rules the team builder uses.
type SkillInfo struct {
	ID         string   `json:"id"`
	GearValue  int      `json:"gear_value"`
	MaxCount   int      `json:"max_count"` // copies a character may have; 0 means 1
	Leadership int      `json:"leadership,omitempty"`
	Unlocks    []string `json:"unlocks,omitempty"`
	// Restricted skills come only with pre-made characters.
	Restricted bool `json:"restricted,omitempty"`
}

// MapCatalog is a Catalog held in two maps; it reads from JSON
// ({"gear": {id: GearInfo}, "skills": {id: SkillInfo}}) and adapts any
// other table source.
type MapCatalog struct {
	GearTable  map[string]GearInfo  `json:"gear"`
	SkillTable map[string]SkillInfo `json:"skills"`
}

// Gear implements Catalog.
func (m MapCatalog) Gear(id string) (GearInfo, bool) { g, ok := m.GearTable[id]; return g, ok }

// Skill implements Catalog.
func (m MapCatalog) Skill(id string) (SkillInfo, bool) { s, ok := m.SkillTable[id]; return s, ok }

// SkillIDs implements Catalog.
func (m MapCatalog) SkillIDs() []string {
	ids := make([]string, 0, len(m.SkillTable))
	for id := range m.SkillTable {
		ids = append(ids, id)
	}
	return sortedCopy(ids)
}

// sortedCopy returns the ids sorted, in a new slice.
func sortedCopy(ids []string) []string {
	out := append([]string(nil), ids...)
	sort.Strings(out)
	return out
}

// Roster is what a player keeps between games: their own characters and
// teams. It encodes with console.Encode (msgpack) or JSON for the store's
// rosters bucket.
type Roster struct {
	Owner      string      `json:"owner" msgpack:"owner"`
	Characters []Character `json:"characters" msgpack:"characters"`
	Teams      []Team      `json:"teams" msgpack:"teams"`
}

// Data is what team building reads: the content (pre-made characters,
// tribes, cohort rules), the rules tables and a player's own characters
// (looked up before the pre-made ones of the same id).
type Data struct {
	Content *Content
	Catalog Catalog
	Custom  []Character
}

// lookup finds a character by id, custom characters first.
func (d Data) lookup(id string) (*Character, bool) {
	for i := range d.Custom {
		if d.Custom[i].ID == id {
			return &d.Custom[i], true
		}
	}
	return d.Content.Character(id)
}

func (d Data) customIndex() map[string]*Character {
	m := make(map[string]*Character, len(d.Custom))
	for i := range d.Custom {
		m[d.Custom[i].ID] = &d.Custom[i]
	}
	return m
}

// Totals are a character's computed gear value and carried weight, per
// model.
type Totals struct {
	GearValue   int
	WeightGrams int
	Leadership  int // skill leadership modifiers (added to the type's base)
}

// CharacterTotals computes one model's gear value and weight: every gear
// item's value times its count plus its clips' value, every skill copy's
// value (the implicit root skill is free); weight likewise with clip
// weights. Unknown ids are errors.
func (d Data) CharacterTotals(ch *Character) (Totals, error) {
	var t Totals
	var errs errList
	for j, g := range ch.Gear {
		info, ok := d.Catalog.Gear(g.ID)
		if !ok {
			errs.add("gear[%d]: unknown gear id %q", j, g.ID)
			continue
		}
		t.GearValue += info.GearValue*g.N() + info.ClipGearValue*g.Clips
		t.WeightGrams += info.WeightGrams*g.N() + info.ClipWeightGrams*g.Clips
	}
	for j, s := range ch.Skills {
		info, ok := d.Catalog.Skill(s)
		if !ok {
			errs.add("skills[%d]: unknown skill id %q", j, s)
			continue
		}
		t.GearValue += info.GearValue
		t.Leadership += info.Leadership
	}
	return t, errs.err()
}

// CheckCharacter checks a character against the content and the rules
// tables: its structure, that every gear and skill id exists, skill copies
// within the maximum, each skill unlocked by one the character has (or
// the root skill), each item's required skills held, accessories fitted
// on a weapon they fit, tribe-exclusive gear and skills, carried weight
// within the maximum load, and the stated gear value equal to the
// computed one.
func (d Data) CheckCharacter(ch *Character) error {
	file := "roster"
	premade := false
	if x, ok := d.Content.Character(ch.ID); ok && x == ch {
		file, premade = CharactersFile, true
	}
	var errs errList
	d.Content.checkCharacter(ch, file, d.customIndex(), &errs)
	w := fmt.Sprintf("%s: character %q", file, ch.ID)
	tot, err := d.CharacterTotals(ch)
	if err != nil {
		errs.add("%s: %w", w, err)
	}
	root := d.Content.TeamRules.RootSkill
	held := map[string]int{root: 1}
	for _, s := range ch.Skills {
		held[s]++
	}
	unlockedBy := map[string][]string{}
	for _, id := range d.Catalog.SkillIDs() {
		info, _ := d.Catalog.Skill(id)
		for _, u := range info.Unlocks {
			unlockedBy[u] = append(unlockedBy[u], id)
		}
	}
	owner := map[string]string{} // exclusive id → tribe
	for _, t := range d.Content.Tribes {
		for _, id := range t.ExclusiveGear {
			owner["gear:"+id] = t.ID
		}
		for _, id := range t.ExclusiveSkills {
			owner["skill:"+id] = t.ID
		}
	}
	reported := map[string]bool{}
	for j, s := range ch.Skills {
		info, ok := d.Catalog.Skill(s)
		if !ok || reported[s] {
			continue
		}
		reported[s] = true
		if s == root {
			errs.add("%s: skills[%d]: %q is the root skill every character has; do not list it", w, j, s)
		}
		if n, limit := held[s], max(info.MaxCount, 1); n > limit {
			errs.add("%s: skills: %q taken %d times, at most %d", w, s, n, limit)
		}
		if info.Restricted && !premade {
			errs.add("%s: skills[%d] %q: comes only with pre-made characters", w, j, s)
		}
		if by := unlockedBy[s]; len(by) > 0 && !info.Restricted && !anyHeld(held, by) {
			errs.add("%s: skills[%d] %q: needs one of %v first", w, j, s, by)
		}
		if t, ok := owner["skill:"+s]; ok && t != ch.Tribe {
			errs.add("%s: skills[%d] %q: only tribe %q may take it", w, j, s, t)
		}
	}
	for j, g := range ch.Gear {
		info, ok := d.Catalog.Gear(g.ID)
		if !ok {
			continue
		}
		gw := fmt.Sprintf("%s: gear[%d] %q", w, j, g.ID)
		for _, need := range info.RequiresSkills {
			if held[need] == 0 {
				errs.add("%s: requires skill %q", gw, need)
			}
		}
		if len(info.FitsOn) > 0 && !contains(info.FitsOn, g.On) {
			errs.add("%s: on: fits only on %v, got %q", gw, info.FitsOn, g.On)
		}
		if g.Clips > 0 && !info.TakesClips {
			errs.add("%s: clips: this item takes no ammunition", gw)
		}
		if t, ok := owner["gear:"+g.ID]; ok && t != ch.Tribe {
			errs.add("%s: only tribe %q may carry it", gw, t)
		}
	}
	if err == nil {
		if maxLoad := d.Content.TeamRules.MaxLoadGrams; tot.WeightGrams > maxLoad {
			errs.add("%s: carries %d g, more than the maximum load of %d g", w, tot.WeightGrams, maxLoad)
		}
		if ch.GearValue != tot.GearValue {
			errs.add("%s: gear_value: stated %d, computed %d from its gear and skills", w, ch.GearValue, tot.GearValue)
		}
		if dv, ok := d.Catalog.(Deriver); ok {
			ld, camo, det, err := dv.Derived(ch)
			switch {
			case err != nil:
				errs.add("%s: %w", w, err)
			case ld != ch.Leadership || camo != ch.Camouflage || det != ch.Detection:
				errs.add("%s: leadership/camouflage/detection: stated %d/%d/%d, the rules give %d/%d/%d",
					w, ch.Leadership, ch.Camouflage, ch.Detection, ld, camo, det)
			}
		}
	}
	for j, a := range ch.Abilities {
		aw := fmt.Sprintf("%s: abilities[%d] %q", w, j, a.ID)
		if a.Skill != "" && held[a.Skill] == 0 {
			errs.add("%s: skill: the character does not have %q", aw, a.Skill)
		}
		if a.Weapon != "" && !carries(ch, a.Weapon) {
			errs.add("%s: weapon: the character does not carry %q", aw, a.Weapon)
		}
		if ac, ok := d.Catalog.(ActionChecker); ok && a.Action != "" && !ac.HasAction(a.Action) {
			errs.add("%s: action: unknown action id %q", aw, a.Action)
		}
	}
	return errs.err()
}

func carries(ch *Character, id string) bool {
	for _, g := range ch.Gear {
		if g.ID == id {
			return true
		}
	}
	return false
}

func anyHeld(held map[string]int, ids []string) bool {
	for _, id := range ids {
		if held[id] > 0 {
			return true
		}
	}
	return false
}

// BuildCharacter returns ch with its gear value computed (and, when the
// catalog is a Deriver, its leadership, camouflage and detection), after
// checking it (CheckCharacter). It is how a player's own character enters
// a roster.
func BuildCharacter(d Data, ch Character) (Character, error) {
	tot, err := d.CharacterTotals(&ch)
	if err != nil {
		return Character{}, fmt.Errorf("character %q: %w", ch.ID, err)
	}
	ch.GearValue = tot.GearValue
	if dv, ok := d.Catalog.(Deriver); ok {
		if ld, camo, det, err := dv.Derived(&ch); err == nil {
			ch.Leadership, ch.Camouflage, ch.Detection = ld, camo, det
		}
	}
	if err := d.CheckCharacter(&ch); err != nil {
		return Character{}, err
	}
	return ch, nil
}

// TeamTotals are a team's gear value and model count.
type TeamTotals struct {
	GearValue int
	Models    int
}

// Validate checks a team against the rules: a known tribe, characters of
// that tribe each taken once and each valid (CheckCharacter), heroes once,
// cohorts only with their hero in the team and within their kind's member
// limits, per-hero cohort limits and the skill the hero needs for a kind,
// gear that needs a cohort, the model count, and the team's gear value at
// most limit (limit ≤ 0: the default maximum gear value). All problems
// are reported together.
func Validate(team Team, d Data, limit int) error {
	_, err := validateTeam(team, d, limit)
	return err
}

func validateTeam(team Team, d Data, limit int) (TeamTotals, error) {
	var tot TeamTotals
	var errs errList
	w := fmt.Sprintf("team %q", team.Name)
	if d.Content == nil || d.Catalog == nil {
		return tot, fmt.Errorf("%s: no content or rules tables to check against", w)
	}
	if limit <= 0 {
		limit = d.Content.TeamRules.DefaultMaxGearValue
	}
	if _, ok := d.Content.Tribe(team.Tribe); !ok {
		errs.add("%s: tribe: unknown tribe %q", w, team.Tribe)
	}
	if len(team.Members) == 0 {
		errs.add("%s: has no characters", w)
	}
	inTeam := map[string]*Character{}
	count := map[string]int{}
	for j, m := range team.Members {
		mw := fmt.Sprintf("%s: members[%d] %q", w, j, m.Character)
		ch, ok := d.lookup(m.Character)
		if !ok {
			errs.add("%s: unknown character", mw)
			continue
		}
		if inTeam[ch.ID] != nil {
			errs.add("%s: taken twice", mw)
			continue
		}
		inTeam[ch.ID] = ch
		if ch.Tribe != team.Tribe {
			errs.add("%s: is of tribe %q, the team is %q", mw, ch.Tribe, team.Tribe)
		}
		if err := d.CheckCharacter(ch); err != nil {
			errs.add("%s: %w", mw, err)
		}
		n := m.Count
		if ch.Kind == KindHero {
			if n > 1 {
				errs.add("%s: count %d: a hero comes alone", mw, n)
			}
			n = 1
		} else if k, ok := d.Content.CohortKind(ch.Kind); ok && (n < k.MinMembers || n > k.MaxMembers) {
			errs.add("%s: count %d: a %s cohort brings %d–%d members", mw, n, ch.Kind, k.MinMembers, k.MaxMembers)
		}
		count[ch.ID] = n
		tot.Models += n
		tot.GearValue += n * ch.GearValue
	}
	// Cohorts and their heroes.
	perHero := map[string]map[string]int{}
	for _, m := range team.Members {
		ch := inTeam[m.Character]
		if ch == nil || ch.Kind == KindHero {
			continue
		}
		mw := fmt.Sprintf("%s: cohort %q", w, ch.ID)
		h := inTeam[ch.Hero]
		if h == nil {
			errs.add("%s: its hero %q is not in the team", mw, ch.Hero)
			continue
		}
		if perHero[h.ID] == nil {
			perHero[h.ID] = map[string]int{}
		}
		perHero[h.ID][ch.Kind]++
		k, ok := d.Content.CohortKind(ch.Kind)
		if !ok {
			continue
		}
		if k.MaxPerHero > 0 && perHero[h.ID][ch.Kind] == k.MaxPerHero+1 {
			errs.add("%s: hero %q leads more than %d %s cohort(s)", mw, h.ID, k.MaxPerHero, ch.Kind)
		}
		if k.HeroSkill != "" && !contains(h.Skills, k.HeroSkill) {
			errs.add("%s: a %s cohort needs its hero %q to have skill %q", mw, ch.Kind, h.ID, k.HeroSkill)
		}
	}
	// Gear that needs a cohort of the carrier.
	ids := make([]string, 0, len(inTeam))
	for id := range inTeam {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		ch := inTeam[id]
		for j, g := range ch.Gear {
			info, ok := d.Catalog.Gear(g.ID)
			if ok && info.RequiresCohort != "" && perHero[ch.ID][info.RequiresCohort] == 0 {
				errs.add("%s: character %q: gear[%d] %q needs a %s cohort of its own in the team", w, ch.ID, j, g.ID, info.RequiresCohort)
			}
		}
	}
	r := d.Content.TeamRules
	if len(team.Members) > 0 && (tot.Models < r.MinModels || tot.Models > r.MaxModels) {
		errs.add("%s: %d models: a team fields %d–%d", w, tot.Models, r.MinModels, r.MaxModels)
	}
	if tot.GearValue > limit {
		errs.add("%s: gear value %d is over the maximum of %d", w, tot.GearValue, limit)
	}
	return tot, errs.err()
}

// BuildTeam assembles a team from characters (pre-made or the player's
// own, by id; a cohort's Count is how many members come), checks it with
// Validate against limit and fills in its totals.
func BuildTeam(d Data, id, name, tribe string, members []Member, limit int) (Team, error) {
	t := Team{ID: id, Name: name, Tribe: tribe, Members: append([]Member(nil), members...)}
	tot, err := validateTeam(t, d, limit)
	if err != nil {
		return Team{}, err
	}
	t.GearValue, t.Models = tot.GearValue, tot.Models
	return t, nil
}

// CheckCatalog checks the content against the rules tables: every
// character (CheckCharacter), every tribe-exclusive and cohort-kind id,
// and every pre-made team legal under the default maximum gear value.
func (c *Content) CheckCatalog(cat Catalog) error {
	var errs errList
	d := Data{Content: c, Catalog: cat}
	if _, ok := cat.Skill(c.TeamRules.RootSkill); !ok {
		errs.add("%s: team_rules: root_skill: unknown skill id %q", TribesFile, c.TeamRules.RootSkill)
	}
	for _, k := range c.CohortKinds {
		if _, ok := cat.Skill(k.HeroSkill); k.HeroSkill != "" && !ok {
			errs.add("%s: cohort kind %q: hero_skill: unknown skill id %q", TribesFile, k.ID, k.HeroSkill)
		}
	}
	for _, t := range c.Tribes {
		for _, id := range t.ExclusiveGear {
			if _, ok := cat.Gear(id); !ok {
				errs.add("%s: tribe %q: exclusive_gear: unknown gear id %q", TribesFile, t.ID, id)
			}
		}
		for _, id := range t.ExclusiveSkills {
			if _, ok := cat.Skill(id); !ok {
				errs.add("%s: tribe %q: exclusive_skills: unknown skill id %q", TribesFile, t.ID, id)
			}
		}
	}
	for i := range c.Characters {
		if err := d.CheckCharacter(&c.Characters[i]); err != nil {
			errs = append(errs, err)
		}
	}
	for _, t := range c.Teams {
		if err := Validate(t, d, 0); err != nil {
			errs.add("%s: team %q: %w", CharactersFile, t.ID, err)
		}
	}
	return errs.err()
}

// CheckIDs checks only that every gear and skill id the content names is
// known, for when the rules tables offer an id list but no numbers.
func (c *Content) CheckIDs(gearKnown, skillKnown func(string) bool) error {
	var errs errList
	for _, ch := range c.Characters {
		w := fmt.Sprintf("%s: character %q", CharactersFile, ch.ID)
		for j, s := range ch.Skills {
			if !skillKnown(s) {
				errs.add("%s: skills[%d]: unknown skill id %q", w, j, s)
			}
		}
		for j, g := range ch.Gear {
			if !gearKnown(g.ID) {
				errs.add("%s: gear[%d]: unknown gear id %q", w, j, g.ID)
			}
		}
	}
	for _, t := range c.Tribes {
		for _, id := range t.ExclusiveGear {
			if !gearKnown(id) {
				errs.add("%s: tribe %q: exclusive_gear: unknown gear id %q", TribesFile, t.ID, id)
			}
		}
		for _, id := range t.ExclusiveSkills {
			if !skillKnown(id) {
				errs.add("%s: tribe %q: exclusive_skills: unknown skill id %q", TribesFile, t.ID, id)
			}
		}
	}
	return errs.err()
}

// MarshalRoster encodes a roster as indented JSON (for export); use
// console.Encode for the store.
func MarshalRoster(r Roster) ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("roster %q: %w", r.Owner, err)
	}
	return b, nil
}

// UnmarshalRoster decodes a roster written by MarshalRoster.
func UnmarshalRoster(b []byte) (Roster, error) {
	var r Roster
	if err := json.Unmarshal(b, &r); err != nil {
		return Roster{}, fmt.Errorf("roster: %w", err)
	}
	return r, nil
}
