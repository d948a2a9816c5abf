package runeballscreen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"fyne.io/fyne/v2/theme"
	"github.com/commandconsole/commandconsole/app/kit"
)

// wideFrom is the width from which the panel stands beside the field.
const wideFrom = 700

// fieldAndPanel lays the field and the panel's scroll side by side on a
// wide screen (the field taking 64 % of the width) and the field above
// the panel on a narrow one (the field as high as its width needs, at most
// 55 % of the height).
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
	// the field is about 0.56 as high as it is wide (31 columns across,
	// 15 rows up): more height would be empty
	h := fyne.Min(size.Height*0.55, size.Width*0.56+2*pad)
	f.Move(fyne.NewPos(0, 0))
	f.Resize(fyne.NewSize(size.Width, h))
	p.Move(fyne.NewPos(0, h+pad))
	p.Resize(fyne.NewSize(size.Width, fyne.Max(0, size.Height-h-pad)))
}

// MinSize is the panel's: the field scales to what is left (it draws
// smaller than its own minimum on a phone held upright rather than push
// the panel off the screen).
func (fieldAndPanel) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) < 2 {
		return fyne.Size{}
	}
	p := objs[1].MinSize()
	return fyne.NewSize(p.Width, p.Height+fieldMinHeight)
}

// fieldMinHeight is the least height the field is given.
const fieldMinHeight = 160

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

// subhead and heading are kit's, wrapping: a player's name or a long
// question never widens the panel past the screen.
func subhead(text string) *widget.Label {
	l := kit.Subheading(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}

func heading(text string) *widget.Label {
	l := kit.Heading(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// topThenRest puts the first object across the top and the second under
// it, filling the rest. Unlike a border it measures the top after giving
// it the full width: the wrapped line under the score gets its true height
// on the first layout (a border measured it at another width, and the
// panel jumped down on the next tap, away from the finger).
type topThenRest struct{}

func (topThenRest) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) < 2 {
		return
	}
	top, rest := objs[0], objs[1]
	if top.Size().Width != size.Width {
		top.Resize(fyne.NewSize(size.Width, top.MinSize().Height))
	}
	h := top.MinSize().Height
	if s := fyne.NewSize(size.Width, h); top.Size() != s {
		top.Resize(s)
	}
	top.Move(fyne.NewPos(0, 0))
	pad := theme.Padding()
	rest.Move(fyne.NewPos(0, h+pad))
	rest.Resize(fyne.NewSize(size.Width, fyne.Max(0, size.Height-h-pad)))
}

func (topThenRest) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) < 2 {
		return fyne.Size{}
	}
	t, r := objs[0].MinSize(), objs[1].MinSize()
	return fyne.NewSize(fyne.Max(t.Width, r.Width), t.Height+theme.Padding()+r.Height)
}
