package runika

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

// scriptGlob matches the game scripts (see package console/script).
var scriptGlob = filepath.Join("testdata", "*.jsonl")

// TestGolden plays every game script through a Session and compares the
// final public view with testdata/NAME.view.golden and the transcript and
// the game's history with testdata/NAME.log.golden. Run with -update to
// rewrite them.
func TestGolden(t *testing.T) {
	conformance.GoldenFiles(t, New(), scriptGlob, *update)
}

func TestConformance(t *testing.T) {
	conformance.Run(t, New(), conformance.LoadScripts(t, scriptGlob))
}

func FuzzConformance(f *testing.F) {
	setup := console.Setup{System: ID, Title: "fuzz", Seed: 7, Seats: []console.Seat{"alice", "bob", "carol"}}
	// A seed that starts the game and ends the draft: start (command 1),
	// then end-draft (command 2) by each seat in turn.
	f.Add([]byte{1, 0, 2, 0, 2, 1, 2, 2})
	conformance.Fuzz(f, New(), setup)
}
