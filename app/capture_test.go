package app

import (
	"fmt"
	"testing"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games"
)

// TestCaptureScreens renders the generic screen of every system without a
// screen of its own to PNG files for a person to look at, when
// CC_CAPTURE_DIR names a folder:
//
//	CC_CAPTURE_DIR=/tmp/shots go test -run CaptureScreens ./app/...
func TestCaptureScreens(t *testing.T) {
	dir := apptest.CaptureDir(t)
	for _, c := range apptest.CaptureSizes {
		st := console.NewMemStore()
		u, w := newTestUI(t, st, c.Size)
		shot := apptest.Shooter(t, dir, c.Name, w)
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
			gs, err := console.Create(r, console.Setup{Title: info.Name + " test", Seats: seats}, console.Options{Store: st, Clock: testClock})
			if err != nil {
				t.Fatalf("%s: %v", info.ID, err)
			}
			u.ShowGame(console.NewLocal(gs))
			shot("generic-" + info.ID)
		}
	}
}
