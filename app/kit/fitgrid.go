package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// FitGrid lays out equal cells in as many columns as fit the width, at
// most Cols: buttons share a row on a tablet and stand one under the other
// on a phone at large text, instead of widening a panel past the screen.
// Hidden objects take no cell. Until its first layout it counts one
// column, so it never asks for less height than it will need.
type FitGrid struct {
	// Cols is the most columns.
	Cols int
	// width is the width of the last layout (0 before the first).
	width float32
}

// NewFitGrid is a container of objs in a FitGrid of at most cols columns.
func NewFitGrid(cols int, objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(&FitGrid{Cols: cols}, objs...)
}

// cell is the size of the largest visible object.
func (l *FitGrid) cell(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		if o.Visible() {
			m = m.Max(o.MinSize())
		}
	}
	return m
}

// visible counts the visible objects.
func visible(objs []fyne.CanvasObject) int {
	n := 0
	for _, o := range objs {
		if o.Visible() {
			n++
		}
	}
	return n
}

// columns is how many columns fit width (one while the width is unknown).
func (l *FitGrid) columns(objs []fyne.CanvasObject, width float32) int {
	pad := theme.Padding()
	c := l.cell(objs)
	n := 1
	if width > 0 && c.Width > 0 {
		n = int((width + pad) / (c.Width + pad))
	}
	return max(1, min(n, l.Cols, max(1, visible(objs))))
}

// Layout places the visible cells row by row.
func (l *FitGrid) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	pad := theme.Padding()
	n := l.columns(objs, size.Width)
	c := l.cell(objs)
	w := (size.Width - pad*float32(n-1)) / float32(n)
	i := 0
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		row, col := i/n, i%n
		o.Move(fyne.NewPos(float32(col)*(w+pad), float32(row)*(c.Height+pad)))
		o.Resize(fyne.NewSize(w, c.Height))
		i++
	}
}

// MinSize is one cell wide (the grid narrows to one column) and as high as
// the rows at the last width.
func (l *FitGrid) MinSize(objs []fyne.CanvasObject) fyne.Size {
	vis := visible(objs)
	if vis == 0 {
		return fyne.Size{}
	}
	pad := theme.Padding()
	c := l.cell(objs)
	n := l.columns(objs, l.width)
	rows := (vis + n - 1) / n
	return fyne.NewSize(c.Width, float32(rows)*c.Height+pad*float32(rows-1))
}
