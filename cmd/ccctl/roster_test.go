package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Roster files of the tests: Vance and his riflemen (a hero and its cohort,
// added together), Ghost (an infiltrator) and a team of them with the
// pre-made Sister Aurel.
const (
	vanceJSON = `[
  {"id": "vance", "name": "Corporal Vance", "tribe": "reclaimers", "type": "human", "kind": "hero",
   "cohorts": ["vance-riflemen"], "skills": ["shooting", "basic-weapons", "leadership-bonus"],
   "gear": [{"id": "ak-47", "clips": 2}, {"id": "armour-vest"}]},
  {"id": "vance-riflemen", "name": "Vance's Riflemen", "tribe": "reclaimers", "type": "human", "kind": "independent",
   "hero": "vance", "skills": ["shooting", "basic-weapons"], "gear": [{"id": "ld-125", "clips": 2}, {"id": "armour-vest"}]}
]`
	ghostJSON = `{"id": "ghost", "name": "Ghost", "tribe": "reclaimers", "type": "human", "kind": "hero",
  "skills": ["infiltrate", "shooting", "basic-weapons"], "gear": [{"id": "ld-125", "clips": 2}, {"id": "camouflage-cloak"}]}`
	patrolJSON = `{"id": "vances-patrol", "name": "Vance's Patrol", "tribe": "reclaimers",
  "members": [{"character": "vance"}, {"character": "vance-riflemen", "count": 2}, {"character": "ghost"}, {"character": "aurel"}]}`
)

// writeFile writes text into a file of dir and returns its path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// fillRoster adds Vance, his riflemen, Ghost and Vance's Patrol to db.
func fillRoster(t *testing.T, db string) {
	t.Helper()
	dir := t.TempDir()
	added := okJSON(t, db, "roster", "add-character", writeFile(t, dir, "vance.json", vanceJSON))
	if got := get(t, added, "added", 0, "character", "gear_value"); got != 285.0 {
		t.Errorf("Vance's computed gear value: got %v, want 285", got)
	}
	if got := get(t, added, "added", 0, "character", "leadership"); got != 2.0 {
		t.Errorf("Vance's derived leadership: got %v, want 2", got)
	}
	okJSON(t, db, "roster", "add-character", writeFile(t, dir, "ghost.json", ghostJSON))
	team := okJSON(t, db, "roster", "add-team", writeFile(t, dir, "patrol.json", patrolJSON))
	if got := get(t, team, "team", "gear_value"); got != 1380.0 {
		t.Errorf("team gear value: got %v, want 1380", got)
	}
	if got := len(get(t, team, "team", "characters").([]any)); got != 3 {
		t.Errorf("the team is stored with %d characters of its own, want 3 (Vance, his riflemen, Ghost)", got)
	}
}

func TestRosterVerbs(t *testing.T) {
	db := tempDB(t)
	if v := okJSON(t, db, "roster", "list"); len(get(t, v, "characters").([]any)) != 0 || len(get(t, v, "teams").([]any)) != 0 {
		t.Errorf("an empty roster lists %v", v)
	}
	fillRoster(t, db)
	list := okJSON(t, db, "roster", "list")
	if got := len(get(t, list, "characters").([]any)); got != 3 {
		t.Errorf("%d characters listed, want 3", got)
	}
	if got := get(t, list, "teams", 0, "name"); got != "vances-patrol" {
		t.Errorf("teams[0]: got %v", got)
	}
	if v := okJSON(t, db, "roster", "list", "--kind", "teams"); get(t, v, "characters") != nil {
		t.Errorf("--kind teams lists characters: %v", v)
	}
	if got := get(t, okJSON(t, db, "roster", "show", "ghost"), "character", "camouflage"); got != 18.0 {
		t.Errorf("Ghost's camouflage: got %v, want 18", got)
	}
	// Replacing a character leaves the team's resolved copy alone.
	dir := t.TempDir()
	heavier := strings.Replace(ghostJSON, `{"id": "camouflage-cloak"}`, `{"id": "camouflage-cloak"}, {"id": "armour-vest"}`, 1)
	if got := get(t, okJSON(t, db, "roster", "add-character", writeFile(t, dir, "g.json", heavier)), "added", 0, "replaced"); got != true {
		t.Errorf("replaced: got %v", got)
	}
	if got := get(t, okJSON(t, db, "roster", "show", "vances-patrol"), "team", "gear_value"); got != 1380.0 {
		t.Errorf("the stored team changed with the character: gear value %v", got)
	}
	if got := get(t, okJSON(t, db, "roster", "delete", "ghost"), "deleted"); got != true {
		t.Errorf("delete: got %v", got)
	}

	file := func(name, text string) string { return writeFile(t, dir, name, text) }
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no sub-command", []string{"roster"}, "missing arguments"},
		{"unknown sub-command", []string{"roster", "rename", "x"}, `unknown roster sub-command "rename"`},
		{"bad kind", []string{"roster", "list", "--kind", "rotters"}, `--kind "rotters"`},
		{"show unknown", []string{"roster", "show", "nobody"}, `no character, team or card "nobody" in the roster`},
		{"delete unknown", []string{"roster", "delete", "ghost"}, `no character, team or card "ghost"`},
		{"no file", []string{"roster", "add-character", filepath.Join(dir, "none.json")}, "no such file"},
		{"not json", []string{"roster", "add-character", file("junk.json", "{")}, "not a character"},
		{"unknown field", []string{"roster", "add-character", file("f.json", `{"id": "x", "armour": 3}`)}, `unknown field "armour"`},
		{"unknown gear", []string{"roster", "add-character", file("g.json", strings.Replace(ghostJSON, "ld-125", "laser-rifle", 1))},
			`unknown gear id "laser-rifle"`},
		{"skill missing", []string{"roster", "add-character", file("s.json", strings.Replace(ghostJSON, `"shooting", "basic-weapons"`, `"shooting"`, 1))},
			`gear[0] "ld-125": requires skill "basic-weapons"`},
		{"too heavy", []string{"roster", "add-character", file("h.json", strings.Replace(ghostJSON, `{"id": "camouflage-cloak"}`, `{"id": "camouflage-cloak", "count": 99}`, 1))},
			"more than the maximum load"},
		{"pre-made id", []string{"roster", "add-character", file("k.json", strings.Replace(ghostJSON, `"ghost"`, `"kestrel"`, 1))},
			`"kestrel" is a pre-made character's`},
		{"bad id", []string{"roster", "add-character", file("i.json", strings.Replace(ghostJSON, `"ghost"`, `"Ghost 2"`, 1))},
			`character id "Ghost 2"`},
		{"name of a team", []string{"roster", "add-character", file("n.json", strings.Replace(ghostJSON, `"ghost"`, `"vances-patrol"`, 1))},
			"is the name of a team"},
		{"member unknown", []string{"roster", "add-team", file("t1.json", patrolJSON)}, `character "ghost" is neither pre-made nor in the roster`},
		{"over the limit", []string{"roster", "add-team", file("t2.json", strings.Replace(patrolJSON, `{"character": "ghost"}`, `{"character": "kestrel"}, {"character": "brack"}`, 1))},
			"gear value 2350 is over the maximum of 2000"},
		{"team of a character's name", []string{"roster", "add-team", file("t3.json", strings.Replace(patrolJSON, `"vances-patrol"`, `"vance"`, 1))},
			"is the id of a character"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := ccctl(t, db, "", tc.args...)
			refusal(t, r, tc.want)
		})
	}
	// A higher maximum lets the big team in.
	okJSON(t, db, "roster", "add-team", "--max-gear-value", "3000",
		file("t4.json", strings.Replace(patrolJSON, `{"character": "ghost"}`, `{"character": "kestrel"}, {"character": "brack"}`, 1)))
}

// TestRosterGame builds a team in the roster, plays it in a Fight to the
// Death (choose-team roster=NAME), and resumes the game after the roster
// entries are gone: the game keeps the team in its own log.
func TestRosterGame(t *testing.T) {
	db := tempDB(t)
	fillRoster(t, db)
	created := okJSON(t, db, "new", "--system", "landsofruin", "--seats", "alice,bob", "--seed", "5",
		"--option", "scenario=fight-to-the-death")
	id := created["id"].(string)
	okJSON(t, db, "do", id, "--seat", "alice", "choose-side", "side=south")
	okJSON(t, db, "do", id, "--seat", "bob", "choose-side", "side=north")

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"choose-team", "roster=nobody"}, `no team "nobody" in the roster`},
		{[]string{"choose-team", "roster=vances-patrol", "team=night-raiders"}, "not both"},
		{[]string{"choose-team", "team=night-raiders", "team-json={}"}, "not both or neither"},
		{[]string{"choose-team", `team-json={"id":"mine","name":"Mine","tribe":"reclaimers","members":[{"character":"nobody"}]}`}, `the team lists "nobody", a character this game does not know`},
	} {
		r := ccctl(t, db, "", append([]string{"do", id, "--seat", "alice"}, tc.args...)...)
		refusal(t, r, tc.want)
	}

	did := okJSON(t, db, "do", id, "--seat", "alice", "choose-team", "roster=vances-patrol")
	if got := get(t, did, "view", "players", 0, "custom_team"); got != true {
		t.Errorf("alice's team is not marked her own: %v", get(t, did, "view", "players", 0))
	}
	okJSON(t, db, "do", id, "--seat", "bob", "choose-team", "team=night-raiders")
	okJSON(t, db, "do", id, "--seat", "alice", "ready")
	okJSON(t, db, "do", id, "--seat", "bob", "ready")
	okJSON(t, db, "do", id, "--seat", "alice", "infiltrate", "character=ghost", "section=sw-block")
	okJSON(t, db, "do", id, "--seat", "bob", "infiltrate", "character=whisper", "section=crossing")
	okJSON(t, db, "do", id, "--seat", "alice", "ready")
	okJSON(t, db, "do", id, "--seat", "bob", "ready")

	// The roster may change now: the game does not read it.
	okJSON(t, db, "roster", "delete", "vances-patrol")
	okJSON(t, db, "roster", "delete", "vance")
	okJSON(t, db, "roster", "delete", "ghost")

	first := get(t, okJSON(t, db, "view", id, "--seat", "alice"), "view", "current").(string)
	if first != "alice" {
		t.Fatalf("the drawn first player is %s; the test expects alice (seed 5)", first)
	}
	okJSON(t, db, "do", id, "--seat", "alice", "move", "character=vance", "section=south-street")
	okJSON(t, db, "do", id, "--seat", "alice", "move", "character=vance-riflemen-1", "section=south-street")
	if r := ccctl(t, db, "", "do", id, "--seat", "alice", "move", "character=ghost", "section=south-street"); r.code != 1 ||
		!strings.Contains(r.stderr, "hidden characters cannot move") {
		t.Errorf("moving hidden Ghost: exit %d, %q", r.code, r.stderr)
	}
	okJSON(t, db, "do", id, "--seat", "alice", "end-phase")
	okJSON(t, db, "do", id, "--seat", "alice", "end-phase")
	okJSON(t, db, "do", id, "--seat", "alice", "assign", "character=vance", "action=shoot")

	// Resume: a fresh call replays the save file.
	alice := okJSON(t, db, "view", id, "--seat", "alice")
	found := map[string]bool{}
	for _, c := range get(t, alice, "view", "characters").([]any) {
		found[get(t, c, "id").(string)] = true
	}
	for _, want := range []string{"p1-vance", "p1-vance-riflemen-1", "p1-vance-riflemen-2", "p1-ghost", "p1-aurel"} {
		if !found[want] {
			t.Errorf("alice's view after resuming lacks %s", want)
		}
	}
	if got := get(t, alice, "view", "phase"); got != "command" {
		t.Errorf("phase after resuming: %v, want command", got)
	}
	bob := ok(t, db, "view", id, "--seat", "bob") + ok(t, db, "log", id, "--seat", "bob")
	for _, secret := range []string{"ghost", "Ghost"} {
		if strings.Contains(bob, secret) {
			t.Errorf("bob's view or log mentions %q", secret)
		}
	}
	okJSON(t, db, "do", id, "--seat", "alice", "end-phase")
	okJSON(t, db, "do", id, "--seat", "alice", "end-phase")
	if got := get(t, okJSON(t, db, "view", id, "--seat", "bob"), "view", "current"); got != "bob" {
		t.Errorf("after alice's turn, current is %v", got)
	}
}

// Ruunara cards in the roster: kept, listed, brought into a game whole by
// define-card roster=ID, deleted.
func TestRosterCards(t *testing.T) {
	db := tempDB(t)
	dir := t.TempDir()
	const kesh = `{"id":"kesh","name":"Kesh","faction":"ally","race":"sanbari","hp":8,"move":"13cm","vision":"6in","close":"2D4+","ranged":null,"range":null,"abilities":[]}`
	okJSON(t, db, "roster", "add-card", writeFile(t, dir, "kesh.json", kesh))
	refusal(t, ccctl(t, db, "", "roster", "add-card", writeFile(t, dir, "bad.json", `{"id":"x","faction":"ally","close":"2D7+"}`)), "hit score must be 1–6")
	list := okJSON(t, db, "roster", "list", "--kind", "cards")
	if got := get(t, list, "cards", 0, "card"); got != "Kesh" {
		t.Fatalf("roster cards: %v", list)
	}
	id := okJSON(t, db, "new", "--system", "ruunara", "--seats", "p1")["id"].(string)
	refusal(t, ccctl(t, db, "", "do", id, "--seat", "p1", "define-card", "roster=nobody"), `no card "nobody" in the roster`)
	okJSON(t, db, "do", id, "--seat", "p1", "define-card", "roster=kesh")
	did := okJSON(t, db, "do", id, "--seat", "p1", "add-hero", "card=kesh")
	if got := get(t, did, "view", "heroes", 0, "move"); got != `5.2"` {
		t.Errorf("Kesh's move from the roster card: %v", got)
	}
	okJSON(t, db, "roster", "delete", "kesh")
	if got := len(get(t, okJSON(t, db, "roster", "list", "--kind", "cards"), "cards").([]any)); got != 0 {
		t.Errorf("%d cards left after the delete", got)
	}
}
