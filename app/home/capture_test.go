package home

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/console"
)

// TestCaptureScreens renders the stats screen to PNG files for a person to
// look at, when CC_CAPTURE_DIR names a folder (apptest.Capture).
func TestCaptureScreens(t *testing.T) {
	apptest.Capture(t, New, func(t *testing.T, st console.Store, u *shell.UI, w fyne.Window, shot func(string)) {
		apptest.FinishPad(t, st, "Tuesday Catan", []int{12, 9}, "Alice", "Bob")
		apptest.FinishPad(t, st, "Wednesday Catan", []int{7, 11}, "Alice", "Dmitri")
		ShowStats(u)
		shot("stats")
	})
}
