package kit

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// luminance is c's relative luminance (WCAG 2), from its straight sRGB
// values.
func luminance(c color.Color) float64 {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	ch := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(n.R) + 0.7152*ch(n.G) + 0.0722*ch(n.B)
}

// contrast is the WCAG contrast ratio of two opaque colours.
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// TestThemeTextContrast: every colour text is drawn in (the body, the
// quiet hint and disabled text, placeholders, links, errors, warnings,
// successes) reads at WCAG AA contrast (at least 4.5:1) on every
// background it sits on, in both variants; so does the text on the
// primary colour (a high-importance button).
func TestThemeTextContrast(t *testing.T) {
	test.NewTempApp(t)
	texts := []fyne.ThemeColorName{
		theme.ColorNameForeground, theme.ColorNameDisabled, theme.ColorNamePlaceHolder,
		theme.ColorNamePrimary, theme.ColorNameHyperlink, theme.ColorNameError,
		theme.ColorNameWarning, theme.ColorNameSuccess,
	}
	backgrounds := []fyne.ThemeColorName{
		theme.ColorNameBackground, theme.ColorNameInputBackground, theme.ColorNameHeaderBackground,
		theme.ColorNameButton, theme.ColorNameMenuBackground, theme.ColorNameOverlayBackground,
		theme.ColorNameDisabledButton,
	}
	for _, dark := range []bool{true, false} {
		th := &Theme{Dark: dark, Scale: 1}
		variant := map[bool]string{true: "dark", false: "light"}[dark]
		type pair struct{ fg, bg fyne.ThemeColorName }
		var pairs []pair
		for _, fg := range texts {
			for _, bg := range backgrounds {
				pairs = append(pairs, pair{fg, bg})
			}
		}
		pairs = append(pairs, pair{theme.ColorNameForegroundOnPrimary, theme.ColorNamePrimary})
		for _, p := range pairs {
			t.Run(fmt.Sprintf("%s/%s-on-%s", variant, p.fg, p.bg), func(t *testing.T) {
				fg, bg := th.Color(p.fg, theme.VariantDark), th.Color(p.bg, theme.VariantDark)
				if r := contrast(fg, bg); r < 4.5 {
					t.Errorf("%s %v on %s %v: contrast %.2f:1, want at least 4.5:1", p.fg, fg, p.bg, bg, r)
				}
			})
		}
	}
}
