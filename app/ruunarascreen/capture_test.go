package ruunarascreen

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara"
)

// TestCaptureScreens renders the Ruunara screen to PNG files for a person
// to look at, when CC_CAPTURE_DIR names a folder (apptest.Capture):
// SIZE-ruunara-card-editor.png, -table.png, -prompt-dice.png and
// -enemy-turn.png.
func TestCaptureScreens(t *testing.T) { apptest.Capture(t, home.New, captureRuunara) }

func captureRuunara(t *testing.T, st console.Store, u *shell.UI, w fyne.Window, shot func(string)) {
	t.Helper()
	sess := soloGame(t, st, false)
	apptest.DoAs(t, sess, "p1", ruunara.CmdAddHero, map[string]any{"card": "graam"})
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	// The card editor with a card of the player's own, half typed.
	test.Type(s.editor.name, "Ash Warden")
	test.Type(s.editor.hp, "9")
	test.Type(s.editor.move, "5")
	test.Type(s.editor.closeN, "3")
	tap(t, s.editor.save, "save card")
	s.editor.load("graam")
	shot("ruunara-card-editor")
	tap(t, s.nextBtn, "start")
	tap(t, s.nextBtn, "to movement")
	apptest.DoShown(t, u, sess, "p1", ruunara.CmdEngage, map[string]any{"hero": "H1", "enemies": "E1,E2"})
	shot("ruunara-table")
	tap(t, s.nextBtn, "to combat")
	apptest.DoShown(t, u, sess, "p1", ruunara.CmdAttack, map[string]any{"hero": "H1", "kind": "melee"})
	tap(t, s.form.faceBtns[2], "3")
	tap(t, s.form.faceBtns[3], "4")
	shot("ruunara-prompt-dice")
	tap(t, s.form.faceBtns[0], "1")
	tap(t, s.form.send, "enter")
	tap(t, s.form.send, "assign")

	// The enemy turn of the golden mission's first round: two orders
	// given, the results question open under them.
	setup, lines := readScript(t, "../../games/ruunara/testdata/solo-mission.jsonl")
	gold, err := console.Create(ruunara.New(), setup, console.Options{Store: st, Clock: apptest.Clock})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines[:26] {
		args := map[string]any{}
		for k, v := range l.Args {
			args[k] = v
		}
		apptest.DoAs(t, gold, console.Seat(l.Seat), l.Cmd, args)
	}
	u.ShowGame(console.NewLocal(gold))
	shot("ruunara-enemy-turn")
}
