package lorscreen

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// hiddenNames returns the names of seat's hidden characters, from its own
// view.
func hiddenNames(t *testing.T, g console.Game, seat console.Seat) []string {
	t.Helper()
	st, err := g.State(seat)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range st.View.(landsofruin.View).Characters {
		if c.Own != nil && c.Own.Hidden {
			out = append(out, c.Name)
		}
	}
	return out
}

// TestHotSeatHandOverShowsNoHiddenEnemy plays a Fight to the Death with
// infiltrators on one tablet: after every hand-over, neither the hand-over
// screen nor the next player's screen has any text naming a hidden
// character of the other seat (the cards, the map's labels, the enemy
// stack, the panel, the last result).
func TestHotSeatHandOverShowsNoHiddenEnemy(t *testing.T) {
	sess, err := console.Create(landsofruin.New(), console.Setup{System: landsofruin.ID, Title: "Fight", Seed: 3,
		Seats: []console.Seat{"ana", "ben"}}, console.Options{Store: console.NewMemStore()})
	if err != nil {
		t.Fatal(err)
	}
	s, f, clk := newTestScreen(t, sess, HotSeat{All: []console.Seat{"ana", "ben"}})
	steps := []struct {
		seat console.Seat
		cmd  string
		kv   []any
	}{
		{"ana", landsofruin.CmdChooseSide, []any{"side", "south"}},
		{"ana", landsofruin.CmdChooseTeam, []any{"team", "dorians-detachment"}},
		{"ana", landsofruin.CmdReady, nil},
		{"ben", landsofruin.CmdChooseSide, []any{"side", "north"}},
		{"ben", landsofruin.CmdChooseTeam, []any{"team", "night-raiders"}},
		{"ben", landsofruin.CmdReady, nil},
		// The tablet stays with ben for his pre-game.
		{"ben", landsofruin.CmdInfiltrate, []any{"character", "whisper", "section", "crossing"}},
		{"ben", landsofruin.CmdReady, nil},
		{"ana", landsofruin.CmdInfiltrate, []any{"character", "kestrel", "section", "sw-block"}},
		{"ana", landsofruin.CmdReady, nil},
	}
	for i := 0; i < 16; i++ { // four player turns of phases
		steps = append(steps, struct {
			seat console.Seat
			cmd  string
			kv   []any
		}{"", landsofruin.CmdEndPhase, nil})
	}
	handovers, sawOwn := 0, 0
	check := func(when string) {
		t.Helper()
		screen := strings.Join(texts(f.win), "\n")
		for _, seat := range []console.Seat{"ana", "ben"} {
			if seat == s.Holder() {
				if _, handing := s.HandingOver(); !handing {
					// A player sees their own: the check can see names.
					for _, name := range hiddenNames(t, f.game, seat) {
						if strings.Contains(screen, name) {
							sawOwn++
						}
					}
					continue
				}
			}
			for _, name := range hiddenNames(t, f.game, seat) {
				if strings.Contains(screen, name) {
					t.Fatalf("%s, %s's screen (handing over: %v) names %s's hidden %s:\n%s", when, s.Holder(), s.handing, seat, name, screen)
				}
			}
		}
	}
	for i, st := range steps {
		if next, handing := s.HandingOver(); handing {
			check("hand-over screen before step " + st.cmd)
			if st.seat != "" && next != st.seat {
				t.Fatalf("step %d (%s by %s): the tablet goes to %s", i, st.cmd, st.seat, next)
			}
			clk.now = clk.now.Add(2 * lockFor)
			test.Tap(s.handBtn)
			handovers++
			check("after the hand-over to " + string(next))
		}
		if st.seat != "" && s.Holder() != st.seat {
			t.Fatalf("step %d (%s by %s): the screen is %s's", i, st.cmd, st.seat, s.Holder())
		}
		args := map[string]any{}
		for j := 0; j+1 < len(st.kv); j += 2 {
			args[st.kv[j].(string)] = st.kv[j+1]
		}
		clk.now = clk.now.Add(2 * lockFor)
		if err := s.act(st.cmd, args); err != nil {
			t.Fatalf("step %d: %s by %s: %v", i, st.cmd, s.Holder(), err)
		}
		check("after " + st.cmd)
	}
	if handovers < 6 {
		t.Fatalf("only %d hand-overs in setup, pre-game and four player turns", handovers)
	}
	if sawOwn == 0 {
		t.Fatal("no screen ever showed its own hidden character: the check reads no names")
	}
	if len(hiddenNames(t, f.game, "ana")) == 0 || len(hiddenNames(t, f.game, "ben")) == 0 {
		t.Fatal("the infiltrators are not hidden: the test checks nothing")
	}
}

// TestHandOverIgnoresTheSecondTapOfADoubleTap: the player who ended their
// phase with a double tap does not open the next player's screen with the
// second tap (the hand-over button comes up under the confirmation's).
func TestHandOverIgnoresTheSecondTapOfADoubleTap(t *testing.T) {
	s, _, clk := newTestScreen(t, newTutorial(t), HotSeat{All: []console.Seat{"alice", "bob"}})
	// Opening the game: nobody's screen was up, the first tap counts.
	test.Tap(s.handBtn)
	if _, handing := s.HandingOver(); handing || s.Holder() != "alice" {
		t.Fatalf("at opening: holder %q, handing %v", s.Holder(), handing)
	}
	mustDo(t, s, landsofruin.CmdChooseRole, "role", "reclaimers")
	mustDo(t, s, landsofruin.CmdChooseSide, "side", "south")
	mustDo(t, s, landsofruin.CmdChooseTeam, "team", "tutorial-reclaimers")
	mustDo(t, s, landsofruin.CmdReady)
	test.Tap(s.handBtn) // alice's second tap
	if next, handing := s.HandingOver(); !handing || next != "bob" || s.Holder() != "alice" {
		t.Fatalf("a tap at once after the hand-over screen came: holder %q, handing %v to %q; want the hand-over to bob still up", s.Holder(), handing, next)
	}
	clk.now = clk.now.Add(2 * lockFor)
	test.Tap(s.handBtn)
	if _, handing := s.HandingOver(); handing || s.Holder() != "bob" {
		t.Fatalf("bob's tap a moment later: holder %q, handing %v", s.Holder(), handing)
	}
}

// TestUndoOfTheOtherPlayersCommandIsNotOffered: after the hand-over the
// last command is the previous player's, which only they may undo: the
// menu greys Undo instead of offering a tap that can only be refused.
func TestUndoOfTheOtherPlayersCommandIsNotOffered(t *testing.T) {
	s, f, clk := newTestScreen(t, newTutorial(t), HotSeat{All: []console.Seat{"alice", "bob"}})
	test.Tap(s.handBtn)
	mustDo(t, s, landsofruin.CmdChooseRole, "role", "reclaimers")
	mustDo(t, s, landsofruin.CmdChooseSide, "side", "south")
	mustDo(t, s, landsofruin.CmdChooseTeam, "team", "tutorial-reclaimers")
	mustDo(t, s, landsofruin.CmdReady)
	clk.now = clk.now.Add(2 * lockFor)
	test.Tap(s.handBtn)
	if s.Holder() != "bob" {
		t.Fatalf("the tablet is %s's", s.Holder())
	}
	for _, it := range s.menuItems() {
		if strings.HasPrefix(it.Label, "Undo") || strings.HasPrefix(it.Label, "Nothing") {
			if !it.Disabled || it.Label != "Nothing of yours to undo" {
				t.Fatalf("bob's menu offers %q (disabled %v) for alice's last command", it.Label, it.Disabled)
			}
		}
	}
	if len(f.failed) != 0 {
		t.Fatalf("refusals: %q", f.failed)
	}
}

// TestGameOverOnASharedTabletShowsTheResultNotAPlayersScreen: when the
// game ends on a hot-seat tablet, the last player's screen (their hidden
// characters never revealed, the history of their secret moves) is not
// left on show: the tablet shows the result, the report and a button per
// player; each player's screen comes after "I am …", and goes away again
// from the menu.
func TestGameOverOnASharedTabletShowsTheResultNotAPlayersScreen(t *testing.T) {
	sess, err := console.Create(landsofruin.New(), console.Setup{System: landsofruin.ID, Title: "Fight", Seed: 3,
		Seats: []console.Seat{"ana", "ben"}}, console.Options{Store: console.NewMemStore()})
	if err != nil {
		t.Fatal(err)
	}
	s, f, clk := newTestScreen(t, sess, HotSeat{All: []console.Seat{"ana", "ben"}})
	steps := []struct {
		cmd string
		kv  []any
	}{
		{landsofruin.CmdChooseSide, []any{"side", "south"}},
		{landsofruin.CmdChooseTeam, []any{"team", "dorians-detachment"}},
		{landsofruin.CmdReady, nil},
		{landsofruin.CmdChooseSide, []any{"side", "north"}},
		{landsofruin.CmdChooseTeam, []any{"team", "night-raiders"}},
		{landsofruin.CmdReady, nil},
		{landsofruin.CmdInfiltrate, []any{"character", "whisper", "section", "crossing"}},
		{landsofruin.CmdReady, nil},
		{landsofruin.CmdInfiltrate, []any{"character", "kestrel", "section", "sw-block"}},
		{landsofruin.CmdReady, nil},
		{landsofruin.CmdProposeEnd, nil},
		{landsofruin.CmdAgreeEnd, nil},
		{landsofruin.CmdReady, nil},
		{landsofruin.CmdReady, nil},
	}
	for i, st := range steps {
		if _, handing := s.HandingOver(); handing {
			clk.now = clk.now.Add(2 * lockFor)
			test.Tap(s.handBtn)
		}
		args := map[string]any{}
		for j := 0; j+1 < len(st.kv); j += 2 {
			args[st.kv[j].(string)] = st.kv[j+1]
		}
		if err := s.act(st.cmd, args); err != nil {
			t.Fatalf("step %d: %s by %s: %v", i, st.cmd, s.Holder(), err)
		}
	}
	hidden := append(hiddenNames(t, f.game, "ana"), hiddenNames(t, f.game, "ben")...)
	if len(hidden) != 2 {
		t.Fatalf("hidden characters at the end: %q, want an infiltrator of each", hidden)
	}
	over := func(when string) {
		t.Helper()
		if _, handing := s.HandingOver(); !handing {
			t.Fatalf("%s: %s's screen is on show", when, s.Holder())
		}
		screen := strings.Join(texts(f.win), "\n")
		if !strings.Contains(screen, "The game is over") || !strings.Contains(screen, "Battle report") {
			t.Fatalf("%s: the game-over screen shows:\n%s", when, screen)
		}
		for _, name := range hidden {
			if strings.Contains(screen, name) {
				t.Fatalf("%s: the screen names the hidden %s:\n%s", when, name, screen)
			}
		}
	}
	over("the game just ended")
	clk.now = clk.now.Add(2 * lockFor)
	var ben *widget.Button
	for _, o := range s.overBtns.Objects {
		if b, ok := o.(*widget.Button); ok && b.Text == "I am ben" {
			ben = b
		}
	}
	if ben == nil {
		t.Fatal("no button for ben's screen")
	}
	test.Tap(ben)
	if _, handing := s.HandingOver(); handing || s.Holder() != "ben" {
		t.Fatalf("after ben's tap: holder %s, handing %v", s.Holder(), handing)
	}
	s.hide()
	over("ben hid his screen")
}

// TestHandOverSaysWhyInOneSentence: the hand-over screen's line is one
// plain sentence: no "Turn 0" in the setup, the turn once in the battle,
// and an answer asked for reads as one.
func TestHandOverSaysWhyInOneSentence(t *testing.T) {
	s, _, clk := newTestScreen(t, newTutorial(t), HotSeat{All: []console.Seat{"alice", "bob"}})
	if got := s.handWhy.Text; got != "It is alice's setup." {
		t.Fatalf("setup hand-over says %q", got)
	}
	test.Tap(s.handBtn)
	for _, seat := range []string{"alice", "bob"} {
		role, side, team := "reclaimers", "south", "tutorial-reclaimers"
		if seat == "bob" {
			role, side, team = "baleans", "north", "tutorial-baleans"
		}
		mustDo(t, s, landsofruin.CmdChooseRole, "role", role)
		mustDo(t, s, landsofruin.CmdChooseSide, "side", side)
		mustDo(t, s, landsofruin.CmdChooseTeam, "team", team)
		mustDo(t, s, landsofruin.CmdReady)
		clk.now = clk.now.Add(2 * lockFor)
		if seat == "alice" {
			test.Tap(s.handBtn)
		}
	}
	if got := s.handWhy.Text; got != "It is alice's Action phase, turn 1." {
		t.Fatalf("battle hand-over says %q", got)
	}
	test.Tap(s.handBtn)
	mustDo(t, s, landsofruin.CmdProposeEnd)
	if got := s.handWhy.Text; got != "bob is asked to agree to end the game." {
		t.Fatalf("hand-over for an answer says %q", got)
	}
}
