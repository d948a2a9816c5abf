package app

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/mobile"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
)

// The device's back button (Android's) closes a dialog, asks before it
// leaves a game, and leaves any other screen for home; it never leaves a
// game without asking.
func TestBackButton(t *testing.T) {
	st := console.NewMemStore()
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	back := func() {
		t.Helper()
		w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: mobile.KeyBack})
	}
	home := u.Current()
	back() // on the home screen: the system's (nothing in the test driver)
	if u.Current() != home {
		t.Fatalf("back on the home screen left it")
	}
	apptest.TapButton(t, w, "Settings")
	if u.Current() == home {
		t.Fatalf("Settings did not open")
	}
	back()
	if u.Game() != nil || apptest.Buttons(w, "Settings") == nil {
		t.Fatalf("back from Settings did not go home")
	}

	sess := apptest.NewPad(t, st, "Quiz night", nil, "ann", "bob")
	u.ShowGame(console.NewLocal(sess))
	game := u.Game()
	back()
	if u.Game() != game || w.Canvas().Overlays().Top() == nil {
		t.Fatalf("back in a game left it without asking")
	}
	apptest.WantText(t, w, "Leave the game?")
	back() // closes the question
	if w.Canvas().Overlays().Top() != nil || u.Game() != game {
		t.Fatalf("back on the question did not just close it")
	}
	back()
	apptest.TapButton(t, w, "Leave")
	if u.Game() != nil {
		t.Fatalf("Leave did not leave the game")
	}
}
