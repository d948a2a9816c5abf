package runeballscreen

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball"
)

// TestCaptureScreens renders the Runeball screen to PNG files for a
// person to look at, when CC_CAPTURE_DIR names a folder (apptest.Capture):
// SIZE-runeball-roster.png (the builder with a rolled player to assign),
// -setup.png, -move.png (a path drawn), -pass.png (a pass's flight and
// its interceptor asked), -block.png (the defence asked) and -dice.png.
func TestCaptureScreens(t *testing.T) { apptest.Capture(t, home.New, captureRuneball) }

func captureRuneball(t *testing.T, st console.Store, u *shell.UI, w fyne.Window, shot func(string)) {
	t.Helper()
	// The roster builder: H8 rolled by the table, his rolls to assign.
	sess := fromScript(t, st, "rosters", 11)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	press(t, s, "slot-H8")
	typeIn(t, s, "name", "Vale")
	typeIn(t, s, "rolls", "16,14,13,12,11,9,8,7")
	press(t, s, "enter-rolls")
	shot("runeball-roster")

	// The kicking coach's set-up, H1–H3 placed, H4 chosen.
	set := fromScript(t, st, "pass", 43)
	u.ShowGame(console.NewLocal(set))
	s = screenOf(t, u)
	press(t, s, "bench-H4")
	shot("runeball-setup")

	// A move drawn before it is sent.
	blk := fromScript(t, st, "block", 68)
	u.ShowGame(console.NewLocal(blk))
	s = screenOf(t, u)
	press(t, s, "act-"+runeball.CmdMove)
	tapCell(t, s, "15:15")
	tapCell(t, s, "16:16")
	shot("runeball-move")
	tapCell(t, s, "17:17")
	press(t, s, "go-half")
	press(t, s, "act-"+runeball.CmdBlock)
	tapCell(t, s, "18:16")
	shot("runeball-block")
	answer(t, s, s.view.Prompt.Answers[0].Label)
	faces(t, s, 12)
	shot("runeball-dice")

	// A pass flying over a defender who is asked to intercept.
	ps := fromScript(t, st, "pass", 62)
	apptest.DoAs(t, ps, "away", runeball.CmdCorrect, map[string]any{"player": "H1", "hex": "22:16"})
	u.ShowGame(console.NewLocal(ps))
	s = screenOf(t, u)
	press(t, s, "act-"+runeball.CmdPass)
	tapCell(t, s, "26:16")
	press(t, s, "pass-to")
	faces(t, s, 12)
	shot("runeball-pass")
}
