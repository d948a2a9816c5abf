package lorscreen

import "fyne.io/fyne/v2"

// narrowWidth is the width under which the screen shows one column at a
// time (a phone held upright), chosen with the Team / Map / Act tabs.
const narrowWidth = 760

// columnsLayout lays out the cards, the map and the phase panel: side by
// side on a tablet (the map the widest, in the middle), one at a time on a
// narrow screen, where tabs, shown only then, pick which.
type columnsLayout struct {
	// shown is the column on show on a narrow screen.
	shown int
	// setup gives the panel (the setup wizard) the cards' room: there
	// are no cards before the battle.
	setup bool
}

// show picks the column a narrow screen shows.
func (l *columnsLayout) show(i int) { l.shown = i }

// Layout places the three columns.
func (l *columnsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 3 {
		return
	}
	if size.Width < narrowWidth {
		for i, o := range objs {
			if i == l.shown {
				o.Show()
				o.Move(fyne.NewPos(0, 0))
				o.Resize(size)
			} else {
				o.Hide()
			}
		}
		return
	}
	if size.Height > size.Width*0.9 {
		l.portrait(objs, size)
		return
	}
	left := min(max(size.Width*0.24, 220), 320)
	right := min(max(size.Width*0.29, 260), 400)
	if l.setup {
		left, right = 0, min(max(size.Width*0.42, 300), 560)
	}
	widths := []float32{left, size.Width - left - right, right}
	x := float32(0)
	for i, o := range objs {
		if widths[i] <= 0 {
			o.Hide()
			continue
		}
		o.Show()
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(widths[i], size.Height))
		x += widths[i]
	}
}

// portrait lays a tablet held upright out: the map across the top, the
// cards and the panel side by side under it (the panel alone in the
// setup).
func (l *columnsLayout) portrait(objs []fyne.CanvasObject, size fyne.Size) {
	mapH := min(size.Width*0.8, size.Height*0.5)
	objs[1].Show()
	objs[1].Move(fyne.NewPos(0, 0))
	objs[1].Resize(fyne.NewSize(size.Width, mapH))
	rest := fyne.NewSize(size.Width, max(size.Height-mapH, 0))
	if l.setup {
		objs[0].Hide()
		objs[2].Show()
		objs[2].Move(fyne.NewPos(0, mapH))
		objs[2].Resize(rest)
		return
	}
	left := size.Width * 0.45
	objs[0].Show()
	objs[0].Move(fyne.NewPos(0, mapH))
	objs[0].Resize(fyne.NewSize(left, rest.Height))
	objs[2].Show()
	objs[2].Move(fyne.NewPos(left, mapH))
	objs[2].Resize(fyne.NewSize(size.Width-left, rest.Height))
}

// MinSize is small: every column scrolls or scales.
func (l *columnsLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(300, 200) }

// barLayout lays out a bar of three objects, leading, middle and trailing:
// in one row on a wide screen when they fit (the middle takes what the
// others leave); else leading and trailing above (each on a row of its own
// when even they do not fit side by side) and the middle below at full
// width. No object is ever given a negative size, and the bar never asks
// for more width than its widest object.
type barLayout struct {
	// narrow reports whether the screen is narrow (the screen's layout
	// sets it before it measures the bars).
	narrow func() bool
	// width is the width of the last layout (0 before the first).
	width float32
}

// minMiddle is the narrowest the middle may be in one row.
const minMiddle = 160

func (b *barLayout) oneRow(objs []fyne.CanvasObject, width float32) bool {
	if b.narrow != nil && b.narrow() {
		return false
	}
	l, m, t := objs[0].MinSize(), objs[1].MinSize(), objs[2].MinSize()
	return l.Width+max(m.Width, minMiddle)+t.Width <= width
}

// rows are the objects' rows for width: their order in objs, by row.
func (b *barLayout) rows(objs []fyne.CanvasObject, width float32) [][]int {
	if b.oneRow(objs, width) {
		return [][]int{{0, 1, 2}}
	}
	if objs[0].MinSize().Width+objs[2].MinSize().Width <= width {
		return [][]int{{0, 2}, {1}}
	}
	return [][]int{{0}, {2}, {1}}
}

// Layout places the three objects.
func (b *barLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 3 {
		return
	}
	b.width = size.Width
	y := float32(0)
	for _, row := range b.rows(objs, size.Width) {
		h := float32(0)
		for _, i := range row {
			h = max(h, objs[i].MinSize().Height)
		}
		switch len(row) {
		case 3:
			h = size.Height
			l, t := objs[0].MinSize().Width, objs[2].MinSize().Width
			objs[0].Move(fyne.NewPos(0, 0))
			objs[0].Resize(fyne.NewSize(l, h))
			objs[2].Move(fyne.NewPos(size.Width-t, 0))
			objs[2].Resize(fyne.NewSize(t, h))
			objs[1].Move(fyne.NewPos(l, 0))
			objs[1].Resize(fyne.NewSize(max(size.Width-l-t, 0), h))
		case 2:
			l := min(objs[0].MinSize().Width, size.Width)
			t := max(min(objs[2].MinSize().Width, size.Width-l), 0)
			objs[0].Move(fyne.NewPos(0, y))
			objs[0].Resize(fyne.NewSize(l, h))
			objs[2].Move(fyne.NewPos(size.Width-t, y))
			objs[2].Resize(fyne.NewSize(t, h))
		default:
			o := objs[row[0]]
			w := min(o.MinSize().Width, size.Width)
			x := float32(0)
			if row[0] == 1 {
				w = size.Width // the middle takes the whole row
			} else if row[0] == 2 {
				x = size.Width - w
			}
			o.Move(fyne.NewPos(x, y))
			o.Resize(fyne.NewSize(w, h))
		}
		y += h
	}
}

// MinSize is as wide as the widest object (the rows adapt to the width the
// bar gets) and as high as its rows at the last width it was given (on a
// wide screen, one row; before any layout on a narrow one, every object
// on a row of its own).
func (b *barLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) != 3 {
		return fyne.Size{}
	}
	w := max(objs[0].MinSize().Width, objs[1].MinSize().Width, objs[2].MinSize().Width)
	width := b.width
	if width <= 0 {
		width = w
		if b.narrow == nil || !b.narrow() {
			width = 1 << 20
		}
	}
	var h float32
	for _, row := range b.rows(objs, width) {
		rh := float32(0)
		for _, i := range row {
			rh = max(rh, objs[i].MinSize().Height)
		}
		h += rh
	}
	return fyne.NewSize(w, h)
}

// screenLayout stacks the header, the body and the footer, and tells the
// bars whether the screen is narrow before they are measured, so one pass
// lays out a phone and a tablet alike.
type screenLayout struct {
	narrow *bool
	// adapt shows and hides what differs between a narrow and a wide
	// screen (the tabs, the hint box), before the bars are measured.
	adapt func(narrow bool)
}

// Layout places the header on top, the footer at the bottom and the body
// between.
func (l screenLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 3 {
		return
	}
	*l.narrow = size.Width < narrowWidth
	if l.adapt != nil {
		l.adapt(*l.narrow)
	}
	// Each bar is given the width first, then measured: wrapped text and
	// rows depend on it.
	measure := func(o fyne.CanvasObject) float32 {
		o.Resize(fyne.NewSize(size.Width, o.MinSize().Height))
		return o.MinSize().Height
	}
	h, f := measure(objs[0]), measure(objs[2])
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, h))
	objs[2].Move(fyne.NewPos(0, size.Height-f))
	objs[2].Resize(fyne.NewSize(size.Width, f))
	objs[1].Move(fyne.NewPos(0, h))
	objs[1].Resize(fyne.NewSize(size.Width, max(size.Height-h-f, 0)))
}

// MinSize is the header's and footer's height over a small body.
func (l screenLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) != 3 {
		return fyne.Size{}
	}
	h, f := objs[0].MinSize(), objs[2].MinSize()
	return fyne.NewSize(max(h.Width, f.Width, 300), h.Height+f.Height+120)
}
