package runeballfield

import (
	"image/color"
	"math"
	"testing"
)

// luminance is WCAG's relative luminance of c.
func luminance(c color.NRGBA) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// contrast is WCAG's contrast ratio of a and b.
func contrast(a, b color.NRGBA) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// TestContrast: labels read on the discs at WCAG AA (4.5:1); in the dark
// theme the ball and its carrier's ring stand out from every zone at 3:1
// (in the light one the ball's dark outline does); the touchlines stand
// out at 3:1 and the hex edges enough to see the grid.
func TestContrast(t *testing.T) {
	white := color.NRGBA{0xff, 0xff, 0xff, 0xff}
	for i, tc := range teamColours {
		if r := contrast(white, tc); r < 4.5 {
			t.Errorf("white on team %d's disc: %.2f:1", i, r)
		}
	}
	for name, pal := range map[string]palette{"dark": darkPalette, "light": lightPalette} {
		zones := map[string]color.NRGBA{"pitch": pal.pitch, "neutral": pal.neutral, "home end": pal.endHome, "away end": pal.endAway}
		for z, fill := range zones {
			if name == "dark" {
				if r := contrast(ballColour, fill); r < 3 {
					t.Errorf("%s: the ball on the %s: %.2f:1", name, z, r)
				}
			}
			if r := contrast(pal.edge, fill); r < 1.5 {
				t.Errorf("%s: hex edges on the %s: %.2f:1", name, z, r)
			}
			if r := contrast(pal.border, fill); r < 3 {
				t.Errorf("%s: the touchline on the %s: %.2f:1", name, z, r)
			}
		}
	}
}
