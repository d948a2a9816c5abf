package scorepad

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

// conformanceScripts turns the golden game scripts into conformance
// scripts. An undo line drops the command it takes back (and the refusals
// after it), which leaves the same game.
func conformanceScripts(t testing.TB) []conformance.Script {
	paths, err := filepath.Glob(filepath.Join("testdata", "*.jsonl"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no game scripts in testdata (%v)", err)
	}
	var out []conformance.Script
	for _, path := range paths {
		setup, lines := readScript(t, path)
		var steps []conformance.Step
		for _, l := range lines {
			if l.Undo {
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
	setup := console.Setup{System: ID, Title: "fuzz", Seed: 1, Seats: []console.Seat{"alice", "bob", "carol"},
		Options: map[string]string{"target": "30", "rounds": "4"}}
	conformance.Fuzz(f, New(), setup)
}
