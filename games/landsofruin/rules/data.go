// Package rules holds the Lands of Ruin rules data and formulas: typed tables
// loaded and validated from the JSON files of assets/landsofruin, lookups by
// id, and the game's arithmetic (action points, movement allowance, to-hit
// target numbers, range bands, damage chart resolution, suppression, morale,
// gear value and weight) as pure integer functions.
//
// Distances are integer tenths of an inch, weights integer grams,
// percentages integers. No function here rolls dice: rolls come in as
// arguments (the engine draws them from console.Dice). Section numbers in
// doc comments (§n.m) refer to the facts sheet
// ../shared/reference/landsofruin/RULES-FACTS.md; where it and the rulebook
// disagree, DECISIONS.md in this folder records which one we follow.
//
// Rules data derived from the Lands of Ruin Command Console (GPL-3).
package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/commandconsole/commandconsole/assets"
)

// File names of the tables this package reads, relative to the data folder.
const (
	FileCharacterTypes    = "character-types.json"
	FileWeapons           = "weapons.json"
	FileCloseCombat       = "closecombat.json"
	FileArmour            = "armour.json"
	FileAccessories       = "accessories.json"
	FileConsumables       = "consumables.json"
	FileSkills            = "skills.json"
	FileActions           = "actions.json"
	FileEffects           = "effects.json"
	FileDamageShooting    = "damage-shooting.json"
	FileDamageCloseCombat = "damage-closecombat.json"
	FileScenarios         = "scenarios.json"
)

// Files lists every file Load reads, in load order.
var Files = []string{
	FileCharacterTypes, FileWeapons, FileCloseCombat, FileArmour, FileAccessories,
	FileConsumables, FileSkills, FileActions, FileEffects, FileDamageShooting,
	FileDamageCloseCombat, FileScenarios,
}

// AttackKind says which kind of attack, defence or weapon something is.
type AttackKind string

// The attack kinds. Ranged and CloseCombat are player attacks; Rotter and
// Explosive are Environment hits (§4.3, §10.8).
const (
	Ranged      AttackKind = "ranged"
	CloseCombat AttackKind = "close-combat"
	Rotter      AttackKind = "rotter"
	Explosive   AttackKind = "explosive"
)

// CharacterType is a kind of character (only Human in the data): the base
// statline every character of the type starts from (§2.1).
type CharacterType struct {
	ID                 string `json:"id"`
	App                int    `json:"app,omitempty"`
	Name               string `json:"name"`
	RootSkill          string `json:"rootSkill"`
	ActionPoints       int    `json:"actionPoints"`
	MovePerAPTenths    int    `json:"movePerAPTenths"`
	Attack             int    `json:"attack"`
	CloseCombatAttack  int    `json:"closeCombatAttack"`
	Leadership         int    `json:"leadership"`
	MaxLoadGrams       int    `json:"maxLoadGrams"`
	FreeLoadPercent    int    `json:"freeLoadPercent"`
	ThrowRangeTenths   int    `json:"throwRangeTenths"`
	Detection          int    `json:"detection"`
	Camo               int    `json:"camo"`
	SuppressionDefence int    `json:"suppressionDefence"`
	RotterAggroTenths  int    `json:"rotterAggroTenths"`
	GearValue          int    `json:"gearValue"`
}

// Power is a weapon mode's attack power against each target class; every
// target is light infantry in the current rules (§4.4).
type Power struct {
	LightInfantry int `json:"lightInfantry"`
	HeavyInfantry int `json:"heavyInfantry"`
	LightArmour   int `json:"lightArmour"`
	HeavyArmour   int `json:"heavyArmour"`
}

// RangeModifiers are a ranged mode's to-hit modifiers per range band
// (positive helps).
type RangeModifiers struct {
	Short int `json:"short"`
	Mid   int `json:"mid"`
	Long  int `json:"long"`
}

// Suppression is the suppression a mode causes: Targeting to every target
// attacked, hit or miss, and Hit in addition on a hit (§7).
type Suppression struct {
	Targeting int `json:"targeting"`
	Hit       int `json:"hit"`
}

// Mode is one firing or fighting mode of a weapon.
type Mode struct {
	ID         string `json:"id"`
	App        int    `json:"app,omitempty"`
	Name       string `json:"name"`
	MaxTargets int    `json:"maxTargets"`
	Power      Power  `json:"power"`
	// Range holds the band modifiers of a ranged mode; nil for close combat.
	Range *RangeModifiers `json:"range,omitempty"`
	// Modifier is a close-combat mode's one to-hit modifier (close combat
	// always uses the short band); nil for ranged modes.
	Modifier        *int        `json:"modifier,omitempty"`
	RoundsPerAction int         `json:"roundsPerAction"`
	Noise           int         `json:"noise"`
	Suppression     Suppression `json:"suppression"`

	// Kind is Ranged or CloseCombat, set by Load from the file.
	Kind AttackKind `json:"-"`
	// Weapon is the id of the weapon the mode belongs to, set by Load.
	Weapon string `json:"-"`
}

// Clip is a weapon's ammunition unit (a clip, belt, fuel can, rocket …).
type Clip struct {
	Name        string `json:"name"`
	Rounds      int    `json:"rounds"`
	WeightGrams int    `json:"weightGrams"`
	GearValue   int    `json:"gearValue"`
}

// Weapon is a ranged or close-combat weapon with its modes. Weight, camo and
// gear value belong to the weapon, not to each mode (DECISIONS.md).
type Weapon struct {
	ID             string   `json:"id"`
	App            int      `json:"app,omitempty"`
	Name           string   `json:"name"`
	Category       string   `json:"category"`
	Innate         bool     `json:"innate,omitempty"`
	RequiresSkills []string `json:"requiresSkills,omitempty"`
	WeightGrams    int      `json:"weightGrams"`
	Camo           int      `json:"camo,omitempty"`
	GearValue      int      `json:"gearValue"`
	Clip           *Clip    `json:"clip,omitempty"`
	Modes          []Mode   `json:"modes"`

	// Kind is Ranged or CloseCombat, set by Load from the file.
	Kind AttackKind `json:"-"`
}

// Mode returns the weapon's mode with the id, or nil.
func (w *Weapon) Mode(id string) *Mode {
	for i := range w.Modes {
		if w.Modes[i].ID == id {
			return &w.Modes[i]
		}
	}
	return nil
}

// ArmourDefence is a defensive item's bonus per kind of attack.
type ArmourDefence struct {
	Shooting    int `json:"shooting"`
	CloseCombat int `json:"closeCombat"`
	Rotters     int `json:"rotters"`
	Explosives  int `json:"explosives"`
}

// Armour is a piece of defensive gear.
type Armour struct {
	ID             string        `json:"id"`
	App            int           `json:"app,omitempty"`
	Name           string        `json:"name"`
	Category       string        `json:"category"`
	RequiresSkills []string      `json:"requiresSkills"`
	Defence        ArmourDefence `json:"defence"`
	WeightGrams    int           `json:"weightGrams"`
	Camo           int           `json:"camo"`
	GearValue      int           `json:"gearValue"`
}

// Accessory is gear attached to a weapon (a bipod, a silencer).
type Accessory struct {
	ID             string   `json:"id"`
	App            int      `json:"app,omitempty"`
	Name           string   `json:"name"`
	Category       string   `json:"category"`
	RequiresSkills []string `json:"requiresSkills"`
	AttachesTo     []string `json:"attachesTo"`
	// Attack is the to-hit bonus with the weapon it is attached to, counted
	// only while the bearer has RequiresEffect (if set).
	Attack         int    `json:"attack"`
	RequiresEffect string `json:"requiresEffect,omitempty"`
	NoisePercent   int    `json:"noisePercent"`
	WeightGrams    int    `json:"weightGrams"`
	Camo           int    `json:"camo"`
	GearValue      int    `json:"gearValue"`
}

// Consumable is gear used up by an action: grenades, slaves, artillery.
type Consumable struct {
	ID                string   `json:"id"`
	App               int      `json:"app,omitempty"`
	Name              string   `json:"name"`
	Category          string   `json:"category"`
	RequiresSkills    []string `json:"requiresSkills"`
	ThrowRangePercent int      `json:"throwRangePercent,omitempty"`
	FixedRangeTenths  int      `json:"fixedRangeTenths,omitempty"`
	UnlimitedRange    bool     `json:"unlimitedRange,omitempty"`
	HitAddsEffect     string   `json:"hitAddsEffect,omitempty"`
	Power             int      `json:"power"`
	// TemplateTenths is the area's diameter in each Environment phase after
	// the throw; 0 = no area that phase, -1 = the whole map section (§10.9).
	TemplateTenths []int `json:"templateTenths"`
	Noise          int   `json:"noise"`
	Suppression    int   `json:"suppression"`
	WeightGrams    int   `json:"weightGrams"`
	Camo           int   `json:"camo"`
	GearValue      int   `json:"gearValue"`
}

// GearRequirement is what gear a skill applies to: every set field must
// match the item (§15.3).
type GearRequirement struct {
	Kind     AttackKind `json:"kind,omitempty"`
	Category string     `json:"category,omitempty"`
	Item     string     `json:"item,omitempty"`
}

// SkillKind groups skills as the reference tables do.
type SkillKind string

// The skill kinds.
const (
	ActionSkill   SkillKind = "action"
	ModifierSkill SkillKind = "modifier"
	WargearSkill  SkillKind = "wargear"
)

// Skill is an action, modifier or wargear skill.
type Skill struct {
	ID             string           `json:"id"`
	App            int              `json:"app,omitempty"`
	Name           string           `json:"name"`
	Kind           SkillKind        `json:"kind"`
	Description    string           `json:"description"`
	EnablesActions []string         `json:"enablesActions,omitempty"`
	Attack         int              `json:"attack,omitempty"`
	Defence        int              `json:"defence,omitempty"`
	Leadership     int              `json:"leadership,omitempty"`
	Unlocks        []string         `json:"unlocks,omitempty"`
	RequiresGear   *GearRequirement `json:"requiresGear,omitempty"`
	MaxCount       int              `json:"maxCount"`
	PreGameEffect  string           `json:"preGameEffect,omitempty"`
	GearValue      int              `json:"gearValue"`
	// Restricted skills come only with pre-made characters; the character
	// builder does not offer them.
	Restricted bool `json:"restricted,omitempty"`
}

// MoraleState is a team's morale status (§8.3). Larger is better; an action
// needs the team at or above its Morale.
type MoraleState int

// The morale states, with the app's codes.
const (
	Panicked MoraleState = 1
	Confused MoraleState = 2
	Normal   MoraleState = 3
)

var moraleNames = map[string]MoraleState{"any": Panicked, "panicked": Panicked, "confused": Confused, "normal": Normal}

// String names the state.
func (m MoraleState) String() string {
	switch m {
	case Panicked:
		return "panicked"
	case Confused:
		return "confused"
	case Normal:
		return "normal"
	}
	return fmt.Sprintf("morale(%d)", int(m))
}

// UnmarshalJSON reads "normal", "confused" or "any" (= also when panicked).
func (m *MoraleState) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	v, ok := moraleNames[s]
	if !ok {
		return fmt.Errorf("morale %q: want normal, confused or any", s)
	}
	*m = v
	return nil
}

// Action is something a character is assigned in the Command phase and
// performs in the Action phase (§3).
type Action struct {
	ID          string      `json:"id"`
	App         int         `json:"app,omitempty"`
	Name        string      `json:"name"`
	AP          int         `json:"ap"`
	Morale      MoraleState `json:"morale"`
	Description string      `json:"description"`
	// Attack is the kind of attack the action makes, if any.
	Attack          AttackKind `json:"attack,omitempty"`
	Aim             bool       `json:"aim,omitempty"`
	Automatic       bool       `json:"automatic,omitempty"`
	AddsSelf        []string   `json:"addsSelf,omitempty"`
	AddsFriendly    []string   `json:"addsFriendly,omitempty"`
	AddsEnemy       []string   `json:"addsEnemy,omitempty"`
	RemovesSelf     []string   `json:"removesSelf,omitempty"`
	RemovesFriendly []string   `json:"removesFriendly,omitempty"`
	RemovesEnemy    []string   `json:"removesEnemy,omitempty"`
	ClearsWounds    bool       `json:"clearsWounds,omitempty"`
	// Reveals: performing the action ends the performer's Hidden effect.
	Reveals        bool     `json:"reveals,omitempty"`
	Blocks         []string `json:"blocks,omitempty"`
	Consumes       string   `json:"consumes,omitempty"`
	RequiresCohort bool     `json:"requiresCohort,omitempty"`
	CohortAlso     bool     `json:"cohortAlso,omitempty"`
	MaxPerBattle   int      `json:"maxPerBattle,omitempty"`
	Order          int      `json:"order"`
}

// Shortcut is a team quick action: assign one action to every able
// character ("Hold the Line").
type Shortcut struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Action string `json:"action"`
}

// EffectDefence is an effect's defence change per kind of attack.
type EffectDefence struct {
	Shooting    int `json:"shooting"`
	CloseCombat int `json:"closeCombat"`
	Rotters     int `json:"rotters"`
}

// WoundModifier is an attack/defence change; Turns 0 = rest of the game.
type WoundModifier struct {
	Attack  int `json:"attack"`
	Defence int `json:"defence"`
	Turns   int `json:"turns"`
}

// Effect is a character state such as pinned or hidden (§6).
type Effect struct {
	ID          string `json:"id"`
	App         int    `json:"app,omitempty"`
	Name        string `json:"name"`
	Ends        string `json:"ends"`
	Description string `json:"description"`
	// APPercent and MovePercent change action points and movement by a
	// percentage (-100 = none left, -50 = half).
	APPercent                    int            `json:"apPercent,omitempty"`
	MovePercent                  int            `json:"movePercent,omitempty"`
	Attack                       int            `json:"attack,omitempty"`
	Defence                      EffectDefence  `json:"defence"`
	Stackable                    bool           `json:"stackable,omitempty"`
	Down                         bool           `json:"down,omitempty"`
	SuppressionResistancePercent int            `json:"suppressionResistancePercent,omitempty"`
	IgnoresWoundPenalties        bool           `json:"ignoresWoundPenalties,omitempty"`
	PerTurnModifier              *WoundModifier `json:"perTurnModifier,omitempty"`
	SelfHitPower                 int            `json:"selfHitPower,omitempty"`
}

// Effect end rules (Effect.Ends).
var effectEnds = []string{"action", "resolution", "random", "never", "turn", "two-turns"}

// DamageRow is one row of a D100 damage chart: totals From..To (To 0 on
// the last row = and above).
type DamageRow struct {
	From int `json:"from"`
	To   int `json:"to,omitempty"`
	// Public is the result every player is told; Private is the owner's.
	Public         string         `json:"public"`
	Private        string         `json:"private"`
	Detail         string         `json:"detail"`
	Modifier       *WoundModifier `json:"modifier,omitempty"`
	Effects        []string       `json:"effects,omitempty"`
	Morale         int            `json:"morale"`
	RenownPermille int            `json:"renownPermille"`
	Wound          string         `json:"wound,omitempty"`
}

// DamageChart is a D100 damage chart (§5.3).
type DamageChart struct {
	Chart string      `json:"chart"`
	Rows  []DamageRow `json:"rows"`
}

// Objective is a scenario objective (§11.3).
type Objective struct {
	ID          string `json:"id"`
	App         int    `json:"app,omitempty"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Points      int    `json:"points"`
	// MaxCount is how many times it can be scored; 0 = no limit.
	MaxCount int `json:"maxCount"`
}

// Role is a player role in a scenario (§11.2).
type Role struct {
	ID   string `json:"id"`
	App  int    `json:"app,omitempty"`
	Name string `json:"name"`
	Min  int    `json:"min"`
	// Max is the most players in the role; 0 = no limit.
	Max               int `json:"max"`
	FirstTurnPriority int `json:"firstTurnPriority"`
	// Deploy is "edge" (enter from the table edge in the first Action
	// phase) or "section" (a map section).
	Deploy        string   `json:"deploy"`
	Infiltrators  bool     `json:"infiltrators"`
	PreGameDeploy bool     `json:"preGameDeploy"`
	Objectives    []string `json:"objectives"`
	MaxGearValue  int      `json:"maxGearValue"`
}

// Scenario is a playable scenario with its roles (§11.1).
type Scenario struct {
	ID      string `json:"id"`
	App     int    `json:"app,omitempty"`
	Name    string `json:"name"`
	Summary string `json:"summary"`
	Threat  int    `json:"threat"`
	Danger  int    `json:"danger"`
	Online  bool   `json:"online"`
	// ActionPoints overrides the character type's action points; 0 = keep.
	ActionPoints int    `json:"actionPoints,omitempty"`
	Roles        []Role `json:"roles"`
}

// Role returns the scenario's role with the id, or nil.
func (s *Scenario) Role(id string) *Role {
	for i := range s.Roles {
		if s.Roles[i].ID == id {
			return &s.Roles[i]
		}
	}
	return nil
}

// Data is the whole validated rule set. Treat it as read-only.
type Data struct {
	CharacterTypes   []CharacterType
	Weapons          []Weapon // ranged
	CloseCombat      []Weapon
	Armour           []Armour
	Accessories      []Accessory
	Consumables      []Consumable
	Skills           []Skill
	Actions          []Action
	Shortcuts        []Shortcut
	Effects          []Effect
	ShootingChart    DamageChart
	CloseCombatChart DamageChart
	Objectives       []Objective
	Scenarios        []Scenario

	charTypes   map[string]*CharacterType
	weapons     map[string]*Weapon
	armour      map[string]*Armour
	accessories map[string]*Accessory
	consumables map[string]*Consumable
	skills      map[string]*Skill
	actions     map[string]*Action
	effects     map[string]*Effect
	objectives  map[string]*Objective
	scenarios   map[string]*Scenario
	gearKinds   map[string]string
}

// Lookups by id; each returns nil when the id is unknown.

// CharacterType returns the character type with the id.
func (d *Data) CharacterType(id string) *CharacterType { return d.charTypes[id] }

// Weapon returns the ranged or close-combat weapon with the id.
func (d *Data) Weapon(id string) *Weapon { return d.weapons[id] }

// Mode returns the mode of a weapon, nil if either is unknown.
func (d *Data) Mode(weapon, mode string) *Mode {
	w := d.weapons[weapon]
	if w == nil {
		return nil
	}
	return w.Mode(mode)
}

// ArmourItem returns the armour with the id.
func (d *Data) ArmourItem(id string) *Armour { return d.armour[id] }

// Accessory returns the accessory with the id.
func (d *Data) Accessory(id string) *Accessory { return d.accessories[id] }

// Consumable returns the consumable with the id.
func (d *Data) Consumable(id string) *Consumable { return d.consumables[id] }

// Skill returns the skill with the id.
func (d *Data) Skill(id string) *Skill { return d.skills[id] }

// Action returns the action with the id.
func (d *Data) Action(id string) *Action { return d.actions[id] }

// Effect returns the effect with the id.
func (d *Data) Effect(id string) *Effect { return d.effects[id] }

// Objective returns the objective with the id.
func (d *Data) Objective(id string) *Objective { return d.objectives[id] }

// Scenario returns the scenario with the id.
func (d *Data) Scenario(id string) *Scenario { return d.scenarios[id] }

// GearKind names the table a gear id belongs to ("weapon", "close-combat",
// "armour", "accessory", "consumable"), or "" if it is no gear.
func (d *Data) GearKind(id string) string { return d.gearKinds[id] }

// Chart returns the damage chart for an attack kind: ranged hits use the
// shooting chart, everything else the close-combat chart (§5.2).
func (d *Data) Chart(kind AttackKind) *DamageChart {
	if kind == Ranged {
		return &d.ShootingChart
	}
	return &d.CloseCombatChart
}

// Default loads and validates the data embedded in the binary
// (assets.LandsOfRuin, folder landsofruin).
func Default() (*Data, error) {
	sub, err := fs.Sub(assets.LandsOfRuin, "landsofruin")
	if err != nil {
		return nil, fmt.Errorf("landsofruin data: %w", err)
	}
	return Load(sub)
}

// Load reads every table of Files from fsys, decodes it strictly (unknown
// fields are errors) and validates the whole set: ids present, kebab-case
// and unique, every referenced id known, required fields set, weapon modes
// sane, damage charts covering every total from 1 up without gaps or
// overlaps. All problems found are returned joined, each naming the file,
// the item and the field.
func Load(fsys fs.FS) (*Data, error) {
	d := &Data{}
	var ctf struct {
		Source         string          `json:"source"`
		CharacterTypes []CharacterType `json:"characterTypes"`
	}
	var wf, cf struct {
		Source  string   `json:"source"`
		Weapons []Weapon `json:"weapons"`
	}
	var af struct {
		Source string   `json:"source"`
		Armour []Armour `json:"armour"`
	}
	var accf struct {
		Source      string      `json:"source"`
		Accessories []Accessory `json:"accessories"`
	}
	var conf struct {
		Source      string       `json:"source"`
		Consumables []Consumable `json:"consumables"`
	}
	var sf struct {
		Source string  `json:"source"`
		Skills []Skill `json:"skills"`
	}
	var actf struct {
		Source    string     `json:"source"`
		Actions   []Action   `json:"actions"`
		Shortcuts []Shortcut `json:"shortcuts"`
	}
	var ef struct {
		Source  string   `json:"source"`
		Effects []Effect `json:"effects"`
	}
	var dsf, dcf struct {
		Source string `json:"source"`
		DamageChart
	}
	var scf struct {
		Source     string      `json:"source"`
		Objectives []Objective `json:"objectives"`
		Scenarios  []Scenario  `json:"scenarios"`
	}
	targets := map[string]any{
		FileCharacterTypes: &ctf, FileWeapons: &wf, FileCloseCombat: &cf, FileArmour: &af,
		FileAccessories: &accf, FileConsumables: &conf, FileSkills: &sf, FileActions: &actf,
		FileEffects: &ef, FileDamageShooting: &dsf, FileDamageCloseCombat: &dcf, FileScenarios: &scf,
	}
	for _, name := range Files {
		if err := decode(fsys, name, targets[name]); err != nil {
			return nil, err
		}
	}
	d.CharacterTypes = ctf.CharacterTypes
	d.Weapons, d.CloseCombat = wf.Weapons, cf.Weapons
	d.Armour, d.Accessories, d.Consumables = af.Armour, accf.Accessories, conf.Consumables
	d.Skills, d.Actions, d.Shortcuts, d.Effects = sf.Skills, actf.Actions, actf.Shortcuts, ef.Effects
	d.ShootingChart, d.CloseCombatChart = dsf.DamageChart, dcf.DamageChart
	d.Objectives, d.Scenarios = scf.Objectives, scf.Scenarios
	v := &validator{d: d}
	v.index()
	v.validate()
	if len(v.errs) > 0 {
		return nil, errors.Join(v.errs...)
	}
	return d, nil
}

func decode(fsys fs.FS, name string, into any) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("landsofruin data: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(into); err != nil {
		return fmt.Errorf("%s: %w", path.Clean(name), describeJSONError(b, err))
	}
	if dec.More() {
		return fmt.Errorf("%s: data after the top-level object", name)
	}
	return nil
}

// describeJSONError adds a line number to syntax and type errors.
func describeJSONError(b []byte, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off < 0 || off > int64(len(b)) {
		return err
	}
	line := 1 + bytes.Count(b[:off], []byte("\n"))
	return fmt.Errorf("line %d: %w", line, err)
}

var kebab = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

type validator struct {
	d    *Data
	errs []error
}

func (v *validator) errf(file, item, field, format string, a ...any) {
	msg := fmt.Sprintf(format, a...)
	where := file
	if item != "" {
		where += ": " + item
	}
	if field != "" {
		where += ": " + field
	}
	v.errs = append(v.errs, fmt.Errorf("%s: %s", where, msg))
}

// id checks an item id and records it in seen; it reports whether the id is
// usable.
func (v *validator) id(file, kind, id string, seen map[string]string) bool {
	if id == "" {
		v.errf(file, kind+" (no id)", "id", "missing")
		return false
	}
	if !kebab.MatchString(id) {
		v.errf(file, fmt.Sprintf("%s %q", kind, id), "id", "not kebab-case (a-z, 0-9, single dashes)")
		return false
	}
	if prev, dup := seen[id]; dup {
		v.errf(file, fmt.Sprintf("%s %q", kind, id), "id", "duplicate id (also in %s)", prev)
		return false
	}
	seen[id] = file
	return true
}

func (v *validator) index() {
	d := v.d
	d.charTypes = map[string]*CharacterType{}
	d.weapons = map[string]*Weapon{}
	d.armour = map[string]*Armour{}
	d.accessories = map[string]*Accessory{}
	d.consumables = map[string]*Consumable{}
	d.skills = map[string]*Skill{}
	d.actions = map[string]*Action{}
	d.effects = map[string]*Effect{}
	d.objectives = map[string]*Objective{}
	d.scenarios = map[string]*Scenario{}
	d.gearKinds = map[string]string{}

	seen := map[string]string{}
	for i := range d.CharacterTypes {
		c := &d.CharacterTypes[i]
		if v.id(FileCharacterTypes, "character type", c.ID, seen) {
			d.charTypes[c.ID] = c
		}
	}
	gear := map[string]string{}
	for _, t := range []struct {
		file string
		list []Weapon
		kind AttackKind
	}{{FileWeapons, d.Weapons, Ranged}, {FileCloseCombat, d.CloseCombat, CloseCombat}} {
		for i := range t.list {
			w := &t.list[i]
			w.Kind = t.kind
			for j := range w.Modes {
				w.Modes[j].Kind = t.kind
				w.Modes[j].Weapon = w.ID
			}
			if v.id(t.file, "weapon", w.ID, gear) {
				d.weapons[w.ID] = w
				d.gearKinds[w.ID] = map[AttackKind]string{Ranged: "weapon", CloseCombat: "close-combat"}[t.kind]
			}
		}
	}
	for i := range d.Armour {
		a := &d.Armour[i]
		if v.id(FileArmour, "armour", a.ID, gear) {
			d.armour[a.ID] = a
			d.gearKinds[a.ID] = "armour"
		}
	}
	for i := range d.Accessories {
		a := &d.Accessories[i]
		if v.id(FileAccessories, "accessory", a.ID, gear) {
			d.accessories[a.ID] = a
			d.gearKinds[a.ID] = "accessory"
		}
	}
	for i := range d.Consumables {
		c := &d.Consumables[i]
		if v.id(FileConsumables, "consumable", c.ID, gear) {
			d.consumables[c.ID] = c
			d.gearKinds[c.ID] = "consumable"
		}
	}
	seen = map[string]string{}
	for i := range d.Skills {
		s := &d.Skills[i]
		if v.id(FileSkills, "skill", s.ID, seen) {
			d.skills[s.ID] = s
		}
	}
	seen = map[string]string{}
	for i := range d.Actions {
		a := &d.Actions[i]
		if v.id(FileActions, "action", a.ID, seen) {
			d.actions[a.ID] = a
		}
	}
	seen = map[string]string{}
	for i := range d.Shortcuts {
		v.id(FileActions, "shortcut", d.Shortcuts[i].ID, seen)
	}
	seen = map[string]string{}
	for i := range d.Effects {
		e := &d.Effects[i]
		if v.id(FileEffects, "effect", e.ID, seen) {
			d.effects[e.ID] = e
		}
	}
	seen = map[string]string{}
	for i := range d.Objectives {
		o := &d.Objectives[i]
		if v.id(FileScenarios, "objective", o.ID, seen) {
			d.objectives[o.ID] = o
		}
	}
	seen = map[string]string{}
	for i := range d.Scenarios {
		s := &d.Scenarios[i]
		if v.id(FileScenarios, "scenario", s.ID, seen) {
			d.scenarios[s.ID] = s
		}
	}
}

func (v *validator) refs(file, item, field string, ids []string, known func(string) bool, what string) {
	seen := map[string]bool{}
	for _, id := range ids {
		if !known(id) {
			v.errf(file, item, field, "unknown %s %q", what, id)
		}
		if seen[id] {
			v.errf(file, item, field, "%s %q listed twice", what, id)
		}
		seen[id] = true
	}
}

func (v *validator) isSkill(id string) bool  { return v.d.skills[id] != nil }
func (v *validator) isEffect(id string) bool { return v.d.effects[id] != nil }
func (v *validator) isAction(id string) bool { return v.d.actions[id] != nil }

func (v *validator) name(file, item, name string) {
	if strings.TrimSpace(name) == "" {
		v.errf(file, item, "name", "missing")
	}
}

func (v *validator) nonNegative(file, item string, fields map[string]int) {
	for _, k := range sortedKeys(fields) {
		if fields[k] < 0 {
			v.errf(file, item, k, "must not be negative, got %d", fields[k])
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (v *validator) validate() {
	d := v.d
	if len(d.CharacterTypes) == 0 {
		v.errf(FileCharacterTypes, "", "characterTypes", "no character types")
	}
	for i := range d.CharacterTypes {
		c := &d.CharacterTypes[i]
		item := fmt.Sprintf("character type %q", c.ID)
		v.name(FileCharacterTypes, item, c.Name)
		if !v.isSkill(c.RootSkill) {
			v.errf(FileCharacterTypes, item, "rootSkill", "unknown skill %q", c.RootSkill)
		}
		for _, f := range []struct {
			n string
			x int
		}{{"actionPoints", c.ActionPoints}, {"movePerAPTenths", c.MovePerAPTenths}, {"attack", c.Attack},
			{"closeCombatAttack", c.CloseCombatAttack}, {"maxLoadGrams", c.MaxLoadGrams}} {
			if f.x <= 0 {
				v.errf(FileCharacterTypes, item, f.n, "must be positive, got %d", f.x)
			}
		}
		if c.FreeLoadPercent < 0 || c.FreeLoadPercent > 100 {
			v.errf(FileCharacterTypes, item, "freeLoadPercent", "must be 0..100, got %d", c.FreeLoadPercent)
		}
	}
	for _, t := range []struct {
		file string
		list []Weapon
	}{{FileWeapons, d.Weapons}, {FileCloseCombat, d.CloseCombat}} {
		for i := range t.list {
			v.weapon(t.file, &t.list[i])
		}
	}
	for i := range d.Armour {
		a := &d.Armour[i]
		item := fmt.Sprintf("armour %q", a.ID)
		v.name(FileArmour, item, a.Name)
		v.requiredSkills(FileArmour, item, a.RequiresSkills)
		v.nonNegative(FileArmour, item, map[string]int{"weightGrams": a.WeightGrams, "gearValue": a.GearValue})
	}
	for i := range d.Accessories {
		a := &d.Accessories[i]
		item := fmt.Sprintf("accessory %q", a.ID)
		v.name(FileAccessories, item, a.Name)
		v.requiredSkills(FileAccessories, item, a.RequiresSkills)
		if len(a.AttachesTo) == 0 {
			v.errf(FileAccessories, item, "attachesTo", "missing")
		}
		v.refs(FileAccessories, item, "attachesTo", a.AttachesTo, func(id string) bool { return d.weapons[id] != nil }, "weapon")
		if a.RequiresEffect != "" && !v.isEffect(a.RequiresEffect) {
			v.errf(FileAccessories, item, "requiresEffect", "unknown effect %q", a.RequiresEffect)
		}
		if a.NoisePercent < -100 {
			v.errf(FileAccessories, item, "noisePercent", "below -100, got %d", a.NoisePercent)
		}
		v.nonNegative(FileAccessories, item, map[string]int{"weightGrams": a.WeightGrams, "gearValue": a.GearValue})
	}
	for i := range d.Consumables {
		c := &d.Consumables[i]
		item := fmt.Sprintf("consumable %q", c.ID)
		v.name(FileConsumables, item, c.Name)
		v.requiredSkills(FileConsumables, item, c.RequiresSkills)
		if c.Category == "" {
			v.errf(FileConsumables, item, "category", "missing")
		}
		if len(c.TemplateTenths) == 0 {
			v.errf(FileConsumables, item, "templateTenths", "missing")
		}
		for j, t := range c.TemplateTenths {
			if t < -1 {
				v.errf(FileConsumables, item, fmt.Sprintf("templateTenths[%d]", j), "want -1 (whole section), 0 or a diameter, got %d", t)
			}
		}
		if c.HitAddsEffect != "" && !v.isEffect(c.HitAddsEffect) {
			v.errf(FileConsumables, item, "hitAddsEffect", "unknown effect %q", c.HitAddsEffect)
		}
		if c.ThrowRangePercent == 0 && c.FixedRangeTenths == 0 && !c.UnlimitedRange {
			v.errf(FileConsumables, item, "throwRangePercent", "no range: set throwRangePercent, fixedRangeTenths or unlimitedRange")
		}
		if c.Suppression < 0 || c.Suppression > 100 {
			v.errf(FileConsumables, item, "suppression", "must be 0..100, got %d", c.Suppression)
		}
		v.nonNegative(FileConsumables, item, map[string]int{"weightGrams": c.WeightGrams, "gearValue": c.GearValue, "noise": c.Noise, "power": c.Power})
	}
	v.skillsValid()
	v.actionsValid()
	for i := range d.Effects {
		e := &d.Effects[i]
		item := fmt.Sprintf("effect %q", e.ID)
		v.name(FileEffects, item, e.Name)
		if !contains(effectEnds, e.Ends) {
			v.errf(FileEffects, item, "ends", "%q is not one of %s", e.Ends, strings.Join(effectEnds, ", "))
		}
		for _, f := range []struct {
			n string
			x int
		}{{"apPercent", e.APPercent}, {"movePercent", e.MovePercent}} {
			if f.x < -100 || f.x > 100 {
				v.errf(FileEffects, item, f.n, "must be -100..100, got %d", f.x)
			}
		}
		if e.SuppressionResistancePercent < 0 || e.SuppressionResistancePercent > 100 {
			v.errf(FileEffects, item, "suppressionResistancePercent", "must be 0..100, got %d", e.SuppressionResistancePercent)
		}
	}
	v.chart(FileDamageShooting, "shooting", &d.ShootingChart)
	v.chart(FileDamageCloseCombat, "close-combat", &d.CloseCombatChart)
	for i := range d.Objectives {
		o := &d.Objectives[i]
		item := fmt.Sprintf("objective %q", o.ID)
		v.name(FileScenarios, item, o.Name)
		v.nonNegative(FileScenarios, item, map[string]int{"points": o.Points, "maxCount": o.MaxCount})
	}
	if len(d.Scenarios) == 0 {
		v.errf(FileScenarios, "", "scenarios", "no scenarios")
	}
	for i := range d.Scenarios {
		v.scenario(&d.Scenarios[i])
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (v *validator) requiredSkills(file, item string, ids []string) {
	v.refs(file, item, "requiresSkills", ids, v.isSkill, "skill")
}

func (v *validator) weapon(file string, w *Weapon) {
	item := fmt.Sprintf("weapon %q", w.ID)
	v.name(file, item, w.Name)
	if w.Category == "" {
		v.errf(file, item, "category", "missing")
	}
	if !w.Innate && len(w.RequiresSkills) == 0 {
		v.errf(file, item, "requiresSkills", "missing (only innate weapons need no skill)")
	}
	v.requiredSkills(file, item, w.RequiresSkills)
	v.nonNegative(file, item, map[string]int{"weightGrams": w.WeightGrams, "gearValue": w.GearValue})
	if w.Clip != nil {
		if w.Clip.Rounds <= 0 {
			v.errf(file, item, "clip.rounds", "must be positive, got %d", w.Clip.Rounds)
		}
		v.nonNegative(file, item, map[string]int{"clip.weightGrams": w.Clip.WeightGrams, "clip.gearValue": w.Clip.GearValue})
	}
	if len(w.Modes) == 0 {
		v.errf(file, item, "modes", "missing: a weapon needs at least one mode")
	}
	seen := map[string]string{}
	for j := range w.Modes {
		m := &w.Modes[j]
		if !v.id(file, item+" mode", m.ID, seen) {
			continue
		}
		mi := fmt.Sprintf("%s mode %q", item, m.ID)
		v.name(file, mi, m.Name)
		if m.MaxTargets < 1 {
			v.errf(file, mi, "maxTargets", "must be at least 1, got %d", m.MaxTargets)
		}
		if m.RoundsPerAction < 0 {
			v.errf(file, mi, "roundsPerAction", "must not be negative, got %d", m.RoundsPerAction)
		}
		if m.RoundsPerAction > 0 {
			if w.Clip == nil {
				v.errf(file, mi, "roundsPerAction", "uses %d rounds but the weapon has no clip", m.RoundsPerAction)
			} else if m.RoundsPerAction > w.Clip.Rounds*maxClips {
				v.errf(file, mi, "roundsPerAction", "%d rounds exceed what %d clips hold", m.RoundsPerAction, maxClips)
			}
		}
		if m.Noise < 0 {
			v.errf(file, mi, "noise", "must not be negative, got %d", m.Noise)
		}
		for _, s := range []struct {
			n string
			x int
		}{{"suppression.targeting", m.Suppression.Targeting}, {"suppression.hit", m.Suppression.Hit}} {
			if s.x < 0 || s.x > 100 {
				v.errf(file, mi, s.n, "must be 0..100, got %d", s.x)
			}
		}
		if !w.Innate && m.Power.LightInfantry < 0 {
			v.errf(file, mi, "power.lightInfantry", "must not be negative, got %d", m.Power.LightInfantry)
		}
		switch w.Kind {
		case Ranged:
			if m.Range == nil {
				v.errf(file, mi, "range", "missing: a ranged mode needs short, mid and long modifiers")
			}
			if m.Modifier != nil {
				v.errf(file, mi, "modifier", "a ranged mode takes range, not modifier")
			}
		case CloseCombat:
			if m.Modifier == nil {
				v.errf(file, mi, "modifier", "missing: a close-combat mode needs its modifier")
			}
			if m.Range != nil {
				v.errf(file, mi, "range", "a close-combat mode takes modifier, not range")
			}
		}
	}
}

// maxClips bounds how many clips one mode may need per action (sanity).
const maxClips = 2

func (v *validator) skillsValid() {
	d := v.d
	unlocked := map[string]bool{}
	for _, c := range d.CharacterTypes {
		unlocked[c.RootSkill] = true
	}
	for i := range d.Skills {
		for _, u := range d.Skills[i].Unlocks {
			unlocked[u] = true
		}
	}
	for i := range d.Skills {
		s := &d.Skills[i]
		item := fmt.Sprintf("skill %q", s.ID)
		v.name(FileSkills, item, s.Name)
		switch s.Kind {
		case ActionSkill, ModifierSkill, WargearSkill:
		default:
			v.errf(FileSkills, item, "kind", "%q is not action, modifier or wargear", s.Kind)
		}
		if s.MaxCount < 1 {
			v.errf(FileSkills, item, "maxCount", "must be at least 1, got %d", s.MaxCount)
		}
		v.refs(FileSkills, item, "enablesActions", s.EnablesActions, v.isAction, "action")
		v.refs(FileSkills, item, "unlocks", s.Unlocks, v.isSkill, "skill")
		if contains(s.Unlocks, s.ID) {
			v.errf(FileSkills, item, "unlocks", "a skill cannot unlock itself")
		}
		if s.PreGameEffect != "" && !v.isEffect(s.PreGameEffect) {
			v.errf(FileSkills, item, "preGameEffect", "unknown effect %q", s.PreGameEffect)
		}
		if r := s.RequiresGear; r != nil {
			if r.Kind == "" && r.Category == "" && r.Item == "" {
				v.errf(FileSkills, item, "requiresGear", "empty: set kind, category or item, or leave it out")
			}
			if r.Kind != "" && r.Kind != Ranged && r.Kind != CloseCombat {
				v.errf(FileSkills, item, "requiresGear.kind", "%q is not ranged or close-combat", r.Kind)
			}
			if r.Item != "" && d.gearKinds[r.Item] == "" {
				v.errf(FileSkills, item, "requiresGear.item", "unknown gear %q", r.Item)
			}
		}
		if s.GearValue < 0 {
			v.errf(FileSkills, item, "gearValue", "must not be negative, got %d", s.GearValue)
		}
		if !s.Restricted && !unlocked[s.ID] {
			v.errf(FileSkills, item, "restricted", "no skill unlocks it and it is not a root skill: unlock it or mark it restricted")
		}
	}
}

func (v *validator) actionsValid() {
	d := v.d
	for i := range d.Actions {
		a := &d.Actions[i]
		item := fmt.Sprintf("action %q", a.ID)
		v.name(FileActions, item, a.Name)
		if a.AP < 0 {
			v.errf(FileActions, item, "ap", "must not be negative, got %d", a.AP)
		}
		if a.Morale == 0 {
			v.errf(FileActions, item, "morale", "missing (normal, confused or any)")
		}
		if a.Attack != "" && a.Attack != Ranged && a.Attack != CloseCombat {
			v.errf(FileActions, item, "attack", "%q is not ranged or close-combat", a.Attack)
		}
		if a.Aim && a.Attack != Ranged {
			v.errf(FileActions, item, "aim", "only a ranged attack can aim")
		}
		for _, f := range []struct {
			n   string
			ids []string
		}{{"addsSelf", a.AddsSelf}, {"addsFriendly", a.AddsFriendly}, {"addsEnemy", a.AddsEnemy},
			{"removesSelf", a.RemovesSelf}, {"removesFriendly", a.RemovesFriendly}, {"removesEnemy", a.RemovesEnemy}} {
			v.refs(FileActions, item, f.n, f.ids, v.isEffect, "effect")
		}
		v.refs(FileActions, item, "blocks", a.Blocks, v.isAction, "action")
		if contains(a.Blocks, a.ID) {
			v.errf(FileActions, item, "blocks", "an action cannot block itself")
		}
		if a.MaxPerBattle < 0 {
			v.errf(FileActions, item, "maxPerBattle", "must not be negative, got %d", a.MaxPerBattle)
		}
	}
	for i := range d.Shortcuts {
		s := &d.Shortcuts[i]
		item := fmt.Sprintf("shortcut %q", s.ID)
		v.name(FileActions, item, s.Name)
		if !v.isAction(s.Action) {
			v.errf(FileActions, item, "action", "unknown action %q", s.Action)
		}
	}
}

// chart checks that the rows cover every total from 1 upwards, in order,
// without gaps or overlaps, the last row open-ended (§5.3: totals above 100
// read the last row).
func (v *validator) chart(file, want string, c *DamageChart) {
	if c.Chart != want {
		v.errf(file, "", "chart", "want %q, got %q", want, c.Chart)
	}
	if len(c.Rows) == 0 {
		v.errf(file, "", "rows", "missing")
		return
	}
	next := 1
	for i := range c.Rows {
		r := &c.Rows[i]
		item := fmt.Sprintf("row %d (from %d)", i+1, r.From)
		last := i == len(c.Rows)-1
		if r.From != next {
			if r.From > next {
				v.errf(file, item, "from", "gap: totals %d..%d are in no row", next, r.From-1)
			} else {
				v.errf(file, item, "from", "overlap: total %d is already in an earlier row", r.From)
			}
		}
		switch {
		case last && r.To != 0:
			v.errf(file, item, "to", "the last row must be open-ended (no to), got %d", r.To)
		case !last && r.To == 0:
			v.errf(file, item, "to", "missing: only the last row is open-ended")
		case !last && r.To < r.From:
			v.errf(file, item, "to", "%d is below from %d", r.To, r.From)
		}
		if last && r.From > 100 {
			v.errf(file, item, "from", "the chart must cover 1..100, last row starts at %d", r.From)
		}
		next = r.To + 1
		if r.Public == "" {
			v.errf(file, item, "public", "missing")
		}
		if r.Private == "" {
			v.errf(file, item, "private", "missing")
		}
		if r.Detail == "" {
			v.errf(file, item, "detail", "missing")
		}
		if r.Morale < 0 {
			v.errf(file, item, "morale", "must not be negative, got %d", r.Morale)
		}
		if r.Modifier != nil && r.Modifier.Turns < 0 {
			v.errf(file, item, "modifier.turns", "must not be negative, got %d", r.Modifier.Turns)
		}
		v.refs(file, item, "effects", r.Effects, v.isEffect, "effect")
	}
}

func (v *validator) scenario(s *Scenario) {
	item := fmt.Sprintf("scenario %q", s.ID)
	v.name(FileScenarios, item, s.Name)
	if s.Threat < 0 || s.Threat > MaxThreat {
		v.errf(FileScenarios, item, "threat", "must be 0..%d, got %d", MaxThreat, s.Threat)
	}
	if s.Danger < 0 || s.Danger > 100 {
		v.errf(FileScenarios, item, "danger", "must be 0..100, got %d", s.Danger)
	}
	if s.ActionPoints < 0 {
		v.errf(FileScenarios, item, "actionPoints", "must not be negative, got %d", s.ActionPoints)
	}
	if len(s.Roles) == 0 {
		v.errf(FileScenarios, item, "roles", "missing: a scenario needs at least one role")
	}
	seen := map[string]string{}
	for i := range s.Roles {
		r := &s.Roles[i]
		if !v.id(FileScenarios, item+" role", r.ID, seen) {
			continue
		}
		ri := fmt.Sprintf("%s role %q", item, r.ID)
		v.name(FileScenarios, ri, r.Name)
		if r.Min < 0 {
			v.errf(FileScenarios, ri, "min", "must not be negative, got %d", r.Min)
		}
		if r.Max != 0 && r.Max < r.Min {
			v.errf(FileScenarios, ri, "max", "%d is below min %d", r.Max, r.Min)
		}
		if r.Deploy != "edge" && r.Deploy != "section" {
			v.errf(FileScenarios, ri, "deploy", "%q is not edge or section", r.Deploy)
		}
		if r.MaxGearValue <= 0 {
			v.errf(FileScenarios, ri, "maxGearValue", "must be positive, got %d", r.MaxGearValue)
		}
		v.refs(FileScenarios, ri, "objectives", r.Objectives, func(id string) bool { return v.d.objectives[id] != nil }, "objective")
	}
}
