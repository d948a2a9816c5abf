package battlelore

import (
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

func TestConformance(t *testing.T) {
	conformance.Run(t, New(), conformance.LoadScripts(t, scriptGlob))
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
