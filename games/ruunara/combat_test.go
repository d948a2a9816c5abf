package ruunara

import (
	"strings"
	"testing"

	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// RU-X2: splitting melee dice (RU-F52, RU-F53, RU-D20).
func TestX2SplittingMeleeDice(t *testing.T) {
	for _, tc := range []struct {
		assign string
		e1, e2 int
	}{
		{"1:E1,2:E2", 2, 2},
		{"1:E1,2:E1", 1, 3},
	} {
		g := solo(t, []string{"naali-plain"}, "saarok", "saarok")
		g.to(PhaseMovement)
		g.do("p1", "engage", "hero=H1", "enemies=E1,E2")
		g.to(PhaseCombat)
		g.do("p1", "attack", "hero=H1", "kind=melee")
		if p := g.st().Prompt; p == nil || p.Purpose != "3 dice, Naali close combat, hit on 3+" {
			t.Fatalf("prompt %+v", p)
		}
		g.do("p1", "roll", "values=3,5,2")
		if p := g.st().Prompt; p == nil || p.Kind != PromptAssign || !strings.Contains(p.Purpose, "give each of the 2 hits to E1 or E2") {
			t.Fatalf("assign prompt %+v", p)
		}
		g.refuse("die 3 (a 2) did not hit", "p1", "assign", "dice=3:E1,1:E2")
		g.do("p1", "assign", "dice="+tc.assign)
		if g.hp("E1") != tc.e1 || g.hp("E2") != tc.e2 {
			t.Errorf("%s: E1 %d E2 %d, want %d %d", tc.assign, g.hp("E1"), g.hp("E2"), tc.e1, tc.e2)
		}
	}
}

// RU-X3: the rulebook's example, Hard like Steel (RU-F72, RU-D41).
func TestX3HardLikeSteel(t *testing.T) {
	g := solo(t, []string{"naali"}, "saarok", "saarok", "saarok")
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H1", "enemies=E1,E2")
	g.to(PhaseCombat)
	g.do("p1", "attack", "hero=H1", "kind=melee")
	g.do("p1", "roll", "values=3,5,2")
	g.do("p1", "assign", "dice=1:E2,2:E1")
	if e := g.st().enemy("E1"); e.AI.Mode != rn.Dead || !e.Body {
		t.Errorf("E1 %v body %v, want killed instantly", e.AI.Mode, e.Body)
	}
	if g.hp("E2") != 2 {
		t.Errorf("E2 %d HP, want 2", g.hp("E2"))
	}
	// the group question for E1 lists E3 (E2 is engaged)
	p := g.st().Prompt
	if p == nil || p.QKind != "group" {
		t.Fatalf("want the group question, got %+v", p)
	}
	if len(p.Q.Lines) != 1 || p.Q.Lines[0].Unit != "E3" {
		t.Errorf("group lines %+v, want E3 only", p.Q.Lines)
	}
	g.do("p1", "answer", "q="+p.QID, "value=no")
	// the site keeps its name after E1's death (RU-D34b)
	if len(g.st().Sites) != 1 || g.st().Sites[0].ID != "E1" {
		t.Errorf("sites %+v, want one named E1", g.st().Sites)
	}
	// end of the combat phase: noise for site E1
	g.do("p1", "end-phase")
	p = g.st().Prompt
	if p == nil || p.QKind != "noise" {
		t.Fatalf("want the noise question, got %+v", p)
	}
	if !strings.Contains(g.view("p1").Prompt.Text, "E1") {
		t.Errorf("noise question %q does not name the fight at E1", g.view("p1").Prompt.Text)
	}
}

// RU-X4: dice on a dead enemy (RU-D20).
func TestX4DiceOnADeadEnemy(t *testing.T) {
	g := solo(t, []string{"naali-plain"}, "saarok", "saarok")
	g.do("p1", "adjust", "unit=E1", "hp=1")
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H1", "enemies=E1,E2")
	g.to(PhaseCombat)
	g.do("p1", "attack", "hero=H1", "kind=melee")
	g.do("p1", "roll", "values=4,4,1")
	g.refuse("E1 is already dead: assign this die to E2", "p1", "assign", "dice=1:E1,2:E1")
	g.do("p1", "assign", "dice=1:E1,2:E2")
	if e := g.st().enemy("E1"); e.AI.Mode != rn.Dead || e.Body {
		t.Errorf("E1 %v body %v, want dead, not instantly", e.AI.Mode, e.Body)
	}
	if g.hp("E2") != 2 {
		t.Errorf("E2 %d, want 2", g.hp("E2"))
	}
}

// RU-X5, RU-X6: a ranged attack with cover (RU-F42, RU-D22).
func TestX5X6RangedWithCover(t *testing.T) {
	for _, tc := range []struct {
		name        string
		roll, cover string
		coverDice   string
		want        int
		coverAsked  bool
	}{
		{"one cancelled", "6,4", "yes", "3,1", 2, true},
		{"none cancelled", "6,4", "yes", "2,2", 1, true},
		{"no cover", "6,4", "no", "", 1, true},
		{"no successes", "3,1", "", "", 3, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := solo(t, []string{"naali", "graam"}, "saarok", "saarok", "saarok")
			g.to(PhaseCombat)
			g.do("p1", "attack", "hero=H2", "kind=ranged", "target=E3")
			if p := g.st().Prompt; p.N != 2 || p.Hit != 4 {
				t.Fatalf("prompt %d dice %d+, want 2 dice 4+", p.N, p.Hit)
			}
			g.do("p1", "roll", "values="+tc.roll)
			p := g.st().Prompt
			if asked := p != nil && p.QKind == "cover"; asked != tc.coverAsked {
				t.Fatalf("cover asked %v, want %v (%+v)", asked, tc.coverAsked, p)
			}
			if tc.coverAsked {
				g.do("p1", "answer", "q="+p.QID, "value="+tc.cover)
				if tc.coverDice != "" {
					if p := g.st().Prompt; p == nil || p.N != 2 || p.Kind != PromptDice {
						t.Fatalf("want 2 cover dice, got %+v", p)
					}
					g.do("p1", "roll", "values="+tc.coverDice)
				}
			}
			if g.hp("E3") != tc.want {
				t.Errorf("E3 %d HP, want %d", g.hp("E3"), tc.want)
			}
			// the attack counts for the fight and the noise (RU-D11, RU-D33)
			if !g.st().enemy("E3").Fight.In || !contains(g.st().PhaseSites, "E3") {
				t.Errorf("E3 fight %v, phase sites %v", g.st().enemy("E3").Fight, g.st().PhaseSites)
			}
		})
	}
}

// RU-X7: cover against an instant kill (RU-D12, RU-D22, RU-D61).
func TestX7CoverAgainstInstantKill(t *testing.T) {
	for _, tc := range []struct {
		cover string
		dead  bool
	}{{"4", false}, {"2", true}} {
		g := solo(t, []string{"naali", "graam"}, "saarok", "saarok", "saarok")
		g.do("p1", "use", "hero=H2", "ability=between-the-eyes", "target=E2")
		v := g.view("p1")
		if a := v.Heroes[1].Abilities[0]; a.Left != 0 {
			t.Errorf("Between the Eyes %d left, want 0", a.Left)
		}
		if p := g.st().Prompt; p.N != 1 || p.Hit != 4 {
			t.Fatalf("trigger prompt %+v", p)
		}
		g.do("p1", "roll", "values=5")
		p := g.st().Prompt
		if p == nil || p.QKind != "cover" {
			t.Fatalf("want cover question, got %+v", p)
		}
		g.do("p1", "answer", "q="+p.QID, "value=yes")
		g.do("p1", "roll", "values="+tc.cover)
		e2 := g.st().enemy("E2")
		if (e2.AI.Mode == rn.Dead) != tc.dead {
			t.Fatalf("cover %s: E2 %v", tc.cover, e2.AI.Mode)
		}
		if !tc.dead {
			if e2.AI.Mode != rn.Investigating || e2.AI.Site != "hero:H2" {
				t.Errorf("E2 %v site %q, want investigating hero:H2", e2.AI.Mode, e2.AI.Site)
			}
			found := false
			for _, o := range g.view("p1").Orders {
				if o.Text == "Turn E2 to face Graam, who shot it." {
					found = true
				}
			}
			if !found {
				t.Errorf("orders %+v lack the face-shooter order", g.view("p1").Orders)
			}
		} else if !e2.Body {
			t.Error("E2 killed, not instantly")
		}
		if p := g.st().Prompt; p == nil || p.QKind != "group" {
			t.Errorf("want a group question for E2, got %+v", p)
		}
	}
}

// RU-X8: an engaged hero cannot shoot (RU-F67, RU-D19).
func TestX8EngagedCannotShoot(t *testing.T) {
	g := solo(t, []string{"naali", "graam"}, "saarok", "saarok", "saarok", "saarok")
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H2", "enemies=E1")
	g.to(PhaseCombat)
	g.refuse("Graam is engaged in close combat and cannot shoot: attack in close combat instead", "p1", "attack", "hero=H2", "kind=ranged", "target=E4")
	g.refuse("Naali has no ranged attack", "p1", "attack", "hero=H1", "kind=ranged", "target=E4")
	g.refuse("Naali is not engaged (no enemy within 1\")", "p1", "attack", "hero=H1", "kind=melee")
	g.do("p1", "attack", "hero=H2", "kind=melee")
	if p := g.st().Prompt; p.N != 2 || p.Hit != 4 {
		t.Errorf("prompt %+v, want 2D4+", p)
	}
}

// RU-X37: phase order refusals (RU-D63).
func TestX37PhaseOrder(t *testing.T) {
	g := solo(t, []string{"naali", "graam", "tarok", "ember-caster"}, "saarok")
	g.refuse("Vanish is used in the movement phase (this is the tactical phase)", "p1", "flee", "hero=H2", "ability=vanish")
	g.to(PhaseMovement)
	g.refuse("attacks are made in the combat phase (this is the movement phase)", "p1", "attack", "hero=H3", "kind=melee")
	g.refuse("War Cry is used in the tactical phase (this is the movement phase)", "p1", "use", "hero=H3", "ability=war-cry")
	g.refuse("Ember is used in the tactical or combat phase (this is the movement phase)", "p1", "use", "hero=H4", "ability=ember", "target=E1")
	g.to(PhaseCombat)
	g.refuse("engagements are declared in the movement phase (this is the combat phase)", "p1", "engage", "hero=H1", "enemies=E1")
}
