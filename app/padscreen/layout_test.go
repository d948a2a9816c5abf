//go:build !mobile

package padscreen

import (
	"testing"

	"fyne.io/fyne/v2"
)

// TestLayoutLandscapeTablet checks the screens on a landscape tablet, the
// layout the app is designed for. layout_mobile_test.go checks portrait
// and phone sizes with Fyne's mobile build tag.
func TestLayoutLandscapeTablet(t *testing.T) {
	for _, players := range []int{2, 8} {
		checkScreens(t, false, fyne.NewSize(1280, 800), players)
	}
	checkScreens(t, false, fyne.NewSize(1024, 600), 4)
}

// TestLayoutLargestText checks the screens on a landscape tablet at the
// largest text size Settings offers.
func TestLayoutLargestText(t *testing.T) {
	checkScreens(t, true, fyne.NewSize(1280, 800), 8)
}
