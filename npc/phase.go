package npc

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
)

// Character is a character on the table as the Environment phase sees it.
type Character struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
	// Player owns it.
	Player int `json:"player"`
	// Section is the map section it stands in; At its position.
	Section string `json:"section"`
	At      Pos    `json:"at"`
	// Down: pinned, unconscious or dead; Hidden: not on the table for the
	// opponents. Rotters ignore both; a hidden character does not push a
	// spawn away either (that would give it away).
	Down   bool `json:"down,omitempty"`
	Hidden bool `json:"hidden,omitempty"`
	// Detection is its detection value (0: Config.DefaultDetection).
	Detection int `json:"detection,omitempty"`
}

// PhaseInput is the table for one Environment phase.
type PhaseInput struct {
	// Players is the number of players in the game (more than
	// Config.SkipFromPlayers may skip the phase); Player whose phase it is.
	Players int   `json:"players"`
	Player  int   `json:"player"`
	Table   Table `json:"table"`
	// Characters are the characters on the table (not off-table ones).
	Characters []Character `json:"characters"`
	// Metric: the game is played in centimetres; the instructions give
	// distances in whole centimetres (FormatDistance).
	Metric bool `json:"metric,omitempty"`
}

// Phase is what one Environment phase decided: every random outcome is in
// it, so a game records it in an event and never decides it again.
type Phase struct {
	// Number is the Environment phase's number in the game (from 1).
	Number int `msgpack:"number" json:"number"`
	// Skipped: with more than two players the phase may be skipped: no
	// tick, no spawns, no target, no lurkers.
	Skipped bool `msgpack:"skipped,omitempty" json:"skipped,omitempty"`
	// Threat is the table's threat level.
	Threat int `msgpack:"threat" json:"threat"`
	// Section is the target section (the loudest) and Character the target
	// character in it ("" when none: the Rotters head for the centre).
	Section   string `msgpack:"section,omitempty" json:"section,omitempty"`
	Character string `msgpack:"character,omitempty" json:"character,omitempty"`
	// Spawns are the Rotters that enter this phase, per point and kind.
	Spawns []Spawn `msgpack:"spawns,omitempty" json:"spawns,omitempty"`
	// Held is how many Rotters stayed outside because their whole edge is
	// within range of characters.
	Held int `msgpack:"held,omitempty" json:"held,omitempty"`
	// Lurkers are the lurker attacks of this phase.
	Lurkers []LurkerAttack `msgpack:"lurkers,omitempty" json:"lurkers,omitempty"`
	// Instructions are what the players do on the table now, in order.
	Instructions []Instruction `msgpack:"instructions" json:"instructions"`
}

// Spawn is Rotters of one kind entering at a spawn point.
type Spawn struct {
	Point string `msgpack:"point" json:"point"`
	Kind  string `msgpack:"kind" json:"kind"`
	Count int    `msgpack:"count" json:"count"`
	// Place is where the app proposes they enter.
	Place Proposal `msgpack:"place" json:"place"`
}

// LurkerAttack is one lurker waking on a character: Detected when the
// character's d100 (Roll) reached Need, else it attacks at once. ID names
// this lurker in the game ("3-2": the second lurker of Environment phase
// 3); its instruction and its attack carry it, so two lurkers on one
// character are never taken for one another.
type LurkerAttack struct {
	Section   string `msgpack:"section" json:"section"`
	Character string `msgpack:"character" json:"character"`
	Roll      int    `msgpack:"roll" json:"roll"`
	Need      int    `msgpack:"need" json:"need"`
	Detected  bool   `msgpack:"detected,omitempty" json:"detected,omitempty"`
	ID        string `msgpack:"id,omitempty" json:"id,omitempty"`
}

// LurkerID names the n-th lurker (from 1) woken in Environment phase
// number.
func LurkerID(number, n int) string { return fmt.Sprintf("%d-%d", number, n) }

// Instruction steps, in the order the players do them.
const (
	StepSkipped    = "skipped"
	StepLurkers    = "lurkers"
	StepMove       = "move"
	StepExplosions = "explosions"
	StepAttacks    = "attacks"
	StepSpawn      = "spawn"
)

// Instruction is one thing to do on the table, as data and as text.
type Instruction struct {
	Step string `msgpack:"step" json:"step"`
	Text string `msgpack:"text" json:"text"`
	// The fields below are set where they apply.
	Section   string `msgpack:"section,omitempty" json:"section,omitempty"`
	Character string `msgpack:"character,omitempty" json:"character,omitempty"`
	Point     string `msgpack:"point,omitempty" json:"point,omitempty"`
	At        *Pos   `msgpack:"at,omitempty" json:"at,omitempty"`
	Kind      string `msgpack:"kind,omitempty" json:"kind,omitempty"`
	Count     int    `msgpack:"count,omitempty" json:"count,omitempty"`
	// Lurker is the lurker's ID (lurker steps); Detected: the character
	// spotted it (it attacks with the others), else the console has
	// entered its attack already.
	Lurker   string `msgpack:"lurker,omitempty" json:"lurker,omitempty"`
	Detected bool   `msgpack:"detected,omitempty" json:"detected,omitempty"`
}

// Environment plays one Environment phase (RULES-FACTS.md §10.5): maybe
// skipped with more than two players; otherwise the world ticks, the
// loudest section and its loudest character become the target, the lurkers
// in occupied sections wake, and the Rotters that reached the table edge
// enter at the spawn points as rolled kinds. It returns the new world and
// the phase's decisions with the players' instructions.
func Environment(w World, in PhaseInput, d *console.Dice) (World, Phase, error) {
	if in.Players < 1 || in.Player < 0 || in.Player >= in.Players {
		return w, Phase{}, fmt.Errorf("npc: player %d of %d", in.Player, in.Players)
	}
	if in.Table.Width < 1 || in.Table.Height < 1 || in.Table.Width > 1<<16 || in.Table.Height > 1<<16 {
		return w, Phase{}, fmt.Errorf("npc: table %d × %d tenths", in.Table.Width, in.Table.Height)
	}
	w = w.Clone()
	c := w.Config
	w.Phases++
	ph := Phase{Number: w.Phases, Threat: w.TableThreat()}
	if from := c.SkipFromPlayers; in.Players > from && d.Roll(in.Players) <= in.Players-from {
		ph.Skipped = true
		ph.Instructions = []Instruction{{Step: StepSkipped, Text: "The Rotters rest this Environment phase: do not move them; resolve explosions and Rotters already in base contact as usual."}}
		return w, ph, nil
	}
	arrivals := w.tick(true, d)
	ph.Threat = w.TableThreat()
	ph.Section, ph.Character = w.target(in.Characters, d)
	ph.Lurkers = w.lurkers(in.Characters, d)
	for i := range ph.Lurkers {
		ph.Lurkers[i].ID = LurkerID(ph.Number, i+1)
	}
	ph.Spawns, ph.Held = w.spawns(arrivals, in, d)
	for _, s := range ph.Spawns {
		w.Spawned += s.Count
	}
	ph.Instructions = instructions(c, ph, in.Characters, in.Metric)
	return w, ph, nil
}

// target picks the loudest section (ties by the dice) and in it the
// loudest character this turn who is neither down nor hidden.
func (w *World) target(chars []Character, d *console.Dice) (string, string) {
	var best []int
	hi := -1
	for i := range w.Sections {
		switch n := w.SectionNoiseTotal(w.Sections[i].ID); {
		case n > hi:
			best, hi = []int{i}, n
		case n == hi:
			best = append(best, i)
		}
	}
	sec := w.Sections[pick(best, d)].ID
	var who []int
	hi = -1
	for i, ch := range chars {
		if ch.Section != sec || ch.Down || ch.Hidden {
			continue
		}
		switch n := w.CurrentNoise(ch.ID); {
		case n > hi:
			who, hi = []int{i}, n
		case n == hi:
			who = append(who, i)
		}
	}
	if len(who) == 0 {
		return sec, ""
	}
	return sec, chars[pick(who, d)].ID
}

// pick chooses one of the candidates, rolling only for a tie.
func pick(c []int, d *console.Dice) int {
	if len(c) == 1 {
		return c[0]
	}
	return c[d.IntN(len(c))]
}

// lurkers wakes the lurkers of occupied sections (§9.4): each attacks a
// random character there who is neither hidden nor down (Rotters ignore
// both) with LurkerAttackPct; the character may detect it. A section with
// such a character in it counts as entered.
func (w *World) lurkers(chars []Character, d *console.Dice) []LurkerAttack {
	c := w.Config
	var out []LurkerAttack
	for i := range w.Sections {
		s := &w.Sections[i]
		var here []int
		for j, ch := range chars {
			if ch.Section == s.ID && !ch.Hidden && !ch.Down {
				here = append(here, j)
			}
		}
		if len(here) == 0 {
			continue
		}
		s.Entered = true
		woke := 0
		for range s.Lurkers {
			if !d.Percent(c.LurkerAttackPct) {
				continue
			}
			ch := chars[here[d.IntN(len(here))]]
			det := ch.Detection
			if det == 0 {
				det = c.DefaultDetection
			}
			a := LurkerAttack{Section: s.ID, Character: ch.ID, Roll: d.Roll(100), Need: c.DetectionBase + c.LurkerCamouflage - det}
			a.Detected = a.Roll >= a.Need
			out = append(out, a)
			woke++
		}
		s.Lurkers -= woke
	}
	return out
}

// spawns turns the tick's arrivals into Rotters at the spawn points.
func (w *World) spawns(arr []arrival, in PhaseInput, d *console.Dice) ([]Spawn, int) {
	c := w.Config
	per := len(c.SpawnPointPcts)
	lo := w.tableLo()
	type group struct {
		count     int
		fromR, fc int // the outside section they came from
	}
	groups := make([]group, 4*per)
	for _, a := range arr {
		e := edgeOf(a.from)
		k := a.c - lo
		if e == 1 || e == 3 {
			k = a.r - lo
		}
		g := &groups[e*per+k*per/c.TableSize]
		dr, dc := a.from.step()
		g.count += a.count
		g.fromR, g.fc = a.r+dr, a.c+dc
	}
	var chars []Pos
	for _, ch := range in.Characters {
		if !ch.Hidden {
			chars = append(chars, ch.At)
		}
	}
	var out []Spawn
	held := 0
	for gi, g := range groups {
		if g.count == 0 {
			continue
		}
		e, i := gi/per, gi%per
		p := c.Propose(e, i, in.Table, chars, d)
		if p.Blocked {
			held += g.count
			j := w.idx(g.fromR, g.fc)
			w.Rotters[j] = min(w.Rotters[j]+g.count, maxRotters)
			continue
		}
		counts := make([]int, len(c.Kinds))
		for range g.count {
			id := c.RollKind(d)
			for k := range c.Kinds {
				if c.Kinds[k].ID == id {
					counts[k]++
				}
			}
		}
		for k, n := range counts {
			if n > 0 {
				out = append(out, Spawn{Point: SpawnPoint(edges[e], i, per), Kind: c.Kinds[k].ID, Count: n, Place: p})
			}
		}
	}
	return out, held
}

// inches renders tenths of an inch.
func inches(t int) string {
	if t%10 == 0 {
		return fmt.Sprintf("%d\"", t/10)
	}
	return fmt.Sprintf("%d.%d\"", t/10, t%10)
}

// FormatDistance renders a distance in tenths of an inch for the players:
// inches (to the tenth, as the rules keep them), or with metric whole
// centimetres rounded to the nearest, half up (1" = 2.54 cm: 4" → 10 cm,
// 5" → 13 cm, 10" → 25 cm), as a player reads a tape measure; the
// rounding is never more than 5 mm.
func FormatDistance(tenths int, metric bool) string {
	if !metric {
		return inches(tenths)
	}
	u := tenths * 254 // in hundredths of a millimetre: 1/10" = 2.54 mm
	neg := u < 0
	if neg {
		u = -u
	}
	cm := (u + 500) / 1000
	if neg {
		cm = -cm
	}
	return fmt.Sprintf("%d cm", cm)
}

// instructions is the players' list for a phase, in the order the
// rulebook gives ("Environment phase", "Grenades", "NPCs, Rotters"; the
// app's checklist, §10.7): lurkers, explosions, movement, new Rotters,
// attacks.
func instructions(c Config, ph Phase, chars []Character, metric bool) []Instruction {
	dist := func(t int) string { return FormatDistance(t, metric) }
	name := func(id string) string {
		for _, ch := range chars {
			if ch.ID == id && ch.Name != "" {
				return ch.Name
			}
		}
		return id
	}
	var out []Instruction
	var entered []string
	for _, l := range ph.Lurkers {
		in := Instruction{Step: StepLurkers, Section: l.Section, Character: l.Character, Kind: "normal", Count: 1,
			Lurker: l.ID, Detected: l.Detected}
		if l.Detected {
			in.Text = fmt.Sprintf("Lurker %s, a Shambler, wakes in %s and %s spots it (d100 %d, needed %d): place it in base contact with %s; enter its attack with the others.", l.ID, l.Section, name(l.Character), l.Roll, l.Need, name(l.Character))
		} else {
			in.Text = fmt.Sprintf("Lurker %s, a Shambler, springs on %s in %s unseen (d100 %d, needed %d): place it in base contact with %s; the console has entered its attack, do not enter it again.", l.ID, name(l.Character), l.Section, l.Roll, l.Need, name(l.Character))
			entered = append(entered, l.ID)
		}
		out = append(out, in)
	}
	out = append(out, Instruction{Step: StepExplosions, Text: "Measure every explosion's template from its marker: enter a hit for each character under it; Rotters in it, or moving through it, die."})
	var speeds []string
	for _, k := range c.Kinds {
		speeds = append(speeds, fmt.Sprintf("%s %s", k.Name, dist(k.MoveTenths)))
	}
	target := "the centre of " + ph.Section
	if ph.Character != "" {
		target = fmt.Sprintf("%s in %s", name(ph.Character), ph.Section)
	}
	out = append(out, Instruction{Step: StepMove, Section: ph.Section, Character: ph.Character,
		Text: fmt.Sprintf("Move every Rotter on the table (%s): a Rotter within %s of a character who is not down goes straight for the closest one; every other Rotter heads straight for %s. Rotters never step away from their target: blocked, they stop.",
			strings.Join(speeds, ", "), dist(c.AggroTenths), target)})
	for _, s := range ph.Spawns {
		k, _ := c.kind(s.Kind)
		at := s.Place.At
		where := fmt.Sprintf("spawn point %s", s.Point)
		if s.Place.Pushed {
			where += fmt.Sprintf(", pushed along the edge to %s × %s (it was within %s of a character; the player whose turn it is may push it elsewhere outside that range)", dist(at.X), dist(at.Y), dist(c.SpawnExclusionTenths))
		}
		out = append(out, Instruction{Step: StepSpawn, Point: s.Point, At: &at, Kind: s.Kind, Count: s.Count,
			Text: fmt.Sprintf("Place %d new %s (%s Rotter%s) at %s; they do not move or attack this phase.", s.Count, plural(k.Name, s.Count), s.Kind, plural("", s.Count), where)})
	}
	attacks := "Every Rotter in base contact with a character attacks it (new ones do not): enter the attacks per character and kind (the player whose turn it is picks the victim of a Rotter touching several); the app rolls them."
	if len(entered) > 0 {
		what := "its attack"
		if len(entered) > 1 {
			what = "their attacks"
		}
		attacks += fmt.Sprintf(" Leave out lurker %s: the console entered %s already.", strings.Join(entered, ", "), what)
	}
	out = append(out, Instruction{Step: StepAttacks, Text: attacks})
	return out
}

// plural adds an s for more than one.
func plural(s string, n int) string {
	if n == 1 {
		return s
	}
	return s + "s"
}
