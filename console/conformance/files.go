package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/script"
)

// This file runs a game system's script files (testdata/*.jsonl, in the
// format of package script) as conformance scripts and as golden tests.

// Files returns the files that match glob, and fails the test when there
// are none.
func Files(t testing.TB, glob string) []string {
	t.Helper()
	paths, err := filepath.Glob(glob)
	if err != nil || len(paths) == 0 {
		t.Fatalf("no game scripts match %s (%v)", glob, err)
	}
	return paths
}

// ReadFile reads a script file that starts with its setup, and fails the
// test when it cannot.
func ReadFile(t testing.TB, path string) (console.Setup, []script.Numbered) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	setup, lines, err := script.Read(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if setup == nil {
		t.Fatalf("%s: the first line must be the setup", path)
	}
	return *setup, lines
}

// scriptName is a script file's name without its directory and .jsonl.
func scriptName(path string) string {
	return strings.TrimSuffix(filepath.Base(path), ".jsonl")
}

// LoadScripts turns the script files that match glob into conformance
// Scripts. An accepted undo drops the command it takes back (and the
// refusals just before it), which leaves the same game; a refused undo is
// skipped; a line that expects a refusal becomes a Step with Reject.
func LoadScripts(t testing.TB, glob string) []Script {
	t.Helper()
	var out []Script
	for _, path := range Files(t, glob) {
		setup, lines := ReadFile(t, path)
		var steps []Step
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
			steps = append(steps, Step{Seat: l.Seat, Cmd: l.Command(), Reject: l.Reject != ""})
		}
		out = append(out, Script{Name: scriptName(path), Setup: setup, Steps: steps})
	}
	return out
}

// Played is a script file played through a Session.
type Played struct {
	Session *console.Session
	Store   console.Store
	// Transcript is every line, its refusal or the history lines it
	// added, and the final status.
	Transcript string
	// Marks holds the game after every accepted line.
	Marks []Mark
}

// Mark is the game after one accepted line of a script.
type Mark struct {
	// Line is the line's number in the file.
	Line int
	// Log is the whole log after the line.
	Log []console.Event
	// View is the public view after the line.
	View console.View
}

// goldenOptions are the session options of PlayFile: a MemStore, a fixed
// clock and a fixed game id.
func goldenOptions(store console.Store) console.Options {
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

// PlayFile plays a script file through a Session on a MemStore with a fixed
// clock, and fails the test on any line whose outcome differs from the
// script's expectation.
func PlayFile(t testing.TB, rules console.Rules, path string) *Played {
	t.Helper()
	setup, lines := ReadFile(t, path)
	store := console.NewMemStore()
	s, err := console.Create(rules, setup, goldenOptions(store))
	if err != nil {
		t.Fatalf("%s: create: %v", path, err)
	}
	p := &Played{Session: s, Store: store}
	var tr strings.Builder
	var seen uint64
	for _, l := range lines {
		if l.Undo {
			fmt.Fprintf(&tr, "> %s undo\n", l.Seat)
		} else {
			fmt.Fprintf(&tr, "> %s\n", strings.TrimSpace(fmt.Sprintf("%s %s %s", l.Seat, l.Cmd, argText(l.Args))))
		}
		res, refusal, err := l.Play(s)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, l.Number, err)
		}
		if refusal != nil {
			fmt.Fprintf(&tr, "  refused: %v\n", refusal)
			continue
		}
		if l.Undo {
			fmt.Fprintf(&tr, "  %d event(s) taken back\n", len(res.Events))
		}
		hist, err := s.History(console.Public)
		if err != nil {
			t.Fatalf("%s:%d: history: %v", path, l.Number, err)
		}
		// Public lines are numbered in the public history: an undo, or a
		// take-back every seat agreed to (console.TakeBacker), shortens it.
		if n := uint64(len(hist)); n < seen {
			if !l.Undo {
				fmt.Fprintf(&tr, "  taken back by agreement: %d public line(s)\n", seen-n)
			}
			seen = n
		}
		for _, h := range hist {
			if h.Seq > seen {
				fmt.Fprintf(&tr, "  %d %s: %s\n", h.Seq, h.Seat, h.Text)
				seen = h.Seq
			}
		}
		v, err := s.View(console.Public)
		if err != nil {
			t.Fatalf("%s:%d: view: %v", path, l.Number, err)
		}
		evs, err := store.Events(s.ID(), 1, 0)
		if err != nil {
			t.Fatalf("%s:%d: events: %v", path, l.Number, err)
		}
		p.Marks = append(p.Marks, Mark{Line: l.Number, Log: append([]console.Event(nil), evs...), View: v})
	}
	fmt.Fprintf(&tr, "status: %s\n", s.Status().Summary)
	p.Transcript = tr.String()
	return p
}

// Golden plays the script file at path (see PlayFile) and compares the
// final public view, as indented JSON, with NAME.view.golden beside it, and
// the transcript, the whole public history and the status with
// NAME.log.golden; update rewrites both files instead. It then checks that
// the game resumes from its store to the same view for every seat.
func Golden(t *testing.T, rules console.Rules, path string, update bool) {
	t.Helper()
	p := PlayFile(t, rules, path)
	v, err := p.Session.View(console.Public)
	if err != nil {
		t.Fatal(err)
	}
	view, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	view = append(view, '\n')
	hist, err := p.Session.History(console.Public)
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	log.WriteString("== transcript ==\n")
	log.WriteString(p.Transcript)
	log.WriteString("== history ==\n")
	for _, h := range hist {
		fmt.Fprintf(&log, "%d %s: %s\n", h.Seq, h.Seat, h.Text)
	}
	base := strings.TrimSuffix(path, ".jsonl")
	golden(t, base+".view.golden", view, update)
	golden(t, base+".log.golden", []byte(log.String()), update)

	// The game resumes from its store (snapshot + tail) to the same view
	// for every seat.
	r, err := console.Open(rules, p.Session.ID(), goldenOptions(p.Store))
	if err != nil {
		t.Fatalf("resume: %v", err)
	}
	for _, seat := range append(p.Session.Seats(), console.Public) {
		if ja, jb := ViewJSON(t, p.Session, seat), ViewJSON(t, r, seat); !bytes.Equal(ja, jb) {
			t.Errorf("view for %s differs after resume:\n%s\n%s", seat, ja, jb)
		}
	}
}

// GoldenFiles runs Golden on every script file that matches glob, each as
// a subtest named after the file.
func GoldenFiles(t *testing.T, rules console.Rules, glob string, update bool) {
	t.Helper()
	for _, path := range Files(t, glob) {
		t.Run(scriptName(path), func(t *testing.T) { Golden(t, rules, path, update) })
	}
}

// golden compares got with the file at path, or writes it when update is
// set.
func golden(t *testing.T, path string, got []byte, update bool) {
	t.Helper()
	if update {
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
