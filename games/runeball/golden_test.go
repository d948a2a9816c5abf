package runeball

import (
	"path/filepath"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

var scriptGlob = filepath.Join("testdata", "*.jsonl")

// TestGolden replays every script through a Session against its view and
// history goldens (-update rewrites them).
func TestGolden(t *testing.T) {
	conformance.GoldenFiles(t, New(), scriptGlob, *update)
}

func TestConformance(t *testing.T) {
	conformance.Run(t, New(), conformance.LoadScripts(t, scriptGlob))
}

func FuzzConformance(f *testing.F) {
	setup := console.Setup{System: ID, Title: "fuzz", Seed: 7, Seats: []console.Seat{"home", "away"}}
	conformance.Fuzz(f, New(), setup)
}
