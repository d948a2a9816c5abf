package lorscreen

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// Seating is how a tablet decides whose screen it shows: a policy of the
// screen, never a drop-down a player could use to look at the other side.
type Seating interface {
	// Seats are the seats the tablet plays: one for a LAN tablet, every
	// seat of the game for a hot-seat tablet.
	Seats() []console.Seat
	// HandsOver reports whether the tablet passes from player to player,
	// with a hand-over screen between them.
	HandsOver() bool
}

// FixedSeat is the seating of a tablet that always plays one seat: a
// tablet that joined a LAN game, or a solo game.
type FixedSeat struct{ Seat console.Seat }

// Seats returns the one seat.
func (f FixedSeat) Seats() []console.Seat { return []console.Seat{f.Seat} }

// HandsOver is false: nobody else uses this tablet.
func (FixedSeat) HandsOver() bool { return false }

// HotSeat is the seating of one tablet passed round the table: it shows
// the screen of the seat that has to act, after a hand-over screen that
// shows nothing of either side's secrets.
type HotSeat struct{ All []console.Seat }

// Seats returns every seat of the game.
func (h HotSeat) Seats() []console.Seat { return h.All }

// HandsOver is true.
func (HotSeat) HandsOver() bool { return true }

// turn is who must hold the tablet now and why, in a sentence every seat
// may read (the hand-over screen shows Why).
type turn struct {
	Seat console.Seat
	Why  string
}

// allowed reports whether v's seat may give cmd now.
func allowed(v landsofruin.View, cmd string) bool {
	a, ok := console.FindAffordance(v.Commands, cmd)
	return ok && a.Allowed
}

// whoActs returns the seat that has to act next, from every seat's view,
// keeping holder (the seat on screen now) while it still has something to
// do. Answers come first (an undo or an end-of-game proposal waits for
// them), then the steps every player takes in turn (setup, pre-game,
// objectives: the first not ready), then the battle's current player. It
// judges only from what each view offers its own seat, so it needs no
// rule of its own. ok is false when nobody has anything to do (the game
// is over).
func whoActs(order []console.Seat, views map[console.Seat]landsofruin.View, holder console.Seat) (turn, bool) {
	for _, cmd := range []string{landsofruin.CmdApproveUndo, landsofruin.CmdAgreeEnd} {
		if s, ok := first(order, holder, func(s console.Seat) bool { return allowed(views[s], cmd) }); ok {
			why := fmt.Sprintf("%s is asked to agree to take back a command.", s)
			if cmd == landsofruin.CmdAgreeEnd {
				why = fmt.Sprintf("%s is asked to agree to end the game.", s)
			}
			return turn{s, why}, true
		}
	}
	var phase, current string
	for _, s := range order {
		phase, current = views[s].Phase, views[s].Current
		break
	}
	switch phase {
	case landsofruin.PhaseSetup, landsofruin.PhasePreGame, landsofruin.PhaseObjectives:
		if s, ok := first(order, holder, func(s console.Seat) bool { return !ready(views[s]) }); ok {
			return turn{s, fmt.Sprintf("It is %s's %s.", s, stepName(phase))}, true
		}
		return turn{}, false
	case landsofruin.PhaseOver:
		return turn{}, false
	}
	if current == "" {
		return turn{}, false
	}
	return turn{console.Seat(current), fmt.Sprintf("It is %s's %s, turn %d.", current, landsofruin.PhaseTitle(phase), views[console.Seat(current)].Turn)}, true
}

// ready reports whether v's own player has said ready for this step.
func ready(v landsofruin.View) bool {
	for _, p := range v.Players {
		if p.Seat == v.Seat {
			return p.Ready
		}
	}
	return true
}

// first returns holder when want(holder), else the first seat of order
// that wants.
func first(order []console.Seat, holder console.Seat, want func(console.Seat) bool) (console.Seat, bool) {
	for _, s := range order {
		if s == holder && want(s) {
			return s, true
		}
	}
	for _, s := range order {
		if want(s) {
			return s, true
		}
	}
	return "", false
}

// stepName names a step every player takes.
func stepName(phase string) string {
	switch phase {
	case landsofruin.PhaseSetup:
		return "setup"
	case landsofruin.PhasePreGame:
		return "pre-game"
	case landsofruin.PhaseObjectives:
		return "objectives"
	}
	return phase
}
