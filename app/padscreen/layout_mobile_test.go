//go:build mobile

package padscreen

import (
	"testing"

	"fyne.io/fyne/v2"
)

// TestLayoutMobile checks the screens at tablet and phone sizes with
// Fyne's mobile build tag (go test -tags mobile ./app/...), where the test
// device reports itself as mobile: nothing a finger must hit is cut off or
// smaller than MinTouchTarget.
func TestLayoutMobile(t *testing.T) {
	for _, c := range []struct {
		size    fyne.Size
		players int
	}{
		{fyne.NewSize(800, 1280), 8}, // tablet, portrait
		{fyne.NewSize(800, 1280), 2},
		{fyne.NewSize(1280, 800), 8}, // tablet, landscape
		{fyne.NewSize(412, 915), 4},  // phone, portrait
	} {
		checkScreens(t, false, c.size, c.players)
	}
}
