package card

import (
	"reflect"
	"testing"
)

// TestStarterCardsAreComplete: every shipped card can be fielded once
// completed (docs/ruunara.md, RU-W5), the rulebook's own values are kept,
// and each estimated value is named on the card.
func TestStarterCardsAreComplete(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	as := map[string]string{Ally: AsHero, Enemy: AsEnemy, Neutral: AsNeutral}
	cards := Starter(d.Cards)
	if len(cards) != len(d.Cards) {
		t.Fatalf("%d starter cards for %d shipped", len(cards), len(d.Cards))
	}
	byID := map[string]Card{}
	for _, c := range cards {
		byID[c.ID] = c
		if err := CheckField(c, as[c.Faction]); err != nil {
			t.Errorf("%s cannot be fielded: %v", c.Name, err)
		}
		if err := c.Validate(); err != nil {
			t.Errorf("%s: %v", c.Name, err)
		}
	}
	for _, tc := range []struct {
		id        string
		close     string
		ranged    string
		hp        int
		estimated []string
	}{
		{"naali", "3D3+", "", 10, []string{"race", "hit points", "movement", "vision"}},
		{"graam", "2D4+", "2D4+", 8, []string{"race", "hit points", "movement", "vision", "close combat", "ranged attack",
			"how often Between the Eyes is used", "the reach of Between the Eyes"}},
		{"saarok-warrior", "2D4+", "", 3, []string{"hit points", "movement", "vision", "close combat"}},
	} {
		c, ok := byID[tc.id]
		if !ok {
			t.Errorf("no starter card %s", tc.id)
			continue
		}
		dice := func(d *Dice) string {
			if d == nil {
				return ""
			}
			return d.String()
		}
		if dice(c.Close) != tc.close || dice(c.Ranged) != tc.ranged || c.HP != tc.hp {
			t.Errorf("%s: close %q ranged %q hp %d, want %q %q %d", tc.id, dice(c.Close), dice(c.Ranged), c.HP, tc.close, tc.ranged, tc.hp)
		}
		if !reflect.DeepEqual(c.Estimated, tc.estimated) {
			t.Errorf("%s: estimated %q, want %q", tc.id, c.Estimated, tc.estimated)
		}
	}
	// the book's values: Hard like Steel kills on 5+, Between the Eyes
	// kills instantly
	if a, _ := byID["naali"].Ability("hard-like-steel"); a.Effect.Type != EffectOnDie || a.Effect.Min != 5 {
		t.Errorf("Hard like Steel: %+v", a.Effect)
	}
	if a, _ := byID["graam"].Ability("between-the-eyes"); a.Effect.Type != EffectInstantKill || a.Cycle.Per != PerGame || a.Trigger != 0 {
		t.Errorf("Between the Eyes: %+v", a)
	}
	// Starter does not change the shipped records
	for _, c := range d.Cards {
		if len(c.Estimated) > 0 {
			t.Errorf("shipped %s carries estimates %q", c.ID, c.Estimated)
		}
	}
}

// TestStarterKeepsGivenValues: an estimate fills only what is not given;
// a card with no estimate is returned as it is.
func TestStarterKeepsGivenValues(t *testing.T) {
	given := Card{ID: "naali", Name: "Naali", Faction: Ally, Race: "sanbari", HP: 12, Close: &Dice{N: 3, Hit: 3}}
	got := Starter([]Card{given})[0]
	if got.Race != "sanbari" || got.HP != 12 || got.Move != 50 || got.Vision != 80 {
		t.Errorf("completed %+v", got)
	}
	if want := []string{"movement", "vision"}; !reflect.DeepEqual(got.Estimated, want) {
		t.Errorf("estimated %q, want %q", got.Estimated, want)
	}
	other := Card{ID: "kesh", Name: "Kesh", Faction: Ally}
	if got := Starter([]Card{other})[0]; !reflect.DeepEqual(got, other) {
		t.Errorf("a card without estimates changed: %+v", got)
	}
}
