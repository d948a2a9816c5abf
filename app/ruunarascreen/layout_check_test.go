package ruunarascreen

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara"
)

// checkRuunara renders the Ruunara screen at size through set-up, the
// table, a dice prompt, the split of hits, the enemy turn and a tick
// question, and checks its layout: nothing a finger must hit is cut off or
// too small.
func checkRuunara(t *testing.T, largest bool, size fyne.Size) {
	t.Helper()
	st := console.NewMemStore()
	u, w, name := apptest.LayoutUI(t, st, size, largest, home.New)
	sess := soloGame(t, st, false)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	s.editor.load("graam")
	apptest.CheckLayout(t, w, size, name+" set-up")
	apptest.DoShown(t, u, sess, "p1", ruunara.CmdStart, nil)
	apptest.CheckLayout(t, w, size, name+" table")
	apptest.DoShown(t, u, sess, "p1", ruunara.CmdEndPhase, nil)
	apptest.DoShown(t, u, sess, "p1", ruunara.CmdEngage, map[string]any{"hero": "H1", "enemies": "E1,E2"})
	apptest.DoShown(t, u, sess, "p1", ruunara.CmdEndPhase, nil)
	apptest.DoShown(t, u, sess, "p1", ruunara.CmdAttack, map[string]any{"hero": "H1", "kind": "melee"})
	apptest.CheckLayout(t, w, size, name+" dice prompt")
	apptest.DoShown(t, u, sess, "p1", ruunara.CmdRoll, map[string]any{"values": "3,4,1"})
	apptest.CheckLayout(t, w, size, name+" split of hits")
	apptest.DoShown(t, u, sess, "p1", ruunara.CmdAssign, map[string]any{"dice": "1:E1,2:E2"})
	apptest.DoShown(t, u, sess, "p1", ruunara.CmdEndPhase, nil)
	apptest.DoShown(t, u, sess, "p1", ruunara.CmdEndPhase, nil)
	apptest.CheckLayout(t, w, size, name+" enemy turn")
}

// TestLayoutTabletAndPhone: the screen fits a 1280×800 tablet (normal and
// largest text) and a phone.
func TestLayoutTabletAndPhone(t *testing.T) {
	checkRuunara(t, false, apptest.LandscapeSize)
	checkRuunara(t, true, apptest.LandscapeSize)
	checkRuunara(t, false, fyne.NewSize(800, 1280))
	checkRuunara(t, false, fyne.NewSize(412, 915))
}
