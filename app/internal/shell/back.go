package shell

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/mobile"

	"github.com/commandconsole/commandconsole/app/kit"
)

// TypedKey is the window's key handler when no screen has its own: the
// device's back button (Android's, mobile.KeyBack) goes to Back. A screen
// that takes the keys for a while (the PIN pad) hands the back button to
// Back and gives the window this handler back when it is done.
func (u *UI) TypedKey(e *fyne.KeyEvent) {
	if e.Name == mobile.KeyBack {
		u.Back()
	}
}

// Back is the back button: it closes the dialog on top, if any; in a game
// it asks before leaving it (the game is saved either way); on any other
// screen it goes home; on the home screen it lets the system go back (the
// app goes to the background on Android).
func (u *UI) Back() {
	c := u.win.Canvas()
	if top := c.Overlays().Top(); top != nil {
		c.Overlays().Remove(top)
		return
	}
	switch {
	case u.game != nil:
		if u.net != nil && u.inPlay != nil && u.net.Leaving(u.inPlay, u.goHome) {
			return // LAN play asked in its own words
		}
		d := dialog.NewConfirm("Leave the game?", kit.WrapText("The game is saved: continue it from the home screen.", 50),
			func(ok bool) {
				if ok {
					u.goHome()
				}
			}, u.win)
		d.SetConfirmText("Leave")
		d.SetDismissText("Stay")
		d.Show()
	case !u.atHome:
		u.Home()
	default:
		if b, ok := u.app.Driver().(interface{ GoBack() }); ok {
			b.GoBack()
		}
	}
}
