package lorscreen

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

// TestScreenSurvivesOddGames: a game whose view is not a Lands of Ruin
// view, and seatings without seats, are shown as failures, never a panic;
// every control of the screen can then be tapped.
func TestScreenSurvivesOddGames(t *testing.T) {
	pad, err := console.Create(scorepad.New(), console.Setup{Title: "Pad", Seats: []console.Seat{"alice", "bob"}},
		console.Options{Store: console.NewMemStore()})
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		sess    *console.Session
		seating Seating
	}{
		"score pad, hot seat":     {pad, HotSeat{All: []console.Seat{"alice", "bob"}}},
		"score pad, fixed seat":   {pad, FixedSeat{Seat: "alice"}},
		"tutorial, no seats":      {newTutorial(t), HotSeat{}},
		"tutorial, public seat":   {newTutorial(t), FixedSeat{Seat: console.Public}},
		"tutorial, unknown seat":  {newTutorial(t), FixedSeat{Seat: "carol"}},
		"tutorial, unknown seats": {newTutorial(t), HotSeat{All: []console.Seat{"carol", "dave"}}},
	} {
		t.Run(name, func(t *testing.T) {
			s, _, _ := newTestScreen(t, c.sess, c.seating)
			test.Tap(s.handBtn)
			s.tapPhase()
			s.undo()
			s.addPicture()
			s.selectChar("x")
			s.tapSection("x")
			s.moveChar("x", "y")
			s.hide()
			for _, it := range s.menuItems() {
				_ = it.Label
			}
			_ = s.undoLabel()
			s.Refresh()
		})
	}
}
