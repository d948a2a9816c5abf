package runikascreen

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/console"
)

// TestCaptureScreens renders the Runika screen, its forms and its end to
// PNG files for a person to look at, when CC_CAPTURE_DIR names a folder
// (apptest.Capture).
func TestCaptureScreens(t *testing.T) { apptest.Capture(t, home.New, captureRunika) }

// captureRunika plays part of a Runika round and shoots the state pad,
// its claim form and its end screen.
func captureRunika(t *testing.T, st console.Store, u *shell.UI, w fyne.Window, shot func(string)) {
	t.Helper()
	sess := apptest.NewRunika(t, st, map[string]string{"initiative": "bob"}, "alice", "bob", "carol")
	u.ShowGame(console.NewLocal(sess))
	s := runikaScreenOf(t, u)
	shot("runika-setup")
	s.chooseCharacter("alice")
	test.Type(s.charEntry, "Runika")
	apptest.TapButton(t, w, "Save")
	apptest.TapButton(t, w, "Start game")
	shot("runika-draft")
	apptest.TapButton(t, w, "End draft")
	apptest.TapButton(t, w, "Air \u00b7 Simza")
	apptest.TapButton(t, w, "Claim rune")
	test.Type(s.runeForm.name, "Spark")
	s.runeForm.points.Set(2)
	s.runeForm.tokens.Set(1)
	shot("runika-claim")
	apptest.TapButton(t, w, "Claim")
	apptest.TapButton(t, w, "+2")
	shot("runika-turn")
	apptest.TapButton(t, w, "End turn")
	apptest.TapButton(t, w, "Water \u00b7 Ko'bataar")
	apptest.TapButton(t, w, "Fire \u00b7 Ainfean")
	shot("runika-fire")
	apptest.TapButton(t, w, "Yes, +1")
	apptest.TapButton(t, w, "End turn")
	apptest.DoShown(t, u, sess, "alice", "correct-deck", map[string]any{"deck": "rune", "count": 0})
	apptest.TapButton(t, w, "End turn")
	shot("runika-end")
}
