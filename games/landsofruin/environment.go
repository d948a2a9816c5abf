package landsofruin

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
	"github.com/commandconsole/commandconsole/npc"
)

// The Environment phase (rulebook "Environment phase", facts §10.5–§10.8).
//
// The players move the Rotters on the table and tell the console which
// characters they attack: rotter-attack sets how many Rotters of a kind
// attack a character (the current player settles disputes at the table).
// The entries wait until the Environment phase ends; then, at the start of
// the next Action phase, the console rolls a d20 per Rotter: it hits when
// the d20 is at least the Rotter target number (8) plus the character's
// defence against Rotters (armour, skills, effects, unspent action points
// and wounds, from the rules data). Every attack costs the character's
// team a morale point and adds the Rotter's miss suppression; a hit costs
// one more, adds the Rotter's hit suppression and becomes an unresolved
// close-combat hit of power (the Rotter's power − 1), resolved at the
// owner's next Command phase like any other.
//
// Rotters are also targets: an attack may name "rotter:normal",
// "rotter:fast" or "rotter:fat" among its targets; the Rotter kind's
// defence is added to the score needed, and any hit kills it (attacker +1
// morale per attack, +1 more per kill; the kills are counted per player).
//
// # The NPC seam
//
// The Rotters' movement and spawning decisions are package npc's (which
// imports only console). A Rules made by New runs npc's living world
// (world.go): when a Command phase ends it plays the Environment phase on
// the world kept in the full state and records the outcome, and the new
// world, in an environment-planned event (EnvironmentPlan) that every
// seat sees without the world: the highlighted section and character the
// Rotters head for, the Rotters to place at the table edge, the lurkers
// that woke and the instructions for the table. Planner is the older,
// stateless seam, kept for tests: a Rules built with NewWithPlanner asks
// its Planner for the plan, given the EnvironmentInput (the public table)
// and the game's dice, and runs no world.

// Planner decides the Rotters' movement target and spawns for one
// Environment phase. It must be a pure function of its input and the dice
// (DESIGN.md §2): the plan is recorded in an event and never re-decided on
// replay.
type Planner interface {
	PlanEnvironment(in EnvironmentInput, d *console.Dice) EnvironmentPlan
}

// EnvironmentInput is what a Planner is told: the public state of the
// table (hidden characters are left out: Rotters ignore them).
type EnvironmentInput struct {
	Scenario string `msgpack:"scenario"`
	Map      string `msgpack:"map"`
	Turn     int    `msgpack:"turn"`
	// Player is the player index whose Environment phase it is.
	Player int `msgpack:"player"`
	// Threat and Danger are the scenario's levels (0–20, percent).
	Threat int `msgpack:"threat"`
	Danger int `msgpack:"danger"`
	// Characters are the visible characters on the table.
	Characters []EnvCharacter `msgpack:"characters"`
}

// EnvCharacter is one visible character for the Planner.
type EnvCharacter struct {
	ID      string `msgpack:"id"`
	Owner   int    `msgpack:"owner"`
	Section string `msgpack:"section"`
	// Down: pinned, unconscious or dead (Rotters ignore it).
	Down bool `msgpack:"down,omitempty"`
}

// EnvironmentPlan is the payload of environment-planned: where the Rotters
// go this Environment phase and which appear.
type EnvironmentPlan struct {
	// Section is the highlighted map section the Rotters head for ("" when
	// none); Character the highlighted character in it ("" when none: the
	// Rotters head for the section's centre).
	Section   string `msgpack:"section,omitempty"`
	Character string `msgpack:"character,omitempty"`
	// Spawns are the Rotters to place this phase.
	Spawns []RotterSpawn `msgpack:"spawns,omitempty"`
	// Skipped: the Environment phase is skipped (no movement, no spawns).
	Skipped bool `msgpack:"skipped,omitempty"`

	// The fields below are set by the living world (world.go), not by a
	// Planner. Number is the Environment phase's number in the game;
	// Threat the table's threat level; Held the Rotters kept outside
	// because their whole edge is within 10" of characters.
	Number int `msgpack:"number,omitempty"`
	Threat int `msgpack:"threat,omitempty"`
	Held   int `msgpack:"held,omitempty"`
	// Lurkers are the lurkers that woke on visible characters this phase.
	Lurkers []npc.LurkerAttack `msgpack:"lurkers,omitempty"`
	// Instructions are what the players do on the table now, in order.
	Instructions []npc.Instruction `msgpack:"instructions,omitempty"`
	// World is the world after this phase: it is in the event (the host's
	// record) so replay stores it and never re-runs the tick. Apply moves
	// it into the state's World and clears it here, so it never reaches a
	// view. Decide records it as PackedWorld, already in the state's form
	// (state.World), so replay copies bytes instead of decoding, checking
	// and re-encoding the world; World is read from events recorded before.
	World       *npc.World `msgpack:"world,omitempty"`
	PackedWorld []byte     `msgpack:"packed_world,omitempty"`
}

// RotterSpawn is a number of Rotters of one kind entering at a spawn
// point ("top-centre", "left-bottom" …, facts §10.6).
type RotterSpawn struct {
	Point string `msgpack:"point"`
	Kind  string `msgpack:"kind"`
	Count int    `msgpack:"count"`
	// X and Y are where the app proposes they enter, in tenths of an inch
	// from the map's north-west corner (the living world only); Pushed:
	// the spawn point was within 10" of a character and the place was
	// pushed along the edge.
	X      int  `msgpack:"x,omitempty"`
	Y      int  `msgpack:"y,omitempty"`
	Pushed bool `msgpack:"pushed,omitempty"`
}

// NewWithPlanner returns Lands of Ruin's rules with a Rotter planner
// instead of the living world. A nil planner is the same as New (the
// living world).
func NewWithPlanner(p Planner) *Rules { return &Rules{planner: p} }

// Sources of Environment hits.
const (
	SourceRotter = "rotter"
)

// envEntry is an Environment attack waiting for the end of the phase:
// Count attackers of Kind (a Rotter kind) on Char.
type envEntry struct {
	Char   string `msgpack:"char"`
	Source string `msgpack:"source"`
	Kind   string `msgpack:"kind"`
	Count  int    `msgpack:"count"`
	// Throwable is the throwable's number for an explosive entry.
	Throwable int `msgpack:"throwable,omitempty"`
	// Lurkers are the IDs of the lurkers of a lurker entry, one per
	// attacker, in the order they are rolled.
	Lurkers []string `msgpack:"lurkers,omitempty"`
}

// EnvEntry is the payload of environment-entry: how many attackers of a
// kind attack a character this Environment phase (0 removes the entry).
type EnvEntry struct {
	Player int    `msgpack:"player"`
	Char   string `msgpack:"char"`
	Source string `msgpack:"source"`
	Kind   string `msgpack:"kind"`
	Count  int    `msgpack:"count"`
	// Throwable is the throwable's number (explosive entries).
	Throwable int `msgpack:"throwable,omitempty"`
}

// EnvResult is one Environment attack rolled at the start of the Action
// phase.
type EnvResult struct {
	Char   string `msgpack:"char"`
	Source string `msgpack:"source"`
	Kind   string `msgpack:"kind"`
	Roll   int    `msgpack:"roll"`
	Need   int    `msgpack:"need"`
	Hit    bool   `msgpack:"hit,omitempty"`
	// Power is the unresolved hit's power (hits only).
	Power int `msgpack:"power,omitempty"`
	// Suppression is what the attack added (miss and hit suppression).
	Suppression int `msgpack:"suppression,omitempty"`
	// Throwable is the throwable's number (explosive hits); Effect an
	// effect the hit adds (a Molotov's on fire).
	Throwable int    `msgpack:"throwable,omitempty"`
	Effect    string `msgpack:"effect,omitempty"`
	// Absorbed is the cohort member that took a Rotter hit on its hero
	// (it dies), and AbsorbRoll the close-support d100 (0 when none).
	Absorbed   string `msgpack:"absorbed,omitempty"`
	AbsorbRoll int    `msgpack:"absorb_roll,omitempty"`
	// Lurker is the attacking lurker's ID (lurker entries).
	Lurker string `msgpack:"lurker,omitempty"`
}

// EnvResolution is the payload of environment-resolved.
type EnvResolution struct {
	Results []EnvResult `msgpack:"results"`
}

// rotterTarget parses a Rotter as an attack target ("rotter:fast"); ok is
// false when ref does not name a Rotter.
func rotterTarget(ref string) (kind string, ok bool) {
	k, found := strings.CutPrefix(strings.ToLower(strings.TrimSpace(ref)), "rotter:")
	return k, found
}

// rotterName is a Rotter target's name: "a Rager (fast Rotter)".
func rotterName(kind string) string {
	if rk, ok := data().cont.Rotter(kind); ok {
		return fmt.Sprintf("a %s (%s Rotter)", rk.Name, kind)
	}
	return "a Rotter"
}

func (g *state) decideRotterAttack(p int, args console.Args) ([]console.Event, error) {
	kind := args.String("kind")
	if _, ok := data().cont.Rotter(kind); !ok {
		return nil, console.RejectTry(console.ReasonNotFound, tryChoices(CmdRotterAttack, "kind", rotterKindIDs()), "there is no such kind of Rotter (they are %s)", rotterKindNames())
	}
	ref := args.String("character")
	c := g.findChar(ref, func(c *character) bool { return c.visibleTo(p) })
	if c == nil {
		return nil, console.Reject("no character %q on the table", ref)
	}
	switch {
	case c.hidden():
		return nil, console.Reject("%s is hidden: Rotters do not attack hidden characters", c.Name)
	case c.Section == "":
		return nil, console.Reject("%s is not on the table", c.Name)
	case c.down():
		return nil, console.Reject("%s is down (pinned, unconscious or dead): Rotters ignore it", c.Name)
	}
	n := args.Int("count")
	if n == 0 && g.envIndex(c.ID, SourceRotter, kind, 0) < 0 {
		return nil, console.Reject("no %s Rotters are entered against %s", kind, c.Name)
	}
	return one(EventEnvEntry, EnvEntry{Player: p, Char: c.ID, Source: SourceRotter, Kind: kind, Count: n}, false)
}

func (g *state) envIndex(char, source, kind string, throwable int) int {
	for i, e := range g.Env {
		if e.Char == char && e.Source == source && e.Kind == kind && e.Throwable == throwable {
			return i
		}
	}
	return -1
}

// resolveEnvironment rolls the Environment entries (§10.8): a d20 per
// attacker, hits against the Rotter target number plus the character's
// defence against Rotters.
func (g *state) resolveEnvironment(d *console.Dice) EnvResolution {
	res := EnvResolution{Results: []EnvResult{}}
	tn := data().cont.RotterRules.AttackTargetNumber
	taken := map[string]bool{}
	for _, e := range g.Env {
		c := g.char(e.Char)
		if e.Source == SourceExplosive {
			// Any character caught is rolled for, a dead one too (the
			// hit has no effect), so others cannot tell it from a
			// pinned or unconscious one (down.go).
			if c != nil {
				res.Results = append(res.Results, g.resolveExplosive(c, e, d))
			}
			continue
		}
		rk, ok := data().cont.Rotter(e.Kind)
		if c == nil || !ok || c.dead() {
			continue
		}
		need := tn + c.defence(rules.Rotter, g.Turn)
		for i := 0; i < e.Count; i++ {
			r := EnvResult{Char: c.ID, Source: e.Source, Kind: e.Kind, Roll: d.Roll(20), Need: need, Suppression: rk.MissSuppression}
			if i < len(e.Lurkers) {
				r.Lurker = e.Lurkers[i]
			}
			if r.Roll >= need {
				r.Hit, r.Power = true, max(rk.Power-1, 0)
				r.Suppression += rk.HitSuppression
				r.Absorbed, r.AbsorbRoll = g.absorber(c, d, taken)
				if r.Absorbed != "" {
					taken[r.Absorbed] = true
				}
			}
			res.Results = append(res.Results, r)
		}
	}
	return res
}

// applyEnvEntry records an Environment entry.
func (g *state) applyEnvEntry(x EnvEntry) error {
	if _, err := g.charArg(x.Char); err != nil {
		return err
	}
	i := g.envIndex(x.Char, x.Source, x.Kind, x.Throwable)
	switch {
	case i >= 0 && x.Count == 0:
		g.Env = append(g.Env[:i:i], g.Env[i+1:]...)
	case i >= 0:
		g.Env[i].Count = x.Count
	case x.Count > 0:
		g.Env = append(g.Env, envEntry{Char: x.Char, Source: x.Source, Kind: x.Kind, Count: x.Count, Throwable: x.Throwable})
	}
	return nil
}

// applyEnvResolution folds the rolled Environment attacks into the
// characters: morale tallies, suppression, unresolved hits.
func (g *state) applyEnvResolution(x EnvResolution) error {
	for _, r := range x.Results {
		c, err := g.charArg(r.Char)
		if err != nil {
			return err
		}
		pl := &g.Players[c.Owner]
		pl.Negative++
		c.Suppression = rules.AddSuppression(c.Suppression, r.Suppression)
		switch {
		case !r.Hit:
		case r.Absorbed != "":
			pl.Negative++
			if err := g.absorbHit(r.Absorbed, hit{Kind: string(rules.CloseCombat), Power: r.Power, By: r.Source + ":" + r.Kind, Band: -1}); err != nil {
				return err
			}
		case r.Source == SourceExplosive:
			pl.Negative++
			c.Hits = append(c.Hits, hit{Kind: string(rules.Explosive), Power: r.Power, By: r.Source + ":" + r.Kind, Band: -1})
			if r.Effect != "" && !c.has(r.Effect) && !c.dead() {
				c.Effects = append(c.Effects, effect{ID: r.Effect, Since: g.Turn})
			}
		default:
			pl.Negative++
			c.Hits = append(c.Hits, hit{Kind: string(rules.CloseCombat), Power: r.Power, By: r.Source + ":" + r.Kind, Band: -1})
		}
	}
	g.Env = nil
	return nil
}

// describeEnvResolution tells what the Environment attacks did; they are
// public (the characters are visible on the table).
func (g *state) describeEnvResolution(x EnvResolution, p int) (string, bool) {
	var parts []string
	for _, r := range x.Results {
		c := g.char(r.Char)
		if c == nil || !c.visibleTo(p) {
			continue
		}
		if r.Source == SourceExplosive {
			s := fmt.Sprintf("%s catches %s: d20 %d against %d: ", g.throwableName(r.Throwable, r.Kind), c.Name, r.Roll, r.Need)
			if r.Hit {
				s += fmt.Sprintf("hit (power %d, an unresolved hit)", r.Power)
				if r.Effect != "" {
					s += "; " + c.Name + " " + effectClauses([]string{r.Effect})
				}
			} else {
				s += "no hit"
			}
			parts = append(parts, s)
			continue
		}
		who := rotterName(r.Kind)
		if r.Source == SourceLurker {
			who = "a lurking " + strings.TrimPrefix(who, "a ")
			if r.Lurker != "" {
				who = "lurker " + r.Lurker + ", " + rotterName(r.Kind) + ","
			}
		}
		s := fmt.Sprintf("%s attacks %s: d20 %d against %d: ", who, c.Name, r.Roll, r.Need)
		switch {
		case r.Hit && r.Absorbed != "":
			s += fmt.Sprintf("hit (power %d), taken by %s: an unresolved hit", r.Power, g.name(r.Absorbed))
			if r.AbsorbRoll > 0 {
				s += fmt.Sprintf(" (d100 %d)", r.AbsorbRoll)
			}
		case r.Hit:
			s += fmt.Sprintf("hit (power %d, an unresolved hit)", r.Power)
			if r.AbsorbRoll > 0 {
				s += fmt.Sprintf("; the hero takes it (d100 %d)", r.AbsorbRoll)
			}
		default:
			s += "Rotter missed"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		// Every attack was on a character this seat cannot see: the seat
		// gets no line at all, or the line would tell that one was caught.
		return "", false
	}
	return "the Environment attacks are resolved: " + strings.Join(parts, "; "), true
}

// environmentInput is the public table for the Planner.
func (g *state) environmentInput() EnvironmentInput {
	sc := g.scenario()
	in := EnvironmentInput{Scenario: g.Scenario, Map: g.Map, Turn: g.Turn, Player: g.current(), Characters: []EnvCharacter{}}
	if sc != nil {
		in.Threat, in.Danger = sc.Threat, sc.Danger
	}
	for i := range g.Chars {
		c := &g.Chars[i]
		if c.hidden() || c.Section == "" {
			continue
		}
		in.Characters = append(in.Characters, EnvCharacter{ID: c.ID, Owner: c.Owner, Section: c.Section, Down: c.down()})
	}
	return in
}

// checkPlan refuses a plan that names what is not on the table (a planner
// bug must not put a hidden character's id into a public event).
func (g *state) checkPlan(pl EnvironmentPlan) error {
	if pl.Section != "" {
		if _, ok := g.gameMap().Section(pl.Section); !ok {
			return fmt.Errorf("landsofruin: the Rotter plan names no section %q", pl.Section)
		}
	}
	if pl.Character != "" {
		c := g.char(pl.Character)
		if c == nil || c.hidden() || c.Section == "" {
			return fmt.Errorf("landsofruin: the Rotter plan names %q, not a visible character", pl.Character)
		}
	}
	ids := map[string]bool{}
	for _, l := range pl.Lurkers {
		c := g.char(l.Character)
		if c == nil || c.hidden() || c.Section == "" {
			return fmt.Errorf("landsofruin: the Rotter plan wakes a lurker on %q, not a visible character", l.Character)
		}
		if l.ID == "" || ids[l.ID] {
			return fmt.Errorf("landsofruin: the Rotter plan wakes a lurker without an ID of its own (%q)", l.ID)
		}
		ids[l.ID] = true
	}
	for _, s := range pl.Spawns {
		if _, ok := data().cont.Rotter(s.Kind); !ok || s.Count < 0 {
			return fmt.Errorf("landsofruin: the Rotter plan spawns %d of kind %q", s.Count, s.Kind)
		}
	}
	return nil
}

// describePlan renders an Environment plan.
func (g *state) describePlan(pl EnvironmentPlan, p int) string {
	if pl.Skipped {
		return "the Rotters do nothing this Environment phase"
	}
	line := "the Rotters head for "
	switch {
	case pl.Character != "" && g.char(pl.Character) != nil && !g.char(pl.Character).visibleTo(p):
		// As the view's plan: a hidden target is not named to others.
		line += g.sec(pl.Section, p)
	case pl.Character != "":
		line += fmt.Sprintf("%s %s", g.name(pl.Character), g.in(pl.Section, p))
	case pl.Section != "":
		line += "the centre of " + g.sec(pl.Section, p)
	default:
		line = "the Rotters have no target"
	}
	if pl.Number > 0 {
		line = fmt.Sprintf("Environment phase %d, threat %d: %s", pl.Number, pl.Threat, line)
	}
	var sp []string
	for _, s := range pl.Spawns {
		if s.Count > 0 {
			sp = append(sp, fmt.Sprintf("%s at %s", rotterCount(s.Kind, s.Count), g.spawnWords(s.Point, p)))
		}
	}
	if len(sp) > 0 {
		line += "; new Rotters: " + strings.Join(sp, ", ")
	}
	if pl.Held > 0 {
		line += fmt.Sprintf("; %s outside (their edge is within %s of characters)", plural(pl.Held, "Rotter waits", "Rotters wait"), npc.FormatDistance(npc.DefaultConfig().SpawnExclusionTenths, g.Units == UnitsCM))
	}
	for _, l := range pl.Lurkers {
		who := "a lurker"
		if l.ID != "" {
			who = "lurker " + l.ID
		}
		if l.Detected {
			line += fmt.Sprintf("; %s wakes %s and %s spots it (d100 %d, needed %d)", who, g.in(l.Section, p), g.name(l.Character), l.Roll, l.Need)
		} else {
			line += fmt.Sprintf("; %s springs on %s %s unseen (d100 %d, needed %d)", who, g.name(l.Character), g.in(l.Section, p), l.Roll, l.Need)
		}
	}
	return line
}
