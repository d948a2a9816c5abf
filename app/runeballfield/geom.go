package runeballfield

import (
	"math"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/games/runeball/field"
)

// This file places the field in the widget and finds the cell under a
// point. A cell's point is (3x, √3·y) in units u of half a hex's side
// (RB-D47's (3x, y) with the rows stretched by √3 so that the hexes are
// regular): a flat-topped hex of side r = 2u spans 4u across and 2√3u
// down; columns are 3u apart and doubled rows √3u apart.

var sqrt3 = math.Sqrt(3)

// The field's size in hex sides r: from the west corner of column 1 to the
// east corner of column 31 (1.5r per column, plus a side at each end), and
// from the centre line of the north half-hexes (y = 1) to that of the south
// ones (y = 31), where the field is cut.
var (
	fieldWidthR  = 1.5*float64(field.MaxX-field.MinX) + 2
	fieldHeightR = sqrt3 / 2 * float64(field.MaxY-field.MinY)
)

// minSide is the hex side, in dp, of the widget's minimum size: about the
// size that fits a phone held in landscape (a 21 dp high hex). A container
// may scroll or zoom the widget; it has no zoom of its own.
const minSide = 12

// geom places the field centred in a widget of some size (in dp or, for
// the raster, in pixels: everything scales together).
type geom struct {
	r      float64 // a hex's side (its circumradius)
	ox, oy float64 // where the centre of cell 1:1 is drawn
}

func newGeom(size fyne.Size) geom {
	w, h := float64(size.Width), float64(size.Height)
	r := min(w/fieldWidthR, h/fieldHeightR)
	if !(r > 0) {
		return geom{}
	}
	return geom{
		r:  r,
		ox: (w-fieldWidthR*r)/2 + r,
		oy: (h - fieldHeightR*r) / 2,
	}
}

// colStep and rowStep are the distances between column centres and
// between doubled rows.
func (g geom) colStep() float64 { return 1.5 * g.r }
func (g geom) rowStep() float64 { return sqrt3 / 2 * g.r }

// centre is the centre of c (on the field or not) in the widget.
func (g geom) centre(c field.Cell) (float64, float64) {
	return g.ox + float64(c.X-field.MinX)*g.colStep(), g.oy + float64(c.Y-field.MinY)*g.rowStep()
}

// anchor is where a cell's marker is drawn: its centre, or for a
// half-hex, whose centre lies on the touchline, the middle of its inner
// half (half a row inside).
func (g geom) anchor(c field.Cell) (float64, float64) {
	x, y := g.centre(c)
	switch {
	case c.HalfHex() && c.Y == field.MinY:
		y += g.rowStep() / 2
	case c.HalfHex() && c.Y == field.MaxY:
		y -= g.rowStep() / 2
	}
	return x, y
}

// pos is anchor as a fyne.Position.
func (g geom) pos(c field.Cell) fyne.Position {
	x, y := g.anchor(c)
	return fyne.NewPos(float32(x), float32(y))
}

// bounds is the field's rectangle: left, top, right, bottom.
func (g geom) bounds() (float64, float64, float64, float64) {
	l := g.ox - g.r
	return l, g.oy, l + fieldWidthR*g.r, g.oy + fieldHeightR*g.r
}

// nearest is the hex-lattice cell (x + y even, on the field or off it)
// whose centre is nearest to (px, py): the hexagon that holds the point.
// A point on an edge goes to the cell of the field, then to the lower x
// and y.
func (g geom) nearest(px, py float64) field.Cell {
	fx := (px-g.ox)/g.colStep() + field.MinX
	fy := (py-g.oy)/g.rowStep() + field.MinY
	x0, y0 := int(math.Floor(fx)), int(math.Floor(fy))
	var best field.Cell
	bestD := math.Inf(1)
	// The nearest centre is within one side r of the point: 2/3 of a
	// column and 2/√3 of a doubled row.
	for x := x0 - 1; x <= x0+2; x++ {
		for y := y0 - 2; y <= y0+3; y++ {
			if (x+y)&1 != 0 {
				continue
			}
			dx, dy := (float64(x)-fx)*1.5, (float64(y)-fy)*sqrt3/2
			d := dx*dx + dy*dy
			if c := (field.Cell{X: x, Y: y}); d < bestD || (d == bestD && c.Valid() && !best.Valid()) {
				best, bestD = c, d
			}
		}
	}
	return best
}

// cellAt is the cell of the field under (px, py): the hexagon that holds
// it, when that is a cell of the field and the point is not beyond the
// north or south edge (the outer halves of the half-hexes).
func (g geom) cellAt(px, py float64) (field.Cell, bool) {
	if g.r <= 0 {
		return field.Cell{}, false
	}
	_, top, _, bottom := g.bounds()
	if py < top || py > bottom {
		return field.Cell{}, false
	}
	c := g.nearest(px, py)
	return c, c.Valid()
}
