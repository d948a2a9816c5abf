package card

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// fixture reads games/ruunara/testdata/cards.json, the §5 test cards.
func fixture(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("../testdata/cards.json")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRoundTrip: EncodeRecords then DecodeRecords gives back the same
// cards, for the shipped records, the fixture and a players' card.
func TestRoundTrip(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	fix, err := DecodeRecords(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	crawler, err := DefineFields(nil, map[string]string{"id": "crawler", "faction": "enemy", "move": "13cm", "size": "large"}, "in")
	if err != nil {
		t.Fatal(err)
	}
	heal := Ability{ID: "mend", Name: "Mend", Kind: Spell, Cycle: Cycle{Per: PerTurn, Uses: 2}, Phase: []string{PhaseTactical},
		Target: "self", Effect: Effect{Type: EffectHeal, HP: 3}, Text: "Heals 3 <HP> & more."}
	crawler = WithAbility(crawler, heal)
	for name, cards := range map[string][]Card{"shipped": d.Cards, "fixture": fix, "custom": {crawler}} {
		b, err := EncodeRecords(cards)
		if err != nil {
			t.Fatalf("%s: EncodeRecords: %v", name, err)
		}
		back, err := DecodeRecords(b)
		if err != nil {
			t.Fatalf("%s: DecodeRecords(EncodeRecords): %v\n%s", name, err, b)
		}
		if !reflect.DeepEqual(back, cards) {
			t.Errorf("%s: round trip changed the cards:\n got %+v\nwant %+v", name, back, cards)
		}
	}
	b, _ := EncodeRecords([]Card{crawler})
	for _, want := range []string{`"move": "5.2in"`, `"hp": null`, `"custom": true`, `"uses": 2`, `Heals 3 <HP> & more.`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("EncodeRecords: %s lacks %s", b, want)
		}
	}
}

// TestDecodeRecordsDefaults: a single object (define-card file=, RU-D59),
// §2.2 defaults for phase and uses (RU-D10, RU-D13), null fields.
func TestDecodeRecordsDefaults(t *testing.T) {
	cs, err := DecodeRecords([]byte(`{"id": "kesh", "name": "Kesh", "faction": "ally", "race": "kangara",
	 "hp": 7, "move": "12,5cm", "vision": "6\"", "close": "2D 4+", "ranged": null, "range": "8in",
	 "abilities": [
	   {"id": "a", "name": "A", "kind": "skill", "cycle": {"per": "fight"}, "target": "self", "effect": {"type": "text"}},
	   {"id": "b", "name": "B", "kind": "spell", "cycle": {"per": "game", "uses": 2}, "target": "area", "effect": {"type": "heal", "hp": 2}},
	   {"id": "c", "name": "C", "kind": "skill", "origin": "racial", "cycle": {"per": "constant", "uses": 3}, "trigger": 5, "target": "self", "effect": {"type": "flee"}}
	 ], "source": "x", "missing": []}`))
	if err != nil {
		t.Fatal(err)
	}
	c := cs[0]
	if c.HP != 7 || c.Move != 50 || c.Vision != 60 || c.Range != 80 || c.ReachRange() != 80 || *c.Close != (Dice{2, 4}) || c.Ranged != nil || c.Missing != nil {
		t.Errorf("card = %+v", c)
	}
	for _, tc := range []struct {
		id    string
		phase []string
		cycle Cycle
		label string
	}{
		{"a", []string{"tactical"}, Cycle{PerFight, 1}, "1/F"},
		{"b", []string{"tactical", "combat"}, Cycle{PerGame, 2}, "2/G"},
		{"c", []string{"movement"}, Cycle{PerConstant, 0}, "constant"}, // uses ignored for constant (§2.2)
	} {
		a, ok := c.Ability(tc.id)
		if !ok || !reflect.DeepEqual(a.Phase, tc.phase) || a.Cycle != tc.cycle || a.CycleLabel() != tc.label {
			t.Errorf("ability %s = %+v (label %q), want phase %v cycle %v label %q", tc.id, a, a.CycleLabel(), tc.phase, tc.cycle, tc.label)
		}
	}
}

// TestDecodeRecordsErrors: each refusal names the record (position and
// id) and the field.
func TestDecodeRecordsErrors(t *testing.T) {
	ok := `{"id": "ok", "name": "Ok", "faction": "enemy", "race": null, "hp": 3, "move": "5in", "vision": "6in", "close": "2D4+", "ranged": null, "range": null, "abilities": [], "source": "", "missing": []}`
	rec := func(field string) string { // the second record with one field replaced
		return "[" + ok + `, {"id": "naali", "name": "Naali", "faction": "ally", ` + field + `}]`
	}
	ab := func(body string) string {
		return rec(`"abilities": [{"id": "x", "name": "X", ` + body + `}]`)
	}
	for _, tc := range []struct{ in, want string }{
		{rec(`"close": "3D3"`), `record 2 (naali): close: dice must look like 3D3+ or 2D 4+`},
		{rec(`"close": "3D7+"`), `record 2 (naali): close: hit score must be 1–6 (got 7)`},
		{rec(`"move": "fast"`), `record 2 (naali): move: must be a distance such as 5in or 12.5cm`},
		{rec(`"vision": "0cm"`), `record 2 (naali): vision: must be more than 0`},
		{rec(`"hp": 0`), `record 2 (naali): hp: hp must be a whole number of at least 1 (got 0)`},
		{rec(`"hp": 1000`), `record 2 (naali): hp: hp must be at most 999`},
		{rec(`"hp": "10"`), `record 2 (naali): json: cannot unmarshal string`},
		{rec(`"race": "elf"`), `record 2 (naali): race: race must be ardann, kangara or sanbari`},
		{rec(`"race": ""`), `record 2 (naali): race: empty`},
		{rec(`"colour": "red"`), `record 2 (naali): json: unknown field "colour"`},
		{"[" + ok + `, {"id": "Bad Id", "name": "B", "faction": "ally"}]`, `record 2 (Bad Id): id: id must be kebab-case`},
		{"[" + ok + `, {"name": "B", "faction": "ally"}]`, `record 2: id: id is required`},
		{"[" + ok + `, {"id": "b", "faction": "ally"}]`, `record 2 (b): name: is required`},
		{"[" + ok + `, {"id": "b", "name": "B", "faction": "friend"}]`, `record 2 (b): faction: faction must be ally, enemy or neutral`},
		{"[" + ok + `, {"id": "b", "name": "B", "faction": "enemy", "race": "ardann"}]`, `record 2 (b): race: only hero cards have a race: B is an enemy card`},
		{"[" + ok + "," + ok + "]", `record 2 (ok): id: duplicate of record 1`},
		{ab(`"kind": "trick", "cycle": null, "target": "self", "effect": {"type": "text"}`), `record 2 (naali): abilities: 1 (x): kind: kind must be skill or spell`},
		{ab(`"kind": "skill", "cycle": {"per": "week"}, "target": "self", "effect": {"type": "text"}`), `abilities: 1 (x): cycle: per must be fight, game, turn or constant`},
		{ab(`"kind": "skill", "cycle": {"per": "fight", "uses": 0}, "target": "self", "effect": {"type": "text"}`), `abilities: 1 (x): cycle: uses must be 1–99`},
		{ab(`"kind": "skill", "cycle": null, "trigger": 7, "target": "self", "effect": {"type": "text"}`), `abilities: 1 (x): trigger: trigger must be 1–6 or none (got 7)`},
		{ab(`"kind": "skill", "cycle": null, "phase": ["end"], "target": "self", "effect": {"type": "text"}`), `abilities: 1 (x): phase: phase must be a comma list of tactical, movement, combat`},
		{ab(`"kind": "skill", "cycle": null, "phase": ["combat", "tactical"], "target": "self", "effect": {"type": "text"}`), `abilities: 1 (x): phase: list each phase once, in turn order`},
		{ab(`"kind": "skill", "cycle": null, "target": "all", "effect": {"type": "text"}`), `abilities: 1 (x): target: target must be self, single, area or none`},
		{ab(`"kind": "skill", "cycle": null, "target": "self", "reach": "far", "effect": {"type": "text"}`), `abilities: 1 (x): reach: reach must be melee, ranged or any`},
		{ab(`"kind": "spell", "origin": "racial", "cycle": null, "target": "self", "effect": {"type": "text"}`), `abilities: 1 (x): origin: only skills have an origin`},
		{ab(`"kind": "skill", "cycle": null, "target": "self", "effect": {"type": "poison"}`), `abilities: 1 (x): effect: effect must be one of instant-kill, on-die:N:instant-kill, attack:DICE, heal:N, flee, text`},
		{ab(`"kind": "skill", "cycle": null, "target": "self", "effect": {"type": "on-die", "min": 7, "then": "instant-kill"}`), `abilities: 1 (x): effect: on-die: min must be 1–6`},
		{ab(`"kind": "skill", "cycle": null, "target": "self", "effect": {"type": "attack", "dice": "2D9+"}`), `abilities: 1 (x): effect: dice: hit score must be 1–6 (got 9)`},
		{ab(`"kind": "skill", "cycle": null, "target": "self", "effect": {"type": "attack"}`), `abilities: 1 (x): effect: attack: dice are required`},
		{ab(`"kind": "skill", "cycle": null, "target": "self", "effect": {"type": "flee", "hp": 2}`), `abilities: 1 (x): effect: min, then, dice or hp is not used by a flee effect`},
		{rec(`"abilities": [{"id": "x", "name": "X", "kind": "skill", "cycle": null, "target": "self", "effect": {"type": "text"}}, {"id": "x", "name": "X", "kind": "skill", "cycle": null, "target": "self", "effect": {"type": "text"}}]`), `abilities: 2 (x): id: duplicate`},
		{`"naali"`, `expected a JSON array of card records or one record object`},
		{``, `expected a JSON array`},
		{`[` + ok + `] []`, `data after the JSON value`},
		{`[1]`, `record 1: json: cannot unmarshal number`},
	} {
		_, err := DecodeRecords([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("DecodeRecords(%s)\n error = %v\n want it to contain %q", tc.in, err, tc.want)
		}
	}
}

// TestEncodeRecordsRefusesInvalid: a card that would not read back is not
// written.
func TestEncodeRecordsRefusesInvalid(t *testing.T) {
	_, err := EncodeRecords([]Card{{ID: "x", Name: "X", Faction: "ally", HP: -1}})
	if err == nil || !strings.Contains(err.Error(), "record 1 (x): hp:") {
		t.Errorf("EncodeRecords(bad hp) error = %v", err)
	}
	b, err := EncodeRecords(nil)
	if err != nil || strings.TrimSpace(string(b)) != "[]" {
		t.Errorf("EncodeRecords(nil) = %q, %v", b, err)
	}
}
