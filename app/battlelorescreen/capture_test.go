package battlelorescreen

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/battlelore"
)

// TestCaptureScreens renders the BattleLore screen, its dialogs and its
// setup to PNG files for a person to look at, when CC_CAPTURE_DIR names a
// folder:
//
//	CC_CAPTURE_DIR=/tmp/shots go test -run CaptureScreens ./app/...
func TestCaptureScreens(t *testing.T) {
	dir := apptest.CaptureDir(t)
	for _, c := range apptest.CaptureSizes {
		st := console.NewMemStore()
		u, w := newTestUI(t, st, c.Size)
		captureBattleLore(t, st, u, w, apptest.Shooter(t, dir, c.Name, w))
	}
}

// captureBattleLore plays the learning scenario's first turn and shoots
// the state pad, a unit's dialog and the dice faces; then a full game's
// setup with the muster calculator.
func captureBattleLore(t *testing.T, st console.Store, u *shell.UI, w fyne.Window, shot func(string)) {
	t.Helper()
	sess := newBattleLore(t, st, map[string]string{"mode": "learning"}, "alice", "bob")
	u.ShowGame(console.NewLocal(sess))
	s := battleLoreScreenOf(t, u)
	shot("battlelore-command")
	tapButton(t, w, "Play command card")
	tapButton(t, w, "Order step done: Move step")
	tapButton(t, w, "Move step done: Attack step")
	test.Tap(s.sides[0].rows[0])
	shot("battlelore-unit")
	tapButton(t, w, "Damage")
	tapButton(t, w, "Damage")
	tapButton(t, w, "Close")
	tapButton(t, w, "Attack step done: VP step")
	tapButton(t, w, "2 VP")
	shot("battlelore-vp")
	tapButton(t, w, "Score VP")
	tapButton(t, w, "Dice faces")
	shot("battlelore-dice")
	tapButton(t, w, "Close")

	full := newBattleLore(t, st, nil, "alice", "bob")
	u.ShowGame(console.NewLocal(full))
	fs := battleLoreScreenOf(t, u)
	shot("battlelore-setup")
	fs.enterScenario(battlelore.Daqan)
	shot("battlelore-scenario")
	tapButton(t, w, "Enter card")
	doShown(t, u, full, "bob", "scenario", map[string]any{"letter": "B", "number": 2, "banners": "2,1"})
	fs.musterArmy(battlelore.Daqan)
	fs.muster.counts["citadel-guard"].Set(4)
	fs.muster.counts["yeoman-archers"].Set(3)
	shot("battlelore-muster")
	tapButton(t, w, "Cancel")
	tapButton(t, w, "Concede")
	tapButton(t, w, "Concede")
	shot("battlelore-end")
}
