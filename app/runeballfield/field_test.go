package runeballfield

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/games/runeball/field"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.xml markup goldens")

// sizes are the widget sizes the geometry tests run at: a landscape
// tablet, a phone in landscape, the minimum size, a portrait tablet (the
// field letterboxed) and an odd size.
var sizes = []fyne.Size{
	fyne.NewSize(1280, 800), fyne.NewSize(915, 412), fyne.NewSize(564, 312),
	fyne.NewSize(800, 1280), fyne.NewSize(333, 777),
}

// tapper is a field in a test window of size, recording the cells tapped.
func tapper(t *testing.T, size fyne.Size) (*Field, *[]field.Cell) {
	t.Helper()
	test.NewTempApp(t)
	var got []field.Cell
	f := New(func(c field.Cell) { got = append(got, c) })
	f.Resize(size)
	return f, &got
}

// tapAt taps f at pos and returns the cells onTap was called with.
func tapAt(f *Field, got *[]field.Cell, pos fyne.Position) []field.Cell {
	*got = nil
	test.TapAt(f, pos)
	return *got
}

func c(x, y int) field.Cell { return field.Cell{X: x, Y: y} }

// TestTapNamedCells: the corners, half-hexes, goal posts and the neutral
// zone map back to themselves when their centres are tapped.
func TestTapNamedCells(t *testing.T) {
	named := []struct {
		what string
		c    field.Cell
	}{
		{"north-west half-hex", c(1, 1)}, {"south-west half-hex", c(1, 31)},
		{"north-east half-hex", c(31, 1)}, {"south-east half-hex", c(31, 31)},
		{"west corner full hex", c(1, 3)}, {"east corner full hex", c(31, 29)},
		{"even column's first", c(2, 2)}, {"even column's last", c(30, 30)},
		{"a half-hex mid-field", c(15, 1)}, {"a half-hex mid-field", c(17, 31)},
		{"home goal post", field.GoalPost(field.Home)}, {"away goal post", field.GoalPost(field.Away)},
		{"neutral zone top", c(16, 2)}, {"neutral zone centre", c(16, 16)}, {"neutral zone bottom", c(16, 30)},
		{"home end zone edge", c(3, 15)}, {"away end zone edge", c(29, 17)},
	}
	for _, size := range sizes {
		f, got := tapper(t, size)
		for _, n := range named {
			p, ok := f.CellPosition(n.c)
			if !ok {
				t.Fatalf("%v: CellPosition(%v) failed", size, n.c)
			}
			if cs := tapAt(f, got, p); len(cs) != 1 || cs[0] != n.c {
				t.Errorf("%v: tapping the %s %v at %v gave %v", size, n.what, n.c, p, cs)
			}
		}
	}
}

// TestEveryCellMapsBack: the centre of each of the 481 cells, and points
// well inside its hexagon, map back to it.
func TestEveryCellMapsBack(t *testing.T) {
	for _, size := range sizes {
		f, got := tapper(t, size)
		g := f.geom()
		all := field.All()
		if len(all) != field.NumCells {
			t.Fatalf("field.All has %d cells", len(all))
		}
		for _, cell := range all {
			p, _ := f.CellPosition(cell)
			if cs := tapAt(f, got, p); len(cs) != 1 || cs[0] != cell {
				t.Fatalf("%v: the centre of %v (%v) maps to %v", size, cell, p, cs)
			}
			// Points 0.8 of the inscribed radius away, toward each
			// neighbour (south-pointing ones only inside the field).
			for _, d := range field.Dirs {
				dx, dy := d.Vector()
				nx, ny := g.centre(field.Cell{X: cell.X + dx, Y: cell.Y + dy})
				cx, cy := g.centre(cell)
				q := fyne.NewPos(float32(cx+(nx-cx)*0.4), float32(cy+(ny-cy)*0.4))
				want := []field.Cell{cell}
				if cell.HalfHex() && ((cell.Y == field.MinY && dy < 0) || (cell.Y == field.MaxY && dy > 0)) {
					want = nil // the outer half is off the mat
				}
				if cs := tapAt(f, got, q); !equal(cs, want) {
					t.Fatalf("%v: a point of %v toward %v (%v) maps to %v, want %v", size, cell, d, q, cs, want)
				}
			}
		}
	}
}

func equal(a, b []field.Cell) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestTapOutside: taps beyond the field's ends and touchlines, in the
// margins of a letterboxed field, and in the notches west of column 1
// do nothing.
func TestTapOutside(t *testing.T) {
	f, got := tapper(t, fyne.NewSize(1280, 800))
	g := f.geom()
	l, top, r, b := g.bounds()
	for _, p := range []fyne.Position{
		fyne.NewPos(float32(l-3), float32((top+b)/2)),
		fyne.NewPos(float32(r+3), float32((top+b)/2)),
		fyne.NewPos(float32((l+r)/2), float32(top-2)),
		fyne.NewPos(float32((l+r)/2), float32(b+2)),
		fyne.NewPos(2, 2), fyne.NewPos(1278, 798),
		// Between 1:15 and 1:17 on the west edge: column 0's hex.
		fyne.NewPos(float32(l+g.r*0.2), float32(g.oy+15*g.rowStep())),
		// West of a half-hex's inner half: 0:2's.
		fyne.NewPos(float32(l+g.r*0.1), float32(top+g.rowStep()*0.9)),
	} {
		if cs := tapAt(f, got, p); len(cs) != 0 {
			t.Errorf("a tap at %v, off the field, gave %v", p, cs)
		}
	}
	// A tap on a widget with no size, or no onTap, does nothing.
	n := New(nil)
	n.Resize(fyne.NewSize(600, 400))
	test.TapAt(n, fyne.NewPos(300, 200))
	z := New(func(field.Cell) { t.Error("a zero-size field was tapped") })
	test.TapAt(z, fyne.NewPos(0, 0))
}

// TestGeometry: the field keeps its proportions and fits the widget.
func TestGeometry(t *testing.T) {
	for _, size := range sizes {
		g := newGeom(size)
		l, top, r, b := g.bounds()
		const eps = 1e-3
		if l < -eps || top < -eps || r > float64(size.Width)+eps || b > float64(size.Height)+eps {
			t.Errorf("%v: the field %v,%v–%v,%v does not fit", size, l, top, r, b)
		}
		if !(r-l > float64(size.Width)-eps || b-top > float64(size.Height)-eps) {
			t.Errorf("%v: the field %v×%v fills neither side", size, r-l, b-top)
		}
		// Neighbouring centres are √3 sides apart in every direction.
		x0, y0 := g.centre(c(16, 16))
		for _, d := range field.Dirs {
			dx, dy := d.Vector()
			x1, y1 := g.centre(c(16+dx, 16+dy))
			if dist := (x1-x0)*(x1-x0) + (y1-y0)*(y1-y0); abs(dist-3*g.r*g.r) > 1e-6*g.r*g.r {
				t.Errorf("%v: 16:16 → %v is %v, want √3·%v", size, d, dist, g.r)
			}
		}
	}
	f := New(nil)
	if ms := f.MinSize(); ms.Width < 500 || ms.Width > 915 || ms.Height > 412 {
		t.Errorf("MinSize %v does not fit a phone held in landscape", ms)
	}
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// objects are f's rendered objects.
func objects(t *testing.T, f *Field) []fyne.CanvasObject {
	t.Helper()
	return test.TempWidgetRenderer(t, f).Objects()
}

// count counts f's rendered objects by kind.
func count(t *testing.T, f *Field) (rasters, circles, lines int, texts []string) {
	for _, o := range objects(t, f) {
		switch o := o.(type) {
		case *canvas.Raster:
			rasters++
		case *canvas.Circle:
			circles++
		case *canvas.Line:
			lines++
		case *canvas.Text:
			texts = append(texts, o.Text)
		}
	}
	return
}

// TestMarkersRender: each marker, ring, the ball and the path add the
// objects they should.
func TestMarkersRender(t *testing.T) {
	test.NewTempApp(t)
	f := New(nil)
	f.Resize(fyne.NewSize(940, 520))
	rs, cs, ls, ts := count(t, f)
	if rs != 1 || cs != 2 || ls != 0 || len(ts) != 0 {
		t.Fatalf("an empty field: %d rasters, %d circles, %d lines, texts %v; want 1, 2 (the posts), 0, none", rs, cs, ls, ts)
	}
	f.SetMarkers([]Marker{
		{Cell: c(10, 16), Label: "H1", Team: 0},
		{Cell: c(11, 15), Label: "H2", Team: 0, Ball: true, Selected: true},
		{Cell: c(20, 16), Label: "A1", Team: 1, Prone: true},
		{Cell: c(21, 17), Label: "7", Team: 1, Out: true},
		{Cell: c(17, 16), Label: "off", Team: 1}, // not a cell: not drawn
	})
	_, cs, ls, ts = count(t, f)
	// Posts 2, discs 4, carrier ring 1, selection ring 1; the Out cross.
	if cs != 8 || ls != 2 || len(ts) != 4 {
		t.Fatalf("four markers: %d circles, %d lines, texts %v; want 8, 2, 4", cs, ls, ts)
	}
	if ts[0] != "H1" || ts[1] != "H2" || ts[2] != "A1" || ts[3] != "7" {
		t.Errorf("labels %v", ts)
	}
	f.SetBall(c(14, 14), BallRest)
	if _, cs2, _, _ := count(t, f); cs2 != cs+1 {
		t.Errorf("a ball at rest adds %d circles, want 1", cs2-cs)
	}
	f.SetBall(c(14, 14), BallBouncing)
	if _, cs2, _, _ := count(t, f); cs2 != cs+2 {
		t.Errorf("a bouncing ball adds %d circles, want 2", cs2-cs)
	}
	for _, st := range []string{"", "held", "nonsense"} {
		f.SetBall(c(14, 14), st)
		if _, cs2, _, _ := count(t, f); cs2 != cs {
			t.Errorf("ball state %q adds %d circles, want none", st, cs2-cs)
		}
	}
	f.SetPath([]field.Cell{c(10, 16), c(11, 17), c(12, 16), c(13, 17)})
	if _, cs2, ls2, _ := count(t, f); cs2 != cs+4 || ls2 != ls+3 {
		t.Errorf("a 4-cell path adds %d circles and %d lines, want 4 and 3", cs2-cs, ls2-ls)
	}
	f.SetPass(c(12, 16), c(20, 16))
	if _, cs2, ls2, _ := count(t, f); cs2 != cs+2 || ls2 != ls+1 {
		t.Errorf("a pass adds %d circles and %d lines, want 2 and 1", cs2-cs, ls2-ls)
	}
	// The labels come last, above the path.
	objs := objects(t, f)
	if _, ok := objs[len(objs)-1].(*canvas.Text); !ok {
		t.Errorf("the last object is %T, not a label", objs[len(objs)-1])
	}
	f.SetPath(nil)
	if _, cs2, ls2, _ := count(t, f); cs2 != cs || ls2 != ls {
		t.Errorf("SetPath(nil) leaves %d circles and %d lines, want %d and %d", cs2, ls2, cs, ls)
	}
}

// TestRasterStyles: highlights, marks and a pass's flown-over cells change
// the cells' fills, and only those cells'.
func TestRasterStyles(t *testing.T) {
	test.NewTempApp(t)
	f := New(nil)
	base := f.styleOf()
	f.SetHighlight([]field.Cell{c(5, 5), c(17, 16) /* not a cell */})
	f.SetMarked([]field.Cell{c(14, 16)})
	f.SetPass(c(12, 16), c(17, 17))
	st := f.styleOf()
	over := map[field.Cell]bool{c(5, 5): true, c(14, 16): true}
	for _, x := range field.FlightPath(c(12, 16), c(17, 17)) {
		over[x] = true
	}
	if len(over) != 5 { // 13:17, 14:16, 15:17, 16:16 (RB-D47's example) and 5:5
		t.Fatalf("flight path %v", field.FlightPath(c(12, 16), c(17, 17)))
	}
	for _, x := range field.All() {
		if changed := st.cells[x] != base.cells[x]; changed != over[x] {
			t.Errorf("%v: changed %v, want %v", x, changed, over[x])
		}
	}
	if st.cells[c(14, 16)].rimW == 0 || st.cells[c(5, 5)].rimW == 0 || st.cells[c(13, 17)].rimW != 0 {
		t.Error("highlighted and marked cells have a rim; flown-over ones do not")
	}
	if base.key() == st.key() {
		t.Error("the raster's cache key ignores the styles")
	}
	// The zones: distinct fills for the pitch, each end zone, the
	// neutral zone and the posts.
	fills := map[string]bool{}
	for _, x := range []field.Cell{c(8, 8), c(2, 2), c(30, 2), c(16, 2), c(2, 16), c(30, 16)} {
		fl := base.cells[x].fill
		fills[string([]byte{fl.R, fl.G, fl.B})] = true
	}
	if len(fills) != 5 { // the two posts share a colour
		t.Errorf("zone fills: %d distinct, want 5", len(fills))
	}
}

// TestRasterPaints: the raster draws inside the field only (the outer
// halves of the half-hexes and the letterbox stay clear), and a
// highlighted cell's centre is tinted.
func TestRasterPaints(t *testing.T) {
	test.NewTempApp(t)
	f := New(nil)
	f.SetHighlight([]field.Cell{c(16, 16)})
	st := f.styleOf()
	img := st.paint(470, 300) // 10 px sides, letterboxed top and bottom
	g := newGeom(fyne.NewSize(470, 300))
	_, top, _, _ := g.bounds()
	if _, _, _, a := img.At(235, int(top)-2).RGBA(); a != 0 {
		t.Error("the raster paints above the field")
	}
	cx, cy := g.centre(c(16, 16))
	got := img.At(int(cx), int(cy))
	if nrgba(got) != st.cells[c(16, 16)].fill {
		t.Errorf("16:16's centre is %v, want %v", got, st.cells[c(16, 16)].fill)
	}
	cx, cy = g.centre(c(8, 8))
	if nrgba(img.At(int(cx), int(cy))) != st.pal.pitch {
		t.Error("8:8's centre is not the pitch's colour")
	}
	// Repainting the styled cells over the plain field is painting it
	// all.
	if over := st.paintOver(basePaint(st.pal, 470, 300)); !slices.Equal(over.Pix, st.paint(470, 300).Pix) {
		t.Error("paintOver(basePaint) differs from paint")
	}
	// The whole raster, pixel for pixel (pure Go, no fonts): go test
	// -update rewrites testdata/raster.png.
	f.SetMarked([]field.Cell{c(17, 15), c(31, 31)})
	f.SetPass(c(12, 16), c(20, 16))
	img = f.styleOf().paint(470, 300)
	if *update {
		_ = os.Remove(filepath.Join("testdata", "raster.png"))
		test.AssertImageMatches(&testing.T{}, "raster.png", img)
		if err := os.Rename(filepath.Join("testdata", "failed", "raster.png"), filepath.Join("testdata", "raster.png")); err != nil {
			t.Fatal(err)
		}
		_ = os.Remove(filepath.Join("testdata", "failed"))
		return
	}
	test.AssertImageMatches(t, "raster.png", img)
}

// TestMarkup: the field with players, the ball, highlights and a path
// renders to the golden markup (go test -update rewrites it).
func TestMarkup(t *testing.T) {
	test.NewTempApp(t)
	f := New(nil)
	f.SetMarkers([]Marker{
		{Cell: c(14, 16), Label: "H3", Team: 0, Ball: true, Selected: true},
		{Cell: c(18, 16), Label: "A5", Team: 1, Prone: true},
		{Cell: c(19, 15), Label: "A2", Team: 1},
	})
	f.SetBall(c(20, 20), BallRest)
	f.SetHighlight([]field.Cell{c(15, 15), c(15, 17)})
	f.SetMarked([]field.Cell{c(19, 15)})
	f.SetPass(c(14, 16), c(22, 16))
	w := test.NewTempWindow(t, f)
	w.SetPadded(false)
	w.Resize(fyne.NewSize(600, 340))
	assertMarkup(t, "field.xml", w.Canvas())
}

// assertMarkup compares o's markup with testdata/name; -update rewrites
// the golden.
func assertMarkup(t *testing.T, name string, c fyne.Canvas) {
	t.Helper()
	if *update {
		_ = os.Remove(filepath.Join("testdata", name))
		test.AssertRendersToMarkup(&testing.T{}, name, c)
		failed := filepath.Join("testdata", "failed", name)
		if err := os.Rename(failed, filepath.Join("testdata", name)); err != nil {
			t.Fatal(err)
		}
		_ = os.Remove(filepath.Join("testdata", "failed"))
		return
	}
	test.AssertRendersToMarkup(t, name, c)
}
