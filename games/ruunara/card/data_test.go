package card

import (
	"io/fs"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/commandconsole/commandconsole/assets"
	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// TestNumbersAreTheFacts: every value of rules.json equals the §1 fact it
// cites (§2.3: "each has a table test against §1").
func TestNumbersAreTheFacts(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	n := d.Rules
	for _, tc := range []struct {
		key  string
		got  int
		want int
		fact string
	}{
		{"engage_range", int(n.EngageRange), 10, `RU-F51: 1" (l. 259)`},
		{"free_terrain_height", int(n.FreeTerrainHeight), 10, `RU-F29: 1" (l. 208)`},
		{"noise_range", int(n.NoiseRange), 80, `RU-F44: 8" = 20 cm (l. 246)`},
		{"noise_rate", int(n.NoiseRate), 20, `RU-F44: 2" per turn (l. 246)`},
		{"noise_return_rate", int(n.NoiseReturnRate), 20, `RU-F45: 2" per turn (l. 250)`},
		{"group_range", int(n.GroupRange), 40, `RU-F48: 4" (l. 270)`},
		{"instant_death_vision_bonus", int(n.InstantDeathVisionBonus), 40, `RU-F50: +4" (l. 273)`},
		{"instant_death_turns", n.InstantDeathTurns, 1, "RU-F50: one turn (l. 273)"},
		{"pursuit_rate", int(n.PursuitRate), 50, `RU-F60: 5 inches per turn (l. 309)`},
		{"pursuit_turns", n.PursuitTurns, 2, "RU-F60: for 2 turns (l. 309)"},
		{"pursuit_return_rate", int(n.PursuitReturnRate), 50, `RU-F60: 5 inches per turn back (l. 309)`},
		{"shooting_range_min", int(n.ShootingRangeMin), 60, `RU-F40: 6" (l. 263)`},
		{"shooting_range_max", int(n.ShootingRangeMax), 120, `RU-F40: 12" (l. 263)`},
		{"cover_save", n.CoverSave, 3, "RU-F42: 3+ (l. 265)"},
		{"capture_engaged_turns", n.CaptureEngagedTurns, 4, "RU-F56: more than 4 consecutive turns (l. 297)"},
		{"captivity_full_turns", n.CaptivityFullTurns, 3, "RU-F58, RU-F66: 3 full turns (l. 302, 332)"},
		{"freed_hp_after_ranged", n.FreedHP, 6, "RU-F65: 6 hit points (l. 328)"},
		{"tokens_per_hero", n.TokensPerHero, 4, "RU-F18: four tokens (l. 126, 379)"},
		{"skills_per_race", n.SkillsPerRace, 2, "RU-F68: 2 skills per race (l. 348)"},
		{"skills_per_unit", n.SkillsPerUnit, 2, "RU-F18: two unit skills (l. 381)"},
		{"missions_per_race", n.MissionsPerRace, 3, "RU-F7: three missions per race (l. 100)"},
		{"min_dice", n.MinDice, 4, "RU-F22: at least four dice (l. 150)"},
		{"die_sides", n.DieSides, 6, "RU-F22: six-sided (l. 150)"},
		{"rally_rate", int(n.RallyRate), int(CardMove), "RU-D39: card movement"},
		{"engage_rate", int(n.EngageRate), int(CardMove), "RU-D43: card movement (l. 251)"},
		{"rally_hold_turns", n.RallyHoldTurns, 1, "RU-D39: 1 turn"},
		{"lost_sight_return_rate", int(n.LostSightReturnRate), 20, `RU-D43: 2" per turn`},
		{"guard_return_rate", int(n.GuardReturnRate), 20, `RU-D27: 2" per turn`},
	} {
		if tc.got != tc.want {
			t.Errorf("%s = %d, want %d (%s)", tc.key, tc.got, tc.want, tc.fact)
		}
	}
	// Every printed pair uses 1" = 2,5 cm (RU-F28, RU-D1).
	if rn.Format(n.NoiseRange, rn.Centimetres) != "20 cm" || rn.Format(n.PursuitRate, rn.Centimetres) != "12.5 cm" {
		t.Errorf("noise range / pursuit rate in cm: %s / %s", rn.Format(n.NoiseRange, rn.Centimetres), rn.Format(n.PursuitRate, rn.Centimetres))
	}
	var keys []string
	invented := map[string]bool{}
	for _, r := range d.RuleTable {
		keys = append(keys, r.Key)
		invented[r.Key] = r.Invented
	}
	if !reflect.DeepEqual(keys, RuleKeys()) {
		t.Errorf("rules.json keys = %v, want the §2.3 table %v", keys, RuleKeys())
	}
	for _, k := range []string{"rally_rate", "rally_hold_turns", "lost_sight_return_rate", "guard_return_rate"} {
		if !invented[k] {
			t.Errorf("%s is an invented rule (§2.3) but not marked so", k)
		}
	}
	if invented["engage_rate"] || invented["noise_range"] {
		t.Errorf("engage_rate or noise_range marked invented")
	}
}

// TestShippedData: the races, cards and mission of §2.1, §2.2, §2.4 as
// the spec prints them (RU-D9: nulls stay nulls).
func TestShippedData(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Races) != 3 || d.Races[1].ID != "kangara" || d.Races[1].Style != "" || d.Races[2].Style != "discretion and assassination in the shadows" ||
		!reflect.DeepEqual(d.Races[0].RacialSkills, []string{"", ""}) || len(d.Races[0].Missions) != 3 {
		t.Errorf("races = %+v", d.Races)
	}
	if r, ok := d.Race("sanbari"); !ok || r.Name != "Sanbari" || r.People != "hunters, masters of the occult arts" {
		t.Errorf("Race(sanbari) = %+v, %v", r, ok)
	}
	var ids []string
	for _, c := range d.Cards {
		ids = append(ids, c.ID)
	}
	if !reflect.DeepEqual(ids, []string{"naali", "graam", "saarok-warrior"}) {
		t.Errorf("shipped cards = %v, want the three partial records of §2.2", ids)
	}
	naali, _ := d.Card("naali")
	hls, _ := naali.Ability("hard-like-steel")
	if *naali.Close != (Dice{3, 3}) || naali.HP != 0 || naali.Move != 0 || naali.Race != "" || naali.Ranged != nil ||
		hls.Effect != (Effect{Type: EffectOnDie, Min: 5, Then: EffectInstantKill}) || hls.Cycle.Per != PerConstant ||
		!reflect.DeepEqual(hls.Phase, []string{"combat"}) || hls.Reach != "melee" || hls.Kind != Spell {
		t.Errorf("naali = %+v", naali)
	}
	graam, _ := d.Card("graam")
	bte, _ := graam.Ability("between-the-eyes")
	if graam.Close != nil || graam.Ranged != nil || bte.Cycle.Per != "" || bte.CycleLabel() != "" || bte.Trigger != 0 || bte.Effect.Type != EffectInstantKill || bte.Reach != "" {
		t.Errorf("graam = %+v", graam)
	}
	saarok, _ := d.Card("saarok-warrior")
	if saarok.Faction != Enemy || saarok.HP != 0 || saarok.Close != nil || len(saarok.Abilities) != 0 || len(saarok.Missing) != 2 {
		t.Errorf("saarok-warrior = %+v", saarok)
	}
	for _, c := range d.Cards {
		if c.Custom || len(c.Missing) == 0 {
			t.Errorf("%s: shipped cards are partial records with their missing list (RU-D9): %+v", c.ID, c)
		}
	}
	m, ok := d.Mission("free")
	if !ok || len(d.Missions) != 1 || m.Mode != ModeFree || m.Race != "" || *m.Heroes.Min != 1 || m.Heroes.Max != nil ||
		!reflect.DeepEqual(m.Enemies, []Force{{"saarok-warrior", 3}}) || len(m.Neutrals) != 0 ||
		m.Objectives[0].Auto != AutoNoEnemies || m.Defeat[0].Auto != AutoNoFreeHero || m.Rounds != 0 || m.Source != "RU-D50" {
		t.Errorf("missions = %+v", d.Missions)
	}
	if _, ok := d.Card("akaara"); ok {
		t.Errorf("Akaara is not a record (§2.2)")
	}
	if _, ok := d.Mission("sanbari-1"); ok {
		t.Errorf("no story mission is in the text (RU-F7)")
	}
	if _, ok := d.Race("elf"); ok {
		t.Errorf("Race(elf) found")
	}
}

// shipped returns the shipped files as a MapFS to break one at a time.
func shipped(t testing.TB) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	for _, name := range []string{RacesFile, UnitsFile, RulesFile, MissionsFile, "README.md"} {
		b, err := fs.ReadFile(assets.Ruunara, "ruunara/"+name)
		if err != nil {
			t.Fatal(err)
		}
		m[name] = &fstest.MapFile{Data: b}
	}
	return m
}

// TestLoadErrors: a broken file is refused with the file, record and
// field named.
func TestLoadErrors(t *testing.T) {
	for _, tc := range []struct {
		file, old, new, want string
	}{
		{UnitsFile, `"close": "3D3+"`, `"close": "3D3"`, `units.json: record 1 (naali): close: dice must look like 3D3+ or 2D 4+`},
		{UnitsFile, `"abilities": [], "source"`, `"abilities": [], "custom": true, "source"`, `units.json: record 3 (saarok-warrior): custom: shipped cards are not players' cards`},
		{RacesFile, `"racial_skills": [null, null], "missions": [null, null, null],
   "source": "l. 17`, `"racial_skills": [null], "missions": [null, null, null],
   "source": "l. 17`, `races.json: record 2 (kangara): racial_skills: need 2 slots (l. 348), got 1`},
		{RacesFile, `"id": "sanbari"`, `"id": "orc"`, `races.json: ids: need ardann, kangara, sanbari`},
		{RulesFile, `{"key": "noise_range", "value": 8`, `{"key": "noise_range", "value": "8"`, `rules.json: record 3 (noise_range): value: must be a number`},
		{RulesFile, `{"key": "noise_range", "value": 8, "unit": "in"`, `{"key": "noise_range", "value": 8, "unit": "cm"`, `rules.json: record 3 (noise_range): unit: must be in (got "cm")`},
		{RulesFile, `{"key": "pursuit_turns", "value": 2`, `{"key": "pursuit_turns", "value": 2.5`, `rules.json: record 10 (pursuit_turns): value: must be a whole number`},
		{RulesFile, `{"key": "noise_range"`, `{"key": "noise_ranges"`, `rules.json: record 3 (noise_ranges): key: unknown`},
		{RulesFile, `{"key": "group_range"`, `{"key": "noise_range"`, `rules.json: record 6 (noise_range): key: duplicate`},
		{RulesFile, `"value": "move", "unit": "card", "note": "an engaging`, `"value": "fast", "unit": "card", "note": "an engaging`, `rules.json: record 25 (engage_rate): value: with unit card the value is "move"`},
		{RulesFile, `"value": 1, "unit": "turns", "note": "turns a rallied`, `"value": "move", "unit": "card", "note": "turns a rallied`, `rules.json: record 26 (rally_hold_turns): unit: must be turns (got "card")`},
		{MissionsFile, `{"card": "saarok-warrior"`, `{"card": "naali"`, `missions.json: record 1 (free): enemies: 1: card: Naali is a hero card`},
		{MissionsFile, `{"card": "saarok-warrior"`, `{"card": "grub"`, `missions.json: record 1 (free): enemies: 1: card: no card named grub`},
		{MissionsFile, `"mode": "free", "race": null`, `"mode": "story", "race": null`, `missions.json: record 1 (free): race: a story mission names its race (l. 100)`},
		{MissionsFile, `"auto": "no-enemies"`, `"auto": "round-limit"`, `missions.json: record 1 (free): objectives: 1 (clear): auto: round-limit needs rounds`},
		{MissionsFile, `"auto": "no-enemies"`, `"auto": "treasure"`, `missions.json: record 1 (free): objectives: 1 (clear): auto: must be`},
		{MissionsFile, `"min": 1`, `"min": 0`, `missions.json: record 1 (free): heroes: min must be at least 1`},
		{MissionsFile, `"rounds": null`, `"turns": null`, `missions.json: json: unknown field "turns"`},
	} {
		files := shipped(t)
		s := string(files[tc.file].Data)
		if !strings.Contains(s, tc.old) {
			t.Fatalf("%s does not contain %q", tc.file, tc.old)
		}
		files[tc.file] = &fstest.MapFile{Data: []byte(strings.Replace(s, tc.old, tc.new, 1))}
		_, err := LoadFS(files)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s with %s:\n error = %v\n want it to contain %q", tc.file, tc.new, err, tc.want)
		}
	}
	files := shipped(t)
	delete(files, RulesFile)
	if _, err := LoadFS(files); err == nil || !strings.Contains(err.Error(), "rules.json") {
		t.Errorf("no rules.json: error = %v", err)
	}
	files = shipped(t)
	s := string(files[RulesFile].Data)
	i := strings.Index(s, `  {"key": "guard_return_rate"`)
	files[RulesFile] = &fstest.MapFile{Data: []byte(strings.TrimRight(s[:i], ",\n") + "\n]\n")}
	if _, err := LoadFS(files); err == nil || !strings.Contains(err.Error(), "rules.json: key guard_return_rate: missing") {
		t.Errorf("rules.json without guard_return_rate: error = %v", err)
	}
}
