package kit

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// A button is at least MinTouchTarget (48 dp, Android's recommendation)
// high at every text size Settings offers: the inner padding makes up what
// a small text's line lacks.
func TestButtonsAreTouchTargets(t *testing.T) {
	a := test.NewTempApp(t)
	for _, ts := range TextScales {
		a.Settings().SetTheme(NewTheme(Settings{TextScale: ts.Scale}))
		b := widget.NewButton("End phase", nil)
		if h := b.MinSize().Height; h < MinTouchTarget {
			t.Errorf("%s text: a button is %.1f dp high, want at least %d", ts.Label, h, MinTouchTarget)
		}
	}
}
