package home

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
)

// checkStats renders the stats screen at size and checks its layout.
func checkStats(t *testing.T, largest bool, size fyne.Size) {
	t.Helper()
	st := console.NewMemStore()
	apptest.FinishPad(t, st, "One", []int{3, 5}, "Alexandra Montgomery", "Bob")
	apptest.FinishPad(t, st, "Two", []int{8, 2}, "Alexandra Montgomery", "Bob")
	u, w, name := apptest.LayoutUI(t, st, size, largest, New)
	ShowStats(u)
	apptest.CheckLayout(t, w, size, name+" stats")
}
