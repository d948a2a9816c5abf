package landsofruin

// This file fills the character card's view fields (tribe, weapon
// classes, role, skills, gear) and gives the GUI read-only lookups of
// static rules data (effect, item and role names), so a card is drawn
// from a View alone.

// Roles a character may have on the battlefield (rulebook "Character
// cards", Role indicator), as InferRole infers them.
const (
	RoleMedic       = "medic"
	RoleSpotter     = "spotter"
	RoleDemolitions = "demolitions"
	RoleSniper      = "sniper"
	RoleHeavy       = "heavy-weapons"
	RoleInfiltrator = "infiltrator"
	RoleSlaver      = "slaver"
	RoleBerserker   = "berserker"
)

// charRoleNames are the roles' names, in InferRole's order of precedence.
var charRoleNames = []struct{ id, name string }{
	{RoleMedic, "Medic"}, {RoleSpotter, "Artillery spotter"}, {RoleDemolitions, "Demolitions"},
	{RoleSniper, "Sniper"}, {RoleHeavy, "Heavy weapons"}, {RoleInfiltrator, "Infiltrator"},
	{RoleSlaver, "Slaver"}, {RoleBerserker, "Berserker"},
}

// InferRole infers a character's battlefield role from its skills and
// gear (rules ids): first aid makes a medic, an artillery target or strike
// a spotter, grenade throwing or grenades demolitions, sniper rifles a
// sniper, heavy weapons (an LMG, flamer, rocket launcher or bazooka) a
// heavy weapons specialist, infiltration an infiltrator; "" when none.
// The first that applies, in that order, wins.
func InferRole(skills, gear []string) string {
	rd := data().rd
	has := map[string]bool{}
	for _, s := range skills {
		has["skill:"+s] = true
	}
	for _, g := range gear {
		has["item:"+g] = true
		if w := rd.Weapon(g); w != nil {
			has["weapon:"+w.Category] = true
		}
		if c := rd.Consumable(g); c != nil {
			has["consumable:"+c.Category] = true
		}
	}
	switch {
	case has["skill:basic-first-aid"]:
		return RoleMedic
	case has["skill:artillery-target"] || has["consumable:artillery"]:
		return RoleSpotter
	case has["skill:grenade-throwing"] || has["consumable:grenade"]:
		return RoleDemolitions
	case has["skill:sniper-rifles"] || has["weapon:sniper-rifle"]:
		return RoleSniper
	case has["skill:bazooka"] || has["weapon:lmg"] || has["weapon:flame"] || has["weapon:rocket-launcher"]:
		return RoleHeavy
	case has["skill:infiltrate"]:
		return RoleInfiltrator
	case has["skill:balean-slaver"]:
		return RoleSlaver
	case has["skill:berserker-charge"]:
		return RoleBerserker
	}
	return ""
}

// RoleName is a role's name ("" for none or an unknown role).
func RoleName(role string) string {
	for _, r := range charRoleNames {
		if r.id == role {
			return r.name
		}
	}
	return ""
}

// EffectInfo is an effect's name and what it does, for a card's back.
type EffectInfo struct {
	ID          string
	Name        string
	Description string
	// Ends says when it ends.
	Ends string
}

// EffectInfoOf returns the effect with the id, or false.
func EffectInfoOf(id string) (EffectInfo, bool) {
	e := data().rd.Effect(id)
	if e == nil {
		return EffectInfo{}, false
	}
	return EffectInfo{ID: e.ID, Name: e.Name, Description: e.Description, Ends: e.Ends}, true
}

// ItemName is the name of a piece of gear (weapon, armour, accessory or
// consumable) by its rules id; the id itself when unknown.
func ItemName(id string) string {
	rd := data().rd
	switch {
	case rd.Weapon(id) != nil:
		return rd.Weapon(id).Name
	case rd.ArmourItem(id) != nil:
		return rd.ArmourItem(id).Name
	case rd.Accessory(id) != nil:
		return rd.Accessory(id).Name
	case rd.Consumable(id) != nil:
		return rd.Consumable(id).Name
	}
	return id
}

// WeaponClass is a weapon's class (its rules category: "pistol", "smg",
// "rifle", "edged" …), "" when id is not a weapon.
func WeaponClass(id string) string {
	if w := data().rd.Weapon(id); w != nil {
		return w.Category
	}
	return ""
}

// GearView is a piece of gear a character carries.
type GearView struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Kind is "weapon", "close-combat", "armour", "accessory" or
	// "consumable".
	Kind  string `json:"kind"`
	Count int    `json:"count,omitempty"`
}

// SkillView is a skill a character has.
type SkillView struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Count       int    `json:"count,omitempty"`
}

// tribeOf is player p's tribe id and name ("" when unknown).
func (g *state) tribeOf(p int) (string, string) {
	if p < 0 || p >= len(g.Players) {
		return "", ""
	}
	t, _, ok := g.teamOf(p)
	if !ok || t.Tribe == "" {
		return "", ""
	}
	name := t.Tribe
	if tr, ok := data().cont.Tribe(t.Tribe); ok {
		name = tr.Name
	}
	return t.Tribe, name
}

// weaponClasses are the classes of c's two most prominent weapons: the
// first two weapons of its gear, in the team's order (rulebook "Character
// cards": icons of the weapon class, visible to opponents).
func weaponClasses(c *character) []string {
	var out []string
	seen := map[string]bool{}
	for _, id := range c.Gear {
		if len(out) == 2 {
			break
		}
		if cl := WeaponClass(id); cl != "" && !seen[id] {
			seen[id] = true
			out = append(out, cl)
		}
	}
	return out
}

// cardPublic fills the public card fields of cv.
func (g *state) cardPublic(c *character, cv *CharView) {
	cv.Tribe, cv.TribeName = g.tribeOf(c.Owner)
	cv.WeaponClasses = weaponClasses(c)
}

// cardOwn fills the owner's card fields of own.
func cardOwn(c *character, own *OwnView) {
	rd := data().rd
	own.Role = InferRole(c.Skills, c.Gear)
	own.RoleName = RoleName(own.Role)
	idx := map[string]int{}
	for _, s := range c.Skills {
		if i, ok := idx[s]; ok {
			own.Skills[i].Count++
			continue
		}
		sv := SkillView{ID: s, Name: s, Count: 1}
		if x := rd.Skill(s); x != nil {
			sv.Name, sv.Description = x.Name, x.Description
		}
		idx[s] = len(own.Skills)
		own.Skills = append(own.Skills, sv)
	}
	for i := range own.Skills {
		if own.Skills[i].Count == 1 {
			own.Skills[i].Count = 0
		}
	}
	gi := map[string]int{}
	for _, id := range c.Gear {
		if i, ok := gi[id]; ok {
			own.Gear[i].Count = max(own.Gear[i].Count, 1) + 1
			continue
		}
		gi[id] = len(own.Gear)
		own.Gear = append(own.Gear, GearView{ID: id, Name: ItemName(id), Kind: rd.GearKind(id)})
	}
}
