package landsofruin

import (
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
)

// threePlayers sets up a Fight to the Death for ana, ben and cat, up to
// the first Action phase (the turn order is drawn).
func threePlayers(t *testing.T, seed uint64) *game {
	t.Helper()
	g := start(t, console.Setup{System: ID, Title: "test", Seed: seed, Seats: []console.Seat{"ana", "ben", "cat"}})
	g.must(
		do("ana", CmdChooseSide, "side", "south"), do("ana", CmdChooseTeam, "team", "dorians-detachment"),
		do("ben", CmdChooseSide, "side", "north"), do("ben", CmdChooseTeam, "team", "night-raiders"),
		do("cat", CmdChooseSide, "side", "east"), do("cat", CmdChooseTeam, "team", "varros-line"),
		do("ana", CmdReady), do("ben", CmdReady), do("cat", CmdReady))
	if g.st().Phase == PhasePreGame {
		g.must(do("ana", CmdReady), do("ben", CmdReady), do("cat", CmdReady))
	}
	if g.st().Phase != PhaseAction {
		t.Fatalf("phase %s, want the first Action phase", g.st().Phase)
	}
	return g
}

// panicNow gives the current player's team morale losses enough to empty
// its pool (as damage results' losses do), then ends its Action and Sync
// phases: the damage resolution panics the team.
func panicNow(t *testing.T, g *game) []console.Event {
	t.Helper()
	if g.st().Phase != PhaseAction {
		t.Fatalf("panicNow in %s", g.st().Phase)
	}
	g.st().Players[g.st().current()].Negative = rules.MoralePool + 10
	g.must(do(g.cur(), CmdEndPhase))
	n := len(g.log)
	g.must(do(g.cur(), CmdEndPhase))
	return g.log[n:]
}

// toPlayer ends phases until seat's Action phase.
func toPlayer(t *testing.T, g *game, seat console.Seat) {
	t.Helper()
	for i := 0; g.cur() != seat || g.st().Phase != PhaseAction; i++ {
		if i > 40 {
			t.Fatalf("%s's Action phase never comes", seat)
		}
		g.must(do(g.cur(), CmdEndPhase))
	}
}

func TestPanicRefusal(t *testing.T) {
	g := threePlayers(t, 7)
	first := g.cur()
	p := g.st().current()
	// A panicked team could still take type-1 ("any" morale) actions in
	// the app; find one a character may take now.
	var anyAction *rules.Action
	var who *character
	for i := range data().rd.Actions {
		a := &data().rd.Actions[i]
		if rules.MoraleState(a.Morale) != rules.Panicked {
			continue
		}
		for _, c := range g.st().teamChars(p) {
			alone := *c
			alone.Assigned = nil
			if g.st().canAssign(&alone, a) == nil {
				anyAction, who = a, c
			}
		}
	}
	es := panicNow(t, g)
	if len(es) != 1 || es[0].Type != EventResolution {
		t.Fatalf("events %v, want one damage resolution", es)
	}
	var res Resolution
	if err := console.Decode(es[0].Data, &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Teams) != 1 || !res.Teams[0].Panicked {
		t.Fatalf("resolution %+v does not record the panic", res.Teams)
	}
	other := g.st().seat(g.st().Order[(g.st().Current+1)%3])
	char := g.st().teamChars(p)[0].ID
	tests := []struct {
		name string
		step step
		want string
	}{
		{"assign", do(first, CmdAssign, "character", char, "action", "take-cover"), panicRefusal},
		{"shortcut", do(first, CmdShortcut, "shortcut", "hold-the-line"), panicRefusal},
		{"propose-end", do(first, CmdProposeEnd), "has panicked: the game is over for " + string(first)},
		{"other seat assigns out of turn", do(other, CmdAssign, "character", char, "action", "take-cover"), "it is not " + string(other) + "'s turn"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			refused(t, g, tc.step, tc.want)
		})
	}
	if anyAction == nil {
		t.Fatal("no type-1 action to check")
	}
	if err := g.st().canAssign(who, anyAction); err == nil || err.Error() != panicRefusal {
		t.Errorf("%s for %s after the panic: %v", anyAction.ID, who.ID, err)
	}
	// Every seat's view and history tell it; the seat's commands no
	// longer include assign or the shortcuts.
	line := string(first) + "'s team panics: the game is over for " + string(first)
	for _, seat := range []console.Seat{"ana", "ben", "cat"} {
		v := New().View(g.s, seat).(View)
		for _, pv := range v.Players {
			if pv.Panicked != (pv.Seat == string(first)) {
				t.Errorf("%s's view: %s panicked %v", seat, pv.Seat, pv.Panicked)
			}
		}
		text, ok := New().Describe(g.s, es[0], seat)
		if !ok || !strings.Contains(text, line) {
			t.Errorf("%s's history: %q, want %q", seat, text, line)
		}
		if seat == first {
			if contains(v.Allowed, CmdAssign) || contains(v.Allowed, CmdShortcut) || len(v.Shortcuts) > 0 {
				t.Errorf("the panicked seat may still: %v", v.Allowed)
			}
			if !contains(v.Allowed, CmdEndPhase) {
				t.Errorf("the panicked seat cannot end its phase: %v", v.Allowed)
			}
		}
	}
	checkSecrets(t, g, "after the panic")
	// Later, out of its turn, the refusal is the same.
	g.endPhases(2)
	refused(t, g, do(first, CmdAssign, "character", char, "action", "take-cover"), panicRefusal)
}

func TestPanicSkip(t *testing.T) {
	for _, tc := range []struct {
		name string
		k    int // the panicking player's place in the turn order
		// next is the place of the next Action phase after the panicked
		// turn, and whether the game turn counts up.
		next int
		up   bool
	}{
		{"first", 0, 1, false},
		{"middle", 1, 2, false},
		{"last", 2, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := threePlayers(t, 7)
			order := g.st().Order
			seat := g.st().seat(order[tc.k])
			toPlayer(t, g, seat)
			turn := g.st().Turn
			panicNow(t, g)
			if g.st().Phase != PhaseCommand || g.cur() != seat {
				t.Fatalf("after the panic: %s, want %s's Command phase", g.st().prompt(), seat)
			}
			g.endPhases(2) // the panicked player's Command and Environment
			want := turn
			if tc.up {
				want++
			}
			if g.st().Current != tc.next || g.st().Phase != PhaseAction || g.st().Turn != want {
				t.Fatalf("next: %s (index %d), want %s's Action phase of turn %d", g.st().prompt(), g.st().Current, g.st().seat(order[tc.next]), want)
			}
			// Two more rounds: the panicked player never plays again, and
			// each round counts a game turn.
			for i := 0; i < 16; i++ {
				g.must(do(g.cur(), CmdEndPhase))
				if g.cur() == seat {
					t.Fatalf("the panicked %s plays again: %s", seat, g.st().prompt())
				}
			}
			if g.st().Turn != want+2 {
				t.Errorf("turn %d after two rounds, want %d", g.st().Turn, want+2)
			}
		})
	}
}

func TestPanicEndsGame(t *testing.T) {
	t.Run("one player left", func(t *testing.T) {
		g := battle(t, 5)
		ana := g.cur()
		if ana != "ana" {
			t.Fatalf("%s plays first", ana)
		}
		// ben's character has an outstanding hit: it resolves at the end.
		var victim *character
		for _, c := range g.st().teamChars(1) {
			if !c.hidden() {
				victim = c
				break
			}
		}
		victim.Hits = append(victim.Hits, hit{Kind: string(rules.Ranged), Power: 1})
		// ana marks no objective; ben will not either, but ana still
		// places after ben.
		es := panicNow(t, g)
		if len(es) != 2 || es[0].Type != EventResolution || es[1].Type != EventResolution {
			t.Fatalf("events %v, want the resolution and the final resolution", es)
		}
		var fin Resolution
		if err := console.Decode(es[1].Data, &fin); err != nil {
			t.Fatal(err)
		}
		if !fin.Final || len(fin.Teams) != 2 {
			t.Fatalf("final resolution %+v", fin)
		}
		if g.st().Phase != PhaseObjectives {
			t.Fatalf("phase %s, want the objectives", g.st().Phase)
		}
		if v := g.st().char(victim.ID); len(v.Hits) != 0 || len(v.Results) == 0 {
			t.Errorf("ben's outstanding hit was not resolved: %+v", v.Hits)
		}
		checkSecrets(t, g, "at the end")
		g.must(do("ana", CmdMarkObj, "objective", "eradicate"), do("ana", CmdReady), do("ben", CmdReady))
		res := New().View(g.s, "ben").(View).Result
		if len(res) != 2 || res[0].Seat != "ben" || res[0].Place != 1 || res[1].Seat != "ana" || res[1].Place != 2 || res[1].Score != 1000 {
			t.Errorf("placements %+v, want ben first and the panicked ana second", res)
		}
	})
	t.Run("solo", func(t *testing.T) {
		g := start(t, console.Setup{System: ID, Title: "solo", Seed: 3, Seats: []console.Seat{"solo"},
			Options: map[string]string{"scenario": "solo-tutorial"}})
		g.must(do("solo", CmdChooseSide, "side", "south"), do("solo", CmdChooseTeam, "team", "dorians-detachment"), do("solo", CmdReady))
		if g.st().Phase == PhasePreGame {
			g.must(do("solo", CmdReady))
		}
		panicNow(t, g)
		if g.st().Phase != PhaseObjectives {
			t.Fatalf("phase %s, want the objectives", g.st().Phase)
		}
	})
	t.Run("two left agree", func(t *testing.T) {
		g := threePlayers(t, 7)
		out := g.cur()
		panicNow(t, g)
		if g.st().Phase != PhaseCommand {
			t.Fatalf("the game ended with two players standing: %s", g.st().prompt())
		}
		var left []console.Seat
		for _, p := range g.st().Players {
			if console.Seat(p.Seat) != out {
				left = append(left, console.Seat(p.Seat))
			}
		}
		refused(t, g, do(out, CmdAgreeEnd), "nobody has proposed")
		g.must(do(left[0], CmdProposeEnd))
		refused(t, g, do(out, CmdAgreeEnd), "has panicked")
		refused(t, g, do(out, CmdRefuseEnd), "has panicked")
		g.must(do(left[1], CmdAgreeEnd))
		if g.st().Phase != PhaseObjectives {
			t.Fatalf("phase %s, want the objectives without the panicked player's agreement", g.st().Phase)
		}
	})
	t.Run("a proposal agreed by all standing", func(t *testing.T) {
		g := threePlayers(t, 7)
		out := g.cur()
		var left []console.Seat
		for _, p := range g.st().Players {
			if console.Seat(p.Seat) != out {
				left = append(left, console.Seat(p.Seat))
			}
		}
		g.must(do(left[0], CmdProposeEnd), do(left[1], CmdAgreeEnd))
		es := panicNow(t, g)
		if len(es) != 2 || g.st().Phase != PhaseObjectives {
			t.Fatalf("phase %s after %d events, want the objectives", g.st().Phase, len(es))
		}
	})
}
