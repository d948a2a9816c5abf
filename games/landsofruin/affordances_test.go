package landsofruin

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

// affordanceCheck reads Lands of Ruin's affordances; characters may be
// named by their short id ("dorian" for "p1-dorian"), in any case.
var affordanceCheck = conformance.AffordanceCheck{
	Commands: func(v console.View) []console.Affordance { return v.(View).Commands },
	Match: func(cmd, arg, given, choice string) bool {
		given = strings.ToLower(strings.TrimSpace(given))
		if given == choice {
			return true
		}
		_, short, ok := strings.Cut(choice, "-")
		return ok && strings.HasPrefix(choice, "p") && short == given
	},
	Lists: []string{"targets", "cover"},
	// Distances and dice are numbers the players measure and roll.
	Fill: func(v console.View, cmd string) map[string]any {
		switch cmd {
		case CmdAttack:
			return map[string]any{"distances": "0"}
		case CmdThrow, CmdExecuteSlave:
			return map[string]any{"distance": "0"}
		case CmdRoll:
			var d20 []string
			if a := v.(View).Attack; a != nil {
				for range a.Targets {
					d20 = append(d20, "10")
				}
			}
			return map[string]any{"d20": strings.Join(d20, ",")}
		case CmdExplosionHit:
			// With nobody to name as caught, the Rotters it killed.
			a, _ := console.FindAffordance(v.(View).Commands, cmd)
			for _, ac := range a.Args {
				for _, c := range ac.Choices {
					if ac.Arg == "character" && c.Disabled == "" {
						return nil
					}
				}
			}
			return map[string]any{"rotters": "0"}
		}
		return nil
	},
}

// TestAffordancesAgreeWithDecide walks the golden scripts: every command
// they play is offered by the seat's view with the values played, and
// every command a view does not allow is refused.
func TestAffordancesAgreeWithDecide(t *testing.T) {
	conformance.Affordances(t, New(), scriptGlob, affordanceCheck)
}

// commandsJSON is seat's affordances in g, as JSON.
func commandsJSON(t *testing.T, g *game, seat console.Seat) string {
	t.Helper()
	b, err := json.Marshal(New().View(g.s, seat).(View).Commands)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// viewJSON is seat's whole view in g, as JSON.
func viewJSON(t *testing.T, g *game, seat console.Seat) string {
	t.Helper()
	b, err := json.Marshal(New().View(g.s, seat))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestAffordancesKeepSecrets plays two games that differ only in one of
// alice's secrets (where her infiltrator hides, which action she assigned)
// and checks bob's affordances are the same, byte for byte, after every
// step from there on.
func TestAffordancesKeepSecrets(t *testing.T) {
	setup := []step{
		do("alice", CmdChooseSide, "side", "south"), do("bob", CmdChooseSide, "side", "north"),
		do("alice", CmdChooseTeam, "team", "dorians-detachment"), do("bob", CmdChooseTeam, "team", "night-raiders"),
		do("alice", CmdReady), do("bob", CmdReady),
	}
	toAliceCommand := []step{
		do("alice", CmdInfiltrate, "character", "kestrel", "section", "sw-block"),
		do("bob", CmdInfiltrate, "character", "whisper", "section", "crossing"),
		do("alice", CmdReady), do("bob", CmdReady),
		do("bob", CmdMove, "character", "moloch", "section", "north-street"),
		do("bob", CmdMove, "character", "vrask", "section", "west-street"),
		do("bob", CmdEndPhase), do("bob", CmdEndPhase),
		do("bob", CmdAssign, "character", "moloch", "action", "shoot"),
		do("bob", CmdEndPhase), do("bob", CmdEndPhase),
		do("alice", CmdMove, "character", "dorian", "section", "south-street"),
		do("alice", CmdMove, "character", "dorian-loaders-1", "section", "south-street"),
		do("alice", CmdEndPhase), do("alice", CmdEndPhase),
	}
	tests := []struct {
		name   string
		before []step
		a, b   []step
		after  []step
	}{
		{
			name:   "infiltrator's section",
			before: setup,
			a:      []step{do("alice", CmdInfiltrate, "character", "kestrel", "section", "sw-block")},
			b:      []step{do("alice", CmdInfiltrate, "character", "kestrel", "section", "nw-block")},
			after: append(append([]step{}, toAliceCommand[1:]...),
				do("alice", CmdAssign, "character", "dorian", "action", "aim-and-shoot"),
				do("alice", CmdEndPhase), do("alice", CmdEndPhase),
				do("bob", CmdMove, "character", "moloch", "section", "crossing")),
		},
		{
			name:   "assigned action",
			before: append(append([]step{}, setup...), toAliceCommand...),
			a:      []step{do("alice", CmdAssign, "character", "dorian", "action", "aim-and-shoot")},
			b:      []step{do("alice", CmdAssign, "character", "dorian", "action", "take-cover")},
			after: []step{
				do("alice", CmdEndPhase), do("alice", CmdEndPhase),
				do("bob", CmdMove, "character", "moloch", "section", "crossing"),
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			setup := console.Setup{System: ID, Title: "secrets", Seed: 8, Seats: []console.Seat{"alice", "bob"}}
			ga, gb := start(t, setup), start(t, setup)
			ga.must(tc.before...)
			gb.must(tc.before...)
			ga.must(tc.a...)
			gb.must(tc.b...)
			if ga.st().Chars == nil || string(mustEncode(t, ga.s)) == string(mustEncode(t, gb.s)) {
				t.Fatal("the two games do not differ")
			}
			for i := 0; i <= len(tc.after); i++ {
				if i > 0 {
					ga.must(tc.after[i-1])
					gb.must(tc.after[i-1])
				}
				if a, b := commandsJSON(t, ga, "bob"), commandsJSON(t, gb, "bob"); a != b {
					t.Fatalf("after %d common step(s), bob's affordances differ:\n%s\n%s", i, a, b)
				}
				if i == 0 && viewJSON(t, ga, "alice") == viewJSON(t, gb, "alice") {
					t.Errorf("alice's own views are the same in both games: the secret is not one")
				}
			}
		})
	}
}

// TestRefusalReasons checks the main turn and phase refusals carry their
// structured reason.
func TestRefusalReasons(t *testing.T) {
	g := battle(t, 3)
	cur := g.cur()
	other := console.Seat("ana")
	if cur == other {
		other = "ben"
	}
	tests := []struct {
		name string
		st   step
		want console.Reason
	}{
		{"another seat's turn", do(other, CmdEndPhase), console.ReasonNotYourTurn},
		{"assign in the Action phase", do(cur, CmdAssign, "character", "x", "action", "shoot"), console.ReasonWrongPhase},
		{"setup command in the battle", do(cur, CmdChooseSide, "side", "south"), console.ReasonWrongPhase},
		{"roll without an attack", do(cur, CmdRoll, "d20", "3"), console.ReasonWrongPhase},
		{"unknown command", do(cur, "dance"), console.ReasonBadInput},
		{"a seat not in the game", do("zoe", CmdEndPhase), console.ReasonNotFound},
		{"a bad argument", do(cur, CmdChooseSide, "side", "up"), console.ReasonBadInput},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New().Decide(g.s, tc.st.seat, console.Command{Name: tc.st.cmd, Args: tc.st.args}, console.NewDice(1))
			if got := console.ReasonOf(err); got != tc.want {
				t.Errorf("%s by %s: reason %q (%v), want %q", tc.st.cmd, tc.st.seat, got, err, tc.want)
			}
		})
	}
}

// TestSetupChoices checks the wizard's pickers offer exactly the values
// of Info's setup options, each of which creates a game.
func TestSetupChoices(t *testing.T) {
	info := New().Info()
	got := SetupChoices()
	if len(got) != len(info.Options) {
		t.Fatalf("%d pickers for %d setup options", len(got), len(info.Options))
	}
	for i, opt := range info.Options {
		ac := got[i]
		if ac.Arg != opt.Name {
			t.Errorf("picker %d is %q, want %q", i, ac.Arg, opt.Name)
			continue
		}
		var vals []string
		for _, c := range ac.Choices {
			vals = append(vals, c.Value)
			if c.Label == "" {
				t.Errorf("%s=%s has no label", ac.Arg, c.Value)
			}
			setup := console.Setup{System: ID, Seats: []console.Seat{"ana", "ben"}, Options: map[string]string{ac.Arg: c.Value}}
			if _, err := New().New(setup); err != nil {
				t.Errorf("%s=%s: %v", ac.Arg, c.Value, err)
			}
		}
		if strings.Join(vals, ",") != strings.Join(opt.Enum, ",") {
			t.Errorf("%s: choices %v, want the option's values %v", ac.Arg, vals, opt.Enum)
		}
	}
}

// hideDifferently returns a copy of g in which seat a's secrets differ:
// each hidden character of a's that b has not detected stands in another
// section of the table, and a's characters have no actions assigned.
func hideDifferently(t *testing.T, g *state, a, b int) *state {
	t.Helper()
	s, err := New().DecodeState(mustEncode(t, g))
	if err != nil {
		t.Fatal(err)
	}
	c := s.(*state)
	var secs []string
	for _, sec := range c.gameMap().AllSections() {
		if sec.Kind != "off-table" {
			secs = append(secs, sec.ID)
		}
	}
	for i := range c.Chars {
		ch := &c.Chars[i]
		if ch.Owner != a {
			continue
		}
		ch.Assigned = nil
		if ch.hidden() && ch.Section != "" && !contains(c.Players[b].Detected, ch.ID) {
			for k, sec := range secs {
				if sec == ch.Section {
					ch.Section = secs[(k+1)%len(secs)]
					break
				}
			}
		}
	}
	return c
}

// TestAffordancesKeepSecretsRandom plays random games and, after every
// accepted command, checks each seat's affordances are the same when the
// other seat's secrets (where its undetected hidden characters stand,
// what it assigned) are changed.
func TestAffordancesKeepSecretsRandom(t *testing.T) {
	changed := 0
	for seed := uint64(1); seed <= 2; seed++ {
		g := battle(t, seed)
		rng := rand.New(rand.NewPCG(seed, 7))
		for i := 0; i < 300 && g.st().Phase != PhaseOver; i++ {
			st := randomStep(g.st(), rng)
			if _, err := g.try(st); err != nil {
				continue
			}
			for a := range g.st().Players {
				for b := range g.st().Players {
					if a == b {
						continue
					}
					h := hideDifferently(t, g.st(), a, b)
					if string(mustEncode(t, h)) != string(mustEncode(t, g.s)) {
						changed++
					}
					seat := g.st().seat(b)
					x, err := json.Marshal(New().View(g.s, seat).(View).Commands)
					if err != nil {
						t.Fatal(err)
					}
					y, err := json.Marshal(New().View(h, seat).(View).Commands)
					if err != nil {
						t.Fatal(err)
					}
					if string(x) != string(y) {
						t.Fatalf("seed %d step %d (%s %v): %s's affordances depend on %s's secrets:\n%s\n%s",
							seed, i, st.cmd, st.args, seat, g.st().seat(a), x, y)
					}
				}
			}
		}
	}
	if changed < 100 {
		t.Errorf("the secrets were changed in only %d states: the check is too weak", changed)
	}
}
