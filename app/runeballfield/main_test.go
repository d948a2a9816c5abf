package runeballfield

import (
	"testing"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
)

// TestMain runs the tests on Fyne's test app with the fyne.Do migration
// declared, as FyneApp.toml declares it for the real app (apptest.Main).
func TestMain(m *testing.M) { apptest.Main(m) }
