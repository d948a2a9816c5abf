//go:build mobile

package runeballscreen

import (
	"testing"

	"fyne.io/fyne/v2"
)

// TestLayoutMobile checks the screen at tablet and phone sizes with Fyne's
// mobile build tag (go test -tags mobile ./app/runeballscreen/), where the
// test device reports itself as mobile.
func TestLayoutMobile(t *testing.T) {
	for _, size := range []fyne.Size{fyne.NewSize(800, 1280), fyne.NewSize(412, 915)} {
		checkRuneball(t, false, size)
	}
}
