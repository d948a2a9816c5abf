package runikascreen

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runika"
)

// checkRunika renders the Runika screen, with its forms and dialogs, at
// size and checks its layout.
func checkRunika(t *testing.T, largest bool, size fyne.Size) {
	t.Helper()
	st := console.NewMemStore()
	u, w, name := apptest.LayoutUI(t, st, size, largest, home.New)

	// Runika, four players with long names.
	seats := []console.Seat{"Alexandra", "Bartholomew", "Christabel", "Dmitri"}
	rk := apptest.NewRunika(t, st, map[string]string{"initiative": "Bartholomew"}, seats...)
	u.ShowGame(console.NewLocal(rk))
	s := runikaScreenOf(t, u)
	apptest.CheckLayout(t, w, size, name+" runika setup")
	apptest.DoShown(t, u, rk, "Alexandra", runika.CmdStart, nil)
	apptest.CheckLayout(t, w, size, name+" runika draft")
	apptest.DoShown(t, u, rk, "Bartholomew", runika.CmdEndDraft, nil)
	for _, el := range runika.Elements() {
		apptest.DoShown(t, u, rk, "Bartholomew", runika.CmdInfluence, map[string]any{"master": el})
	}
	apptest.CheckLayout(t, w, size, name+" runika turn, merit due")
	s.claimRune()
	apptest.CheckLayout(t, w, size, name+" runika claim-rune form")
	apptest.TapButton(t, w, "Cancel")
	s.claimMastery()
	apptest.CheckLayout(t, w, size, name+" runika claim-mastery form")
	apptest.TapButton(t, w, "Cancel")
	s.influenceMaster(runika.Fire)
	apptest.CheckLayout(t, w, size, name+" runika fire dialog")
	apptest.TapButton(t, w, "Cancel")
	apptest.DoShown(t, u, rk, "Alexandra", runika.CmdCorrectDeck, map[string]any{"deck": "merit", "count": 0})
	for _, seat := range []console.Seat{"Bartholomew", "Christabel", "Dmitri", "Alexandra"} {
		apptest.DoShown(t, u, rk, seat, runika.CmdEndTurn, nil)
	}
	apptest.CheckLayout(t, w, size, name+" runika end")

}
