package kit

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
)

// Units says how distances on the table are measured and shown.
type Units string

// The distance units a player can choose.
const (
	Inches      Units = "in"
	Centimetres Units = "cm"
)

// The theme names a player can choose.
const (
	ThemeDark  = "dark"
	ThemeLight = "light"
)

// UnitChoices are the distance units offered in Settings, with the words
// a player reads for them.
var UnitChoices = []struct {
	Label string
	Units Units
}{
	{"Inches", Inches},
	{"Centimetres", Centimetres},
}

// ThemeChoices are the themes offered in Settings, with their words.
var ThemeChoices = []struct {
	Label string
	Theme string
}{
	{"Dark", ThemeDark},
	{"Light", ThemeLight},
}

// UnitsLabel is the word Settings shows for u ("Inches").
func UnitsLabel(u Units) string {
	for _, c := range UnitChoices {
		if c.Units == u {
			return c.Label
		}
	}
	return UnitChoices[0].Label
}

// ThemeLabel is the word Settings shows for the theme named ("Dark").
func ThemeLabel(theme string) string {
	for _, c := range ThemeChoices {
		if c.Theme == theme {
			return c.Label
		}
	}
	return ThemeChoices[0].Label
}

// TextScales are the text sizes offered in Settings, smallest first, with
// their labels.
var TextScales = []struct {
	Label string
	Scale float32
}{
	{"Normal", 1},
	{"Large", 1.2},
	{"Larger", 1.4},
	{"Huge", 1.7},
}

// Preference keys.
const (
	prefName      = "settings.name"
	prefUnits     = "settings.units"
	prefTheme     = "settings.theme"
	prefTextScale = "settings.textScale"
	prefHints     = "settings.hints"
)

// Settings are the player's preferences, kept in Fyne's Preferences.
type Settings struct {
	// Name is the player's own name; new games start with it in the first
	// seat.
	Name string
	// Units are the distance units for miniature games.
	Units Units
	// Theme is ThemeDark (the default) or ThemeLight.
	Theme string
	// TextScale multiplies the theme's text sizes; see TextScales.
	TextScale float32
	// Hints turns on the tutorial hints of the screens that have them.
	Hints bool
}

// DefaultSettings are the settings of a fresh install: dark, normal text,
// inches, tutorial hints on.
func DefaultSettings() Settings {
	return Settings{Units: Inches, Theme: ThemeDark, TextScale: 1, Hints: true}
}

// LoadSettings reads the settings from p, falling back to the defaults for
// anything missing or invalid.
func LoadSettings(p fyne.Preferences) Settings {
	d := DefaultSettings()
	s := Settings{
		Name:      strings.TrimSpace(p.StringWithFallback(prefName, "")),
		Units:     Units(p.StringWithFallback(prefUnits, string(d.Units))),
		Theme:     p.StringWithFallback(prefTheme, d.Theme),
		TextScale: float32(p.FloatWithFallback(prefTextScale, float64(d.TextScale))),
		Hints:     p.BoolWithFallback(prefHints, d.Hints),
	}
	return s.Normalised()
}

// Normalised replaces invalid values with the defaults.
func (s Settings) Normalised() Settings {
	d := DefaultSettings()
	if s.Units != Inches && s.Units != Centimetres {
		s.Units = d.Units
	}
	if s.Theme != ThemeDark && s.Theme != ThemeLight {
		s.Theme = d.Theme
	}
	ok := false
	for _, ts := range TextScales {
		if ts.Scale == s.TextScale {
			ok = true
		}
	}
	if !ok {
		s.TextScale = d.TextScale
	}
	return s
}

// Save writes the settings to p.
func (s Settings) Save(p fyne.Preferences) {
	s = s.Normalised()
	p.SetString(prefName, s.Name)
	p.SetString(prefUnits, string(s.Units))
	p.SetString(prefTheme, s.Theme)
	p.SetFloat(prefTextScale, float64(s.TextScale))
	p.SetBool(prefHints, s.Hints)
}

// FormatDistance renders a distance given in tenths of an inch (the rules'
// integer unit) in the chosen units: "6\"" or "15.2 cm".
func (u Units) FormatDistance(tenthsOfInch int) string {
	if u == Centimetres {
		// A tenth of an inch is 254 hundredths of a millimetre.
		return fmt.Sprintf("%.1f cm", float64(tenthsOfInch*254)/1000)
	}
	if tenthsOfInch%10 == 0 {
		return fmt.Sprintf("%d\"", tenthsOfInch/10)
	}
	return fmt.Sprintf("%.1f\"", float64(tenthsOfInch)/10)
}

// TextScaleLabel returns the label of scale in TextScales.
func TextScaleLabel(scale float32) string {
	for _, ts := range TextScales {
		if ts.Scale == scale {
			return ts.Label
		}
	}
	return TextScales[0].Label
}
