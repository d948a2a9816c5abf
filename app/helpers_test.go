package app

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/console"
)

// TestMain runs the tests; init has registered every screen.
func TestMain(m *testing.M) { apptest.Main(m) }

// newTestUI starts the interface on a test app and window of the given
// size, with st as the save store.
func newTestUI(t *testing.T, st console.Store, size fyne.Size) (*shell.UI, fyne.Window) {
	t.Helper()
	return apptest.NewUI(t, st, size, home.New)
}
