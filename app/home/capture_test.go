package home

import (
	"testing"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
)

// TestCaptureScreens renders the stats screen to PNG files for a person to
// look at, when CC_CAPTURE_DIR names a folder:
//
//	CC_CAPTURE_DIR=/tmp/shots go test -run CaptureScreens ./app/...
func TestCaptureScreens(t *testing.T) {
	dir := apptest.CaptureDir(t)
	for _, c := range apptest.CaptureSizes {
		st := console.NewMemStore()
		u, w := newTestUI(t, st, c.Size)
		shot := apptest.Shooter(t, dir, c.Name, w)
		finishPad(t, st, "Tuesday Catan", []int{12, 9}, "Alice", "Bob")
		finishPad(t, st, "Wednesday Catan", []int{7, 11}, "Alice", "Dmitri")
		ShowStats(u)
		shot("stats")
	}
}
