package ruunara

import (
	"strconv"
	"strings"
)

// Mode is an enemy's behaviour mode (SPEC §4.1, §4.3). The constants are
// in priority order, lowest first (RU-D48): a trigger moves an enemy only
// into a mode greater than its current one, except where §4.3 says.
type Mode uint8

// The modes of §4.1, lowest priority first (RU-D48).
const (
	Posted        Mode = iota // at its post, facing its post facing, doing nothing
	Returning                 // walking back to its post marker at Rate per round (RU-D37)
	Investigating             // walking towards a fight site or a shooter at 2" per round (RU-D34, RU-D39b)
	Rallying                  // moving at card movement to an attacked ally, then holding (RU-D39a)
	Alert                     // facing a fallen ally's body, vision +4" (RU-D40)
	Pursuing                  // following a fled hero at 5" per round (RU-D42)
	Engaging                  // charging a seen hero, or shooting it (RU-D32, RU-D44)
	Guarding                  // with a captive (RU-D27, RU-D29)
	Engaged                   // in close combat with one or more heroes
	Dead                      // removed
)

var modeNames = [...]string{"posted", "returning", "investigating", "rallying", "alert", "pursuing", "engaging", "guarding", "engaged", "dead"}

// String is the mode's lower-case name ("posted", "returning", …), the
// word the `adjust mode=` command and the views use.
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return "mode(" + strconv.Itoa(int(m)) + ")"
}

// Valid reports whether m is one of the ten modes.
func (m Mode) Valid() bool { return int(m) < len(modeNames) }

// ParseMode reads a mode name as String writes it (case-insensitive).
func ParseMode(s string) (Mode, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for i, n := range modeNames {
		if n == s {
			return Mode(i), true
		}
	}
	return 0, false
}

// Rates and reaches of the rules, in ticks (RU-F28, RU-D60).
const (
	NoiseRate    Ticks = 20 // 2" towards a noise, a shooter, and back (l. 246, 250)
	PursuitRate  Ticks = 50 // 5" in pursuit and back (l. 309)
	EngageReach  Ticks = 10 // 1": engaged, contact, arrived (l. 259)
	GroupReach   Ticks = 40 // 4": the group distance (l. 270)
	AlertBonus   Ticks = 40 // +4" vision after an instant kill (l. 273)
	NoiseReach   Ticks = 80 // 8": the noise range (l. 246)
	PursuitTurns       = 2  // rounds of pursuit (l. 309)
)

// SearchPrefix starts the Site of an enemy searching towards the hero
// who shot it: "hero:H2" (RU-D39b).
const SearchPrefix = "hero:"

// SearchSiteID is the site id of a search towards hero: "hero:H2". The
// engine passes a Site with this id whose Over says the hero made no
// attack in the current round (RU-D36); a search with no such site in
// World.Sites is over.
func SearchSiteID(hero string) string { return SearchPrefix + hero }

// Enemy is the AI state of one enemy, kept by the engine between calls
// (SPEC §4.1). Engagements and ability uses are the engine's (World.Pairs).
type Enemy struct {
	// ID is the enemy's id ("E3"), Card its card id in units.json.
	ID   string `msgpack:"id" json:"id"`
	Card string `msgpack:"card,omitempty" json:"card,omitempty"`
	Mode Mode   `msgpack:"mode" json:"mode"`
	// Prior is, for Alert, the mode to resume when the alert ends; for
	// Returning, Pursuing while the first return move (order `give-up`)
	// is still to come (RU-D42); for Engaged, Guarding while it still
	// guards Target (a guard a hero engaged, RU-D27).
	Prior Mode `msgpack:"prior,omitempty" json:"prior,omitempty"`
	// Target is the hero charged (Engaging), followed (Pursuing) or held
	// (Guarding; Engaged with Prior Guarding), or the ally rallied to
	// (Rallying).
	Target string `msgpack:"target,omitempty" json:"target,omitempty"`
	// Site is the fight site investigated (its id, "E1"), or "hero:H2" for
	// a search towards a shooter (RU-D39b).
	Site string `msgpack:"site,omitempty" json:"site,omitempty"`
	// Shooter is, for Rallying, the hero to face on arrival.
	Shooter string `msgpack:"shooter,omitempty" json:"shooter,omitempty"`
	// Rate is the Returning rate: 20 (2") or 50 (5") ticks.
	Rate Ticks `msgpack:"rate,omitempty" json:"rate,omitempty"`
	// TurnsLeft counts the pursuit moves left (2, 1).
	TurnsLeft int `msgpack:"turns_left,omitempty" json:"turns_left,omitempty"`
	// HoldRound is, for a Rallying enemy that arrived in round r, r + 1:
	// the round whose enemy turn it holds; 0 while it moves.
	HoldRound int `msgpack:"hold_round,omitempty" json:"hold_round,omitempty"`
	// AlertUntil is the round whose enemy turn ends the alert.
	AlertUntil int `msgpack:"alert_until,omitempty" json:"alert_until,omitempty"`
	// ShootRound is, for a ranged Engaging enemy, the round whose enemy
	// combat phase it shoots Target in (it is within range, RU-D44).
	ShootRound int `msgpack:"shoot_round,omitempty" json:"shoot_round,omitempty"`
	// OffPost: its post marker is on the table (RU-D37).
	OffPost bool `msgpack:"off_post,omitempty" json:"off_post,omitempty"`
	// GuardIn: Guarding and within 1" of its captive.
	GuardIn bool `msgpack:"guard_in,omitempty" json:"guard_in,omitempty"`
	// Body: Rallying to an ally that died; it moves to its body marker
	// (RU-D39a).
	Body bool `msgpack:"body,omitempty" json:"body,omitempty"`
}

// Site is a fight site as the engine built it (RU-D34b), or the search
// site "hero:H" of a shot enemy (RU-D39b, SearchSiteID).
type Site struct {
	// ID is its name: the lowest enemy id when it opened, kept for life.
	ID string `msgpack:"id" json:"id"`
	// Ranged: one enemy attacked at a distance, or one that shot; no heroes.
	Ranged bool `msgpack:"ranged,omitempty" json:"ranged,omitempty"`
	// Enemies are its enemies, Heroes the heroes engaged with them in
	// engagement order (the `nearest` default, RU-D35).
	Enemies []string `msgpack:"enemies,omitempty" json:"enemies,omitempty"`
	Heroes  []string `msgpack:"heroes,omitempty" json:"heroes,omitempty"`
	// LastAttackRound is the last round with an attack by or on any of
	// its units (RU-D36).
	LastAttackRound int `msgpack:"last_attack_round,omitempty" json:"last_attack_round,omitempty"`
	// Over: computed by the engine at the start of the enemy movement
	// phase per RU-D36.
	Over bool `msgpack:"over,omitempty" json:"over,omitempty"`
}

// Hero is what the AI reads of a hero.
type Hero struct {
	// ID is the hero's id ("H1"), Name its display name, HP its current
	// hit points (RU-D45 reads them).
	ID   string `msgpack:"id" json:"id"`
	Name string `msgpack:"name,omitempty" json:"name,omitempty"`
	HP   int    `msgpack:"hp" json:"hp"`
	// Free: not captured, executed or removed.
	Free bool `msgpack:"free,omitempty" json:"free,omitempty"`
}

// Stats is what the AI reads of an enemy's card.
type Stats struct {
	// Move is the card movement, Vision the field of vision, Range the
	// firing range (0: the vision, RU-D18).
	Move, Vision, Range Ticks
	// Close and Ranged: the card has dice of that kind; CloseN/CloseHit
	// and RangedN/RangedHit are those dice ("2D4+": 2, 4).
	Close, Ranged                        bool
	CloseN, CloseHit, RangedN, RangedHit int
}

// FiringRange is the card range, or the vision when none is printed (RU-D18).
func (s Stats) FiringRange() Ticks {
	if s.Range > 0 {
		return s.Range
	}
	return s.Vision
}

// Shooter reports whether the card has ranged dice (RU-D44).
func (s Stats) Shooter() bool { return s.Ranged && s.RangedN > 0 }

// Pair is an engagement between a hero and an enemy; World.Pairs keeps
// them in the order they were made (RU-D45).
type Pair struct {
	// Hero and Enemy are the two ids.
	Hero  string `msgpack:"hero" json:"hero"`
	Enemy string `msgpack:"enemy" json:"enemy"`
}

// Engagement is an engagement the AI made (an enemy's contact answered
// yes); the engine appends it to its pairs.
type Engagement = Pair

// World is the read-only game state the AI needs, built by the engine.
type World struct {
	// Round is the current round (from 1).
	Round int
	// Heroes are every hero of the game, free or not.
	Heroes []Hero
	// Stats is each enemy's card, by enemy id.
	Stats map[string]Stats
	// Pairs are the current engagements (captives are in none).
	Pairs []Pair
	// Sites are the open fight sites and search sites.
	Sites []Site
	// Names maps ids to display names; texts use it for heroes only and
	// name enemies (ids in Stats) by id, as every example of the spec does.
	Names map[string]string
}

// Line is one line of a question: one enemy (or the one subject) and its
// own default (RU-D56, RU-D62).
type Line struct {
	// Unit is the enemy the line is about.
	Unit string `msgpack:"unit" json:"unit"`
	// Kind: sight, in-range, vantage, search, contact, arrived-rally,
	// arrived-post, arrived-guard, range, nearest, noise, group.
	Kind string `msgpack:"kind" json:"kind"`
	// Target is the hero, enemy or site the line names.
	Target string `msgpack:"target,omitempty" json:"target,omitempty"`
	// Vision is the vision the sight text shows (alert bonus included);
	// Dist the other distance the text shows (firing range, 4", 8", 1").
	Vision Ticks `msgpack:"vision,omitempty" json:"vision,omitempty"`
	Dist   Ticks `msgpack:"dist,omitempty" json:"dist,omitempty"`
	// Options are the hero ids of a pick-one line (sight: then "none").
	Options []string `msgpack:"options,omitempty" json:"options,omitempty"`
	// Default is the answer that changes nothing: "none", "no" or a hero id.
	Default string `msgpack:"default" json:"default"`
	// Answer is filled by the engine: "yes"/"no", a hero id or "none";
	// "" means the default.
	Answer string `msgpack:"answer,omitempty" json:"answer,omitempty"`
}

// Value is the line's answer, or its default when unanswered.
func (l Line) Value() string {
	if l.Answer != "" {
		return l.Answer
	}
	return l.Default
}

// Yes reports whether a yes/no line is answered yes.
func (l Line) Yes() bool { return l.Value() == "yes" }

// Question is a question for the players (SPEC §4.2). Its instance id
// (q1, q2, …) is the engine's (RU-D62).
type Question struct {
	// Kind: sight, in-range, results, nearest, noise, group.
	Kind string `msgpack:"kind" json:"kind"`
	// Subject is the site (noise) or the enemy (group) it is about.
	Subject string `msgpack:"subject,omitempty" json:"subject,omitempty"`
	Lines   []Line `msgpack:"lines,omitempty" json:"lines,omitempty"`
}

// Empty reports a question with nobody to list: never asked, every line
// taken as its default (RU-D62c).
func (q Question) Empty() bool { return len(q.Lines) == 0 }

// Order is an order card for the players: a §4.5 template and its
// arguments; Text writes it in a seat's unit (the engine stores orders as
// templates and ticks, never as text).
type Order struct {
	// Enemy is the enemy the order is about (the first one for `alert`).
	Enemy string `msgpack:"enemy" json:"enemy"`
	// Template is a §4.5 template id (plus `rally-body`, RU-D39a).
	Template string `msgpack:"template" json:"template"`
	// Hero is the hero named; Other the ally, site or fallen enemy named.
	Hero  string `msgpack:"hero,omitempty" json:"hero,omitempty"`
	Other string `msgpack:"other,omitempty" json:"other,omitempty"`
	// List is the enemies an `alert` turns.
	List []string `msgpack:"list,omitempty" json:"list,omitempty"`
	// Dist is the move, rate or vision of the text; Range the firing
	// range of `close-in`.
	Dist  Ticks `msgpack:"dist,omitempty" json:"dist,omitempty"`
	Range Ticks `msgpack:"range,omitempty" json:"range,omitempty"`
	// N and Hit are the dice of `attack` and `shoot`.
	N   int `msgpack:"n,omitempty" json:"n,omitempty"`
	Hit int `msgpack:"hit,omitempty" json:"hit,omitempty"`
	// Note is the card text of `ability` (an enemy's ability whose effect
	// the players apply, RU-D46), with Other the ability's name.
	Note string `msgpack:"note,omitempty" json:"note,omitempty"`
}

// AttackOrder is one enemy attack of the combat phase (§4.4): the engine
// opens its dice prompt.
type AttackOrder struct {
	// Enemy attacks Hero.
	Enemy, Hero string
	// Ranged: a shot (then a cover question, RU-D22); else close combat.
	Ranged bool
	// N dice, each a success on Hit or more.
	N, Hit int
}

// Order is the attack as an order card: `attack` or `shoot`.
func (a AttackOrder) Order() Order {
	t := "attack"
	if a.Ranged {
		t = "shoot"
	}
	return Order{Enemy: a.Enemy, Template: t, Hero: a.Hero, N: a.N, Hit: a.Hit}
}

// GroupEvent is the event a group question answers: a ranged attack on X
// by Shooter, or an instant kill of X (RU-D38).
type GroupEvent struct {
	// X is the enemy shot or killed; Shooter the hero ("" if none).
	X, Shooter string
	// Instant: an instant kill (alert), else a ranged attack (rally).
	Instant bool
}
