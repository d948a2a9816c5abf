package runikascreen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// fitGrid lays out equal cells in as many columns as fit the width, at
// most cols: two spell-master buttons share a row on a tablet and stand
// one under the other on a phone at large text, instead of widening the
// panel past the screen.
type fitGrid struct {
	cols int
	// width is the width of the last layout (0 before the first).
	width float32
}

// newFitGrid is a container of objs in a fitGrid of at most cols columns.
func newFitGrid(cols int, objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(&fitGrid{cols: cols}, objs...)
}

// cell is the size of the largest visible object.
func (l *fitGrid) cell(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		if o.Visible() {
			m = m.Max(o.MinSize())
		}
	}
	return m
}

// columns is how many columns fit width.
func (l *fitGrid) columns(objs []fyne.CanvasObject, width float32) int {
	pad := theme.Padding()
	c := l.cell(objs)
	n := l.cols
	if width > 0 && c.Width > 0 {
		n = int((width + pad) / (c.Width + pad))
	}
	return max(1, min(n, l.cols, max(1, len(objs))))
}

// Layout places the cells row by row.
func (l *fitGrid) Layout(objs []fyne.CanvasObject, size fyne.Size) {
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
func (l *fitGrid) MinSize(objs []fyne.CanvasObject) fyne.Size {
	vis := 0
	for _, o := range objs {
		if o.Visible() {
			vis++
		}
	}
	if vis == 0 {
		return fyne.Size{}
	}
	pad := theme.Padding()
	c := l.cell(objs)
	n := l.columns(objs, l.width)
	rows := (vis + n - 1) / n
	return fyne.NewSize(c.Width, float32(rows)*c.Height+pad*float32(rows-1))
}
