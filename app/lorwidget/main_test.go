package lorwidget

import (
	"testing"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
)

// TestMain runs the tests on Fyne's test app with the fyne.Do migration
// declared, as FyneApp.toml declares it for the real app: without it, under
// the mobile tag, fyne.Do and SetTheme run on goroutines of their own and
// race the test (apptest.Main).
func TestMain(m *testing.M) { apptest.Main(m) }
