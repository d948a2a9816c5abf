package runeballscreen

import (
	"slices"
	"testing"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball"
)

// The kicking coach's set-up and the kickoff played by tapping on one
// tablet: the bench buttons and the field's cells place the seven, a
// tap on a placed player and Make … the kicker name him, Ready closes
// the set-up; the kick's target is tapped on the field, the dice on the
// pad, the catch on the answer buttons. The match ends where the golden
// script's commands take it (pass.jsonl, lines 38–61).
func TestSetupAndKickoffByTapping(t *testing.T) {
	st := console.NewMemStore()
	sess := fromScript(t, st, "pass", 37)
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	if _, ok := u.Game().Screen().(play.HotSeat); !ok {
		t.Fatalf("a match on one tablet is not a hot-seat screen")
	}
	s := screenOf(t, u)
	if s.seat != "home" || s.view.CellsFor != runeball.CmdPlace {
		t.Fatalf("the set-up acts as %s with %q offered, want home placing", s.seat, s.view.CellsFor)
	}
	for _, p := range [][2]string{{"H1", "12:16"}, {"H2", "12:18"}, {"H3", "12:14"}, {"H4", "14:16"}, {"H5", "10:16"}, {"H6", "8:12"}, {"H7", "8:20"}} {
		press(t, s, "bench-"+p[0])
		tapCell(t, s, p[1])
		if got := s.player(p[0]); !got.OnField || got.Cell != p[1] {
			t.Fatalf("%s is on %q after the taps, want %s", p[0], got.Cell, p[1])
		}
	}
	// a tap on a placed player, then on a free cell, moves him
	tapCell(t, s, "10:16")
	tapCell(t, s, "5:15")
	tapCell(t, s, "5:15")
	press(t, s, "set-kicker")
	press(t, s, "ready-setup")
	if s.seat != "away" {
		t.Fatalf("after home's Ready the tablet acts as %s, want away", s.seat)
	}
	apptest.DoShown(t, u, sess, "away", runeball.CmdPlace, map[string]any{"player": "A1,A2,A3,A4,A5,A6,A7", "hex": "18:16,18:14,18:18,20:16,22:12,22:20,26:16"})
	press(t, s, "ready-setup")
	if s.seat != "home" || s.view.CellsFor != runeball.CmdKick {
		t.Fatalf("kickoff acts as %s offering %q", s.seat, s.view.CellsFor)
	}
	tapCell(t, s, "10:16") // the kicking side: not a target
	if s.target != "" || s.buttons["kick-here"] != nil {
		t.Fatalf("a tap on the kicking side chose target %s", s.target)
	}
	tapCell(t, s, "20:16")
	press(t, s, "kick-here")
	faces(t, s, 7)    // the kick
	faces(t, s, 1, 4) // the scatter: two dice
	if p := s.view.Prompt; p == nil || p.Cmd != runeball.CmdLandChoice || s.seat != "away" {
		t.Fatalf("the landing asks %+v of %s", p, s.seat)
	}
	apptest.WantText(t, w, "Away coach")
	answer(t, s, "catch")
	faces(t, s, 2)
	sameAsScript(t, sess, "pass", 61)
	if s.view.Ball.Holder != "A4" {
		t.Errorf("the ball is with %q, want A4", s.view.Ball.Holder)
	}
}

// A pass played by tapping: the free activation's answer, Pass, the
// receiver tapped on the field (the flight drawn), Pass to, the dice.
func TestPassByTapping(t *testing.T) {
	st := console.NewMemStore()
	sess := fromScript(t, st, "pass", 61)
	u, _ := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	answer(t, s, "A4")
	press(t, s, "act-"+runeball.CmdPass)
	tapCell(t, s, "26:16") // A7
	if s.passTo != "A7" {
		t.Fatalf("the receiver tapped is %q", s.passTo)
	}
	press(t, s, "pass-to")
	if p := s.view.Prompt; p == nil || !slices.Equal(p.Flight, []string{"20:16", "26:16"}) {
		t.Fatalf("the pass's dice prompt draws no flight: %+v", p)
	}
	faces(t, s, 12)
	faces(t, s, 12)
	sameAsScript(t, sess, "pass", 68)
	if s.view.Ball.Holder != "A7" {
		t.Errorf("the ball is with %q after the pass, want A7", s.view.Ball.Holder)
	}
}

// A block played by tapping: the window's let-act, a half move drawn
// cell by cell, Block and the opponent tapped, the defence answered on
// the same tablet as the away coach, the dice, the push's answer.
func TestBlockByTapping(t *testing.T) {
	st := console.NewMemStore()
	sess := fromScript(t, st, "block", 67)
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	answer(t, s, "let H4 act")
	press(t, s, "act-"+runeball.CmdMove)
	tapCell(t, s, "15:15")
	tapCell(t, s, "16:16")
	tapCell(t, s, "17:15") // a wrong turn …
	tapCell(t, s, "17:15") // … taken back
	tapCell(t, s, "17:17")
	if !slices.Equal(s.path, []string{"15:15", "16:16", "17:17"}) {
		t.Fatalf("the path drawn is %v", s.path)
	}
	press(t, s, "go-half")
	if got := s.player("H4").Cell; got != "17:17" {
		t.Fatalf("H4 is on %s after the move", got)
	}
	press(t, s, "act-"+runeball.CmdBlock)
	tapCell(t, s, "18:14") // A2: not adjacent, nothing happens
	if s.view.Prompt != nil {
		t.Fatalf("a tap on a player out of reach blocked him")
	}
	tapCell(t, s, "18:16") // A1
	if s.seat != "away" {
		t.Fatalf("the defence is asked of %s", s.seat)
	}
	apptest.WantText(t, w, "H4 blocks A1")
	answer(t, s, s.view.Prompt.Answers[0].Label) // Block N
	faces(t, s, 12, 1)
	faces(t, s, 1)
	answer(t, s, "19:15")
	sameAsScript(t, sess, "block", 78)
}
