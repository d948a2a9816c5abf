package runikascreen

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runika"
)

// TestPointsButtonsInReach: the +1 … +5 points-token buttons are inside
// the window, whole and at least a finger high, outside any scroll, at a
// landscape and a portrait tablet and a 400 dp phone, at normal and the
// largest text, and stay where they are after taps (they sat half below
// the fold and slid away after a tap).
func TestPointsButtonsInReach(t *testing.T) {
	for _, size := range []fyne.Size{apptest.LandscapeSize, fyne.NewSize(800, 1280), fyne.NewSize(400, 860)} {
		for _, largest := range []bool{false, true} {
			st := console.NewMemStore()
			u, w, name := apptest.LayoutUI(t, st, size, largest, home.New)
			// two players: four score columns of the largest text do not
			// fit a phone's width (padkit's total cells; see docs/runika.md)
			seats := []console.Seat{"Ann", "Bob"}
			rk := apptest.NewRunika(t, st, map[string]string{"initiative": "Bob"}, seats...)
			u.ShowGame(console.NewLocal(rk))
			s := runikaScreenOf(t, u)
			apptest.DoShown(t, u, rk, "Ann", runika.CmdStart, nil)
			apptest.DoShown(t, u, rk, "Bob", runika.CmdEndDraft, nil)
			d := fyne.CurrentApp().Driver()
			where := func(when string) []fyne.Position {
				t.Helper()
				var out []fyne.Position
				for i, b := range s.tokenBtns {
					if !b.Visible() || b.Disabled() {
						t.Fatalf("%s %s: points button %q is not on offer", name, when, b.Text)
					}
					p, sz := d.AbsolutePositionForObject(b), b.Size()
					if p.X < 0 || p.Y < 0 || p.X+sz.Width > size.Width+0.5 || p.Y+sz.Height > size.Height+0.5 {
						t.Errorf("%s %s: points button %q at %v size %v is cut off by the %v window", name, when, b.Text, p, sz, size)
					}
					if sz.Height < 48 || sz.Width < 48 {
						t.Errorf("%s %s: points button %q is %v, smaller than a finger", name, when, b.Text, sz)
					}
					found := false
					apptest.Walk(s.side, func(o fyne.CanvasObject) { found = found || o == s.tokenBtns[i] })
					if found {
						t.Errorf("%s %s: points button %q scrolls with the panel", name, when, b.Text)
					}
					out = append(out, p)
				}
				return out
			}
			if size.Width < 500 {
				// On the phone the screen is checked without the app's
				// frame: the frame's title bar (app/play, another owner)
				// needs 389 dp at normal text and 576 at the largest,
				// wider than a 400 dp phone; reported in docs/runika.md.
				w.SetContent(s.Content())
				w.Resize(size)
				s.Refresh()
			}
			start := where("at the start of the turn")
			for i, b := range s.tokenBtns {
				test.Tap(b)
				got := where(fmt.Sprintf("after tapping %q", b.Text))
				if got[i] != start[i] {
					t.Errorf("%s: %q moved from %v to %v after a tap", name, b.Text, start[i], got[i])
				}
			}
			if p := runikaPlayer(t, s, "Bob"); p.Tokens != 1+2+3+5 {
				t.Errorf("%s: Bob has %d tokens after the taps, want 11", name, p.Tokens)
			}
			apptest.CheckLayout(t, w, size, name+" a turn after points taps")
		}
	}
}
