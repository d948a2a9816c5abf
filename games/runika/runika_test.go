package runika

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// step is one command of a test game.
type step struct {
	seat console.Seat
	cmd  string
	args map[string]any
}

func cmd(seat, name string, kv ...any) step {
	args := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		args[kv[i].(string)] = kv[i+1]
	}
	return step{console.Seat(seat), name, args}
}

func start(seat string) step    { return cmd(seat, CmdStart) }
func draft(seat string) step    { return cmd(seat, CmdEndDraft) }
func endTurn(seat string) step  { return cmd(seat, CmdEndTurn) }
func infl(seat, el string) step { return cmd(seat, CmdInfluence, "master", el) }
func merit(seat string, v int) step {
	return cmd(seat, CmdEndTurn, "merit", v)
}
func tokens(seat string, n int) step { return cmd(seat, CmdGainTokens, "tokens", n) }
func elemental(seat, name, el string, points, toks int) step {
	return cmd(seat, CmdClaimRune, "name", name, "kind", KindElemental, "element", el, "points", points, "tokens", toks)
}
func wild(seat, name string, points, toks int) step {
	return cmd(seat, CmdClaimRune, "name", name, "kind", KindWild, "points", points, "tokens", toks)
}
func masteryFirst(seat, el, name string, points, toks int) step {
	return cmd(seat, CmdClaimMastery, "element", el, "name", name, "points", points, "tokens", toks)
}
func complete(seat, el string, toks int) step {
	return cmd(seat, CmdClaimMastery, "element", el, "tokens", toks)
}
func correct(seat, deck string, n int) step {
	return cmd(seat, CmdCorrectDeck, "deck", deck, "count", n)
}

// allFour influences every master in one turn.
func allFour(seat string) []step {
	return []step{infl(seat, Air), infl(seat, Fire), infl(seat, Earth), infl(seat, Water)}
}

func setupOf(init string, seats ...console.Seat) console.Setup {
	s := console.Setup{System: ID, Title: "test", Seed: 7, Seats: seats}
	if init != "" {
		s.Options = map[string]string{"initiative": init}
	}
	return s
}

// game is a test game played through Decide and Apply.
type game struct {
	s    console.State
	dice *console.Dice
	log  []console.Event
}

func newGame(t testing.TB, setup console.Setup) *game {
	t.Helper()
	s, err := New().New(setup)
	if err != nil {
		t.Fatalf("New(%+v): %v", setup, err)
	}
	return &game{s: s, dice: console.NewDice(setup.Seed)}
}

// try decides one step, as the Session does: validates the arguments,
// decides, and checks Decide left the state untouched. It applies nothing.
func (g *game) try(t testing.TB, st step) ([]console.Event, error) {
	t.Helper()
	r := New()
	before, err := r.EncodeState(g.s)
	if err != nil {
		t.Fatal(err)
	}
	spec, ok := console.FindCommand(r.Commands(), st.cmd)
	if !ok {
		return nil, console.Reject("unknown command %q", st.cmd)
	}
	args, err := console.ValidateArgs(spec.Args, st.args, g.s.(*state).seats())
	if err != nil {
		return nil, err
	}
	saved := g.dice.Marshal()
	events, err := r.Decide(g.s, st.seat, console.Command{ID: fmt.Sprintf("c%d", len(g.log)+1), Name: st.cmd, Args: args}, g.dice)
	if after, _ := r.EncodeState(g.s); !bytes.Equal(before, after) {
		t.Fatalf("%s %v: Decide modified the state", st.cmd, st.args)
	}
	if err != nil {
		g.dice, _ = console.RestoreDice(saved)
	}
	return events, err
}

// play decides and applies one step.
func (g *game) play(t testing.TB, st step) ([]console.Event, error) {
	t.Helper()
	events, err := g.try(t, st)
	if err != nil {
		return nil, err
	}
	r := New()
	for i := range events {
		events[i].Seq = uint64(len(g.log) + 1)
		if g.s, err = r.Apply(g.s, events[i]); err != nil {
			t.Fatalf("%s %v: Apply(%s): %v", st.cmd, st.args, events[i].Type, err)
		}
		g.log = append(g.log, events[i])
	}
	return events, nil
}

func (g *game) all(t testing.TB, steps ...[]step) *game {
	t.Helper()
	for _, list := range steps {
		for i, st := range list {
			if _, err := g.play(t, st); err != nil {
				t.Fatalf("step %d (%s by %s %v): %v", i+1, st.cmd, st.seat, st.args, err)
			}
		}
	}
	return g
}

func (g *game) view(seat console.Seat) View { return New().View(g.s, seat).(View) }

func (g *game) st() *state { return g.s.(*state) }

// placeList renders placements compactly as "name:place:score".
func placeList(ps []console.Placement) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, fmt.Sprintf("%s:%d:%d", p.Name, p.Place, p.Score))
	}
	return out
}

func seatsOf(names ...string) []console.Seat {
	out := make([]console.Seat, len(names))
	for i, n := range names {
		out[i] = console.Seat(n)
	}
	return out
}

func TestNewGame(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		seats := seatsOf("a", "b", "c", "d")[:n]
		g := newGame(t, setupOf("", seats...))
		v := g.view(console.Public)
		if v.Phase != PhaseSetup || v.Round != 0 || v.Initiative != "" || len(v.TurnOrder) != 0 {
			t.Errorf("%d players: phase %q round %d initiative %q order %v; want setup, 0, none", n, v.Phase, v.Round, v.Initiative, v.TurnOrder)
		}
		if v.RuneRowSize != n+1 || v.RuneRowCards != n+1 || v.RuneDeck != 24-(n+1) || v.MeritDeck != 12 || v.DiceToDraw != 4*n {
			t.Errorf("%d players: row %d/%d, rune deck %d, merit deck %d, dice %d; want %d/%d, %d, 12, %d",
				n, v.RuneRowCards, v.RuneRowSize, v.RuneDeck, v.MeritDeck, v.DiceToDraw, n+1, n+1, 24-(n+1), 4*n)
		}
		if len(v.Masters) != 4 || len(v.Masteries) != 4 || v.TargetScore != 20 {
			t.Errorf("%d players: %d masters, %d masteries, target %d", n, len(v.Masters), len(v.Masteries), v.TargetScore)
		}
		if got := New().Status(g.s).Summary; got != "Setup · choose characters, then start" {
			t.Errorf("summary = %q", got)
		}
	}
	for _, bad := range [][]console.Seat{seatsOf("solo"), seatsOf("a", "b", "c", "d", "e")} {
		if _, err := New().New(setupOf("", bad...)); err == nil {
			t.Errorf("New with %d seats: no error", len(bad))
		}
	}
	if _, err := New().New(setupOf("zed", seatsOf("a", "b")...)); err == nil || !strings.Contains(err.Error(), "zed") {
		t.Errorf("initiative option naming no seat: got %v", err)
	}
}

func TestInitiative(t *testing.T) {
	t.Run("setup option", func(t *testing.T) {
		g := newGame(t, setupOf("carol", seatsOf("alice", "bob", "carol", "dave")...))
		evs, err := g.play(t, start("alice"))
		if err != nil {
			t.Fatal(err)
		}
		if evs[0].Barrier {
			t.Error("a start with the initiative option is a barrier; want it undoable")
		}
		v := g.view(console.Public)
		if v.Initiative != "carol" || v.Phase != PhaseDraft || v.Round != 1 {
			t.Errorf("initiative %q phase %q round %d; want carol, draft, 1", v.Initiative, v.Phase, v.Round)
		}
		if want := seatsOf("carol", "dave", "alice", "bob"); !reflect.DeepEqual(v.TurnOrder, want) {
			t.Errorf("turn order = %v, want %v", v.TurnOrder, want)
		}
		if want := "Round 1 · draft: carol draws 16 dice · all tied at 0"; v.Summary != want {
			t.Errorf("summary = %q, want %q", v.Summary, want)
		}
	})
	t.Run("drawn with the game's dice", func(t *testing.T) {
		seen := map[console.Seat]bool{}
		for seed := uint64(1); seed <= 40; seed++ {
			setup := setupOf("", seatsOf("alice", "bob", "carol")...)
			setup.Seed = seed
			g := newGame(t, setup)
			evs, err := g.play(t, start("bob"))
			if err != nil {
				t.Fatal(err)
			}
			var d GameStarted
			if err := console.Decode(evs[0].Data, &d); err != nil {
				t.Fatal(err)
			}
			if !d.Drawn || !evs[0].Barrier {
				t.Errorf("seed %d: drawn %v barrier %v; want both", seed, d.Drawn, evs[0].Barrier)
			}
			want := setup.Seats[console.NewDice(seed).IntN(3)]
			if got := g.view(console.Public).Initiative; got != want || console.Seat(d.Initiative) != want {
				t.Errorf("seed %d: initiative %q (event %q), want %q", seed, got, d.Initiative, want)
			}
			seen[want] = true
		}
		if len(seen) != 3 {
			t.Errorf("40 seeds gave the token only to %v", seen)
		}
	})
	t.Run("passes clockwise at the end of each round", func(t *testing.T) {
		g := newGame(t, setupOf("bob", seatsOf("alice", "bob", "carol")...))
		g.all(t, []step{start("alice")})
		var holders []console.Seat
		for round := 1; round <= 4; round++ {
			v := g.view(console.Public)
			holders = append(holders, v.Initiative)
			if v.Round != round {
				t.Fatalf("round %d, want %d", v.Round, round)
			}
			g.all(t, []step{draft(string(v.Initiative))})
			for _, p := range v.TurnOrder {
				if cur := g.view(console.Public).Current; cur != p {
					t.Fatalf("round %d: current %q, want %q", round, cur, p)
				}
				g.all(t, []step{endTurn(string(p))})
			}
		}
		if want := seatsOf("bob", "carol", "alice", "bob"); !reflect.DeepEqual(holders, want) {
			t.Errorf("holders = %v, want %v", holders, want)
		}
	})
}

// TestRulebookExample is the rulebook's end-of-game example: Diego has 3
// points from Thunderbolt, 1 from Charm, 7 from his merit cards and 9 from
// tokens, 20 in all, which is enough to end the game at the end of the
// round.
func TestRulebookExample(t *testing.T) {
	g := newGame(t, setupOf("diego", seatsOf("diego", "runika")...))
	g.all(t,
		[]step{start("runika"), cmd("diego", CmdChooseCharacter, "character", "Diego"), cmd("runika", CmdChooseCharacter, "character", "Runika")},
		// Round 1: Diego's influence everywhere, Thunderbolt (fire
		// mastery, 3) with 4 points dice, and his first merit card.
		[]step{draft("diego")}, allFour("diego"),
		[]step{masteryFirst("diego", Fire, "Thunderbolt", 3, 4), merit("diego", 3), endTurn("runika")},
		// Round 2: runika leads off; Diego's Charm (1) with 2 points dice.
		[]step{draft("runika"), elemental("runika", "Spark", Earth, 2, 2), endTurn("runika"), wild("diego", "Charm", 1, 2), endTurn("diego")},
		// Round 3: the second merit card and 3 more tokens.
		[]step{draft("diego")}, allFour("diego"), []step{tokens("diego", 3), merit("diego", 4)},
	)
	v := g.view(console.Public)
	d := v.Players[0]
	if d.RunePoints != 3+1 || d.MeritPoints != 7 || d.Tokens != 9 || d.Total != 20 {
		t.Fatalf("Diego: runes %d + merits %d + tokens %d = %d; want 3 + 1 + 7 + 9 = 20", d.RunePoints, d.MeritPoints, d.Tokens, d.Total)
	}
	// 20 points ends the game, but only at the end of the round.
	if v.Finished || !v.LastRound || !reflect.DeepEqual(v.EndReasons, []string{EndPoints}) {
		t.Fatalf("after Diego's turn: finished %v last round %v reasons %v; want the round played out", v.Finished, v.LastRound, v.EndReasons)
	}
	if want := "Round 3 · runika's turn · last round · diego leads with 20"; v.Summary != want {
		t.Errorf("summary = %q, want %q", v.Summary, want)
	}
	g.all(t, []step{endTurn("runika")})
	st := New().Status(g.s)
	if !st.Finished || st.Summary != "diego wins with 20" {
		t.Fatalf("status = %+v; want diego wins with 20", st)
	}
	if got, want := placeList(st.Placements), []string{"diego:1:20", "runika:2:4"}; !reflect.DeepEqual(got, want) {
		t.Errorf("placements = %v, want %v", got, want)
	}
}

func TestRules(t *testing.T) {
	abc := seatsOf("alice", "bob", "carol")
	begin := []step{start("alice"), draft("alice")} // alice holds the initiative (option)
	round := func(seats ...string) []step {         // every listed seat ends their turn
		var out []step
		for _, s := range seats {
			out = append(out, endTurn(s))
		}
		return out
	}
	tests := []struct {
		name  string
		seats []console.Seat
		steps [][]step
		check func(t *testing.T, v View)
	}{
		{
			name: "claiming a basic rune scores it and draws one card", seats: abc,
			steps: [][]step{begin, {elemental("alice", "Spark", Earth, 2, 2)}},
			check: func(t *testing.T, v View) {
				a := v.Players[0]
				if a.RunePoints != 2 || a.Tokens != 2 || a.Total != 4 || len(a.Runes) != 1 || a.Runes[0] != (RuneView{"Spark", KindElemental, Earth, 2, 1}) {
					t.Errorf("alice = %+v", a)
				}
				if v.RuneDeck != 19 || v.RuneRowCards != 4 {
					t.Errorf("rune deck %d row %d; want 19, 4", v.RuneDeck, v.RuneRowCards)
				}
				if !reflect.DeepEqual(v.Turn, &TurnView{Player: "alice", Tokens: 2, Runes: []string{"Spark"}, Masters: []string{}}) {
					t.Errorf("turn = %+v", v.Turn)
				}
			},
		},
		{
			name: "stacked duplicates: drawn 0 and drawn 3", seats: abc,
			steps: [][]step{begin, {
				cmd("alice", CmdClaimRune, "name", "Wave Whip", "kind", KindElemental, "element", Water, "points", 2, "drawn", 3),
				cmd("alice", CmdClaimRune, "name", "Wave Whip", "kind", KindElemental, "element", Water, "points", 2, "drawn", 0),
			}},
			check: func(t *testing.T, v View) {
				if v.RuneDeck != 17 || v.RuneRowCards != 24-17-2 {
					t.Errorf("rune deck %d row %d; want 17, 5", v.RuneDeck, v.RuneRowCards)
				}
			},
		},
		{
			name: "the last card of the rune deck, then the row alone", seats: abc,
			steps: [][]step{{correct("bob", DeckRune, 1)}, begin, {wild("alice", "Charm", 1, 0), wild("alice", "Prism", 2, 0)}},
			check: func(t *testing.T, v View) {
				// 23 cards were out of the deck; two are claimed.
				if v.RuneDeck != 0 || v.RuneRowCards != 22 {
					t.Errorf("rune deck %d row %d; want 0, 22", v.RuneDeck, v.RuneRowCards)
				}
				if !v.LastRound || !reflect.DeepEqual(v.EndReasons, []string{EndRuneDeck}) {
					t.Errorf("last round %v reasons %v; want the rune deck to end the game", v.LastRound, v.EndReasons)
				}
			},
		},
		{
			name: "influence places a token once per master and fills the slot", seats: abc,
			steps: [][]step{begin, {infl("alice", Air), cmd("alice", CmdInfluence, "master", Fire, "point", true)}, round("alice", "bob", "carol"),
				{draft("bob"), endTurn("bob"), endTurn("carol"), infl("alice", Air)}},
			check: func(t *testing.T, v View) {
				a := v.Players[0]
				if !reflect.DeepEqual(a.Influence, []string{Air, Fire}) || a.Tokens != 1 || a.MeritDue {
					t.Errorf("alice = %+v", a)
				}
				air, fire := v.Masters[0], v.Masters[1]
				if !air.SlotFull || air.SlotBy != "alice" || !reflect.DeepEqual(air.Influence, seatsOf("alice")) || air.Name != "Simza" {
					t.Errorf("air = %+v", air)
				}
				if fire.SlotFull || !reflect.DeepEqual(fire.Influence, seatsOf("alice")) {
					t.Errorf("fire = %+v; want an empty slot (cleared at the end of round 1) and alice's token", fire)
				}
			},
		},
		{
			name: "merit card: tokens back, card scored, deck down", seats: abc,
			steps: [][]step{begin, allFour("alice"), {merit("alice", 3)}},
			check: func(t *testing.T, v View) {
				a := v.Players[0]
				if len(a.Influence) != 0 || !reflect.DeepEqual(a.Merits, []int{3}) || a.Total != 3 || a.MeritDue {
					t.Errorf("alice = %+v", a)
				}
				if v.MeritDeck != 11 || v.Current != "bob" {
					t.Errorf("merit deck %d current %q; want 11, bob", v.MeritDeck, v.Current)
				}
				for _, m := range v.Masters {
					if !m.SlotFull || len(m.Influence) != 0 {
						t.Errorf("%s master = %+v; want a full slot and no tokens", m.Element, m)
					}
				}
			},
		},
		{
			name: "influence spread over rounds counts", seats: abc,
			steps: [][]step{begin, {infl("alice", Air), infl("alice", Fire)}, round("alice", "bob", "carol"),
				{draft("bob"), endTurn("bob"), endTurn("carol"), infl("alice", Earth), infl("alice", Water)}},
			check: func(t *testing.T, v View) {
				if a := v.Players[0]; !a.MeritDue || len(a.Influence) != 4 {
					t.Errorf("alice = %+v; want a merit card due", a)
				}
				if !strings.Contains(v.Next, "alice has influence on all four masters") {
					t.Errorf("next = %q", v.Next)
				}
			},
		},
		{
			name: "merit deck empty: tokens back without a card", seats: abc,
			steps: [][]step{{correct("carol", DeckMerit, 0)}, begin, allFour("alice"), {endTurn("alice")}},
			check: func(t *testing.T, v View) {
				if a := v.Players[0]; len(a.Influence) != 0 || len(a.Merits) != 0 {
					t.Errorf("alice = %+v", a)
				}
			},
		},
		{
			name: "mastery: claimed as a card, completed by another for points", seats: abc,
			steps: [][]step{begin, {masteryFirst("alice", Fire, "Thunderbolt", 3, 1)}, {endTurn("alice"), complete("bob", Fire, 2)}},
			check: func(t *testing.T, v View) {
				a, b := v.Players[0], v.Players[1]
				if a.RunePoints != 3 || a.Tokens != 1 || a.Runes[0].Kind != KindMastery {
					t.Errorf("alice = %+v", a)
				}
				if len(b.Runes) != 0 || b.Tokens != 5 || b.Total != 5 ||
					!reflect.DeepEqual(b.Completions, []CompletionView{{Element: Fire, Name: "Thunderbolt", Owner: "alice", Value: 3, Tokens: 2, Round: 1}}) {
					t.Errorf("bob = %+v", b)
				}
				if m := v.Masteries[1]; m != (MasteryView{Element: Fire, Claimed: true, Owner: "alice", Name: "Thunderbolt", Value: 3}) {
					t.Errorf("fire mastery = %+v", m)
				}
				if v.RuneDeck != 20 {
					t.Errorf("rune deck %d; mastery runes do not draw", v.RuneDeck)
				}
			},
		},
		{
			name: "default mastery name", seats: abc,
			steps: [][]step{begin, {cmd("alice", CmdClaimMastery, "element", Water, "points", 2)}},
			check: func(t *testing.T, v View) {
				if m := v.Masteries[3]; m.Name != "Water mastery" || m.Value != 2 || m.Owner != "alice" {
					t.Errorf("water mastery = %+v", m)
				}
			},
		},
		{
			name: "reaching 20 mid-round: the round is played out", seats: abc,
			steps: [][]step{begin, {tokens("alice", 25), endTurn("alice")}},
			check: func(t *testing.T, v View) {
				if v.Finished || !v.LastRound || v.Current != "bob" {
					t.Errorf("finished %v last round %v current %q", v.Finished, v.LastRound, v.Current)
				}
				if want := "Round 1 · bob's turn · last round · alice leads with 25"; v.Summary != want {
					t.Errorf("summary = %q, want %q", v.Summary, want)
				}
			},
		},
		{
			name: "game over at the end of the round; ties share first place", seats: abc,
			steps: [][]step{begin, {tokens("alice", 20), endTurn("alice"), tokens("bob", 5), endTurn("bob"), tokens("carol", 20), endTurn("carol")}},
			check: func(t *testing.T, v View) {
				if !v.Finished || v.Phase != PhaseOver || !reflect.DeepEqual(v.EndReasons, []string{EndPoints}) {
					t.Errorf("finished %v phase %q reasons %v", v.Finished, v.Phase, v.EndReasons)
				}
				if got, want := placeList(v.Placements), []string{"alice:1:20", "carol:1:20", "bob:3:5"}; !reflect.DeepEqual(got, want) {
					t.Errorf("placements = %v, want %v", got, want)
				}
				if v.Summary != "alice and carol tie for first with 20" || v.Players[2].Place != 1 || v.Players[1].Place != 3 {
					t.Errorf("summary %q places %d %d %d", v.Summary, v.Players[0].Place, v.Players[1].Place, v.Players[2].Place)
				}
				if v.Initiative != "alice" || len(v.Acting) != 0 || v.Current != "" || v.Turn != nil {
					t.Errorf("initiative %q acting %v current %q turn %v; the token stays, nobody acts", v.Initiative, v.Acting, v.Current, v.Turn)
				}
			},
		},
		{
			name: "game over by the merit deck", seats: abc,
			steps: [][]step{{correct("alice", DeckMerit, 1)}, begin, allFour("alice"), {merit("alice", 2)}, round("bob", "carol")},
			check: func(t *testing.T, v View) {
				if !v.Finished || !reflect.DeepEqual(v.EndReasons, []string{EndMeritDeck}) || v.Summary != "alice wins with 2" {
					t.Errorf("finished %v reasons %v summary %q", v.Finished, v.EndReasons, v.Summary)
				}
			},
		},
		{
			name: "game over for every reason at once", seats: abc,
			steps: [][]step{{correct("alice", DeckMerit, 1), correct("alice", DeckRune, 1)}, begin, allFour("alice"),
				{wild("alice", "Charm", 1, 20), merit("alice", 4)}, round("bob", "carol")},
			check: func(t *testing.T, v View) {
				if !reflect.DeepEqual(v.EndReasons, []string{EndPoints, EndRuneDeck, EndMeritDeck}) {
					t.Errorf("reasons %v", v.EndReasons)
				}
			},
		},
		{
			name: "characters", seats: abc,
			steps: [][]step{{cmd("alice", CmdChooseCharacter, "character", "  Runika "), cmd("bob", CmdChooseCharacter, "character", "Diego"),
				cmd("bob", CmdChooseCharacter, "character", "Tamsin")}},
			check: func(t *testing.T, v View) {
				if v.Players[0].Character != "Runika" || v.Players[1].Character != "Tamsin" || v.Players[2].Character != "" {
					t.Errorf("characters %q %q %q", v.Players[0].Character, v.Players[1].Character, v.Players[2].Character)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, setupOf("alice", tt.seats...))
			g.all(t, tt.steps...)
			v := g.view(console.Public)
			tt.check(t, v)
			if st := New().Status(g.s); st.Summary != v.Summary || st.Finished != v.Finished || !reflect.DeepEqual(st.Placements, v.Placements) {
				t.Errorf("Status %+v disagrees with the view", st)
			}
			// Every seat sees the same table; only Viewer, Allowed and
			// Commands differ.
			for _, seat := range append(tt.seats, "stranger") {
				w := g.view(seat)
				w.Viewer, w.Allowed, w.Commands = v.Viewer, v.Allowed, v.Commands
				if !reflect.DeepEqual(w, v) {
					t.Errorf("View(%s) differs from the public view", seat)
				}
			}
		})
	}
}

func TestRefusals(t *testing.T) {
	abc := seatsOf("alice", "bob", "carol")
	begin := []step{start("alice"), draft("alice")}
	over := []step{start("alice"), draft("alice"), tokens("alice", 20), endTurn("alice"), endTurn("bob"), endTurn("carol")}
	tests := []struct {
		name  string
		steps []step
		try   step
		want  string
	}{
		{"turn command in setup", nil, tokens("alice", 1), "the game has not started yet: choose characters, then start"},
		{"end-draft in setup", nil, draft("alice"), "the game has not started yet"},
		{"start twice", []step{start("bob")}, start("carol"), "the game has already started (round 1)"},
		{"turn command in the draft", []step{start("bob")}, infl("alice", Air),
			"round 1's dice are being drafted: alice, who holds the initiative token, ends the draft and takes the first turn"},
		{"end-draft by another", []step{start("bob")}, draft("carol"), "alice holds the initiative token and ends the draft"},
		{"end-draft in the turns", begin, draft("alice"), "the draft of round 1 is over: it is alice's turn"},
		{"not your turn", begin, tokens("bob", 1), "it is alice's turn"},
		{"end-turn not your turn", begin, endTurn("carol"), "it is alice's turn"},
		{"slot full", append(begin, infl("alice", Fire), endTurn("alice")), infl("bob", Fire),
			"the Fire master's slot is already full this round (alice influenced Ainfean); open now: Air (Simza), Earth (Ekamu), Water (Ko'bataar)"},
		{"own slot full", append(begin, infl("alice", Fire)), infl("alice", Fire), "the Fire master's slot is already full this round (you influenced Ainfean)"},
		{"every slot full", append(append(begin, allFour("alice")...), merit("alice", 2)), infl("bob", Water), "open now: none"},
		{"point from a master other than fire", begin, cmd("alice", CmdInfluence, "master", Earth, "point", true),
			"point is for the Fire master (Ainfean) only: Ekamu's ability gives no points token"},
		{"merit without all four", append(begin, infl("alice", Air), infl("alice", Water)), merit("alice", 3),
			"alice has influence on 2 of the 4 spell masters (missing: Fire, Earth); a merit card is drawn only with all four"},
		{"all four without merit", append(begin, allFour("alice")...), endTurn("alice"),
			"alice has influence on all four spell masters: take the tokens back, draw a merit card and end the turn with its value, 2, 3 or 4"},
		{"merit from an empty deck", append(append([]step{correct("bob", DeckMerit, 0)}, begin...), allFour("alice")...), merit("alice", 2),
			"the merit deck is empty: alice takes the influence tokens back but draws no merit card"},
		{"merit out of range", begin, merit("alice", 5), `argument "merit": 5 is not a whole number from 2 to 4`},
		{"elemental without element", begin, cmd("alice", CmdClaimRune, "name", "Spark", "kind", KindElemental, "points", 2),
			"an elemental rune has an element: air, fire, earth or water"},
		{"wild with element", begin, cmd("alice", CmdClaimRune, "name", "Prism", "kind", KindWild, "element", Fire, "points", 2),
			"a wild rune has no element of its own"},
		{"mastery is not a basic kind", begin, cmd("alice", CmdClaimRune, "name", "Thunderbolt", "kind", KindMastery, "points", 3),
			`argument "kind": mastery is not one of elemental, wild`},
		{"empty rune name", begin, cmd("alice", CmdClaimRune, "name", "   ", "kind", KindWild, "points", 2), "the rune card's name cannot be empty"},
		{"control character", begin, cmd("alice", CmdClaimRune, "name", "Sp\x00rk", "kind", KindWild, "points", 2), "contains a control character"},
		{"too many drawn", begin, cmd("alice", CmdClaimRune, "name", "Spark", "kind", KindWild, "points", 2, "drawn", 21),
			"21 cards cannot be drawn: the rune deck has 20"},
		{"empty row", func() []step {
			s := append([]step(nil), begin...)
			for i := 0; i < RuneCards; i++ { // 20 from the deck, then the 4 left in the row
				s = append(s, wild("alice", fmt.Sprintf("Rune %d", i+1), 1, 0))
			}
			return s
		}(), wild("alice", "One more", 1, 0), "no rune card is left in the row (the rune deck has 0)"},
		{"own mastery again", append(begin, masteryFirst("alice", Earth, "Landslide", 2, 0)), complete("alice", Earth, 1),
			"you already hold the Earth mastery rune Landslide; only another player's mastery rune can be completed"},
		{"first mastery without value", begin, complete("alice", Air, 1),
			"the Air mastery rune is claimed for the first time: give its value, the number in its top right corner"},
		{"completion with the wrong value", append(begin, masteryFirst("alice", Earth, "Landslide", 2, 0), endTurn("alice")),
			cmd("bob", CmdClaimMastery, "element", Earth, "points", 4), "alice's Earth mastery rune Landslide is worth 2, not 4"},
		{"completion with the wrong name", append(begin, masteryFirst("alice", Earth, "Landslide", 2, 0), endTurn("alice")),
			cmd("bob", CmdClaimMastery, "element", Earth, "name", "Quake"), `the Earth mastery rune is Landslide (held by alice), not "Quake"`},
		{"too many tokens", append(begin, tokens("alice", 50)), cmd("alice", CmdGainTokens, "tokens", 51), `argument "tokens": 51 is not a whole number from 1 to 50`},
		{"token cap", func() []step {
			s := append([]step(nil), begin...)
			for i := 0; i < MaxTokens/50; i++ {
				s = append(s, tokens("alice", 50))
			}
			return s
		}(), tokens("alice", 1), "alice would have 1001 points tokens; the pad holds at most 1000"},
		{"duplicate character", []step{cmd("alice", CmdChooseCharacter, "character", "Runika")}, cmd("bob", CmdChooseCharacter, "character", "RUNIKA"),
			"alice already plays Runika; choose another character"},
		{"same character again", []step{cmd("alice", CmdChooseCharacter, "character", "Runika")}, cmd("alice", CmdChooseCharacter, "character", "Runika"),
			"alice already plays Runika"},
		{"rune deck beyond the cards left", append(begin, wild("alice", "Charm", 1, 0)), correct("bob", DeckRune, 24),
			"the rune deck cannot hold 24 cards: of the 24 basic runes 1 are claimed and 4 lie face up in the row (players + 1), so at most 19 are left in the deck"},
		// Rulebook "Contents": 24 basic rune cards; "Setup": players + 1
		// dealt face up in the row. Three players start with 20 in the
		// deck, and the deck can never hold the row's 4.
		{"rune deck beyond the box at the start", nil, correct("bob", DeckRune, 21),
			"the rune deck cannot hold 21 cards: of the 24 basic runes 0 are claimed and 4 lie face up in the row (players + 1), so at most 20 are left in the deck"},
		{"rune deck of the whole box", nil, correct("bob", DeckRune, RuneCards),
			"so at most 20 are left in the deck"},
		{"merit deck beyond the cards left", nil, correct("bob", DeckMerit, 13), "the merit deck cannot hold 13 cards: 0 of the 12 merit cards are drawn, so at most 12 are left"},
		{"deck unchanged", nil, correct("bob", DeckMerit, 12), "the merit deck already shows 12 cards"},
		{"after the end", over, tokens("bob", 1), "the game is over (alice wins with 20); undo the last command to change it"},
		{"character after the end", over, cmd("bob", CmdChooseCharacter, "character", "Diego"), "the game is over"},
		{"not a player", nil, start("zed"), `"zed" is not at this table; the players are alice, bob, carol`},
		{"public may not act", nil, start(string(console.Public)), `"public" is not at this table`},
		{"unknown command", nil, cmd("alice", "roll"), "unknown command"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, setupOf("alice", abc...))
			g.all(t, tt.steps)
			before, _ := New().EncodeState(g.s)
			_, err := g.try(t, tt.try)
			if err == nil {
				t.Fatalf("%s %v: accepted, want %q", tt.try.cmd, tt.try.args, tt.want)
			}
			if !console.IsRejection(err) {
				t.Errorf("error %v is not a Rejection", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %q, want it to contain %q", err, tt.want)
			}
			// Decide with raw arguments too: it validates them again.
			if _, err2 := New().Decide(g.s, tt.try.seat, console.Command{Name: tt.try.cmd, Args: tt.try.args}, g.dice); err2 == nil {
				t.Errorf("Decide with raw arguments accepted what the schema refuses")
			}
			if after, _ := New().EncodeState(g.s); !bytes.Equal(before, after) {
				t.Error("a refused command changed the state")
			}
		})
	}
}

func TestUndoable(t *testing.T) {
	r := New()
	g := newGame(t, setupOf("alice", seatsOf("alice", "bob")...))
	evs, err := g.play(t, start("bob"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range evs {
		evs[i].Seat = "bob"
	}
	if err := r.Undoable(g.s, "bob", evs); err != nil {
		t.Errorf("bob undoing his own start: %v", err)
	}
	err = r.Undoable(g.s, "alice", evs)
	if want := "only bob can take back bob's last move, the start of the game"; err == nil || !console.IsRejection(err) || err.Error() != want {
		t.Errorf("alice undoing bob's start: got %v, want %q", err, want)
	}
	if err := r.Undoable(g.s, "bob", nil); err == nil {
		t.Error("undo of nothing: no error")
	}
}

// TestSessionUndo plays through the engine: the issuer takes a command
// back, another seat may not, and the random initiative draw is final.
func TestSessionUndo(t *testing.T) {
	s, err := console.Create(New(), setupOf("", seatsOf("alice", "bob")...), console.Options{Store: console.NewMemStore()})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Do("alice", console.Command{Name: CmdStart}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Undo("alice"); err == nil || !strings.Contains(err.Error(), "revealed something the other side has seen") {
		t.Errorf("undo of the initiative draw: got %v", err)
	}
	v, _ := s.View(console.Public)
	holder := v.(View).Initiative
	if _, err := s.Do(holder, console.Command{Name: CmdEndDraft}); err != nil {
		t.Fatal(err)
	}
	other := console.Seat("alice")
	if holder == "alice" {
		other = "bob"
	}
	if _, err := s.Undo(other); err == nil || !console.IsRejection(err) {
		t.Errorf("%s undoing %s's end-draft: got %v, want a refusal", other, holder, err)
	}
	if _, err := s.Undo(holder); err != nil {
		t.Errorf("%s undoing their end-draft: %v", holder, err)
	}
	if v, _ := s.View(console.Public); v.(View).Phase != PhaseDraft {
		t.Errorf("after undo: phase %q, want draft", v.(View).Phase)
	}
}

func TestAllowed(t *testing.T) {
	g := newGame(t, setupOf("bob", seatsOf("alice", "bob")...))
	check := func(seat console.Seat, want ...string) {
		t.Helper()
		if want == nil {
			want = []string{}
		}
		if got := g.view(seat).Allowed; !reflect.DeepEqual(got, want) {
			t.Errorf("%s (phase %s): allowed %v, want %v", seat, g.st().Phase, got, want)
		}
	}
	check("alice", CmdChooseCharacter, CmdStart, CmdCorrectDeck)
	check(console.Public)
	g.all(t, []step{start("alice")})
	check("alice", CmdChooseCharacter, CmdCorrectDeck)
	check("bob", CmdChooseCharacter, CmdEndDraft, CmdCorrectDeck)
	if v := g.view("alice"); !reflect.DeepEqual(v.Acting, seatsOf("bob")) || v.Viewer != "alice" {
		t.Errorf("acting %v viewer %q", v.Acting, v.Viewer)
	}
	g.all(t, []step{draft("bob")})
	check("bob", CmdChooseCharacter, CmdInfluence, CmdClaimRune, CmdClaimMastery, CmdGainTokens, CmdEndTurn, CmdCorrectDeck)
	check("alice", CmdChooseCharacter, CmdCorrectDeck)
	check("stranger")
	g.all(t, []step{tokens("bob", 20), endTurn("bob"), endTurn("alice")})
	check("alice")
	check("bob")
}

func TestDescribe(t *testing.T) {
	r := New()
	g := newGame(t, setupOf("alice", seatsOf("alice", "bob")...))
	g.all(t, []step{start("alice"), draft("alice")})
	ev := func(typ string, d any) console.Event {
		e, err := console.NewEvent(typ, d)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	tests := []struct {
		e    console.Event
		want string
	}{
		{ev(EventCharacterChosen, CharacterChosen{"alice", "Runika"}), "alice plays Runika"},
		{ev(EventGameStarted, GameStarted{Initiative: "bob", Drawn: true}), "game started: bob takes the initiative token (drawn at random); rune row of 3, rune deck 21, merit deck 12"},
		{ev(EventDraftEnded, DraftEnded{Round: 1}), "round 1: dice drafted"},
		{ev(EventMasterInfluenced, MasterInfluenced{"alice", Fire, true, true}), "alice influences the Fire master (Ainfean), placing an influence token and gains 1 points token"},
		{ev(EventMasterInfluenced, MasterInfluenced{"alice", Water, false, false}), "alice influences the Water master (Ko'bataar) (already has a token there)"},
		{ev(EventRuneClaimed, RuneClaimed{"alice", "Spark", KindElemental, Earth, 2, 1, 1}), "alice claims Spark (earth elemental rune, 2 points) and gains 1 points token; 1 card drawn, rune deck 20"},
		{ev(EventRuneClaimed, RuneClaimed{"alice", "Charm", KindWild, "", 1, 0, 0}), "alice claims Charm (wild rune, 1 point); no card drawn (a stacked duplicate is revealed)"},
		{ev(EventMasteryClaimed, MasteryClaimed{"alice", Fire, "Thunderbolt", 3, 2, ""}), "alice claims the Fire mastery rune Thunderbolt (3 points) and gains 2 points tokens"},
		{ev(EventMasteryClaimed, MasteryClaimed{"bob", Fire, "Thunderbolt", 3, 1, "alice"}), "bob completes alice's Fire mastery rune Thunderbolt: 1 points token for the dice and 3 for the mastery, no card"},
		{ev(EventTokensGained, TokensGained{"alice", 4}), "alice gains 4 points tokens"},
		{ev(EventTurnEnded, TurnEnded{"alice", true, 3}), "alice ends the turn with influence on all four masters: tokens back, merit card worth 3 (merit deck 11); alice has 3"},
		{ev(EventTurnEnded, TurnEnded{"alice", false, 0}), "alice ends the turn; alice has 0"},
		{ev(EventRoundEnded, RoundEnded{Round: 1, Initiative: "bob"}), "round 1 ends: spell slots cleared; the initiative token passes to bob"},
		{ev(EventGameEnded, GameEnded{Reasons: []string{EndRuneDeck, EndMeritDeck}, Placements: []console.Placement{{Seat: "bob", Name: "bob", Place: 1, Score: 9}}}),
			"game over (the rune deck is empty and the merit deck is empty): bob finishes with 9"},
		{ev(EventDeckCorrected, DeckCorrected{DeckRune, 19, 21}), "rune deck corrected from 21 to 19"},
		{console.Event{Type: EventTurnEnded, Data: []byte("junk")}, "turn-ended (unreadable)"},
		{console.Event{Type: "mystery"}, "mystery"},
	}
	for _, tt := range tests {
		got, ok := r.Describe(g.s, tt.e, "bob")
		if !ok || got != tt.want {
			t.Errorf("Describe(%s) = %q, %v; want %q", tt.e.Type, got, ok, tt.want)
		}
	}
	// Describe survives a state that is not a Runika game.
	if got, _ := r.Describe(nil, tt0(t), console.Public); got != "alice gains 1 points token" {
		t.Errorf("Describe without a state = %q", got)
	}
}

func tt0(t *testing.T) console.Event {
	e, err := console.NewEvent(EventTokensGained, TokensGained{"alice", 1})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestApplyRefusesEventsThatDoNotFit(t *testing.T) {
	r := New()
	g := newGame(t, setupOf("alice", seatsOf("alice", "bob")...))
	g.all(t, []step{start("alice"), draft("alice"), infl("alice", Fire)})
	ev := func(typ string, d any) console.Event {
		e, err := console.NewEvent(typ, d)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	bad := []console.Event{
		ev(EventTokensGained, TokensGained{"bob", 1}),                                    // not bob's turn
		ev(EventMasterInfluenced, MasterInfluenced{Player: "alice", Element: Fire}),      // slot full
		ev(EventMasterInfluenced, MasterInfluenced{Player: "alice", Element: "aether"}),  // no such master
		ev(EventMasterInfluenced, MasterInfluenced{Player: "alice", Element: Air}),       // token flag wrong
		ev(EventRuneClaimed, RuneClaimed{Player: "alice", Name: "X", Kind: KindMastery}), // mastery as a basic rune
		ev(EventRuneClaimed, RuneClaimed{Player: "alice", Name: "X", Kind: KindWild, Drawn: 99}),
		ev(EventMasteryClaimed, MasteryClaimed{Player: "alice", Element: Fire, Name: "T", Value: 3, Owner: "bob"}),
		ev(EventTurnEnded, TurnEnded{Player: "alice", Merit: 3}),     // merit without all four
		ev(EventRoundEnded, RoundEnded{Round: 1, Initiative: "bob"}), // before every turn
		ev(EventGameEnded, GameEnded{Reasons: []string{EndPoints}}),
		ev(EventDraftEnded, DraftEnded{Round: 1}),
		ev(EventGameStarted, GameStarted{Initiative: "alice"}),
		ev(EventDeckCorrected, DeckCorrected{Deck: "bag", Count: 1}),
		ev(EventDeckCorrected, DeckCorrected{Deck: DeckMerit, Count: 13}),
		ev(EventCharacterChosen, CharacterChosen{Player: "zed", Character: "Z"}),
		{Type: EventTokensGained, Data: []byte{0xc1}},
		{Type: "mystery"},
	}
	for i, e := range bad {
		enc, _ := r.EncodeState(g.s)
		s, _ := r.DecodeState(enc)
		if _, err := r.Apply(s, e); err == nil {
			t.Errorf("event %d (%s): applied, want an error", i, e.Type)
		}
	}
}

func TestNextText(t *testing.T) {
	g := newGame(t, setupOf("bob", seatsOf("alice", "bob")...))
	check := func(wantNext, wantText string) {
		t.Helper()
		v := g.view(console.Public)
		if !strings.Contains(v.Next, wantNext) {
			t.Errorf("phase %s: Next %q, want it to contain %q", v.Phase, v.Next, wantNext)
		}
		if !strings.Contains(v.NextText, wantText) {
			t.Errorf("phase %s: NextText %q, want it to contain %q", v.Phase, v.NextText, wantText)
		}
		for _, c := range New().Commands() {
			if strings.Contains(v.NextText, "("+c.Name+")") || (strings.Contains(c.Name, "-") && strings.Contains(v.NextText, c.Name)) {
				t.Errorf("phase %s: NextText %q names the command %s", v.Phase, v.NextText, c.Name)
			}
		}
	}
	check("Choose characters (choose-character), then start the game (start); the initiative token is given to bob.",
		"Choose characters, then start the game; the initiative token is given to bob.")
	g.all(t, []step{start("alice")})
	check("then bob ends the draft (end-draft).", "then bob ends the draft.")
	g.all(t, []step{draft("bob")})
	check("claim rune cards, then end the turn (end-turn).", "claim rune cards, then end the turn.")
	g.all(t, allFour("bob"))
	check("draw a merit card and give its value to end-turn.", "draw a merit card and give its value when ending the turn.")
	g.all(t, []step{tokens("bob", 20), merit("bob", 2), endTurn("alice")})
	if v := g.view(console.Public); v.NextText != v.Next || !v.Finished {
		t.Errorf("game over: NextText %q, Next %q", v.NextText, v.Next)
	}
}

func TestEndReasonWords(t *testing.T) {
	g := newGame(t, setupOf("bob", seatsOf("alice", "bob")...))
	g.all(t, []step{start("alice"), draft("bob")})
	if got := g.view(console.Public).EndReasonWords(); got != "" {
		t.Errorf("no end reasons: %q", got)
	}
	g.all(t, []step{tokens("bob", 20), correct("bob", DeckRune, 0)})
	v := g.view(console.Public)
	if want := "bob has 20 or more points and the rune deck is empty"; v.EndReasonWords() != want || !v.LastRound {
		t.Errorf("last round %v: %q, want %q", v.LastRound, v.EndReasonWords(), want)
	}
	// The view's words are the history's.
	if want := reasonWords(g.st(), v.EndReasons); v.EndReasonWords() != want {
		t.Errorf("view %q, history %q", v.EndReasonWords(), want)
	}
	g.all(t, []step{endTurn("bob"), tokens("alice", 20), endTurn("alice")})
	v = g.view(console.Public)
	if want := "alice and bob have 20 or more points and the rune deck is empty"; !v.Finished || v.EndReasonWords() != want {
		t.Errorf("finished %v: %q, want %q", v.Finished, v.EndReasonWords(), want)
	}
	if got := (View{EndReasons: []string{EndMeritDeck, "odd"}}).EndReasonWords(); got != "the merit deck is empty and odd" {
		t.Errorf("merit deck and an unknown reason: %q", got)
	}
	if got := (View{EndReasons: []string{EndPoints}, TargetScore: TargetScore}).EndReasonWords(); got != "a player has 20 or more points" {
		t.Errorf("points with no players: %q", got)
	}
}
