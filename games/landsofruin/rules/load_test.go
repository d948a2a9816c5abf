package rules

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/commandconsole/commandconsole/assets"
)

// dataFS copies the embedded tables into a MapFS tests can alter.
func dataFS(t testing.TB) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	for _, name := range Files {
		b, err := fs.ReadFile(assets.LandsOfRuin, "landsofruin/"+name)
		if err != nil {
			t.Fatal(err)
		}
		m[name] = &fstest.MapFile{Data: b}
	}
	return m
}

func TestLoadMapFSMatchesDefault(t *testing.T) {
	d, err := Load(dataFS(t))
	if err != nil {
		t.Fatal(err)
	}
	if d.Weapon("vz-99-v") == nil || d.Scenario("fight-to-the-death") == nil || d.Skill("shooting") == nil ||
		d.Action("aim-and-shoot") == nil || d.Effect("pinned") == nil || d.ArmourItem("flak-armour") == nil ||
		d.Accessory("bipod") == nil || d.Consumable("frag-grenade") == nil || d.Objective("eradicate") == nil ||
		d.CharacterType("human") == nil || d.Mode("ak-47", "full-auto") == nil || d.Mode("nope", "x") != nil {
		t.Error("a lookup failed")
	}
	if d.GearKind("combat-knife") != "close-combat" || d.GearKind("shooting") != "" {
		t.Error("GearKind wrong")
	}
	if r := d.Scenario("two-player-tutorial").Role("reclaimers"); r == nil || r.FirstTurnPriority != 2 {
		t.Errorf("reclaimers role = %+v", r)
	}
}

// TestLoadErrors: each broken table fails with an error naming the file,
// the item and the field.
func TestLoadErrors(t *testing.T) {
	for _, c := range []struct {
		name  string
		file  string
		edit  func(string) string
		wants []string
	}{
		{"malformed JSON", FileWeapons, func(s string) string { return s[:len(s)/2] }, []string{FileWeapons, "unexpected EOF"}},
		{"syntax error line", FileArmour, func(s string) string { return strings.Replace(s, `"armour": [`, `"armour": [,`, 1) }, []string{FileArmour, "line 3"}},
		{"unknown field", FileEffects, func(s string) string { return strings.Replace(s, `"ends"`, `"endz"`, 1) }, []string{FileEffects, "unknown field"}},
		{"missing file", FileScenarios, nil, []string{FileScenarios}},
		{"duplicate id", FileWeapons, func(s string) string { return strings.Replace(s, `"id": "glock-18"`, `"id": "ak-47"`, 1) }, []string{FileWeapons, `weapon "ak-47"`, "id", "duplicate"}},
		{"duplicate gear id across tables", FileArmour, func(s string) string { return strings.Replace(s, `"id": "flak-armour"`, `"id": "ak-47"`, 1) }, []string{FileArmour, `"ak-47"`, "duplicate id (also in weapons.json)"}},
		{"not kebab", FileSkills, func(s string) string { return strings.Replace(s, `"id": "shooting"`, `"id": "Shooting"`, 1) }, []string{FileSkills, "kebab"}},
		{"gap in chart", FileDamageShooting, func(s string) string { return strings.Replace(s, `"from": 10,`, `"from": 11,`, 1) }, []string{FileDamageShooting, "row 2 (from 11)", "from", "gap: totals 10..10"}},
		{"overlap in chart", FileDamageCloseCombat, func(s string) string { return strings.Replace(s, `"from": 12,`, `"from": 11,`, 1) }, []string{FileDamageCloseCombat, "from", "overlap"}},
		{"chart not open-ended", FileDamageShooting, func(s string) string { return strings.Replace(s, `"from": 95,`, `"from": 95, "to": 100,`, 1) }, []string{FileDamageShooting, "open-ended"}},
		{"unknown skill in weapon", FileWeapons, func(s string) string { return strings.Replace(s, `"heavy-weapons"`, `"heavy-weapon"`, 1) }, []string{FileWeapons, `weapon "m249-saw"`, "requiresSkills", `unknown skill "heavy-weapon"`}},
		{"unknown effect in action", FileActions, func(s string) string {
			return strings.Replace(s, `"addsSelf": ["take-cover"]`, `"addsSelf": ["taking-cover"]`, 1)
		}, []string{FileActions, `action "take-cover"`, "addsSelf", "unknown effect"}},
		{"missing name", FileCloseCombat, func(s string) string { return strings.Replace(s, `"name": "Club"`, `"name": ""`, 1) }, []string{FileCloseCombat, `weapon "club"`, "name", "missing"}},
		{"ranged mode without range", FileWeapons, func(s string) string {
			return strings.Replace(s, `"range": {"short": -3, "mid": -6, "long": -12},`, ``, 1)
		}, []string{FileWeapons, `mode "rapid-fire"`, "range", "missing"}},
		{"cc mode with range", FileCloseCombat, func(s string) string { return strings.Replace(s, `"modifier": 1,`, `"range": {"short": 1},`, 1) }, []string{FileCloseCombat, "modifier", "missing"}},
		{"zero targets", FileWeapons, func(s string) string { return strings.Replace(s, `"maxTargets": 10`, `"maxTargets": 0`, 1) }, []string{FileWeapons, `mode "suppressing-fire"`, "maxTargets"}},
		{"suppression over 100", FileWeapons, func(s string) string {
			return strings.Replace(s, `"suppression": {"targeting": 75, "hit": 15}`, `"suppression": {"targeting": 175, "hit": 15}`, 1)
		}, []string{FileWeapons, "suppression.targeting", "0..100"}},
		{"duplicate mode", FileWeapons, func(s string) string { return strings.Replace(s, `"id": "burst-fire"`, `"id": "rapid-fire"`, 1) }, []string{FileWeapons, "mode", "duplicate"}},
		{"rounds without clip", FileCloseCombat, func(s string) string {
			return strings.Replace(s, `"clip": {"name": "fuel can", "rounds": 10, "weightGrams": 2000, "gearValue": 30},`, ``, 1)
		}, []string{FileCloseCombat, "roundsPerAction", "no clip"}},
		{"unknown objective", FileScenarios, func(s string) string {
			return strings.Replace(s, `"objectives": ["eradicate"]`, `"objectives": ["win"]`, 1)
		}, []string{FileScenarios, "objectives", `unknown objective "win"`}},
		{"role max below min", FileScenarios, func(s string) string { return strings.Replace(s, `"max": 4,`, `"max": 1,`, 1) }, []string{FileScenarios, `role "player"`, "max"}},
		{"unreachable skill", FileSkills, func(s string) string { return strings.Replace(s, `"restricted": true`, `"restricted": false`, 1) }, []string{FileSkills, "balean-pusher", "no skill unlocks it"}},
		{"bad morale", FileActions, func(s string) string { return strings.Replace(s, `"morale": "normal"`, `"morale": "happy"`, 1) }, []string{FileActions, "morale"}},
		{"trailing data", FileEffects, func(s string) string { return s + "{}" }, []string{FileEffects, "after"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := dataFS(t)
			if c.edit == nil {
				delete(m, c.file)
			} else {
				before := string(m[c.file].Data)
				after := c.edit(before)
				if after == before {
					t.Fatalf("edit changed nothing in %s", c.file)
				}
				m[c.file] = &fstest.MapFile{Data: []byte(after)}
			}
			_, err := Load(m)
			if err == nil {
				t.Fatal("Load accepted broken data")
			}
			for _, w := range c.wants {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\ndoes not mention %q", err, w)
				}
			}
		})
	}
}

func FuzzLoad(f *testing.F) {
	base := dataFS(f)
	for i, name := range Files {
		f.Add(uint8(i), base[name].Data)
		f.Add(uint8(i), []byte(`{"source":"x"}`))
	}
	f.Add(uint8(0), []byte(`{"characterTypes":[{"id":"human","rootSkill":"nope"}]}`))
	f.Add(uint8(9), []byte(`{"chart":"shooting","rows":[{"from":1,"to":0},{"from":-5}]}`))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		m := fstest.MapFS{}
		for k, v := range base {
			m[k] = v
		}
		name := Files[int(which)%len(Files)]
		m[name] = &fstest.MapFile{Data: data}
		d, err := Load(m)
		if err != nil {
			if d != nil {
				t.Fatal("data with error")
			}
			return
		}
		// A valid set must answer the formulas without panicking.
		for total := -10; total <= 150; total += 7 {
			if d.ShootingChart.Row(total) == nil || d.CloseCombatChart.Row(total) == nil {
				t.Fatal("valid chart without a row")
			}
		}
	})
}
