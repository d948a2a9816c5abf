package scorepad

import (
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

func TestConformance(t *testing.T) {
	conformance.Run(t, New(), conformance.LoadScripts(t, scriptGlob))
}

func FuzzConformance(f *testing.F) {
	setup := console.Setup{System: ID, Title: "fuzz", Seed: 1, Seats: []console.Seat{"alice", "bob", "carol"},
		Options: map[string]string{"target": "30", "rounds": "4"}}
	conformance.Fuzz(f, New(), setup)
}
