package runeballfield

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/games/runeball/field"
)

// Marker is a player on the field.
type Marker struct {
	Cell field.Cell
	// Label is drawn on the disc: the player's id ("H3") or a number.
	Label string
	// Team is 0 for home (H), 1 for away (A); it picks the disc's colour.
	Team int
	// Prone draws a hollow disc, Out a dimmed and crossed one.
	Prone, Out bool
	// Ball rings the disc: the player carries the ball.
	Ball bool
	// Selected rings the disc in the accent colour.
	Selected bool
}

// The ball's states SetBall draws; any other value (including "" and
// "held": the carrier's marker shows it) draws no ball.
const (
	BallRest     = "rest"
	BallBouncing = "bouncing"
)

// Field is the Runeball field widget. It fills the space it is given,
// keeping the hexes regular, the field's length across.
type Field struct {
	widget.BaseWidget

	onTap func(field.Cell)

	markers   []Marker
	ball      field.Cell
	ballState string
	highlight []field.Cell
	marked    []field.Cell
	path      []field.Cell
	// passFrom, passTo are a pass's ends when pass is set (SetPass).
	passFrom, passTo field.Cell
	pass             bool
}

// New returns an empty field; onTap (may be nil) is called with the cell
// a tap lands on.
func New(onTap func(field.Cell)) *Field {
	f := &Field{onTap: onTap}
	f.ExtendBaseWidget(f)
	return f
}

// SetMarkers shows the players (replacing those shown).
func (f *Field) SetMarkers(ms []Marker) {
	f.markers = slices.Clone(ms)
	f.Refresh()
}

// SetBall shows the ball on cell: BallRest or BallBouncing; any other
// state ("" none, "held") shows no ball disc.
func (f *Field) SetBall(cell field.Cell, state string) {
	f.ball, f.ballState = cell, state
	f.Refresh()
}

// SetHighlight tints and rims cells a tap may choose (legal targets); nil
// clears them.
func (f *Field) SetHighlight(cells []field.Cell) {
	f.highlight = slices.Clone(cells)
	f.Refresh()
}

// SetMarked tints and rims cells a rule singles out (interceptors,
// knockback options) in the error colour; nil clears them.
func (f *Field) SetMarked(cells []field.Cell) {
	f.marked = slices.Clone(cells)
	f.Refresh()
}

// SetPath draws a line through the centres of cells in order, a dot on
// each (a move's path, the start first); nil clears it. It replaces a
// pass set by SetPass.
func (f *Field) SetPath(cells []field.Cell) {
	f.path = slices.Clone(cells)
	f.pass = false
	f.Refresh()
}

// SetPass draws a pass's flight: a straight line from the passer's cell
// to the receiver's and a tint on the cells it flies over
// (field.FlightPath, RB-D47). Mark the interceptors with SetMarked.
// SetPath(nil) clears it.
func (f *Field) SetPass(from, to field.Cell) {
	f.path = []field.Cell{from, to}
	f.passFrom, f.passTo, f.pass = from, to, true
	f.Refresh()
}

// Scene is everything the field shows, for SetScene: the players, the
// ball, the cells lit and marked, and a path or a pass's flight (Pass set:
// Path's two ends are the passer's and the receiver's cells).
type Scene struct {
	Markers           []Marker
	Ball              field.Cell
	BallState         string
	Highlight, Marked []field.Cell
	Path              []field.Cell
	Pass              bool
}

// SetScene shows sc in one redraw, as the setters would one by one.
func (f *Field) SetScene(sc Scene) {
	f.markers = slices.Clone(sc.Markers)
	f.ball, f.ballState = sc.Ball, sc.BallState
	f.highlight, f.marked = slices.Clone(sc.Highlight), slices.Clone(sc.Marked)
	f.path, f.pass = slices.Clone(sc.Path), false
	if sc.Pass && len(sc.Path) == 2 {
		f.passFrom, f.passTo, f.pass = sc.Path[0], sc.Path[1], true
	}
	f.Refresh()
}

// MinSize fits a phone held in landscape; the field grows with the space
// it is given.
func (f *Field) MinSize() fyne.Size {
	return fyne.NewSize(float32(fieldWidthR*minSide), float32(fieldHeightR*minSide))
}

func (f *Field) geom() geom { return newGeom(f.Size()) }

// CellAt is the cell of the field under pos in the widget (false outside
// the field).
func (f *Field) CellAt(pos fyne.Position) (field.Cell, bool) {
	return f.geom().cellAt(float64(pos.X), float64(pos.Y))
}

// CellPosition is where cell c's marker is drawn in the widget, a point
// that taps c: its centre, or the middle of a half-hex's inner half
// (false for a cell off the field).
func (f *Field) CellPosition(c field.Cell) (fyne.Position, bool) {
	if !c.Valid() {
		return fyne.Position{}, false
	}
	return f.geom().pos(c), true
}

// Tapped calls onTap with the cell tapped; a tap outside the field does
// nothing.
func (f *Field) Tapped(ev *fyne.PointEvent) {
	if c, ok := f.CellAt(ev.Position); ok && f.onTap != nil {
		f.onTap(c)
	}
}

// CreateRenderer is Fyne's; the renderer draws the widget's data.
func (f *Field) CreateRenderer() fyne.WidgetRenderer {
	return &renderer{f: f}
}
