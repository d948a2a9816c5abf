//go:build !mobile

package runikascreen

import (
	"testing"

	"fyne.io/fyne/v2"
)

// TestLayoutLandscapeTablet checks the screens on a landscape tablet, the
// layout the app is designed for. layout_mobile_test.go checks portrait
// and phone sizes with Fyne's mobile build tag.
func TestLayoutLandscapeTablet(t *testing.T) {
	checkRunika(t, false, fyne.NewSize(1280, 800))
}

// TestLayoutLargestText checks the screens on a landscape tablet at the
// largest text size Settings offers.
func TestLayoutLargestText(t *testing.T) {
	checkRunika(t, true, fyne.NewSize(1280, 800))
}

// TestLayoutPortraitLargestText checks the screens on a portrait tablet at
// the largest text size. (A phone at the largest text is checked for the
// points buttons by TestPointsButtonsInReach; the frame's title bar and
// four players' score columns are wider than a phone there, see
// docs/runika.md.)
func TestLayoutPortraitLargestText(t *testing.T) {
	checkRunika(t, true, fyne.NewSize(800, 1280))
}
