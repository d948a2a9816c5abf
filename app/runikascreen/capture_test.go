package runikascreen

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/console"
)

// TestCaptureScreens renders the Runika screen, its forms and its end to
// PNG files for a person to look at, when CC_CAPTURE_DIR names a folder:
//
//	CC_CAPTURE_DIR=/tmp/shots go test -run CaptureScreens ./app/...
func TestCaptureScreens(t *testing.T) {
	dir := apptest.CaptureDir(t)
	for _, c := range apptest.CaptureSizes {
		st := console.NewMemStore()
		u, w := newTestUI(t, st, c.Size)
		captureRunika(t, st, u, w, apptest.Shooter(t, dir, c.Name, w))
	}
}

// captureRunika plays part of a Runika round and shoots the state pad,
// its claim form and its end screen.
func captureRunika(t *testing.T, st console.Store, u *shell.UI, w fyne.Window, shot func(string)) {
	t.Helper()
	sess := newRunika(t, st, map[string]string{"initiative": "bob"}, "alice", "bob", "carol")
	u.ShowGame(console.NewLocal(sess))
	s := runikaScreenOf(t, u)
	shot("runika-setup")
	s.chooseCharacter("alice")
	test.Type(s.charEntry, "Runika")
	tapButton(t, w, "Save")
	tapButton(t, w, "Start game")
	shot("runika-draft")
	tapButton(t, w, "End draft")
	tapButton(t, w, "Air \u00b7 Simza")
	tapButton(t, w, "Claim rune")
	test.Type(s.runeForm.name, "Spark")
	s.runeForm.points.Set(2)
	s.runeForm.tokens.Set(1)
	shot("runika-claim")
	tapButton(t, w, "Claim")
	tapButton(t, w, "+2")
	shot("runika-turn")
	tapButton(t, w, "End turn")
	tapButton(t, w, "Water \u00b7 Ko'bataar")
	tapButton(t, w, "Fire \u00b7 Ainfean")
	shot("runika-fire")
	tapButton(t, w, "Yes, +1")
	tapButton(t, w, "End turn")
	doShown(t, u, sess, "alice", "correct-deck", map[string]any{"deck": "rune", "count": 0})
	tapButton(t, w, "End turn")
	shot("runika-end")
}
