package lorscreen

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

// The phase indicator's colours, as the rulebook gives them: blue for a
// phase of your turn, red for a phase of your opponent's; grey for the
// steps every player takes (setup, objectives). White text on each is
// above 4.5:1.
var (
	phaseBlue = color.NRGBA{R: 0x1f, G: 0x5f, B: 0xc8, A: 0xff}
	phaseRed  = color.NRGBA{R: 0xb0, G: 0x2a, B: 0x2a, A: 0xff}
	phaseGrey = color.NRGBA{R: 0x4a, G: 0x4f, B: 0x58, A: 0xff}
)

// phaseKind is whose phase the indicator shows.
type phaseKind int

const (
	phaseAll phaseKind = iota
	phaseMine
	phaseTheirs
)

// indicator is the phase indicator: the phase in large letters, a line
// under it (what a tap does, or why it cannot end the phase), coloured by
// whose phase it is. Tapping it (when enabled) ends the phase.
type indicator struct {
	widget.BaseWidget
	// Title and Sub are the two lines; Kind colours it.
	Title, Sub string
	Kind       phaseKind
	// Small draws the title at the text size, not the subheading's (a
	// phone).
	Small bool
	// OnTapped is called on a tap while enabled.
	OnTapped func()
	disabled bool
}

func newIndicator(tapped func()) *indicator {
	i := &indicator{OnTapped: tapped}
	i.ExtendBaseWidget(i)
	return i
}

// Set shows title and sub for kind, tappable when enabled.
func (i *indicator) Set(title, sub string, kind phaseKind, enabled bool) {
	i.Title, i.Sub, i.Kind, i.disabled = title, sub, kind, !enabled
	i.Refresh()
}

// Disabled reports whether a tap does nothing.
func (i *indicator) Disabled() bool { return i.disabled }

// Tapped ends the phase, when enabled.
func (i *indicator) Tapped(*fyne.PointEvent) {
	if !i.disabled && i.OnTapped != nil {
		i.OnTapped()
	}
}

// Cursor is a pointer while the indicator can be tapped.
func (i *indicator) Cursor() desktop.Cursor {
	if i.disabled {
		return desktop.DefaultCursor
	}
	return desktop.PointerCursor
}

// CreateRenderer draws the indicator.
func (i *indicator) CreateRenderer() fyne.WidgetRenderer {
	bg := canvas.NewRectangle(phaseGrey)
	bg.CornerRadius = 22
	title := widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	title.SizeName = theme.SizeNameSubHeadingText
	// Both lines wrap: the indicator grows rather than cutting a
	// warning.
	title.Wrapping = fyne.TextWrapWord
	sub := widget.NewLabel("")
	sub.Alignment = fyne.TextAlignCenter
	sub.Wrapping = fyne.TextWrapWord
	// White text on the indicator's colour, in either theme.
	text := container.NewThemeOverride(container.NewVBox(title, sub), whiteText{})
	box := container.NewStack(bg, container.New(layout.NewCustomPaddedLayout(2, 2, 8, 8), text))
	r := &indicatorRenderer{i: i, bg: bg, title: title, sub: sub, box: box}
	r.Refresh()
	return r
}

type indicatorRenderer struct {
	i     *indicator
	bg    *canvas.Rectangle
	title *widget.Label
	sub   *widget.Label
	box   *fyne.Container
}

// whiteText is the app's theme with white text, for the indicator.
type whiteText struct{}

func (whiteText) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if n == theme.ColorNameForeground {
		return color.White
	}
	return fyne.CurrentApp().Settings().Theme().Color(n, v)
}
func (whiteText) Font(s fyne.TextStyle) fyne.Resource {
	return fyne.CurrentApp().Settings().Theme().Font(s)
}
func (whiteText) Icon(n fyne.ThemeIconName) fyne.Resource {
	return fyne.CurrentApp().Settings().Theme().Icon(n)
}
func (whiteText) Size(n fyne.ThemeSizeName) float32 {
	return fyne.CurrentApp().Settings().Theme().Size(n)
}

func (r *indicatorRenderer) Layout(s fyne.Size) { r.box.Resize(s) }
func (r *indicatorRenderer) MinSize() fyne.Size {
	m := r.box.MinSize()
	return fyne.NewSize(min(m.Width, 200), max(m.Height, 56))
}
func (r *indicatorRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.box} }
func (r *indicatorRenderer) Destroy()                     {}
func (r *indicatorRenderer) Refresh() {
	switch r.i.Kind {
	case phaseMine:
		r.bg.FillColor = phaseBlue
	case phaseTheirs:
		r.bg.FillColor = phaseRed
	default:
		r.bg.FillColor = phaseGrey
	}
	size := theme.SizeNameSubHeadingText
	if r.i.Small {
		size = theme.SizeNameText
	}
	if r.title.SizeName != size {
		r.title.SizeName = size
		r.title.Refresh()
	}
	r.title.SetText(r.i.Title)
	r.sub.SetText(r.i.Sub)
	if r.i.Sub == "" {
		r.sub.Hide()
	} else {
		r.sub.Show()
	}
	r.bg.Refresh()
}
