package content

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/commandconsole/commandconsole/assets"
)

// shipped returns the four shipped content files.
func shipped(t testing.TB) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	for _, name := range []string{TribesFile, CharactersFile, RottersFile, MapsFile} {
		b, err := fs.ReadFile(assets.LandsOfRuin, "landsofruin/"+name)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = &fstest.MapFile{Data: b}
	}
	return out
}

func TestDefaultContent(t *testing.T) {
	c, err := Default()
	if err != nil {
		t.Fatalf("Default: %v", err)
	}
	perTribe := map[string]int{}
	kinds := map[string]bool{}
	for _, ch := range c.Characters {
		perTribe[ch.Tribe]++
		kinds[ch.Kind] = true
	}
	for _, tr := range []string{"baleans", "reclaimers"} {
		if perTribe[tr] < 6 {
			t.Errorf("tribe %s has %d pre-made characters, want at least 6", tr, perTribe[tr])
		}
	}
	for _, k := range []string{KindHero, KindIndependent, KindCloseSupport, KindSlave} {
		if !kinds[k] {
			t.Errorf("no pre-made character of kind %s", k)
		}
	}
	for _, tc := range []struct{ hero, ability, cohort string }{
		{"androphage", "berserker-charge", "androphage-berserkers"},
		{"dorian", "bazooka", "dorian-loaders"},
	} {
		h, ok := c.Character(tc.hero)
		if !ok {
			t.Fatalf("no %s", tc.hero)
		}
		found := false
		for _, a := range h.Abilities {
			found = found || (a.ID == tc.ability && a.RequiresCohort == tc.cohort)
		}
		if !found {
			t.Errorf("%s lacks ability %s unlocked by %s", tc.hero, tc.ability, tc.cohort)
		}
	}
	if d, _ := c.Character("dorian"); d.Abilities[0].UsesPerGame != 1 {
		t.Error("Dorian's bazooka is not once per game")
	}
	for _, id := range []string{"normal", "fast", "fat"} {
		if _, ok := c.Rotter(id); !ok {
			t.Errorf("no Rotter kind %s", id)
		}
	}
	if r, _ := c.Rotter("normal"); r.MoveTenths != 50 {
		t.Errorf("normal Rotters move %d tenths, want 50 (5\")", r.MoveTenths)
	}
	sizes := map[[2]int]bool{}
	for _, m := range c.Maps {
		sizes[[2]int{m.Width, m.Height}] = true
		if len(m.Strips()) != 4 || m.StripTenths <= 0 {
			t.Errorf("map %s has no off-table strips", m.ID)
		}
	}
	if len(c.Maps) < 3 || !sizes[[2]int{480, 480}] || !sizes[[2]int{720, 480}] {
		t.Errorf("maps: %d, sizes %v; want ≥3 with a 4'×4' and a 6'×4'", len(c.Maps), sizes)
	}
}

// TestPremadeLegal checks every pre-made character and team against the
// rules tables of games/landsofruin/rules.
func TestPremadeLegal(t *testing.T) {
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Content.CheckCatalog(d.Catalog); err != nil {
		t.Fatalf("CheckCatalog:\n%v", err)
	}
	for _, team := range d.Content.Teams {
		built, err := BuildTeam(d, team.ID, team.Name, team.Tribe, team.Members, 0)
		if err != nil {
			t.Errorf("team %s: %v", team.ID, err)
			continue
		}
		if built.GearValue <= 0 || built.GearValue > 2000 || built.Models < 2 || built.Models > 10 {
			t.Errorf("team %s: gear value %d, %d models", team.ID, built.GearValue, built.Models)
		}
	}
	for _, tribe := range []string{"baleans", "reclaimers"} {
		n := 0
		for _, team := range d.Content.Teams {
			if team.Tribe == tribe {
				n++
			}
		}
		if n == 0 {
			t.Errorf("no pre-made team for %s", tribe)
		}
	}
}

// replaceIn returns a copy of files with one replacement made in one file;
// it fails the test when old is not there.
func replaceIn(t *testing.T, files fstest.MapFS, name, old, new string) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	for k, v := range files {
		out[k] = v
	}
	s := string(files[name].Data)
	if !strings.Contains(s, old) {
		t.Fatalf("%s does not contain %q", name, old)
	}
	out[name] = &fstest.MapFile{Data: []byte(strings.Replace(s, old, new, 1))}
	return out
}

const oneMap = `{"maps": [{"id": "m", "name": "M", "description": "", "width": 100, "height": 100, "strip": 10,
 "sides": ["south", "north"], "sections": [%s]}]}`

func withSections(t *testing.T, files fstest.MapFS, sections string) fstest.MapFS {
	out := fstest.MapFS{}
	for k, v := range files {
		out[k] = v
	}
	out[MapsFile] = &fstest.MapFile{Data: []byte(strings.Replace(oneMap, "%s", sections, 1))}
	return out
}

func sec(id, pts string) string {
	return `{"id": "` + id + `", "label": "` + id + `", "kind": "open", "polygon": ` + pts + `}`
}

func TestLoadErrors(t *testing.T) {
	base := shipped(t)
	west := sec("west", `[[0,0],[50,0],[50,100],[0,100]]`)
	east := sec("east", `[[50,0],[100,0],[100,100],[50,100]]`)
	for _, tc := range []struct {
		name  string
		files fstest.MapFS
		want  []string // all must appear in the error
	}{
		{"good small map", withSections(t, base, west+","+east), nil},
		{"explicitly closed ring", withSections(t, base, west+","+sec("east", `[[50,0],[100,0],[100,100],[50,100],[50,0]]`)), nil},
		{"missing file", func() fstest.MapFS { f := replaceIn(t, base, MapsFile, "{", "{"); delete(f, RottersFile); return f }(),
			[]string{"rotters.json"}},
		{"bad json", replaceIn(t, base, TribesFile, `"tribes"`, `"tribes" x`), []string{"tribes.json"}},
		{"unknown field", replaceIn(t, base, RottersFile, `"move": 50`, `"move": 50, "speed": 5`), []string{"rotters.json", "speed"}},
		{"duplicate character", replaceIn(t, base, CharactersFile, `"id": "skarn"`, `"id": "whisper"`),
			[]string{"characters.json", `character "whisper"`, "id: duplicate"}},
		{"unknown tribe", replaceIn(t, base, CharactersFile, `"tribe": "baleans"`, `"tribe": "ruunara"`),
			[]string{"characters.json", `character "androphage"`, `tribe: unknown tribe "ruunara"`}},
		{"bad kind", replaceIn(t, base, CharactersFile, `"kind": "independent"`, `"kind": "mob"`),
			[]string{`character "androphage-berserkers"`, `kind: "mob"`}},
		{"cohort of another hero", replaceIn(t, base, CharactersFile, `"hero": "moloch"`, `"hero": "androphage"`),
			[]string{`character "moloch-flayers"`, `hero: "androphage" does not list it`, `its hero is "androphage", not "moloch"`}},
		{"ability needs a cohort the hero lacks", replaceIn(t, base, CharactersFile, `"requires_cohort": "dorian-loaders"`, `"requires_cohort": "varro-legionaries"`),
			[]string{`character "dorian"`, `abilities[0] "bazooka"`, "requires_cohort"}},
		{"accessory on nothing", replaceIn(t, base, CharactersFile, `"on": "mac-10"`, `"on": "ak-47"`),
			[]string{`character "aurel"`, `gear[1] "silencer"`, `on: the character carries no "ak-47"`}},
		{"team of unknown character", replaceIn(t, base, CharactersFile, `"character": "skarn"`, `"character": "nobody"`),
			[]string{`team "androphages-raid"`, `unknown character "nobody"`}},
		{"rotter kind missing", replaceIn(t, base, RottersFile, `"id": "fat"`, `"id": "huge"`), []string{"rotters.json", `kind "fat" is missing`}},
		{"tribe cohort kind unknown", replaceIn(t, base, TribesFile, `"independent",
        "close-support"
      ],`, `"horde"
      ],`),
			[]string{"tribes.json", `tribe "reclaimers"`, `unknown cohort kind "horde"`}},
		{"duplicate map", replaceIn(t, base, MapsFile, `"id": "town-square"`, `"id": "crossroads"`), []string{"maps.json", `map "crossroads"`, "id: duplicate"}},
		{"bad side", replaceIn(t, base, MapsFile, `"sides": ["south", "north"]`, `"sides": ["south", "up"]`),
			[]string{`map "ruined-plaza"`, `sides: "up"`}},
		{"not closed", withSections(t, base, sec("west", `[[0,0],[100,0]]`)), []string{`map "m"`, `section "west"`, "polygon", "at least 3"}},
		{"bow tie", withSections(t, base, sec("west", `[[0,0],[100,100],[100,0],[0,100]]`)), []string{`section "west"`, "polygon", "not simple"}},
		{"outside table and strips", withSections(t, base, west+","+sec("east", `[[50,0],[200,0],[100,100],[50,100]]`)),
			[]string{`section "east"`, "polygon", "(200,0) is outside the table"}},
		{"in a strip", withSections(t, base, west+","+sec("east", `[[50,0],[105,0],[105,100],[50,100]]`)),
			[]string{`section "east"`, "off-table strip"}},
		{"duplicate section", withSections(t, base, west+","+sec("west", `[[50,0],[100,0],[100,100],[50,100]]`)),
			[]string{`section "west"`, "id: duplicate"}},
		{"reserved strip id", withSections(t, base, west+","+sec("off-east", `[[50,0],[100,0],[100,100],[50,100]]`)),
			[]string{`section "off-east"`, "reserved"}},
		{"overlap crossing", withSections(t, base, west+","+sec("east", `[[40,0],[100,0],[100,100],[60,100]]`)),
			[]string{`map "m"`, `section "west" overlaps section "east"`}},
		{"overlap identical", withSections(t, base, west+","+east+","+sec("copy", `[[50,0],[100,0],[100,100],[50,100]]`)),
			[]string{`map "m"`, "overlaps", `"copy"`}},
		{"overlap contained", withSections(t, base, west+","+east+","+sec("inner", `[[60,10],[90,10],[90,90],[60,90]]`)),
			[]string{`map "m"`, "overlaps", `"inner"`}},
		{"gap", withSections(t, base, west+","+sec("east", `[[50,0],[100,0],[100,90],[50,100]]`)),
			[]string{`map "m"`, "do not cover the table", "(97.5,90.5)"}},
		{"gap in the middle", withSections(t, base, sec("west", `[[0,0],[40,0],[40,100],[0,100]]`)+","+east),
			[]string{"do not cover the table", "(40.0,0.5)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(tc.files)
			if len(tc.want) == 0 {
				if err != nil {
					t.Fatalf("Load: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("Load succeeded, want an error with %q", tc.want)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\n lacks %q", err, w)
				}
			}
		})
	}
}

// TestCatalogErrors checks what only the rules tables can tell.
func TestCatalogErrors(t *testing.T) {
	base := shipped(t)
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name          string
		file, old, nw string
		want          []string
	}{
		{"unknown gear", CharactersFile, `"id": "javelin-launcher"`, `"id": "javelin-thrower"`,
			[]string{"characters.json", `character "skarn"`, `unknown gear id "javelin-thrower"`}},
		{"unknown skill", CharactersFile, `"infiltrate",`, `"hide",`, []string{`character "whisper"`, `unknown skill id "hide"`}},
		{"gear value wrong", CharactersFile, `"gear_value": 185`, `"gear_value": 150`,
			[]string{`character "skarn"`, "gear_value: stated 150, computed 185"}},
		{"leadership wrong", CharactersFile, `"leadership": 4`, `"leadership": 9`, []string{`character "dorian"`, "leadership/camouflage/detection: stated 9/"}},
		{"skill requirement", CharactersFile, `"basic-weapons"
      ],
      "gear": [
        {
          "id": "javelin-launcher"`, `"shooting-bonus"
      ],
      "gear": [
        {
          "id": "javelin-launcher"`, []string{`character "skarn"`, `gear[0] "javelin-launcher": requires skill "basic-weapons"`}},
		{"exclusive gear", CharactersFile, `"id": "armour-vest"`, `"id": "balean-plated-armour"`, []string{`character "dorian-loaders"`, `only tribe "baleans" may carry it`}},
		{"unknown exclusive", TribesFile, `"artillery-strike",
        "bazooka"`, `"howitzer",
        "bazooka"`, []string{"tribes.json", `unknown gear id "howitzer"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Load(replaceIn(t, base, tc.file, tc.old, tc.nw))
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			err = c.CheckCatalog(d.Catalog)
			if err == nil {
				t.Fatal("CheckCatalog succeeded")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\n lacks %q", err, w)
				}
			}
		})
	}
}

// TestCheckIDs checks the id-only fallback.
func TestCheckIDs(t *testing.T) {
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	d, _ := DefaultData()
	gear := func(id string) bool { _, ok := d.Catalog.Gear(id); return ok }
	skill := func(id string) bool { _, ok := d.Catalog.Skill(id); return ok }
	if err := c.CheckIDs(gear, skill); err != nil {
		t.Errorf("CheckIDs: %v", err)
	}
	none := func(string) bool { return false }
	if err := c.CheckIDs(none, skill); err == nil || !strings.Contains(err.Error(), `unknown gear id "disk-saw"`) {
		t.Errorf("CheckIDs with no gear = %v", err)
	}
}
