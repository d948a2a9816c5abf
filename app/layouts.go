package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// splitLayout puts a main area and a side panel next to each other in
// landscape (the panel on the right, as wide as it needs) and on top of
// each other in portrait (the panel below, as tall as it needs but at most
// maxPortrait of the height; it scrolls inside). Objects: main, then the
// panel's scroll container.
type splitLayout struct {
	// panel is the content inside the panel's scroll container, measured
	// to size the panel.
	panel fyne.CanvasObject
	// maxPortrait is the largest share of the height the panel takes in
	// portrait.
	maxPortrait float32
	// foot, when set, is a part of the panel kept in view under its
	// scroll (a state pad's main action); it is measured with the panel.
	foot fyne.CanvasObject
}

// want is the size the panel would like: its content and its foot.
func (l *splitLayout) want() fyne.Size {
	want := l.panel.MinSize()
	if l.foot != nil && l.foot.Visible() {
		f := l.foot.MinSize()
		want = fyne.NewSize(fyne.Max(want.Width, f.Width), want.Height+f.Height+theme.Padding())
	}
	return want
}

// landscape reports whether size is wider than tall.
func landscape(size fyne.Size) bool { return size.Width >= size.Height }

func (l *splitLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) < 2 {
		return
	}
	main, side := objs[0], objs[1]
	want := l.want()
	pad := theme.Padding()
	if landscape(size) {
		w := l.panelWidth(size)
		side.Resize(fyne.NewSize(w, size.Height))
		side.Move(fyne.NewPos(size.Width-w, 0))
		main.Resize(fyne.NewSize(size.Width-w-pad, size.Height))
		main.Move(fyne.NewPos(0, 0))
		return
	}
	h := fyne.Min(want.Height, size.Height*l.maxPortrait)
	side.Resize(fyne.NewSize(size.Width, h))
	side.Move(fyne.NewPos(0, size.Height-h))
	main.Resize(fyne.NewSize(size.Width, size.Height-h-pad))
	main.Move(fyne.NewPos(0, 0))
}

// panelWidth is the side panel's width in landscape: at least as wide as
// it needs, a comfortable 30% when there is room, never more than half.
func (l *splitLayout) panelWidth(size fyne.Size) float32 {
	want := l.want()
	return fyne.Min(fyne.Max(want.Width+theme.ScrollBarSize(), size.Width*0.3), size.Width/2)
}

// mainWidth is the width the main area gets at size.
func (l *splitLayout) mainWidth(size fyne.Size) float32 {
	if landscape(size) {
		return size.Width - l.panelWidth(size) - theme.Padding()
	}
	return size.Width
}

func (l *splitLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) < 2 {
		return fyne.Size{}
	}
	return objs[0].MinSize().Max(objs[1].MinSize())
}

// padGridLayout lays out a score grid: cols columns, the first (round
// labels) as wide as its widest cell, the others sharing the rest equally;
// each row as tall as its tallest cell. Header, body and totals use one
// layout each and stay aligned because their first columns have the same
// minimum width.
type padGridLayout struct{ cols int }

func (l *padGridLayout) widths(objs []fyne.CanvasObject) (first, other float32) {
	for i, o := range objs {
		w := o.MinSize().Width
		if i%l.cols == 0 {
			first = fyne.Max(first, w)
		} else {
			other = fyne.Max(other, w)
		}
	}
	return first, other
}

func (l *padGridLayout) rowHeight(objs []fyne.CanvasObject, row int) float32 {
	var h float32
	for c := 0; c < l.cols; c++ {
		if i := row*l.cols + c; i < len(objs) {
			h = fyne.Max(h, objs[i].MinSize().Height)
		}
	}
	return h
}

func (l *padGridLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if l.cols < 1 {
		return
	}
	gap := theme.Padding() / 2
	first, other := l.widths(objs)
	if l.cols > 1 {
		share := (size.Width - first - gap*float32(l.cols-1)) / float32(l.cols-1)
		other = fyne.Max(other, share)
	}
	y := float32(0)
	rows := (len(objs) + l.cols - 1) / l.cols
	for r := 0; r < rows; r++ {
		h := l.rowHeight(objs, r)
		x := float32(0)
		for c := 0; c < l.cols; c++ {
			i := r*l.cols + c
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

func (l *padGridLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if l.cols < 1 || len(objs) == 0 {
		return fyne.Size{}
	}
	gap := theme.Padding() / 2
	first, other := l.widths(objs)
	w := first + float32(l.cols-1)*(other+gap)
	rows := (len(objs) + l.cols - 1) / l.cols
	var h float32
	for r := 0; r < rows; r++ {
		h += l.rowHeight(objs, r)
	}
	h += gap * float32(rows-1)
	return fyne.NewSize(w, h)
}

// widthLayout is a split layout that tells the screen the main area's
// width before laying out, so the screen can choose its column counts
// (four spell masters in a row on a tablet, two on a phone) before the
// scroll containers measure their content.
type widthLayout struct {
	*splitLayout
	// onWidth is called with the main area's width before each layout.
	onWidth func(width float32)
}

func (l *widthLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if l.onWidth != nil {
		l.onWidth(l.mainWidth(size))
	}
	l.splitLayout.Layout(objs, size)
}

// minSizeLayout gives its objects at least a minimum size, stacked.
type minSizeLayout struct{ min fyne.Size }

func (l *minSizeLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l *minSizeLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	m := l.min
	for _, o := range objs {
		if o.Visible() {
			m = m.Max(o.MinSize())
		}
	}
	return m
}

// withMinSize wraps o so it is at least w × h.
func withMinSize(o fyne.CanvasObject, w, h float32) *fyne.Container {
	return container.New(&minSizeLayout{min: fyne.NewSize(w, h)}, o)
}

// widthWatch lays out one object to fill the container, telling onWidth
// the width first, so a screen can choose its column count for it.
type widthWatch struct {
	onWidth func(width float32)
}

func (l *widthWatch) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if l.onWidth != nil {
		l.onWidth(size.Width)
	}
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l *widthWatch) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		if o.Visible() {
			m = m.Max(o.MinSize())
		}
	}
	return m
}
