package lanbench

import (
	"errors"
	"fmt"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// Seats of the benchmark game: the two players of the Lands of Ruin
// tutorial. Every other device joins as a spectator (console.Public).
var (
	// SeatA is the first player (the Reclaimers).
	SeatA = console.Seat("alice")
	// SeatB is the second player (the Baleans).
	SeatB = console.Seat("bob")
)

// scriptSeats are the seats whose view the script records after every
// command: the two players and a spectator.
var scriptSeats = []console.Seat{SeatA, SeatB, console.Public}

// benchClock is the fixed clock of every benchmark game, so the recording
// and the measured games have the same history lines.
var benchClock = time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)

// Step is one command of a Script, with what each seat holds after it.
type Step struct {
	// Seat gives the command.
	Seat console.Seat
	// Cmd is the command; its ID is fixed, the same in every replay.
	Cmd console.Command
	// After is what each recorded seat (the players and console.Public)
	// holds once the command is done.
	After map[console.Seat]SeatAfter
}

// SeatAfter is what one seat holds after a step.
type SeatAfter struct {
	// Changed: the seat's view bytes differ from before the step, so the
	// host sends the seat a view (sync/host sends one only then).
	Changed bool
	// Seq is the seat's sequence number.
	Seq uint64
	// View is the canonical encoding of the seat's view (console.Encode).
	View []byte
	// Lines is the length of the seat's history.
	Lines int
	// LastSeq is the game log's length (the naive design's version
	// number).
	LastSeq uint64
}

// Script is a Lands of Ruin game as a list of commands: Prelude are the
// set-up commands (played, not measured), Steps the measured ones.
type Script struct {
	// Setup creates the game.
	Setup console.Setup
	// Prelude are the set-up commands: roles, sides, teams, ready.
	Prelude []Step
	// Steps are the commands measured, in order.
	Steps []Step
}

// NewSession creates the script's game in memory, with the fixed clock
// and id every replay uses.
func (s *Script) NewSession() (*console.Session, error) {
	sess, err := console.Create(landsofruin.New(), s.Setup, console.Options{
		Store: console.NewMemStore(), Clock: func() time.Time { return benchClock },
		NewID: func() string { return "lanbench" },
	})
	if err != nil {
		return nil, fmt.Errorf("lanbench: create the game: %w", err)
	}
	return sess, nil
}

// All returns the prelude then the measured steps.
func (s *Script) All() []Step {
	out := make([]Step, 0, len(s.Prelude)+len(s.Steps))
	return append(append(out, s.Prelude...), s.Steps...)
}

// recorder plays commands on a session and records each accepted one with
// every seat's state after it.
type recorder struct {
	sess  *console.Session
	last  map[console.Seat][]byte
	steps []Step
	n     int
}

func (r *recorder) do(seat console.Seat, name string, kv ...any) error {
	args := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		args[kv[i].(string)] = kv[i+1]
	}
	r.n++
	cmd := console.Command{ID: fmt.Sprintf("lanbench-%d", r.n), Name: name, Args: args}
	if _, err := r.sess.Do(seat, cmd); err != nil {
		return fmt.Errorf("lanbench script, event %d: %s %s %v: %w", r.sess.Meta().LastSeq, seat, name, args, err)
	}
	st := Step{Seat: seat, Cmd: cmd, After: map[console.Seat]SeatAfter{}}
	for _, s := range scriptSeats {
		ss, err := r.sess.SeatState(s)
		if err != nil {
			return fmt.Errorf("lanbench script: state of %s: %w", s, err)
		}
		b, err := console.Encode(ss.View)
		if err != nil {
			return fmt.Errorf("lanbench script: encode the view of %s: %w", s, err)
		}
		lines, err := r.sess.History(s)
		if err != nil {
			return fmt.Errorf("lanbench script: history of %s: %w", s, err)
		}
		st.After[s] = SeatAfter{Changed: string(b) != string(r.last[s]), Seq: ss.Seq, View: b,
			Lines: len(lines), LastSeq: r.sess.Meta().LastSeq}
		r.last[s] = b
	}
	r.steps = append(r.steps, st)
	return nil
}

// view is seat's Lands of Ruin view.
func (r *recorder) view(seat console.Seat) (landsofruin.View, error) {
	v, err := r.sess.View(seat)
	if err != nil {
		return landsofruin.View{}, err
	}
	lv, ok := v.(landsofruin.View)
	if !ok {
		return landsofruin.View{}, fmt.Errorf("lanbench script: a view of %T, not a Lands of Ruin view", v)
	}
	return lv, nil
}

// walkSections are where the script's characters walk, by seat.
var walkSections = map[console.Seat][2]string{SeatA: {"south-street", "crossing"}, SeatB: {"north-street", "crossing"}}

// NewScript plays a Lands of Ruin game (the tutorial of
// landsofruin.LongGameSetup) on a game of its own and records its set-up
// and then at least n measured commands, with what each seat holds after
// each. The turns are those of landsofruin.LongGame: the current player
// moves every character, ends the Action and the Sync phase (one Sync
// phase in five is taken back by consent and ended again), assigns and
// takes back an action, ends the Command phase; the other player enters
// and withdraws a Rotter attack; the Environment phase ends. A refused
// assignment or Rotter attack (the character is down) is left out.
func NewScript(n int) (*Script, error) {
	if n < 1 {
		return nil, errors.New("lanbench: a script needs at least one command")
	}
	s := &Script{Setup: landsofruin.LongGameSetup()}
	s.Setup.Title = "LAN benchmark"
	sess, err := s.NewSession()
	if err != nil {
		return nil, err
	}
	r := &recorder{sess: sess, last: map[console.Seat][]byte{}}
	for _, s := range scriptSeats {
		ss, err := sess.SeatState(s)
		if err != nil {
			return nil, fmt.Errorf("lanbench script: state of %s: %w", s, err)
		}
		if r.last[s], err = console.Encode(ss.View); err != nil {
			return nil, fmt.Errorf("lanbench script: encode the view of %s: %w", s, err)
		}
	}
	for _, st := range []struct {
		seat      console.Seat
		cmd, k, v string
	}{{SeatA, landsofruin.CmdChooseRole, "role", "reclaimers"}, {SeatB, landsofruin.CmdChooseRole, "role", "baleans"},
		{SeatA, landsofruin.CmdChooseSide, "side", "south"}, {SeatB, landsofruin.CmdChooseSide, "side", "north"},
		{SeatA, landsofruin.CmdChooseTeam, "team", "tutorial-reclaimers"}, {SeatB, landsofruin.CmdChooseTeam, "team", "tutorial-baleans"},
		{SeatA, landsofruin.CmdReady, "", ""}, {SeatB, landsofruin.CmdReady, "", ""}} {
		var kv []any
		if st.k != "" {
			kv = []any{st.k, st.v}
		}
		if err := r.do(st.seat, st.cmd, kv...); err != nil {
			return nil, err
		}
	}
	prelude := len(r.steps)
	for turn := 0; len(r.steps)-prelude < n; turn++ {
		if err := r.turn(turn); err != nil {
			return nil, err
		}
	}
	s.Prelude = r.steps[:prelude]
	s.Steps = r.steps[prelude : prelude+n]
	return s, nil
}

// turn plays one player's turn, as landsofruin.LongGame does.
func (r *recorder) turn(turn int) error {
	pv, err := r.view(console.Public)
	if err != nil {
		return err
	}
	if pv.Phase != landsofruin.PhaseAction {
		return fmt.Errorf("lanbench script, event %d: phase %q, want an Action phase", r.sess.Meta().LastSeq, pv.Phase)
	}
	seat, other := console.Seat(pv.Current), SeatA
	if seat == SeatA {
		other = SeatB
	}
	mine, err := r.view(seat)
	if err != nil {
		return err
	}
	var chars []landsofruin.CharView
	for _, c := range mine.Characters {
		if c.Seat == string(seat) && c.Own != nil && !c.Down && !c.Own.Hidden {
			chars = append(chars, c)
		}
	}
	secs := walkSections[seat]
	for _, c := range chars {
		to := secs[0]
		if c.Section == to {
			to = secs[1]
		}
		if c.Own.Movement > 0 {
			if err := r.do(seat, landsofruin.CmdMove, "character", c.ID, "section", to); err != nil {
				return err
			}
		}
	}
	if err := r.do(seat, landsofruin.CmdEndPhase); err != nil {
		return err
	}
	if turn%5 == 4 {
		for _, st := range []struct {
			seat console.Seat
			cmd  string
		}{{seat, landsofruin.CmdRequestUndo}, {other, landsofruin.CmdApproveUndo}, {seat, landsofruin.CmdEndPhase}} {
			if err := r.do(st.seat, st.cmd); err != nil {
				return err
			}
		}
	}
	if err := r.do(seat, landsofruin.CmdEndPhase); err != nil {
		return err
	}
	if len(chars) > 0 {
		if err := r.do(seat, landsofruin.CmdAssign, "character", chars[0].ID, "action", "shoot"); err == nil {
			if err := r.do(seat, landsofruin.CmdUnassign, "character", chars[0].ID, "action", "shoot"); err != nil {
				return err
			}
		} else if !console.IsRejection(err) {
			return err
		}
	}
	if err := r.do(seat, landsofruin.CmdEndPhase); err != nil {
		return err
	}
	if len(chars) > 0 {
		if err := r.do(other, landsofruin.CmdRotterAttack, "character", chars[0].ID, "kind", "normal", "count", 1); err == nil {
			if err := r.do(other, landsofruin.CmdRotterAttack, "character", chars[0].ID, "kind", "normal", "count", 0); err != nil {
				return err
			}
		} else if !console.IsRejection(err) {
			return err
		}
	}
	return r.do(seat, landsofruin.CmdEndPhase)
}
