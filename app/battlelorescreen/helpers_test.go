package battlelorescreen

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/battlelore"
)

// TestMain registers BattleLore's screen, as the app's root does, and runs the tests.
func TestMain(m *testing.M) {
	play.Register(battlelore.ID, New)
	apptest.Main(m)
}

// Shorthands for the shared test kit.
var (
	newPad        = apptest.NewPad
	newRunika     = apptest.NewRunika
	newBattleLore = apptest.NewBattleLore
	doAs          = apptest.DoAs
	finishPad     = apptest.FinishPad
	doShown       = apptest.DoShown
	walk          = apptest.Walk
	objects       = apptest.Objects
	buttons       = apptest.Buttons
	tapButton     = apptest.TapButton
	buttonTexts   = apptest.ButtonTexts
	wantDisabled  = apptest.WantDisabled
	noButton      = apptest.NoButton
	findTile      = apptest.FindTile
	texts         = apptest.Texts
	wantText      = apptest.WantText
	checkLayout   = apptest.CheckLayout
	testClock     = apptest.Clock
	testNow       = apptest.Now
	landscapeSize = apptest.LandscapeSize
)

// newTestUI starts the interface on a test app and window of the given
// size, with st as the save store.
func newTestUI(t *testing.T, st console.Store, size fyne.Size) (*shell.UI, fyne.Window) {
	t.Helper()
	return apptest.NewUI(t, st, size, home.New)
}

// battleLoreScreenOf returns the BattleLore screen on show.
func battleLoreScreenOf(t *testing.T, u *shell.UI) *Screen {
	t.Helper()
	if u.Game() == nil {
		t.Fatalf("no game is open (screen is %T)", u.Current())
	}
	s, ok := u.Game().Screen().(*Screen)
	if !ok {
		t.Fatalf("game screen is %T, not BattleLore's", u.Game().Screen())
	}
	return s
}
