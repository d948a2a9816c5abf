package app

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

// tile is a large tappable card with a bold title and a wrapped detail
// line: a game system on the home screen, a saved game in a list.
type tile struct {
	widget.BaseWidget
	// Title is the bold first line; Detail the smaller text under it.
	Title, Detail string
	// OnTapped is called when the tile is tapped.
	OnTapped func()

	hovered bool
}

// newTile returns a tile.
func newTile(title, detail string, tapped func()) *tile {
	t := &tile{Title: title, Detail: detail, OnTapped: tapped}
	t.ExtendBaseWidget(t)
	return t
}

// Tapped calls OnTapped.
func (t *tile) Tapped(*fyne.PointEvent) {
	if t.OnTapped != nil {
		t.OnTapped()
	}
}

// MouseIn highlights the tile under the mouse on a desktop.
func (t *tile) MouseIn(*desktop.MouseEvent) { t.hovered = true; t.Refresh() }

// MouseMoved does nothing.
func (t *tile) MouseMoved(*desktop.MouseEvent) {}

// MouseOut removes the highlight.
func (t *tile) MouseOut() { t.hovered = false; t.Refresh() }

// Cursor shows a pointer over the tile.
func (t *tile) Cursor() desktop.Cursor { return desktop.PointerCursor }

// CreateRenderer builds the tile's renderer.
func (t *tile) CreateRenderer() fyne.WidgetRenderer {
	bg := canvas.NewRectangle(color.Transparent)
	title := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.SizeName = theme.SizeNameSubHeadingText
	title.Wrapping = fyne.TextWrapWord
	detail := widget.NewLabel("")
	detail.Wrapping = fyne.TextWrapWord
	body := container.NewStack(bg, container.NewPadded(container.NewVBox(title, detail)))
	r := &tileRenderer{t: t, bg: bg, title: title, detail: detail, body: body}
	r.Refresh()
	return r
}

type tileRenderer struct {
	t             *tile
	bg            *canvas.Rectangle
	title, detail *widget.Label
	body          *fyne.Container
}

func (r *tileRenderer) Layout(s fyne.Size) { r.body.Resize(s) }
func (r *tileRenderer) MinSize() fyne.Size {
	return r.body.MinSize().Max(fyne.NewSize(0, MinTouchTarget))
}
func (r *tileRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.body} }
func (r *tileRenderer) Destroy()                     {}
func (r *tileRenderer) Refresh() {
	name := theme.ColorNameButton
	if r.t.hovered {
		name = theme.ColorNameHover
	}
	r.bg.FillColor = theme.ColorForWidget(name, r.t)
	r.bg.StrokeColor = theme.ColorForWidget(theme.ColorNameSeparator, r.t)
	r.bg.StrokeWidth = 1
	r.bg.CornerRadius = theme.SizeForWidget(theme.SizeNameInputRadius, r.t)
	r.title.SetText(r.t.Title)
	r.detail.SetText(r.t.Detail)
	r.detail.Hidden = r.t.Detail == ""
	r.bg.Refresh()
	r.body.Refresh()
}

// banner is a coloured strip with a message and a close button, for
// refused commands and warnings. It hides itself while it has no text.
type banner struct {
	widget.BaseWidget
	// Text is the message; empty hides the banner.
	Text string
	// Warning uses the warning colour instead of the error colour.
	Warning bool
}

// newBanner returns an empty, hidden banner.
func newBanner() *banner {
	b := &banner{}
	b.ExtendBaseWidget(b)
	b.Hide()
	return b
}

// Set shows text in the banner, or hides it when text is empty.
func (b *banner) Set(text string) {
	b.Text = text
	if text == "" {
		b.Hide()
	} else {
		b.Show()
	}
	b.Refresh()
}

// CreateRenderer builds the banner's renderer.
func (b *banner) CreateRenderer() fyne.WidgetRenderer {
	bg := canvas.NewRectangle(color.Transparent)
	label := widget.NewLabel("")
	label.Wrapping = fyne.TextWrapWord
	label.TextStyle.Bold = true
	closeBtn := widget.NewButtonWithIcon("", theme.CancelIcon(), func() { b.Set("") })
	closeBtn.Importance = widget.LowImportance
	body := container.NewStack(bg, container.NewBorder(nil, nil, nil, closeBtn, label))
	r := &bannerRenderer{b: b, bg: bg, label: label, body: body}
	r.Refresh()
	return r
}

type bannerRenderer struct {
	b     *banner
	bg    *canvas.Rectangle
	label *widget.Label
	body  *fyne.Container
}

func (r *bannerRenderer) Layout(s fyne.Size)           { r.body.Resize(s) }
func (r *bannerRenderer) MinSize() fyne.Size           { return r.body.MinSize() }
func (r *bannerRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.body} }
func (r *bannerRenderer) Destroy()                     {}
func (r *bannerRenderer) Refresh() {
	c := theme.ColorForWidget(theme.ColorNameError, r.b)
	if r.b.Warning {
		c = theme.ColorForWidget(theme.ColorNameWarning, r.b)
	}
	cr, cg, cb, _ := c.RGBA()
	r.bg.FillColor = color.NRGBA{uint8(cr >> 8), uint8(cg >> 8), uint8(cb >> 8), 0x48}
	r.bg.StrokeColor = c
	r.bg.StrokeWidth = 2
	r.bg.CornerRadius = theme.SizeForWidget(theme.SizeNameInputRadius, r.b)
	r.label.SetText(r.b.Text)
	r.bg.Refresh()
}

// heading returns a large bold label.
func heading(text string) *widget.Label {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.SizeName = theme.SizeNameHeadingText
	return l
}

// subheading returns a medium bold label.
func subheading(text string) *widget.Label {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.SizeName = theme.SizeNameSubHeadingText
	return l
}

// wrapped returns a label that wraps at word boundaries.
func wrapped(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// topBar lays out a screen's title bar: leading controls, a title that
// takes the room left (shortened with "…" when it must), trailing
// controls; the controls are centred vertically at their own height.
func topBar(leading, title, trailing fyne.CanvasObject) fyne.CanvasObject {
	if l, ok := title.(*widget.Label); ok {
		l.Truncation = fyne.TextTruncateEllipsis
	}
	if leading != nil {
		leading = container.NewCenter(leading)
	}
	if trailing != nil {
		trailing = container.NewCenter(trailing)
	}
	bar := container.NewBorder(nil, nil, leading, trailing, title)
	return container.NewVBox(container.NewStack(newFill(theme.ColorNameHeaderBackground), container.NewPadded(bar)), widget.NewSeparator())
}

// fill is a rectangle painted in a theme colour, which follows the theme
// when the player switches between light and dark.
type fill struct {
	widget.BaseWidget
	// Color names the theme colour to paint.
	Color fyne.ThemeColorName
	// Radius rounds the corners.
	Radius float32
}

// newFill returns a fill of the named theme colour.
func newFill(name fyne.ThemeColorName) *fill {
	f := &fill{Color: name}
	f.ExtendBaseWidget(f)
	return f
}

// CreateRenderer builds the fill's renderer.
func (f *fill) CreateRenderer() fyne.WidgetRenderer {
	r := &fillRenderer{f: f, rect: canvas.NewRectangle(color.Transparent)}
	r.Refresh()
	return r
}

type fillRenderer struct {
	f    *fill
	rect *canvas.Rectangle
}

func (r *fillRenderer) Layout(s fyne.Size)           { r.rect.Resize(s) }
func (r *fillRenderer) MinSize() fyne.Size           { return fyne.Size{} }
func (r *fillRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.rect} }
func (r *fillRenderer) Destroy()                     {}
func (r *fillRenderer) Refresh() {
	r.rect.FillColor = theme.ColorForWidget(r.f.Color, r.f)
	r.rect.CornerRadius = r.f.Radius
	r.rect.Refresh()
}

// spacer is a flexible gap for box layouts.
func spacer() fyne.CanvasObject { return layout.NewSpacer() }
