package content

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

func teamData(t *testing.T) Data {
	t.Helper()
	d, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestBuildTeamErrors(t *testing.T) {
	d := teamData(t)
	// A player's own characters: a Balean hero leading a slave cohort
	// without the Slaver skill, an overloaded flamer and a Reclaimer with a
	// restricted skill.
	custom := []Character{
		{ID: "gorn", Name: "Gorn", Tribe: "baleans", Type: "human", Kind: KindHero, Cohorts: []string{"gorn-slaves"},
			Skills: []string{"close-combat-training", "basic-cc-weapons"}, Gear: []GearItem{{ID: "balean-warblades"}}},
		{ID: "gorn-slaves", Name: "Gorn's slaves", Tribe: "baleans", Type: "human", Kind: KindSlave, Hero: "gorn",
			Gear: []GearItem{{ID: "improvised-weapon"}}},
		{ID: "mule", Name: "Mule", Tribe: "baleans", Type: "human", Kind: KindHero,
			Skills: []string{"shooting", "heavy-weapons"}, Gear: []GearItem{{ID: "flame-thrower", Count: 3, Clips: 9}}},
		{ID: "spotter", Name: "Spotter", Tribe: "reclaimers", Type: "human", Kind: KindHero,
			Skills: []string{"artillery-target"}, Gear: []GearItem{{ID: "artillery-strike"}}},
	}
	for i := range custom {
		tot, err := d.CharacterTotals(&custom[i])
		if err != nil {
			t.Fatal(err)
		}
		custom[i].GearValue = tot.GearValue
		ld, camo, det, _ := d.Catalog.(Deriver).Derived(&custom[i])
		custom[i].Leadership, custom[i].Camouflage, custom[i].Detection = ld, camo, det
	}
	d.Custom = custom
	m := func(id string, n int) Member { return Member{Character: id, Count: n} }
	for _, tc := range []struct {
		name    string
		tribe   string
		members []Member
		limit   int
		want    []string
	}{
		{"legal", "baleans", []Member{m("androphage", 0), m("androphage-berserkers", 2)}, 0, nil},
		{"over the gear limit", "baleans", []Member{m("androphage", 0), m("androphage-berserkers", 3)}, 600,
			[]string{"gear value 670 is over the maximum of 600"}},
		{"default limit 2000", "reclaimers", []Member{m("dorian", 0), m("dorian-loaders", 3), m("kestrel", 0), m("hale", 0)}, 0,
			[]string{"over the maximum of 2000"}},
		{"cohort without its hero", "baleans", []Member{m("skarn", 0), m("androphage-berserkers", 2)}, 0,
			[]string{`cohort "androphage-berserkers": its hero "androphage" is not in the team`}},
		{"too many members", "baleans", []Member{m("thanatos", 0), m("thanatos-slaves", 4)}, 0,
			[]string{"count 4: a slave cohort brings 1–3 members"}},
		{"cohort of none", "baleans", []Member{m("thanatos", 0), m("thanatos-slaves", 0)}, 0,
			[]string{"count 0"}},
		{"slave gear without slaves", "baleans", []Member{m("thanatos", 0), m("skarn", 0)}, 0,
			[]string{`"thanatos": gear[2] "balean-slave" needs a slave cohort`}},
		{"slaves need the Slaver skill", "baleans", []Member{m("gorn", 0), m("gorn-slaves", 2)}, 0,
			[]string{`a slave cohort needs its hero "gorn" to have skill "balean-slaver"`}},
		{"overloaded", "baleans", []Member{m("mule", 0), m("skarn", 0)}, 5000,
			[]string{`character "mule": carries 108000 g, more than the maximum load of 100000 g`}},
		{"restricted skill", "reclaimers", []Member{m("spotter", 0), m("aurel", 0)}, 0,
			[]string{`skills[0] "artillery-target": comes only with pre-made characters`}},
		{"wrong tribe", "reclaimers", []Member{m("skarn", 0), m("aurel", 0)}, 0,
			[]string{`"skarn": is of tribe "baleans", the team is "reclaimers"`}},
		{"taken twice", "reclaimers", []Member{m("aurel", 0), m("aurel", 0)}, 0, []string{"taken twice"}},
		{"too few models", "reclaimers", []Member{m("aurel", 0)}, 0, []string{"1 models: a team fields 2–10"}},
		{"unknown", "reclaimers", []Member{m("ghost", 0), m("aurel", 0)}, 0, []string{`"ghost": unknown character`}},
		{"empty", "reclaimers", nil, 0, []string{"has no characters"}},
		{"unknown tribe", "ruunara", []Member{m("aurel", 0), m("hale", 0)}, 0, []string{`unknown tribe "ruunara"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			team, err := BuildTeam(d, "t", tc.name, tc.tribe, tc.members, tc.limit)
			if len(tc.want) == 0 {
				if err != nil {
					t.Fatalf("BuildTeam: %v", err)
				}
				if team.GearValue != 295+2*125 || team.Models != 3 {
					t.Errorf("totals %d GV, %d models; want 545, 3", team.GearValue, team.Models)
				}
				return
			}
			if err == nil {
				t.Fatalf("BuildTeam succeeded, want %q", tc.want)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\n lacks %q", err, w)
				}
			}
		})
	}
}

func TestBuildCharacterAndRosterRoundTrip(t *testing.T) {
	d := teamData(t)
	ch, err := BuildCharacter(d, Character{ID: "rook", Name: "Rook", Tribe: "reclaimers", Type: "human", Kind: KindHero,
		Skills: []string{"shooting", "basic-weapons", "leadership-bonus"}, Gear: []GearItem{{ID: "ak-47", Clips: 3}, {ID: "armour-vest"}},
		Leadership: 2, Camouflage: -2, Detection: 10})
	if err != nil {
		t.Fatalf("BuildCharacter: %v", err)
	}
	if want := 100 + 10 + 10 + 100 + 3*25 + 15; ch.GearValue != want {
		t.Errorf("gear value %d, want %d", ch.GearValue, want)
	}
	if _, err := BuildCharacter(d, Character{ID: "x", Name: "X", Tribe: "reclaimers", Type: "human", Kind: KindHero,
		Skills: []string{"rifle-specialisation"}}); err == nil || !strings.Contains(err.Error(), "needs one of") {
		t.Errorf("skill without its prerequisite: %v", err)
	}
	d.Custom = []Character{ch}
	team, err := BuildTeam(d, "mine", "Mine", "reclaimers", []Member{{Character: "rook"}, {Character: "aurel"}}, 0)
	if err != nil {
		t.Fatal(err)
	}
	r := Roster{Owner: "anna", Characters: []Character{ch}, Teams: []Team{team}}
	b, err := console.Encode(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Roster
	if err := console.Decode(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, r) {
		t.Errorf("msgpack round trip:\n got %+v\nwant %+v", back, r)
	}
	j, err := MarshalRoster(r)
	if err != nil {
		t.Fatal(err)
	}
	back2, err := UnmarshalRoster(j)
	if err != nil || !reflect.DeepEqual(back2, r) {
		t.Errorf("JSON round trip: %v\n got %+v", err, back2)
	}
	if err := Validate(back.Teams[0], Data{Content: d.Content, Catalog: d.Catalog, Custom: back.Characters}, 0); err != nil {
		t.Errorf("the decoded team no longer validates: %v", err)
	}
	var p Point
	if err := json.Unmarshal([]byte(`[1,2,3]`), &p); err == nil {
		t.Error("a point of three numbers decoded")
	}
	if _, err := UnmarshalRoster([]byte("{")); err == nil {
		t.Error("UnmarshalRoster accepted junk")
	}
}

// TestMapCatalog checks the JSON-readable catalog other sources adapt to.
func TestMapCatalog(t *testing.T) {
	var mc MapCatalog
	if err := json.Unmarshal([]byte(`{"gear": {"knife": {"id": "knife", "kind": "close-combat", "gear_value": 5, "weight_grams": 1000}},
		"skills": {"b": {"id": "b", "gear_value": 1}, "a": {"id": "a", "gear_value": 2, "unlocks": ["b"]}}}`), &mc); err != nil {
		t.Fatal(err)
	}
	if g, ok := mc.Gear("knife"); !ok || g.GearValue != 5 {
		t.Errorf("Gear(knife) = %+v, %v", g, ok)
	}
	if got := mc.SkillIDs(); !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Errorf("SkillIDs = %v", got)
	}
}
