package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/store"
)

func TestExitCode(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want int
	}{
		{"rules refuse", console.Reject("the game is over"), exitRefused},
		{"refusal wrapped", fmt.Errorf("do: %w", console.RejectWith(console.ReasonNotYourTurn, "bob first")), exitRefused},
		{"usage", usagef("--seat is required"), exitRefused},
		{"unknown game", fmt.Errorf("view: %w", &usageError{msg: "no game", err: console.ErrNotFound}), exitRefused},
		{"bad game file", fmt.Errorf("import: %w", store.ErrBadGameFile), exitRefused},
		{"missing input file", &fs.PathError{Op: "open", Path: "x.jsonl", Err: fs.ErrNotExist}, exitRefused},
		{"in use", fmt.Errorf("saves: %w", store.ErrInUse), exitEnv},
		{"permission denied", &fs.PathError{Op: "open", Path: "saves.db", Err: fs.ErrPermission}, exitEnv},
		{"newer schema", store.ErrNewerSchema, exitEnv},
		{"damaged file", store.ErrDamaged, exitEnv},
		{"empty file", store.ErrEmptyFile, exitEnv},
		{"not a save file", store.ErrNotSaveFile, exitEnv},
		{"damaged game", fmt.Errorf("load: %w", &store.DamagedError{ID: "g", Err: errors.New("event 3: bad")}), exitEnv},
		{"disk error", errors.New("write saves.db: input/output error"), exitEnv},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := exitCode(tt.err); got != tt.want {
				t.Errorf("exitCode(%v) = %d, want %d", tt.err, got, tt.want)
			}
		})
	}
}

// env checks that r is trouble with the environment: exit status 2, one
// line on stderr containing want, nothing on stdout.
func env(t *testing.T, r result, want string) {
	t.Helper()
	if r.code != 2 || r.stdout != "" {
		t.Errorf("exit %d, stdout %q; want exit 2 and nothing on stdout", r.code, r.stdout)
	}
	if !strings.HasPrefix(r.stderr, "ccctl: ") || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, want) {
		t.Errorf("stderr: got %q, want one line starting \"ccctl: \" containing %q", r.stderr, want)
	}
}

func TestExitEnvironment(t *testing.T) {
	tests := []struct {
		name  string
		write func(t *testing.T, path string)
		want  string
	}{
		{"not a save file", func(t *testing.T, path string) {
			os.WriteFile(path, []byte(strings.Repeat("my notes\n", 1000)), 0o600)
		}, "is not a Command Console save file"},
		{"empty file", func(t *testing.T, path string) {
			os.WriteFile(path, nil, 0o600)
		}, "is empty (0 bytes); it is not a Command Console save — move it away or delete it"},
		{"cut short", func(t *testing.T, path string) {
			newGame(t, path)
			data, _ := os.ReadFile(path)
			os.WriteFile(path, data[:len(data)/2], 0o600)
		}, "is damaged: it is cut short"},
		{"newer", func(t *testing.T, path string) {
			newGame(t, path)
			b, err := bolt.Open(path, 0o600, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			b.Update(func(tx *bolt.Tx) error {
				return tx.Bucket([]byte("schema")).Put([]byte("version"), binary.BigEndian.AppendUint64(nil, store.SchemaVersion+1))
			})
		}, "was written by a newer Command Console"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := tempDB(t)
			tt.write(t, path)
			before, _ := os.ReadFile(path)
			env(t, ccctl(t, path, "", "saves"), tt.want)
			if after, _ := os.ReadFile(path); string(before) != string(after) {
				t.Errorf("the save file changed")
			}
		})
	}
}

func TestRefusalReasons(t *testing.T) {
	db := tempDB(t)
	id := newGame(t, db)
	tests := []struct {
		name   string
		args   []string
		reason console.Reason
	}{
		{"unknown game", []string{"view", "nope"}, console.ReasonNotFound},
		{"bad flag", []string{"saves", "--all"}, console.ReasonBadInput},
		{"bad flag value", []string{"new", "--system", "scorepad", "--seats", "a", "--seed", "-3"}, console.ReasonBadInput},
		{"nothing to undo", []string{"undo", id, "--seat", "alice"}, console.ReasonNotAllowed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := ccctl(t, db, "", tt.args...)
			refusal(t, r, "")
			if got := get(t, decode(t, r.stdout), "reason"); got != string(tt.reason) {
				t.Errorf("reason = %v, want %s", got, tt.reason)
			}
		})
	}
}

// TestDamagedGame damages the pages of one game's log, as a failing disk
// would, and checks that ccctl names the game and exits 2 without a panic,
// and that the other game still plays and the damaged one can be deleted.
func TestDamagedGame(t *testing.T) {
	db := tempDB(t)
	good := newGame(t, db)
	bad := newGame(t, db)
	var lines strings.Builder
	for range 100 {
		lines.WriteString(`{"seat":"alice","cmd":"add","args":{"player":"alice","points":1}}` + "\n")
	}
	if r := ccctl(t, db, lines.String(), "script", "-", "--game", bad); r.code != 0 {
		t.Fatalf("script: exit %d, %s", r.code, r.stderr)
	}
	// Find the root page of the bad game's log (bucket names: see
	// console/store's doc) and give it a page type bbolt does not know.
	b, err := bolt.Open(db, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	var root int
	b.View(func(tx *bolt.Tx) error {
		root = int(tx.Bucket([]byte("logs")).Bucket([]byte(bad)).RootPage())
		return nil
	})
	pageSize := b.Info().PageSize
	b.Close()
	if root == 0 {
		t.Fatal("the game's log is inline; play more commands")
	}
	data, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	data[root*pageSize+8] = 0x7f
	if err := os.WriteFile(db, data, 0o600); err != nil {
		t.Fatal(err)
	}

	for _, verb := range []string{"view", "log", "report", "undo"} {
		args := []string{verb, bad}
		if verb == "undo" {
			args = append(args, "--seat", "alice")
		}
		env(t, ccctl(t, db, "", args...), fmt.Sprintf("game %q is damaged", bad))
	}
	saves := okJSON(t, db, "saves")
	if u := get(t, saves, "unfinished").([]any); len(u) != 1 || get(t, u[0], "id") != good {
		t.Errorf("unfinished: got %v, want %s alone", u, good)
	}
	if d := get(t, saves, "damaged").([]any); len(d) != 1 || get(t, d[0], "id") != bad {
		t.Errorf("damaged: got %v, want %s", d, bad)
	}
	okJSON(t, db, "do", good, "--seat", "alice", "add", "player=alice", "points=3")
	okJSON(t, db, "delete", bad)
	if d := get(t, okJSON(t, db, "saves"), "damaged").([]any); len(d) != 0 {
		t.Errorf("after delete, damaged: got %v", d)
	}
}

// TestInternalError checks that a panic reaches the user as one line and
// exit status 2, with the stack only when COMMANDCONSOLE_DEBUG=1. A nil
// stdout makes the JSON encoder panic.
func TestInternalError(t *testing.T) {
	for _, debug := range []string{"", "1"} {
		t.Run("debug="+debug, func(t *testing.T) {
			t.Setenv(debugEnv, debug)
			var errb strings.Builder
			c := &cli{stdin: strings.NewReader(""), stdout: nil, stderr: &errb}
			code := c.main([]string{"systems"})
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			first, rest, _ := strings.Cut(errb.String(), "\n")
			if !strings.HasPrefix(first, "ccctl: internal error: ") || !strings.Contains(first, "nil pointer") {
				t.Errorf("first line %q, want \"ccctl: internal error: ...\"", first)
			}
			if hasStack := strings.Contains(rest, "goroutine "); hasStack != (debug == "1") {
				t.Errorf("stack printed: %v, want %v (stderr %q)", hasStack, debug == "1", errb.String())
			}
		})
	}
}

func TestHelpExitCodes(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"--help"}} {
		out := ok(t, "", args...)
		for _, want := range []string{"Exit status:", "0  done", "1  refused by the rules or bad input", `{"error": message, "reason": reason}`, "2  the environment", "COMMANDCONSOLE_DEBUG=1"} {
			if !strings.Contains(out, want) {
				t.Errorf("%v: help lacks %q", args, want)
			}
		}
	}
}
