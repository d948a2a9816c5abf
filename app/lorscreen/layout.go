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

// MinSize is small: every column scrolls or scales.
func (l *columnsLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(300, 200) }

// barLayout lays out a bar of three objects, leading, middle and trailing:
// in one row on a wide screen when they fit (the middle takes what the
// others leave), else in two, leading and trailing above, the middle below
// at full width. No object is ever given a negative size.
type barLayout struct {
	// narrow reports whether the screen is narrow (the columns layout
	// knows the width).
	narrow func() bool
}

// minMiddle is the narrowest the middle may be in one row.
const minMiddle = 160

func (b barLayout) oneRow(objs []fyne.CanvasObject, width float32) bool {
	if b.narrow != nil && b.narrow() {
		return false
	}
	l, m, t := objs[0].MinSize(), objs[1].MinSize(), objs[2].MinSize()
	return l.Width+max(m.Width, minMiddle)+t.Width <= width
}

// Layout places the three objects.
func (b barLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 3 {
		return
	}
	l, m, t := objs[0].MinSize(), objs[1].MinSize(), objs[2].MinSize()
	if b.oneRow(objs, size.Width) {
		objs[0].Move(fyne.NewPos(0, 0))
		objs[0].Resize(fyne.NewSize(l.Width, size.Height))
		objs[2].Move(fyne.NewPos(size.Width-t.Width, 0))
		objs[2].Resize(fyne.NewSize(t.Width, size.Height))
		objs[1].Move(fyne.NewPos(l.Width, 0))
		objs[1].Resize(fyne.NewSize(size.Width-l.Width-t.Width, size.Height))
		return
	}
	row := max(l.Height, t.Height)
	lw := min(l.Width, size.Width)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(lw, row))
	tw := max(min(t.Width, size.Width-lw), 0)
	objs[2].Move(fyne.NewPos(size.Width-tw, 0))
	objs[2].Resize(fyne.NewSize(tw, row))
	objs[1].Move(fyne.NewPos(0, row))
	objs[1].Resize(fyne.NewSize(size.Width, max(size.Height-row, m.Height)))
}

// MinSize is one row's on a wide screen, two rows' on a narrow one.
func (b barLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) != 3 {
		return fyne.Size{}
	}
	l, m, t := objs[0].MinSize(), objs[1].MinSize(), objs[2].MinSize()
	if b.narrow == nil || !b.narrow() {
		return fyne.NewSize(l.Width+minMiddle+t.Width, max(l.Height, m.Height, t.Height))
	}
	return fyne.NewSize(max(l.Width, m.Width), max(l.Height, t.Height)+m.Height)
}

// screenLayout stacks the header, the body and the footer, and tells the
// bars whether the screen is narrow before they are measured, so one pass
// lays out a phone and a tablet alike.
type screenLayout struct {
	narrow *bool
	// tabs are shown on a narrow screen only.
	tabs fyne.CanvasObject
}

// Layout places the header on top, the footer at the bottom and the body
// between.
func (l screenLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 3 {
		return
	}
	*l.narrow = size.Width < narrowWidth
	if l.tabs != nil && l.tabs.Visible() != *l.narrow {
		if *l.narrow {
			l.tabs.Show()
		} else {
			l.tabs.Hide()
		}
	}
	h, f := objs[0].MinSize().Height, objs[2].MinSize().Height
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
	return fyne.NewSize(max(h.Width, f.Width, 300), h.Height+f.Height+200)
}
