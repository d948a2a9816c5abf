package padscreen

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
)

// checkScreens renders the home screen and a score pad of the given number
// of players at size, and checks their layout.
func checkScreens(t *testing.T, largest bool, size fyne.Size, players int) {
	t.Helper()
	st := console.NewMemStore()
	var seats []console.Seat
	for i := 1; i <= players; i++ {
		seats = append(seats, console.Seat(fmt.Sprintf("Player %d", i)))
	}
	sess := apptest.NewPad(t, st, "Layout", map[string]string{"rounds": "10"}, seats...)
	for r := 0; r < 3; r++ {
		if _, err := sess.Do(seats[0], console.Command{Name: "add", Args: map[string]any{"player": string(seats[r%players]), "points": 12}}); err != nil {
			t.Fatal(err)
		}
		if _, err := sess.Do(seats[0], console.Command{Name: "next-round"}); err != nil {
			t.Fatal(err)
		}
	}
	u, w, name := apptest.LayoutUI(t, st, size, largest, home.New)
	apptest.CheckLayout(t, w, size, name+" home")
	home.ShowSettings(u)
	apptest.CheckLayout(t, w, size, name+" settings")
	u.ShowGame(console.NewLocal(sess))
	apptest.CheckLayout(t, w, size, fmt.Sprintf("%s score pad (%d players)", name, players))
	if !u.Game().Env().Do("end", nil) {
		t.Fatal("end refused")
	}
	apptest.CheckLayout(t, w, size, fmt.Sprintf("%s end screen (%d players)", name, players))
	home.ShowNewGame(u, sess.Rules())
	apptest.CheckLayout(t, w, size, name+" new game")
}
