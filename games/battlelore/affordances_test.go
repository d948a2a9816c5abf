package battlelore

import (
	"encoding/json"
	"strings"
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
		// Units may be named as on the roster ("Blood Harvesters 1").
		Match: func(cmd, arg, given, choice string) bool {
			return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(given)), " ", "-") == choice
		},
		Fill: func(v console.View, cmd string) map[string]any {
			if cmd == CmdAdjust {
				return map[string]any{"by": 1}
			}
			return nil
		},
		// A muster is a whole army of numbers, none of them a choice.
		Free: []string{CmdMuster},
	})
}

// TestAffordancesKeepSecrets plays two set-ups that differ only in the
// Uthuk's secret choices (scenario card, army card) and checks the Daqan
// seat's affordances are the same, byte for byte.
func TestAffordancesKeepSecrets(t *testing.T) {
	tests := []struct {
		name string
		a, b []step
	}{
		{"scenario card", []step{do("uli", CmdScenario, "letter", "B", "number", 2, "banners", "1,2")},
			[]step{do("uli", CmdScenario, "letter", "D", "number", 5, "banners", "2,1")}},
		{"army card", []step{
			do("uli", CmdScenario, "letter", "B", "number", 2, "banners", "1,2"),
			do("dana", CmdScenario, "letter", "C", "number", 1, "banners", "2,1"),
			do("uli", CmdArmyCard, "army", "uthuk-chaos-host")}, []step{
			do("uli", CmdScenario, "letter", "B", "number", 2, "banners", "1,2"),
			do("dana", CmdScenario, "letter", "C", "number", 1, "banners", "2,1"),
			do("uli", CmdArmyCard, "army", "uthuk-brute-force")}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ga, gb := start(t, full()), start(t, full())
			ga.play(tc.a...)
			gb.play(tc.b...)
			if string(mustEncode(t, ga.s)) == string(mustEncode(t, gb.s)) {
				t.Fatal("the two games do not differ")
			}
			va, vb := New().View(ga.s, "dana").(View), New().View(gb.s, "dana").(View)
			ja, err := json.Marshal(va.Commands)
			if err != nil {
				t.Fatal(err)
			}
			jb, err := json.Marshal(vb.Commands)
			if err != nil {
				t.Fatal(err)
			}
			if string(ja) != string(jb) {
				t.Errorf("dana's affordances differ:\n%s\n%s", ja, jb)
			}
		})
	}
}

// TestRefusalReasons checks the turn and phase refusals carry their
// structured reason.
func TestRefusalReasons(t *testing.T) {
	g := start(t, full())
	tests := []struct {
		name string
		st   step
		want console.Reason
	}{
		{"muster in the scenario step", do("dana", CmdMuster, "citadel-guard", 4), console.ReasonWrongPhase},
		{"a battle command in setup", do("dana", CmdNextStep), console.ReasonWrongPhase},
		{"an unknown command", do("dana", "dance"), console.ReasonBadInput},
		{"a seat not in the game", do("zoe", CmdConcede), console.ReasonNotFound},
		{"a bad argument", do("dana", CmdScenario, "letter", "AA", "number", 1), console.ReasonBadInput},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New().Decide(g.s, tc.st.seat, console.Command{Name: tc.st.cmd, Args: tc.st.args}, console.NewDice(1))
			if got := console.ReasonOf(err); got != tc.want {
				t.Errorf("reason %q (%v), want %q", got, err, tc.want)
			}
		})
	}
	b := battle(t)
	other := console.Seat("dana")
	if b.st().Sides[b.st().Active].Seat == "dana" {
		other = "uli"
	}
	_, err := New().Decide(b.s, other, console.Command{Name: CmdNextStep}, console.NewDice(1))
	if got := console.ReasonOf(err); got != console.ReasonNotYourTurn {
		t.Errorf("next-step by %s out of turn: reason %q (%v), want %q", other, got, err, console.ReasonNotYourTurn)
	}
}
