package ruunara

import (
	"path/filepath"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

// scriptGlob matches the game scripts (see package console/script).
var scriptGlob = filepath.Join("testdata", "*.jsonl")

// TestGolden plays every game script through a Session and compares the
// final public view and the history with testdata/NAME.*.golden (-update
// rewrites them).
func TestGolden(t *testing.T) {
	conformance.GoldenFiles(t, New(), scriptGlob, *update)
}

func TestConformance(t *testing.T) {
	conformance.Run(t, New(), conformance.LoadScripts(t, scriptGlob))
}

func FuzzConformance(f *testing.F) {
	setup := console.Setup{System: ID, Title: "fuzz", Seed: 7, Seats: []console.Seat{"p1", "p2"}}
	conformance.Fuzz(f, New(), setup)
}
