package ruunara

import "testing"

// RU-D1, RU-X35: the two units and the formatting of ticks.
func TestUnitsAndFormat(t *testing.T) {
	for in, want := range map[string]Unit{"in": Inches, " Inches ": Inches, `"`: Inches, "cm": Centimetres, "Centimeters": Centimetres} {
		if got, ok := ParseUnit(in); !ok || got != want {
			t.Errorf("ParseUnit(%q) = %q, %v", in, got, ok)
		}
	}
	if _, ok := ParseUnit("mm"); ok {
		t.Error("ParseUnit accepted mm")
	}
	for _, tc := range []struct {
		t      Ticks
		in, cm string
	}{{80, `8"`, "20 cm"}, {50, `5"`, "12.5 cm"}, {100, `10"`, "25 cm"}, {52, `5.2"`, "13 cm"}, {15, `1.5"`, "3.75 cm"}, {0, `0"`, "0 cm"}, {-10, `-1"`, "-2.5 cm"}} {
		if got := Format(tc.t, Inches); got != tc.in {
			t.Errorf("Format(%d, in) = %q, want %q", tc.t, got, tc.in)
		}
		if got := Format(tc.t, Centimetres); got != tc.cm {
			t.Errorf("Format(%d, cm) = %q, want %q", tc.t, got, tc.cm)
		}
	}
}

// StartMovement tidies what the engine may not have reported (RU-D42,
// RU-D43, RU-D49).
func TestStartMovementTidies(t *testing.T) {
	g := newGame(t, 5)
	g.hero("H1").Free = false
	g.set(Enemy{ID: "E1", Mode: Engaging, Target: "H1", OffPost: true})
	g.set(Enemy{ID: "E2", Mode: Pursuing, Target: "H1", TurnsLeft: 2, OffPost: true})
	g.set(Enemy{ID: "E3", Mode: Engaged})
	g.set(Enemy{ID: "E4", Mode: Engaged, Prior: Guarding, Target: "H1", GuardIn: true})
	g.set(Enemy{ID: "E5", Mode: Investigating, Site: "hero:H1", OffPost: true})
	g.w.Sites = []Site{{ID: "hero:H1"}}
	var o []Order
	g.s, o = StartMovement(g.w, g.s)
	g.orders("start", o)
	g.want(t, "StartMovement", "E1 returning rate=20 marker", "E2 returning prior=pursuing rate=50 marker", "E3 posted", "E4 guarding H1 in", "E5 returning rate=20 marker")
	g.wantOrders(t, "StartMovement", "post-facing: Turn E3 back to its post facing.")
}

// RU-D18: a card range above the vision (alert included) needs no
// in-range question; Rule texts for every kind.
func TestRangeAndRules(t *testing.T) {
	long := archer
	long.Vision, long.Range = 60, 120
	if long.FiringRange() != 120 || archer.FiringRange() != 80 {
		t.Error("FiringRange")
	}
	g := newGame(t, 1)
	g.add("E7", long)
	g.instant("E1", "H2", "E7")
	g.enemyTurn(script{sight: map[string]string{"E7": "H2"}})
	if q := g.question("in-range"); !q.Empty() {
		t.Errorf("in-range asked with 10\" vision and a 12\" range: %v", lines(q))
	}
	g.wantOrders(t, "long range", "shoot: E7 shoots Graam: 2 dice, hit on 4+.")
	for _, k := range []string{"sight", "in-range", "results", "nearest", "noise", "group"} {
		if (Question{Kind: k}).Rule(Inches) == "" {
			t.Errorf("no rule for %s", k)
		}
	}
	if (Question{Kind: "cover"}).Rule(Inches) != "" {
		t.Error("a rule for the engine's cover question")
	}
}
