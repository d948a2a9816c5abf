package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
)

// SplitLayout puts a main area and a side panel next to each other in
// landscape (the panel on the right, as wide as it needs) and on top of
// each other in portrait (the panel below, as tall as it needs but at most
// maxPortrait of the height; it scrolls inside). Objects: main, then the
// panel's scroll container.
type SplitLayout struct {
	// Panel is the content inside the panel's scroll container, measured
	// to size the panel.
	Panel fyne.CanvasObject
	// MaxPortrait is the largest share of the height the panel takes in
	// portrait.
	MaxPortrait float32
	// Foot, when set, is a part of the panel kept in view under its
	// scroll (a state pad's main action); it is measured with the panel.
	Foot fyne.CanvasObject
}

// want is the size the panel would like: its content and its foot.
func (l *SplitLayout) want() fyne.Size {
	want := l.Panel.MinSize()
	if l.Foot != nil && l.Foot.Visible() {
		f := l.Foot.MinSize()
		want = fyne.NewSize(fyne.Max(want.Width, f.Width), want.Height+f.Height+theme.Padding())
	}
	return want
}

// Landscape reports whether size is wider than tall.
func Landscape(size fyne.Size) bool { return size.Width >= size.Height }

// Layout places objs within size.
func (l *SplitLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) < 2 {
		return
	}
	main, side := objs[0], objs[1]
	want := l.want()
	pad := theme.Padding()
	if Landscape(size) {
		w := l.panelWidth(size)
		side.Resize(fyne.NewSize(w, size.Height))
		side.Move(fyne.NewPos(size.Width-w, 0))
		main.Resize(fyne.NewSize(size.Width-w-pad, size.Height))
		main.Move(fyne.NewPos(0, 0))
		return
	}
	h := fyne.Min(want.Height, size.Height*l.MaxPortrait)
	side.Resize(fyne.NewSize(size.Width, h))
	side.Move(fyne.NewPos(0, size.Height-h))
	main.Resize(fyne.NewSize(size.Width, size.Height-h-pad))
	main.Move(fyne.NewPos(0, 0))
}

// panelWidth is the side panel's width in landscape: at least as wide as
// it needs, a comfortable 30% when there is room, never more than half.
func (l *SplitLayout) panelWidth(size fyne.Size) float32 {
	want := l.want()
	return fyne.Min(fyne.Max(want.Width+theme.ScrollBarSize(), size.Width*0.3), size.Width/2)
}

// mainWidth is the width the main area gets at size.
func (l *SplitLayout) mainWidth(size fyne.Size) float32 {
	if Landscape(size) {
		return size.Width - l.panelWidth(size) - theme.Padding()
	}
	return size.Width
}

// MinSize is the smallest size objs fit in.
func (l *SplitLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) < 2 {
		return fyne.Size{}
	}
	return objs[0].MinSize().Max(objs[1].MinSize())
}

// PadGridLayout lays out a score grid: cols columns, the first (round
// labels) as wide as its widest cell, the others sharing the rest equally;
// each row as tall as its tallest cell. Header, body and totals use one
// layout each and stay aligned because their first columns have the same
// minimum width.
type PadGridLayout struct{ Cols int }

func (l *PadGridLayout) widths(objs []fyne.CanvasObject) (first, other float32) {
	for i, o := range objs {
		w := o.MinSize().Width
		if i%l.Cols == 0 {
			first = fyne.Max(first, w)
		} else {
			other = fyne.Max(other, w)
		}
	}
	return first, other
}

func (l *PadGridLayout) rowHeight(objs []fyne.CanvasObject, row int) float32 {
	var h float32
	for c := 0; c < l.Cols; c++ {
		if i := row*l.Cols + c; i < len(objs) {
			h = fyne.Max(h, objs[i].MinSize().Height)
		}
	}
	return h
}

// Layout places objs within size.
func (l *PadGridLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if l.Cols < 1 {
		return
	}
	gap := theme.Padding() / 2
	first, other := l.widths(objs)
	if l.Cols > 1 {
		share := (size.Width - first - gap*float32(l.Cols-1)) / float32(l.Cols-1)
		other = fyne.Max(other, share)
	}
	y := float32(0)
	rows := (len(objs) + l.Cols - 1) / l.Cols
	for r := 0; r < rows; r++ {
		h := l.rowHeight(objs, r)
		x := float32(0)
		for c := 0; c < l.Cols; c++ {
			i := r*l.Cols + c
			if i >= len(objs) {
				break
			}
			w := other
			if c == 0 {
				w = first
			}
			objs[i].Move(fyne.NewPos(x, y))
			objs[i].Resize(fyne.NewSize(w, h))
			x += w + gap
		}
		y += h + gap
	}
}

// MinSize is the smallest size objs fit in.
func (l *PadGridLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if l.Cols < 1 || len(objs) == 0 {
		return fyne.Size{}
	}
	gap := theme.Padding() / 2
	first, other := l.widths(objs)
	w := first + float32(l.Cols-1)*(other+gap)
	rows := (len(objs) + l.Cols - 1) / l.Cols
	var h float32
	for r := 0; r < rows; r++ {
		h += l.rowHeight(objs, r)
	}
	h += gap * float32(rows-1)
	return fyne.NewSize(w, h)
}

// WidthLayout is a split layout that tells the screen the main area's
// width before laying out, so the screen can choose its column counts
// (four spell masters in a row on a tablet, two on a phone) before the
// scroll containers measure their content.
type WidthLayout struct {
	*SplitLayout
	// OnWidth is called with the main area's width before each layout.
	OnWidth func(width float32)
}

// Layout places objs within size.
func (l *WidthLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if l.OnWidth != nil {
		l.OnWidth(l.mainWidth(size))
	}
	l.SplitLayout.Layout(objs, size)
}

// MinSizeLayout gives its objects at least a minimum size, stacked.
type MinSizeLayout struct{ min fyne.Size }

// Layout places objs within size.
func (l *MinSizeLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// MinSize is the smallest size objs fit in.
func (l *MinSizeLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	m := l.min
	for _, o := range objs {
		if o.Visible() {
			m = m.Max(o.MinSize())
		}
	}
	return m
}

// WithMinSize wraps o so it is at least w × h.
func WithMinSize(o fyne.CanvasObject, w, h float32) *fyne.Container {
	return container.New(&MinSizeLayout{min: fyne.NewSize(w, h)}, o)
}

// WidthWatch lays out one object to fill the container, telling onWidth
// the width first, so a screen can choose its column count for it.
type WidthWatch struct {
	OnWidth func(width float32)
}

// Layout places objs within size.
func (l *WidthWatch) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if l.OnWidth != nil {
		l.OnWidth(size.Width)
	}
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// MinSize is the smallest size objs fit in.
func (l *WidthWatch) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		if o.Visible() {
			m = m.Max(o.MinSize())
		}
	}
	return m
}

// SetColumns gives a grid container n columns, keeping its objects.
func SetColumns(c *fyne.Container, n int) {
	if g, ok := c.Layout.(interface{ Columns() int }); ok && g.Columns() == n {
		return
	}
	c.Layout = &GridColumns{cols: n, grid: layout.NewGridLayoutWithColumns(n)}
}

// GridColumns is a Fyne grid layout that remembers its column count.
type GridColumns struct {
	grid fyne.Layout
	cols int
}

// Columns is the number of columns.
func (g *GridColumns) Columns() int { return g.cols }

// NewGridColumns returns a grid container of n columns.
func NewGridColumns(n int, objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(&GridColumns{cols: n, grid: layout.NewGridLayoutWithColumns(n)}, objs...)
}

// Layout lays the objects out in the grid.
func (g *GridColumns) Layout(objs []fyne.CanvasObject, size fyne.Size) { g.grid.Layout(objs, size) }

// MinSize is the grid's minimum size.
func (g *GridColumns) MinSize(objs []fyne.CanvasObject) fyne.Size { return g.grid.MinSize(objs) }

// ShareRow lays objects side by side across the width: each gets its
// minimum width and an equal share of what is left. Its minimum width is
// the sum of theirs (a grid's is the widest times the count), so a row of
// short and long buttons fits a phone.
type ShareRow struct{}

// NewShareRow returns a container of objs in a ShareRow.
func NewShareRow(objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(ShareRow{}, objs...)
}

// Layout places the visible objects left to right.
func (ShareRow) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	var vis []fyne.CanvasObject
	sum := float32(0)
	for _, o := range objs {
		if o.Visible() {
			vis = append(vis, o)
			sum += o.MinSize().Width
		}
	}
	if len(vis) == 0 {
		return
	}
	extra := max(0, size.Width-sum-pad*float32(len(vis)-1)) / float32(len(vis))
	x := float32(0)
	for _, o := range vis {
		w := o.MinSize().Width + extra
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, size.Height))
		x += w + pad
	}
}

// MinSize is the sum of the visible objects' widths and the tallest height.
func (ShareRow) MinSize(objs []fyne.CanvasObject) fyne.Size {
	pad := theme.Padding()
	var w, h float32
	n := 0
	for _, o := range objs {
		if o.Visible() {
			m := o.MinSize()
			w += m.Width
			h = max(h, m.Height)
			n++
		}
	}
	if n > 1 {
		w += pad * float32(n-1)
	}
	return fyne.NewSize(w, h)
}
