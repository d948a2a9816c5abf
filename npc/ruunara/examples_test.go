package ruunara

import (
	"testing"
)

// The worked examples of SPEC §5 (RU-X…), the AI's part of each.

func gameOf(t testing.TB, ids ...string) *game {
	g := newGame(t, 0)
	for _, id := range ids {
		g.add(id, saarok)
	}
	return g
}

// x24 runs RU-X24 to the end of round 2 (E4 stepped 2", vantage no).
func x24(t *testing.T) *game {
	g := newGame(t, 6)
	g.w.Round = 2
	g.engage("H3", "E1")
	g.site(Site{ID: "E1", Enemies: []string{"E1"}, Heroes: []string{"H3"}, LastAttackRound: 2})
	g.noise("E1", "E4")
	g.wantLines(t, "RU-X24 noise", "noise", "E2 noise E1 default=no", "E3 noise E1 default=no", "E4 noise E1 default=no", "E5 noise E1 default=no", "E6 noise E1 default=no")
	g.want(t, "RU-X24 after noise", "E1 engaged", "E4 investigating @E1")
	g.enemyTurn(script{})
	g.wantLines(t, "RU-X24 sight", "sight", "E2 sight default=none", "E3 sight default=none", "E4 sight default=none", "E5 sight default=none", "E6 sight default=none")
	g.wantOrders(t, "RU-X24 round 2",
		"post-marker: Leave a post marker where E4 stands, with its facing.",
		`investigate: E4 heard the fight at E1: move 2" towards it.`,
		"attack: E1 attacks Tarok: 2 dice, hit on 4+.")
	g.wantLines(t, "RU-X24 results", "results", "E4 vantage E1 default=no")
	g.want(t, "RU-X24 round 2", "E4 investigating @E1 marker")
	g.end()
	return g
}

func TestX24NoiseVantageEngagement(t *testing.T) {
	g := x24(t)
	g.enemyTurn(script{results: []string{"E4"}, results2: []string{"E4"}})
	g.wantOrders(t, "RU-X24 round 3",
		`investigate: E4 heard the fight at E1: move 2" towards it.`,
		`investigate-see: E4 sees the fight: continue up to 3" towards Tarok and engage it if you reach 1".`,
		"attack: E1 attacks Tarok: 2 dice, hit on 4+.",
		"attack: E4 attacks Tarok: 2 dice, hit on 4+.")
	if q := g.question("nearest"); !q.Empty() {
		t.Errorf("RU-X24: a nearest question with one free hero: %v", lines(q))
	}
	if q := g.nth("results", 1); len(q.Lines) != 1 || q.Text(g.w, Inches) != `E4 — is it now within 1" of Tarok?` {
		t.Errorf("RU-X24: second results %q", lines(q))
	}
	g.want(t, "RU-X24 round 3", "E4 engaged marker")
}

func TestX25FightEndsBeforeArrival(t *testing.T) {
	g := x24(t)
	g.kill("E1") // round 3, p1 combat: Tarok kills E1
	g.site(Site{ID: "E1", Enemies: []string{"E1"}, Heroes: []string{"H3"}, LastAttackRound: 3})
	g.enemyTurn(script{})
	g.wantOrders(t, "RU-X25 round 3 (an attack this round: not over)", `investigate: E4 heard the fight at E1: move 2" towards it.`)
	g.end()
	g.over("E1")
	g.enemyTurn(script{})
	g.want(t, "RU-X25 round 4", "E4 returning rate=20 marker")
	g.wantOrders(t, "RU-X25 round 4", `return: E4 returns up to 2" towards its post marker; if it reaches it, stand it there with the marker's facing and remove the marker.`)
	g.wantLines(t, "RU-X25 round 4", "results", "E4 arrived-post default=no")
	g.end()
	g.enemyTurn(script{results: []string{"E4"}})
	g.want(t, "RU-X25 round 5", "E4 posted")
}

func TestX26ShotIntoAGroup(t *testing.T) {
	g := gameOf(t, "E2", "E3", "E4", "E5", "E6")
	g.shot("E2", "H2", true, "E3", "E5")
	g.wantOrders(t, "RU-X26 shot", "face-shooter: Turn E2 to face Graam, who shot it.")
	g.wantLines(t, "RU-X26 group", "group", "E3 group E2 default=no", "E4 group E2 default=no", "E5 group E2 default=no", "E6 group E2 default=no")
	g.want(t, "RU-X26 shot", "E2 investigating @hero:H2", "E3 rallying E2 shooter=H2", "E5 rallying E2 shooter=H2")
	g.site(Site{ID: "E2", Ranged: true, Enemies: []string{"E2"}, LastAttackRound: 1})
	g.site(Site{ID: SearchSiteID("H2"), Ranged: true, Heroes: []string{"H2"}, LastAttackRound: 1})
	g.noise("E2", "E6")
	g.wantLines(t, "RU-X26 noise", "noise", "E4 noise E2 default=no", "E6 noise E2 default=no")
	g.enemyTurn(script{sight: map[string]string{"E2": "H2"}, results: []string{"E3", "E5"}})
	g.wantLines(t, "RU-X26 results", "results", "E2 contact H2 default=no", "E3 arrived-rally E2 default=no", "E5 arrived-rally E2 default=no", "E6 vantage E2 default=no")
	g.wantOrders(t, "RU-X26 round 1",
		"post-marker: Leave a post marker where E2 stands, with its facing.",
		`engage: E2 charges Graam: move up to 5" towards it and engage it if you reach 1".`,
		"post-marker: Leave a post marker where E3 stands, with its facing.",
		`rally: E3 rallies to E2: move up to 5" towards it.`,
		"post-marker: Leave a post marker where E5 stands, with its facing.",
		`rally: E5 rallies to E2: move up to 5" towards it.`,
		"post-marker: Leave a post marker where E6 stands, with its facing.",
		`investigate: E6 heard the fight at E2: move 2" towards it.`,
		"rally-face: Turn E3 to face Graam.",
		"rally-face: Turn E5 to face Graam.")
	g.want(t, "RU-X26 round 1", "E2 engaging H2 marker", "E3 rallying E2 hold=2 shooter=H2 marker", "E5 rallying E2 hold=2 shooter=H2 marker", "E6 investigating @E2 marker")
	g.end()
	g.over("E2", "hero:H2")
	g.enemyTurn(script{})
	g.want(t, "RU-X26 round 2", "E2 returning rate=20 marker", "E3 rallying E2 hold=2 shooter=H2 marker", "E6 returning rate=20 marker")
	g.wantOrders(t, "RU-X26 round 2",
		`return: E2 returns up to 2" towards its post marker; if it reaches it, stand it there with the marker's facing and remove the marker.`,
		`return: E6 returns up to 2" towards its post marker; if it reaches it, stand it there with the marker's facing and remove the marker.`)
	g.end()
	g.want(t, "RU-X26 boundary 2", "E3 returning rate=20 marker", "E5 returning rate=20 marker")
}

func x27(t *testing.T) *game {
	g := newGame(t, 4)
	g.instant("E1", "H2", "E2", "E3")
	g.wantLines(t, "RU-X27 group", "group", "E2 group E1 default=no", "E3 group E1 default=no", "E4 group E1 default=no")
	g.wantOrders(t, "RU-X27 alert", `alert: Leave a body marker where E1 fell. Turn E2, E3 to face it. Their vision is 10" until the end of the next enemy turn.`)
	g.want(t, "RU-X27 alert", "E1 dead", "E2 alert prior=posted until=1", "E3 alert prior=posted until=1")
	g.site(Site{ID: "E1", Ranged: true, Enemies: []string{"E1"}, LastAttackRound: 1})
	g.noise("E1")
	g.wantLines(t, "RU-X27 noise", "noise", "E4 noise E1 default=no")
	return g
}

func TestX27InstantKillWidenedGaze(t *testing.T) {
	g := x27(t)
	g.enemyTurn(script{})
	sq := g.question("sight")
	if sq.Lines[0].Vision != 100 || sq.Lines[1].Vision != 100 || sq.Lines[2].Vision != 60 {
		t.Errorf("RU-X27: sight visions %v", sq.Lines)
	}
	if got := sq.Lines[0].Text(g.w, Inches); got != `Which hero can E2 see now — front arc, within 10", clear line? If several, the nearest.` {
		t.Errorf("RU-X27: sight text %q", got)
	}
	g.wantOrders(t, "RU-X27 enemy turn")
	g.end()
	g.wantOrders(t, "RU-X27 end", "post-facing: Turn E2 back to its post facing.", "post-facing: Turn E3 back to its post facing.")
	g.want(t, "RU-X27 end", "E2 posted", "E3 posted")
	if q := SightQuestion(g.w, g.s); q.Lines[0].Vision != 60 {
		t.Errorf("RU-X27 round 2: vision %d, want 60", q.Lines[0].Vision)
	}
}

func TestX28AlertEnemySpotsHero(t *testing.T) {
	g := x27(t)
	g.enemyTurn(script{sight: map[string]string{"E3": "H2"}})
	g.wantOrders(t, "RU-X28",
		"post-marker: Leave a post marker where E3 stands, with its facing.",
		`engage: E3 charges Graam: move up to 5" towards it and engage it if you reach 1".`)
	g.want(t, "RU-X28", "E2 alert prior=posted until=1", "E3 engaging H2 marker")
	g.end()
	g.wantOrders(t, "RU-X28 end", "post-facing: Turn E2 back to its post facing.")
	g.enemyTurn(script{sight: map[string]string{"E3": "H2"}})
	if v := g.question("sight").Lines[1].Vision; v != 60 {
		t.Errorf("RU-X28 round 2: E3 vision %d, want 60", v)
	}
	g.wantOrders(t, "RU-X28 round 2", `engage: E3 charges Graam: move up to 5" towards it and engage it if you reach 1".`)
}

func x29(t *testing.T) *game {
	g := newGame(t, 1)
	g.w.Round = 3
	g.engage("H2", "E1")
	g.flee("H2")
	g.want(t, "RU-X29 flee", "E1 pursuing H2 turns=2")
	g.enemyTurn(script{})
	g.wantOrders(t, "RU-X29 round 3",
		"post-marker: Leave a post marker where E1 stands, with its facing.",
		`pursue: E1 follows Graam: move up to 5" towards it and engage it if you reach 1".`)
	g.want(t, "RU-X29 round 3", "E1 pursuing H2 turns=1 marker")
	g.end()
	return g
}

func TestX29PursuitCatchesUp(t *testing.T) {
	g := x29(t)
	g.enemyTurn(script{results: []string{"E1"}})
	g.wantOrders(t, "RU-X29 round 4",
		`pursue: E1 follows Graam: move up to 5" towards it and engage it if you reach 1".`,
		"attack: E1 attacks Graam: 2 dice, hit on 4+.")
	g.want(t, "RU-X29 round 4", "E1 engaged marker")
}

func TestX30PursuitFails(t *testing.T) {
	g := x29(t)
	g.enemyTurn(script{})
	g.want(t, "RU-X30 round 4", "E1 returning prior=pursuing rate=50 marker")
	g.end()
	if q := NoiseQuestion(g.w, g.s, "E9"); len(q.Lines) != 1 {
		t.Errorf("RU-X30: the returning pursuer is not listed for noise: %v", lines(q))
	}
	g.enemyTurn(script{})
	g.wantOrders(t, "RU-X30 round 5", `give-up: E1 gives up: return up to 5" towards its post marker.`)
	g.end()
	g.enemyTurn(script{results: []string{"E1"}})
	g.wantOrders(t, "RU-X30 round 6", `return: E1 returns up to 5" towards its post marker; if it reaches it, stand it there with the marker's facing and remove the marker.`)
	g.want(t, "RU-X30 round 6", "E1 posted")
}

func TestX31NoPursuitWhileEngaged(t *testing.T) {
	g := newGame(t, 2)
	g.engage("H2", "E1", "E2")
	g.engage("H3", "E1")
	g.flee("H2")
	g.want(t, "RU-X31", "E1 engaged", "E2 pursuing H2 turns=2")
	g.wantOrders(t, "RU-X31")
}

func TestX32EngagingLosesSight(t *testing.T) {
	g := newGame(t, 2)
	g.w.Round = 2
	g.enemyTurn(script{sight: map[string]string{"E2": "H1"}})
	g.want(t, "RU-X32 round 2", "E2 engaging H1 marker")
	g.end()
	g.enemyTurn(script{})
	g.want(t, "RU-X32 round 3", "E2 returning rate=20 marker")
	g.wantOrders(t, "RU-X32 round 3", `return: E2 returns up to 2" towards its post marker; if it reaches it, stand it there with the marker's facing and remove the marker.`)
}

func TestX33WhichHeroAnEnemyHits(t *testing.T) {
	for _, tc := range []struct {
		tarok, naali int
		want         string
	}{{5, 3, "H1"}, {3, 3, "H3"}, {2, 3, "H3"}} {
		g := newGame(t, 1)
		g.engage("H3", "E1")
		g.engage("H1", "E1")
		g.hero("H3").HP, g.hero("H1").HP = tc.tarok, tc.naali
		a := Combat(g.w, g.s)
		if len(a) != 1 || a[0].Hero != tc.want || a[0].Ranged || a[0].N != 2 || a[0].Hit != 4 {
			t.Errorf("RU-X33 Tarok %d, Naali %d: %+v, want %s", tc.tarok, tc.naali, a, tc.want)
		}
		if tc.want == "H1" {
			if got := a[0].Order().Text(g.w, Inches); got != "E1 attacks Naali: 2 dice, hit on 4+." {
				t.Errorf("RU-X33: %q", got)
			}
		}
	}
}

func TestX34ShooterStaysAndShoots(t *testing.T) {
	g := newGame(t, 0)
	g.add("E7", archer)
	g.enemyTurn(script{sight: map[string]string{"E7": "H2"}})
	if q := g.question("in-range"); !q.Empty() {
		t.Errorf("RU-X34: in-range asked with vision = range: %v", lines(q))
	}
	g.wantOrders(t, "RU-X34", "shoot: E7 shoots Graam: 2 dice, hit on 4+.")
	if q := g.question("results"); !q.Empty() {
		t.Errorf("RU-X34: results for a shooter that did not move: %v", lines(q))
	}
	g.want(t, "RU-X34", "E7 engaging H2")
	if got := g.question("sight").Lines[0].Text(g.w, Inches); got != `Which hero can E7 see now — front arc, within 8", clear line? If several, the first on its line of fire.` {
		t.Errorf("RU-X34 sight text %q", got)
	}
}

// An alert shooter sees farther than it shoots: the in-range question,
// then close-in and its range line (RU-D44).
func TestShooterClosesIn(t *testing.T) {
	for _, inRange := range []bool{true, false} {
		g := newGame(t, 1)
		g.add("E7", archer)
		g.instant("E1", "H2", "E7")
		ticks := []string{}
		if inRange {
			ticks = []string{"E7"}
		}
		g.enemyTurn(script{sight: map[string]string{"E7": "H2"}, inRange: ticks, results: []string{"E7"}})
		g.wantLines(t, "RU-D44 in-range", "in-range", "E7 in-range H2 default=no")
		if got := g.question("in-range").Text(g.w, Inches); got != `Is Graam within E7's firing range, 8"?` {
			t.Errorf("RU-D44 in-range text %q", got)
		}
		if inRange {
			g.wantOrders(t, "RU-D44 in range", "shoot: E7 shoots Graam: 2 dice, hit on 4+.")
			continue
		}
		g.wantOrders(t, "RU-D44 out of range",
			"post-marker: Leave a post marker where E7 stands, with its facing.",
			`close-in: E7 closes in on Graam: move up to 5" towards it, stopping as soon as Graam is within 8".`,
			"shoot: E7 shoots Graam: 2 dice, hit on 4+.")
		g.wantLines(t, "RU-D44 range line", "results", "E7 range H2 default=no")
	}
}

func TestX41ResultsQuestion(t *testing.T) {
	g := newGame(t, 5)
	g.w.Round = 3
	g.engage("H3", "E1")
	g.site(Site{ID: "E1", Enemies: []string{"E1"}, Heroes: []string{"H3"}, LastAttackRound: 3})
	g.set(Enemy{ID: "E4", Card: "saarok", Mode: Investigating, Site: "E1", OffPost: true})
	g.set(Enemy{ID: "E5", Card: "saarok", Mode: Rallying, Target: "E2", Shooter: "H2", OffPost: true})
	g.set(Enemy{ID: "E3", Card: "saarok", Mode: Engaging, Target: "H1", OffPost: true})
	g.enemyTurn(script{sight: map[string]string{"E3": "H1"}, results: []string{"E4", "E5"}, results2: []string{"E4"}})
	res := g.question("results")
	want := []string{`E3 — is it now within 1" of Naali?`, "E4 — can it now see the fight at E1?", `E5 — is it within 1" of E2 (or its body marker)?`}
	for i, l := range res.Lines {
		if got := l.Text(g.w, Inches); i >= len(want) || got != want[i] {
			t.Errorf("RU-X41 line %d: %q", i, got)
		}
	}
	if got := res.Text(g.w, Inches); got != "Tick each line that is now true:" {
		t.Errorf("RU-X41 heading %q", got)
	}
	g.want(t, "RU-X41", "E3 engaging H1 marker", "E4 engaged marker", "E5 rallying E2 hold=4 shooter=H2 marker")
	g.wantLines(t, "RU-X41 q13", "results", "E3 contact H1 default=no", "E4 vantage E1 default=no", "E5 arrived-rally E2 default=no")
	if q := g.nth("results", 1); len(q.Lines) != 1 || q.Lines[0].Kind != "contact" || q.Lines[0].Unit != "E4" {
		t.Errorf("RU-X41 second results %v", lines(q))
	}
}

func TestX42TwoFightsNearestHero(t *testing.T) {
	g := newGame(t, 6)
	g.w.Round = 2
	g.engage("H1", "E2")
	g.engage("H3", "E2")
	g.engage("H2", "E5")
	g.site(Site{ID: "E2", Enemies: []string{"E2"}, Heroes: []string{"H1", "H3"}, LastAttackRound: 2})
	g.site(Site{ID: "E5", Enemies: []string{"E5"}, Heroes: []string{"H2"}, LastAttackRound: 2})
	g.noise("E2", "E3", "E4")
	g.wantLines(t, "RU-X42 noise E2", "noise", "E1 noise E2 default=no", "E3 noise E2 default=no", "E4 noise E2 default=no", "E6 noise E2 default=no")
	g.noise("E5")
	g.wantLines(t, "RU-X42 noise E5", "noise", "E1 noise E5 default=no", "E6 noise E5 default=no")
	g.enemyTurn(script{results: []string{"E3"}, nearest: map[string]string{"E3": "H3"}, results2: []string{"E3"}})
	g.wantLines(t, "RU-X42 nearest", "nearest", "E3 nearest E2 default=H1")
	if got := g.question("nearest").Text(g.w, Inches); got != "Which hero of the fight at E2 is nearest to E3 — Naali, Tarok?" {
		t.Errorf("RU-X42 nearest text %q", got)
	}
	g.wantOrders(t, "RU-X42",
		"post-marker: Leave a post marker where E3 stands, with its facing.",
		`investigate: E3 heard the fight at E2: move 2" towards it.`,
		"post-marker: Leave a post marker where E4 stands, with its facing.",
		`investigate: E4 heard the fight at E2: move 2" towards it.`,
		`investigate-see: E3 sees the fight: continue up to 3" towards Tarok and engage it if you reach 1".`,
		"attack: E2 attacks Naali: 2 dice, hit on 4+.",
		"attack: E3 attacks Tarok: 2 dice, hit on 4+.",
		"attack: E5 attacks Graam: 2 dice, hit on 4+.")
	g.want(t, "RU-X42", "E3 engaged marker", "E4 investigating @E2 marker")
	// Had Naali alone fought E2: no nearest question.
	g2 := newGame(t, 6)
	g2.engage("H1", "E2")
	g2.site(Site{ID: "E2", Enemies: []string{"E2"}, Heroes: []string{"H1"}, LastAttackRound: 1})
	g2.noise("E2", "E3")
	g2.enemyTurn(script{results: []string{"E3"}})
	if q := g2.question("nearest"); !q.Empty() {
		t.Errorf("RU-X42: nearest with one hero %v", lines(q))
	}
}

func TestX43SlowCard(t *testing.T) {
	for _, tc := range []struct {
		card Stats
		want []string
		mode string
	}{
		{crawler, []string{`investigate: E8 heard the fight at E1: move 2" towards it.`}, "E8 engaging H3 marker"},
		{saarok, []string{`investigate: E8 heard the fight at E1: move 2" towards it.`,
			`investigate-see: E8 sees the fight: continue up to 3" towards Tarok and engage it if you reach 1".`}, "E8 engaging H3 marker"},
	} {
		g := newGame(t, 1)
		g.add("E8", tc.card)
		g.engage("H3", "E1")
		g.site(Site{ID: "E1", Enemies: []string{"E1"}, Heroes: []string{"H3"}, LastAttackRound: 1})
		g.set(Enemy{ID: "E8", Mode: Investigating, Site: "E1", OffPost: true})
		g.enemyTurn(script{results: []string{"E8"}})
		g.wantOrders(t, "RU-X43", append(tc.want, "attack: E1 attacks Tarok: 2 dice, hit on 4+.")...)
		g.want(t, "RU-X43", tc.mode)
		if tc.card != crawler {
			continue
		}
		g.end()
		g.enemyTurn(script{sight: map[string]string{"E8": "H3"}})
		g.wantOrders(t, "RU-X43 next turn",
			`engage: E8 charges Tarok: move up to 1.5" towards it and engage it if you reach 1".`,
			"attack: E1 attacks Tarok: 2 dice, hit on 4+.")
	}
	// A crawler pursuing moves 5" (RU-D42, RU-D60).
	g := newGame(t, 0)
	g.add("E8", crawler)
	g.engage("H2", "E8")
	g.flee("H2")
	g.enemyTurn(script{})
	g.wantOrders(t, "RU-X43 pursuit",
		"post-marker: Leave a post marker where E8 stands, with its facing.",
		`pursue: E8 follows Graam: move up to 5" towards it and engage it if you reach 1".`)
}

func TestX44NoNoiseQuestion(t *testing.T) {
	g := newGame(t, 2)
	g.engage("H3", "E1")
	g.engage("H1", "E2")
	g.site(Site{ID: "E1", Enemies: []string{"E1"}, Heroes: []string{"H3"}, LastAttackRound: 1})
	g.site(Site{ID: "E2", Enemies: []string{"E2"}, Heroes: []string{"H1"}, LastAttackRound: 1})
	for _, s := range []string{"E1", "E2"} {
		if q := NoiseQuestion(g.w, g.s, s); !q.Empty() {
			t.Errorf("RU-X44: noise question for %s lists %v", s, lines(q))
		}
	}
	if q := SightQuestion(g.w, g.s); !q.Empty() {
		t.Errorf("RU-X44: sight question with every enemy engaged: %v", lines(q))
	}
}

func TestX3HardLikeSteel(t *testing.T) {
	g := newGame(t, 2)
	g.engage("H1", "E1", "E2")
	_, _, q := OnInstantKill(g.w, g.s, "E1", "")
	if !q.Empty() {
		t.Errorf("RU-X3: group question lists the engaged E2: %v", lines(q))
	}
	g.add("E3", saarok)
	g.instant("E1", "")
	g.wantLines(t, "RU-X3 group", "group", "E3 group E1 default=no")
	g.site(Site{ID: "E1", Enemies: []string{"E1", "E2"}, Heroes: []string{"H1"}, LastAttackRound: 1})
	g.noise("E1")
	g.wantLines(t, "RU-X3 noise", "noise", "E3 noise E1 default=no")
	if got := g.question("noise").Text(g.w, Inches); got != `Which of these enemies are within 8" of the fight at E1 and cannot see it?` {
		t.Errorf("RU-X3 noise text %q", got)
	}
}

func TestX7X22CancelledOrFailedKill(t *testing.T) {
	g := newGame(t, 3)
	g.shot("E2", "H2", true) // cover cancelled the kill (RU-X7) / failed trigger (RU-X22)
	g.wantOrders(t, "RU-X7", "face-shooter: Turn E2 to face Graam, who shot it.")
	g.want(t, "RU-X7", "E2 investigating @hero:H2")
	g.wantLines(t, "RU-X7 group", "group", "E1 group E2 default=no", "E3 group E2 default=no")
	if got := g.question("group").Text(g.w, Inches); got != `Which of these enemies are within 4" of E2?` {
		t.Errorf("RU-X7 group text %q", got)
	}
	// RU-X22: the noise question for site E2 never lists E2.
	g.site(Site{ID: "E2", Ranged: true, Enemies: []string{"E2"}, LastAttackRound: 1})
	g.site(Site{ID: "hero:H2", Ranged: true, Heroes: []string{"H2"}, LastAttackRound: 1})
	g.noise("E2")
	g.wantLines(t, "RU-X22 noise", "noise", "E1 noise E2 default=no", "E3 noise E2 default=no")
	// The search: next enemy turn, after the sighting check.
	g.enemyTurn(script{results: []string{"E2"}, results2: []string{"E2"}})
	g.wantOrders(t, "RU-D39b search",
		"post-marker: Leave a post marker where E2 stands, with its facing.",
		`search: E2 searches towards Graam, who shot it: move 2" towards Graam.`,
		`search-see: E2 sees Graam: continue up to 3" towards Graam and engage it if you reach 1".`,
		"attack: E2 attacks Graam: 2 dice, hit on 4+.")
	if got := g.question("results").Text(g.w, Inches); got != "E2 — can it see Graam now?" {
		t.Errorf("RU-D39b search line %q", got)
	}
	// Cover die 2 instead: killed instantly → alert.
	g = newGame(t, 3)
	g.instant("E2", "H2", "E1")
	g.wantOrders(t, "RU-X7 kill", `alert: Leave a body marker where E2 fell. Turn E1 to face it. Its vision is 10" until the end of the next enemy turn.`)
	g.want(t, "RU-X7 kill", "E1 alert prior=posted until=1", "E2 dead")
}

func TestX9ExecutedInHandToHand(t *testing.T) {
	for _, offPost := range []bool{false, true} {
		g := newGame(t, 1)
		g.engage("H1", "E1")
		if offPost {
			e := g.e("E1")
			e.OffPost = true
			g.set(e)
		}
		g.hero("H1").HP = 2
		if a := Combat(g.w, g.s); len(a) != 1 || a[0].Order().Text(g.w, Inches) != "E1 attacks Naali: 2 dice, hit on 4+." {
			t.Errorf("RU-X9 attack %+v", a)
		}
		g.execute("H1")
		if offPost {
			g.want(t, "RU-X9 marker out", "E1 returning rate=20 marker")
			g.wantOrders(t, "RU-X9 marker out")
		} else {
			g.want(t, "RU-X9 at its post", "E1 posted")
			g.wantOrders(t, "RU-X9 at its post", "post-facing: Turn E1 back to its post facing.")
		}
		// OnHeroGone does the same for a hero that was not a captive.
		g2 := newGame(t, 1)
		g2.engage("H1", "E1")
		g2.hero("H1").Free = false
		g2.dropPairs(func(Pair) bool { return true })
		s, o := OnHeroGone(g2.w, g2.s, "H1")
		if s[0].Mode != Posted || len(o) != 1 || o[0].Template != "post-facing" {
			t.Errorf("RU-X9 OnHeroGone: %v %v", s, o)
		}
	}
}

func TestX10CaptureByRangedAttack(t *testing.T) {
	g := newGame(t, 0)
	g.add("E7", archer)
	g.w.Round = 4
	g.set(Enemy{ID: "E7", Mode: Engaging, Target: "H1", ShootRound: 4})
	if a := Combat(g.w, g.s); len(a) != 1 || !a[0].Ranged || a[0].Hero != "H1" {
		t.Fatalf("RU-X10: %+v", a)
	}
	g.capture("H1", true, "E7")
	g.want(t, "RU-X10 capture", "E7 guarding H1")
	g.end()
	g.enemyTurn(script{results: []string{"E7"}})
	g.wantLines(t, "RU-X10 round 5", "results", "E7 arrived-guard H1 default=no")
	g.wantOrders(t, "RU-X10 round 5",
		"post-marker: Leave a post marker where E7 stands, with its facing.",
		`guard-go: E7 guards Naali: move up to 5" towards Naali and stand in contact.`)
	g.want(t, "RU-X10 round 5", "E7 guarding H1 in marker")
	g.end()
	for range 2 { // rounds 6, 7: no move, no attack, ignores noise and sight
		if q := SightQuestion(g.w, g.s); !q.Empty() {
			t.Errorf("RU-X10: the guard is asked the sight question")
		}
		if q := NoiseQuestion(g.w, g.s, "E9"); !q.Empty() {
			t.Errorf("RU-X10: the guard is listed for noise")
		}
		g.enemyTurn(script{})
		g.wantOrders(t, "RU-X10 guard holds")
		g.end()
	}
	g.execute("H1") // boundary 7
	g.want(t, "RU-X10 boundary 7", "E7 returning rate=20 marker")
	g.wantOrders(t, "RU-X10 boundary 7")
}

func TestX11FreedAfterRangedCapture(t *testing.T) {
	g := newGame(t, 1)
	g.add("E7", archer)
	g.w.Round = 6
	g.set(Enemy{ID: "E7", Mode: Guarding, Target: "H1", GuardIn: true, OffPost: true})
	g.hero("H1").Free = false
	g.shot("E7", "H2", false)
	g.want(t, "RU-X11", "E7 dead", "E1 posted")
	g.wantLines(t, "RU-X11 group", "group", "E1 group E7 default=no")
	g.free("H1")
	g.enemyTurn(script{sight: map[string]string{"E1": "H1"}})
	g.want(t, "RU-X11", "E1 engaging H1 marker")
}

func TestX13CaptureAfterEngagedTurns(t *testing.T) {
	for _, naali := range []bool{false, true} {
		g := newGame(t, 0)
		g.add("E1", tough)
		g.engage("H3", "E1")
		for r := 1; r <= 5; r++ {
			g.enemyTurn(script{})
			g.wantOrders(t, "RU-X13 engaged", "attack: E1 attacks Tarok: 1 die, hit on 6+.")
			g.end()
		}
		g.w.Round = 5 // boundary 5
		g.capture("H3", false, "E1")
		g.want(t, "RU-X13 captured", "E1 guarding H3 in")
		g.w.Round = 8
		if naali {
			g.engage("H1", "E1")
			g.want(t, "RU-X13 Naali engages the guard", "E1 engaged H3 prior=guarding in")
			if a := Combat(g.w, g.s); len(a) != 1 || a[0].Hero != "H1" {
				t.Errorf("RU-X13: the engaged guard attacks %+v", a)
			}
		}
		g.execute("H3") // boundary 8
		if naali {
			g.want(t, "RU-X13 executed, guard engaged", "E1 engaged")
			g.wantOrders(t, "RU-X13 executed, guard engaged")
		} else {
			g.want(t, "RU-X13 executed", "E1 posted")
			g.wantOrders(t, "RU-X13 executed", "post-facing: Turn E1 back to its post facing.")
		}
	}
}
