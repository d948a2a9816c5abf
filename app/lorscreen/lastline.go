package lorscreen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
)

// lastLine is the last result at the bottom of the screen: it wraps, and
// a long one scrolls within two lines' height, with a button that opens
// it in full; it is never cut.
type lastLine struct {
	label  *widget.Label
	scroll *container.Scroll
	more   *widget.Button
	box    *fyne.Container
}

// newLastLine returns the line; open shows the result in full.
func newLastLine(open func()) *lastLine {
	l := &lastLine{label: widget.NewLabel("")}
	l.label.Wrapping = fyne.TextWrapWord
	l.scroll = container.NewVScroll(l.label)
	l.more = widget.NewButtonWithIcon("", theme.ZoomInIcon(), open)
	l.box = container.NewBorder(nil, nil, nil, l.more, container.New(&capLayout{label: l.label, lines: 2}, l.scroll))
	return l
}

// capLayout gives a wrapped label as much height as its text needs, up to
// lines lines; the scroll it sits in shows the rest.
type capLayout struct {
	label *widget.Label
	lines float32
}

// Layout fills the room with the scroll.
func (c *capLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// MinSize is the label's height, at most lines lines.
func (c *capLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	line := fyne.MeasureText("Ag", theme.Size(theme.SizeNameText), fyne.TextStyle{}).Height + theme.Size(theme.SizeNameLineSpacing)
	most := c.lines*line + 2*theme.Size(theme.SizeNameInnerPadding)
	return fyne.NewSize(kit.MinTouchTarget, min(c.label.MinSize().Height, most))
}

// SetText shows text.
func (l *lastLine) SetText(text string) {
	if l.label.Text == text {
		return
	}
	l.label.SetText(text)
	l.scroll.ScrollToTop()
}

// Text is the text shown.
func (l *lastLine) Text() string { return l.label.Text }

// historyShown is how many of the newest history lines the history dialog
// lists (the battle report has them all).
const historyShown = 300

// showLast opens the history at its newest line: the last result in full.
func (s *Screen) showLast() { s.showHistory() }

// showHistory opens the holder's history in a dialog, newest first, every
// line wrapped at the dialog's width.
func (s *Screen) showHistory() {
	lines, err := s.frame.Game().History(s.holder, 0)
	if err != nil {
		s.frame.Fail(err)
		return
	}
	var rows []fyne.CanvasObject
	for i := len(lines) - 1; i >= 0 && len(rows) < historyShown; i-- {
		l := widget.NewLabel(lines[i].Text)
		l.Wrapping = fyne.TextWrapWord
		rows = append(rows, l)
	}
	if len(rows) == 0 {
		rows = append(rows, widget.NewLabel("Nothing has happened yet."))
	}
	if len(lines) > historyShown {
		l := widget.NewLabel("The older lines are in the battle report.")
		l.Wrapping = fyne.TextWrapWord
		l.Importance = widget.LowImportance
		rows = append(rows, l)
	}
	title := "History, newest first"
	showPart(s.frame.Window(), title, container.NewVScroll(container.NewVBox(rows...)))
}
