package padkit

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
)

// CellKind says what a score grid cell shows.
type CellKind int

// The kinds of cell in the score grid.
const (
	CellScore  CellKind = iota // one player's score in one round
	CellPlayer                 // a player's name, heading a column
	CellRound                  // a round's label, heading a row
	CellTotal                  // a player's running total
	CellLabel                  // a fixed label ("Round", "Total")
)

// RoundLabelSample is the widest round label, which sizes the first column.
const RoundLabelSample = "Round 000"

// ScoreCell is one cell of the score grid. It is tappable: tapping a score
// selects that player and round, a name selects the player, a round label
// the round.
type ScoreCell struct {
	widget.BaseWidget
	// Text is what the cell shows; a name too wide is shortened with "…".
	Text string
	// Kind says what the cell is.
	Kind CellKind
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

// NewScoreCell returns a cell.
func NewScoreCell(kind CellKind, text string, tapped func()) *ScoreCell {
	c := &ScoreCell{Kind: kind, Text: text, OnTapped: tapped}
	c.ExtendBaseWidget(c)
	return c
}

// Tapped calls OnTapped.
func (c *ScoreCell) Tapped(*fyne.PointEvent) {
	if c.OnTapped != nil {
		c.OnTapped()
	}
}

// Cursor shows a pointer over tappable cells.
func (c *ScoreCell) Cursor() desktop.Cursor {
	if c.OnTapped != nil {
		return desktop.PointerCursor
	}
	return desktop.DefaultCursor
}

// CreateRenderer builds the cell's renderer.
func (c *ScoreCell) CreateRenderer() fyne.WidgetRenderer {
	r := &scoreCellRenderer{c: c, bg: canvas.NewRectangle(color.Transparent), text: canvas.NewText("", color.Black)}
	r.Refresh()
	return r
}

type scoreCellRenderer struct {
	c    *ScoreCell
	bg   *canvas.Rectangle
	text *canvas.Text
}

func (r *scoreCellRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.bg, r.text} }
func (r *scoreCellRenderer) Destroy()                     {}

func (r *scoreCellRenderer) textSize() float32 {
	if r.c.Kind == CellTotal {
		return theme.SizeForWidget(theme.SizeNameSubHeadingText, r.c)
	}
	return theme.SizeForWidget(theme.SizeNameText, r.c)
}

func (r *scoreCellRenderer) MinSize() fyne.Size {
	pad := theme.SizeForWidget(theme.SizeNameInnerPadding, r.c)
	style := fyne.TextStyle{Bold: true}
	h := fyne.MeasureText("0", r.textSize(), style).Height + 2*pad
	h = fyne.Max(h, kit.MinTouchTarget)
	switch r.c.Kind {
	case CellRound, CellLabel:
		w := fyne.MeasureText(RoundLabelSample, theme.SizeForWidget(theme.SizeNameText, r.c), style).Width + 2*pad
		return fyne.NewSize(w, h)
	case CellPlayer:
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
	if r.c.Kind == CellRound || r.c.Kind == CellLabel {
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
	r.text.TextStyle = fyne.TextStyle{Bold: c.Kind != CellScore || c.Selected}
	r.text.Color = th(theme.ColorNameForeground)
	r.bg.StrokeWidth = 0
	r.bg.CornerRadius = theme.SizeForWidget(theme.SizeNameSelectionRadius, c) / 2
	switch c.Kind {
	case CellScore:
		r.bg.FillColor = th(theme.ColorNameInputBackground)
		if c.Current {
			r.bg.FillColor = kit.WithAlpha(primary, 0x38)
		}
		if c.Selected {
			r.bg.FillColor = primary
			r.text.Color = th(theme.ColorNameForegroundOnPrimary)
		}
	case CellPlayer, CellTotal:
		r.bg.FillColor = th(theme.ColorNameHeaderBackground)
		if c.Leader {
			r.text.Color = primary
		}
		if c.Selected {
			r.bg.StrokeColor = primary
			r.bg.StrokeWidth = 2
		}
	case CellRound:
		r.bg.FillColor = color.Transparent
		if c.Current {
			r.bg.FillColor = kit.WithAlpha(primary, 0x38)
		}
		if c.Selected {
			r.bg.StrokeColor = primary
			r.bg.StrokeWidth = 2
		}
	case CellLabel:
		r.bg.FillColor = color.Transparent
		r.text.Color = th(theme.ColorNamePlaceHolder)
	}
	r.Layout(c.Size())
	r.bg.Refresh()
	r.text.Refresh()
}

// Tied reports whether more than one placement has place.
func Tied(ps []console.Placement, place int) bool {
	n := 0
	for _, p := range ps {
		if p.Place == place {
			n++
		}
	}
	return n > 1
}

// PlacementRow shows one final place: "1st  alice  57", "=2nd" when tied.
func PlacementRow(p console.Placement, tie bool) fyne.CanvasObject {
	place := kit.Ordinal(p.Place)
	if tie {
		place = "=" + place
	}
	pl := widget.NewLabelWithStyle(place, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	pl.SizeName = theme.SizeNameSubHeadingText
	if p.Place == 1 {
		pl.Importance = widget.HighImportance
	}
	name := widget.NewLabel(p.Name)
	name.SizeName = theme.SizeNameSubHeadingText
	name.Truncation = fyne.TextTruncateEllipsis
	score := widget.NewLabelWithStyle(strconv.Itoa(p.Score), fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
	score.SizeName = theme.SizeNameSubHeadingText
	return container.NewBorder(nil, nil, pl, score, name)
}
