package ruunara

import (
	"slices"
	"testing"
)

// One case per row of the §4.3 mode tables not already walked through by
// a worked example (examples_test.go), plus the RU-D48 priority rule.
func TestModeTransitions(t *testing.T) {
	for _, tc := range []struct {
		name   string
		start  []Enemy
		event  func(g *game)
		modes  []string
		orders []string
	}{
		{"Posted: a hero engages it → Engaged (§4.3 Posted)",
			[]Enemy{{ID: "E1"}},
			func(g *game) { g.engage("H1", "E1") },
			[]string{"E1 engaged"}, nil},
		{"Posted: sees a hero → Engaging, charges (RU-D32)",
			[]Enemy{{ID: "E1"}},
			func(g *game) { g.enemyTurn(script{sight: map[string]string{"E1": "H3"}}) },
			[]string{"E1 engaging H3 marker"},
			[]string{"post-marker: Leave a post marker where E1 stands, with its facing.", `engage: E1 charges Tarok: move up to 5" towards it and engage it if you reach 1".`}},
		{"Posted: sees nobody → no order card (RU-D47)",
			[]Enemy{{ID: "E1"}},
			func(g *game) { g.enemyTurn(script{}) },
			[]string{"E1 posted"}, nil},
		{"Investigating: sees a hero → Engaging, no 2\" step (RU-D35)",
			[]Enemy{{ID: "E1", Mode: Investigating, Site: "E9", OffPost: true}},
			func(g *game) {
				g.site(Site{ID: "E9"})
				g.enemyTurn(script{sight: map[string]string{"E1": "H1"}})
			},
			[]string{"E1 engaging H1 marker"},
			[]string{`engage: E1 charges Naali: move up to 5" towards it and engage it if you reach 1".`}},
		{"Investigating: group answer after a ranged attack → Rallying",
			[]Enemy{{ID: "E1", Mode: Investigating, Site: "E9", OffPost: true}, {ID: "E2"}},
			func(g *game) { g.shot("E2", "H2", true, "E1") },
			[]string{"E1 rallying E2 shooter=H2 marker", "E2 investigating @hero:H2"},
			[]string{"face-shooter: Turn E2 to face Graam, who shot it."}},
		{"Investigating: group answer after an instant kill → Alert, Prior Investigating, resumes",
			[]Enemy{{ID: "E1", Mode: Investigating, Site: "E9", OffPost: true}, {ID: "E2"}},
			func(g *game) {
				g.instant("E2", "H2", "E1")
				g.end()
			},
			[]string{"E1 investigating @E9 marker"}, nil},
		{"Investigating: its site is over → Returning(2\") and the return order (RU-D36)",
			[]Enemy{{ID: "E1", Mode: Investigating, Site: "E9", OffPost: true}},
			func(g *game) {
				g.site(Site{ID: "E9", Over: true})
				g.enemyTurn(script{})
			},
			[]string{"E1 returning rate=20 marker"},
			[]string{`return: E1 returns up to 2" towards its post marker; if it reaches it, stand it there with the marker's facing and remove the marker.`}},
		{"Investigating: a site missing from World.Sites is over",
			[]Enemy{{ID: "E1", Mode: Investigating, Site: "E9", OffPost: true}},
			func(g *game) { g.s, _ = StartMovement(g.w, g.s) },
			[]string{"E1 returning rate=20 marker"}, nil},
		{"Investigating: a search never stepped, over → Posted at once with post-facing (RU-D37)",
			[]Enemy{{ID: "E1", Mode: Investigating, Site: "hero:H2"}},
			func(g *game) {
				g.enemyTurn(script{})
			},
			[]string{"E1 posted"},
			[]string{"post-facing: Turn E1 back to its post facing."}},
		{"Returning: sees a hero → Engaging",
			[]Enemy{{ID: "E1", Mode: Returning, Rate: 20, OffPost: true}},
			func(g *game) { g.enemyTurn(script{sight: map[string]string{"E1": "H2"}}) },
			[]string{"E1 engaging H2 marker"},
			[]string{`engage: E1 charges Graam: move up to 5" towards it and engage it if you reach 1".`}},
		{"Returning: listed in a noise answer → Investigating (RU-D34d)",
			[]Enemy{{ID: "E1", Mode: Returning, Rate: 50, Prior: Pursuing, OffPost: true}},
			func(g *game) { g.noise("E9", "E1") },
			[]string{"E1 investigating @E9 marker"}, nil},
		{"Returning: group answer → Rallying",
			[]Enemy{{ID: "E1", Mode: Returning, Rate: 20, OffPost: true}, {ID: "E2"}},
			func(g *game) { g.shot("E2", "H1", true, "E1") },
			[]string{"E1 rallying E2 shooter=H1 marker"},
			[]string{"face-shooter: Turn E2 to face Naali, who shot it."}},
		{"Rallying: sees a hero → Engaging",
			[]Enemy{{ID: "E1", Mode: Rallying, Target: "E2", Shooter: "H2", OffPost: true}, {ID: "E2"}},
			func(g *game) { g.enemyTurn(script{sight: map[string]string{"E1": "H2"}}) },
			[]string{"E1 engaging H2 marker"},
			[]string{`engage: E1 charges Graam: move up to 5" towards it and engage it if you reach 1".`}},
		{"Rallying: holding, sees nobody → no order; end of the turn → Returning(2\")",
			[]Enemy{{ID: "E1", Mode: Rallying, Target: "E2", HoldRound: 1, OffPost: true}, {ID: "E2"}},
			func(g *game) {
				g.enemyTurn(script{})
				g.wantOrders(g.t.(*testing.T), "holding")
				g.end()
			},
			[]string{"E1 returning rate=20 marker"}, nil},
		{"Rallying: its ally dies → rallies to where it fell (RU-D39a)",
			[]Enemy{{ID: "E1", Mode: Rallying, Target: "E2", OffPost: true}, {ID: "E2"}},
			func(g *game) {
				g.kill("E2")
				g.enemyTurn(script{})
			},
			[]string{"E1 rallying E2 body marker"},
			[]string{`rally-body: E1 rallies to where E2 fell (leave a body marker there if there is none yet): move up to 5" towards it.`}},
		{"Rallying: instant kill → Alert, Prior Rallying; at the end it rallies on",
			[]Enemy{{ID: "E1", Mode: Rallying, Target: "E3", OffPost: true}, {ID: "E2"}, {ID: "E3"}},
			func(g *game) {
				g.instant("E2", "H2", "E1")
				g.enemyTurn(script{})
				g.wantOrders(g.t.(*testing.T), "alert: no move")
				g.end()
			},
			[]string{"E1 rallying E3 marker"}, nil},
		{"Engaging: its hero captured by another → Returning(2\") at once (RU-D43)",
			[]Enemy{{ID: "E1", Mode: Engaging, Target: "H1", OffPost: true}, {ID: "E2", Mode: Engaged}},
			func(g *game) {
				g.w.Pairs = []Pair{{Hero: "H1", Enemy: "E2"}}
				g.capture("H1", false, "E2")
			},
			[]string{"E1 returning rate=20 marker", "E2 guarding H1 in"}, nil},
		{"Engaging: a shooter at its post whose hero is gone → Posted with post-facing",
			[]Enemy{{ID: "E1", Mode: Engaging, Target: "H1"}},
			func(g *game) {
				g.hero("H1").Free = false
				var o []Order
				g.s, o = OnHeroGone(g.w, g.s, "H1")
				g.orders("gone", o)
			},
			[]string{"E1 posted"}, []string{"post-facing: Turn E1 back to its post facing."}},
		{"Engaging: a hero engages it → Engaged",
			[]Enemy{{ID: "E1", Mode: Engaging, Target: "H1", OffPost: true}},
			func(g *game) { g.engage("H2", "E1") },
			[]string{"E1 engaged marker"}, nil},
		{"Engaged: melee capture → Guarding(H), GuardIn",
			[]Enemy{{ID: "E1", Mode: Engaged}},
			func(g *game) {
				g.w.Pairs = []Pair{{Hero: "H3", Enemy: "E1"}}
				g.capture("H3", false, "E1")
			},
			[]string{"E1 guarding H3 in"}, nil},
		{"Engaged: captor still engaged with another hero fights on and guards",
			[]Enemy{{ID: "E1", Mode: Engaged}},
			func(g *game) {
				g.w.Pairs = []Pair{{Hero: "H3", Enemy: "E1"}, {Hero: "H1", Enemy: "E1"}}
				g.capture("H3", false, "E1")
				g.kill("E9")
				g.dropPairs(func(p Pair) bool { return p.Hero == "H1" }) // Naali flees
				var o []Order
				g.s, o = OnFlee(g.w, g.s, "H1")
				g.orders("flee", o)
			},
			[]string{"E1 guarding H3 in"}, nil},
		{"Pursuing: its hero captured → Returning(5\") at once, give-up first (RU-D42)",
			[]Enemy{{ID: "E1", Mode: Pursuing, Target: "H2", TurnsLeft: 1, OffPost: true}, {ID: "E7", Mode: Engaging, Target: "H2", OffPost: true}},
			func(g *game) {
				g.capture("H2", true, "E7")
				g.enemyTurn(script{})
			},
			[]string{"E1 returning rate=50 marker", "E7 guarding H2 marker"},
			[]string{`give-up: E1 gives up: return up to 5" towards its post marker.`, `guard-go: E7 guards Graam: move up to 5" towards Graam and stand in contact.`}},
		{"Guarding: ignores noise, group and sight (RU-D27)",
			[]Enemy{{ID: "E1", Mode: Guarding, Target: "H1", GuardIn: true}, {ID: "E2"}},
			func(g *game) {
				g.hero("H1").Free = false
				g.noise("E2", "E1")
				g.shot("E2", "H2", true, "E1")
				g.instant("E2", "H2", "E1")
			},
			[]string{"E1 guarding H1 in"}, nil},
		{"Guarding: a hero engages it → Engaged, still guarding; the hero flees → Guarding",
			[]Enemy{{ID: "E1", Mode: Guarding, Target: "H1", GuardIn: true}},
			func(g *game) {
				g.hero("H1").Free = false
				g.engage("H2", "E1")
				g.want(g.t.(*testing.T), "engaged guard", "E1 engaged H1 prior=guarding in")
				g.flee("H2")
			},
			[]string{"E1 guarding H1 in"}, nil},
		{"Guarding: killed → Dead",
			[]Enemy{{ID: "E1", Mode: Guarding, Target: "H1", GuardIn: true}},
			func(g *game) { g.kill("E1") },
			[]string{"E1 dead"}, nil},
		{"Priority (RU-D48): a group answer does not move an Engaging enemy; noise does not move an investigator",
			[]Enemy{{ID: "E1", Mode: Engaging, Target: "H1", OffPost: true}, {ID: "E2", Mode: Investigating, Site: "E5", OffPost: true}, {ID: "E3"}},
			func(g *game) {
				q := Question{Kind: "group", Subject: "E3", Lines: []Line{{Unit: "E1", Kind: "group", Answer: "yes"}, {Unit: "E2", Kind: "group", Answer: "yes"}}}
				g.s, _ = OnGroupAnswer(g.w, g.s, GroupEvent{X: "E3", Shooter: "H2"}, q)
				n := Question{Kind: "noise", Lines: []Line{{Unit: "E1", Kind: "noise", Answer: "yes"}, {Unit: "E2", Kind: "noise", Answer: "yes"}}}
				g.s, _ = OnNoiseAnswer(g.w, g.s, "E9", n)
			},
			[]string{"E1 engaging H1 marker", "E2 rallying E3 shooter=H2 marker"}, nil},
		{"Shot while Engaging: no face-shooter (RU-D48)",
			[]Enemy{{ID: "E1", Mode: Engaging, Target: "H1", OffPost: true}},
			func(g *game) { g.shot("E1", "H2", true) },
			[]string{"E1 engaging H1 marker"}, nil},
		{"A ranged investigator sees its fight: close-in for the rest (RU-D44)",
			[]Enemy{{ID: "E1", Mode: Engaged}, {ID: "E7", Mode: Investigating, Site: "E1", OffPost: true}},
			func(g *game) {
				g.w.Stats["E7"] = archer
				g.w.Pairs = []Pair{{Hero: "H3", Enemy: "E1"}}
				g.site(Site{ID: "E1", Enemies: []string{"E1"}, Heroes: []string{"H3"}, LastAttackRound: 1})
				g.enemyTurn(script{results: []string{"E7"}, results2: []string{"E7"}})
				g.wantLines(g.t.(*testing.T), "second results", "results", "E7 vantage E1 default=no")
				if q := g.nth("results", 1); len(q.Lines) != 1 || q.Lines[0].Kind != "range" {
					g.t.Errorf("second results %v", lines(q))
				}
			},
			[]string{"E7 engaging H3 marker"},
			[]string{`investigate: E7 heard the fight at E1: move 2" towards it.`,
				`close-in: E7 closes in on Tarok: move up to 3" towards it, stopping as soon as Tarok is within 8".`,
				"attack: E1 attacks Tarok: 2 dice, hit on 4+.", "shoot: E7 shoots Tarok: 2 dice, hit on 4+."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, 0)
			for _, e := range tc.start {
				g.w.Stats[e.ID] = saarok
				g.s = append(g.s, e)
			}
			g.last = nil
			tc.event(g)
			g.want(t, tc.name, tc.modes...)
			if !slices.Equal(g.last, tc.orders) {
				t.Errorf("orders\n  %q\nwant\n  %q", g.last, tc.orders)
			}
		})
	}
}

func TestModeNames(t *testing.T) {
	for m := Posted; m <= Dead; m++ {
		if back, ok := ParseMode(" " + m.String() + " "); !ok || back != m {
			t.Errorf("ParseMode(%q) = %v, %v", m.String(), back, ok)
		}
	}
	if _, ok := ParseMode("asleep"); ok {
		t.Error("ParseMode accepted asleep")
	}
	if Dead.String() != "dead" || Posted.String() != "posted" || Mode(10).String() != "mode(10)" || Mode(10).Valid() {
		t.Error("mode names")
	}
	// RU-D48: the constants are in priority order.
	order := []Mode{Posted, Returning, Investigating, Rallying, Alert, Pursuing, Engaging, Guarding, Engaged, Dead}
	for i := 1; i < len(order); i++ {
		if order[i] <= order[i-1] {
			t.Errorf("%v not above %v", order[i], order[i-1])
		}
	}
}

func TestIDOrder(t *testing.T) {
	ids := []string{"E10", "E2", "E1", "H1", "E", "E02"}
	slices.SortFunc(ids, idCompare)
	if want := []string{"E", "E1", "E02", "E2", "E10", "H1"}; !slices.Equal(ids, want) {
		t.Errorf("sorted %v, want %v", ids, want)
	}
}
