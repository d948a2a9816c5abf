package runeballscreen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// wideFrom is the width from which the panel stands beside the field.
const wideFrom = 700

// fieldAndPanel lays the field and the panel's scroll side by side on a
// wide screen (the field taking 64 % of the width) and the field above
// the panel on a narrow one (the field taking at most 55 % of the height).
type fieldAndPanel struct{}

func (fieldAndPanel) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) < 2 {
		return
	}
	pad := theme.Padding()
	f, p := objs[0], objs[1]
	if size.Width >= wideFrom && size.Width >= size.Height {
		w := size.Width * 0.64
		f.Move(fyne.NewPos(0, 0))
		f.Resize(fyne.NewSize(w, size.Height))
		p.Move(fyne.NewPos(w+pad, 0))
		p.Resize(fyne.NewSize(size.Width-w-pad, size.Height))
		return
	}
	h := fyne.Max(f.MinSize().Height, size.Height*0.55)
	f.Move(fyne.NewPos(0, 0))
	f.Resize(fyne.NewSize(size.Width, h))
	p.Move(fyne.NewPos(0, h+pad))
	p.Resize(fyne.NewSize(size.Width, fyne.Max(0, size.Height-h-pad)))
}

func (fieldAndPanel) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

// twoColumns puts two objects side by side on a wide screen (the first
// taking 45 % of the width) and on top of each other on a narrow one.
type twoColumns struct{}

func (twoColumns) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) < 2 {
		return
	}
	pad := theme.Padding()
	a, b := objs[0], objs[1]
	if size.Width >= wideFrom {
		w := size.Width * 0.45
		a.Move(fyne.NewPos(0, 0))
		a.Resize(fyne.NewSize(w, size.Height))
		b.Move(fyne.NewPos(w+pad, 0))
		b.Resize(fyne.NewSize(size.Width-w-pad, size.Height))
		return
	}
	h := size.Height * 0.45
	a.Move(fyne.NewPos(0, 0))
	a.Resize(fyne.NewSize(size.Width, h))
	b.Move(fyne.NewPos(0, h+pad))
	b.Resize(fyne.NewSize(size.Width, size.Height-h-pad))
}

func (twoColumns) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}
