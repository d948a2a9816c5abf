package lorphase

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// MinTouch is the smallest height of anything the panels let a player tap,
// in dp (the brief's 44 dp, with a little room).
const MinTouch float32 = 48

// Tile is the panels' large tap target: a bold title, an optional text at
// the right (an action's cost) and an optional detail line under it (a
// statline, or the reason it is disabled). A disabled tile is greyed and
// does nothing when tapped; a selected one is drawn in the primary colour.
type Tile struct {
	widget.BaseWidget
	// Title is the bold text; Side the text at the right; Detail the
	// wrapped line under them.
	Title, Side, Detail string
	// Disabled greys the tile; Detail then says why.
	Disabled bool
	// Selected draws the tile as the chosen one of a group (a thick
	// primary border, the selection colour).
	Selected bool
	// Center centres the title (number pads).
	Center bool
	// OnTapped is called when an enabled tile is tapped.
	OnTapped func()

	hovered bool
}

// NewTile returns an enabled tile.
func NewTile(title, side string, tapped func()) *Tile {
	t := &Tile{Title: title, Side: side, OnTapped: tapped}
	t.ExtendBaseWidget(t)
	return t
}

// disabledTile returns a greyed tile that says why.
func disabledTile(title, side, why string) *Tile {
	t := NewTile(title, side, nil)
	t.Disabled, t.Detail = true, "✕ "+why
	return t
}

// Tapped calls OnTapped unless the tile is disabled.
func (t *Tile) Tapped(*fyne.PointEvent) {
	if !t.Disabled && t.OnTapped != nil {
		t.OnTapped()
	}
}

// MouseIn highlights the tile under the mouse on a desktop.
func (t *Tile) MouseIn(*desktop.MouseEvent) { t.hovered = true; t.Refresh() }

// MouseMoved does nothing.
func (t *Tile) MouseMoved(*desktop.MouseEvent) {}

// MouseOut removes the highlight.
func (t *Tile) MouseOut() { t.hovered = false; t.Refresh() }

// Cursor shows a pointer over an enabled tile.
func (t *Tile) Cursor() desktop.Cursor {
	if t.Disabled {
		return desktop.DefaultCursor
	}
	return desktop.PointerCursor
}

// CreateRenderer builds the tile's renderer; it keeps no state of its own.
func (t *Tile) CreateRenderer() fyne.WidgetRenderer {
	bg := canvas.NewRectangle(color.Transparent)
	bg.CornerRadius = theme.InputRadiusSize()
	bg.StrokeWidth = 2
	title := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Wrapping = fyne.TextWrapWord
	side := widget.NewLabelWithStyle("", fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
	detail := widget.NewLabel("")
	detail.Wrapping = fyne.TextWrapWord
	top := container.NewBorder(nil, nil, nil, side, title)
	body := container.NewStack(bg, container.New(layout.NewCustomPaddedLayout(0, 0, 4, 4), container.NewVBox(top, detail)))
	r := &tileRenderer{t: t, bg: bg, title: title, side: side, detail: detail, body: body}
	r.Refresh()
	return r
}

type tileRenderer struct {
	t                   *Tile
	bg                  *canvas.Rectangle
	title, side, detail *widget.Label
	body                *fyne.Container
}

func (r *tileRenderer) Layout(s fyne.Size) { r.body.Resize(s) }

func (r *tileRenderer) MinSize() fyne.Size {
	return r.body.MinSize().Max(fyne.NewSize(MinTouch, MinTouch))
}

func (r *tileRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.body} }

func (r *tileRenderer) Destroy() {}

func (r *tileRenderer) Refresh() {
	t := r.t
	r.title.Text, r.side.Text, r.detail.Text = t.Title, t.Side, t.Detail
	r.title.Alignment, r.title.SizeName = fyne.TextAlignLeading, theme.SizeNameText
	if t.Center {
		// Number pads: the numbers large and centred.
		r.title.Alignment, r.title.SizeName = fyne.TextAlignCenter, theme.SizeNameSubHeadingText
	}
	if t.Side == "" {
		r.side.Hide()
	} else {
		r.side.Show()
	}
	if t.Detail == "" {
		r.detail.Hide()
	} else {
		r.detail.Show()
	}
	r.bg.StrokeWidth = 2
	th := theme.CurrentForWidget(t)
	v := fyne.CurrentApp().Settings().ThemeVariant()
	switch {
	case t.Disabled:
		r.bg.FillColor = th.Color(theme.ColorNameDisabledButton, v)
		r.bg.StrokeColor = th.Color(theme.ColorNameSeparator, v)
		r.title.Importance, r.side.Importance, r.detail.Importance = widget.LowImportance, widget.LowImportance, widget.DangerImportance
	case t.Selected:
		r.bg.FillColor = th.Color(theme.ColorNameSelection, v)
		r.bg.StrokeColor = th.Color(theme.ColorNamePrimary, v)
		r.bg.StrokeWidth = 4
		r.title.Importance, r.side.Importance, r.detail.Importance = widget.MediumImportance, widget.MediumImportance, widget.MediumImportance
	default:
		r.bg.FillColor = th.Color(theme.ColorNameButton, v)
		if t.hovered {
			r.bg.FillColor = th.Color(theme.ColorNameHover, v)
		}
		r.bg.StrokeColor = th.Color(theme.ColorNamePrimary, v)
		r.title.Importance, r.side.Importance, r.detail.Importance = widget.MediumImportance, widget.MediumImportance, widget.MediumImportance
	}
	r.bg.Refresh()
	r.title.Refresh()
	r.side.Refresh()
	r.detail.Refresh()
}
