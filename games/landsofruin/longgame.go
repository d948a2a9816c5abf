package landsofruin

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
)

// A long, realistic game for the benchmarks (the package's and ccctl
// bench): the two-player tutorial played turn after turn with the commands
// players use most, so replay and resume are measured on the events a real
// evening records, the living world's included.

// LongGameSetup is the setup of LongGame: the two-player tutorial on the
// Crossroads map.
func LongGameSetup() console.Setup {
	return console.Setup{System: ID, Title: "long game", Seed: 11, Seats: []console.Seat{"alice", "bob"},
		Options: map[string]string{"scenario": "two-player-tutorial", "map": "crossroads"}}
}

// longSections are where the long game's characters walk, by seat.
var longSections = map[console.Seat][2]string{"alice": {"south-street", "crossing"}, "bob": {"north-street", "crossing"}}

// LongGame plays s, a game made with LongGameSetup, until its log holds at
// least events events: the set-up, then turns in which the current player
// moves every character, ends the Action and the Sync phase (one in five
// Sync phases is taken back by consent and ended again), assigns and takes
// back an action, ends the Command phase, enters and withdraws a Rotter
// attack, and ends the Environment phase. A refusal ends it with an error.
func LongGame(s *console.Session, events uint64) error {
	do := func(seat console.Seat, name string, kv ...any) error {
		args := map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			args[kv[i].(string)] = kv[i+1]
		}
		if _, err := s.Do(seat, console.Command{Name: name, Args: args}); err != nil {
			return fmt.Errorf("long game, event %d: %s %s %v: %w", s.Meta().LastSeq, seat, name, args, err)
		}
		return nil
	}
	for _, st := range []struct {
		seat      console.Seat
		cmd, k, v string
	}{{"alice", CmdChooseRole, "role", "reclaimers"}, {"bob", CmdChooseRole, "role", "baleans"},
		{"alice", CmdChooseSide, "side", "south"}, {"bob", CmdChooseSide, "side", "north"},
		{"alice", CmdChooseTeam, "team", "tutorial-reclaimers"}, {"bob", CmdChooseTeam, "team", "tutorial-baleans"},
		{"alice", CmdReady, "", ""}, {"bob", CmdReady, "", ""}} {
		var kv []any
		if st.k != "" {
			kv = []any{st.k, st.v}
		}
		if err := do(st.seat, st.cmd, kv...); err != nil {
			return err
		}
	}
	for turn := 0; s.Meta().LastSeq < events; turn++ {
		v, err := s.View(console.Public)
		if err != nil {
			return err
		}
		pv, ok := v.(View)
		if !ok || pv.Phase != PhaseAction {
			return fmt.Errorf("long game, event %d: phase %q, want an Action phase", s.Meta().LastSeq, pv.Phase)
		}
		seat := console.Seat(pv.Current)
		other := console.Seat("alice")
		if seat == other {
			other = "bob"
		}
		mine, err := s.View(seat)
		if err != nil {
			return err
		}
		var chars []CharView
		for _, c := range mine.(View).Characters {
			if c.Seat == string(seat) && c.Own != nil && !c.Down && !c.Own.Hidden {
				chars = append(chars, c)
			}
		}
		secs := longSections[seat]
		for _, c := range chars {
			to := secs[0]
			if c.Section == to {
				to = secs[1]
			}
			if c.Own.Movement > 0 {
				if err := do(seat, CmdMove, "character", c.ID, "section", to); err != nil {
					return err
				}
			}
		}
		if err := do(seat, CmdEndPhase); err != nil {
			return err
		}
		if turn%5 == 4 {
			for _, st := range []struct {
				seat console.Seat
				cmd  string
			}{{seat, CmdRequestUndo}, {other, CmdApproveUndo}, {seat, CmdEndPhase}} {
				if err := do(st.seat, st.cmd); err != nil {
					return err
				}
			}
		}
		if err := do(seat, CmdEndPhase); err != nil {
			return err
		}
		if len(chars) > 0 {
			// A refusal (the character down, the team panicked) skips the
			// pair; anything else is a failure.
			if err := do(seat, CmdAssign, "character", chars[0].ID, "action", "shoot"); err == nil {
				if err := do(seat, CmdUnassign, "character", chars[0].ID, "action", "shoot"); err != nil {
					return err
				}
			} else if !console.IsRejection(err) {
				return err
			}
		}
		if err := do(seat, CmdEndPhase); err != nil {
			return err
		}
		if len(chars) > 0 {
			if err := do(other, CmdRotterAttack, "character", chars[0].ID, "kind", "normal", "count", 1); err == nil {
				if err := do(other, CmdRotterAttack, "character", chars[0].ID, "kind", "normal", "count", 0); err != nil {
					return err
				}
			} else if !console.IsRejection(err) {
				return err
			}
		}
		if err := do(seat, CmdEndPhase); err != nil {
			return err
		}
	}
	return nil
}
