package play

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// barFit lays out the title bar, turning its buttons to icons only when
// their words do not fit the width (a phone, the largest text), so the
// bar never asks for more width than the screen has: the buttons keep
// their icons and their place, and come back with their words when the
// width allows.
type barFit struct {
	buttons []*widget.Button
	texts   []string
	compact bool
}

// newBarFit keeps the buttons' words to put back.
func newBarFit(buttons ...*widget.Button) *barFit {
	f := &barFit{buttons: buttons}
	for _, b := range buttons {
		f.texts = append(f.texts, b.Text)
	}
	return f
}

// textWidth is what the buttons' words add to the bar: each word and the
// gap between it and its icon.
func (f *barFit) textWidth() float32 {
	var w float32
	for _, t := range f.texts {
		w += fyne.MeasureText(t, theme.TextSize(), fyne.TextStyle{Bold: true}).Width + theme.InnerPadding()
	}
	return w
}

// compactWidth is the bar's width with icons only.
func (f *barFit) compactWidth(bar fyne.CanvasObject) float32 {
	w := bar.MinSize().Width
	if !f.compact {
		w -= f.textWidth()
	}
	return w
}

// Layout fills size with the bar, with or without the buttons' words.
func (f *barFit) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, bar := range objs {
		compact := size.Width < f.compactWidth(bar)+f.textWidth()
		if compact != f.compact {
			f.compact = compact
			for i, b := range f.buttons {
				if compact {
					b.SetText("")
				} else {
					b.SetText(f.texts[i])
				}
			}
		}
		bar.Move(fyne.NewPos(0, 0))
		bar.Resize(size)
	}
}

// MinSize is the bar's size with icons only: the width it can give way to.
func (f *barFit) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, bar := range objs {
		s := bar.MinSize()
		s.Width = f.compactWidth(bar)
		m = m.Max(s)
	}
	return m
}
