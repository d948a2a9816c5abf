package app

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games"
	"github.com/commandconsole/commandconsole/games/battlelore"
)

// TestCaptureScreens renders the main screens to PNG files for a person to
// look at, when CC_CAPTURE_DIR names a folder:
//
//	CC_CAPTURE_DIR=/tmp/shots go test -run CaptureScreens ./app/
func TestCaptureScreens(t *testing.T) {
	dir := os.Getenv("CC_CAPTURE_DIR")
	if dir == "" {
		t.Skip("set CC_CAPTURE_DIR to write screenshots")
	}
	for _, c := range []struct {
		name string
		size fyne.Size
	}{{"landscape", fyne.NewSize(1280, 800)}, {"portrait", fyne.NewSize(800, 1280)}, {"phone", fyne.NewSize(412, 915)}} {
		st := console.NewMemStore()
		sess := newPad(t, st, "Friday night Catan", map[string]string{"target": "30"}, "Alice", "Bob", "Carol", "Dmitri")
		u, w := newTestUI(t, st, c.size)
		shot := func(what string) {
			t.Helper()
			f, err := os.Create(filepath.Join(dir, c.name+"-"+what+".png"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if err := png.Encode(f, w.Canvas().Capture()); err != nil {
				t.Fatal(err)
			}
		}
		shot("home")
		u.showGame(console.NewLocal(sess))
		s := padScreen(t, u)
		for r, pts := range [][]int{{3, 5, 2, 4}, {4, 2, 6, 1}, {2, 3, 1, 5}} {
			for p, n := range pts {
				s.selectCell(p, r+1)
				s.add(n)
			}
			tapButton(t, w, "Next round")
		}
		test.Tap(header(s, 1))
		tapButton(t, w, "1")
		tapButton(t, w, "2")
		shot("scorepad")
		tapButton(t, w, "History")
		shot("history")
		tapButton(t, w, "Close")
		tapButton(t, w, "End game")
		shot("confirm")
		tapButton(t, w, "End game")
		shot("end")
		tapButton(t, w, "Battle report")
		shot("report")
		u.showNewGame(sess.Rules())
		shot("newgame")
		u.showHome()
		shot("home-games")
		u.showSettings()
		shot("settings")
		u.settingsScreen.theme.SetSelected(labelLight)
		u.showGame(console.NewLocal(sess))
		shot("scorepad-light")
		u.settingsScreen.theme.SetSelected(labelDark)

		captureRunika(t, st, u, w, shot)
		captureBattleLore(t, st, u, w, shot)
		finishPad(t, st, "Tuesday Catan", []int{12, 9}, "Alice", "Bob")
		finishPad(t, st, "Wednesday Catan", []int{7, 11}, "Alice", "Dmitri")
		u.showStats()
		shot("stats")

		// Systems without a screen of their own, on the generic screen.
		for _, r := range games.Playable() {
			info := r.Info()
			if _, own := screens[info.ID]; own {
				continue
			}
			var seats []console.Seat
			for i := 0; i < max(info.MinSeats, 1); i++ {
				seats = append(seats, console.Seat(fmt.Sprintf("Seat %d", i+1)))
			}
			gs, err := console.Create(r, console.Setup{Title: info.Name + " test", Seats: seats}, console.Options{Store: st, Clock: testClock})
			if err != nil {
				t.Fatalf("%s: %v", info.ID, err)
			}
			u.showGame(console.NewLocal(gs))
			shot("generic-" + info.ID)
		}
	}
}

// captureRunika plays part of a Runika round and shoots the state pad,
// its claim form and its end screen.
func captureRunika(t *testing.T, st console.Store, u *UI, w fyne.Window, shot func(string)) {
	t.Helper()
	sess := newRunika(t, st, map[string]string{"initiative": "bob"}, "alice", "bob", "carol")
	u.showGame(console.NewLocal(sess))
	s := runikaScreenOf(t, u)
	shot("runika-setup")
	s.chooseCharacter("alice")
	test.Type(s.charEntry, "Runika")
	tapButton(t, w, "Save")
	tapButton(t, w, "Start game")
	shot("runika-draft")
	tapButton(t, w, "End draft")
	tapButton(t, w, "Air \u00b7 Simza")
	tapButton(t, w, "Claim rune")
	test.Type(s.runeForm.name, "Spark")
	s.runeForm.points.set(2)
	s.runeForm.tokens.set(1)
	shot("runika-claim")
	tapButton(t, w, "Claim")
	tapButton(t, w, "+2")
	shot("runika-turn")
	tapButton(t, w, "End turn")
	tapButton(t, w, "Water \u00b7 Ko'bataar")
	tapButton(t, w, "Fire \u00b7 Ainfean")
	shot("runika-fire")
	tapButton(t, w, "Yes, +1")
	tapButton(t, w, "End turn")
	doShown(t, u, sess, "alice", "correct-deck", map[string]any{"deck": "rune", "count": 0})
	tapButton(t, w, "End turn")
	shot("runika-end")
}

// captureBattleLore plays the learning scenario's first turn and shoots
// the state pad, a unit's dialog and the dice faces; then a full game's
// setup with the muster calculator.
func captureBattleLore(t *testing.T, st console.Store, u *UI, w fyne.Window, shot func(string)) {
	t.Helper()
	sess := newBattleLore(t, st, map[string]string{"mode": "learning"}, "alice", "bob")
	u.showGame(console.NewLocal(sess))
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
	u.showGame(console.NewLocal(full))
	fs := battleLoreScreenOf(t, u)
	shot("battlelore-setup")
	fs.enterScenario(battlelore.Daqan)
	shot("battlelore-scenario")
	tapButton(t, w, "Enter card")
	doShown(t, u, full, "bob", "scenario", map[string]any{"letter": "B", "number": 2, "banners": "2,1"})
	fs.musterArmy(battlelore.Daqan)
	fs.muster.counts["citadel-guard"].set(4)
	fs.muster.counts["yeoman-archers"].set(3)
	shot("battlelore-muster")
	tapButton(t, w, "Cancel")
	tapButton(t, w, "Concede")
	tapButton(t, w, "Concede")
	shot("battlelore-end")
}
