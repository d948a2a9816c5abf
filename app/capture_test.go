package app

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games"
)

// TestCaptureScreens renders the main screens to PNG files for a person to
// look at, when CC_CAPTURE_DIR names a folder:
//
//	CC_CAPTURE_DIR=/tmp/shots go test -run CaptureScreens ./app/
func TestCaptureScreens(t *testing.T) {
	dir := os.Getenv("CC_CAPTURE_DIR")
	if dir == "" {
		t.Skip("set CC_CAPTURE_DIR to write screenshots")
	}
	for _, c := range []struct {
		name string
		size fyne.Size
	}{{"landscape", fyne.NewSize(1280, 800)}, {"portrait", fyne.NewSize(800, 1280)}, {"phone", fyne.NewSize(412, 915)}} {
		st := console.NewMemStore()
		sess := newPad(t, st, "Friday night Catan", map[string]string{"target": "30"}, "Alice", "Bob", "Carol", "Dmitri")
		u, w := newTestUI(t, st, c.size)
		shot := func(what string) {
			t.Helper()
			f, err := os.Create(filepath.Join(dir, c.name+"-"+what+".png"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if err := png.Encode(f, w.Canvas().Capture()); err != nil {
				t.Fatal(err)
			}
		}
		shot("home")
		u.showGame(sess)
		s := padScreen(t, u)
		for r, pts := range [][]int{{3, 5, 2, 4}, {4, 2, 6, 1}, {2, 3, 1, 5}} {
			for p, n := range pts {
				s.selectCell(p, r+1)
				s.add(n)
			}
			tapButton(t, w, "Next round")
		}
		test.Tap(header(s, 1))
		tapButton(t, w, "1")
		tapButton(t, w, "2")
		shot("scorepad")
		tapButton(t, w, "History")
		shot("history")
		tapButton(t, w, "Close")
		tapButton(t, w, "End game")
		shot("confirm")
		tapButton(t, w, "End game")
		shot("end")
		tapButton(t, w, "Battle report")
		shot("report")
		u.showNewGame(sess.Rules())
		shot("newgame")
		u.showHome()
		shot("home-games")
		u.showSettings()
		shot("settings")
		u.settingsScreen.theme.SetSelected(labelLight)
		u.showGame(sess)
		shot("scorepad-light")
		u.settingsScreen.theme.SetSelected(labelDark)

		// Systems without a screen of their own, on the generic screen.
		for _, r := range games.Playable() {
			info := r.Info()
			if _, own := screens[info.ID]; own {
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
			u.showGame(gs)
			shot("generic-" + info.ID)
		}
	}
}
