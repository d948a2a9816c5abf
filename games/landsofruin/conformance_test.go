package landsofruin

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

func TestConformance(t *testing.T) {
	conformance.Run(t, New(), conformance.LoadScripts(t, scriptGlob))
}

// TestGolden plays every game script through a Session and compares the
// final public view, the transcript and the history with the golden files.
// Run with -update to rewrite them.
func TestGolden(t *testing.T) {
	conformance.GoldenFiles(t, New(), scriptGlob, *update)
}

// fuzzSetup is a two-player Fight to the Death.
func fuzzSetup() console.Setup {
	return console.Setup{System: ID, Title: "fuzz", Seed: 1, Seats: []console.Seat{"ana", "ben"}}
}

// FuzzConformance feeds commands built from the schema to a new game.
func FuzzConformance(f *testing.F) {
	conformance.Fuzz(f, New(), fuzzSetup(),
		[]byte{0, 0, 1, 2, 3, 4, 0, 1, 1, 5, 6, 7, 8},
		[]byte{3, 1, 0, 3, 0, 0, 4, 1, 1, 4, 0, 0, 5, 5, 5})
}
