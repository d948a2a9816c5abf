package runeball

import (
	"errors"
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/field"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// Phases of a match (SPEC.md §2.4) built so far.
const (
	PhaseRoster = "roster"
	PhaseStart  = "start"
	PhaseSetup  = "setup"
	// PhaseKickoff waits for the kicking coach's kick (Flow K, the next
	// part to build).
	PhaseKickoff = "kickoff"
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
	// Field is where each team's players stand (§2.3), by slot.
	Field [2]squad `msgpack:"field"`
	Ball  ball     `msgpack:"ball"`
	// Prompt is what the match waits for (§2.6); nil when a coach acts.
	Prompt *prompt `msgpack:"prompt"`
	// FreeQueue are the free activations granted, first in first out
	// (RB-D26, RB-D67).
	FreeQueue []grant `msgpack:"free_queue"`
	// Order is the round's initiative order (S0); Current the activation
	// under way, nil between activations.
	Order   []entry     `msgpack:"order"`
	Current *activation `msgpack:"current"`
	// Suspended are the preempted and blitzed activations, last in first
	// out (Flow W).
	Suspended []activation `msgpack:"suspended"`
	// Windows are the teams' window modes ("" is ask, RB-D23).
	Windows [2]string `msgpack:"windows"`
	// Stop is the stoppage under way (phase stoppage).
	Stop stoppage `msgpack:"stop"`
	// Scored announces the last score in words ("Touchdown! H3 scores 3
	// for home"), from the score until the next kickoff is done.
	Scored string `msgpack:"scored,omitempty"`
}

// grant is a free activation granted to a team, and why (RB-D26).
type grant struct {
	Team   int    `msgpack:"team"`
	Reason string `msgpack:"reason"`
}

// squad is a team's players on the field and its set-up step.
type squad struct {
	Pos        [roster.TeamSize]pos `msgpack:"pos"`
	Kicker     int                  `msgpack:"kicker"` // slot 1…9 of the kicker, 0 none
	SetupReady bool                 `msgpack:"setup_ready"`
}

// pos is a player's place: on the field at Cell, or on the bench.
type pos struct {
	OnField bool       `msgpack:"on_field"`
	Cell    field.Cell `msgpack:"cell"`
	Prone   bool       `msgpack:"prone"`
	Out     bool       `msgpack:"out"` // unconscious (RB-F73); cannot be fielded
	St      Statuses   `msgpack:"st"`  // wound statuses (RB-F63…RB-F73)
	// DefUses are this round's Block and Dodge defences (RB-F58).
	DefUses [2]int `msgpack:"def_uses"`
	HP      int    `msgpack:"hp"` // current hit points (may go ≤ 0, RB-D40)
}

// placed counts a team's players on the field.
func (q *squad) placed() int {
	n := 0
	for _, p := range q.Pos {
		if p.OnField {
			n++
		}
	}
	return n
}

// canPlay counts a team's players that may be fielded (not Out).
func (q *squad) canPlay() int {
	n := 0
	for _, p := range q.Pos {
		if !p.Out {
			n++
		}
	}
	return n
}

// occupant is the player standing on c, or "".
func (g *state) occupant(c field.Cell) string {
	for t := range g.Field {
		for i, p := range g.Field[t].Pos {
			if p.OnField && p.Cell == c {
				return roster.Slot{Team: teamID(t), N: i + 1}.String()
			}
		}
	}
	return ""
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
	case PhaseRoster, PhaseStart, PhaseSetup, PhaseKickoff, PhasePlay, PhaseStoppage, PhaseOver:
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
		q := &g.Field[t]
		if q.Kicker < 0 || q.Kicker > roster.TeamSize {
			return fmt.Errorf("team %s's kicker %d", tm.ID, q.Kicker)
		}
		for i, p := range q.Pos {
			if p.OnField && !p.Cell.Valid() {
				return fmt.Errorf("%s%d stands off the field on %s", tm.ID, i+1, p.Cell)
			}
			if st := p.St; st.Bruise < 0 || st.Bleed < 0 || st.Pain < 0 || st.Slow < 0 || st.Bruise+st.Bleed+st.Pain+st.Slow > 99 {
				return fmt.Errorf("%s%d's statuses %s", tm.ID, i+1, st)
			}
		}
	}
	if len(g.FreeQueue) > 20 {
		return fmt.Errorf("%d free activations queued", len(g.FreeQueue))
	}
	for _, q := range g.FreeQueue {
		if t := q.Team; t != Home && t != Away {
			return fmt.Errorf("a free activation for team %d", t)
		}
	}
	if p := g.Prompt; p != nil {
		if p.Kind != PromptDice && p.Kind != PromptChoice || len(p.Dice) > 20 || p.Team < -1 || p.Team > 1 {
			return fmt.Errorf("a damaged prompt")
		}
		for _, d := range p.Dice {
			if d.Sides < 2 || d.Sides > 20 {
				return fmt.Errorf("a d%d in the prompt", d.Sides)
			}
		}
		if p.Kind == PromptChoice && p.Team < 0 {
			return fmt.Errorf("a choice for nobody")
		}
	}
	if err := g.checkRounds(); err != nil {
		return err
	}
	seen := map[field.Cell]bool{}
	for t := range g.Field {
		for _, p := range g.Field[t].Pos {
			if p.OnField {
				if seen[p.Cell] {
					return fmt.Errorf("two players on %s", p.Cell)
				}
				seen[p.Cell] = true
			}
		}
	}
	return nil
}

// checkRounds refuses a damaged order or activation.
func (g *state) checkRounds() error {
	if len(g.Order) > 2*roster.TeamSize {
		return fmt.Errorf("an order of %d entries", len(g.Order))
	}
	for _, e := range g.Order {
		if _, err := roster.ParseSlot(e.Player); err != nil {
			return fmt.Errorf("order: %w", err)
		}
		switch e.Status {
		case EntryPending, EntryDone, EntrySkipped, EntryHoldingFul, EntryHoldingHlf:
		default:
			return fmt.Errorf("order entry of %s: status %q", e.Player, e.Status)
		}
		if len(e.Keys) > 50 {
			return fmt.Errorf("order entry of %s damaged", e.Player)
		}
	}
	if len(g.Suspended) > 2*roster.TeamSize {
		return fmt.Errorf("%d suspended activations", len(g.Suspended))
	}
	for _, m := range g.Windows {
		if m != "" && m != WindowsAsk && m != WindowsPass {
			return fmt.Errorf("window mode %q", m)
		}
	}
	for _, c := range g.Suspended {
		if err := c.check(); err != nil {
			return err
		}
	}
	if c := g.Current; c != nil {
		if err := c.check(); err != nil {
			return err
		}
	}
	if p := g.Prompt; p != nil && (strings.HasPrefix(p.Step, "window") || p.Flow.Cand.Player != "") {
		return p.Flow.Cand.check()
	}
	return nil
}

// check refuses a damaged activation.
func (c *activation) check() error {
	if _, err := roster.ParseSlot(c.Player); err != nil {
		return fmt.Errorf("activation: %w", err)
	}
	switch c.Kind {
	case KindNormal, KindFree, KindKickoffFree, KindBlitz, KindHeldFull, KindHeldHalf:
	default:
		return fmt.Errorf("activation of %s: kind %q", c.Player, c.Kind)
	}
	if c.Halves < 0 || c.Halves > 2 {
		return fmt.Errorf("activation of %s: %d halves", c.Player, c.Halves)
	}
	if m := c.Move; m != nil && (m.Allowance < 0 || m.Allowance > 30 || m.SprintMax < 0 || m.SprintMax > 2 || m.Used < 0 || m.Used > 40) {
		return fmt.Errorf("move of %s damaged", c.Player)
	}
	return nil
}

// onField is the position of the player an event names, or an error for
// an id that is no player (Apply refuses the event).
func (g *state) onField(id string) (*pos, error) {
	p, _, t := g.place(id)
	if p == nil || t < 0 {
		return nil, fmt.Errorf("no player %q", id)
	}
	return p, nil
}
