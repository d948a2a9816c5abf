package battlelore

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// TestMusterExample is the rulebook's mustering example (p. 18): four
// Citadel Guard, three Yeoman Archers, two Riverwatch Riders, two Rune
// Golems and a command tent come to 47 muster points in 12 cards; six decoys
// make 18, and the 3 unspent points give 3 lore tokens.
func TestMusterExample(t *testing.T) {
	a, err := MusterArmy(Daqan, map[string]int{"citadel-guard": 4, "yeoman-archers": 3, "riverwatch-riders": 2, "rune-golems": 2}, true)
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprintf("units=%d cards=%d decoys=%d unit-cost=%d total=%d limit=%d unspent=%d lore=%d",
		a.Units, a.Cards, a.Decoys, a.UnitCost, a.Total, a.Limit, a.Unspent, a.Lore)
	want := "units=11 cards=12 decoys=6 unit-cost=52 total=47 limit=50 unspent=3 lore=3"
	if got != want {
		t.Errorf("MusterArmy(example) = %s\nwant %s", got, want)
	}
	subtotals := []string{}
	for _, l := range a.Lines {
		subtotals = append(subtotals, fmt.Sprintf("%s %d×%d=%d", l.Name, l.Cost, l.Count, l.Subtotal))
	}
	if got, want := strings.Join(subtotals, "; "), "Citadel Guard 4×4=16; Yeoman Archers 4×3=12; Riverwatch Riders 6×2=12; Rune Golems 6×2=12"; got != want {
		t.Errorf("lines = %s\nwant %s", got, want)
	}
}

func TestMusterArmy(t *testing.T) {
	tests := []struct {
		name    string
		f       Faction
		counts  map[string]int
		tent    bool
		want    string // "total/unspent/lore/decoys", or the refusal's words
		refused bool
	}{
		{name: "52 without the tent", f: Daqan, counts: map[string]int{"citadel-guard": 5, "yeoman-archers": 5, "rune-golems": 1, "riverwatch-riders": 1},
			want: "costs 52", refused: true},
		{name: "48 spent", f: Daqan, counts: map[string]int{"citadel-guard": 5, "yeoman-archers": 4, "riverwatch-riders": 1, "rune-golems": 1},
			want: "48/2/2/7"},
		{name: "tent allows 55", f: Daqan, counts: map[string]int{"citadel-guard": 5, "yeoman-archers": 5, "rune-golems": 1, "riverwatch-riders": 1}, tent: true,
			want: "47/3/3/5"},
		{name: "lore capped at 5", f: Uthuk, counts: map[string]int{"viper-legion": 4, "blood-harvesters": 2, "chaos-lord": 1},
			want: "32/18/5/11"},
		{name: "over budget", f: Uthuk, counts: map[string]int{"viper-legion": 5, "blood-harvesters": 5, "flesh-ripper-brutes": 3}, want: "costs 53", refused: true},
		{name: "over budget even with the tent", f: Uthuk,
			counts: map[string]int{"viper-legion": 5, "blood-harvesters": 5, "flesh-ripper-brutes": 3, "chaos-lord": 1}, tent: true,
			want: "costs 63 muster points; the limit is 55 with the command tent", refused: true},
		{name: "too few cards for the decoys", f: Daqan, counts: map[string]int{"riverwatch-riders": 3, "roc-warrior": 1}, want: "only 11", refused: true},
		{name: "six cards and the tent are enough", f: Daqan, counts: map[string]int{"riverwatch-riders": 3, "rune-golems": 2, "roc-warrior": 1}, tent: true,
			want: "35/15/5/11"},
		{name: "the other faction's unit", f: Daqan, counts: map[string]int{"citadel-guard": 5, "viper-legion": 2}, want: "Uthuk unit", refused: true},
		{name: "more cards than the box", f: Daqan, counts: map[string]int{"rune-golems": 3, "citadel-guard": 5}, want: "holds 2", refused: true},
		{name: "unknown type", f: Uthuk, counts: map[string]int{"goblins": 1}, want: "no such unit; the Uthuk units are Viper Legion", refused: true},
		{name: "no units", f: Uthuk, counts: map[string]int{}, tent: true, want: "at least one unit", refused: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, err := MusterArmy(tc.f, tc.counts, tc.tent)
			if tc.refused {
				if err == nil || !console.IsRejection(err) || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("got %v, want a refusal mentioning %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprintf("%d/%d/%d/%d", a.Total, a.Unspent, a.Lore, a.Decoys); got != tc.want {
				t.Errorf("total/unspent/lore/decoys = %s, want %s", got, tc.want)
			}
			if a.Cards+a.Decoys != ArmyCards {
				t.Errorf("%d cards + %d decoys, want %d", a.Cards, a.Decoys, ArmyCards)
			}
		})
	}
}

// TestData checks the tables hang together: 17 deployment cards a faction
// with the tent, every army card worth 50 points, the learning armies.
func TestData(t *testing.T) {
	for _, f := range Factions {
		cards := 1 // the command tent
		for _, id := range typesOf(f) {
			u, _ := unitType(id)
			cards += u.Cards
			if u.Legend != (u.Traits[0] == "Legend") || u.Legend && u.Cards != 1 {
				t.Errorf("%s: legend %v with traits %v and %d cards", id, u.Legend, u.Traits, u.Cards)
			}
		}
		if cards != 17 {
			t.Errorf("%s: %d deployment cards, the rulebook counts 17", f.Name(), cards)
		}
		a := learningArmyOf(f)
		if a.Units != 9 {
			t.Errorf("%s learning army: %d units, want 9", f.Name(), a.Units)
		}
	}
	for _, c := range ArmyCardList() {
		a, err := armyFromCard(c)
		if err != nil {
			t.Errorf("%s: %v", c.ID, err)
			continue
		}
		if a.UnitCost+a.Lore != MusterLimit || c.Cost != a.UnitCost {
			t.Errorf("%s: %d points of units + %d lore, want %d", c.ID, a.UnitCost, a.Lore, MusterLimit)
		}
	}
	if got := len(DiceFaces()); got != 6 {
		t.Errorf("%d dice faces, want 6", got)
	}
}

func TestInitiative(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"B2", "C1", -1}, // the rulebook's example: B2 before C1
		{"C1", "B2", 1},
		{"A3", "A2", 1},
		{"a2", "A10", -1},
		{"D4", "d4", 0},
	}
	for _, tc := range tests {
		a, err := ParseInitiative(tc.a)
		if err != nil {
			t.Fatal(err)
		}
		b, err := ParseInitiative(tc.b)
		if err != nil {
			t.Fatal(err)
		}
		if got := CompareInitiative(a, b); got != tc.want {
			t.Errorf("CompareInitiative(%s, %s) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
	for _, bad := range []string{"", "B", "2B", "B0", "BB2", "B2x", "B100", "é1"} {
		if _, err := ParseInitiative(bad); err == nil {
			t.Errorf("ParseInitiative(%q) accepted", bad)
		}
	}
}

// TestFirstPlayer decides the first player from two scenario cards; a tie
// is drawn with the game's dice, so each seed gives one answer and both
// answers occur.
func TestFirstPlayer(t *testing.T) {
	for _, tc := range []struct{ daqan, uthuk, want string }{{"C1", "B2", "uthuk"}, {"A1", "A2", "daqan"}, {"B3", "B1", "uthuk"}} {
		card := func(seat console.Seat, ini string) step {
			i, err := ParseInitiative(ini)
			if err != nil {
				t.Fatal(err)
			}
			return do(seat, CmdScenario, "letter", string(i.Letter), "number", i.Number)
		}
		g := start(t, full()).play(card("dana", tc.daqan), card("uli", tc.uthuk))
		if v := New().View(g.s, console.Public).(View); v.FirstPlayer != tc.want || v.FirstPlayerBy != "initiative" {
			t.Errorf("%s against %s: first player %s by %s, want %s by initiative", tc.daqan, tc.uthuk, v.FirstPlayer, v.FirstPlayerBy, tc.want)
		}
	}
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		setup := full()
		setup.Seed = seed
		g := start(t, setup).play(do("uli", CmdScenario, "letter", "A", "number", 1), do("dana", CmdScenario, "letter", "A", "number", 1))
		last := g.log[len(g.log)-1]
		if last.Type != EventScenariosRevealed || !last.Barrier || len(last.Dice) == 0 {
			t.Fatalf("seed %d: the reveal is %s, barrier %v, dice %d bytes; want a barrier that carries the dice", seed, last.Type, last.Barrier, len(last.Dice))
		}
		v := New().View(g.s, console.Public).(View)
		if v.FirstPlayerBy != "random" {
			t.Fatalf("seed %d: first player by %q, want random", seed, v.FirstPlayerBy)
		}
		seen[v.FirstPlayer] = true
		again := start(t, setup).play(do("uli", CmdScenario, "letter", "A", "number", 1), do("dana", CmdScenario, "letter", "A", "number", 1))
		if w := New().View(again.s, console.Public).(View).FirstPlayer; w != v.FirstPlayer {
			t.Fatalf("seed %d: first player %s, then %s: not deterministic", seed, v.FirstPlayer, w)
		}
	}
	if !seen["daqan"] || !seen["uthuk"] {
		t.Errorf("random first players over 20 seeds: %v; want both", seen)
	}
}

// TestWinCheck covers the victory point check, made only at the start of
// the first player's turns, and the immediate win by elimination.
func TestWinCheck(t *testing.T) {
	for _, tc := range []struct {
		daqan, uthuk int
		want         string
	}{
		{16, 15, "daqan"}, {15, 16, "uthuk"}, {16, 16, ""}, {20, 19, "daqan"}, {15, 10, ""}, {0, 0, ""}, {17, 30, "uthuk"},
	} {
		w, ok := VPWinner(tc.daqan, tc.uthuk)
		got := ""
		if ok {
			got = w.ID()
		}
		if got != tc.want {
			t.Errorf("VPWinner(%d, %d) = %q, want %q", tc.daqan, tc.uthuk, got, tc.want)
		}
	}

	// Learning: the Uthuk (ben) go first. Uthuk reach 16 in their own turn:
	// no win yet; Daqan answer; at the start of the Uthuk's next turn the
	// check finds them ahead.
	vp := func(seat console.Seat, n int) step {
		return do(seat, CmdAdjust, "side", map[console.Seat]string{"ana": "daqan", "ben": "uthuk"}[seat], "counter", "vp", "by", n)
	}
	t.Run("first player ahead", func(t *testing.T) {
		g := start(t, learning()).play(vp("ben", 14)).play(turn("ben", 2, "")...)
		if g.st().finished() {
			t.Fatal("the game ended in the first player's own turn")
		}
		g.play(turn("ana", 0, "")...)
		if st := New().Status(g.s); !st.Finished || st.Placements[0].Seat != "ben" || st.Placements[0].Score != 16 {
			t.Fatalf("status %+v, want ben (Uthuk) to win with 16", st)
		}
		if got, want := New().Status(g.s).Summary, "Uthuk (ben) wins with 16 VP to 0"; got != want {
			t.Errorf("summary %q, want %q", got, want)
		}
	})
	t.Run("second player catches up", func(t *testing.T) {
		g := start(t, learning()).play(vp("ben", 14)).play(turn("ben", 2, "")...).play(turn("ana", 0, "")[:4]...)
		g.play(vp("ana", 16)).play(turn("ana", 0, "")[4:]...)
		if g.st().finished() {
			t.Fatal("16 against 16 ended the game")
		}
		if got, want := New().Status(g.s).Summary, "Turn 3 · Uthuk main phase · Daqan 16 VP, Uthuk 16 VP"; got != want {
			t.Errorf("summary %q, want %q", got, want)
		}
	})
	t.Run("second player ahead wins at the first player's turn", func(t *testing.T) {
		g := start(t, learning()).play(turn("ben", 0, "")...).play(vp("ana", 11)).play(turn("ana", 6, "")...)
		if st := New().Status(g.s); !st.Finished || st.Placements[0].Seat != "ana" {
			t.Fatalf("status %+v, want ana (Daqan) to win", st)
		}
	})
	t.Run("no check at the second player's turn", func(t *testing.T) {
		g := start(t, learning()).play(vp("ben", 14)).play(turn("ben", 6, "")...)
		if g.st().finished() {
			t.Fatal("the check ran at the start of the second player's turn")
		}
	})
	t.Run("elimination ends at once", func(t *testing.T) {
		g := start(t, learning())
		ids := []string{}
		for _, u := range g.st().Sides[Daqan].Units {
			ids = append(ids, u.ID)
		}
		for i, id := range ids {
			if g.st().finished() {
				t.Fatalf("finished after %d of %d units", i, len(ids))
			}
			g.play(do("ben", CmdDamage, "unit", id, "amount", 5))
		}
		st := New().Status(g.s)
		if !st.Finished || st.Placements[0].Seat != "ben" || !strings.Contains(st.Summary, "every Daqan unit is eliminated") {
			t.Fatalf("status %+v, want the Uthuk to win by elimination", st)
		}
		if _, err := g.try(do("ana", CmdConcede)); err == nil || !strings.Contains(err.Error(), "the game is over") {
			t.Errorf("a command after the end: %v, want a refusal", err)
		}
	})
	t.Run("concede", func(t *testing.T) {
		g := battle(t).play(do("dana", CmdConcede))
		if st := New().Status(g.s); !st.Finished || st.Placements[0].Seat != "uli" || st.Summary != "Uthuk (uli) wins: Daqan conceded" {
			t.Fatalf("status %+v", st)
		}
	})
}

// TestUnits covers strength: figures lost, weak at one figure, damage
// tokens on legends, never weak, eliminated units.
func TestUnits(t *testing.T) {
	g := battle(t)
	unitOf := func(id string) UnitView {
		v := New().View(g.s, console.Public).(View)
		for _, s := range v.Sides {
			for _, u := range s.Units {
				if u.ID == id {
					return u
				}
			}
		}
		t.Fatalf("no unit %s", id)
		return UnitView{}
	}
	cond := func(u UnitView) string {
		return fmt.Sprintf("%s figures=%d lost=%d damage=%d/%d weak=%v", u.Condition, u.Figures, u.Lost, u.Damage, u.Health, u.Weak)
	}
	steps := []struct {
		st   step
		unit string
		want string
		err  string
	}{
		{do("uli", CmdDamage, "unit", "citadel-guard-1"), "citadel-guard-1", "damaged figures=2 lost=1 damage=0/3 weak=false", ""},
		{do("uli", CmdDamage, "unit", "Citadel Guard 1"), "citadel-guard-1", "weak figures=1 lost=2 damage=0/3 weak=true", ""},
		{do("dana", CmdHeal, "unit", "citadel-guard-1", "amount", 5), "citadel-guard-1", "full figures=3 lost=0 damage=0/3 weak=false", ""},
		{do("dana", CmdHeal, "unit", "citadel-guard-1"), "", "", "full strength"},
		{do("uli", CmdDamage, "unit", "citadel-guard-1", "amount", 9), "citadel-guard-1", "eliminated figures=0 lost=3 damage=0/3 weak=false", ""},
		{do("uli", CmdDamage, "unit", "citadel-guard-1"), "", "", "eliminated"},
		{do("uli", CmdHeal, "unit", "citadel-guard-1"), "", "", "eliminated"},
		{do("dana", CmdDamage, "unit", "chaos-lord-1", "amount", 4), "chaos-lord-1", "damaged figures=1 lost=0 damage=4/5 weak=false", ""},
		{do("uli", CmdSetHealth, "unit", "chaos-lord-1", "health", 4), "", "", "would eliminate"},
		{do("uli", CmdSetHealth, "unit", "chaos-lord-1", "health", 6), "chaos-lord-1", "damaged figures=1 lost=0 damage=4/6 weak=false", ""},
		{do("dana", CmdDamage, "unit", "chaos-lord-1", "amount", 2), "chaos-lord-1", "eliminated figures=0 lost=0 damage=6/6 weak=false", ""},
		{do("dana", CmdDamage, "unit", "goblin-1"), "", "", "no unit \"goblin-1\""},
	}
	for i, s := range steps {
		_, err := g.try(s.st)
		if s.err != "" {
			if err == nil || !console.IsRejection(err) || !strings.Contains(err.Error(), s.err) {
				t.Errorf("step %d: %v, want a refusal mentioning %q", i+1, err, s.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("step %d: %v", i+1, err)
		}
		if got := cond(unitOf(s.unit)); got != s.want {
			t.Errorf("step %d: %s is %s\nwant %s", i+1, s.unit, got, s.want)
		}
	}
	v := New().View(g.s, console.Public).(View)
	if d, u := v.Sides[Daqan], v.Sides[Uthuk]; d.UnitsLeft != 10 || d.UnitsEliminated != 1 || u.UnitsLeft != 10 || u.UnitsEliminated != 1 {
		t.Errorf("units left %d/%d and %d/%d, want 10/1 each", d.UnitsLeft, d.UnitsEliminated, u.UnitsLeft, u.UnitsEliminated)
	}
}

// TestTurnRules walks the steps and their refusals.
func TestTurnRules(t *testing.T) {
	type check struct {
		st   step
		err  string // refusal words; empty when it must be accepted
		want string // the summary, prompt or counter after, when set
		try  string
	}
	tests := []struct {
		name   string
		setup  func(t testing.TB) *game
		checks []check
		view   func(v View) string
		final  string
	}{
		{
			name:  "learning turn",
			setup: func(t testing.TB) *game { return start(t, learning()) },
			checks: []check{
				{st: do("ana", CmdPlayCommandCard), err: "it is not Daqan's turn: it is Uthuk's Main phase: the Command step comes next"},
				{st: do("ben", CmdScoreVP, "vp", 2), err: "Taking VP is for the VP step; it is Uthuk's Main phase: the Command step comes next", try: CmdPlayCommandCard},
				{st: do("ben", CmdScenario, "letter", "A", "number", 1), err: "not part of the learning scenario"},
				{st: do("ben", CmdPlayCommandCard, "card", "Patrol Left")},
				{st: do("ben", CmdPlayCommandCard), err: "Playing a command card is for the Command step; it is Uthuk's Main phase: the Order step comes next", try: CmdNextStep},
				{st: do("ben", CmdNextStep)}, {st: do("ben", CmdNextStep)}, {st: do("ben", CmdNextStep)},
				{st: do("ben", CmdNextStep), err: "Finishing a step is for the Order step, Move step or Attack step; it is Uthuk's Upkeep phase: the VP step comes next", try: CmdScoreVP},
				{st: do("ben", CmdScoreVP, "vp", 2, "exchange", 1), err: "1 VP cost 4 lore tokens; Uthuk has 0"},
				{st: do("ben", CmdGainLore, "amount", 9)},
				{st: do("ben", CmdScoreVP, "vp", 2, "exchange", 2)},
				{st: do("ben", CmdLoreStep, "choice", LoreChoiceTokens), err: "not part of the learning scenario"},
				{st: do("ben", CmdPlayLoreCard), err: "not part of the learning scenario"},
				{st: do("ben", CmdDrawCommandCard)},
			},
			view: func(v View) string {
				u := v.Sides[Uthuk]
				return fmt.Sprintf("%s | uthuk vp=%d lore=%d command=%d | turns=%d", v.Summary, u.VP, u.LoreTokens, u.CommandCards, len(v.Turns))
			},
			final: "Turn 2 · Daqan main phase · Daqan 0 VP, Uthuk 4 VP | uthuk vp=4 lore=1 command=4 | turns=2",
		},
		{
			name:  "full game lore",
			setup: battle,
			checks: []check{
				{st: do("dana", CmdAdjust, "side", "daqan", "counter", "lore-cards", "by", 2)},
				{st: do("dana", CmdPlayLoreCard, "cost", 4), err: "costs 4 lore; Daqan has 3"},
				{st: do("dana", CmdPlayLoreCard, "cost", 2, "card", "Lore of the Citadel")},
				{st: do("dana", CmdPlayLoreCard), err: "already used a lore card this turn"},
				{st: do("uli", CmdPlayLoreCard, "cost", 1)},
				{st: do("uli", CmdScoreVP, "vp", 1, "exchange", 1), err: "the VP step"},
			},
			view: func(v View) string {
				d, u := v.Sides[Daqan], v.Sides[Uthuk]
				return fmt.Sprintf("daqan lore=%d cards=%d used=%v | uthuk lore=%d cards=%d used=%v", d.LoreTokens, d.LoreCards, d.LoreCardUsed, u.LoreTokens, u.LoreCards, u.LoreCardUsed)
			},
			final: "daqan lore=1 cards=3 used=true | uthuk lore=0 cards=1 used=true",
		},
		{
			name: "lore step choices and the hand limit",
			setup: func(t testing.TB) *game {
				return battle(t).play(turn("uli", 1, LoreChoiceTwoCards)...).play(turn("dana", 2, LoreChoiceTokenAndCard)...).
					play(do("uli", CmdAdjust, "side", "uthuk", "counter", "lore-cards", "by", 2))
			},
			checks: []check{
				{st: do("uli", CmdScoreVP, "vp", 1), err: "the Command step comes next"},
				{st: do("dana", CmdPlayCommandCard), err: "it is not Daqan's turn"},
			},
			view: func(v View) string {
				d, u := v.Sides[Daqan], v.Sides[Uthuk]
				return fmt.Sprintf("%s | daqan vp=%d lore=%d cards=%d command=%d | uthuk vp=%d lore=%d cards=%d command=%d | %v",
					v.Summary, d.VP, d.LoreTokens, d.LoreCards, d.CommandCards, u.VP, u.LoreTokens, u.LoreCards, u.CommandCards, v.Turns)
			},
			final: "Turn 3 · Uthuk main phase · Daqan 2 VP, Uthuk 1 VP | daqan vp=2 lore=4 cards=3 command=4 | uthuk vp=1 lore=1 cards=5 command=4 | " +
				"[{1 uthuk true  true 1 0 two-cards false} {2 daqan true  true 2 0 token-and-card false} {3 uthuk false  false 0 0  true}]",
		},
		{
			name: "the hand limit discards",
			setup: func(t testing.TB) *game {
				g := battle(t).play(do("uli", CmdAdjust, "side", "uthuk", "counter", "lore-cards", "by", 3))
				return g.play(turn("uli", 0, "")...)
			},
			checks: []check{{st: do("uli", CmdLoreStep, "choice", LoreChoiceTwoCards)}},
			view:   func(v View) string { return fmt.Sprintf("uthuk cards=%d", v.Sides[Uthuk].LoreCards) },
			final:  "uthuk cards=4",
		},
		{
			name:  "setup order",
			setup: func(t testing.TB) *game { return start(t, full()) },
			checks: []check{
				{st: do("dana", CmdMuster, "citadel-guard", 5), err: "Mustering an army is for the Muster step of setup; it is setup: each player enters the scenario card they reveal; waiting for Daqan and Uthuk", try: CmdScenario},
				{st: do("dana", CmdPlayCommandCard), err: "the battle, which has not begun"},
				{st: do("dana", CmdScenario, "letter", "b", "number", 2), err: `argument "letter": b is not one of A, B`},
				{st: do("dana", CmdScenario, "letter", "B", "number", 100), err: `argument "number"`},
				{st: do("dana", CmdScenario, "letter", "C", "number", 1, "banners", "2,x"), err: "banners"},
				{st: do("dana", CmdScenario, "letter", "C", "number", 1, "banners", "2")},
				{st: do("dana", CmdScenario, "letter", "A", "number", 4, "banners", "2,2")}, // a change of mind before the reveal
				{st: do("uli", CmdScenario, "letter", "B", "number", 1)},
				{st: do("uli", CmdScenario, "letter", "A", "number", 1), err: "Entering a scenario card is for the Scenario card step", try: CmdMuster + " or " + CmdArmyCard},
				{st: do("uli", CmdArmyCard, "army", "daqan-shield-wall"), err: `"Shield wall" is a Daqan army card, not a Uthuk one; the Uthuk army cards are "Blood tide", "Chaos host" and "Brute force"`,
					try: "army-card army=uthuk-blood-tide|uthuk-chaos-host|uthuk-brute-force"},
				{st: do("uli", CmdArmyCard, "army", "uthuk-blood-tide")},
				{st: do("dana", CmdMuster, "citadel-guard", 5, "chaos-lord", 1), err: "Uthuk unit"},
				{st: do("dana", CmdMuster, "citadel-guard", 5, "yeoman-archers", 5, "riverwatch-riders", 1)},
			},
			view: func(v View) string {
				return fmt.Sprintf("%s | first=%s by %s | units %d and %d | lore %d and %d | banners %v",
					v.Summary, v.FirstPlayer, v.FirstPlayerBy, v.Sides[Daqan].UnitsLeft, v.Sides[Uthuk].UnitsLeft,
					v.Sides[Daqan].LoreTokens, v.Sides[Uthuk].LoreTokens, v.Banners)
			},
			final: "Turn 1 · Daqan main phase · Daqan 0 VP, Uthuk 0 VP | first=daqan by initiative | units 11 and 12 | lore 4 and 3 | banners [{2 daqan} {2 daqan}]",
		},
		{
			name:  "adjust bounds",
			setup: battle,
			checks: []check{
				{st: do("dana", CmdAdjust, "side", "uthuk", "counter", "vp", "by", 2)},
				{st: do("uli", CmdAdjust, "side", "uthuk", "counter", "vp", "by", -3), err: "fewer than none"},
				{st: do("uli", CmdAdjust, "side", "daqan", "counter", "command-cards", "by", 0), err: "changes nothing"},
				{st: do("uli", CmdAdjust, "side", "daqan", "counter", "command-cards", "by", -4)},
				{st: do("uli", CmdPlayCommandCard), err: ""},
			},
			view:  func(v View) string { return v.Summary },
			final: "Turn 1 · Uthuk main phase · Daqan 0 VP, Uthuk 2 VP",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.setup(t)
			for i, c := range tc.checks {
				_, err := g.try(c.st)
				switch {
				case c.err == "" && err != nil:
					t.Fatalf("check %d (%s by %s): %v", i+1, c.st.cmd, c.st.seat, err)
				case c.err != "" && (err == nil || !console.IsRejection(err) || !strings.Contains(err.Error(), c.err)):
					t.Fatalf("check %d (%s by %s): got %v\nwant a refusal containing %q", i+1, c.st.cmd, c.st.seat, err, c.err)
				case c.try != "" && console.TryOf(err) != c.try:
					t.Errorf("check %d (%s by %s): try %q, want %q", i+1, c.st.cmd, c.st.seat, console.TryOf(err), c.try)
				}
			}
			if got := tc.view(New().View(g.s, console.Public).(View)); got != tc.final {
				t.Errorf("got  %s\nwant %s", got, tc.final)
			}
		})
	}
}

// TestHiddenSetup checks, on the encoded bytes, that the opponent and the
// public learn nothing of a scenario card or an army before the reveal, and
// everything after it.
func TestHiddenSetup(t *testing.T) {
	r := New()
	secretCard := "Treasures of the Shadow Peaks"
	secretArmy := "flesh-ripper-brutes"
	bytesOf := func(g *game, seat console.Seat) string {
		v := r.View(g.s, seat).(View)
		if v.Muster != nil {
			// The muster reference is the same table for every seat.
			if ref := r.View(g.s, console.Public).(View).Muster; !reflect.DeepEqual(ref, v.Muster) {
				t.Fatalf("%s's muster reference differs from the public one", seat)
			}
			v.Muster = nil
		}
		j, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		m, err := console.Encode(v)
		if err != nil {
			t.Fatal(err)
		}
		var hist strings.Builder
		st, _ := r.New(full())
		for _, e := range g.log {
			line, _ := r.Describe(st, e, seat)
			hist.WriteString(line + "\n")
			st, _ = r.Apply(st, e)
		}
		return string(j) + string(m) + hist.String()
	}
	g := start(t, full()).play(do("uli", CmdScenario, "letter", "B", "number", 2, "name", secretCard, "banners", "3"))
	for _, seat := range []console.Seat{"dana", console.Public, "nobody"} {
		if b := bytesOf(g, seat); strings.Contains(b, secretCard) || strings.Contains(b, `"B2"`) || strings.Contains(b, `"banners":[{`) {
			t.Errorf("%s sees the Uthuk scenario card before the reveal", seat)
		}
	}
	if b := bytesOf(g, "uli"); !strings.Contains(b, secretCard) || !strings.Contains(b, `"B2"`) {
		t.Errorf("uli does not see their own scenario card")
	}
	v := r.View(g.s, "dana").(View)
	if !v.Sides[Uthuk].ScenarioChosen || v.Sides[Uthuk].Scenario != nil {
		t.Errorf("dana's view of the Uthuk: chosen %v, card %+v; want chosen and hidden", v.Sides[Uthuk].ScenarioChosen, v.Sides[Uthuk].Scenario)
	}
	g.play(do("dana", CmdScenario, "letter", "C", "number", 1))
	for _, seat := range []console.Seat{"dana", console.Public} {
		if b := bytesOf(g, seat); !strings.Contains(b, secretCard) {
			t.Errorf("%s does not see the Uthuk scenario card after the reveal", seat)
		}
	}
	g.play(do("uli", CmdMuster, "viper-legion", 5, "blood-harvesters", 2, secretArmy, 3))
	for _, seat := range []console.Seat{"dana", console.Public} {
		if b := bytesOf(g, seat); strings.Contains(b, secretArmy) || strings.Contains(b, "Flesh Ripper") || strings.Contains(b, "Viper") {
			t.Errorf("%s sees the Uthuk army before the reveal", seat)
		}
	}
	if b := bytesOf(g, "uli"); !strings.Contains(b, "Flesh Ripper") {
		t.Errorf("uli does not see their own army")
	}
	g.play(do("dana", CmdArmyCard, "army", "daqan-golem-host"))
	for _, seat := range []console.Seat{"dana", console.Public} {
		if b := bytesOf(g, seat); !strings.Contains(b, secretArmy) || !strings.Contains(b, "Flesh Ripper") {
			t.Errorf("%s does not see the Uthuk army after the reveal", seat)
		}
	}
}

// TestUndoable: a seat undoes only its own command.
func TestUndoable(t *testing.T) {
	g := start(t, learning()).play(do("ben", CmdPlayCommandCard))
	r := New()
	if err := r.Undoable(g.s, "ben", g.log[len(g.log)-1:]); err != nil {
		t.Errorf("ben undoing his own command: %v", err)
	}
	err := r.Undoable(g.s, "ana", g.log[len(g.log)-1:])
	if err == nil || !console.IsRejection(err) || !strings.Contains(err.Error(), "only ben can take it back") {
		t.Errorf("ana undoing ben's command: %v, want a refusal", err)
	}
}

// TestSetupOptions maps seats to factions.
func TestSetupOptions(t *testing.T) {
	for _, tc := range []struct {
		opts map[string]string
		want string
		err  string
	}{
		{nil, "daqan=a uthuk=b", ""},
		{map[string]string{"daqan": "b"}, "daqan=b uthuk=a", ""},
		{map[string]string{"uthuk": "a"}, "daqan=b uthuk=a", ""},
		{map[string]string{"daqan": "a", "uthuk": "b"}, "daqan=a uthuk=b", ""},
		{map[string]string{"daqan": "a", "uthuk": "a"}, "", "cannot play both"},
		{map[string]string{"daqan": "c"}, "", "not a seat"},
		{map[string]string{"mode": "epic"}, "", "mode"},
	} {
		s, err := New().New(setupOf(tc.opts, "a", "b"))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%v: %v, want an error mentioning %q", tc.opts, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%v: %v", tc.opts, err)
		}
		g := s.(*state)
		if got := fmt.Sprintf("daqan=%s uthuk=%s", g.Sides[Daqan].Seat, g.Sides[Uthuk].Seat); got != tc.want {
			t.Errorf("%v: %s, want %s", tc.opts, got, tc.want)
		}
	}
	if _, err := New().New(setupOf(nil, "a")); err == nil {
		t.Error("a one-seat game was accepted")
	}
}

// TestLearningSetup checks the learning scenario's starting position.
func TestLearningSetup(t *testing.T) {
	v := New().View(newGame(t, learning()), "ana").(View)
	got := fmt.Sprintf("%s | first %s by %s | active %s (%s) | you %s | banners %v | daqan %d units, %d command | uthuk %d units, %d command | allowed %v",
		v.Summary, v.FirstPlayer, v.FirstPlayerBy, v.Active, v.ActiveSeat, v.You, v.Banners,
		v.Sides[Daqan].UnitsLeft, v.Sides[Daqan].CommandCards, v.Sides[Uthuk].UnitsLeft, v.Sides[Uthuk].CommandCards, v.Allowed)
	want := "Turn 1 · Uthuk main phase · Daqan 0 VP, Uthuk 0 VP | first uthuk by learning | active uthuk (ben) | you daqan | " +
		"banners [{2 } {2 } {2 }] | daqan 9 units, 4 command | uthuk 9 units, 4 command | allowed [damage heal set-health gain-lore adjust concede]"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if v.Checklist[len(v.Checklist)-1].State != ItemSkipped {
		t.Errorf("the learning scenario's Lore step is %q, want skipped", v.Checklist[len(v.Checklist)-1].State)
	}
}

// TestVPBoundedByBanners: rulebook "Victory point step": the active player
// earns the VPs of "each hex containing a banner marker that is occupied
// by a friendly unit", so one VP step earns at most every banner on the
// board: the learning scenario's three 2-VP banners (p. 5), or the banner
// markers of both scenario cards (each card shows its half of the board,
// p. 16). A typo of 60 VP used to be taken, and won the game.
func TestVPBoundedByBanners(t *testing.T) {
	noBanners := func(t testing.TB) *game {
		return start(t, full()).play(
			do("dana", CmdScenario, "letter", "C", "number", 1, "name", "Crossing the River of Sleep"),
			do("uli", CmdScenario, "letter", "B", "number", 2, "name", "Treasures of the Shadow Peaks"),
			do("dana", CmdArmyCard, "army", "daqan-shield-wall"),
			do("uli", CmdArmyCard, "army", "uthuk-chaos-host"))
	}
	tests := []struct {
		name  string
		setup func(t testing.TB) *game
		seat  console.Seat
		vp    int
		want  string // refusal words; empty when it must be accepted
	}{
		{"learning: 60", func(t testing.TB) *game { return start(t, learning()) }, "ben", 60,
			"60 VP: the learning scenario's 3 banners of 2 VP are worth 6 VP in all"},
		{"learning: 7", func(t testing.TB) *game { return start(t, learning()) }, "ben", 7, "worth 6 VP in all"},
		{"learning: every banner", func(t testing.TB) *game { return start(t, learning()) }, "ben", 6, ""},
		{"full: 60", battle, "uli", 60,
			"60 VP: the banner markers on the board (Daqan's scenario card: 2, 1; Uthuk's scenario card: 1) are worth 4 VP in all"},
		{"full: one more than the banners", battle, "uli", 5, "are worth 4 VP in all"},
		{"full: every banner", battle, "uli", 4, ""},
		{"full: no banners entered", noBanners, "uli", 1, "(Daqan's scenario card: none; Uthuk's scenario card: none) are worth 0 VP"},
		{"full: none earned", noBanners, "uli", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := tt.setup(t).play(turn(tt.seat, 0, "")[:4]...)
			_, err := g.try(do(tt.seat, CmdScoreVP, "vp", tt.vp))
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("score-vp %d: %v", tt.vp, err)
			case tt.want != "" && err == nil:
				t.Fatalf("score-vp %d accepted, want %q", tt.vp, tt.want)
			case tt.want != "" && (!console.IsRejection(err) || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("score-vp %d: %v, want a refusal containing %q", tt.vp, err, tt.want)
			}
			if f, _ := g.st().faction(tt.seat); tt.want == "" && g.st().Sides[f].VP != tt.vp {
				t.Errorf("VP %d after scoring %d", g.st().Sides[f].VP, tt.vp)
			}
		})
	}
}
