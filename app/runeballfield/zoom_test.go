package runeballfield

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/games/runeball/field"
)

// zoomer is a zoom view of a field in a test window of size.
func zoomer(t *testing.T, size fyne.Size) (*ZoomView, fyne.Window, *[]field.Cell) {
	t.Helper()
	test.NewTempApp(t)
	var got []field.Cell
	f := New(func(c field.Cell) { got = append(got, c) })
	z := NewZoomView(f)
	w := test.NewWindow(z)
	w.SetPadded(false)
	w.Resize(size)
	t.Cleanup(w.Close)
	return z, w, &got
}

// The field's area on a 1280×800 tablet (64 % of the width beside the
// panel, under the score bar) and on a phone (under the bar, above the
// panel).
var zoomSizes = []struct {
	name string
	size fyne.Size
}{{"tablet", fyne.NewSize(819, 690)}, {"phone", fyne.NewSize(412, 239)}}

func TestZoomSteps(t *testing.T) {
	z, _, _ := zoomer(t, zoomSizes[0].size)
	if z.Zoom() != 1 || !z.out.Disabled() || z.in.Disabled() {
		t.Fatalf("a new view: zoom %v, out enabled %v, in enabled %v", z.Zoom(), !z.out.Disabled(), !z.in.Disabled())
	}
	for _, want := range ZoomLevels[1:] {
		test.Tap(z.in)
		if z.Zoom() != want {
			t.Fatalf("+ zooms to %v, want %v", z.Zoom(), want)
		}
	}
	if !z.in.Disabled() {
		t.Errorf("+ is enabled at the closest zoom")
	}
	test.Tap(z.out)
	if z.Zoom() != ZoomLevels[len(ZoomLevels)-2] {
		t.Errorf("− zooms to %v", z.Zoom())
	}
	test.Tap(z.whole)
	if z.Zoom() != 1 {
		t.Errorf("Fit zooms to %v", z.Zoom())
	}
	z.SetZoom(99)
	if z.Zoom() != ZoomLevels[len(ZoomLevels)-1] {
		t.Errorf("SetZoom(99) = %v", z.Zoom())
	}
}

// A hex is a finger high (48 dp) once zoomed, on the tablet and the
// phone, and the field is then larger than the view (it pans).
func TestZoomToFinger(t *testing.T) {
	for _, c := range zoomSizes {
		z, _, _ := zoomer(t, c.size)
		if h := z.HexHeight(); h >= FingerSize {
			t.Logf("%s: hexes are %v dp at zoom 1", c.name, h)
		}
		z.ZoomToFinger()
		if h := z.HexHeight(); h < FingerSize {
			t.Errorf("%s: hexes are %.1f dp at zoom %v, want ≥ %d", c.name, h, z.Zoom(), FingerSize)
		}
		if fs := z.field.Size(); fs.Width <= c.size.Width || fs.Height <= c.size.Height {
			t.Errorf("%s: the zoomed field is %v in a %v view", c.name, fs, c.size)
		}
	}
	// at 1280×800 the first step already does it
	z, _, _ := zoomer(t, zoomSizes[0].size)
	test.Tap(z.in)
	if h := z.HexHeight(); h < FingerSize {
		t.Errorf("tablet: hexes are %.1f dp after one +", h)
	}
}

// Zooming keeps the centre of the view on the same point of the field;
// ShowCell pans a cell into view; taps on the zoomed, panned field reach
// the cell under the finger.
func TestZoomPanAndTap(t *testing.T) {
	size := zoomSizes[0].size
	z, _, got := zoomer(t, size)
	z.SetZoom(2.5)
	centre := func() field.Cell {
		c, _ := z.field.CellAt(z.scroll.Offset.Add(fyne.NewPos(size.Width/2, size.Height/2)))
		return c
	}
	if c := centre(); c.X < 14 || c.X > 18 || c.Y < 13 || c.Y > 19 {
		t.Errorf("zoomed from the whole field, the view's centre is %v, want near 16:16", c)
	}
	for _, cell := range []field.Cell{{X: 1, Y: 1}, {X: 31, Y: 31}, {X: 2, Y: 16}, {X: 30, Y: 16}} {
		z.ShowCell(cell)
		p, _ := z.field.CellPosition(cell)
		in := p.Subtract(z.scroll.Offset)
		if in.X < 0 || in.Y < 0 || in.X > size.Width || in.Y > size.Height {
			t.Errorf("ShowCell(%v): the cell is at %v of the %v view", cell, in, size)
		}
		*got = nil
		test.TapAt(z.field, p)
		if len(*got) != 1 || (*got)[0] != cell {
			t.Errorf("a tap on %v zoomed gives %v", cell, *got)
		}
	}
	before := centre()
	z.SetZoom(3.5)
	if after := centre(); field.Distance(before, after) > 1 {
		t.Errorf("zooming in moved the centre from %v to %v", before, after)
	}
}

// The view's buttons are a finger wide and in its corner, inside it.
func TestZoomButtons(t *testing.T) {
	for _, c := range zoomSizes {
		z, _, _ := zoomer(t, c.size)
		for _, b := range []fyne.CanvasObject{z.in, z.out, z.whole} {
			p, s := fyne.CurrentApp().Driver().AbsolutePositionForObject(b), b.Size()
			if s.Width < FingerSize || s.Height < FingerSize {
				t.Errorf("%s: a zoom button is %v", c.name, s)
			}
			if p.X < 0 || p.Y < 0 || p.X+s.Width > c.size.Width || p.Y+s.Height > c.size.Height {
				t.Errorf("%s: a zoom button at %v size %v is outside the %v view", c.name, p, s, c.size)
			}
		}
	}
}

// Layouts at the same size create no objects: the view and the field keep
// theirs (a renderer that built new ones on each layout made the screen
// repaint without end).
func TestZoomLayoutKeepsObjects(t *testing.T) {
	z, w, _ := zoomer(t, zoomSizes[0].size)
	z.SetZoom(1.75)
	r := test.WidgetRenderer(z)
	fr := test.WidgetRenderer(z.field)
	objs, fobjs := r.Objects(), fr.Objects()
	for i := 0; i < 3; i++ {
		r.Layout(z.Size())
		fr.Layout(z.field.Size())
		w.Content().Refresh()
	}
	if got := r.Objects(); len(got) != len(objs) || got[0] != objs[0] {
		t.Errorf("the view's objects changed on a layout")
	}
	if got := fr.Objects(); len(got) != len(fobjs) || (len(got) > 0 && got[0] != fobjs[0]) {
		t.Errorf("the field's objects changed on a layout at the same size")
	}
}
