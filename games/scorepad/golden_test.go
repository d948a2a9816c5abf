package scorepad

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

	"github.com/commandconsole/commandconsole/console"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

// scriptLine is one line of a game script in testdata/*.jsonl. The first
// line holds the setup; every other line a command, or an undo.
type scriptLine struct {
	Setup *console.Setup `json:"setup,omitempty"`
	Seat  console.Seat   `json:"seat,omitempty"`
	Cmd   string         `json:"cmd,omitempty"`
	Args  map[string]any `json:"args,omitempty"`
	// Undo takes back the last command, as the Session does.
	Undo bool `json:"undo,omitempty"`
	// Reject, when set, expects the command to be refused with a message
	// containing it.
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

// checkpoint is the log and the view after one accepted command or undo.
type checkpoint struct {
	log  []console.Event
	view View
}

// runScript plays a script through Decide and Apply and returns the final
// state, the log, the history text and a checkpoint after every command.
func runScript(t testing.TB, path string) (console.Setup, console.State, []console.Event, string, []checkpoint) {
	t.Helper()
	r := New()
	setup, lines := readScript(t, path)
	s := newGame(t, setup)
	var log []console.Event
	var hist strings.Builder
	var checks []checkpoint
	for i, l := range lines {
		where := fmt.Sprintf("%s command %d", filepath.Base(path), i+1)
		if l.Undo {
			if len(log) == 0 {
				t.Fatalf("%s: undo with an empty log", where)
			}
			j := len(log) - 1
			for j > 0 && log[j-1].Cmd == log[j].Cmd {
				j--
			}
			if err := r.Undoable(s, l.Seat, log[j:]); err != nil {
				t.Fatalf("%s: Undoable: %v", where, err)
			}
			fmt.Fprintf(&hist, "undo by %s: %d event(s) taken back\n", l.Seat, len(log)-j)
			log = log[:j]
			s = replay(t, setup, nil, log)
			checks = append(checks, checkpoint{append([]console.Event(nil), log...), r.View(s, console.Public).(View)})
			continue
		}
		before := s
		s2, events, err := play(t, s, step{l.Seat, l.Cmd, l.Args})
		if l.Reject != "" {
			if err == nil || !console.IsRejection(err) || !strings.Contains(err.Error(), l.Reject) {
				t.Fatalf("%s: %s %v: got %v, want a refusal containing %q", where, l.Cmd, l.Args, err, l.Reject)
			}
			fmt.Fprintf(&hist, "refused %s %s: %v\n", l.Seat, l.Cmd, err)
			continue
		}
		if err != nil {
			t.Fatalf("%s: %s %v: %v", where, l.Cmd, l.Args, err)
		}
		for k := range events {
			events[k].Seq = uint64(len(log) + 1)
			events[k].Cmd = fmt.Sprintf("c%d", i+1)
			line, ok := r.Describe(before, events[k], console.Public)
			if !ok {
				t.Fatalf("%s: %s hidden from the public", where, events[k].Type)
			}
			fmt.Fprintf(&hist, "%d %s: %s\n", events[k].Seq, events[k].Seat, line)
			log = append(log, events[k])
		}
		s = s2
		checks = append(checks, checkpoint{append([]console.Event(nil), log...), r.View(s, console.Public).(View)})
	}
	fmt.Fprintf(&hist, "status: %s\n", r.Status(s).Summary)
	return setup, s, log, hist.String(), checks
}

// replay folds events into a state: New(setup) when snap is nil, else the
// decoded snapshot.
func replay(t testing.TB, setup console.Setup, snap []byte, events []console.Event) console.State {
	t.Helper()
	r := New()
	var s console.State
	var err error
	if snap == nil {
		s, err = r.New(setup)
	} else {
		s, err = r.DecodeState(snap)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		if s, err = r.Apply(s, e); err != nil {
			t.Fatalf("replay event %d: %v", e.Seq, err)
		}
	}
	return s
}

func scripts(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "*.jsonl"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no game scripts in testdata (%v)", err)
	}
	return paths
}

// TestGolden replays every game script and compares the final view and the
// history with testdata/NAME.view.golden and NAME.log.golden. Run with
// -update to rewrite them.
func TestGolden(t *testing.T) {
	for _, path := range scripts(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".jsonl")
		t.Run(name, func(t *testing.T) {
			_, s, _, hist, _ := runScript(t, path)
			view, err := json.MarshalIndent(New().View(s, console.Public), "", "  ")
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

// TestReplay folds each script's log from New(setup) and checks the view
// after every command equals the one seen while playing; then it checks
// that every snapshot plus the tail of the log gives the same state as the
// full replay.
func TestReplay(t *testing.T) {
	r := New()
	for _, path := range scripts(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			setup, live, log, _, checks := runScript(t, path)
			for i, c := range checks {
				got := r.View(replay(t, setup, nil, c.log), console.Public)
				if !reflect.DeepEqual(got, c.view) {
					t.Errorf("after checkpoint %d: replayed view\n%+v\nwant\n%+v", i+1, got, c.view)
				}
			}
			full := replay(t, setup, nil, log)
			if !reflect.DeepEqual(full, live) {
				t.Fatalf("full replay differs from live play:\n%+v\n%+v", full, live)
			}
			want := mustEncode(t, full)
			for n := 0; n <= len(log); n++ {
				snap := mustEncode(t, replay(t, setup, nil, log[:n]))
				if got := mustEncode(t, replay(t, setup, snap, log[n:])); !bytes.Equal(got, want) {
					t.Errorf("snapshot at %d + tail differs from the full replay", n)
				}
			}
		})
	}
}
