package app

import (
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/battlelore"
	"github.com/commandconsole/commandconsole/games/runika"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

// newRunika creates a Runika game in st.
func newRunika(t *testing.T, st console.Store, opts map[string]string, seats ...console.Seat) *console.Session {
	t.Helper()
	s, err := console.Create(runika.New(), console.Setup{Title: "Spellbooks", Seed: 7, Seats: seats, Options: opts},
		console.Options{Store: st, Clock: testClock})
	if err != nil {
		t.Fatalf("create runika: %v", err)
	}
	return s
}

// newBattleLore creates a BattleLore game in st.
func newBattleLore(t *testing.T, st console.Store, opts map[string]string, seats ...console.Seat) *console.Session {
	t.Helper()
	s, err := console.Create(battlelore.New(), console.Setup{Title: "Battle", Seed: 5, Seats: seats, Options: opts},
		console.Options{Store: st, Clock: testClock})
	if err != nil {
		t.Fatalf("create battlelore: %v", err)
	}
	return s
}

// doAs plays a command straight on the session, failing the test when it
// is refused.
func doAs(t *testing.T, sess *console.Session, seat console.Seat, cmd string, args map[string]any) {
	t.Helper()
	if _, err := sess.Do(seat, console.Command{Name: cmd, Args: args}); err != nil {
		t.Fatalf("%s %s: %v", seat, cmd, err)
	}
}

// finishPad plays a one-round score pad game to its end in st.
func finishPad(t *testing.T, st console.Store, title string, points []int, seats ...console.Seat) {
	t.Helper()
	sess := newPad(t, st, title, nil, seats...)
	for i, p := range points {
		doAs(t, sess, seats[0], scorepad.CmdAdd, map[string]any{"player": string(seats[i]), "points": p})
	}
	doAs(t, sess, seats[0], scorepad.CmdEnd, nil)
}

// runikaScreenOf returns the Runika screen on show.
func runikaScreenOf(t *testing.T, u *UI) *runikaScreen {
	t.Helper()
	if u.game == nil {
		t.Fatalf("no game is open (screen is %T)", u.current)
	}
	s, ok := u.game.screen.(*runikaScreen)
	if !ok {
		t.Fatalf("game screen is %T, not Runika's", u.game.screen)
	}
	return s
}

// battleLoreScreenOf returns the BattleLore screen on show.
func battleLoreScreenOf(t *testing.T, u *UI) *battleLoreScreen {
	t.Helper()
	if u.game == nil {
		t.Fatalf("no game is open (screen is %T)", u.current)
	}
	s, ok := u.game.screen.(*battleLoreScreen)
	if !ok {
		t.Fatalf("game screen is %T, not BattleLore's", u.game.screen)
	}
	return s
}

// doShown plays a command straight on the session behind the screen u
// shows, then draws the change on the test's goroutine (the screen's own
// update arrives on another goroutine; Fyne's test driver would draw it
// there, racing the test's reads of the widgets).
func doShown(t *testing.T, u *UI, sess *console.Session, seat console.Seat, cmd string, args map[string]any) {
	t.Helper()
	doAs(t, sess, seat, cmd, args)
	if u.game != nil {
		u.game.refreshIfChanged()
	}
}
