package padscreen

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
)

// TestCaptureScreens renders the home, score pad, report, new-game and
// settings screens to PNG files for a person to look at, when
// CC_CAPTURE_DIR names a folder:
//
//	CC_CAPTURE_DIR=/tmp/shots go test -run CaptureScreens ./app/...
func TestCaptureScreens(t *testing.T) {
	dir := apptest.CaptureDir(t)
	for _, c := range apptest.CaptureSizes {
		st := console.NewMemStore()
		sess := newPad(t, st, "Friday night Catan", map[string]string{"target": "30"}, "Alice", "Bob", "Carol", "Dmitri")
		u, w := newTestUI(t, st, c.Size)
		shot := apptest.Shooter(t, dir, c.Name, w)
		shot("home")
		u.ShowGame(console.NewLocal(sess))
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
		home.ShowNewGame(u, sess.Rules())
		shot("newgame")
		u.Home()
		shot("home-games")
		home.ShowSettings(u)
		shot("settings")
		light := u.Settings()
		light.Theme = kit.ThemeLight
		u.ApplySettings(light)
		u.ShowGame(console.NewLocal(sess))
		shot("scorepad-light")
		light.Theme = kit.ThemeDark
		u.ApplySettings(light)

	}
}
