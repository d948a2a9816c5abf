package battlelore

import (
	"bytes"
	"flag"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

// scriptGlob matches the game scripts (see package console/script).
var scriptGlob = filepath.Join("testdata", "*.jsonl")

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
// kept as the Session keeps them, and returns the final game, its public
// history lines and a checkpoint after every command. (TestGolden plays the
// scripts through a Session; TestSession checks both agree.)
func runScript(t testing.TB, path string) (console.Setup, *game, string, []checkpoint) {
	t.Helper()
	r := New()
	setup, lines := conformance.ReadFile(t, path)
	g := start(t, setup)
	var hist strings.Builder
	var checks []checkpoint
	for i, l := range lines {
		where := fmt.Sprintf("%s:%d", path, l.Number)
		if l.Undo {
			if len(g.log) == 0 {
				t.Fatalf("%s: undo with an empty log", where)
			}
			j := lastCommand(g.log)
			var err error
			for _, e := range g.log[j:] {
				if e.Barrier {
					err = console.Reject("your last command cannot be taken back: it revealed something the other side has seen")
				}
			}
			if err == nil {
				err = r.Undoable(g.s, l.Seat, g.log[j:])
			}
			if l.Reject != "" {
				if err == nil || !strings.Contains(err.Error(), l.Reject) {
					t.Fatalf("%s: undo by %s: got %v, want a refusal containing %q", where, l.Seat, err, l.Reject)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: undo by %s: %v", where, l.Seat, err)
			}
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
			continue
		}
		if err != nil {
			t.Fatalf("%s: %s by %s %v: %v", where, l.Cmd, l.Seat, l.Args, err)
		}
		st := beforeState
		for k := n; k < len(g.log); k++ {
			g.log[k].Seat, g.log[k].Cmd = l.Seat, fmt.Sprintf("c%d", i+1)
			if _, ok := r.Describe(st, g.log[k], console.Public); !ok {
				t.Fatalf("%s: %s hidden from the public", where, g.log[k].Type)
			}
			if st, err = r.Apply(st, g.log[k]); err != nil {
				t.Fatal(err)
			}
		}
		checks = append(checks, checkpoint{append([]console.Event(nil), g.log...), r.View(g.s, console.Public).(View)})
	}
	// The history is that of the final log: undone commands are gone from
	// it, as from a Session's.
	st, err := r.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range g.log {
		line, _ := r.Describe(st, e, console.Public)
		fmt.Fprintf(&hist, "%d %s: %s\n", e.Seq, e.Seat, line)
		if st, err = r.Apply(st, e); err != nil {
			t.Fatal(err)
		}
	}
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

// TestGolden plays every game script through a Session and compares the
// final public view and the transcript and history with
// testdata/NAME.view.golden and NAME.log.golden. Run with -update to
// rewrite them.
func TestGolden(t *testing.T) {
	conformance.GoldenFiles(t, New(), scriptGlob, *update)
}

// TestReplay folds each script's log from the setup and checks the view
// after every command equals the one seen while playing, and that a
// snapshot after any command (where the Session takes them) plus the tail
// of the log gives the full replay's state.
func TestReplay(t *testing.T) {
	r := New()
	for _, path := range conformance.Files(t, scriptGlob) {
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
	for _, path := range conformance.Files(t, scriptGlob) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			setup, g, hist, _ := runScript(t, path)
			_, lines := conformance.ReadFile(t, path)
			s, err := console.Create(New(), setup, console.Options{Clock: clock, SnapshotEvery: 5, NewID: func() string { return "g1" }})
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range lines {
				if _, _, err := l.Play(s); err != nil {
					t.Fatalf("line %d: %v", l.Number, err)
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
			var got2 strings.Builder
			for _, h := range lines2 {
				fmt.Fprintf(&got2, "%d %s: %s\n", h.Seq, h.Seat, h.Text)
			}
			if got2.String() != hist {
				t.Errorf("the session's history differs from the script run's:\n--- session\n%s--- script\n%s", got2.String(), hist)
			}
			if st := s.Status(); st.Summary != New().Status(g.s).Summary {
				t.Errorf("status %q, want %q", st.Summary, New().Status(g.s).Summary)
			}
		})
	}
}
