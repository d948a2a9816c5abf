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
	// tabs is the tab bar, shown only on a narrow screen.
	tabs fyne.CanvasObject
}

// show picks the column a narrow screen shows.
func (l *columnsLayout) show(i int) { l.shown = i }

// Layout places the three columns.
func (l *columnsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 3 {
		return
	}
	if size.Width < narrowWidth {
		if l.tabs != nil && !l.tabs.Visible() {
			l.tabs.Show()
		}
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
	if l.tabs != nil && l.tabs.Visible() {
		l.tabs.Hide()
	}
	side := size.Width * 0.25
	if side > 340 {
		side = 340
	}
	if side < 220 {
		side = 220
	}
	mid := size.Width - 2*side
	x := float32(0)
	for i, o := range objs {
		w := side
		if i == 1 {
			w = mid
		}
		o.Show()
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, size.Height))
		x += w
	}
}

// MinSize is small: every column scrolls or scales.
func (l *columnsLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(300, 200) }
