package battlelore

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

// scriptLine is one line of a game script in testdata/*.jsonl. The first
// line holds the setup; every other line a command, or an undo. Lines
// starting with # are comments.
type scriptLine struct {
	Setup *console.Setup `json:"setup,omitempty"`
	Seat  console.Seat   `json:"seat,omitempty"`
	Cmd   string         `json:"cmd,omitempty"`
	Args  map[string]any `json:"args,omitempty"`
	// Undo takes back the last command, as the Session does.
	Undo bool `json:"undo,omitempty"`
	// Reject, when set, expects the command (or the undo) to be refused
	// with a message containing it.
	Reject string `json:"reject,omitempty"`
}

func readScript(t testing.TB, path string) (console.Setup, []scriptLine) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var setup *console.Setup
	var lines []scriptLine
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		var l scriptLine
		dec := json.NewDecoder(strings.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&l); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		switch {
		case l.Setup != nil && setup == nil && len(lines) == 0:
			setup = l.Setup
		case l.Setup != nil:
			t.Fatalf("%s:%d: the setup must be the first line, and only once", path, n)
		case setup == nil:
			t.Fatalf("%s:%d: the first line must be the setup", path, n)
		default:
			lines = append(lines, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if setup == nil {
		t.Fatalf("%s: no setup", path)
	}
	return *setup, lines
}

// checkpoint is the log and the public view after one accepted command or
// undo.
type checkpoint struct {
	log  []console.Event
	view View
}

// lastCommand returns the index where the log's last command begins.
func lastCommand(log []console.Event) int {
	j := len(log) - 1
	for j > 0 && log[j-1].Cmd == log[j].Cmd {
		j--
	}
	return j
}

// runScript plays a script through Decide and Apply, with the game's dice
// kept as the Session keeps them, and returns the final game, the history
// text and a checkpoint after every command.
func runScript(t testing.TB, path string) (console.Setup, *game, string, []checkpoint) {
	t.Helper()
	r := New()
	setup, lines := readScript(t, path)
	g := start(t, setup)
	var hist strings.Builder
	var checks []checkpoint
	for i, l := range lines {
		where := fmt.Sprintf("%s line %d", filepath.Base(path), i+1)
		if l.Undo {
			if len(g.log) == 0 {
				t.Fatalf("%s: undo with an empty log", where)
			}
			j := lastCommand(g.log)
			var err error
			for _, e := range g.log[j:] {
				if e.Barrier {
					err = console.Reject("cannot undo %s: it revealed something the other side has seen", e.Type)
				}
			}
			if err == nil {
				err = r.Undoable(g.s, l.Seat, g.log[j:])
			}
			if l.Reject != "" {
				if err == nil || !strings.Contains(err.Error(), l.Reject) {
					t.Fatalf("%s: undo by %s: got %v, want a refusal containing %q", where, l.Seat, err, l.Reject)
				}
				fmt.Fprintf(&hist, "refused undo by %s: %v\n", l.Seat, err)
				continue
			}
			if err != nil {
				t.Fatalf("%s: undo by %s: %v", where, l.Seat, err)
			}
			fmt.Fprintf(&hist, "undo by %s: %d event(s) taken back\n", l.Seat, len(g.log)-j)
			g.log = g.log[:j]
			g.s, g.dice = replay(t, setup, g.log)
			checks = append(checks, checkpoint{append([]console.Event(nil), g.log...), r.View(g.s, console.Public).(View)})
			continue
		}
		before := g.s
		beforeState, _ := r.DecodeState(mustEncode(t, before))
		n := len(g.log)
		_, err := g.try(step{l.Seat, l.Cmd, l.Args})
		if l.Reject != "" {
			if err == nil || !console.IsRejection(err) || !strings.Contains(err.Error(), l.Reject) {
				t.Fatalf("%s: %s %v: got %v, want a refusal containing %q", where, l.Cmd, l.Args, err, l.Reject)
			}
			fmt.Fprintf(&hist, "refused %s %s: %v\n", l.Seat, l.Cmd, err)
			continue
		}
		if err != nil {
			t.Fatalf("%s: %s by %s %v: %v", where, l.Cmd, l.Seat, l.Args, err)
		}
		st := beforeState
		for k := n; k < len(g.log); k++ {
			g.log[k].Seat, g.log[k].Cmd = l.Seat, fmt.Sprintf("c%d", i+1)
			line, ok := r.Describe(st, g.log[k], console.Public)
			if !ok {
				t.Fatalf("%s: %s hidden from the public", where, g.log[k].Type)
			}
			fmt.Fprintf(&hist, "%d %s: %s\n", g.log[k].Seq, g.log[k].Seat, line)
			if st, err = r.Apply(st, g.log[k]); err != nil {
				t.Fatal(err)
			}
		}
		checks = append(checks, checkpoint{append([]console.Event(nil), g.log...), r.View(g.s, console.Public).(View)})
	}
	fmt.Fprintf(&hist, "status: %s\n", r.Status(g.s).Summary)
	return setup, g, hist.String(), checks
}

// replay folds events into New(setup) and restores the dice from the last
// event that carries them.
func replay(t testing.TB, setup console.Setup, events []console.Event) (console.State, *console.Dice) {
	t.Helper()
	s, d, err := console.Replay(New(), setup, events)
	if err != nil {
		t.Fatal(err)
	}
	return s, d
}

func scripts(t testing.TB) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "*.jsonl"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no game scripts in testdata (%v)", err)
	}
	return paths
}

// TestGolden replays every game script and compares the final public view
// and the history with testdata/NAME.view.golden and NAME.log.golden. Run
// with -update to rewrite them.
func TestGolden(t *testing.T) {
	for _, path := range scripts(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".jsonl")
		t.Run(name, func(t *testing.T) {
			_, g, hist, _ := runScript(t, path)
			view, err := json.MarshalIndent(New().View(g.s, console.Public), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			view = append(view, '\n')
			golden(t, filepath.Join("testdata", name+".view.golden"), view)
			golden(t, filepath.Join("testdata", name+".log.golden"), []byte(hist))
		})
	}
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (run go test -update to accept):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// TestReplay folds each script's log from the setup and checks the view
// after every command equals the one seen while playing, and that a
// snapshot after any command (where the Session takes them) plus the tail
// of the log gives the full replay's state.
func TestReplay(t *testing.T) {
	r := New()
	for _, path := range scripts(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			setup, g, _, checks := runScript(t, path)
			for i, c := range checks {
				s, _ := replay(t, setup, c.log)
				if got := r.View(s, console.Public); !reflect.DeepEqual(got, c.view) {
					t.Errorf("after checkpoint %d: replayed view\n%+v\nwant\n%+v", i+1, got, c.view)
				}
			}
			full, _ := replay(t, setup, g.log)
			want := mustEncode(t, full)
			if live := mustEncode(t, g.s); !bytes.Equal(live, want) {
				t.Fatal("full replay differs from live play")
			}
			for n := 0; n <= len(g.log); n++ {
				if n > 0 && n < len(g.log) && g.log[n-1].Cmd == g.log[n].Cmd {
					continue // inside a command
				}
				s, _ := replay(t, setup, g.log[:n])
				snap, err := r.DecodeState(mustEncode(t, s))
				if err != nil {
					t.Fatalf("snapshot at %d: %v", n, err)
				}
				for _, e := range g.log[n:] {
					if snap, err = r.Apply(snap, e); err != nil {
						t.Fatalf("snapshot at %d, event %d: %v", n, e.Seq, err)
					}
				}
				if got := mustEncode(t, snap); !bytes.Equal(got, want) {
					t.Errorf("snapshot at %d + tail differs from the full replay", n)
				}
			}
		})
	}
}

// TestSession plays every script through a console.Session with a MemStore
// and a fixed clock, undo lines through Session.Undo, and checks it reaches
// the same state and tells the same history as the script run.
func TestSession(t *testing.T) {
	clock := func() time.Time { return time.Unix(1700000000, 0).UTC() }
	for _, path := range scripts(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			setup, g, hist, _ := runScript(t, path)
			_, lines := readScript(t, path)
			s, err := console.Create(New(), setup, console.Options{Clock: clock, SnapshotEvery: 5, NewID: func() string { return "g1" }})
			if err != nil {
				t.Fatal(err)
			}
			for i, l := range lines {
				if l.Undo {
					_, err = s.Undo(l.Seat)
				} else {
					_, err = s.Do(l.Seat, console.Command{Name: l.Cmd, Args: l.Args})
				}
				if (err != nil) != (l.Reject != "") {
					t.Fatalf("line %d: %v (want refusal: %q)", i+1, err, l.Reject)
				}
			}
			got, err := s.EncodedState()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, mustEncode(t, g.s)) {
				t.Fatal("the session's state differs from the script run's")
			}
			lines2, err := s.History(console.Public)
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range lines2 {
				if !strings.Contains(hist, fmt.Sprintf("%d %s: %s\n", h.Seq, h.Seat, h.Text)) {
					t.Errorf("history line %d %s: %s is not in the script's history", h.Seq, h.Seat, h.Text)
				}
			}
			if st := s.Status(); st.Summary != New().Status(g.s).Summary {
				t.Errorf("status %q, want %q", st.Summary, New().Status(g.s).Summary)
			}
		})
	}
}
