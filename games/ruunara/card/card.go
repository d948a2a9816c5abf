// Package card is the card data of Ruunara: The Darkest Path (SPEC.md §2,
// reference/ruunara): the unit card and its abilities as the engine reads
// them, the dice and distance notation of the cards, the units.json record
// format (DecodeRecords, EncodeRecords), the card editor's command form
// (DefineFields, DefineAbility, RU-D59), the checks made before a card is
// fielded (CheckField, CheckRace, RU-D9, RU-D63b, RU-D16) and the shipped
// data of assets/ruunara (Load).
//
// The rulebook prints no statline (RU-D9): the shipped cards are the three
// partial records the text allows, with nulls, and the players complete
// them in the card editor. Distances are rn.Ticks, tenths of an inch
// (RU-D1); every conversion is integer arithmetic so that a host and a
// tablet agree to the tick.
package card

import (
	"fmt"
	"regexp"
	"slices"

	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// Factions of a card (l. 114–120).
const (
	Ally    = "ally"
	Enemy   = "enemy"
	Neutral = "neutral"
)

// Races are the ids of the three playable races, in the rulebook's order
// (RU-F1, RU-F2).
var Races = []string{"ardann", "kangara", "sanbari"}

// raceNames are the display names of Races, index for index.
var raceNames = []string{"Ardann", "Kangara", "Sanbari"}

// RaceName returns the display name of a race id ("sanbari" → "Sanbari"),
// or the id itself when it is not one of Races.
func RaceName(id string) string {
	if i := slices.Index(Races, id); i >= 0 {
		return raceNames[i]
	}
	return id
}

// Ability kinds (l. 345–355, RU-D10).
const (
	Skill = "skill"
	Spell = "spell"
)

// Cycle periods (l. 409–411, l. 354, RU-D10).
const (
	PerFight    = "fight"
	PerGame     = "game"
	PerTurn     = "turn"
	PerConstant = "constant"
)

// Phases of a turn an ability may be used in (l. 179–184, RU-D13).
const (
	PhaseTactical = "tactical"
	PhaseMovement = "movement"
	PhaseCombat   = "combat"
)

// Effect types the app applies (RU-D14).
const (
	EffectInstantKill = "instant-kill"
	EffectOnDie       = "on-die"
	EffectAttack      = "attack"
	EffectHeal        = "heal"
	EffectFlee        = "flee"
	EffectText        = "text"
)

// Limits on card values; beyond them a value is a typing slip, not a card.
const (
	MaxHP   = 999
	MaxDice = 100
	MaxUses = 99
)

// Dice is an attack in the book's notation "nD s+": N dice, each die
// showing Hit or more is one success (l. 154, 363; RU-D3). N may be 0 (no
// attack of that kind).
type Dice struct {
	N   int `json:"n" msgpack:"n"`
	Hit int `json:"hit" msgpack:"hit"`
}

// Card is one unit card as the engine reads it (SPEC.md §2.2). The zero
// value of a statline field means the card does not give it (a JSON null
// in units.json): HP 0, Move 0, Vision 0, Close or Ranged nil, Race "".
type Card struct {
	ID      string `json:"id" msgpack:"id"`
	Name    string `json:"name" msgpack:"name"`
	Faction string `json:"faction" msgpack:"faction"` // ally, enemy or neutral
	// Race is a race id for heroes; "" (null) for enemies and neutrals, or
	// a hero card that does not give it yet.
	Race string `json:"race,omitempty" msgpack:"race,omitempty"`
	// HP is the Health Points (l. 395); 0 = not given yet.
	HP int `json:"hp" msgpack:"hp"`
	// Move is the Movement Capability (l. 391); 0 = not given yet.
	Move rn.Ticks `json:"move" msgpack:"move"`
	// Vision is the Field of Vision, also the firing range (l. 387); 0 =
	// not given yet.
	Vision rn.Ticks `json:"vision" msgpack:"vision"`
	// Range is a printed ranged distance different from Vision; 0 = use
	// Vision (RU-D18).
	Range rn.Ticks `json:"range,omitempty" msgpack:"range,omitempty"`
	// Close and Ranged are the Close Combat and Ranged Capabilities
	// (l. 399, 403); nil = no such attack, or not given yet.
	Close     *Dice     `json:"close,omitempty" msgpack:"close,omitempty"`
	Ranged    *Dice     `json:"ranged,omitempty" msgpack:"ranged,omitempty"`
	Abilities []Ability `json:"abilities,omitempty" msgpack:"abilities,omitempty"`
	// Size is free text ("34mm", "large"), not used by the rules (l. 130).
	Size   string `json:"size,omitempty" msgpack:"size,omitempty"`
	Source string `json:"source,omitempty" msgpack:"source,omitempty"`
	// Missing lists, in words, what the source does not give.
	Missing []string `json:"missing,omitempty" msgpack:"missing,omitempty"`
	// Custom marks a card defined or changed by the players (RU-D9, RU-D59).
	Custom bool `json:"custom,omitempty" msgpack:"custom,omitempty"`
	// Estimated lists, in words, the values Command Console estimated
	// where the rulebook prints none ("hit points", "movement"): the
	// starter cards are complete so a first game needs no editor, and the
	// card says which of its values are estimates (docs/ruunara.md).
	Estimated []string `json:"estimated,omitempty" msgpack:"estimated,omitempty"`
}

// Ability is one skill or spell of a card: one model for both (RU-D10).
type Ability struct {
	ID   string `json:"id" msgpack:"id"`
	Name string `json:"name" msgpack:"name"`
	Kind string `json:"kind" msgpack:"kind"` // skill or spell
	// Origin is racial or unit for skills; "" for spells or when unknown.
	Origin string `json:"origin,omitempty" msgpack:"origin,omitempty"`
	Cycle  Cycle  `json:"cycle" msgpack:"cycle"`
	// Trigger is the trigger die score (the effect happens on Trigger+);
	// 0 = no roll (l. 407, RU-D12).
	Trigger int `json:"trigger,omitempty" msgpack:"trigger,omitempty"`
	// Phase lists the phases it may be used in (RU-D13), in the order of
	// the turn; never empty after decoding (defaults applied).
	Phase  []string `json:"phase" msgpack:"phase"`
	Target string   `json:"target" msgpack:"target"`                   // self, single, area or none
	Reach  string   `json:"reach,omitempty" msgpack:"reach,omitempty"` // melee, ranged, any or "" (unknown)
	Effect Effect   `json:"effect" msgpack:"effect"`
	Text   string   `json:"text,omitempty" msgpack:"text,omitempty"`
	Source string   `json:"source,omitempty" msgpack:"source,omitempty"`
}

// Cycle is how often an ability may be used (l. 407–411, RU-D10): Uses
// per fight, per game or per turn (round), or constant. Per "" means the
// card does not give it yet (Graam's Between the Eyes in the shipped data).
type Cycle struct {
	Per  string `json:"per" msgpack:"per"`
	Uses int    `json:"uses,omitempty" msgpack:"uses,omitempty"` // ≥ 1; 0 for constant and unknown
}

// Effect is what the app applies when an ability works (RU-D14).
type Effect struct {
	Type string `json:"type" msgpack:"type"`
	// Min and Then: on-die effects, "each attack die scoring Min+ does Then"
	// (Then is always instant-kill, l. 359–365).
	Min  int    `json:"min,omitempty" msgpack:"min,omitempty"`
	Then string `json:"then,omitempty" msgpack:"then,omitempty"`
	// Dice: attack effects roll these dice of their own.
	Dice *Dice `json:"dice,omitempty" msgpack:"dice,omitempty"`
	// HP: heal effects give back this many hit points.
	HP int `json:"hp,omitempty" msgpack:"hp,omitempty"`
}

// ReachRange is how far the unit shoots and casts ranged abilities: the
// printed Range, else its Vision (RU-D18). 0 when neither is given.
func (c Card) ReachRange() rn.Ticks {
	if c.Range > 0 {
		return c.Range
	}
	return c.Vision
}

// HasRanged reports whether the card has a ranged attack of at least one
// die.
func (c Card) HasRanged() bool { return c.Ranged != nil && c.Ranged.N > 0 }

// HasClose reports whether the card has a close combat attack of at least
// one die.
func (c Card) HasClose() bool { return c.Close != nil && c.Close.N > 0 }

// Ability returns the card's ability with the given id.
func (c Card) Ability(id string) (Ability, bool) {
	for _, a := range c.Abilities {
		if a.ID == id {
			return a, true
		}
	}
	return Ability{}, false
}

// CycleLabel is the cycle as the card prints it: "1/F", "2/F", "1/G",
// "1/T" (every turn), "constant"; "" when the card does not give it.
func (a Ability) CycleLabel() string {
	switch a.Cycle.Per {
	case PerConstant:
		return "constant"
	case PerFight:
		return fmt.Sprintf("%d/F", max(a.Cycle.Uses, 1))
	case PerGame:
		return fmt.Sprintf("%d/G", max(a.Cycle.Uses, 1))
	case PerTurn:
		return fmt.Sprintf("%d/T", max(a.Cycle.Uses, 1))
	}
	return ""
}

// Limited reports whether the ability has a limited number of uses (a
// fight, game or turn cycle), the kind a token tracks (RU-D10).
func (a Ability) Limited() bool {
	switch a.Cycle.Per {
	case PerFight, PerGame, PerTurn:
		return true
	}
	return false
}

// DefaultPhase is the phase list an ability gets when its card gives none
// (§2.2, RU-D13): flee effects [movement], spells [tactical, combat],
// skills [tactical].
func DefaultPhase(kind, effect string) []string {
	switch {
	case effect == EffectFlee:
		return []string{PhaseMovement}
	case kind == Spell:
		return []string{PhaseTactical, PhaseCombat}
	default:
		return []string{PhaseTactical}
	}
}

// idPattern is the kebab-case of card and ability ids (§2.2).
var idPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// checkID refuses an id that is not kebab-case.
func checkID(id string) error {
	if id == "" {
		return fmt.Errorf("id is required")
	}
	if len(id) > 64 || !idPattern.MatchString(id) {
		return fmt.Errorf("id must be kebab-case such as saarok-warrior (got %q)", id)
	}
	return nil
}

// Validate checks a card against the schema of §2.2: ids, faction, race,
// the ranges of its numbers and every ability. A card with nulls is valid
// (RU-D9): CheckField is what refuses to field it.
func (c Card) Validate() error {
	if err := checkID(c.ID); err != nil {
		return fmt.Errorf("id: %w", err)
	}
	if c.Name == "" {
		return fmt.Errorf("name: is required")
	}
	if err := checkFaction(c.Faction); err != nil {
		return fmt.Errorf("faction: %w", err)
	}
	if c.Race != "" {
		if err := checkRace(c.Race); err != nil {
			return fmt.Errorf("race: %w", err)
		}
		if c.Faction != Ally {
			return fmt.Errorf("race: only hero cards have a race: %s is %s card (race=none)", c.Name, factionNoun(c.Faction))
		}
	}
	if c.HP < 0 || c.HP > MaxHP {
		return fmt.Errorf("hp: %w", errHP(c.HP))
	}
	for _, d := range []struct {
		field string
		t     rn.Ticks
	}{{"move", c.Move}, {"vision", c.Vision}, {"range", c.Range}} {
		if d.t < 0 || d.t > MaxDistance {
			return fmt.Errorf("%s: must be 0–%s (got %d ticks)", d.field, formatIn(MaxDistance), d.t)
		}
	}
	for _, d := range []struct {
		field string
		d     *Dice
	}{{"close", c.Close}, {"ranged", c.Ranged}} {
		if d.d != nil {
			if err := d.d.check(); err != nil {
				return fmt.Errorf("%s: %w", d.field, err)
			}
		}
	}
	seen := map[string]bool{}
	for i, a := range c.Abilities {
		if err := a.Validate(); err != nil {
			return fmt.Errorf("abilities: %d (%s): %w", i+1, a.ID, err)
		}
		if seen[a.ID] {
			return fmt.Errorf("abilities: %d (%s): id: duplicate", i+1, a.ID)
		}
		seen[a.ID] = true
	}
	for i, m := range c.Missing {
		if m == "" {
			return fmt.Errorf("missing: %d: empty", i+1)
		}
	}
	return nil
}

// Validate checks an ability against §2.2 and RU-D14. Cycle.Per "" (not
// given) is accepted, as in the shipped Graam record.
func (a Ability) Validate() error {
	if err := checkID(a.ID); err != nil {
		return fmt.Errorf("id: %w", err)
	}
	if a.Name == "" {
		return fmt.Errorf("name: is required")
	}
	switch a.Kind {
	case Skill, Spell:
	default:
		return fmt.Errorf("kind: kind must be skill or spell (got %q)", a.Kind)
	}
	switch a.Origin {
	case "":
	case "racial", "unit":
		if a.Kind == Spell {
			return fmt.Errorf("origin: only skills have an origin (racial or unit)")
		}
	default:
		return fmt.Errorf("origin: origin must be racial or unit (got %q)", a.Origin)
	}
	switch a.Cycle.Per {
	case "":
		if a.Cycle.Uses != 0 {
			return fmt.Errorf("cycle: uses without a cycle")
		}
	case PerConstant:
		if a.Cycle.Uses != 0 {
			return fmt.Errorf("cycle: a constant ability has no uses")
		}
	case PerFight, PerGame, PerTurn:
		if a.Cycle.Uses < 1 || a.Cycle.Uses > MaxUses {
			return fmt.Errorf("cycle: uses must be 1–%d (got %d)", MaxUses, a.Cycle.Uses)
		}
	default:
		return fmt.Errorf("cycle: per must be fight, game, turn or constant (got %q)", a.Cycle.Per)
	}
	if a.Trigger < 0 || a.Trigger > 6 {
		return fmt.Errorf("trigger: trigger must be 1–6 or none (got %d)", a.Trigger)
	}
	if len(a.Phase) == 0 {
		return fmt.Errorf("phase: at least one of tactical, movement, combat")
	}
	last := -1
	for _, p := range a.Phase {
		i := slices.Index(phases, p)
		if i < 0 {
			return fmt.Errorf("phase: phase must be a comma list of tactical, movement, combat (got %q)", p)
		}
		if i <= last {
			return fmt.Errorf("phase: list each phase once, in turn order (tactical, movement, combat)")
		}
		last = i
	}
	switch a.Target {
	case "self", "single", "area", "none":
	default:
		return fmt.Errorf("target: target must be self, single, area or none (got %q)", a.Target)
	}
	switch a.Reach {
	case "", "melee", "ranged", "any":
	default:
		return fmt.Errorf("reach: reach must be melee, ranged or any (got %q)", a.Reach)
	}
	if err := a.Effect.validate(); err != nil {
		return fmt.Errorf("effect: %w", err)
	}
	return nil
}

// phases are the phases of a turn an ability may name, in turn order.
var phases = []string{PhaseTactical, PhaseMovement, PhaseCombat}

// validate checks that an effect carries exactly the fields of its type.
func (e Effect) validate() error {
	extra := func(ok bool, what string) error {
		if !ok {
			return fmt.Errorf("%s is not used by a %s effect", what, e.Type)
		}
		return nil
	}
	var err error
	switch e.Type {
	case EffectInstantKill, EffectFlee, EffectText:
		err = extra(e.Min == 0 && e.Then == "" && e.Dice == nil && e.HP == 0, "min, then, dice or hp")
	case EffectOnDie:
		if e.Min < 1 || e.Min > 6 {
			return fmt.Errorf("on-die: min must be 1–6 (got %d)", e.Min)
		}
		if e.Then != EffectInstantKill {
			return fmt.Errorf("on-die: then must be instant-kill (got %q)", e.Then)
		}
		err = extra(e.Dice == nil && e.HP == 0, "dice or hp")
	case EffectAttack:
		if e.Dice == nil {
			return fmt.Errorf("attack: dice are required")
		}
		if err := e.Dice.check(); err != nil {
			return fmt.Errorf("attack: %w", err)
		}
		if e.Dice.N < 1 {
			return fmt.Errorf("attack: roll at least one die")
		}
		err = extra(e.Min == 0 && e.Then == "" && e.HP == 0, "min, then or hp")
	case EffectHeal:
		if e.HP < 1 || e.HP > MaxHP {
			return fmt.Errorf("heal: hp must be 1–%d (got %d)", MaxHP, e.HP)
		}
		err = extra(e.Min == 0 && e.Then == "" && e.Dice == nil, "min, then or dice")
	default:
		return errEffect(e.Type)
	}
	return err
}

// errEffect is the refusal of an unknown effect (§6.2, RU-D59).
func errEffect(got string) error {
	return fmt.Errorf("effect must be one of instant-kill, on-die:N:instant-kill, attack:DICE, heal:N, flee, text (got %q)", got)
}

// errHP is the refusal of a hit point value.
func errHP(got int) error {
	if got > MaxHP {
		return fmt.Errorf("hp must be at most %d (got %d)", MaxHP, got)
	}
	return fmt.Errorf("hp must be a whole number of at least 1 (got %d)", got)
}

// checkFaction refuses a faction that is not ally, enemy or neutral.
func checkFaction(f string) error {
	switch f {
	case Ally, Enemy, Neutral:
		return nil
	}
	return fmt.Errorf("faction must be ally, enemy or neutral (got %q)", f)
}

// checkRace refuses a race id that is not one of Races.
func checkRace(r string) error {
	if slices.Contains(Races, r) {
		return nil
	}
	return fmt.Errorf("race must be ardann, kangara or sanbari (got %q)", r)
}

// factionNoun is "a hero", "an enemy" or "a neutral": the card kind of a
// faction in messages (RU-D63b).
func factionNoun(f string) string {
	switch f {
	case Ally:
		return "a hero"
	case Enemy:
		return "an enemy"
	case Neutral:
		return "a neutral"
	}
	return "an unknown"
}
