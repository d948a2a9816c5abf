package app

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// cellKind says what a score grid cell shows.
type cellKind int

// The kinds of cell in the score grid.
const (
	cellScore  cellKind = iota // one player's score in one round
	cellPlayer                 // a player's name, heading a column
	cellRound                  // a round's label, heading a row
	cellTotal                  // a player's running total
	cellLabel                  // a fixed label ("Round", "Total")
)

// roundLabelSample is the widest round label, which sizes the first column.
const roundLabelSample = "Round 000"

// scoreCell is one cell of the score grid. It is tappable: tapping a score
// selects that player and round, a name selects the player, a round label
// the round.
type scoreCell struct {
	widget.BaseWidget
	// Text is what the cell shows; a name too wide is shortened with "…".
	Text string
	// Kind says what the cell is.
	Kind cellKind
	// Selected marks the selected cell, and the selected player's name and
	// round's label.
	Selected bool
	// Current marks the current round's row.
	Current bool
	// Leader marks a leading player's name and total.
	Leader bool
	// Compact sizes the cell for short values (up to four digits) rather
	// than the score pad's six, so a state pad's grid fits a phone.
	Compact bool
	// OnTapped is called when the cell is tapped.
	OnTapped func()
}

// newScoreCell returns a cell.
func newScoreCell(kind cellKind, text string, tapped func()) *scoreCell {
	c := &scoreCell{Kind: kind, Text: text, OnTapped: tapped}
	c.ExtendBaseWidget(c)
	return c
}

// Tapped calls OnTapped.
func (c *scoreCell) Tapped(*fyne.PointEvent) {
	if c.OnTapped != nil {
		c.OnTapped()
	}
}

// Cursor shows a pointer over tappable cells.
func (c *scoreCell) Cursor() desktop.Cursor {
	if c.OnTapped != nil {
		return desktop.PointerCursor
	}
	return desktop.DefaultCursor
}

// CreateRenderer builds the cell's renderer.
func (c *scoreCell) CreateRenderer() fyne.WidgetRenderer {
	r := &scoreCellRenderer{c: c, bg: canvas.NewRectangle(color.Transparent), text: canvas.NewText("", color.Black)}
	r.Refresh()
	return r
}

type scoreCellRenderer struct {
	c    *scoreCell
	bg   *canvas.Rectangle
	text *canvas.Text
}

func (r *scoreCellRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.bg, r.text} }
func (r *scoreCellRenderer) Destroy()                     {}

func (r *scoreCellRenderer) textSize() float32 {
	if r.c.Kind == cellTotal {
		return theme.SizeForWidget(theme.SizeNameSubHeadingText, r.c)
	}
	return theme.SizeForWidget(theme.SizeNameText, r.c)
}

func (r *scoreCellRenderer) MinSize() fyne.Size {
	pad := theme.SizeForWidget(theme.SizeNameInnerPadding, r.c)
	style := fyne.TextStyle{Bold: true}
	h := fyne.MeasureText("0", r.textSize(), style).Height + 2*pad
	h = fyne.Max(h, MinTouchTarget)
	switch r.c.Kind {
	case cellRound, cellLabel:
		w := fyne.MeasureText(roundLabelSample, theme.SizeForWidget(theme.SizeNameText, r.c), style).Width + 2*pad
		return fyne.NewSize(w, h)
	case cellPlayer:
		if r.c.Compact {
			return fyne.NewSize(56, h)
		}
		return fyne.NewSize(64, h)
	}
	if r.c.Compact {
		w := fyne.MeasureText("0000", r.textSize(), style).Width + pad
		return fyne.NewSize(fyne.Max(w, 56), h)
	}
	w := fyne.MeasureText("-00000", r.textSize(), style).Width + pad
	return fyne.NewSize(fyne.Max(w, 64), h)
}

func (r *scoreCellRenderer) Layout(size fyne.Size) {
	r.bg.Resize(size)
	r.fitText(size.Width - theme.SizeForWidget(theme.SizeNameInnerPadding, r.c))
	ts := r.text.MinSize()
	r.text.Resize(ts)
	x := (size.Width - ts.Width) / 2
	if r.c.Kind == cellRound || r.c.Kind == cellLabel {
		x = theme.SizeForWidget(theme.SizeNameInnerPadding, r.c)
	}
	r.text.Move(fyne.NewPos(x, (size.Height-ts.Height)/2))
}

// fitText shortens the text with "…" until it fits width.
func (r *scoreCellRenderer) fitText(width float32) {
	full := r.c.Text
	r.text.Text = full
	if width <= 0 || fyne.MeasureText(full, r.text.TextSize, r.text.TextStyle).Width <= width {
		return
	}
	runes := []rune(full)
	for n := len(runes) - 1; n > 0; n-- {
		t := string(runes[:n]) + "…"
		if fyne.MeasureText(t, r.text.TextSize, r.text.TextStyle).Width <= width {
			r.text.Text = t
			return
		}
	}
	r.text.Text = "…"
}

func (r *scoreCellRenderer) Refresh() {
	c := r.c
	th := func(n fyne.ThemeColorName) color.Color { return theme.ColorForWidget(n, c) }
	primary := th(theme.ColorNamePrimary)
	r.text.TextSize = r.textSize()
	r.text.TextStyle = fyne.TextStyle{Bold: c.Kind != cellScore || c.Selected}
	r.text.Color = th(theme.ColorNameForeground)
	r.bg.StrokeWidth = 0
	r.bg.CornerRadius = theme.SizeForWidget(theme.SizeNameSelectionRadius, c) / 2
	switch c.Kind {
	case cellScore:
		r.bg.FillColor = th(theme.ColorNameInputBackground)
		if c.Current {
			r.bg.FillColor = withAlpha(primary, 0x38)
		}
		if c.Selected {
			r.bg.FillColor = primary
			r.text.Color = th(theme.ColorNameForegroundOnPrimary)
		}
	case cellPlayer, cellTotal:
		r.bg.FillColor = th(theme.ColorNameHeaderBackground)
		if c.Leader {
			r.text.Color = primary
		}
		if c.Selected {
			r.bg.StrokeColor = primary
			r.bg.StrokeWidth = 2
		}
	case cellRound:
		r.bg.FillColor = color.Transparent
		if c.Current {
			r.bg.FillColor = withAlpha(primary, 0x38)
		}
		if c.Selected {
			r.bg.StrokeColor = primary
			r.bg.StrokeWidth = 2
		}
	case cellLabel:
		r.bg.FillColor = color.Transparent
		r.text.Color = th(theme.ColorNamePlaceHolder)
	}
	r.Layout(c.Size())
	r.bg.Refresh()
	r.text.Refresh()
}

// withAlpha returns c with alpha a.
func withAlpha(c color.Color, a uint8) color.Color {
	cr, cg, cb, _ := c.RGBA()
	return color.NRGBA{uint8(cr >> 8), uint8(cg >> 8), uint8(cb >> 8), a}
}
