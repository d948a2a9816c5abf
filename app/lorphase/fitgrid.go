package lorphase

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// fitGrid lays tiles out in up to cols columns of equal width: fewer when
// a column would be narrower than the longest word of a tile's title, so
// a large text size gives one tile a row instead of words broken in two.
// Each row is as high as its highest tile at the width it gets.
type fitGrid struct {
	cols int
	// width is the width of the last layout (0: none yet).
	width float32
}

// newFitGrid returns a container of objs in a fitGrid of up to cols
// columns.
func newFitGrid(cols int, objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(&fitGrid{cols: cols}, objs...)
}

// need is the narrowest a column may be: the widest of the tiles' longest
// title words, with the tile's padding.
func (g *fitGrid) need(objs []fyne.CanvasObject) float32 {
	var w float32
	size := theme.Size(theme.SizeNameText)
	pad := 2*theme.Size(theme.SizeNameInnerPadding) + 16
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		t, ok := o.(*Tile)
		if !ok {
			w = max(w, o.MinSize().Width)
			continue
		}
		side := float32(0)
		if t.Side != "" {
			side = fyne.MeasureText(t.Side, size, fyne.TextStyle{Bold: true}).Width + pad
		}
		for _, word := range strings.Fields(t.Title) {
			w = max(w, fyne.MeasureText(word, size, fyne.TextStyle{Bold: true}).Width+pad+side)
		}
		w = max(w, MinTouch)
	}
	return w
}

// columns is how many columns fit in width.
func (g *fitGrid) columns(objs []fyne.CanvasObject, width float32) int {
	pad := theme.Padding()
	need := g.need(objs)
	c := max(g.cols, 1)
	for c > 1 && float32(c)*need+float32(c-1)*pad > width {
		c--
	}
	return c
}

// rows lays the objects out at width (placing them when place is set)
// and returns the height they take.
func (g *fitGrid) rows(objs []fyne.CanvasObject, width float32, place bool) float32 {
	cols := g.columns(objs, width)
	pad := theme.Padding()
	colW := (width - float32(cols-1)*pad) / float32(cols)
	var vis []fyne.CanvasObject
	for _, o := range objs {
		if o.Visible() {
			vis = append(vis, o)
		}
	}
	y := float32(0)
	for i := 0; i < len(vis); i += cols {
		row := vis[i:min(i+cols, len(vis))]
		h := float32(0)
		for _, o := range row {
			if place {
				o.Resize(fyne.NewSize(colW, o.Size().Height))
			}
			h = max(h, o.MinSize().Height)
		}
		if place {
			for j, o := range row {
				o.Move(fyne.NewPos(float32(j)*(colW+pad), y))
				o.Resize(fyne.NewSize(colW, h))
			}
		}
		y += h
		if i+cols < len(vis) {
			y += pad
		}
	}
	return y
}

// Layout places the tiles in rows.
func (g *fitGrid) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	g.width = size.Width
	g.rows(objs, size.Width, true)
}

// MinSize is one column's width and the rows' height at the last width.
func (g *fitGrid) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := g.need(objs)
	width := g.width
	if width <= 0 {
		width = w*float32(max(g.cols, 1)) + theme.Padding()*float32(max(g.cols, 1)-1)
	}
	return fyne.NewSize(w, g.rows(objs, width, false))
}
