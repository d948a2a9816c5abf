package runeball

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/field"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// The kickoff set-up (SPEC.md §2.7, RB-F25, RB-F26, RB-D14, RB-D15): the
// kicking team places its players on its own side and names its kicker in
// its kicker zone, says it is ready; then the receiving team places and
// says it is ready, and the kicking coach kicks.

// Set-up command names.
const (
	CmdPlace      = "place"
	CmdUnplace    = "unplace"
	CmdSetKicker  = "set-kicker"
	CmdReadySetup = "ready-setup"
)

// OnFieldPlayers is how many players a team fields (RB-F12).
const OnFieldPlayers = roster.OnField

// sideWords names a team's side: "x 1–15" or "x 17–31".
func sideWords(t int) string {
	if t == Away {
		return "x 17–31"
	}
	return "x 1–15"
}

// setupGate refuses a set-up command the set-up's order does not allow.
func (x *decider) setupGate() error {
	g := x.g
	if x.team != g.Kicking && !g.Field[g.Kicking].SetupReady {
		return console.RejectWith(console.ReasonNotYourTurn, "the kicking team sets up first: waiting for %s to be ready", teamName(g.Kicking))
	}
	if g.Field[x.team].SetupReady {
		return console.Reject("your team is ready: its set-up is closed")
	}
	return nil
}

// place puts players on cells of the team's own side.
func (x *decider) place(a console.Args) error {
	g := x.g
	if err := x.setupGate(); err != nil {
		return err
	}
	var slots []roster.Slot
	for _, id := range strings.Split(a.String("player"), ",") {
		if strings.TrimSpace(id) == "" {
			continue
		}
		s, err := roster.ParseSlot(id)
		if err != nil {
			return console.RejectWith(console.ReasonBadInput, "%v", err)
		}
		if teamIndex(s.Team) != x.team {
			return console.RejectWith(console.ReasonNotYourTurn, "%s is %s's player", s, s.Team.Seat())
		}
		slots = append(slots, s)
	}
	var cells []field.Cell
	for _, w := range strings.Split(a.String("hex"), ",") {
		if strings.TrimSpace(w) == "" {
			continue
		}
		c, err := field.ParseCoords(w)
		if err != nil {
			return console.RejectWith(console.ReasonBadInput, "%v", err)
		}
		if !c.Valid() {
			return console.RejectWith(console.ReasonBadInput, "%s is not a cell of the field (x 1–31, y 1–31, x+y even)", c)
		}
		cells = append(cells, c)
	}
	if len(slots) != len(cells) || len(slots) == 0 {
		return console.RejectWith(console.ReasonBadInput, "players and hexes must pair up (%d players, %d hexes)", len(slots), len(cells))
	}
	q := g.Field[x.team]
	moving := map[string]bool{}
	for _, s := range slots {
		moving[s.String()] = true
	}
	taken := map[field.Cell]bool{}
	newlyPlaced := 0
	for i, s := range slots {
		c := cells[i]
		p := q.Pos[s.N-1]
		if p.Out {
			return console.Reject("%s is Out and cannot be fielded", s)
		}
		switch side := field.Side(c); {
		case field.Neutral(c):
			return console.Reject("%s is in the neutral zone: place on your side (%s)", c, sideWords(x.team))
		case int(side) != x.team:
			return console.Reject("%s is on %s's side: place on your side (%s)", c, teamName(1-x.team), sideWords(x.team))
		}
		if who := g.occupant(c); (who != "" && !moving[who]) || taken[c] {
			if who == "" {
				who = "another player of this command"
			}
			return console.Reject("%s is taken by %s", c, who)
		}
		taken[c] = true
		if !p.OnField {
			newlyPlaced++
		}
	}
	if q.placed()+newlyPlaced > OnFieldPlayers {
		return console.Reject("%d players are already placed", OnFieldPlayers)
	}
	x.emit(EvPlayersPlaced, PlayersPlaced{Team: x.team, Slots: slotIDs(slots), Cells: cells})
	return nil
}

func slotIDs(ss []roster.Slot) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.String()
	}
	return out
}

// unplace takes a player back to the bench.
func (x *decider) unplace(a console.Args) error {
	if err := x.setupGate(); err != nil {
		return err
	}
	s, err := x.slotArg(a)
	if err != nil {
		return err
	}
	if !x.g.Field[x.team].Pos[s.N-1].OnField {
		return console.Reject("%s is not on the field", s)
	}
	x.emit(EvPlayerUnplaced, PlayerUnplaced{Slot: s.String()})
	return nil
}

// setKicker names the kicker, who stands in the kicker zone (RB-D15).
func (x *decider) setKicker(a console.Args) error {
	g := x.g
	if x.team != g.Kicking {
		return console.Reject("only the kicking team names a kicker")
	}
	if err := x.setupGate(); err != nil {
		return err
	}
	s, err := x.slotArg(a)
	if err != nil {
		return err
	}
	p := g.Field[x.team].Pos[s.N-1]
	if !p.OnField || !field.KickerZone(field.Team(x.team), p.Cell) {
		zone := "x 1–6"
		if x.team == Away {
			zone = "x 26–31"
		}
		return console.Reject("the kicker must stand within 6 columns of your end line (%s; l. 58, RB-D15)", zone)
	}
	x.emit(EvKickerSet, KickerSet{Slot: s.String()})
	return nil
}

// readySetup closes a team's set-up: its players placed, the kicker named.
func (x *decider) readySetup() error {
	g := x.g
	if err := x.setupGate(); err != nil {
		return err
	}
	q := g.Field[x.team]
	want := OnFieldPlayers
	if c := q.canPlay(); c < want {
		want = c
	}
	if n := q.placed(); n < want {
		return console.Reject("place %d players (%d placed, %d can play; l. 48)", want, n, q.canPlay())
	}
	for i, p := range q.Pos {
		if p.OnField && int(field.Side(p.Cell)) != x.team {
			return console.Reject("%s%d stands on %s, not on your side", teamID(x.team), i+1, p.Cell)
		}
	}
	if x.team == g.Kicking {
		if q.Kicker == 0 {
			return console.Reject("name your kicker (set-kicker)")
		}
		if k := q.Pos[q.Kicker-1]; !k.OnField || !field.KickerZone(field.Team(x.team), k.Cell) {
			return console.Reject("the kicker %s%d must stand in the kicker zone (set-kicker again)", teamID(x.team), q.Kicker)
		}
	}
	x.emit(EvSetupReady, SetupReady{Team: x.team})
	return nil
}

// Set-up events.
const (
	EvPlayersPlaced  = "players-placed"
	EvPlayerUnplaced = "player-unplaced"
	EvKickerSet      = "kicker-set"
	EvSetupReady     = "setup-ready"
)

type (
	// PlayersPlaced puts players on cells (moving them if placed).
	PlayersPlaced struct {
		Team  int          `msgpack:"team"`
		Slots []string     `msgpack:"slots"`
		Cells []field.Cell `msgpack:"cells"`
	}
	// PlayerUnplaced takes a player back to the bench.
	PlayerUnplaced struct {
		Slot string `msgpack:"slot"`
	}
	// KickerSet names the kicker.
	KickerSet struct {
		Slot string `msgpack:"slot"`
	}
	// SetupReady closes a team's set-up.
	SetupReady struct {
		Team int `msgpack:"team"`
	}
)

// applySetup folds the set-up events.
func (g *state) applySetup(e console.Event) error {
	dec := func(v any) error { return console.Decode(e.Data, v) }
	switch e.Type {
	case EvPlayersPlaced:
		var p PlayersPlaced
		if err := dec(&p); err != nil {
			return err
		}
		if len(p.Slots) != len(p.Cells) {
			return fmt.Errorf("%d players for %d cells", len(p.Slots), len(p.Cells))
		}
		for i, id := range p.Slots {
			s, err := roster.ParseSlot(id)
			if err != nil {
				return err
			}
			if !p.Cells[i].Valid() {
				return fmt.Errorf("%s is off the field", p.Cells[i])
			}
			q := &g.Field[teamIndex(s.Team)].Pos[s.N-1]
			q.OnField, q.Cell, q.Prone = true, p.Cells[i], false
		}
	case EvPlayerUnplaced:
		var p PlayerUnplaced
		if err := dec(&p); err != nil {
			return err
		}
		s, err := roster.ParseSlot(p.Slot)
		if err != nil {
			return err
		}
		q := &g.Field[teamIndex(s.Team)]
		q.Pos[s.N-1].OnField = false
		if q.Kicker == s.N {
			q.Kicker = 0
		}
	case EvKickerSet:
		var p KickerSet
		if err := dec(&p); err != nil {
			return err
		}
		s, err := roster.ParseSlot(p.Slot)
		if err != nil {
			return err
		}
		g.Field[teamIndex(s.Team)].Kicker = s.N
	case EvSetupReady:
		var p SetupReady
		if err := dec(&p); err != nil {
			return err
		}
		if p.Team != Home && p.Team != Away {
			return fmt.Errorf("team %d", p.Team)
		}
		g.Field[p.Team].SetupReady = true
		if g.Field[Home].SetupReady && g.Field[Away].SetupReady {
			g.Phase = PhaseKickoff
		}
	default:
		return fmt.Errorf("unknown event type %q", e.Type)
	}
	return nil
}
