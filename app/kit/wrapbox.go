package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// wrapVBox stacks objects at the full width like a VBox, but measures each
// one after giving it that width: wrapped text then gets the height it
// needs at the width it has, the first time it is laid out, instead of the
// height it had at another width (which made long instructions overlap).
type wrapVBox struct {
	// width is the width of the last layout (0 before the first).
	width float32
}

// Layout places the visible objects one under the other.
func (l *wrapVBox) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	pad := theme.Padding()
	y := float32(0)
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		// Each resize of wrapped text measures it again: resize only
		// when the size changes.
		if o.Size().Width != size.Width {
			o.Resize(fyne.NewSize(size.Width, o.MinSize().Height))
		}
		h := o.MinSize().Height
		if s := fyne.NewSize(size.Width, h); o.Size() != s {
			o.Resize(s)
		}
		o.Move(fyne.NewPos(0, y))
		y += h + pad
	}
}

// MinSize is the sum of the heights the objects need at the last width.
func (l *wrapVBox) MinSize(objs []fyne.CanvasObject) fyne.Size {
	pad := theme.Padding()
	var w, h float32
	n := 0
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		if l.width > 0 && o.Size().Width != l.width {
			o.Resize(fyne.NewSize(l.width, o.MinSize().Height))
		}
		m := o.MinSize()
		w = max(w, m.Width)
		h += m.Height
		n++
	}
	if n > 1 {
		h += pad * float32(n-1)
	}
	return fyne.NewSize(w, h)
}

// NewWrapVBox returns a container that stacks objs like a VBox but gives
// wrapped text the height it needs at the container's width on the first
// layout (a VBox measures it at whatever width it had before).
func NewWrapVBox(objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(&wrapVBox{}, objs...)
}
