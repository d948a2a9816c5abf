package padscreen

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

func TestScorePadAddNextRoundAndUndo(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewPad(t, st, "Evening", nil, "alice", "bob")
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := padScreen(t, u)

	test.Tap(header(s, 1)) // bob
	if !header(s, 1).Selected || !cell(t, s, 1, 1).Selected {
		t.Fatalf("tapping bob did not select his current cell:\n%s", gridText(s))
	}
	apptest.TapButton(t, w, "+5")
	if got := cell(t, s, 1, 1).Text; got != "5" {
		t.Errorf("bob round 1 = %q after +5, want 5\n%s", got, gridText(s))
	}
	if got := total(s, 1).Text; got != "5" {
		t.Errorf("bob total = %q, want 5", got)
	}
	if !total(s, 1).Leader || total(s, 0).Leader {
		t.Errorf("leader marks: alice %v bob %v, want bob alone", total(s, 0).Leader, total(s, 1).Leader)
	}
	if !strings.Contains(header(s, 1).Text, "\u2605") {
		t.Errorf("bob's header %q is not marked as leader", header(s, 1).Text)
	}

	apptest.TapButton(t, w, "Next round")
	if s.view.Round != 2 || s.view.RoundCount != 2 {
		t.Fatalf("after Next round the pad is at round %d of %d rows, want 2", s.view.Round, s.view.RoundCount)
	}
	if !cell(t, s, 1, 2).Current || cell(t, s, 1, 1).Current {
		t.Errorf("current-round highlight is not on round 2:\n%s", gridText(s))
	}
	if !cell(t, s, 1, 2).Selected {
		t.Errorf("selection did not follow the new round:\n%s", gridText(s))
	}
	apptest.TapButton(t, w, "\u22121")
	if got, want := gridText(s), "Round | alice | \u2605 bob\nRound 1 | 0 | 5\nRound 2 | 0 | -1\nTotal | 0 | 4\n"; got != want {
		t.Errorf("grid:\n%s\nwant:\n%s", got, want)
	}

	// Undo three times: the −1, the next round, the +5.
	apptest.TapButton(t, w, "Undo")
	if got := total(s, 1).Text; got != "5" {
		t.Errorf("after undo bob's total = %q, want 5", got)
	}
	apptest.TapButton(t, w, "Undo")
	if s.view.RoundCount != 1 {
		t.Errorf("after undoing Next round there are %d rounds, want 1", s.view.RoundCount)
	}
	apptest.TapButton(t, w, "Undo")
	if got := total(s, 1).Text; got != "0" {
		t.Errorf("after undoing everything bob's total = %q, want 0", got)
	}
	// Nothing left: the Undo button is disabled rather than refusing.
	if b := apptest.Buttons(w, "Undo"); len(b) != 1 || !b[0].Disabled() {
		t.Errorf("Undo should be visible and disabled on an empty log")
	}
}

func TestScorePadNumberPadAddAndSet(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewPad(t, st, "Pad", nil, "alice", "bob")
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := padScreen(t, u)

	for _, k := range []string{"1", "2"} {
		apptest.TapButton(t, w, k)
	}
	apptest.TapButton(t, w, "Add 12")
	apptest.TapButton(t, w, "Next round")
	// Correct round 1 for alice: select the cell, type 7, Set.
	test.Tap(cell(t, s, 0, 1))
	apptest.TapButton(t, w, "7")
	apptest.TapButton(t, w, "\u00b1")
	apptest.TapButton(t, w, "Set -7")
	if got := cell(t, s, 0, 1).Text; got != "-7" {
		t.Errorf("alice round 1 = %q after Set -7, want -7\n%s", got, gridText(s))
	}
	if s.selRound != 1 {
		t.Errorf("selection moved to round %d, want it to stay on the corrected round 1", s.selRound)
	}
	lines, err := sess.History(console.Public)
	if err != nil {
		t.Fatal(err)
	}
	if got := lines[len(lines)-1].Text; got != "alice's round 1 score set to -7 (was 12)" {
		t.Errorf("last history line = %q", got)
	}
	apptest.TapButton(t, w, "History")
	apptest.WantText(t, w, "alice's round 1 score set to -7 (was 12)")
}

func TestScorePadEndToEndWithTie(t *testing.T) {
	st := console.NewMemStore()
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	test.Tap(apptest.FindTile(t, w, "Score pad"))
	// The new-game form: the title's entry, then one per seat.
	seat := func(i int) *widget.Entry { return apptest.Entries(w)[1+i] }
	test.Type(seat(0), "Ann")
	test.Type(seat(1), "Ben")
	apptest.TapButton(t, w, "Add player")
	test.Type(seat(2), "Cy")
	apptest.TapButton(t, w, "Start game")
	s := padScreen(t, u)

	// Round 1: Ann +5, Ben +5 (on the number pad), Cy +1.
	apptest.TapButton(t, w, "+5")
	test.Tap(header(s, 1))
	apptest.TapButton(t, w, "5")
	apptest.TapButton(t, w, "Add 5")
	test.Tap(header(s, 2))
	apptest.TapButton(t, w, "+1")
	apptest.TapButton(t, w, "Next round")
	apptest.TapButton(t, w, "End game")
	// The confirmation dialog repeats "End game"; apptest.TapButton takes the top.
	apptest.TapButton(t, w, "End game")

	if !s.view.Finished {
		t.Fatalf("the game is not finished after End game")
	}
	apptest.WantText(t, w, "Game over")
	var rows []string
	for _, o := range s.placements.Objects {
		var parts []string
		apptest.Walk(o, func(x fyne.CanvasObject) {
			if l, ok := x.(*widget.Label); ok {
				parts = append(parts, l.Text)
			}
		})
		rows = append(rows, strings.Join(parts, " "))
	}
	want := []string{"Ann =1st 5", "Ben =1st 5", "Cy 3rd 1"}
	if fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Errorf("placements = %q, want %q", rows, want)
	}
	metas, _, _ := st.List()
	if len(metas) != 1 || metas[0].Status != console.StatusFinished {
		t.Fatalf("store: %+v, want one finished game", metas)
	}

	// The battle report opens from the end screen and comes back.
	apptest.TapButton(t, w, "Battle report")
	if _, ok := u.Current().(*play.ReportScreen); !ok {
		t.Fatalf("screen is %T, want the report", u.Current())
	}
	apptest.WantText(t, w, "Ann")
	apptest.TapButton(t, w, "Back to game")
	s = padScreen(t, u)
	// Undo reopens the game.
	apptest.TapButton(t, w, "Undo")
	if s.view.Finished {
		t.Errorf("undo did not reopen the game")
	}
	apptest.TapButton(t, w, "Home")
	if _, ok := u.Current().(*home.Screen); !ok {
		t.Fatalf("Home led to %T", u.Current())
	}
}

func TestFinishedGameOpensReport(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewPad(t, st, "Last week", nil, "alice", "bob")
	if _, err := sess.Do("alice", console.Command{Name: scorepad.CmdAdd, Args: map[string]any{"player": "bob", "points": 3}}); err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Do("alice", console.Command{Name: scorepad.CmdEnd}); err != nil {
		t.Fatal(err)
	}
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	test.Tap(apptest.FindTile(t, w, "Last week"))
	r, ok := u.Current().(*play.ReportScreen)
	if !ok {
		t.Fatalf("screen is %T, want the report", u.Current())
	}
	if !strings.Contains(r.Markdown(), "Last week") || !strings.Contains(apptest.RichTextString(r.Text()), "bob") {
		t.Errorf("report does not name the game and its players:\n%s", r.Markdown())
	}
	apptest.TapButton(t, w, "Open game")
	if !padScreen(t, u).view.Finished {
		t.Errorf("the opened game is not shown as finished")
	}
}

// countingStore counts snapshots.
type countingStore struct {
	*console.MemStore
	snaps atomic.Int32
}

func (c *countingStore) PutSnapshot(id string, s console.Snapshot) error {
	c.snaps.Add(1)
	return c.MemStore.PutSnapshot(id, s)
}

func TestCheckpointOnLeaveAndBackground(t *testing.T) {
	st := &countingStore{MemStore: console.NewMemStore()}
	sess := apptest.NewPad(t, st, "Snap", nil, "alice")
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	apptest.TapButton(t, w, "+1")
	u.Checkpoint() // what the lifecycle hook calls on going to the background
	if got := st.snaps.Load(); got != 1 {
		t.Fatalf("%d snapshots after going to the background, want 1", got)
	}
	apptest.TapButton(t, w, "+1")
	apptest.TapButton(t, w, "Home")
	if got := st.snaps.Load(); got != 2 {
		t.Fatalf("%d snapshots after leaving the game, want 2", got)
	}
	if u.Game() != nil {
		t.Errorf("the game is still open after Home")
	}
}

func TestRefusedCommandShowsBanner(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewPad(t, st, "Limits", nil, "alice")
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	for _, k := range []string{"9", "9", "9", "9", "9", "9"} {
		apptest.TapButton(t, w, k)
	}
	apptest.TapButton(t, w, "Add 999999")
	if !u.Game().Banner().Visible() || !strings.Contains(u.Game().Banner().Text, "999999") {
		t.Fatalf("banner = %q (visible %v), want the refusal", u.Game().Banner().Text, u.Game().Banner().Visible())
	}
	apptest.TapButton(t, w, "+1")
	if u.Game().Banner().Visible() {
		t.Errorf("the banner stays after an accepted command")
	}
}

func TestNoLeaderMarksWhileAllTied(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewPad(t, st, "Tied", nil, "alice", "bob")
	u, _ := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := padScreen(t, u)
	for p := range 2 {
		if header(s, p).Leader || total(s, p).Leader || strings.Contains(header(s, p).Text, "\u2605") {
			t.Errorf("player %d is marked as leader while everyone is at 0:\n%s", p, gridText(s))
		}
	}
}
