package app

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games"
)

// TestCaptureScreens renders the generic screen of every system without a
// screen of its own to PNG files for a person to look at, when
// CC_CAPTURE_DIR names a folder (apptest.Capture).
func TestCaptureScreens(t *testing.T) {
	apptest.Capture(t, home.New, func(t *testing.T, st console.Store, u *shell.UI, w fyne.Window, shot func(string)) {
		// Systems without a screen of their own, on the generic screen.
		for _, r := range games.Playable() {
			info := r.Info()
			if play.Registered(info.ID) {
				continue
			}
			var seats []console.Seat
			for i := 0; i < max(info.MinSeats, 1); i++ {
				seats = append(seats, console.Seat(fmt.Sprintf("Seat %d", i+1)))
			}
			gs, err := console.Create(r, console.Setup{Title: info.Name + " test", Seats: seats}, console.Options{Store: st, Clock: apptest.Clock})
			if err != nil {
				t.Fatalf("%s: %v", info.ID, err)
			}
			u.ShowGame(console.NewLocal(gs))
			shot("generic-" + info.ID)
		}
	})
}
