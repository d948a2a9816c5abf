package landsofruin

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

// ownTeam is a legal team of a player's own: Vance and his riflemen, the
// infiltrator Ghost, and the pre-made Sister Aurel.
func ownTeam(t testing.TB) CustomTeam {
	t.Helper()
	d := data().team
	chars := []content.Character{
		{ID: "vance", Name: "Corporal Vance", Tribe: "reclaimers", Type: "human", Kind: content.KindHero, Cohorts: []string{"vance-riflemen"},
			Skills: []string{"shooting", "basic-weapons", "leadership-bonus"}, Gear: []content.GearItem{{ID: "ak-47", Clips: 2}, {ID: "armour-vest"}}},
		{ID: "vance-riflemen", Name: "Vance's Riflemen", Tribe: "reclaimers", Type: "human", Kind: content.KindIndependent, Hero: "vance",
			Skills: []string{"shooting", "basic-weapons"}, Gear: []content.GearItem{{ID: "ld-125", Clips: 2}, {ID: "armour-vest"}}},
		{ID: "ghost", Name: "Ghost", Tribe: "reclaimers", Type: "human", Kind: content.KindHero,
			Skills: []string{"infiltrate", "shooting", "basic-weapons"}, Gear: []content.GearItem{{ID: "ld-125", Clips: 2}, {ID: "camouflage-cloak"}}},
	}
	d.Custom = chars
	for i := range chars {
		ch, err := content.BuildCharacter(d, chars[i])
		if err != nil {
			t.Fatal(err)
		}
		chars[i] = ch
	}
	return CustomTeam{ID: "vances-patrol", Name: "Vance's Patrol", Tribe: "reclaimers", Characters: chars,
		Members: []content.Member{{Character: "vance"}, {Character: "vance-riflemen", Count: 2}, {Character: "ghost"}, {Character: "aurel"}}}
}

func teamJSON(t testing.TB, ct CustomTeam) string {
	t.Helper()
	b, err := json.Marshal(ct)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestCustomTeamRefusals checks each refusal names what is wrong.
func TestCustomTeamRefusals(t *testing.T) {
	cases := []struct {
		name   string
		change func(*CustomTeam)
		want   string
	}{
		{"unknown gear", func(c *CustomTeam) { c.Characters[2].Gear[0].ID = "laser-rifle" }, "Ghost: carries gear this game does not know"},
		{"skill missing", func(c *CustomTeam) { c.Characters[0].Skills = []string{"shooting", "leadership-bonus"} },
			"Corporal Vance: the AK-47 needs the skill Basic weapons"},
		{"over the limit", func(c *CustomTeam) { c.Members = append(c.Members, content.Member{Character: "kestrel"}) },
			"gear value 2240 is over the maximum of 2000"},
		{"unknown member", func(c *CustomTeam) { c.Members[3].Character = "nobody" }, "the team lists \"nobody\", a character this game does not know"},
		{"bad id", func(c *CustomTeam) { c.Characters[2].ID = "Ghost One" }, `character id "Ghost One": use 1–40 lower-case`},
		{"twice", func(c *CustomTeam) { c.Characters = append(c.Characters, c.Characters[2]) }, "Ghost defined twice"},
		{"premade changed", func(c *CustomTeam) {
			k, _ := data().cont.Character("kestrel")
			kc := *k
			kc.Name = "Kes"
			c.Characters = append(c.Characters, kc)
		}, "Kes has the id of a pre-made character but differs from it"},
		{"premade team id", func(c *CustomTeam) { c.ID = "night-raiders" }, "your team's id is the one of Night Raiders"},
		{"no name", func(c *CustomTeam) { c.Name = " " }, "team name"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ct := ownTeam(t)
			tc.change(&ct)
			g := start(t, twoPlayers(1, nil))
			_, err := g.try(do("ana", CmdChooseTeam, "team-json", teamJSON(t, ct)))
			if err == nil || !console.IsRejection(err) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want a refusal containing %q", err, tc.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("the refusal spans several lines: %q", err)
			}
			if b := badWords(err.Error()); b != "" {
				t.Errorf("the refusal %q holds %s", err, b)
			}
		})
	}
	// A verbatim copy of a pre-made character is the pre-made one.
	ct := ownTeam(t)
	k, _ := data().cont.Character("aurel")
	ct.Characters = append(ct.Characters, *k)
	got, err := CheckCustomTeam(ct, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Characters) != 3 || got.GearValue != 1380 || got.Models != 5 {
		t.Errorf("checked team: %d characters, gear value %d, %d models; want 3, 1380, 5", len(got.Characters), got.GearValue, got.Models)
	}
}

// TestCustomTeamPlays plays a player's own team: the event carries it
// whole (a replay from the log alone builds the same characters), and the
// other seat is told its name and gear value, never its members.
func TestCustomTeamPlays(t *testing.T) {
	g := start(t, twoPlayers(3, nil))
	g.must(
		do("ana", CmdChooseSide, "side", "south"), do("ana", CmdChooseTeam, "team-json", teamJSON(t, ownTeam(t))),
		do("ben", CmdChooseSide, "side", "north"), do("ben", CmdChooseTeam, "team", "night-raiders"))
	r := New()
	// The team's id and name are public, as a pre-made team's.
	public := strings.NewReplacer("Vance's Patrol", "", "vances-patrol", "")
	check := func(where string, secrets ...string) {
		t.Helper()
		for _, seat := range []console.Seat{"ben", console.Public} {
			b, err := json.Marshal(r.View(g.s, seat))
			if err != nil {
				t.Fatal(err)
			}
			blobs := []string{public.Replace(string(b))}
			for i, e := range g.log {
				before, err := r.DecodeState(g.before[i])
				if err != nil {
					t.Fatal(err)
				}
				if line, ok := r.Describe(before, e, seat); ok {
					blobs = append(blobs, public.Replace(line))
				}
			}
			for _, blob := range blobs {
				for _, s := range secrets {
					if strings.Contains(blob, s) {
						t.Fatalf("%s: %s receives %q of ana's own team:\n%s", where, seat, s, blob)
					}
				}
			}
		}
	}
	check("after choose-team", "Corporal", "vance-riflemen", "Riflemen", `"vance"`, "ghost", "Ghost", "ld-125", "aurel", "Aurel")
	v := r.View(g.s, "ben").(View)
	// Others are told only that a team was chosen (teamsecrecy.go).
	if p := v.Players[0]; p.CustomTeam || p.TeamName != "" || p.GearValue != 0 || !p.TeamChosen {
		t.Errorf("ben sees ana as %+v", p)
	}
	if p := r.View(g.s, "ana").(View).Players[0]; !p.CustomTeam || p.TeamName != "Vance's Patrol" || p.GearValue != 1380 {
		t.Errorf("ana sees herself as %+v", p)
	}
	g.must(do("ana", CmdReady), do("ben", CmdReady))
	if got := g.st().Players[0].Custom; got == nil || len(got.Characters) != 3 {
		t.Fatalf("ana's own team in the state: %+v", got)
	}
	var ids []string
	for _, c := range g.st().Chars {
		if c.Owner == 0 {
			ids = append(ids, c.ID)
		}
	}
	if want := "p1-vance p1-vance-riflemen-1 p1-vance-riflemen-2 p1-ghost p1-aurel"; strings.Join(ids, " ") != want {
		t.Errorf("ana's characters %v, want %s", ids, want)
	}
	if c := g.st().char("p1-ghost"); c == nil || !c.hidden() {
		t.Errorf("Ghost does not start hidden: %+v", c)
	}
	// The visible characters are on the table for all to see; the hidden
	// infiltrator is not.
	check("after the start", "ghost", "Ghost")
	// Replay from the events alone gives the same state.
	s, err := r.New(twoPlayers(3, nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range g.log {
		if s, err = r.Apply(s, e); err != nil {
			t.Fatal(err)
		}
	}
	if string(mustEncode(t, s)) != string(mustEncode(t, g.s)) {
		t.Error("replaying the log gives another state")
	}
}
