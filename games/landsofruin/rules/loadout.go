package rules

import (
	"errors"
	"fmt"
	"sort"
)

// Loadout is what one character brings: its type, skills (a skill taken n
// times is listed n times), gear ids and ammunition.
type Loadout struct {
	Type   string
	Skills []string
	// Gear lists weapons, armour, accessories and consumables by id; a
	// consumable carried twice is listed twice.
	Gear []string
	// Ammo is the clips bought per weapon.
	Ammo []Ammo
}

// Ammo is a number of clips for a weapon of the loadout.
type Ammo struct {
	Weapon string
	Clips  int
}

// Rounds is the ammunition in rounds that clips of a weapon hold
// (§2.5: ammo is stored in rounds, clips × clip size).
func (w *Weapon) Rounds(clips int) int {
	if w.Clip == nil || clips <= 0 {
		return 0
	}
	return clips * w.Clip.Rounds
}

type gearItem struct {
	weight, value, camo int
}

func (d *Data) gearItem(id string) (gearItem, error) {
	switch d.gearKinds[id] {
	case "weapon", "close-combat":
		w := d.weapons[id]
		return gearItem{w.WeightGrams, w.GearValue, -w.Camo}, nil
	case "armour":
		a := d.armour[id]
		return gearItem{a.WeightGrams, a.GearValue, a.Camo}, nil
	case "accessory":
		a := d.accessories[id]
		return gearItem{a.WeightGrams, a.GearValue, a.Camo}, nil
	case "consumable":
		c := d.consumables[id]
		return gearItem{c.WeightGrams, c.GearValue, c.Camo}, nil
	}
	return gearItem{}, fmt.Errorf("unknown gear %q", id)
}

func (d *Data) ammoWeapon(a Ammo) (*Weapon, error) {
	w := d.weapons[a.Weapon]
	if w == nil {
		return nil, fmt.Errorf("ammo for unknown weapon %q", a.Weapon)
	}
	if w.Clip == nil {
		return nil, fmt.Errorf("ammo for %q, which takes none", a.Weapon)
	}
	if a.Clips < 0 {
		return nil, fmt.Errorf("ammo for %q: %d clips", a.Weapon, a.Clips)
	}
	return w, nil
}

// GearValue is a character's gear value (§2.6): every gear item's value
// (each weapon once, whatever its modes), each clip's value, and every skill
// copy's value. The character type's own value is not added.
func (d *Data) GearValue(l Loadout) (int, error) {
	total := 0
	for _, id := range l.Gear {
		g, err := d.gearItem(id)
		if err != nil {
			return 0, err
		}
		total += g.value
	}
	for _, a := range l.Ammo {
		w, err := d.ammoWeapon(a)
		if err != nil {
			return 0, err
		}
		total += a.Clips * w.Clip.GearValue
	}
	for _, id := range l.Skills {
		s := d.skills[id]
		if s == nil {
			return 0, fmt.Errorf("unknown skill %q", id)
		}
		total += s.GearValue
	}
	return total, nil
}

// CarriedWeight is the grams a character carries (§2.5): every gear item
// once (a weapon once, not per mode) plus its clips.
func (d *Data) CarriedWeight(l Loadout) (int, error) {
	total := 0
	for _, id := range l.Gear {
		g, err := d.gearItem(id)
		if err != nil {
			return 0, err
		}
		total += g.weight
	}
	for _, a := range l.Ammo {
		w, err := d.ammoWeapon(a)
		if err != nil {
			return 0, err
		}
		total += a.Clips * w.Clip.WeightGrams
	}
	return total, nil
}

// Camouflage is a character's camo rating (§2.2, rulebook "Automatic
// detection"): the type's camo plus armour, accessory and consumable camo,
// minus each weapon's camo figure (bulky weapons give the bearer away;
// counted once per weapon, DECISIONS.md).
func (d *Data) Camouflage(l Loadout) (int, error) {
	ct := d.charTypes[l.Type]
	if ct == nil {
		return 0, fmt.Errorf("unknown character type %q", l.Type)
	}
	total := ct.Camo
	for _, id := range l.Gear {
		g, err := d.gearItem(id)
		if err != nil {
			return 0, err
		}
		total += g.camo
	}
	return total, nil
}

// Leadership is a character's leadership: the type's plus every skill
// copy's bonus (§2.2).
func (d *Data) Leadership(l Loadout) int {
	ld := 0
	if ct := d.charTypes[l.Type]; ct != nil {
		ld = ct.Leadership
	}
	for _, id := range l.Skills {
		if s := d.skills[id]; s != nil {
			ld += s.Leadership
		}
	}
	return ld
}

// Matches reports whether a gear item satisfies a skill's gear requirement
// (§15.3): every set field must match. A nil requirement matches anything.
func (d *Data) Matches(r *GearRequirement, gearID string) bool {
	if r == nil {
		return true
	}
	if r.Item != "" && r.Item != gearID {
		return false
	}
	kind, category := AttackKind(""), ""
	switch d.gearKinds[gearID] {
	case "weapon", "close-combat":
		w := d.weapons[gearID]
		kind, category = w.Kind, w.Category
	case "armour":
		category = d.armour[gearID].Category
	case "accessory":
		category = d.accessories[gearID].Category
	case "consumable":
		category = d.consumables[gearID].Category
	default:
		return false
	}
	if r.Kind != "" && r.Kind != kind {
		return false
	}
	return r.Category == "" || r.Category == category
}

// SkillAttackBonus is the to-hit bonus of a character's skills with a weapon
// (§4.2): every skill copy whose gear requirement matches the weapon.
func (d *Data) SkillAttackBonus(skills []string, weaponID string) int {
	bonus := 0
	for _, id := range skills {
		s := d.skills[id]
		if s == nil || s.Attack == 0 || s.RequiresGear == nil {
			continue
		}
		if d.Matches(s.RequiresGear, weaponID) {
			bonus += s.Attack
		}
	}
	return bonus
}

// AccessoryAttackBonus is the to-hit bonus of carried accessories attached
// to a weapon (§4.2): one that needs an effect (a bipod needs a deployed
// weapon) counts only while the bearer has it.
func (d *Data) AccessoryAttackBonus(gear []string, weaponID string, effects []string) int {
	bonus := 0
	for _, id := range gear {
		a := d.accessories[id]
		if a == nil || !contains(a.AttachesTo, weaponID) || !contains(gear, weaponID) {
			continue
		}
		if a.RequiresEffect != "" && !contains(effects, a.RequiresEffect) {
			continue
		}
		bonus += a.Attack
	}
	return bonus
}

// DefenceInput is the target's side of a defence calculation.
type DefenceInput struct {
	// Against is the kind of attack.
	Against AttackKind
	// Armour lists the target's gear ids (non-armour ids are ignored).
	Gear []string
	// Skills and Effects are the target's skill copies and active effects.
	Skills  []string
	Effects []string
	// UnspentAP is the target's unspent-AP defence pool.
	UnspentAP int
	// Wounds is the sum of the target's active wound modifiers' defence
	// parts (negative).
	Wounds int
}

// Defence is a target's defence, added to the attacker's target number
// (§4.3): wounds + defence skills + 1 per 5 unspent APs, plus armour and
// effects for the kind of attack. Against explosives only armour counts.
// Effects add their close-combat defence like the others (DECISIONS.md).
// Cover is not included: pass it to TargetNumber.
func (d *Data) Defence(in DefenceInput) (int, error) {
	armour := 0
	for _, id := range in.Gear {
		a := d.armour[id]
		if a == nil {
			continue
		}
		switch in.Against {
		case Ranged:
			armour += a.Defence.Shooting
		case CloseCombat:
			armour += a.Defence.CloseCombat
		case Rotter:
			armour += a.Defence.Rotters
		case Explosive:
			armour += a.Defence.Explosives
		}
	}
	if in.Against == Explosive {
		return armour, nil
	}
	total := in.Wounds + DefenceFromUnspentAP(in.UnspentAP) + armour
	for _, id := range in.Skills {
		s := d.skills[id]
		if s == nil {
			return 0, fmt.Errorf("unknown skill %q", id)
		}
		total += s.Defence
	}
	for _, id := range in.Effects {
		e := d.effects[id]
		if e == nil {
			return 0, fmt.Errorf("unknown effect %q", id)
		}
		switch in.Against {
		case Ranged:
			total += e.Defence.Shooting
		case CloseCombat:
			total += e.Defence.CloseCombat
		case Rotter:
			total += e.Defence.Rotters
		default:
			return 0, fmt.Errorf("unknown attack kind %q", in.Against)
		}
	}
	return total, nil
}

// CheckOptions tune CheckLoadout.
type CheckOptions struct {
	// AllowRestricted admits restricted skills (pre-made characters).
	AllowRestricted bool
}

// CheckLoadout checks a character against the rules of the character
// builder (§2.6, §15.3): a known type; known skills, each the type's root
// skill or unlocked by another skill held, at most its max count, no
// restricted skill unless allowed; known gear, each item's required skills
// held; accessories attached to a weapon carried; ammo only for carried
// weapons. All problems are returned joined.
func (d *Data) CheckLoadout(l Loadout, opts CheckOptions) error {
	var errs []error
	ct := d.charTypes[l.Type]
	if ct == nil {
		return fmt.Errorf("unknown character type %q", l.Type)
	}
	count := map[string]int{}
	for _, id := range l.Skills {
		if d.skills[id] == nil {
			errs = append(errs, fmt.Errorf("unknown skill %q", id))
			continue
		}
		count[id]++
	}
	for _, id := range sortedKeys(count) {
		s := d.skills[id]
		if count[id] > s.MaxCount {
			errs = append(errs, fmt.Errorf("skill %q taken %d times: at most %d", id, count[id], s.MaxCount))
		}
		if s.Restricted && !opts.AllowRestricted {
			errs = append(errs, fmt.Errorf("skill %q comes only with pre-made characters", id))
			continue
		}
		if id == ct.RootSkill {
			continue
		}
		unlocked := false
		for _, other := range sortedKeys(count) {
			if o := d.skills[other]; other != id && contains(o.Unlocks, id) {
				unlocked = true
				break
			}
		}
		if !unlocked && !s.Restricted {
			errs = append(errs, fmt.Errorf("skill %q needs one of: %s", id, joinQuoted(d.unlockedBy(id))))
		}
	}
	carried := map[string]bool{}
	for _, id := range l.Gear {
		carried[id] = true
	}
	for _, id := range l.Gear {
		var req []string
		switch d.gearKinds[id] {
		case "weapon", "close-combat":
			w := d.weapons[id]
			if w.Innate {
				errs = append(errs, fmt.Errorf("%q is not gear a character can carry", id))
			}
			req = w.RequiresSkills
		case "armour":
			req = d.armour[id].RequiresSkills
		case "accessory":
			a := d.accessories[id]
			req = a.RequiresSkills
			on := false
			for _, w := range a.AttachesTo {
				on = on || carried[w]
			}
			if !on {
				errs = append(errs, fmt.Errorf("accessory %q fits only %s, none carried", id, joinQuoted(a.AttachesTo)))
			}
		case "consumable":
			req = d.consumables[id].RequiresSkills
		default:
			errs = append(errs, fmt.Errorf("unknown gear %q", id))
			continue
		}
		for _, s := range req {
			if count[s] == 0 {
				errs = append(errs, fmt.Errorf("gear %q needs skill %q", id, s))
			}
		}
	}
	for _, a := range l.Ammo {
		if _, err := d.ammoWeapon(a); err != nil {
			errs = append(errs, err)
		} else if !carried[a.Weapon] {
			errs = append(errs, fmt.Errorf("ammo for %q, which is not carried", a.Weapon))
		}
	}
	return errors.Join(errs...)
}

func (d *Data) unlockedBy(id string) []string {
	var by []string
	for i := range d.Skills {
		if contains(d.Skills[i].Unlocks, id) {
			by = append(by, d.Skills[i].ID)
		}
	}
	return by
}

func joinQuoted(ids []string) string {
	if len(ids) == 0 {
		return "(nothing)"
	}
	s := ""
	for i, id := range ids {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%q", id)
	}
	return s
}

// AvailableActions lists the actions a loadout's skills enable, sorted by
// the actions' list order then id (§3.2). A skill with a gear requirement
// enables its actions only while a carried item matches it (a bipod skill
// needs the bipod). Morale, AP and effect checks are the engine's.
func (d *Data) AvailableActions(l Loadout) []string {
	set := map[string]bool{}
	for _, id := range l.Skills {
		s := d.skills[id]
		if s == nil || len(s.EnablesActions) == 0 {
			continue
		}
		ok := s.RequiresGear == nil
		for _, g := range l.Gear {
			ok = ok || d.Matches(s.RequiresGear, g)
		}
		if !ok {
			continue
		}
		for _, a := range s.EnablesActions {
			set[a] = true
		}
	}
	out := sortedKeys(set)
	sort.SliceStable(out, func(i, j int) bool { return d.actions[out[i]].Order < d.actions[out[j]].Order })
	return out
}
