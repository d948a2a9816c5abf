package padscreen

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
)

// TestCaptureScreens renders the home, score pad, report, new-game and
// settings screens to PNG files for a person to look at, when
// CC_CAPTURE_DIR names a folder (apptest.Capture).
func TestCaptureScreens(t *testing.T) {
	apptest.Capture(t, home.New, func(t *testing.T, st console.Store, u *shell.UI, w fyne.Window, shot func(string)) {
		sess := apptest.NewPad(t, st, "Friday night Catan", map[string]string{"target": "30"}, "Alice", "Bob", "Carol", "Dmitri")
		u.Home() // with the game just saved
		shot("home")
		u.ShowGame(console.NewLocal(sess))
		s := padScreen(t, u)
		for r, pts := range [][]int{{3, 5, 2, 4}, {4, 2, 6, 1}, {2, 3, 1, 5}} {
			for p, n := range pts {
				s.selectCell(p, r+1)
				s.add(n)
			}
			apptest.TapButton(t, w, "Next round")
		}
		test.Tap(header(s, 1))
		apptest.TapButton(t, w, "1")
		apptest.TapButton(t, w, "2")
		shot("scorepad")
		apptest.TapButton(t, w, "History")
		shot("history")
		apptest.TapButton(t, w, "Close")
		apptest.TapButton(t, w, "End game")
		shot("confirm")
		apptest.TapButton(t, w, "End game")
		shot("end")
		apptest.TapButton(t, w, "Battle report")
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

	})
}
