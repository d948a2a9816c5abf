package battlelorescreen

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/battlelore"
)

// TestCaptureScreens renders the BattleLore screen, its dialogs and its
// setup to PNG files for a person to look at, when CC_CAPTURE_DIR names a
// folder (apptest.Capture).
func TestCaptureScreens(t *testing.T) { apptest.Capture(t, home.New, captureBattleLore) }

// captureBattleLore plays the learning scenario's first turn and shoots
// the state pad, a unit's dialog and the dice faces; then a full game's
// setup with the muster calculator.
func captureBattleLore(t *testing.T, st console.Store, u *shell.UI, w fyne.Window, shot func(string)) {
	t.Helper()
	sess := apptest.NewBattleLore(t, st, map[string]string{"mode": "learning"}, "alice", "bob")
	u.ShowGame(console.NewLocal(sess))
	s := battleLoreScreenOf(t, u)
	shot("battlelore-command")
	apptest.TapButton(t, w, "Play command card")
	apptest.TapButton(t, w, "Order step done: Move step")
	apptest.TapButton(t, w, "Move step done: Attack step")
	test.Tap(s.sides[0].rows[0])
	shot("battlelore-unit")
	apptest.TapButton(t, w, "Damage")
	apptest.TapButton(t, w, "Damage")
	apptest.TapButton(t, w, "Close")
	apptest.TapButton(t, w, "Attack step done: VP step")
	apptest.TapButton(t, w, "2 VP")
	shot("battlelore-vp")
	apptest.TapButton(t, w, "Score VP")
	apptest.TapButton(t, w, "Dice faces")
	shot("battlelore-dice")
	apptest.TapButton(t, w, "Close")

	full := apptest.NewBattleLore(t, st, nil, "alice", "bob")
	u.ShowGame(console.NewLocal(full))
	fs := battleLoreScreenOf(t, u)
	shot("battlelore-setup")
	fs.enterScenario(battlelore.Daqan)
	shot("battlelore-scenario")
	apptest.TapButton(t, w, "Enter card")
	apptest.DoShown(t, u, full, "bob", "scenario", map[string]any{"letter": "B", "number": 2, "banners": "2,1"})
	fs.musterArmy(battlelore.Daqan)
	fs.muster.counts["citadel-guard"].Set(4)
	fs.muster.counts["yeoman-archers"].Set(3)
	shot("battlelore-muster")
	apptest.TapButton(t, w, "Cancel")
	apptest.TapButton(t, w, "Concede")
	apptest.TapButton(t, w, "Concede")
	shot("battlelore-end")
}
