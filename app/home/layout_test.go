//go:build !mobile

package home

import (
	"testing"

	"fyne.io/fyne/v2"
)

// TestLayoutLandscapeTablet checks the screens on a landscape tablet, the
// layout the app is designed for. layout_mobile_test.go checks portrait
// and phone sizes with Fyne's mobile build tag.
func TestLayoutLandscapeTablet(t *testing.T) {
	checkStats(t, false, fyne.NewSize(1280, 800))
}

// TestLayoutLargestText checks the screens on a landscape tablet at the
// largest text size Settings offers.
func TestLayoutLargestText(t *testing.T) {
	checkStats(t, true, fyne.NewSize(1280, 800))
}
