package padscreen

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

// joined is a game as a joined tablet holds it (sync/client.Client): it
// knows only its own seat, so LastActor always answers that seat. It
// tells of changes only when the test redraws (no subscription goroutine
// drawing while the test reads the widgets).
type joined struct {
	console.Game
	seat console.Seat
}

func (j joined) LastActor() (console.Seat, error) { return j.seat, nil }

func (joined) Subscribe(console.Seat, func(console.Update)) func() { return func() {} }

// undoButton returns the frame's Undo button.
func undoButton(t *testing.T, w fyne.Window) *widget.Button {
	t.Helper()
	b := apptest.Buttons(w, "Undo")
	if len(b) != 1 {
		t.Fatalf("%d Undo buttons, want 1", len(b))
	}
	return b[0]
}

// redraw draws the changes made elsewhere (as the subscription would).
func redraw(u *shell.UI) { u.Game().RefreshIfChanged() }

// TestJoinedPadSaysWhoseTabletAndUndoFollowsTheRules: a tablet that plays
// bob alone (a joined tablet, whose game cannot tell who acted last) says
// it is bob's; Undo is greyed with its reason while there is nothing to
// take back, enabled after alice's command (the pad lets any player undo
// any command) and takes it back; a spectator's tablet says it watches
// and never offers Undo.
func TestJoinedPadSaysWhoseTabletAndUndoFollowsTheRules(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewPad(t, st, "Evening", nil, "alice", "bob")
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGameAs(joined{console.NewLocal(sess), "bob"}, "bob")
	padScreen(t, u)
	apptest.WantText(t, w, "This tablet: bob")
	if !undoButton(t, w).Disabled() {
		t.Errorf("Undo is enabled before anyone played")
	}
	apptest.WantText(t, w, "Nothing to undo.")

	if _, err := sess.Do("alice", console.Command{Name: scorepad.CmdAdd, Args: map[string]any{"player": "alice", "points": 3}}); err != nil {
		t.Fatal(err)
	}
	redraw(u)
	if undoButton(t, w).Disabled() {
		t.Fatalf("Undo is greyed after alice's command, which bob may take back")
	}
	if strings.Contains(apptest.Texts(w), "Nothing to undo.") {
		t.Errorf("the reason stays while Undo is enabled")
	}
	apptest.TapButton(t, w, "Undo")
	if v := padScreen(t, u).View(); v.Players[0].Total != 0 {
		t.Fatalf("alice's total after bob's undo = %d, want 0", v.Players[0].Total)
	}
	if !undoButton(t, w).Disabled() {
		t.Errorf("Undo is enabled with nothing left to take back")
	}
	if n := len(w.Canvas().Overlays().List()); n != 0 {
		t.Errorf("%d dialogs open after the undo, want none", n)
	}

	// A spectator.
	if _, err := sess.Do("alice", console.Command{Name: scorepad.CmdAdd, Args: map[string]any{"player": "alice", "points": 2}}); err != nil {
		t.Fatal(err)
	}
	u.ShowGameAs(joined{console.NewLocal(sess), console.Public}, console.Public)
	padScreen(t, u)
	apptest.WantText(t, w, "This tablet watches the game (spectator)")
	if strings.Contains(apptest.Texts(w), "This tablet: ") {
		t.Errorf("a spectator's tablet is named as a player's")
	}
	if !undoButton(t, w).Disabled() {
		t.Errorf("a spectator may tap Undo")
	}
	apptest.WantText(t, w, "Only the players undo.")
}

// TestSharedPadNamesNoTablet: a pad passed round the table is nobody's
// tablet and says nothing of it; its Undo is greyed until a command.
func TestSharedPadNamesNoTablet(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewPad(t, st, "Evening", nil, "alice", "bob")
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	padScreen(t, u)
	if got := apptest.Texts(w); strings.Contains(got, "This tablet") {
		t.Errorf("a shared pad names a tablet:\n%s", got)
	}
	if !undoButton(t, w).Disabled() {
		t.Errorf("Undo is enabled before anyone played")
	}
	apptest.TapButton(t, w, "+1")
	if undoButton(t, w).Disabled() {
		t.Errorf("Undo is greyed after a command")
	}
}
