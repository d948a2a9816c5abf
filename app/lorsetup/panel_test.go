package lorsetup

import (
	"bufio"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

var tutorial = map[string]string{"scenario": "two-player-tutorial", "map": "crossroads"}

// TestTutorialSetupByTapping plays the two-player tutorial's setup (as
// games/landsofruin/testdata/two-player-tutorial.jsonl does) by tapping
// only, each seat on its own panel, until the game leaves setup.
func TestTutorialSetupByTapping(t *testing.T) {
	tb := newTable(t, tutorial, nil)
	alice, bob := tb.panels["alice"], tb.panels["bob"]
	golden(t, tb.wins["alice"], "tutorial-alice-start")

	tap(t, alice, "Reclaimers")
	if got := tb.view("alice").Players[0].Role; got != "reclaimers" {
		t.Fatalf("alice's role %q after the tap", got)
	}
	// The role alice took is greyed for bob with the rules' reason.
	r := tiles(bob, "Reclaimers")
	if len(r) != 1 || !strings.Contains(r[0].Disabled, "taken") {
		t.Fatalf("bob's Reclaimers tile: %+v", r)
	}
	tap(t, bob, "Baleans")

	tap(t, alice, "Sit at the south side")
	if s := tiles(bob, "Sit at the south side"); len(s) != 1 || !strings.Contains(s[0].Disabled, "taken by alice") {
		t.Fatalf("bob's south side tile: %+v", s)
	}
	tap(t, bob, "Sit at the north side")

	// Ready is greyed, with what is missing, until the team is chosen.
	rd := tiles(alice, "I am ready")
	if len(rd) != 1 || rd[0].Disabled == "" || !strings.Contains(rd[0].Note, "a team") {
		t.Fatalf("alice's ready before her team: %+v", rd)
	}
	tap(t, alice, "Tutorial: Reclaimers")
	if !hasText(alice, "Your team: Tutorial: Reclaimers, gear value 1060 of 2000") {
		t.Fatalf("alice's team summary missing:\n%s", strings.Join(texts(alice), "\n"))
	}
	tap(t, bob, "Tutorial: Baleans")
	tap(t, alice, "I am ready")
	if !hasText(alice, "Waiting for bob") || !hasText(bob, "alice is ready") {
		t.Fatalf("waiting lines:\nalice: %s\nbob: %s", texts(alice), texts(bob))
	}
	golden(t, tb.wins["bob"], "tutorial-bob-before-ready")
	tap(t, bob, "I am ready")

	if st := tb.s.Status(); st.Summary == "setup" || st.Summary == "pre-game" {
		t.Fatalf("still %s after both said ready", st.Summary)
	}
	if ph := tb.view("alice").Phase; ph != landsofruin.PhaseAction {
		t.Fatalf("phase %s, want action", ph)
	}
	for seat, p := range tb.panels {
		if !hasText(p, "The battle has begun") || p.Error(StepReady) != "" {
			t.Errorf("%s's panel after setup: %s", seat, texts(p))
		}
	}
	if tb.sent["alice"] != 4 || tb.sent["bob"] != 4 {
		t.Errorf("commands sent: %v, want 4 each (a disabled tile sends nothing)", tb.sent)
	}
}

// TestChangeStep reopens a done step and takes another choice.
func TestChangeStep(t *testing.T) {
	tb := newTable(t, tutorial, nil)
	alice := tb.panels["alice"]
	tap(t, alice, "Reclaimers")
	tap(t, alice, "Sit at the south side")
	tap(t, alice, "Change") // the role's
	tap(t, alice, "Baleans")
	if v := tb.view("alice"); v.Players[0].Role != "baleans" || v.Players[0].Side != "south" {
		t.Fatalf("after the change: %+v", v.Players[0])
	}
	if !hasText(alice, "Your role: Baleans") {
		t.Fatalf("no role summary: %s", texts(alice))
	}
}

// TestOtherTeamSecret: bob's panel never names the team alice chose; it
// reads the same whichever team she took.
func TestOtherTeamSecret(t *testing.T) {
	var seen [][]string
	for _, team := range []struct{ id, name string }{{"tutorial-reclaimers", "Tutorial: Reclaimers"}, {"dorians-detachment", "Dorian's Detachment"}} {
		tb := newTable(t, tutorial, nil)
		alice, bob := tb.panels["alice"], tb.panels["bob"]
		tap(t, alice, "Reclaimers")
		tap(t, alice, "Sit at the south side")
		tap(t, bob, "Baleans")
		tap(t, bob, "Sit at the north side")
		tap(t, alice, team.name)
		if tb.view("alice").Players[0].Team != team.id {
			t.Fatalf("alice did not take %s", team.id)
		}
		// Bob's picker lists every pre-made team (public content); what
		// he is told of alice is the same for either choice.
		before := texts(bob)
		tap(t, bob, "Tutorial: Baleans")
		tap(t, alice, "I am ready")
		after := texts(bob)
		if hasText(bob, team.name) {
			t.Errorf("bob's panel names alice's team %q after choosing his:\n%s", team.name, strings.Join(after, "\n"))
		}
		if !hasText(bob, "alice is ready") {
			t.Errorf("bob is not told alice is ready: %s", after)
		}
		seen = append(seen, append(before, after...))
	}
	if !reflect.DeepEqual(seen[0], seen[1]) {
		t.Errorf("bob's panel differs with alice's team:\n%q\n%q", seen[0], seen[1])
	}
}

// customTeam is alice's own team of custom-team.jsonl (Corporal Vance's
// patrol with the infiltrator Ghost).
func customTeam(t *testing.T) landsofruin.CustomTeam {
	t.Helper()
	f, err := os.Open("../../games/landsofruin/testdata/custom-team.jsonl")
	must(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var line struct {
			Cmd    string            `json:"cmd"`
			Args   map[string]string `json:"args"`
			Reject string            `json:"reject"`
		}
		if json.Unmarshal(sc.Bytes(), &line) != nil || line.Cmd != landsofruin.CmdChooseTeam || line.Reject != "" {
			continue
		}
		if js, ok := line.Args["team-json"]; ok {
			ct, err := landsofruin.ParseCustomTeam(js)
			must(t, err)
			return ct
		}
	}
	t.Fatal("no accepted team-json in custom-team.jsonl")
	return landsofruin.CustomTeam{}
}

// TestRosterTeamAndInfiltrators plays custom-team.jsonl's setup by
// tapping: alice's saved team (a roster team), then the pre-game, where
// she places Ghost in secret; bob's panel never shows Ghost or where.
func TestRosterTeamAndInfiltrators(t *testing.T) {
	ct := customTeam(t)
	tb := newTable(t, map[string]string{"scenario": "fight-to-the-death", "map": "crossroads"},
		map[console.Seat]PanelConfig{"alice": {Rosters: []landsofruin.CustomTeam{ct}, Characters: ct.Characters}})
	alice, bob := tb.panels["alice"], tb.panels["bob"]
	tap(t, alice, "Sit at the south side")
	tap(t, bob, "Sit at the north side")
	rt := tiles(alice, "Vance's Patrol")
	if len(rt) != 1 || !strings.Contains(rt[0].Note, "gear value 1380 of 2000") {
		t.Fatalf("alice's roster tile: %+v", rt)
	}
	tap(t, alice, "Vance's Patrol")
	if me := tb.view("alice").Players[0]; !me.CustomTeam || me.Team != ct.ID {
		t.Fatalf("alice's team: %+v", me)
	}
	tap(t, bob, "Night Raiders")
	tap(t, alice, "I am ready")
	tap(t, bob, "I am ready")
	if ph := tb.view("alice").Phase; ph != landsofruin.PhasePreGame {
		t.Fatalf("phase %s, want pre-game", ph)
	}
	if !hasText(alice, "yours (your opponent's)") || !hasText(alice, "1 (1)") {
		t.Fatalf("no Rotter deployment on alice's panel:\n%s", strings.Join(texts(alice), "\n"))
	}
	if !hasText(alice, "Ghost: not placed yet") {
		t.Fatalf("no infiltrator on alice's panel:\n%s", strings.Join(texts(alice), "\n"))
	}
	golden(t, tb.wins["alice"], "pregame-alice")
	tap(t, alice, "H")
	if !hasText(alice, "Ghost: in section H") {
		t.Fatalf("Ghost not shown placed:\n%s", strings.Join(texts(alice), "\n"))
	}
	for _, s := range []string{"Ghost", "Vance's Patrol"} {
		if hasText(bob, s) {
			t.Errorf("bob's panel shows %q:\n%s", s, strings.Join(texts(bob), "\n"))
		}
	}
	tap(t, alice, "I am ready")
	tap(t, bob, "I am ready")
	if ph := tb.view("bob").Phase; ph != landsofruin.PhaseAction {
		t.Fatalf("phase %s after the pre-game, want action", ph)
	}
}

// TestTeamBuilder builds a team of pre-made characters with + and a name,
// the gear value shown live, and plays it.
func TestTeamBuilder(t *testing.T) {
	tb := newTable(t, tutorial, nil)
	alice := tb.panels["alice"]
	tap(t, alice, "Reclaimers")
	tap(t, alice, "Build a team")
	if !hasText(alice, "Gear value 0 of 2000, 0 models. Add characters with +.") {
		t.Fatalf("builder start:\n%s", strings.Join(texts(alice), "\n"))
	}
	// The rows are in the content's order of the Reclaimers: Dorian,
	// his loaders, Varro, his legionaries, Kestrel, Aurel, Brack, Hale.
	plus := plusButtons(t, alice)
	tapButton(plus[5]) // Aurel
	plus = plusButtons(t, alice)
	tapButton(plus[7]) // Hale
	if !hasText(alice, "Gear value 1060 of 2000, 2 models. Give your team a name.") {
		t.Fatalf("builder after two heroes:\n%s", strings.Join(texts(alice), "\n"))
	}
	typeName(t, alice, "Night Watch")
	if !hasText(alice, "Gear value 1060 of 2000, 2 models: ready to play.") {
		t.Fatalf("builder named:\n%s", strings.Join(texts(alice), "\n"))
	}
	// Over the limit: Kestrel (860) and Dorian (546) make 2466.
	plus = plusButtons(t, alice)
	tapButton(plus[4])
	plus = plusButtons(t, alice)
	tapButton(plus[0])
	if !hasText(alice, "Gear value 2466 of 2000") || !hasText(alice, "Not allowed yet") {
		t.Fatalf("builder over the limit:\n%s", strings.Join(texts(alice), "\n"))
	}
	minusButtons(t, alice)[0].Tapped(nil)
	minusButtons(t, alice)[4].Tapped(nil)
	tap(t, alice, "Play this team")
	me := tb.view("alice").Players[0]
	if !me.CustomTeam || me.TeamName != "Night Watch" || me.GearValue != 1060 {
		t.Fatalf("alice's team: %+v", me)
	}
	if !hasText(alice, "Your team: Night Watch, gear value 1060 of 2000 (your own team)") {
		t.Fatalf("no team summary:\n%s", strings.Join(texts(alice), "\n"))
	}
}

// TestRosterTeamUnfit: a saved team over the role's limit is greyed with
// the reason.
func TestRosterTeamUnfit(t *testing.T) {
	ct := customTeam(t)
	ct.Members = append(ct.Members, content.Member{Character: "kestrel"})
	tb := newTable(t, tutorial, map[console.Seat]PanelConfig{"alice": {Rosters: []landsofruin.CustomTeam{ct}}})
	tap(t, tb.panels["alice"], "Reclaimers")
	rt := tiles(tb.panels["alice"], "Vance's Patrol")
	if len(rt) != 1 || !strings.Contains(rt[0].Disabled, "over the maximum of 2000") {
		t.Fatalf("roster tile: %+v", rt)
	}
}

// TestRefusalShown: a refused command's message is shown at its step.
func TestRefusalShown(t *testing.T) {
	refuse := func(cmd string, args map[string]any) error {
		return console.Reject("the table is not ready for %s", cmd)
	}
	tb := newTable(t, tutorial, nil)
	p := NewPanel(tb.view("alice"), refuse, PanelConfig{})
	tap(t, p, "Reclaimers")
	if p.Error(StepRole) != "the table is not ready for choose-role" || !hasText(p, "the table is not ready for choose-role") {
		t.Fatalf("refusal not shown: %q %s", p.Error(StepRole), texts(p))
	}
}

// TestSeatChangeForgets: a panel given another seat's view keeps nothing
// of the previous seat's half-built team or refusals.
func TestSeatChangeForgets(t *testing.T) {
	tb := newTable(t, tutorial, nil)
	alice := tb.panels["alice"]
	tap(t, alice, "Reclaimers")
	tap(t, alice, "Build a team")
	plusButtons(t, alice)[5].Tapped(nil)
	typeName(t, alice, "Secret Plan")
	alice.Update(tb.view("bob"))
	if hasText(alice, "Secret Plan") || hasText(alice, "Build your team") {
		t.Fatalf("bob sees alice's builder:\n%s", strings.Join(texts(alice), "\n"))
	}
}

// TestNarrow: every step fits a 400-px-wide phone, at the normal text
// size and at twice it.
func TestNarrow(t *testing.T) {
	t.Run("normal text", testNarrow)
	t.Run("large text", func(t *testing.T) {
		s := fyne.CurrentApp().Settings()
		old := s.Theme()
		s.SetTheme(largeText{theme.DefaultTheme()})
		defer s.SetTheme(old)
		testNarrow(t)
	})
}

// largeText is a theme with text twice the size.
type largeText struct{ fyne.Theme }

func (l largeText) Size(n fyne.ThemeSizeName) float32 {
	s := l.Theme.Size(n)
	switch n {
	case theme.SizeNameText, theme.SizeNameSubHeadingText, theme.SizeNameHeadingText, theme.SizeNameCaptionText:
		return 2 * s
	}
	return s
}

func testNarrow(t *testing.T) {
	ct := customTeam(t)
	tb := newTable(t, map[string]string{"scenario": "fight-to-the-death", "map": "crossroads"},
		map[console.Seat]PanelConfig{"alice": {Rosters: []landsofruin.CustomTeam{ct}, Characters: ct.Characters}})
	alice, bob := tb.panels["alice"], tb.panels["bob"]
	check := func(step string) {
		t.Helper()
		if w := alice.MinSize().Width; w > 400 {
			t.Errorf("%s: alice's panel is %v wide", step, w)
		}
	}
	check("start")
	tap(t, alice, "Build a team")
	check("builder")
	tap(t, alice, "New character")
	check("new character")
	tap(t, alice, "Back to the team")
	tap(t, alice, "Back to the teams")
	tap(t, alice, "Sit at the south side")
	tap(t, bob, "Sit at the north side")
	tap(t, alice, "Vance's Patrol")
	tap(t, bob, "Night Raiders")
	tap(t, alice, "I am ready")
	check("ready")
	tap(t, bob, "I am ready")
	check("pre-game")
	if w := NewGame(NewGameConfig{}).MinSize().Width; w > 400 {
		t.Errorf("the new-game form is %v wide", w)
	}
}

// TestDoubleTapSendsOnce: until the new view comes (Update), a second tap
// sends nothing; a refusal leaves the panel free.
func TestDoubleTapSendsOnce(t *testing.T) {
	tb := newTable(t, tutorial, nil)
	var sent []string
	var refuse bool
	act := func(cmd string, args map[string]any) error {
		sent = append(sent, cmd)
		if refuse {
			return console.Reject("no")
		}
		return nil // accepted; the new view comes later
	}
	p := NewPanel(tb.view("alice"), act, PanelConfig{})
	tap(t, p, "Reclaimers")
	tap(t, p, "Reclaimers")
	if len(sent) != 1 {
		t.Fatalf("sent %v, want one command", sent)
	}
	p.Update(tb.view("alice"))
	refuse = true
	tap(t, p, "Baleans")
	tap(t, p, "Baleans")
	if len(sent) != 3 {
		t.Fatalf("sent %v, want a refused command to leave the panel free", sent)
	}
}

// TestNewCharacter makes a hero of one's own (Ghost of custom-team.jsonl:
// infiltrate, shooting and basic weapons, an LD-125 with two clips and a
// camouflage cloak), puts it in a team with Sister Aurel and plays it.
func TestNewCharacter(t *testing.T) {
	var saved []content.Character
	var teams []landsofruin.CustomTeam
	tb := newTable(t, tutorial, map[console.Seat]PanelConfig{"alice": {
		OnSaveCharacter: func(c content.Character) { saved = append(saved, c) },
		OnSaveTeam:      func(ct landsofruin.CustomTeam) { teams = append(teams, ct) }}})
	alice := tb.panels["alice"]
	tap(t, alice, "Reclaimers")
	tap(t, alice, "Build a team")
	tap(t, alice, "New character")
	typeName(t, alice, "Grey Ghost")
	for _, s := range []string{"Infiltrate", "Shooting"} {
		tap(t, alice, s)
	}
	test.Tap(counterButton(t, alice, "LD-125 —", "+"))
	if !hasText(alice, "Not allowed yet") || !strings.Contains(strings.Join(texts(alice), "\n"), "requires skill \"basic-weapons\"") {
		t.Fatalf("no complaint about the missing skill:\n%s", strings.Join(texts(alice), "\n"))
	}
	tap(t, alice, "Basic weapons")
	test.Tap(counterButton(t, alice, "    ammunition for the LD-125", "+"))
	test.Tap(counterButton(t, alice, "    ammunition for the LD-125", "+"))
	test.Tap(counterButton(t, alice, "Camouflage cloak —", "+"))
	if !hasText(alice, "Gear value 365; leadership 1, camouflage 18, detection 10.") {
		t.Fatalf("totals:\n%s", strings.Join(texts(alice), "\n"))
	}
	tap(t, alice, "Add this character")
	if len(saved) != 1 || saved[0].ID != "own-grey-ghost" || saved[0].GearValue != 365 {
		t.Fatalf("saved %+v", saved)
	}
	test.Tap(counterButton(t, alice, "Grey Ghost —", "+"))
	test.Tap(counterButton(t, alice, "Sister Aurel —", "+"))
	typeName(t, alice, "Ghost Squad")
	if !hasText(alice, "Gear value 755 of 2000, 2 models: ready to play.") {
		t.Fatalf("team totals:\n%s", strings.Join(texts(alice), "\n"))
	}
	tap(t, alice, "Play this team")
	me := tb.view("alice").Players[0]
	if !me.CustomTeam || me.TeamName != "Ghost Squad" || me.GearValue != 755 {
		t.Fatalf("alice's team: %+v", me)
	}
	if len(teams) != 1 || teams[0].Name != "Ghost Squad" || len(teams[0].Characters) != 1 {
		t.Fatalf("saved teams %+v", teams)
	}
	// The saved team plays again as it is.
	if _, err := landsofruin.CheckCustomTeam(teams[0], 2000); err != nil {
		t.Fatalf("the saved team does not check: %v", err)
	}
	// Bob is told a team is chosen, nothing of it.
	bob := tb.panels["bob"]
	for _, s := range []string{"Ghost", "755"} {
		if hasText(bob, s) {
			t.Errorf("bob's panel shows %q", s)
		}
	}
}
