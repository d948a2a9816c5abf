package card

import (
	"reflect"
	"testing"
)

// TestFixture: games/ruunara/testdata/cards.json holds exactly the §5 test
// cards, with the values of the §5 table.
func TestFixture(t *testing.T) {
	cs, err := DecodeRecords(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range cs {
		ids = append(ids, c.ID)
	}
	want := []string{"naali", "naali-plain", "graam", "tarok", "ember-caster", "small", "saarok", "saarok-tough", "saarok-archer", "saarok-crawler"}
	if !reflect.DeepEqual(ids, want) {
		t.Fatalf("fixture ids = %v, want %v", ids, want)
	}
	fx := fixtureCards(t)
	dice := func(d *Dice) string {
		if d == nil {
			return "–"
		}
		return d.String()
	}
	for _, tc := range []struct {
		id, faction, race string
		hp                int
		move, vision      int
		close, ranged     string
		abilities         int
	}{
		{"naali", Ally, "sanbari", 10, 50, 60, "3D3+", "–", 1},
		{"naali-plain", Ally, "sanbari", 10, 50, 60, "3D3+", "–", 0},
		{"graam", Ally, "sanbari", 8, 50, 100, "2D4+", "2D4+", 2},
		{"tarok", Ally, "ardann", 12, 40, 60, "4D4+", "–", 1},
		{"ember-caster", Ally, "kangara", 6, 50, 80, "1D4+", "1D4+", 1},
		{"small", Ally, "sanbari", 5, 50, 60, "2D4+", "2D4+", 0},
		{"saarok", Enemy, "", 3, 50, 60, "2D4+", "–", 0},
		{"saarok-tough", Enemy, "", 20, 50, 60, "1D6+", "–", 0},
		{"saarok-archer", Enemy, "", 2, 50, 80, "1D5+", "2D4+", 0},
		{"saarok-crawler", Enemy, "", 3, 15, 60, "2D4+", "–", 0},
	} {
		c := fx[tc.id]
		if c.Faction != tc.faction || c.Race != tc.race || c.HP != tc.hp || int(c.Move) != tc.move || int(c.Vision) != tc.vision ||
			dice(c.Close) != tc.close || dice(c.Ranged) != tc.ranged || len(c.Abilities) != tc.abilities || c.Range != 0 {
			t.Errorf("%s = %+v, want %+v", tc.id, c, tc)
		}
	}
	for _, tc := range []struct {
		card, id string
		want     Ability
	}{
		{"naali", "hard-like-steel", Ability{ID: "hard-like-steel", Name: "Hard like Steel", Kind: Spell, Cycle: Cycle{Per: PerConstant},
			Phase: []string{"combat"}, Target: "single", Reach: "melee", Effect: Effect{Type: EffectOnDie, Min: 5, Then: EffectInstantKill}}},
		{"graam", "between-the-eyes", Ability{ID: "between-the-eyes", Name: "Between the Eyes", Kind: Skill, Cycle: Cycle{PerGame, 1}, Trigger: 4,
			Phase: []string{"tactical"}, Target: "single", Reach: "ranged", Effect: Effect{Type: EffectInstantKill}}},
		{"graam", "vanish", Ability{ID: "vanish", Name: "Vanish", Kind: Skill, Cycle: Cycle{PerFight, 1},
			Phase: []string{"movement"}, Target: "self", Effect: Effect{Type: EffectFlee}}},
		{"tarok", "war-cry", Ability{ID: "war-cry", Name: "War Cry", Kind: Skill, Cycle: Cycle{PerFight, 1},
			Phase: []string{"tactical"}, Target: "none", Effect: Effect{Type: EffectText}}},
		{"ember-caster", "ember", Ability{ID: "ember", Name: "Ember", Kind: Spell, Cycle: Cycle{PerTurn, 1},
			Phase: []string{"tactical", "combat"}, Target: "single", Reach: "ranged", Effect: Effect{Type: EffectAttack, Dice: &Dice{1, 3}}}},
	} {
		a, ok := fx[tc.card].Ability(tc.id)
		a.Text, a.Source = "", ""
		if !ok || !reflect.DeepEqual(a, tc.want) {
			t.Errorf("%s's %s = %+v, want %+v", tc.card, tc.id, a, tc.want)
		}
	}
	labels := map[string]string{"hard-like-steel": "constant", "between-the-eyes": "1/G", "vanish": "1/F", "war-cry": "1/F", "ember": "1/T"}
	for _, c := range cs {
		for _, a := range c.Abilities {
			if got := a.CycleLabel(); got != labels[a.ID] {
				t.Errorf("%s: CycleLabel = %q, want %q", a.ID, got, labels[a.ID])
			}
		}
		if w := Warnings(c); len(w) != 0 {
			t.Errorf("%s: unexpected warnings %q", c.ID, w)
		}
	}
	if fx["graam"].ReachRange() != 100 || !fx["graam"].HasRanged() || fx["naali"].HasRanged() || !fx["naali"].HasClose() {
		t.Errorf("graam reach %d; HasRanged/HasClose wrong", fx["graam"].ReachRange())
	}
}
