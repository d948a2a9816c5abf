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

// newTestUI starts the interface on a test app and window of the given
// size, with st as the save store.
func newTestUI(t *testing.T, st console.Store, size fyne.Size) (*shell.UI, fyne.Window) {
	t.Helper()
	return apptest.NewUI(t, st, size, home.New)
}

// battleLoreScreenOf returns the BattleLore screen on show.
func battleLoreScreenOf(t *testing.T, u *shell.UI) *Screen {
	t.Helper()
	return apptest.GameScreen[*Screen](t, u)
}
