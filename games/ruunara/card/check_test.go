package card

import (
	"reflect"
	"testing"

	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// fixtureCards decodes the §5 test cards by id.
func fixtureCards(t *testing.T) map[string]Card {
	t.Helper()
	cs, err := DecodeRecords(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]Card{}
	for _, c := range cs {
		m[c.ID] = c
	}
	return m
}

// TestCheckField is RU-X40 (RU-D9) and the wrong-faction refusals of
// RU-D63(b).
func TestCheckField(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	fx := fixtureCards(t)
	shipped := func(id string) Card { c, _ := d.Card(id); return c }
	elder := Card{ID: "elder", Name: "Elder", Faction: Neutral, HP: 4, Move: 40, Vision: 60}
	kesh := Card{ID: "kesh", Name: "Kesh", Faction: Ally, HP: 4, Move: 40, Vision: 60, Close: &Dice{2, 4}}
	grub := Card{ID: "grub", Name: "Grub", Faction: Enemy, HP: 4, Move: 40, Vision: 60, Close: &Dice{2, 4}}
	noDice := fx["saarok"]
	noDice.Close = &Dice{0, 4}
	rangedOnly := fx["saarok"]
	rangedOnly.Close, rangedOnly.Ranged = nil, &Dice{1, 4}
	noHP := fx["naali"]
	noHP.HP = 0
	noHPVision := fx["naali"]
	noHPVision.HP, noHPVision.Vision = 0, 0
	for _, tc := range []struct {
		name string
		c    Card
		as   string
		want string // "" = accepted
	}{
		{"RU-X40 shipped saarok", shipped("saarok-warrior"), AsEnemy, "Saarok warrior's card has no hit points, movement or vision yet: complete it in the card editor"},
		{"RU-D9 shipped naali", shipped("naali"), AsHero, "Naali's card has no hit points, movement or vision yet: complete it in the card editor"},
		{"one field", noHP, AsHero, "Naali's card has no hit points yet: complete it in the card editor"},
		{"two fields", noHPVision, AsHero, "Naali's card has no hit points or vision yet: complete it in the card editor"},
		{"no dice", noDice, AsEnemy, "Saarok's card has no attack dice yet: complete it in the card editor"},
		{"ranged only", rangedOnly, AsEnemy, ""},
		{"RU-X40 saarok as hero", fx["saarok"], AsHero, "Saarok is an enemy card: it is added as enemies"},
		{"RU-X40 tarok as enemy", fx["tarok"], AsEnemy, "Tarok is a hero card: it is added as a hero"},
		{"grub as hero", grub, AsHero, "Grub is an enemy card: it is added as enemies"},
		{"elder as hero", elder, AsHero, "Elder is a neutral card: it is added as a neutral"},
		{"kesh as enemy", kesh, AsEnemy, "Kesh is a hero card: it is added as a hero"},
		{"elder as enemy", elder, AsEnemy, "Elder is a neutral card: it is added as a neutral"},
		{"kesh as neutral", kesh, AsNeutral, "Kesh is a hero card: it is added as a hero"},
		{"grub as neutral", grub, AsNeutral, "Grub is an enemy card: it is added as enemies"},
		{"elder: no dice needed", elder, AsNeutral, ""},
		{"naali", fx["naali"], AsHero, ""},
		{"saarok", fx["saarok"], AsEnemy, ""},
		{"bad as", fx["saarok"], "boss", `a card is fielded as hero, enemy or neutral (got "boss")`},
	} {
		err := CheckField(tc.c, tc.as)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: CheckField = %q, want %q", tc.name, got, tc.want)
		}
	}
	for id, c := range fx {
		as := map[string]string{Ally: AsHero, Enemy: AsEnemy}[c.Faction]
		if err := CheckField(c, as); err != nil {
			t.Errorf("fixture %s cannot be fielded: %v", id, err)
		}
	}
}

// TestCheckRace is RU-X39 (RU-F7, RU-D16).
func TestCheckRace(t *testing.T) {
	fx := fixtureCards(t)
	noRace := fx["tarok"]
	noRace.Race = ""
	for _, tc := range []struct {
		name string
		c    Card
		race string
		want string
	}{
		{"RU-X39", fx["tarok"], "sanbari", "Tarok is Ardann: this story mission uses Sanbari heroes only"},
		{"RU-X39 null race", noRace, "sanbari", "Tarok's card has no race: set it in the card editor"},
		{"kangara mission", fx["naali"], "kangara", "Naali is Sanbari: this story mission uses Kangara heroes only"},
		{"same race", fx["graam"], "sanbari", ""},
		{"ardann", fx["tarok"], "ardann", ""},
		{"bad mission race", fx["tarok"], "elf", `the mission's race must be ardann, kangara or sanbari (got "elf")`},
	} {
		err := CheckRace(tc.c, tc.race)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: CheckRace = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestWarnings: a printed range outside 6"–12" (RU-D18) and more than 4
// limited-use abilities (RU-D10) are warned about, not refused.
func TestWarnings(t *testing.T) {
	fx := fixtureCards(t)
	far := fx["graam"]
	far.Range = 140
	near := fx["small"]
	near.Vision = 50
	melee := fx["naali"]
	melee.Vision = 200 // no ranged attack: vision is only sight
	many := fx["tarok"]
	for _, id := range []string{"a", "b", "c", "d"} {
		many = WithAbility(many, Ability{ID: id, Name: id, Kind: Skill, Cycle: Cycle{PerGame, 1}, Phase: []string{"tactical"}, Target: "self", Effect: Effect{Type: EffectText}})
	}
	four := fx["tarok"]
	for _, id := range []string{"a", "b", "c"} {
		four = WithAbility(four, Ability{ID: id, Name: id, Kind: Skill, Cycle: Cycle{PerGame, 1}, Phase: []string{"tactical"}, Target: "self", Effect: Effect{Type: EffectText}})
	}
	four = WithAbility(four, Ability{ID: "k", Name: "k", Kind: Spell, Cycle: Cycle{Per: PerConstant}, Phase: []string{"combat"}, Target: "self", Effect: Effect{Type: EffectText}})
	for _, tc := range []struct {
		name string
		c    Card
		u    rn.Unit
		want []string
	}{
		{"graam", fx["graam"], rn.Inches, nil},
		{"far", far, rn.Inches, []string{`Graam's range 14" is outside the usual 6"–12"`}},
		{"far cm", far, rn.Centimetres, []string{`Graam's range 35 cm is outside the usual 15 cm–30 cm`}},
		{"near", near, rn.Inches, []string{`Small's range 5" is outside the usual 6"–12"`}},
		{"melee", melee, rn.Inches, nil},
		{"five limited", many, rn.Inches, []string{"Tarok has 5 abilities of limited use: the card's token holder tracks 4"}},
		{"four limited and a constant", four, rn.Inches, nil},
	} {
		if got := WarningsIn(tc.c, tc.u); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: WarningsIn = %q, want %q", tc.name, got, tc.want)
		}
	}
	if got := Warnings(far); len(got) != 1 {
		t.Errorf("Warnings(far) = %q", got)
	}
}
