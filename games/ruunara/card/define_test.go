package card

import (
	"reflect"
	"strings"
	"testing"

	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// TestCardTypedByCommand is RU-X47 (RU-D59).
func TestCardTypedByCommand(t *testing.T) {
	c, err := DefineFields(nil, map[string]string{
		"id": "crawler", "name": "Crawler", "faction": "enemy", "hp": "3",
		"move": "1.5in", "vision": "6in", "close": "2D4+",
	}, rn.Inches)
	if err != nil {
		t.Fatal(err)
	}
	want := Card{ID: "crawler", Name: "Crawler", Faction: Enemy, HP: 3, Move: 15, Vision: 60,
		Close: &Dice{2, 4}, Source: NewCardSource, Custom: true}
	if !reflect.DeepEqual(c, want) {
		t.Fatalf("define-card crawler = %+v, want %+v", c, want)
	}
	if err := CheckField(c, AsEnemy); err != nil {
		t.Errorf("the typed crawler cannot be fielded: %v", err)
	}
	lurk, err := DefineAbility(map[string]string{
		"card": "crawler", "id": "lurk", "name": "Lurk", "kind": "skill", "origin": "unit",
		"cycle": "1/G", "trigger": "4", "target": "none", "effect": "text", "text": "Hides.",
	})
	if err != nil {
		t.Fatal(err)
	}
	wantLurk := Ability{ID: "lurk", Name: "Lurk", Kind: Skill, Origin: "unit", Cycle: Cycle{PerGame, 1}, Trigger: 4,
		Phase: []string{PhaseTactical}, Target: "none", Effect: Effect{Type: EffectText}, Text: "Hides."}
	if !reflect.DeepEqual(lurk, wantLurk) {
		t.Fatalf("define-ability lurk = %+v, want %+v", lurk, wantLurk)
	}
	c = WithAbility(c, lurk)
	_, err = DefineAbility(map[string]string{"id": "lurk", "kind": "skill", "cycle": "3/X", "target": "none", "effect": "text"})
	if err == nil || !strings.Contains(err.Error(), "cycle must look like 1/F, 2/G, 1/T or constant") {
		t.Errorf("cycle=3/X: error = %v", err)
	}
	c2, err := DefineFields(&c, map[string]string{"id": "crawler", "hp": "4"}, rn.Inches)
	if err != nil {
		t.Fatal(err)
	}
	if c2.HP != 4 || len(c2.Abilities) != 1 || c2.Abilities[0].ID != "lurk" || c2.Move != 15 {
		t.Errorf("define-card crawler hp=4 = %+v: want HP 4, Lurk kept", c2)
	}
	if c.HP != 3 {
		t.Errorf("DefineFields changed its base: HP %d", c.HP)
	}
	// remove-ability (§6.2).
	c3, err := WithoutAbility(c2, "lurk")
	if err != nil || len(c3.Abilities) != 0 || len(c2.Abilities) != 1 {
		t.Errorf("WithoutAbility(lurk) = %+v, %v (base now %d abilities)", c3, err, len(c2.Abilities))
	}
	if _, err := WithoutAbility(c3, "lurk"); err == nil || err.Error() != "Crawler has no ability named lurk" {
		t.Errorf("WithoutAbility twice: error = %v", err)
	}
}

// TestDefineFields: values, none, units and the refusals of §6.2.
func TestDefineFields(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	naali, _ := d.Card("naali")
	graam, _ := d.Card("graam")
	for _, tc := range []struct {
		name    string
		base    *Card
		fields  map[string]string
		u       rn.Unit
		check   func(Card) bool
		wantErr string
	}{
		{name: "cm card", fields: map[string]string{"id": "kesh", "faction": "ally", "move": "13", "vision": "15cm", "range": "25"}, u: rn.Centimetres,
			check: func(c Card) bool { return c.Move == 52 && c.Vision == 60 && c.Range == 100 && c.Name == "kesh" }},
		{name: "naali completed", base: &naali, fields: map[string]string{"race": "Sanbari", "hp": "10", "move": "5", "vision": "6in"}, u: rn.Inches,
			check: func(c Card) bool {
				return c.Race == "sanbari" && c.HP == 10 && c.Custom && CheckField(c, AsHero) == nil &&
					reflect.DeepEqual(c.Missing, []string{"ranged", "skills (2 racial + 2 unit)", "whether she has a ranged attack", "reach of Hard like Steel (melee assumed)"})
			}},
		{name: "graam ranged strikes its note", base: &graam, fields: map[string]string{"ranged": "2D4+", "move": "5in"}, u: rn.Inches,
			check: func(c Card) bool { return c.HasRanged() && !c.HasClose() && len(c.Missing) == 7 }},
		{name: "none clears", base: &naali, fields: map[string]string{"close": "none", "size": "34mm"}, u: rn.Inches,
			check: func(c Card) bool { return c.Close == nil && c.Size == "34mm" && len(c.Abilities) == 1 }},
		{name: "0D dice kept", base: &naali, fields: map[string]string{"ranged": "0D4+"}, u: rn.Inches,
			check: func(c Card) bool { return c.Ranged != nil && c.Ranged.N == 0 && !c.HasRanged() }},
		{name: "faction", fields: map[string]string{"id": "x", "faction": "friend"}, wantErr: "faction must be ally, enemy or neutral"},
		{name: "hp zero", fields: map[string]string{"id": "x", "faction": "ally", "hp": "0"}, wantErr: "hit points must be a whole number of at least 1"},
		{name: "hp text", fields: map[string]string{"id": "x", "faction": "ally", "hp": "ten"}, wantErr: "hit points must be a whole number of at least 1"},
		{name: "hp huge", fields: map[string]string{"id": "x", "faction": "ally", "hp": "5000"}, wantErr: "hp must be at most 999"},
		{name: "movement", fields: map[string]string{"id": "x", "faction": "ally", "move": "fast"}, wantErr: "movement must be a distance such as 5in or 12.5cm"},
		{name: "movement zero", fields: map[string]string{"id": "x", "faction": "ally", "move": "0"}, wantErr: "movement must be more than 0"},
		{name: "vision", fields: map[string]string{"id": "x", "faction": "ally", "vision": "6ft"}, wantErr: "vision must be a distance such as 5in or 12.5cm"},
		{name: "range", fields: map[string]string{"id": "x", "faction": "ally", "range": "far"}, wantErr: "range must be a distance such as 5in or 12.5cm"},
		{name: "hit score", fields: map[string]string{"id": "x", "faction": "ally", "close": "2D7+"}, wantErr: "hit score must be 1–6 (got 7)"},
		{name: "dice shape", fields: map[string]string{"id": "x", "faction": "ally", "ranged": "2D4"}, wantErr: "dice must look like 3D3+ or 2D 4+"},
		{name: "race", fields: map[string]string{"id": "x", "faction": "ally", "race": "elf"}, wantErr: "race must be ardann, kangara or sanbari"},
		{name: "race on enemy", fields: map[string]string{"id": "x", "name": "Grub", "faction": "enemy", "race": "ardann"}, wantErr: "only hero cards have a race: Grub is an enemy card"},
		{name: "no id", fields: map[string]string{"faction": "ally"}, wantErr: "id is required"},
		{name: "bad id", fields: map[string]string{"id": "Big Bad", "faction": "ally"}, wantErr: "id must be kebab-case"},
		{name: "no faction", fields: map[string]string{"id": "x"}, wantErr: "faction is required for a new card"},
		{name: "other id", base: &naali, fields: map[string]string{"id": "graam"}, wantErr: "id graam does not match the card being changed (naali)"},
		{name: "unknown", fields: map[string]string{"id": "x", "faction": "ally", "zz": "1", "colour": "red"}, wantErr: "unknown field colour (known: id, name"},
		{name: "empty name", base: &naali, fields: map[string]string{"name": ""}, wantErr: "name must not be empty"},
	} {
		got, err := DefineFields(tc.base, tc.fields, tc.u)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s: error = %v, want it to contain %q", tc.name, err, tc.wantErr)
			}
			continue
		}
		if err != nil || !tc.check(got) {
			t.Errorf("%s: DefineFields = %+v, %v", tc.name, got, err)
		}
	}
	if naali.HP != 0 || len(naali.Missing) != 8 || naali.Custom {
		t.Errorf("DefineFields changed the shipped card: %+v", naali)
	}
}

// TestDefineAbility: the cycle, effect, trigger and phase forms of RU-D59,
// the §2.2 defaults and the refusals of §6.2.
func TestDefineAbility(t *testing.T) {
	base := func(extra ...string) map[string]string {
		m := map[string]string{"id": "x", "kind": "skill", "cycle": "1/F", "target": "single", "effect": "text"}
		for i := 0; i+1 < len(extra); i += 2 {
			if extra[i+1] == "-" {
				delete(m, extra[i])
			} else {
				m[extra[i]] = extra[i+1]
			}
		}
		return m
	}
	for _, tc := range []struct {
		name    string
		fields  map[string]string
		check   func(Ability) bool
		wantErr string
	}{
		{name: "defaults", fields: base(), check: func(a Ability) bool {
			return a.Name == "x" && a.Cycle == Cycle{PerFight, 1} && a.Trigger == 0 && reflect.DeepEqual(a.Phase, []string{"tactical"}) && a.Origin == "" && a.Reach == ""
		}},
		{name: "2/F", fields: base("cycle", "2/F"), check: func(a Ability) bool { return a.Cycle == Cycle{PerFight, 2} && a.CycleLabel() == "2/F" }},
		{name: "1/T", fields: base("cycle", "1/t"), check: func(a Ability) bool { return a.Cycle == Cycle{PerTurn, 1} && a.CycleLabel() == "1/T" }},
		{name: "constant", fields: base("cycle", "Constant"), check: func(a Ability) bool {
			return a.Cycle == Cycle{PerConstant, 0} && a.CycleLabel() == "constant" && !a.Limited()
		}},
		{name: "spell phase", fields: base("kind", "spell"), check: func(a Ability) bool { return reflect.DeepEqual(a.Phase, []string{"tactical", "combat"}) }},
		{name: "flee phase", fields: base("effect", "flee", "target", "self"), check: func(a Ability) bool { return reflect.DeepEqual(a.Phase, []string{"movement"}) }},
		{name: "phase list", fields: base("phase", "combat, Tactical,combat"), check: func(a Ability) bool { return reflect.DeepEqual(a.Phase, []string{"tactical", "combat"}) }},
		{name: "on-die", fields: base("effect", "on-die:5:instant-kill", "cycle", "constant"), check: func(a Ability) bool {
			return a.Effect == Effect{Type: EffectOnDie, Min: 5, Then: EffectInstantKill}
		}},
		{name: "attack", fields: base("effect", "attack:1D3+", "reach", "ranged"), check: func(a Ability) bool {
			return a.Effect.Type == EffectAttack && *a.Effect.Dice == Dice{1, 3} && a.Reach == "ranged"
		}},
		{name: "heal", fields: base("effect", "heal:3"), check: func(a Ability) bool { return a.Effect == Effect{Type: EffectHeal, HP: 3} }},
		{name: "instant", fields: base("effect", "instant-kill", "trigger", "4", "origin", "racial"), check: func(a Ability) bool {
			return a.Effect.Type == EffectInstantKill && a.Trigger == 4 && a.Origin == "racial"
		}},
		{name: "nones", fields: base("trigger", "none", "origin", "none", "reach", "none"), check: func(a Ability) bool { return a.Trigger == 0 && a.Origin == "" && a.Reach == "" }},
		{name: "cycle", fields: base("cycle", "3/X"), wantErr: "cycle must look like 1/F, 2/G, 1/T or constant"},
		{name: "cycle 0", fields: base("cycle", "0/F"), wantErr: "cycle must look like 1/F, 2/G, 1/T or constant"},
		{name: "effect", fields: base("effect", "poison"), wantErr: "effect must be one of instant-kill, on-die:N:instant-kill, attack:DICE, heal:N, flee, text"},
		{name: "effect on-die then", fields: base("effect", "on-die:5:heal"), wantErr: "effect must be one of"},
		{name: "effect on-die score", fields: base("effect", "on-die:7:instant-kill"), wantErr: "die score must be 1–6"},
		{name: "effect attack dice", fields: base("effect", "attack:2D7+"), wantErr: "hit score must be 1–6 (got 7)"},
		{name: "effect attack zero", fields: base("effect", "attack:0D4+"), wantErr: "roll at least one die"},
		{name: "effect heal", fields: base("effect", "heal:x"), wantErr: "effect heal: hit points must be a whole number"},
		{name: "trigger", fields: base("trigger", "7"), wantErr: "trigger must be 1–6 or none"},
		{name: "phase", fields: base("phase", "tactical,end"), wantErr: "phase must be a comma list of tactical, movement, combat"},
		{name: "kind", fields: base("kind", "trick"), wantErr: "kind must be skill or spell"},
		{name: "target", fields: base("target", "all"), wantErr: "target must be self, single, area or none"},
		{name: "reach", fields: base("reach", "far"), wantErr: "reach must be melee, ranged or any"},
		{name: "origin", fields: base("origin", "tribal"), wantErr: "origin must be racial, unit or none"},
		{name: "spell origin", fields: base("kind", "spell", "origin", "unit"), wantErr: "only skills have an origin"},
		{name: "no cycle", fields: base("cycle", "-"), wantErr: "cycle is required"},
		{name: "no kind", fields: base("kind", "-"), wantErr: "kind is required"},
		{name: "no target", fields: base("target", "-"), wantErr: "target is required"},
		{name: "no effect", fields: base("effect", "-"), wantErr: "effect is required"},
		{name: "no id", fields: base("id", "-"), wantErr: "id is required"},
		{name: "unknown", fields: base("uses", "2"), wantErr: "unknown field uses"},
	} {
		got, err := DefineAbility(tc.fields)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s: error = %v, want it to contain %q", tc.name, err, tc.wantErr)
			}
			continue
		}
		if err != nil || !tc.check(got) {
			t.Errorf("%s: DefineAbility = %+v, %v", tc.name, got, err)
		}
	}
}

// TestWithAbility: replace in place, append, never alias the input.
func TestWithAbility(t *testing.T) {
	c := Card{ID: "c", Name: "C", Faction: Ally, Abilities: []Ability{{ID: "a", Name: "A"}, {ID: "b", Name: "B"}}}
	c2 := WithAbility(c, Ability{ID: "a", Name: "A2"})
	if c2.Abilities[0].Name != "A2" || len(c2.Abilities) != 2 || c.Abilities[0].Name != "A" || !c2.Custom || c.Custom {
		t.Errorf("replace: %+v (input %+v)", c2, c)
	}
	c3 := WithAbility(c, Ability{ID: "z", Name: "Z"})
	if len(c3.Abilities) != 3 || c3.Abilities[2].ID != "z" || len(c.Abilities) != 2 {
		t.Errorf("append: %+v", c3)
	}
	if a, ok := c3.Ability("z"); !ok || a.Name != "Z" {
		t.Errorf("Ability(z) = %+v, %v", a, ok)
	}
	if _, ok := c3.Ability("q"); ok {
		t.Errorf("Ability(q) found")
	}
}

// TestDefineCaseInsensitive: keys and enumerated values are read without
// regard to case (RU-D58); a key given twice is refused.
func TestDefineCaseInsensitive(t *testing.T) {
	c, err := DefineFields(nil, map[string]string{"ID": "Crawler", "Faction": "Enemy", "HP": "3", "Race": "none"}, rn.Inches)
	if err != nil || c.ID != "crawler" || c.Faction != Enemy || c.HP != 3 {
		t.Errorf("DefineFields(upper case) = %+v, %v", c, err)
	}
	if _, err := DefineFields(nil, map[string]string{"id": "x", "faction": "ally", "hp": "3", "HP": "4"}, rn.Inches); err == nil || err.Error() != "hp is given twice" {
		t.Errorf("hp twice: error = %v", err)
	}
	a, err := DefineAbility(map[string]string{"ID": "Lurk", "Kind": "Skill", "CYCLE": "1/g", "Target": "None", "Effect": "Attack:2d4+", "Reach": "Ranged"})
	if err != nil || a.ID != "lurk" || a.Kind != Skill || a.Target != "none" || a.Effect.Type != EffectAttack || a.Reach != "ranged" || a.Cycle != (Cycle{PerGame, 1}) {
		t.Errorf("DefineAbility(upper case) = %+v, %v", a, err)
	}
}
