package console_test

import (
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

var toySetup = console.Setup{System: "toy", Seed: 42, Seats: []console.Seat{"a", "b"}, Options: map[string]string{"start": "3"}}

func cmd(name string, kv ...any) console.Command {
	args := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		args[kv[i].(string)] = kv[i+1]
	}
	return console.Command{Name: name, Args: args}
}

func toyScript() conformance.Script {
	return conformance.Script{Name: "toy", Setup: toySetup, Steps: []conformance.Step{
		{Seat: "a", Cmd: cmd("add", "n", 2)},
		{Seat: "b", Cmd: cmd("roll", "sides", 20)},
		{Seat: "a", Cmd: cmd("roll", "sides", 6, "open", true)},
		{Seat: "b", Cmd: cmd("add", "n", 9), Reject: true},
		{Seat: "b", Cmd: cmd("add", "n", -5)},
		{Seat: "a", Cmd: cmd("roll", "sides", 100)},
		{Seat: "a", Cmd: cmd("finish")},
		{Seat: "b", Cmd: cmd("add", "n", 1), Reject: true},
	}}
}

func TestToyConformance(t *testing.T) {
	conformance.Run(t, toy{}, []conformance.Script{toyScript()})
}

func FuzzToyCommands(f *testing.F) {
	conformance.Fuzz(f, toy{}, toySetup)
}
