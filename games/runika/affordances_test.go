package runika

import (
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

// TestAffordancesAgreeWithDecide walks the golden scripts: every command
// they play is offered by the seat's view with the values played, and
// every command a view does not allow is refused.
func TestAffordancesAgreeWithDecide(t *testing.T) {
	conformance.Affordances(t, New(), scriptGlob, conformance.AffordanceCheck{
		Commands: func(v console.View) []console.Affordance { return v.(View).Commands },
	})
}

// TestRefusalReasons checks the turn and phase refusals carry their
// structured reason.
func TestRefusalReasons(t *testing.T) {
	r := New()
	setup := console.Setup{System: ID, Seed: 1, Seats: []console.Seat{"alice", "bob"}, Options: map[string]string{"initiative": "alice"}}
	s, err := r.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	fresh := s
	es, err := r.Decide(s, "alice", console.Command{Name: CmdStart}, console.NewDice(1))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if s, err = r.Apply(s, e); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		s    console.State
		seat console.Seat
		cmd  string
		args map[string]any
		want console.Reason
	}{
		{"a turn command before the start", fresh, "alice", CmdGainTokens, map[string]any{"tokens": 1}, console.ReasonWrongPhase},
		{"start twice", s, "alice", CmdStart, nil, console.ReasonWrongPhase},
		{"the draft ended by another seat", s, "bob", CmdEndDraft, nil, console.ReasonNotYourTurn},
		{"a turn command in the draft", s, "alice", CmdGainTokens, map[string]any{"tokens": 1}, console.ReasonWrongPhase},
		{"a seat not at the table", s, "zoe", CmdEndDraft, nil, console.ReasonNotFound},
		{"an unknown command", s, "alice", "dance", nil, console.ReasonBadInput},
		{"a bad argument", s, "alice", CmdGainTokens, map[string]any{"tokens": -1}, console.ReasonBadInput},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := r.Decide(tc.s, tc.seat, console.Command{Name: tc.cmd, Args: tc.args}, console.NewDice(1))
			if got := console.ReasonOf(err); got != tc.want {
				t.Errorf("reason %q (%v), want %q", got, err, tc.want)
			}
		})
	}
}
