package battlelore

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

// conformanceScripts turns the golden game scripts into conformance
// scripts. An accepted undo line drops the command it takes back (and the
// refusals after it), which leaves the same game; a refused undo is left
// out.
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

// fuzzSetup is a full game, so the fuzzer can reach every command.
func fuzzSetup() console.Setup {
	return console.Setup{System: ID, Title: "fuzz", Seed: 1, Seats: []console.Seat{"dana", "uli"}}
}

// FuzzConformance feeds commands built from the schema to a full game and
// to a learning game.
func FuzzConformance(f *testing.F) {
	conformance.Fuzz(f, New(), fuzzSetup(),
		[]byte{0, 0, 1, 2, 3, 4, 0, 1, 1, 5, 6, 7, 8},
		[]byte{1, 1, 1, 1, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 2, 2, 2, 2})
}

func FuzzConformanceLearning(f *testing.F) {
	setup := console.Setup{System: ID, Title: "fuzz", Seed: 2, Seats: []console.Seat{"ana", "ben"}, Options: map[string]string{"mode": ModeLearning}}
	conformance.Fuzz(f, New(), setup, []byte{3, 1, 0, 4, 1, 0, 4, 1, 0, 4, 1, 0, 5, 1, 1, 1, 2})
}
