package runeball

import (
	"errors"
	"fmt"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// Phases of a match (SPEC.md §2.4) built so far.
const (
	PhaseRoster = "roster"
	PhaseStart  = "start"
	PhaseSetup  = "setup"
)

// Teams, as indexes: home is the first seat, away the second (§2.1).
const (
	Home = 0
	Away = 1
)

// state is the match (SPEC.md §2.3), as far as it is built. Every field
// is a value (the teams are roster.Team values), so a copy is a plain
// assignment.
type state struct {
	Seats         [2]string `msgpack:"seats"`
	RoundsPerHalf int       `msgpack:"rounds_per_half"`
	Phase         string    `msgpack:"phase"`
	Half          int       `msgpack:"half"`
	Round         int       `msgpack:"round"`
	Score         [2]int    `msgpack:"score"`
	// The Keshat round (RB-D59): recorded, its winner, a Keshat scored.
	KeshatDone   bool `msgpack:"keshat_done"`
	KeshatWinner int  `msgpack:"keshat_winner"`
	KeshatDouble bool `msgpack:"keshat_double"`
	// Kicking is the team kicking the next kickoff, −1 before the choice.
	Kicking int            `msgpack:"kicking"`
	Teams   [2]roster.Team `msgpack:"teams"`
}

var errWrongState = errors.New("runeball: not a Runeball match state")

func asState(s console.State) (*state, error) {
	g, ok := s.(*state)
	if !ok || g == nil {
		return nil, fmt.Errorf("%w (got %T)", errWrongState, s)
	}
	return g, nil
}

// teamID is the roster letter of team t.
func teamID(t int) roster.TeamID {
	if t == Away {
		return roster.Away
	}
	return roster.Home
}

// teamIndex is the index of a roster letter.
func teamIndex(id roster.TeamID) int {
	if id == roster.Away {
		return Away
	}
	return Home
}

// seatTeam is the team a seat runs, −1 for none.
func (g *state) seatTeam(seat console.Seat) int {
	for i, s := range g.Seats {
		if s == string(seat) {
			return i
		}
	}
	return -1
}

// bothLocked: the rosters are public (RB-D63).
func (g *state) bothLocked() bool { return g.Teams[Home].Locked && g.Teams[Away].Locked }

// firstChoice is the team with the first choice (the Keshat winner).
func (g *state) firstChoice() int { return g.KeshatWinner }

// secondChoice is the team with the second choice: the loser, or the
// winner after a Keshat (RB-F24).
func (g *state) secondChoice() int {
	if g.KeshatDouble {
		return g.KeshatWinner
	}
	return 1 - g.KeshatWinner
}

// EncodeState serialises the state for snapshots.
func (*Rules) EncodeState(s console.State) ([]byte, error) {
	g, err := asState(s)
	if err != nil {
		return nil, err
	}
	return console.Encode(g)
}

// DecodeState reads a snapshot back and checks it.
func (*Rules) DecodeState(b []byte) (console.State, error) {
	var g state
	if err := console.Decode(b, &g); err != nil {
		return nil, fmt.Errorf("runeball: decode state: %w", err)
	}
	if err := g.check(); err != nil {
		return nil, fmt.Errorf("runeball: decode state: %w", err)
	}
	return &g, nil
}

// check refuses a state that cannot come from play.
func (g *state) check() error {
	switch g.Phase {
	case PhaseRoster, PhaseStart, PhaseSetup:
	default:
		return fmt.Errorf("unknown phase %q", g.Phase)
	}
	if g.RoundsPerHalf < 1 || g.RoundsPerHalf > 20 || g.Kicking < -1 || g.Kicking > 1 || g.KeshatWinner < 0 || g.KeshatWinner > 1 {
		return fmt.Errorf("options out of range")
	}
	for t := range g.Teams {
		tm := &g.Teams[t]
		if tm.ID != teamID(t) || tm.Doctor < 0 || tm.Doctor > roster.TeamSize {
			return fmt.Errorf("team %d damaged", t)
		}
		for i, p := range tm.Players {
			if p.Slot != (roster.Slot{Team: tm.ID, N: i + 1}) {
				return fmt.Errorf("slot %d of team %s damaged", i+1, tm.ID)
			}
		}
	}
	return nil
}
