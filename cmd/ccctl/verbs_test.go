package main

import (
	"bytes"
	"encoding/json"
	"github.com/commandconsole/commandconsole/games"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/commandconsole/commandconsole/console/store"
)

func TestRunSystems(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"systems"}, &out, &errb); code != 0 {
		t.Fatalf("systems: exit %d, stderr %q", code, errb.String())
	}
	v := decode(t, out.String())
	var found bool
	for _, s := range get(t, v, "systems").([]any) {
		if get(t, s, "id") != "scorepad" {
			continue
		}
		found = true
		if got := get(t, s, "seats", "max"); got != 8.0 {
			t.Errorf("scorepad seats.max: got %v, want 8", got)
		}
		if got := get(t, s, "playable"); got != true {
			t.Errorf("scorepad playable: got %v, want true", got)
		}
		if got := get(t, s, "kind"); got != "board" {
			t.Errorf("scorepad kind: got %v, want board", got)
		}
		if got := len(get(t, s, "options").([]any)); got != 3 {
			t.Errorf("scorepad options: got %d, want 3", got)
		}
	}
	if !found {
		t.Errorf("systems lacks scorepad:\n%s", out.String())
	}
}

func TestCommands(t *testing.T) {
	v := okJSON(t, "", "commands", "--system", "scorepad")
	cmds := get(t, v, "commands").([]any)
	byName := map[string]any{}
	for _, c := range cmds {
		byName[get(t, c, "name").(string)] = c
	}
	for _, name := range []string{"add", "set", "next-round", "end"} {
		if byName[name] == nil {
			t.Errorf("commands lacks %q", name)
		}
	}
	add := byName["add"]
	if get(t, add, "when") == "" || get(t, add, "doc") == "" {
		t.Errorf("add has no doc or when: %v", add)
	}
	player := get(t, add, "args", 0)
	if get(t, player, "name") != "player" || get(t, player, "kind") != "seat" || get(t, player, "required") != true {
		t.Errorf("add's first argument: got %v, want the required seat player", player)
	}
	points := get(t, add, "args", 1)
	if get(t, points, "min") != -100000.0 || get(t, points, "max") != 100000.0 {
		t.Errorf("points bounds: got %v", points)
	}
	if args := get(t, byName["next-round"], "args").([]any); len(args) != 0 {
		t.Errorf("next-round args: got %v, want []", args)
	}
}

// TestGlobalFlagPlacement checks --db works before and after the verb.
func TestGlobalFlagPlacement(t *testing.T) {
	db := tempDB(t)
	id := newGame(t, db)
	for _, args := range [][]string{
		{"--db", db, "view", id},
		{"view", "--db", db, id},
		{"view", id, "--db", db},
		{"--db=" + db, "view", id, "--seat", "alice"},
		{"view", id, "--seat=bob", "--db=" + db},
	} {
		r := ccctl(t, "", "", args...)
		if r.code != 0 {
			t.Errorf("ccctl %s: exit %d, stderr %s", strings.Join(args, " "), r.code, r.stderr)
		}
	}
}

func TestPlayFlow(t *testing.T) {
	db := tempDB(t)
	created := okJSON(t, db, "new", "--system", "scorepad", "--title", "Friday", "--seed", "77",
		"--seats", "alice, bob", "--option", "rounds=3", "--option", "wins=low")
	id := created["id"].(string)
	if got := get(t, created, "meta", "id"); got != id {
		t.Errorf("meta.id: got %v, want %v", got, id)
	}
	// The seed stays on the host while the game runs: with it an opponent
	// could replay the dice (issue 10).
	if got := get(t, created, "meta", "setup", "seed"); got != 0.0 {
		t.Errorf("seed: got %v, want it hidden (0) while the game runs", got)
	}
	if got := get(t, created, "meta", "setup", "options", "rounds"); got != "3" {
		t.Errorf("options.rounds: got %v, want 3", got)
	}
	if got := get(t, created, "meta", "setup", "seats", 1); got != "bob" {
		t.Errorf("seats[1]: got %v, want bob (trimmed)", got)
	}

	did := okJSON(t, db, "do", id, "--seat", "alice", "add", "player=bob", "points=-4")
	if got := get(t, did, "seq"); got != 1.0 {
		t.Errorf("do seq: got %v, want 1", got)
	}
	if got := get(t, did, "lines", 0, "type"); got != "score-added" {
		t.Errorf("do history line type: got %v", got)
	}
	if got := get(t, did, "lines", 0, "seq"); got != 1.0 {
		t.Errorf("do history line seq: got %v", got)
	}
	if got := get(t, did, "view", "players", 1, "total"); got != -4.0 {
		t.Errorf("bob's total after do: got %v, want -4", got)
	}
	if got := get(t, did, "status", "summary"); !strings.Contains(got.(string), "Round 1 of 3") {
		t.Errorf("status summary: got %v", got)
	}

	// --json, twice with the same id: the second is a duplicate.
	js := `{"cmd":"add","args":{"player":"alice","points":6},"id":"tap-1"}`
	first := okJSON(t, db, "do", id, "--seat", "bob", "--json", js)
	again := okJSON(t, db, "do", id, "--json", js, "--seat", "bob")
	if get(t, first, "seq") != 2.0 {
		t.Errorf("--json seq: got %v, want 2", get(t, first, "seq"))
	}
	// The repeat, in a new process, is recognised from the log.
	if get(t, again, "seq") != 2.0 || get(t, again, "duplicate") != true || again["lines"] != nil {
		t.Errorf("second --json with the same id: got %v, want the first result marked duplicate", again)
	}
	okJSON(t, db, "do", id, "--seat", "bob", "add", "player=alice", "points=6")

	view := okJSON(t, db, "view", id, "--seat", "alice")
	if get(t, view, "seq") != 3.0 || get(t, view, "seat") != "alice" {
		t.Errorf("view: got %v", view)
	}
	if got := get(t, view, "view", "players", 0, "total"); got != 12.0 {
		t.Errorf("alice's total: got %v, want 12", got)
	}
	pub := okJSON(t, db, "view", id)
	if get(t, pub, "seat") != "public" {
		t.Errorf("default view seat: got %v, want public", get(t, pub, "seat"))
	}

	hist := okJSON(t, db, "log", id)
	lines := get(t, hist, "history").([]any)
	if len(lines) != 3 {
		t.Fatalf("log: got %d lines, want 3", len(lines))
	}
	if got := get(t, lines[0], "text"); got != "bob -4 in round 1" {
		t.Errorf("log line 1: got %v", got)
	}
	if got := get(t, lines[0], "time"); got != "2025-06-01T18:00:00Z" {
		t.Errorf("log time: got %v", got)
	}
	if got := get(t, okJSON(t, db, "log", id, "--seat", "bob"), "seat"); got != "bob" {
		t.Errorf("log --seat bob: seat %v", got)
	}

	undone := okJSON(t, db, "undo", id, "--seat", "alice")
	if get(t, undone, "seq") != 2.0 || get(t, undone, "undone", 0, "seq") != 3.0 {
		t.Errorf("undo: got %v", undone)
	}
	if got := get(t, undone, "view", "players", 0, "total"); got != 6.0 {
		t.Errorf("alice's total after undo: got %v, want 6", got)
	}

	md := ok(t, db, "report", id)
	// The undo count is withheld while the game runs (an undo may have
	// been of a hidden command); the finished game's report gives it.
	for _, want := range []string{"# Friday", "- **Undos:** counted at the end", "bob -4 in round 1"} {
		if !strings.Contains(md, want) {
			t.Errorf("report md lacks %q:\n%s", want, md)
		}
	}
	if page := ok(t, db, "report", id, "--format", "html"); !strings.HasPrefix(page, "<!DOCTYPE html>") {
		t.Errorf("report html: got %.80s", page)
	}
	rj := okJSON(t, db, "report", id, "--format", "json")
	if get(t, rj, "meta", "undos") != 0.0 || len(get(t, rj, "history").([]any)) != 2 {
		t.Errorf("report json: got %v", rj)
	}

	// Finish the game and list the saves.
	okJSON(t, db, "do", id, "--seat", "bob", "end")
	if md := ok(t, db, "report", id); !strings.Contains(md, "- **Undos:** 1 command taken back") {
		t.Errorf("finished game's report lacks the undo count:\n%s", md)
	}
	other := newGame(t, db)
	saves := okJSON(t, db, "saves")
	unfinished := get(t, saves, "unfinished").([]any)
	finished := get(t, saves, "finished").([]any)
	if len(unfinished) != 1 || get(t, unfinished[0], "id") != other {
		t.Errorf("unfinished: got %v, want only %s", unfinished, other)
	}
	if len(finished) != 1 || get(t, finished[0], "id") != id || get(t, finished[0], "title") != "Friday" {
		t.Errorf("finished: got %v, want only %s", finished, id)
	}
	if got := get(t, finished[0], "seats"); !reflect.DeepEqual(got, []any{"alice", "bob"}) {
		t.Errorf("finished seats: got %v", got)
	}
	if got := get(t, finished[0], "summary"); got != "bob wins with -4" { // low wins
		t.Errorf("finished summary: got %v", got)
	}
	if d := get(t, saves, "damaged").([]any); len(d) != 0 {
		t.Errorf("damaged: got %v, want none", d)
	}

	if got := okJSON(t, db, "delete", id)["deleted"]; got != id {
		t.Errorf("delete: got %v", got)
	}
	if r := ccctl(t, db, "", "view", id); r.code != 1 || !strings.Contains(r.stderr, "no game") {
		t.Errorf("view after delete: exit %d, stderr %q", r.code, r.stderr)
	}
}

func TestExportImportRoundTrip(t *testing.T) {
	db := tempDB(t)
	id := newGame(t, db, "--title", "Travelling game")
	okJSON(t, db, "do", id, "--seat", "alice", "add", "player=alice", "points=5")
	okJSON(t, db, "do", id, "--seat", "bob", "next-round")
	okJSON(t, db, "do", id, "--seat", "bob", "add", "player=bob", "points=8")
	file := filepath.Join(t.TempDir(), "game.ccgame")
	ex := okJSON(t, db, "export", id, file)
	if ex["id"] != id || ex["file"] != file || ex["bytes"].(float64) <= 0 {
		t.Errorf("export: got %v", ex)
	}
	entries, _ := os.ReadDir(filepath.Dir(file))
	if len(entries) != 1 {
		t.Errorf("export left %d files, want 1 (no temporary file)", len(entries))
	}

	// Into another save file: the same id.
	db2 := tempDB(t)
	im := okJSON(t, db2, "import", file)
	if im["id"] != id || get(t, im, "meta", "setup", "title") != "Travelling game" || get(t, im, "meta", "last_seq") != 3.0 {
		t.Errorf("import: got %v", im)
	}
	for _, verb := range [][]string{{"view"}, {"log"}, {"view", "--seat", "alice"}} {
		a := ok(t, db, append(verb, id)...)
		b := ok(t, db2, append(verb, id)...)
		if a != b {
			t.Errorf("%v after import differs:\n%s\nvs\n%s", verb, a, b)
		}
	}
	// The imported game plays on.
	okJSON(t, db2, "do", id, "--seat", "alice", "add", "player=alice", "points=1")

	// Into the same file, from stdin: a new id.
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	r := ccctl(t, db, string(data), "import", "-")
	if r.code != 0 {
		t.Fatalf("import -: exit %d, %s", r.code, r.stderr)
	}
	again := decode(t, r.stdout)
	if again["id"] != id+"-2" {
		t.Errorf("second import id: got %v, want %s-2", again["id"], id)
	}

	// Export to stdout is the file itself.
	if raw := ok(t, db, "export", id, "-"); raw != string(data) {
		t.Errorf("export - differs from the exported file (%d vs %d bytes)", len(raw), len(data))
	}
}

func TestRejections(t *testing.T) {
	db := tempDB(t)
	id := newGame(t, db)
	finished := newGame(t, db)
	okJSON(t, db, "do", finished, "--seat", "alice", "end")
	notGame := filepath.Join(t.TempDir(), "not-a-game")
	if err := os.WriteFile(notGame, []byte("hello"), 0o600); err != nil {
		t.Fatal(err)
	}
	badScript := filepath.Join(t.TempDir(), "bad.jsonl")
	if err := os.WriteFile(badScript, []byte("{\"seat\":\"alice\",\"cmd\":\"add\",\"args\":{\"player\":\"alice\",\"points\":1}}\n{\"seat\":\"alice\",\"command\":\"add\"}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no verb", nil, "no verb given"},
		{"unknown verb", []string{"play"}, `unknown verb "play"`},
		{"unknown global flag", []string{"--verbose", "saves"}, "flag provided but not defined: -verbose"},
		{"unknown verb flag", []string{"saves", "--all"}, "saves: flag provided but not defined: -all"},
		{"extra argument", []string{"saves", "now"}, `unexpected argument "now"`},
		{"commands without system", []string{"commands"}, "--system is required"},
		{"commands unknown system", []string{"commands", "--system", "chess"}, `unknown game system "chess" (known: `},
		{"new without seats", []string{"new", "--system", "scorepad"}, "--seats is required for scorepad: 1 to 8 player names"},
		{"new without system", []string{"new", "--seats", "a,b"}, "--system is required"},
		{"new unknown system", []string{"new", "--system", "chess", "--seats", "a,b"}, `unknown game system "chess"`},
		{"new empty seat", []string{"new", "--system", "scorepad", "--seats", "a,,b"}, `"a,,b" has an empty seat name`},
		{"new seat twice", []string{"new", "--system", "scorepad", "--seats", "a,a"}, `seat "a" is given twice`},
		{"new public seat", []string{"new", "--system", "scorepad", "--seats", "public"}, "reserved for the spectator view"},
		{"new too many seats", []string{"new", "--system", "scorepad", "--seats", "a,b,c,d,e,f,g,h,i"}, "needs 1 to 8 seats, got 9"},
		{"new bad option", []string{"new", "--system", "scorepad", "--seats", "a", "--option", "target=lots"}, `"target": lots is not a whole number`},
		{"new unknown option", []string{"new", "--system", "scorepad", "--seats", "a", "--option", "colour=red"}, `unknown argument "colour"`},
		{"new option without =", []string{"new", "--system", "scorepad", "--seats", "a", "--option", "target"}, "is not of the form key=value"},
		{"new bad seed", []string{"new", "--system", "scorepad", "--seats", "a", "--seed", "-3"}, `invalid value "-3" for flag -seed`},
		{"do unknown game", []string{"do", "nope", "--seat", "alice", "end"}, `no game "nope" in`},
		{"do without seat", []string{"do", id, "end"}, "--seat is required"},
		{"do without game", []string{"do"}, "missing arguments"},
		{"do without command", []string{"do", id, "--seat", "alice"}, "no command given"},
		{"do unknown seat", []string{"do", id, "--seat", "zoe", "end"}, `"zoe" is not a seat of this game (seats: alice, bob)`},
		{"do public seat", []string{"do", id, "--seat", "public", "end"}, `"public" is not a seat of this game`},
		{"do unknown command", []string{"do", id, "--seat", "alice", "score"}, `unknown command "score" for Score pad (commands: add, end, next-round, set)`},
		{"do missing argument", []string{"do", id, "--seat", "alice", "add", "player=bob"}, `missing argument "points"`},
		{"do bad argument", []string{"do", id, "--seat", "alice", "add", "player=bob", "points=many"}, `"points": many is not a whole number from -100000 to 100000`},
		{"do unknown argument", []string{"do", id, "--seat", "alice", "add", "player=bob", "points=1", "colour=red"}, `unknown argument "colour"`},
		{"do not key=value", []string{"do", id, "--seat", "alice", "add", "bob"}, `argument "bob" is not of the form key=value`},
		{"do rules refuse", []string{"do", finished, "--seat", "alice", "add", "player=bob", "points=1"}, "the game is over; undo to change it"},
		{"do bad json", []string{"do", id, "--seat", "alice", "--json", "{cmd:"}, "--json: invalid character"},
		{"do json unknown field", []string{"do", id, "--seat", "alice", "--json", `{"command":"end"}`}, `--json: json: unknown field "command"`},
		{"do json without cmd", []string{"do", id, "--seat", "alice", "--json", `{"args":{}}`}, `"cmd" is missing`},
		{"do json and cmd", []string{"do", id, "--seat", "alice", "--json", `{"cmd":"end"}`, "end"}, "either as CMD k=v ... or as --json, not both"},
		{"view unknown seat", []string{"view", id, "--seat", "zoe"}, `"zoe" is not a seat of this game (seats: alice, bob, or public)`},
		{"view unknown game", []string{"view", "nope"}, `no game "nope"`},
		{"log unknown seat", []string{"log", id, "--seat", "zoe"}, `"zoe" is not a seat of this game`},
		{"undo nothing", []string{"undo", id, "--seat", "alice"}, "nothing to undo"},
		{"undo without seat", []string{"undo", id}, "--seat is required"},
		{"report bad format", []string{"report", id, "--format", "pdf"}, `unknown --format "pdf": use md, html or json`},
		{"report unknown game", []string{"report", "nope"}, `no game "nope"`},
		{"export unknown game", []string{"export", "nope", filepath.Join(t.TempDir(), "x")}, `no game "nope"`},
		{"export without file", []string{"export", id}, "missing arguments"},
		{"import missing file", []string{"import", filepath.Join(t.TempDir(), "missing")}, "no such file or directory"},
		{"import not a game", []string{"import", notGame}, "not a valid Command Console game file"},
		{"delete unknown game", []string{"delete", "nope"}, `no game "nope"`},
		{"script without game", []string{"script", badScript}, "no game to play: give --game ID"},
		{"script game and system", []string{"script", badScript, "--game", id, "--system", "scorepad"}, "either --game ID or the flags of a new game"},
		{"script unknown game", []string{"script", badScript, "--game", "nope"}, `no game "nope"`},
		{"script missing file", []string{"script", filepath.Join(t.TempDir(), "missing"), "--game", id}, "no such file or directory"},
		{"script bad line", []string{"script", badScript, "--game", id}, `bad.jsonl line 2: json: unknown field "command"`},
		{"script new without seats", []string{"script", badScript, "--system", "scorepad"}, "--seats is required"},
		{"bench extra", []string{"bench", "--fast"}, "flag provided but not defined: -fast"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := tt.args
			if len(args) > 0 && args[0] != "--db" {
				args = append([]string{"--db", db}, args...)
			}
			refusal(t, ccctl(t, "", "", args...), tt.want)
		})
	}
	// The bad script played its first line before the rejected one.
	if got := len(get(t, okJSON(t, db, "log", id), "history").([]any)); got != 1 {
		t.Errorf("after the bad script the log has %d lines, want 1 (the line before the rejection)", got)
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}} {
		out := ok(t, "", args...)
		for _, v := range verbs {
			if !strings.Contains(out, "ccctl "+v.usage) {
				t.Errorf("%v: usage lacks %q", args, v.usage)
			}
		}
	}
	out := ok(t, "", "do", "--help")
	for _, want := range []string{"usage: ccctl do GAME --seat S CMD", "-seat string", "-json string", "-db string"} {
		if !strings.Contains(out, want) {
			t.Errorf("do --help lacks %q:\n%s", want, out)
		}
	}
}

// TestImportUnplayable checks that a well-formed game file whose game the
// rules cannot play (here: an unknown system) is rejected and not kept.
func TestImportUnplayable(t *testing.T) {
	src := tempDB(t)
	db, err := store.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	meta := store.BenchMeta("from-the-future")
	meta.Setup.System = "chess"
	if err := db.Create(meta); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "chess.ccgame")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Export(meta.ID, f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	dst := tempDB(t)
	r := ccctl(t, dst, "", "import", file)
	if r.code != 1 || !strings.Contains(r.stderr, "cannot be played") || !strings.Contains(r.stderr, `unknown game system "chess"`) {
		t.Errorf("import of a chess game: exit %d, stderr %q", r.code, r.stderr)
	}
	saves := okJSON(t, dst, "saves")
	if n := len(get(t, saves, "unfinished").([]any)) + len(get(t, saves, "finished").([]any)); n != 0 {
		t.Errorf("the rejected game was kept: %v", saves)
	}
}

// TestInUse checks that a save file another process holds is trouble with
// the environment (exit 2) with a clear message, not a refusal.
func TestInUse(t *testing.T) {
	t.Parallel()
	path := tempDB(t)
	db, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// bbolt's lock is per open file description, so a second open in this
	// process waits like another process would.
	r := ccctl(t, path, "", "saves")
	if r.code != 2 || !strings.Contains(r.stderr, "is in use by another Command Console") || r.stdout != "" {
		t.Errorf("saves on a held file: exit %d, stderr %q, stdout %q; want 2, \"in use\" and nothing on stdout", r.code, r.stderr, r.stdout)
	}
}

// TestSavesDamaged checks a damaged index record is listed as damaged and
// does not hide the other games.
func TestSavesDamaged(t *testing.T) {
	path := tempDB(t)
	good := newGame(t, path)
	// Write a record that does not decode into the index, as a torn write
	// or a bad disk would leave it (bucket names: console/store's doc).
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = b.Update(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte("index")).Put([]byte("broken"), []byte{0xc6, 0xff, 0xff, 0xff, 0xff})
	})
	if cerr := b.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	saves := okJSON(t, path, "saves")
	if u := get(t, saves, "unfinished").([]any); len(u) != 1 || get(t, u[0], "id") != good {
		t.Errorf("unfinished: got %v, want %s", u, good)
	}
	d := get(t, saves, "damaged").([]any)
	if len(d) != 1 || get(t, d[0], "id") != "broken" || !strings.Contains(get(t, d[0], "error").(string), "broken") {
		t.Errorf("damaged: got %v, want the game \"broken\" with its error", d)
	}
}

func TestBenchQuick(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds a 10,000-event game")
	}
	out := okJSON(t, "", "bench", "--quick", "--dir", t.TempDir())
	rows := get(t, out, "benchmarks").([]any)
	want := []string{"engine-command", "store-append-fsync", "resume-10k-snapshots", "replay-10k-full"}
	if len(rows) != len(want) {
		t.Fatalf("bench: got %d rows, want %d:\n%v", len(rows), len(want), rows)
	}
	for i, name := range want {
		row := rows[i]
		if get(t, row, "name") != name {
			t.Errorf("row %d: got %v, want %s", i, get(t, row, "name"), name)
		}
		for _, k := range []string{"ns_per_op", "ops_per_sec"} {
			if v, _ := get(t, row, k).(float64); v <= 0 {
				t.Errorf("%s %s: got %v, want > 0", name, k, get(t, row, k))
			}
		}
		if _, ok := get(t, row, "allocs_per_op").(float64); !ok {
			t.Errorf("%s: no allocs_per_op", name)
		}
		if get(t, row, "note") == "" {
			t.Errorf("%s: no note", name)
		}
	}
	if get(t, out, "machine", "num_cpu").(float64) < 1 || get(t, out, "machine", "goos") == "" {
		t.Errorf("machine: got %v", get(t, out, "machine"))
	}
	// Each system beside the score pad has its section.
	rb := get(t, out, "runeball", "rows").([]any)
	if len(rb) != 3 || get(t, rb[0], "name") != "runeball-command" {
		t.Errorf("runeball rows: %v", rb)
	}
	if v, _ := get(t, out, "runeball", "replay_event", "runeball_median_ns").(float64); v <= 0 {
		t.Errorf("runeball replay: %v", get(t, out, "runeball", "replay_event"))
	}
	if get(t, out, "landsofruin", "replay_event") == nil {
		t.Error("no landsofruin section")
	}
}

// TestNoFyne checks that ccctl's dependency graph has no Fyne in it: the
// command line must build and run without a GUI toolkit.
func TestNoFyne(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool in PATH")
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if strings.HasPrefix(pkg, "fyne.io/") {
			t.Errorf("ccctl depends on %s", pkg)
		}
	}
	if !strings.Contains(string(out), "github.com/commandconsole/commandconsole/console/store") {
		t.Errorf("go list -deps output looks wrong:\n%s", out)
	}
}

// TestScriptGolden plays testdata/scorepad-game.jsonl and compares the
// script's output, the log and the report with the golden files. The
// clock is fixed by TestMain; the random game id is replaced by GAME.
func TestScriptGolden(t *testing.T) {
	db := tempDB(t)
	out := ok(t, db, "script", "testdata/scorepad-game.jsonl", "--system", "scorepad",
		"--seats", "alice,bob,carol", "--seed", "42", "--title", "Game night", "--option", "target=50")
	id, _ := decode(t, out)["id"].(string)
	if id == "" {
		t.Fatalf("script printed no id:\n%s", out)
	}
	fix := func(s string) string { return strings.ReplaceAll(s, id, "GAME") }
	golden(t, "scorepad-game.script.golden", fix(out))
	golden(t, "scorepad-game.log.golden", fix(ok(t, db, "log", id)))
	golden(t, "scorepad-game.report.md.golden", fix(ok(t, db, "report", id, "--format", "md")))

	v := decode(t, out)
	if get(t, v, "status", "finished") != true || get(t, v, "status", "summary") != "alice and bob tie for first with 50" {
		t.Errorf("status: got %v", get(t, v, "status"))
	}
	views := get(t, v, "views").(map[string]any)
	for _, seat := range []string{"alice", "bob", "carol", "public"} {
		if views[seat] == nil {
			t.Errorf("views lacks %q", seat)
		}
	}
	if get(t, v, "played") != 16.0 || get(t, v, "last_seq") != 14.0 {
		t.Errorf("played, last_seq: got %v, %v; want 16 lines (one a duplicate), 14 events", get(t, v, "played"), get(t, v, "last_seq"))
	}
}

// TestScriptStdin plays a script from stdin against an existing game.
func TestScriptStdin(t *testing.T) {
	db := tempDB(t)
	id := newGame(t, db)
	script := "# comment\n\n" +
		`{"seat":"alice","cmd":"add","args":{"player":"bob","points":3}}` + "\n" +
		`{"seat":"bob","cmd":"add","args":{"player":"alice","points":4}}` + "\n"
	r := ccctl(t, db, script, "script", "-", "--game", id, "--progress")
	if r.code != 0 {
		t.Fatalf("script -: exit %d, stderr %q", r.code, r.stderr)
	}
	if want := "{\"line\":3,\"seq\":1}\n{\"line\":4,\"seq\":2}\n"; r.stderr != want {
		t.Errorf("progress: got %q, want %q", r.stderr, want)
	}
	v := decode(t, r.stdout)
	if v["id"] != id || v["last_seq"] != 2.0 || get(t, v, "views", "public", "players", 0, "total") != 4.0 {
		t.Errorf("script output: got %v", v)
	}

	// A rejected line stops the script with exit 1, naming the line, and
	// keeps what was played before it.
	bad := `{"seat":"alice","cmd":"add","args":{"player":"bob","points":1}}` + "\n" +
		`{"seat":"alice","cmd":"add","args":{"player":"bob","points":1,"round":7}}` + "\n" +
		`{"seat":"alice","cmd":"add","args":{"player":"bob","points":1}}` + "\n"
	r = ccctl(t, db, bad, "script", "-", "--game", id)
	refusal(t, r, "script: - line 2: ")
	for _, want := range []string{"script: - line 2: ", "round 7 does not exist yet", "keeps the 1 lines played before it", id} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("bad script stderr: got %q, want %q in it", r.stderr, want)
		}
	}
	if got := get(t, okJSON(t, db, "view", id), "seq"); got != 3.0 {
		t.Errorf("after the bad script the log ends at %v, want 3", got)
	}

	// Malformed JSON is a rejection too.
	r = ccctl(t, db, "{\"seat\":\"alice\",\n", "script", "-", "--game", id)
	if r.code != 1 || !strings.Contains(r.stderr, "- line 1: ") {
		t.Errorf("malformed script: exit %d, stderr %q", r.code, r.stderr)
	}
}

func TestDecodeCommandJSONNumbers(t *testing.T) {
	cmd, err := decodeCommand(`{"cmd":"add","args":{"player":"a","points":-12},"id":"x"}`)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(map[string]any{"cmd": "add", "args": map[string]any{"player": "a", "points": -12}, "id": "x"})
	got, _ := json.Marshal(cmd)
	var a, b any
	_ = json.Unmarshal(want, &a)
	_ = json.Unmarshal(got, &b)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("decodeCommand: got %s, want %s", got, want)
	}
}

// TestScriptPlaysEveryGolden plays each game system's golden scripts
// (games/*/testdata/*.jsonl: a setup line, commands, expected refusals and
// undos) through ccctl script against one save file, and checks that each
// reaches the status its rules reach when the package's own tests replay it.
func TestScriptPlaysEveryGolden(t *testing.T) {
	files, err := filepath.Glob("../../games/*/testdata/*.jsonl")
	if err != nil || len(files) < 3 {
		t.Fatalf("golden scripts: %v, %d found", err, len(files))
	}
	db := tempDB(t)
	for _, f := range files {
		system := filepath.Base(filepath.Dir(filepath.Dir(f)))
		t.Run(system+"/"+filepath.Base(f), func(t *testing.T) {
			if r, err := games.Lookup(system); err == nil && !r.Info().Playable {
				// a system still being built: ccctl creates no game of it
				refusal(t, ccctl(t, db, "", "script", f), "cannot be played yet")
				return
			}
			out := okJSON(t, db, "script", f)
			id, _ := get(t, out, "id").(string)
			if id == "" {
				t.Fatalf("no game id in %v", out)
			}
			summary, _ := get(t, out, "status", "summary").(string)
			if summary == "" {
				t.Errorf("empty status summary")
			}
			// The same game, resumed by a new process, shows the same status.
			again := okJSON(t, db, "view", id)
			if got, _ := get(t, again, "status", "summary").(string); got != summary {
				t.Errorf("after resume the summary is %q, want %q", got, summary)
			}
		})
	}
}

func TestScriptRejectExpectation(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	setup := `{"setup":{"system":"scorepad","seed":1,"seats":["a","b"]}}` + "\n"
	db := tempDB(t)
	okJSON(t, db, "script", write("refused.jsonl", setup+`{"seat":"a","cmd":"add","args":{"player":"zed","points":1},"reject":"zed"}`+"\n"))
	r := ccctl(t, db, "", "script", write("accepted.jsonl", setup+`{"seat":"a","cmd":"add","args":{"player":"a","points":1},"reject":"anything"}`+"\n"))
	if r.code != 1 || !strings.Contains(r.stderr, "line 2") || !strings.Contains(r.stderr, "must refuse") {
		t.Fatalf("an accepted line marked reject: exit %d, stderr %q; want exit 1 naming line 2", r.code, r.stderr)
	}
	r = ccctl(t, db, "", "script", write("other.jsonl", setup+`{"seat":"a","cmd":"add","args":{"player":"zed","points":1},"reject":"the game is over"}`+"\n"))
	if r.code != 1 || !strings.Contains(r.stderr, "expects a refusal containing") {
		t.Fatalf("a refusal for another reason: exit %d, stderr %q; want exit 1", r.code, r.stderr)
	}
	r = ccctl(t, db, "", "script", write("late.jsonl", setup+`{"seat":"a","cmd":"next-round"}`+"\n"+setup))
	if r.code != 1 || !strings.Contains(r.stderr, "line 3") {
		t.Fatalf("a second setup line: exit %d, stderr %q; want exit 1 naming line 3", r.code, r.stderr)
	}
}

func TestScriptSetupFlagsWithoutSystem(t *testing.T) {
	db := tempDB(t)
	r := ccctl(t, db, `{"seat":"a","cmd":"next-round"}`+"\n", "script", "-", "--seats", "a,b")
	if r.code != 1 || !strings.Contains(r.stderr, "--system is required") {
		t.Fatalf("--seats without --system: exit %d, stderr %q; want exit 1 saying --system is required", r.code, r.stderr)
	}
}
