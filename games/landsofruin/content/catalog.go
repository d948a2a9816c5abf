package content

import (
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
)

// Deriver is implemented by catalogs that can derive a character's
// leadership, camouflage and detection from its type, skills and gear;
// CheckCharacter then checks the stated values against them.
type Deriver interface {
	Derived(ch *Character) (leadership, camouflage, detection int, err error)
}

// ActionChecker is implemented by catalogs that know the action ids, so
// abilities naming an action can be checked.
type ActionChecker interface {
	HasAction(id string) bool
}

// RulesCatalog adapts the rules tables of games/landsofruin/rules to the
// Catalog the team builder reads; it also implements Deriver and
// ActionChecker. Innate weapons (the Rotters' attacks, frenzy) are not
// gear a character can carry and are reported unknown.
func RulesCatalog(d *rules.Data) Catalog { return rulesCatalog{d} }

type rulesCatalog struct{ d *rules.Data }

// Gear implements Catalog.
func (r rulesCatalog) Gear(id string) (GearInfo, bool) {
	d := r.d
	g := GearInfo{ID: id}
	switch d.GearKind(id) {
	case "weapon", "close-combat":
		w := d.Weapon(id)
		if w == nil || w.Innate {
			return GearInfo{}, false
		}
		g.Kind = d.GearKind(id)
		g.GearValue, g.WeightGrams, g.RequiresSkills = w.GearValue, w.WeightGrams, w.RequiresSkills
		if w.Clip != nil {
			g.ClipGearValue, g.ClipWeightGrams, g.TakesClips = w.Clip.GearValue, w.Clip.WeightGrams, true
		}
	case "armour":
		a := d.ArmourItem(id)
		g.Kind, g.GearValue, g.WeightGrams, g.RequiresSkills = "armour", a.GearValue, a.WeightGrams, a.RequiresSkills
	case "accessory":
		a := d.Accessory(id)
		g.Kind, g.GearValue, g.WeightGrams, g.RequiresSkills, g.FitsOn = "accessory", a.GearValue, a.WeightGrams, a.RequiresSkills, a.AttachesTo
	case "consumable":
		c := d.Consumable(id)
		g.Kind, g.GearValue, g.WeightGrams, g.RequiresSkills = "consumable", c.GearValue, c.WeightGrams, c.RequiresSkills
		if c.Category == "minion" {
			// Blowing up a slave spends a member of the carrier's slave cohort.
			g.RequiresCohort = KindSlave
		}
	default:
		return GearInfo{}, false
	}
	return g, true
}

// Skill implements Catalog.
func (r rulesCatalog) Skill(id string) (SkillInfo, bool) {
	s := r.d.Skill(id)
	if s == nil {
		return SkillInfo{}, false
	}
	return SkillInfo{ID: s.ID, GearValue: s.GearValue, MaxCount: s.MaxCount, Leadership: s.Leadership,
		Unlocks: s.Unlocks, Restricted: s.Restricted}, true
}

// SkillIDs implements Catalog.
func (r rulesCatalog) SkillIDs() []string {
	ids := make([]string, 0, len(r.d.Skills))
	for _, s := range r.d.Skills {
		ids = append(ids, s.ID)
	}
	return sortedCopy(ids)
}

// HasAction implements ActionChecker.
func (r rulesCatalog) HasAction(id string) bool { return r.d.Action(id) != nil }

// Derived implements Deriver with the rules package's formulas.
func (r rulesCatalog) Derived(ch *Character) (int, int, int, error) {
	l := Loadout(ch)
	camo, err := r.d.Camouflage(l)
	if err != nil {
		return 0, 0, 0, err
	}
	det := 0
	if ct := r.d.CharacterType(ch.Type); ct != nil {
		det = ct.Detection
	}
	return r.d.Leadership(l), camo, det, nil
}

// Loadout converts a character to the rules package's loadout: each item
// listed once per count, clips as ammunition.
func Loadout(ch *Character) rules.Loadout {
	l := rules.Loadout{Type: ch.Type, Skills: append([]string(nil), ch.Skills...)}
	for _, g := range ch.Gear {
		for range g.N() {
			l.Gear = append(l.Gear, g.ID)
		}
		if g.Clips > 0 {
			l.Ammo = append(l.Ammo, rules.Ammo{Weapon: g.ID, Clips: g.Clips})
		}
	}
	return l
}

// DefaultData loads the shipped content and rules tables and bundles them
// for the team builder.
func DefaultData() (Data, error) {
	c, err := Default()
	if err != nil {
		return Data{}, err
	}
	r, err := rules.Default()
	if err != nil {
		return Data{}, err
	}
	return Data{Content: c, Catalog: RulesCatalog(r)}, nil
}
