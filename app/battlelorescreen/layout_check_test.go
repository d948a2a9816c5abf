package battlelorescreen

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/battlelore"
)

// checkBattleLore renders the BattleLore screen, with its forms and
// dialogs, at size and checks its layout.
func checkBattleLore(t *testing.T, size fyne.Size) {
	t.Helper()
	name := fmt.Sprintf("%v\u00d7%v", size.Width, size.Height)
	st := console.NewMemStore()
	u, w := newTestUI(t, st, size)

	// BattleLore: the learning scenario's turn, a unit, the dice.
	bl := newBattleLore(t, st, map[string]string{"mode": "learning"}, "Alexandra", "Bartholomew")
	u.ShowGame(console.NewLocal(bl))
	b := battleLoreScreenOf(t, u)
	checkLayout(t, w, size, name+" battlelore command step")
	doShown(t, u, bl, "Bartholomew", battlelore.CmdPlayCommandCard, nil)
	for range 3 {
		doShown(t, u, bl, "Bartholomew", battlelore.CmdNextStep, nil)
	}
	checkLayout(t, w, size, name+" battlelore VP step")
	test.Tap(b.sides[0].rows[0])
	checkLayout(t, w, size, name+" battlelore unit dialog")
	tapButton(t, w, "Close")
	b.showDice()
	checkLayout(t, w, size, name+" battlelore dice")
	tapButton(t, w, "Close")

	// A full game's setup: the scenario form, the muster calculator.
	full := newBattleLore(t, st, nil, "Alexandra", "Bartholomew")
	u.ShowGame(console.NewLocal(full))
	b = battleLoreScreenOf(t, u)
	checkLayout(t, w, size, name+" battlelore setup")
	b.enterScenario(battlelore.Daqan)
	checkLayout(t, w, size, name+" battlelore scenario form")
	tapButton(t, w, "Cancel")
	doShown(t, u, full, "Alexandra", battlelore.CmdScenario, map[string]any{"letter": "A", "number": 1})
	doShown(t, u, full, "Bartholomew", battlelore.CmdScenario, map[string]any{"letter": "B", "number": 1, "banners": "2,1"})
	b.musterArmy(battlelore.Daqan)
	checkLayout(t, w, size, name+" battlelore muster")
	tapButton(t, w, "Cancel")
	doShown(t, u, full, "Alexandra", battlelore.CmdArmyCard, map[string]any{"army": "daqan-riverwatch"})
	doShown(t, u, full, "Bartholomew", battlelore.CmdArmyCard, map[string]any{"army": "uthuk-chaos-host"})
	checkLayout(t, w, size, name+" battlelore full game, legends")
	doShown(t, u, full, "Bartholomew", battlelore.CmdConcede, nil)
	checkLayout(t, w, size, name+" battlelore end")
}
