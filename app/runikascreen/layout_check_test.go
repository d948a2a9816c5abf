package runikascreen

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runika"
)

// checkRunika renders the Runika screen, with its forms and dialogs, at
// size and checks its layout.
func checkRunika(t *testing.T, size fyne.Size) {
	t.Helper()
	name := fmt.Sprintf("%v\u00d7%v", size.Width, size.Height)
	st := console.NewMemStore()
	u, w := newTestUI(t, st, size)

	// Runika, four players with long names.
	seats := []console.Seat{"Alexandra", "Bartholomew", "Christabel", "Dmitri"}
	rk := newRunika(t, st, map[string]string{"initiative": "Bartholomew"}, seats...)
	u.ShowGame(console.NewLocal(rk))
	s := runikaScreenOf(t, u)
	checkLayout(t, w, size, name+" runika setup")
	doShown(t, u, rk, "Alexandra", runika.CmdStart, nil)
	checkLayout(t, w, size, name+" runika draft")
	doShown(t, u, rk, "Bartholomew", runika.CmdEndDraft, nil)
	for _, el := range runika.Elements() {
		doShown(t, u, rk, "Bartholomew", runika.CmdInfluence, map[string]any{"master": el})
	}
	checkLayout(t, w, size, name+" runika turn, merit due")
	s.claimRune()
	checkLayout(t, w, size, name+" runika claim-rune form")
	tapButton(t, w, "Cancel")
	s.claimMastery()
	checkLayout(t, w, size, name+" runika claim-mastery form")
	tapButton(t, w, "Cancel")
	s.influenceMaster(runika.Fire)
	checkLayout(t, w, size, name+" runika fire dialog")
	tapButton(t, w, "Cancel")
	doShown(t, u, rk, "Alexandra", runika.CmdCorrectDeck, map[string]any{"deck": "merit", "count": 0})
	for _, seat := range []console.Seat{"Bartholomew", "Christabel", "Dmitri", "Alexandra"} {
		doShown(t, u, rk, seat, runika.CmdEndTurn, nil)
	}
	checkLayout(t, w, size, name+" runika end")

}
