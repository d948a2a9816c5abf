package kit

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

// Tile is a large tappable card with a bold title and a wrapped detail
// line: a game system on the home screen, a saved game in a list.
type Tile struct {
	widget.BaseWidget
	// Title is the bold first line; Detail the smaller text under it.
	Title, Detail string
	// OnTapped is called when the tile is tapped.
	OnTapped func()

	hovered bool
}

// NewTile returns a tile.
func NewTile(title, detail string, tapped func()) *Tile {
	t := &Tile{Title: title, Detail: detail, OnTapped: tapped}
	t.ExtendBaseWidget(t)
	return t
}

// Tapped calls OnTapped.
func (t *Tile) Tapped(*fyne.PointEvent) {
	if t.OnTapped != nil {
		t.OnTapped()
	}
}

// MouseIn highlights the tile under the mouse on a desktop.
func (t *Tile) MouseIn(*desktop.MouseEvent) { t.hovered = true; t.Refresh() }

// MouseMoved does nothing.
func (t *Tile) MouseMoved(*desktop.MouseEvent) {}

// MouseOut removes the highlight.
func (t *Tile) MouseOut() { t.hovered = false; t.Refresh() }

// Cursor shows a pointer over the tile.
func (t *Tile) Cursor() desktop.Cursor { return desktop.PointerCursor }

// CreateRenderer builds the tile's renderer.
func (t *Tile) CreateRenderer() fyne.WidgetRenderer {
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
	t             *Tile
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

// Banner is a coloured strip with a message and a close button, for
// refused commands and warnings. It hides itself while it has no text.
type Banner struct {
	widget.BaseWidget
	// Text is the message; empty hides the banner.
	Text string
	// Warning uses the warning colour instead of the error colour.
	Warning bool
	// Info uses the success colour: a state that is as it should be (the
	// host's line when every tablet is connected), not a problem.
	Info bool
}

// NewBanner returns an empty, hidden banner.
func NewBanner() *Banner {
	b := &Banner{}
	b.ExtendBaseWidget(b)
	b.Hide()
	return b
}

// Set shows text in the banner, or hides it when text is empty.
func (b *Banner) Set(text string) {
	b.Text = text
	if text == "" {
		b.Hide()
	} else {
		b.Show()
	}
	b.Refresh()
}

// CreateRenderer builds the banner's renderer.
func (b *Banner) CreateRenderer() fyne.WidgetRenderer {
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
	b     *Banner
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
	switch {
	case r.b.Warning:
		c = theme.ColorForWidget(theme.ColorNameWarning, r.b)
	case r.b.Info:
		c = theme.ColorForWidget(theme.ColorNameSuccess, r.b)
	}
	cr, cg, cb, _ := c.RGBA()
	r.bg.FillColor = color.NRGBA{uint8(cr >> 8), uint8(cg >> 8), uint8(cb >> 8), 0x48}
	r.bg.StrokeColor = c
	r.bg.StrokeWidth = 2
	r.bg.CornerRadius = theme.SizeForWidget(theme.SizeNameInputRadius, r.b)
	r.label.SetText(r.b.Text)
	r.bg.Refresh()
}

// Heading returns a large bold label.
func Heading(text string) *widget.Label {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.SizeName = theme.SizeNameHeadingText
	return l
}

// Subheading returns a medium bold label.
func Subheading(text string) *widget.Label {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.SizeName = theme.SizeNameSubHeadingText
	return l
}

// Wrapped returns a label that wraps at word boundaries.
func Wrapped(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// TopBar lays out a screen's title bar: leading controls, a title that
// takes the room left (shortened with "…" when it must), trailing
// controls; the controls are centred vertically at their own height.
func TopBar(leading, title, trailing fyne.CanvasObject) fyne.CanvasObject {
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
	return container.NewVBox(container.NewStack(NewFill(theme.ColorNameHeaderBackground), container.NewPadded(bar)), widget.NewSeparator())
}

// Fill is a rectangle painted in a theme colour, which follows the theme
// when the player switches between light and dark.
type Fill struct {
	widget.BaseWidget
	// Color names the theme colour to paint.
	Color fyne.ThemeColorName
	// Radius rounds the corners.
	Radius float32
}

// NewFill returns a fill of the named theme colour.
func NewFill(name fyne.ThemeColorName) *Fill {
	f := &Fill{Color: name}
	f.ExtendBaseWidget(f)
	return f
}

// CreateRenderer builds the fill's renderer.
func (f *Fill) CreateRenderer() fyne.WidgetRenderer {
	r := &fillRenderer{f: f, rect: canvas.NewRectangle(color.Transparent)}
	r.Refresh()
	return r
}

type fillRenderer struct {
	f    *Fill
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

// Spacer is a flexible gap for box layouts.
func Spacer() fyne.CanvasObject { return layout.NewSpacer() }

// Card groups objects on a header-coloured rounded background.
func Card(objs ...fyne.CanvasObject) *fyne.Container {
	bg := NewFill(theme.ColorNameHeaderBackground)
	bg.Radius = 8
	return container.NewStack(bg, container.NewPadded(container.NewVBox(objs...)))
}

// Caption returns a small, quiet label that wraps.
func Caption(text string) *widget.Label {
	l := Wrapped(text)
	l.SizeName = theme.SizeNameCaptionText
	l.Importance = widget.LowImportance
	return l
}

// BoldLabel returns a bold label that shortens with "…" when it must.
func BoldLabel(text string) *widget.Label {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.Truncation = fyne.TextTruncateEllipsis
	return l
}

// SetEnabled enables or disables a button.
func SetEnabled(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// WithAlpha returns c with alpha a.
func WithAlpha(c color.Color, a uint8) color.Color {
	cr, cg, cb, _ := c.RGBA()
	return color.NRGBA{uint8(cr >> 8), uint8(cg >> 8), uint8(cb >> 8), a}
}

// ShowIf shows o when on is true and hides it otherwise.
func ShowIf(o fyne.CanvasObject, on bool) {
	if on {
		o.Show()
	} else {
		o.Hide()
	}
}
