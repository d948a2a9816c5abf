package scorepad

import (
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

// TestAffordancesAgreeWithDecide walks the golden scripts: every command
// they play is offered by the seat's view with the player and round
// played, and every command a view does not allow is refused.
func TestAffordancesAgreeWithDecide(t *testing.T) {
	conformance.Affordances(t, New(), scriptGlob, conformance.AffordanceCheck{
		Commands: func(v console.View) []console.Affordance { return v.(View).Commands },
	})
}

// TestRefusalReasons checks the main refusals carry their structured
// reason.
func TestRefusalReasons(t *testing.T) {
	setup := console.Setup{System: ID, Seats: []console.Seat{"alice", "bob"}}
	s, err := New().New(setup)
	if err != nil {
		t.Fatal(err)
	}
	over, err := New().New(setup)
	if err != nil {
		t.Fatal(err)
	}
	es, err := New().Decide(over, "alice", console.Command{Name: CmdEnd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if over, err = New().Apply(over, e); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		s    console.State
		seat console.Seat
		cmd  console.Command
		want console.Reason
	}{
		{"unknown command", s, "alice", console.Command{Name: "dance"}, console.ReasonBadInput},
		{"a seat not at the table", s, "zoe", console.Command{Name: CmdEnd}, console.ReasonNotFound},
		{"a bad argument", s, "alice", console.Command{Name: CmdAdd, Args: map[string]any{"player": "zoe", "points": 1}}, console.ReasonBadInput},
		{"the game is over", over, "alice", console.Command{Name: CmdNextRound}, console.ReasonGameOver},
		{"a round that does not exist", s, "alice", console.Command{Name: CmdSet, Args: map[string]any{"player": "bob", "round": 4, "points": 1}}, console.ReasonNotAllowed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New().Decide(tc.s, tc.seat, tc.cmd, nil)
			if got := console.ReasonOf(err); got != tc.want {
				t.Errorf("reason %q (%v), want %q", got, err, tc.want)
			}
		})
	}
}
