package home

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/padscreen"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

// TestMain registers the score pad's screen (the new-game tests start pads), as the app's root does, and runs the tests.
func TestMain(m *testing.M) {
	play.Register(scorepad.ID, padscreen.New)
	apptest.Main(m)
}

// newTestUI starts the interface on a test app and window of the given
// size, with st as the save store.
func newTestUI(t *testing.T, st console.Store, size fyne.Size) (*shell.UI, fyne.Window) {
	t.Helper()
	return apptest.NewUI(t, st, size, New)
}

// padScreen returns the score pad screen on show.
func padScreen(t *testing.T, u *shell.UI) *padscreen.Screen {
	t.Helper()
	return apptest.GameScreen[*padscreen.Screen](t, u)
}
