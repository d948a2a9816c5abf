package runika

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

// scriptLine is one line of a game script in testdata/*.jsonl. The first
// line holds the setup; every other line a command or an undo. Lines
// starting with # are comments.
type scriptLine struct {
	Setup *console.Setup `json:"setup,omitempty"`
	Seat  console.Seat   `json:"seat,omitempty"`
	Cmd   string         `json:"cmd,omitempty"`
	Args  map[string]any `json:"args,omitempty"`
	// Undo takes back the last command, through Session.Undo as Seat.
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

func scripts(t testing.TB) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "*.jsonl"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no game scripts in testdata (%v)", err)
	}
	return paths
}

// fixedClock keeps the event times identical between runs.
func fixedClock() time.Time { return time.Unix(1700000000, 0).UTC() }

func sessionOptions(store console.Store) console.Options {
	return console.Options{Store: store, Clock: fixedClock, SnapshotEvery: 10, NewID: func() string { return "golden" }}
}

// argText renders arguments as sorted key=value words.
func argText(args map[string]any) string {
	var out []string
	for _, k := range console.SortedKeys(args) {
		out = append(out, fmt.Sprintf("%s=%v", k, args[k]))
	}
	return strings.Join(out, " ")
}

// played is a script played through a Session.
type played struct {
	session *console.Session
	store   console.Store
	// transcript is every command, refusal and undo with the history
	// lines it added.
	transcript string
}

// runScript plays a script through a Session on a MemStore with a fixed
// clock, checking every refusal it expects.
func runScript(t testing.TB, path string) played {
	t.Helper()
	setup, lines := readScript(t, path)
	store := console.NewMemStore()
	s, err := console.Create(New(), setup, sessionOptions(store))
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	var tr strings.Builder
	var seen uint64
	for i, l := range lines {
		where := fmt.Sprintf("%s line %d", filepath.Base(path), i+1)
		var err error
		if l.Undo {
			fmt.Fprintf(&tr, "> %s undo\n", l.Seat)
			var res console.Result
			res, err = s.Undo(l.Seat)
			if err == nil {
				fmt.Fprintf(&tr, "  %d event(s) taken back\n", len(res.Events))
				seen = res.Seq
			}
		} else {
			fmt.Fprintf(&tr, "> %s\n", strings.TrimSpace(fmt.Sprintf("%s %s %s", l.Seat, l.Cmd, argText(l.Args))))
			_, err = s.Do(l.Seat, console.Command{Name: l.Cmd, Args: l.Args})
		}
		if l.Reject != "" {
			if err == nil || !console.IsRejection(err) || !strings.Contains(err.Error(), l.Reject) {
				t.Fatalf("%s: got %v, want a refusal containing %q", where, err, l.Reject)
			}
			fmt.Fprintf(&tr, "  refused: %v\n", err)
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		hist, err := s.History(console.Public)
		if err != nil {
			t.Fatalf("%s: history: %v", where, err)
		}
		for _, h := range hist {
			if h.Seq > seen {
				fmt.Fprintf(&tr, "  %d %s: %s\n", h.Seq, h.Seat, h.Text)
				seen = h.Seq
			}
		}
	}
	fmt.Fprintf(&tr, "status: %s\n", s.Status().Summary)
	return played{session: s, store: store, transcript: tr.String()}
}

// TestGolden plays every game script through a Session and compares the
// final public view with testdata/NAME.view.golden and the transcript and
// the game's history with testdata/NAME.log.golden. Run with -update to
// rewrite them.
func TestGolden(t *testing.T) {
	for _, path := range scripts(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".jsonl")
		t.Run(name, func(t *testing.T) {
			p := runScript(t, path)
			v, err := p.session.View(console.Public)
			if err != nil {
				t.Fatal(err)
			}
			view, err := json.MarshalIndent(v, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			view = append(view, '\n')
			hist, err := p.session.History(console.Public)
			if err != nil {
				t.Fatal(err)
			}
			var log strings.Builder
			log.WriteString("== transcript ==\n")
			log.WriteString(p.transcript)
			log.WriteString("== history ==\n")
			for _, h := range hist {
				fmt.Fprintf(&log, "%d %s: %s\n", h.Seq, h.Seat, h.Text)
			}
			golden(t, filepath.Join("testdata", name+".view.golden"), view)
			golden(t, filepath.Join("testdata", name+".log.golden"), []byte(log.String()))

			// The game resumes from its store (snapshot + tail) to the
			// same view for every seat.
			r, err := console.Open(New(), p.session.ID(), sessionOptions(p.store))
			if err != nil {
				t.Fatalf("resume: %v", err)
			}
			for _, seat := range append(p.session.Seats(), console.Public) {
				a, _ := p.session.View(seat)
				b, _ := r.View(seat)
				ja, _ := json.Marshal(a)
				jb, _ := json.Marshal(b)
				if !bytes.Equal(ja, jb) {
					t.Errorf("view for %s differs after resume:\n%s\n%s", seat, ja, jb)
				}
			}
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

// conformanceScripts turns the game scripts into conformance scripts. An
// accepted undo drops the command it takes back (and the refusals after
// it), which leaves the same game; a refused undo is skipped.
func conformanceScripts(t testing.TB) []conformance.Script {
	var out []conformance.Script
	for _, path := range scripts(t) {
		setup, lines := readScript(t, path)
		var steps []conformance.Step
		for _, l := range lines {
			if l.Undo {
				if l.Reject != "" {
					continue
				}
				for len(steps) > 0 && steps[len(steps)-1].Reject {
					steps = steps[:len(steps)-1]
				}
				if len(steps) > 0 {
					steps = steps[:len(steps)-1]
				}
				continue
			}
			steps = append(steps, conformance.Step{
				Seat:   l.Seat,
				Cmd:    console.Command{Name: l.Cmd, Args: l.Args},
				Reject: l.Reject != "",
			})
		}
		out = append(out, conformance.Script{Name: strings.TrimSuffix(filepath.Base(path), ".jsonl"), Setup: setup, Steps: steps})
	}
	return out
}

func TestConformance(t *testing.T) {
	conformance.Run(t, New(), conformanceScripts(t))
}

func FuzzConformance(f *testing.F) {
	setup := console.Setup{System: ID, Title: "fuzz", Seed: 7, Seats: []console.Seat{"alice", "bob", "carol"}}
	// A seed that starts the game and ends the draft: start (command 1),
	// then end-draft (command 2) by each seat in turn.
	f.Add([]byte{1, 0, 2, 0, 2, 1, 2, 2})
	conformance.Fuzz(f, New(), setup)
}
