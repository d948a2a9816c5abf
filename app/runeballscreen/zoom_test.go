package runeballscreen

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/runeballfield"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/field"
)

// The field zooms so a hex is a finger high at 1280×800 (about 30 dp when
// the whole field shows), and a set-up is played by tapping the zoomed
// field: each cell panned into view first, the tap landing inside the
// view. The zoom buttons pass the layout check (a finger wide, on screen).
func TestZoomedSetupByTapping(t *testing.T) {
	for _, largest := range []bool{false, true} {
		st := console.NewMemStore()
		u, w, name := apptest.LayoutUI(t, st, apptest.LandscapeSize, largest, home.New)
		sess := fromScript(t, st, "pass", 37)
		u.ShowGame(console.NewLocal(sess))
		s := screenOf(t, u)
		if h := s.fieldView.HexHeight(); h >= runeballfield.FingerSize {
			t.Logf("%s: hexes already %v dp", name, h)
		}
		zoomIn := findZoomIn(t, s)
		test.Tap(zoomIn)
		if h := s.fieldView.HexHeight(); h < runeballfield.FingerSize {
			t.Fatalf("%s: after one zoom in a hex is %.1f dp, want ≥ %d", name, h, runeballfield.FingerSize)
		}
		apptest.CheckLayout(t, w, apptest.LandscapeSize, name+" the field zoomed")
		d := fyne.CurrentApp().Driver()
		for _, p := range [][2]string{{"H1", "12:16"}, {"H2", "12:18"}, {"H5", "5:15"}} {
			press(t, s, "bench-"+p[0])
			c, _ := field.ParseCoords(p[1])
			s.fieldView.ShowCell(c)
			pos, _ := s.field.CellPosition(c)
			abs := d.AbsolutePositionForObject(s.field).Add(pos)
			view := d.AbsolutePositionForObject(s.fieldView)
			vs := s.fieldView.Size()
			if abs.X < view.X || abs.Y < view.Y || abs.X > view.X+vs.Width || abs.Y > view.Y+vs.Height {
				t.Fatalf("%s: %s is at %v, outside the field's view at %v size %v", name, p[1], abs, view, vs)
			}
			tapCell(t, s, p[1])
			if got := s.player(p[0]); !got.OnField || got.Cell != p[1] {
				t.Fatalf("%s: %s is on %q after the zoomed taps, want %s", name, p[0], got.Cell, p[1])
			}
		}
	}
}

// findZoomIn returns the field view's zoom-in button.
func findZoomIn(t *testing.T, s *Screen) *widget.Button {
	t.Helper()
	var b *widget.Button
	apptest.Walk(s.fieldView, func(o fyne.CanvasObject) {
		if x, ok := o.(*widget.Button); ok && b == nil && x.Icon != nil && x.Icon.Name() == theme.ZoomInIcon().Name() {
			b = x
		}
	})
	if b == nil {
		t.Fatal("no zoom-in button on the field")
	}
	return b
}

// A zoomed field left alone draws nothing (the zoom view and the field
// create no objects on a layout).
func TestZoomedFieldRests(t *testing.T) {
	st := console.NewMemStore()
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	sess := fromScript(t, st, "block", 68)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	test.Tap(findZoomIn(t, s))
	apptest.CheckIdle(t, w, "the Runeball screen with the field zoomed")
}
