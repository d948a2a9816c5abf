package kit

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// Base sizes of the Command Console theme at text scale 1 (BaseText is the
// body text's). They are larger
// than Fyne's defaults so that the pad reads at arm's length on a tablet
// lying beside the table.
const (
	BaseText       = 18
	baseHeading    = 28
	baseSubHeading = 22
	baseCaption    = 15
	baseIcon       = 24
	// minInnerPadding is the least inner padding; at small text scales it
	// grows so that buttons stay MinTouchTarget high (innerPadding).
	minInnerPadding = 11
	// lineRatio is a line's height over its text size in the theme's font
	// (24.5 dp for 18 dp text, measured with the test driver).
	lineRatio = 1.36
)

// MinTouchTarget is the smallest height, in device-independent pixels, of
// anything a finger has to hit: Android's recommended 48 dp.
const MinTouchTarget = 48

// Theme is Command Console's Fyne theme: Fyne's default look with a fixed
// light or dark variant (regardless of the system's), an amber primary
// colour that stays readable in a dim room, large text scaled by the user's
// text size setting and generous padding so buttons are comfortable touch
// targets.
type Theme struct {
	// Dark selects the dark variant (the default) over the light one.
	Dark bool
	// Scale multiplies every text and icon size; 1 is the normal size.
	Scale float32
}

var _ fyne.Theme = (*Theme)(nil)

// NewTheme returns the theme for the given settings.
func NewTheme(s Settings) *Theme {
	return &Theme{Dark: s.Theme != ThemeLight, Scale: s.TextScale}
}

func (t *Theme) variant() fyne.ThemeVariant {
	if t.Dark {
		return theme.VariantDark
	}
	return theme.VariantLight
}

func (t *Theme) scale() float32 {
	if t.Scale < 0.5 || t.Scale > 3 {
		return 1
	}
	return t.Scale
}

// Palette of the dark variant: near-black blue backgrounds, warm white
// text and an amber accent that does not glare in a dim room; and the
// light variant's colours that differ from Fyne's. Every text colour reads
// at WCAG AA contrast (4.5:1) on the backgrounds it sits on
// (TestThemeTextContrast).
var (
	darkBackground = color.NRGBA{0x12, 0x14, 0x1a, 0xff}
	darkInput      = color.NRGBA{0x1e, 0x22, 0x2c, 0xff}
	darkButton     = color.NRGBA{0x2a, 0x2f, 0x3c, 0xff}
	darkForeground = color.NRGBA{0xf0, 0xee, 0xe8, 0xff}
	darkDisabled   = color.NRGBA{0x9e, 0xa3, 0xad, 0xff}
	darkSeparator  = color.NRGBA{0x33, 0x38, 0x45, 0xff}
	darkHeader     = color.NRGBA{0x1a, 0x1d, 0x25, 0xff}
	amber          = color.NRGBA{0xff, 0xb0, 0x20, 0xff}
	amberDark      = color.NRGBA{0x8f, 0x50, 0x00, 0xff}
	errorDark      = color.NRGBA{0xff, 0x6b, 0x5e, 0xff}
	errorLight     = color.NRGBA{0xc6, 0x28, 0x28, 0xff}
	successDark    = color.NRGBA{0x6f, 0xd0, 0x8c, 0xff}
	successLight   = color.NRGBA{0x2e, 0x7d, 0x32, 0xff}
	// The light variant's text: near-black for the body, a dark grey for
	// hints, placeholders and disabled text, and a dark amber for
	// warnings, each at least 4.5:1 (WCAG AA) on every light background
	// (Fyne's own light greys are 1.3:1 to 3.5:1).
	lightForeground = color.NRGBA{0x1d, 0x1f, 0x24, 0xff}
	lightDisabled   = color.NRGBA{0x5f, 0x63, 0x6b, 0xff}
	warningLight    = color.NRGBA{0xa1, 0x4a, 0x00, 0xff}
)

// Color returns the theme's colour for name. The variant argument is
// ignored: the user's light/dark setting decides.
func (t *Theme) Color(name fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	v := t.variant()
	if t.Dark {
		switch name {
		case theme.ColorNameBackground:
			return darkBackground
		case theme.ColorNameInputBackground, theme.ColorNameMenuBackground, theme.ColorNameOverlayBackground:
			return darkInput
		case theme.ColorNameButton:
			return darkButton
		case theme.ColorNameForeground:
			return darkForeground
		case theme.ColorNameDisabled, theme.ColorNamePlaceHolder:
			return darkDisabled
		case theme.ColorNameSeparator, theme.ColorNameInputBorder:
			return darkSeparator
		case theme.ColorNameHeaderBackground:
			return darkHeader
		case theme.ColorNamePrimary, theme.ColorNameFocus, theme.ColorNameHyperlink:
			return amber
		case theme.ColorNameForegroundOnPrimary:
			return darkBackground
		case theme.ColorNameSelection:
			return color.NRGBA{0xff, 0xb0, 0x20, 0x50}
		case theme.ColorNameError:
			return errorDark
		case theme.ColorNameSuccess:
			return successDark
		}
	} else {
		switch name {
		case theme.ColorNamePrimary, theme.ColorNameFocus, theme.ColorNameHyperlink:
			return amberDark
		case theme.ColorNameForegroundOnPrimary:
			return color.White
		case theme.ColorNameSelection:
			return color.NRGBA{0xb8, 0x6a, 0x00, 0x40}
		case theme.ColorNameForeground:
			return lightForeground
		case theme.ColorNameDisabled, theme.ColorNamePlaceHolder:
			return lightDisabled
		case theme.ColorNameWarning:
			return warningLight
		case theme.ColorNameError:
			return errorLight
		case theme.ColorNameSuccess:
			return successLight
		}
	}
	return theme.DefaultTheme().Color(name, v)
}

// Font returns Fyne's default font.
func (t *Theme) Font(style fyne.TextStyle) fyne.Resource { return theme.DefaultTheme().Font(style) }

// Icon returns Fyne's default icon.
func (t *Theme) Icon(name fyne.ThemeIconName) fyne.Resource { return theme.DefaultTheme().Icon(name) }

// innerPadding keeps a button MinTouchTarget high at every text scale:
// a button is its text's line height plus twice the inner padding, so the
// padding makes up what a small text's line lacks (at larger text the line
// alone is tall enough and the padding stays minInnerPadding).
func (t *Theme) innerPadding() float32 {
	line := BaseText * t.scale() * lineRatio
	return float32(math.Max(minInnerPadding, math.Ceil(float64(MinTouchTarget-line)/2)))
}

// Size returns the scaled size for name.
func (t *Theme) Size(name fyne.ThemeSizeName) float32 {
	s := t.scale()
	switch name {
	case theme.SizeNameText:
		return BaseText * s
	case theme.SizeNameHeadingText:
		return baseHeading * s
	case theme.SizeNameSubHeadingText:
		return baseSubHeading * s
	case theme.SizeNameCaptionText:
		return baseCaption * s
	case theme.SizeNameInlineIcon:
		return baseIcon * s
	case theme.SizeNameInnerPadding:
		return t.innerPadding()
	case theme.SizeNamePadding:
		return 6
	case theme.SizeNameLineSpacing:
		return 6
	case theme.SizeNameScrollBar:
		return 14
	case theme.SizeNameScrollBarSmall:
		return 5
	case theme.SizeNameInputRadius, theme.SizeNameSelectionRadius:
		return 8
	case theme.SizeNameInputBorder:
		return 2
	}
	return theme.DefaultTheme().Size(name)
}
