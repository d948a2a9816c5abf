package battlelorescreen

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/battlelore"
)

// checkBattleLore renders the BattleLore screen, with its forms and
// dialogs, at size and checks its layout.
func checkBattleLore(t *testing.T, largest bool, size fyne.Size) {
	t.Helper()
	st := console.NewMemStore()
	u, w, name := apptest.LayoutUI(t, st, size, largest, home.New)

	// BattleLore: the learning scenario's turn, a unit, the dice.
	bl := apptest.NewBattleLore(t, st, map[string]string{"mode": "learning"}, "Alexandra", "Bartholomew")
	u.ShowGame(console.NewLocal(bl))
	b := battleLoreScreenOf(t, u)
	apptest.CheckLayout(t, w, size, name+" battlelore command step")
	apptest.DoShown(t, u, bl, "Bartholomew", battlelore.CmdPlayCommandCard, nil)
	for range 3 {
		apptest.DoShown(t, u, bl, "Bartholomew", battlelore.CmdNextStep, nil)
	}
	apptest.CheckLayout(t, w, size, name+" battlelore VP step")
	test.Tap(b.sides[0].rows[0])
	apptest.CheckLayout(t, w, size, name+" battlelore unit dialog")
	apptest.TapButton(t, w, "Close")
	b.showDice()
	apptest.CheckLayout(t, w, size, name+" battlelore dice")
	apptest.TapButton(t, w, "Close")

	// A full game's setup: the scenario form, the muster calculator.
	full := apptest.NewBattleLore(t, st, nil, "Alexandra", "Bartholomew")
	u.ShowGame(console.NewLocal(full))
	b = battleLoreScreenOf(t, u)
	apptest.CheckLayout(t, w, size, name+" battlelore setup")
	b.enterScenario(battlelore.Daqan)
	apptest.CheckLayout(t, w, size, name+" battlelore scenario form")
	apptest.TapButton(t, w, "Cancel")
	apptest.DoShown(t, u, full, "Alexandra", battlelore.CmdScenario, map[string]any{"letter": "A", "number": 1})
	apptest.DoShown(t, u, full, "Bartholomew", battlelore.CmdScenario, map[string]any{"letter": "B", "number": 1, "banners": "2,1"})
	b.musterArmy(battlelore.Daqan)
	apptest.CheckLayout(t, w, size, name+" battlelore muster")
	apptest.TapButton(t, w, "Cancel")
	apptest.DoShown(t, u, full, "Alexandra", battlelore.CmdArmyCard, map[string]any{"army": "daqan-riverwatch"})
	apptest.DoShown(t, u, full, "Bartholomew", battlelore.CmdArmyCard, map[string]any{"army": "uthuk-chaos-host"})
	apptest.CheckLayout(t, w, size, name+" battlelore full game, legends")
	apptest.DoShown(t, u, full, "Bartholomew", battlelore.CmdConcede, nil)
	apptest.CheckLayout(t, w, size, name+" battlelore end")
}
