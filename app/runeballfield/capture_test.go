package runeballfield

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/games/runeball/field"
)

// TestCaptureField writes the field in the app's dark theme as
// DIR/SIZE-runeball-field.png for a person to look at, when
// CC_CAPTURE_DIR names a folder:
//
//	CC_CAPTURE_DIR=/tmp/shots go test -run CaptureField ./app/runeballfield/
//
// Sizes: a landscape tablet (1280×800), a phone held in landscape
// (915×412) and upright (412×915, the field scrolled across), and the
// tablet in the light theme.
func TestCaptureField(t *testing.T) {
	dir := apptest.CaptureDir(t)
	for _, s := range []struct {
		name   string
		size   fyne.Size
		scroll bool
		light  bool
	}{{"landscape", fyne.NewSize(1280, 800), false, false}, {"phone-landscape", fyne.NewSize(915, 412), false, false},
		{"phone", fyne.NewSize(412, 915), true, false}, {"landscape-light", fyne.NewSize(1280, 800), false, true}} {
		a := test.NewTempApp(t)
		st := kit.DefaultSettings()
		if s.light {
			st.Theme = kit.ThemeLight
		}
		a.Settings().SetTheme(kit.NewTheme(st))
		f := sampleField()
		var o fyne.CanvasObject = f
		if s.scroll {
			o = container.NewHScroll(f)
		}
		w := test.NewTempWindow(t, o)
		w.Resize(s.size)
		apptest.Shooter(t, dir, s.name, w)("runeball-field")
	}
}

// sampleField is a field mid-match: both teams, a prone player and an
// Out one on a half-hex, the carrier selected with its move's targets highlighted, a
// pass's flight to a receiver with an interceptor marked, and a loose
// ball bouncing.
func sampleField() *Field {
	f := New(nil)
	var ms []Marker
	for i, cl := range []field.Cell{{X: 12, Y: 16}, {X: 13, Y: 11}, {X: 13, Y: 21}, {X: 10, Y: 6}, {X: 10, Y: 26},
		{X: 8, Y: 16}, {X: 5, Y: 11}, {X: 3, Y: 19}, {X: 15, Y: 15}} {
		ms = append(ms, Marker{Cell: cl, Label: "H" + string(rune('1'+i)), Team: 0})
	}
	for i, cl := range []field.Cell{{X: 18, Y: 16}, {X: 19, Y: 13}, {X: 19, Y: 19}, {X: 22, Y: 8}, {X: 22, Y: 24},
		{X: 24, Y: 16}, {X: 27, Y: 11}, {X: 29, Y: 21}, {X: 31, Y: 31}} {
		ms = append(ms, Marker{Cell: cl, Label: "A" + string(rune('1'+i)), Team: 1})
	}
	ms[0].Ball, ms[0].Selected = true, true
	ms[10].Prone = true
	ms[17].Out = true
	f.SetMarkers(ms)
	f.SetHighlight(field.Neighbours(field.Cell{X: 12, Y: 16}))
	f.SetPass(field.Cell{X: 12, Y: 16}, field.Cell{X: 22, Y: 8})
	f.SetMarked([]field.Cell{{X: 19, Y: 13}})
	f.SetBall(field.Cell{X: 26, Y: 28}, BallBouncing)
	return f
}
