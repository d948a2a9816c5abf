// Package kit holds what every screen of Command Console shares: the theme
// (Theme, sized for a tablet at arm's length, light and dark), the player's
// Settings, widgets (Tile, Banner, Fill, TopBar, Card, ...), layouts
// (SplitLayout for a main area and a side panel, PadGridLayout for score
// grids, WidthLayout and WidthWatch for screens that choose their column
// counts), the argument input generated from a console.ArgSpec (ArgInput)
// and text helpers (WrapText, ErrorText, Field, Ordinal, Plural, ...).
//
// Nothing here knows a game system or the game in play; the play frame is
// package play, the home screens package home.
package kit

import (
	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/assets"
)

// Screen is one full-window screen: the home screen, a game in play, the
// battle report.
type Screen interface {
	// Content is the screen's widget tree.
	Content() fyne.CanvasObject
	// Leave is called when another screen replaces this one.
	Leave()
}

// Icon returns the application icon as a Fyne resource.
func Icon() fyne.Resource { return fyne.NewStaticResource(assets.IconName, assets.Icon()) }
