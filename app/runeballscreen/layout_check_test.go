package runeballscreen

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball"
)

// checkRuneball renders the Runeball screen at size through the roster
// builder, the set-up, a move drawn, the defence asked and a dice pad,
// and checks its layout: nothing a finger must hit is cut off or too
// small.
func checkRuneball(t *testing.T, largest bool, size fyne.Size) {
	t.Helper()
	st := console.NewMemStore()
	u, w, name := apptest.LayoutUI(t, st, size, largest, home.New)
	words := newWordsChecker(t, w)
	sess := fromScript(t, st, "rosters", 11)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	press(t, s, "slot-H8")
	apptest.CheckLayout(t, w, size, name+" roster, a new player")
	words.check(name + " roster, a new player")
	apptest.DoShown(t, u, sess, "home", runeball.CmdRollStats, map[string]any{"player": "H8", "name": "Vale", "rolls": "16,14,13,12,11,9,8,7"})
	apptest.CheckLayout(t, w, size, name+" roster, stats to assign")
	words.check(name + " roster, stats to assign")

	// the Keshat panel (it was clipped at large text), then the kickoff
	// choice
	ksh := fromScript(t, st, "setup", 34)
	u.ShowGame(console.NewLocal(ksh))
	s = screenOf(t, u)
	apptest.CheckLayout(t, w, size, name+" the Keshat")
	words.check(name + " the Keshat")
	checkUnclipped(t, s.phaseBox, name+" the Keshat")
	press(t, s, "keshat-double")
	apptest.CheckLayout(t, w, size, name+" the Keshat scored")
	words.check(name + " the Keshat scored")
	apptest.TapButton(t, w, "Cancel")
	press(t, s, "keshat-away")
	apptest.CheckLayout(t, w, size, name+" kick or receive")
	words.check(name + " kick or receive")
	checkUnclipped(t, s.phaseBox, name+" kick or receive")

	set := fromScript(t, st, "pass", 43)
	u.ShowGame(console.NewLocal(set))
	s = screenOf(t, u)
	press(t, s, "bench-H4")
	apptest.CheckLayout(t, w, size, name+" set-up")
	words.check(name + " set-up")

	blk := fromScript(t, st, "block", 68)
	u.ShowGame(console.NewLocal(blk))
	s = screenOf(t, u)
	apptest.CheckLayout(t, w, size, name+" actions")
	words.check(name + " actions")
	press(t, s, "act-"+runeball.CmdMove)
	tapCell(t, s, "15:15")
	apptest.CheckLayout(t, w, size, name+" a move drawn")
	words.check(name + " a move drawn")
	tapCell(t, s, "16:16")
	tapCell(t, s, "17:17")
	press(t, s, "go-half")
	press(t, s, "act-"+runeball.CmdBlock)
	tapCell(t, s, "18:16")
	apptest.CheckLayout(t, w, size, name+" the defence asked")
	words.check(name + " the defence asked")
	answer(t, s, s.view.Prompt.Answers[0].Label)
	apptest.CheckLayout(t, w, size, name+" dice pad")
	words.check(name + " dice pad")
}

// TestLayoutTabletAndPhone: the screen fits a 1280×800 tablet (normal and
// largest text), a portrait tablet and a phone.
func TestLayoutTabletAndPhone(t *testing.T) {
	checkRuneball(t, false, apptest.LandscapeSize)
	checkRuneball(t, true, apptest.LandscapeSize)
	checkRuneball(t, false, fyne.NewSize(800, 1280))
	checkRuneball(t, true, fyne.NewSize(800, 1280))
	checkRuneball(t, false, fyne.NewSize(412, 915))
	checkRuneball(t, true, fyne.NewSize(412, 915))
}

// checkUnclipped fails when a widget under box needs more width than it
// has (a label or button cut at its right edge).
func checkUnclipped(t *testing.T, box fyne.CanvasObject, what string) {
	t.Helper()
	apptest.Walk(box, func(o fyne.CanvasObject) {
		if _, ok := o.(fyne.Widget); !ok {
			return
		}
		if m, sz := o.MinSize(), o.Size(); m.Width > sz.Width+0.5 {
			t.Errorf("%s: a %T needs %v wide, it has %v: clipped", what, o, m.Width, sz.Width)
		}
	})
}
