package home

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
)

// checkStats renders the stats screen at size and checks its layout.
func checkStats(t *testing.T, largest bool, size fyne.Size) {
	t.Helper()
	name := fmt.Sprintf("%v\u00d7%v", size.Width, size.Height)
	if largest {
		name += " largest text"
	}
	st := console.NewMemStore()
	apptest.FinishPad(t, st, "One", []int{3, 5}, "Alexandra Montgomery", "Bob")
	apptest.FinishPad(t, st, "Two", []int{8, 2}, "Alexandra Montgomery", "Bob")
	u, w := newTestUI(t, st, size)
	if largest {
		apptest.LargestText(u)
	}
	ShowStats(u)
	apptest.CheckLayout(t, w, size, name+" stats")
}
