package kit

import (
	"regexp"
	"testing"
)

// The Settings choices read as words: no Go identifier ("kit.Inches"), no
// stored value ("cm"), each maps back to its value.
func TestSettingsChoicesInWords(t *testing.T) {
	word := regexp.MustCompile(`^[A-Z][a-z]+$`)
	for _, c := range []struct {
		got, want string
	}{
		{UnitsLabel(Inches), "Inches"},
		{UnitsLabel(Centimetres), "Centimetres"},
		{UnitsLabel("furlongs"), "Inches"},
		{ThemeLabel(ThemeDark), "Dark"},
		{ThemeLabel(ThemeLight), "Light"},
		{ThemeLabel("neon"), "Dark"},
		{TextScaleLabel(1.7), "Huge"},
	} {
		if c.got != c.want {
			t.Errorf("label %q, want %q", c.got, c.want)
		}
	}
	var labels []string
	for _, c := range UnitChoices {
		labels = append(labels, c.Label)
	}
	for _, c := range ThemeChoices {
		labels = append(labels, c.Label)
	}
	for _, c := range TextScales {
		labels = append(labels, c.Label)
	}
	for _, l := range labels {
		if !word.MatchString(l) {
			t.Errorf("Settings offers %q: not a word", l)
		}
	}
}
