//go:build mobile

package battlelorescreen

import (
	"testing"

	"fyne.io/fyne/v2"
)

// TestLayoutMobile checks the screens at tablet and phone sizes with
// Fyne's mobile build tag (go test -tags mobile ./app/...), where the test
// device reports itself as mobile: nothing a finger must hit is cut off or
// smaller than MinTouchTarget.
func TestLayoutMobile(t *testing.T) {
	for _, size := range []fyne.Size{fyne.NewSize(800, 1280), fyne.NewSize(412, 915)} {
		checkBattleLore(t, false, size)
	}
}
