package runeball

import (
	"path/filepath"
	"strings"
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

// TestConformance runs the suite over the golden scripts but the whole
// match: the suite replays from the start at every step, which is
// quadratic, and the match (hundreds of commands) took 20 s alone. The
// match is replayed against its goldens by TestGolden, by ccctl's script
// test, and whole matches by the monkey.
func TestConformance(t *testing.T) {
	var scripts []conformance.Script
	for _, s := range conformance.LoadScripts(t, scriptGlob) {
		if !strings.Contains(s.Name, "match") {
			scripts = append(scripts, s)
		}
	}
	conformance.Run(t, New(), scripts)
}

func FuzzConformance(f *testing.F) {
	setup := console.Setup{System: ID, Title: "fuzz", Seed: 7, Seats: []console.Seat{"home", "away"}}
	conformance.Fuzz(f, New(), setup)
}
