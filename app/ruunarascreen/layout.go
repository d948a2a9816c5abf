package ruunarascreen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// wideFrom is the width from which the two columns stand side by side.
const wideFrom = 700

// twoColumns puts two objects side by side on a wide screen (the first
// taking share of the width) and on top of each other on a narrow one
// (the first taking share of the height).
type twoColumns struct {
	share float32
	// stacked is the first part's share when stacked on a narrow screen;
	// 0 means share.
	stacked float32
}

func (l *twoColumns) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) < 2 {
		return
	}
	pad := theme.Padding()
	a, b := objs[0], objs[1]
	if size.Width >= wideFrom {
		w := size.Width * l.share
		a.Move(fyne.NewPos(0, 0))
		a.Resize(fyne.NewSize(w, size.Height))
		b.Move(fyne.NewPos(w+pad, 0))
		b.Resize(fyne.NewSize(size.Width-w-pad, size.Height))
		return
	}
	share := l.share
	if l.stacked > 0 {
		share = l.stacked
	}
	h := size.Height * share
	a.Move(fyne.NewPos(0, 0))
	a.Resize(fyne.NewSize(size.Width, h))
	b.Move(fyne.NewPos(0, h+pad))
	b.Resize(fyne.NewSize(size.Width, size.Height-h-pad))
}

func (l *twoColumns) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

// bottomPanel lays out the main area and, under it, the prompt panel's
// scroll: as tall as the panel needs, at most half the height; hidden
// with nothing in it.
type bottomPanel struct{ panel *fyne.Container }

func (l *bottomPanel) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) < 2 {
		return
	}
	main, side := objs[0], objs[1]
	h := float32(0)
	if len(l.panel.Objects) > 0 {
		// lay the panel out at the width it will have first, so its wrapped
		// text is measured at that width, not at the last prompt's
		if w := size.Width - 2*theme.Padding(); l.panel.Size().Width != w {
			l.panel.Resize(fyne.NewSize(w, l.panel.MinSize().Height))
		}
		h = fyne.Min(l.panel.MinSize().Height+3*theme.Padding(), size.Height*0.5)
	}
	kitShow(side, h > 0)
	main.Move(fyne.NewPos(0, 0))
	main.Resize(fyne.NewSize(size.Width, size.Height-h))
	side.Move(fyne.NewPos(0, size.Height-h))
	side.Resize(fyne.NewSize(size.Width, h))
}

func (l *bottomPanel) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

func kitShow(o fyne.CanvasObject, on bool) {
	if on && !o.Visible() {
		o.Show()
	} else if !on && o.Visible() {
		o.Hide()
	}
}
