package runeball

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// tgame is a match driven command by command, as Session would.
type tgame struct {
	t      *testing.T
	r      *Rules
	s      console.State
	d      *console.Dice
	n      int
	evs    []console.Event
	setup  console.Setup
	script []string
}

func newMatch(t *testing.T, opts map[string]string) *tgame {
	t.Helper()
	setup := console.Setup{System: ID, Title: "Friendly", Seed: 11, Seats: []console.Seat{"home", "away"}, Options: opts}
	r := New()
	s, err := r.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	return &tgame{t: t, r: r, s: s, d: console.NewDice(setup.Seed), setup: setup}
}

func (g *tgame) try(seat, cmd string, kv ...string) error {
	g.t.Helper()
	args := map[string]any{}
	for _, w := range kv {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			g.t.Fatalf("bad test argument %q", w)
		}
		args[k] = v
	}
	g.n++
	before, _ := console.Encode(g.s)
	evs, err := g.r.Decide(g.s, console.Seat(seat), console.Command{ID: "c" + string(rune('a'+g.n%26)), Name: cmd, Args: args}, g.d)
	if after, _ := console.Encode(g.s); !bytes.Equal(before, after) {
		g.t.Fatalf("%s %s %v: Decide changed the state it was given", seat, cmd, kv)
	}
	line := map[string]any{"seat": seat, "cmd": cmd, "args": args}
	if err != nil {
		line["reject"] = err.Error()
		b, _ := json.Marshal(line)
		g.script = append(g.script, string(b))
		return err
	}
	for _, e := range evs {
		e.Seq = uint64(len(g.evs) + 1)
		s, err := g.r.Apply(g.s, e)
		if err != nil {
			g.t.Fatalf("%s: apply %s: %v", cmd, e.Type, err)
		}
		g.s = s
		g.evs = append(g.evs, e)
	}
	b, _ := json.Marshal(line)
	g.script = append(g.script, string(b))
	return nil
}

// check asks Decide whether it accepts a command, without applying it.
func (g *tgame) check(seat, cmd string, kv ...string) error {
	g.t.Helper()
	args := map[string]any{}
	for _, w := range kv {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			g.t.Fatalf("bad test argument %q", w)
		}
		args[k] = v
	}
	_, err := g.r.Decide(g.s, console.Seat(seat), console.Command{ID: "check", Name: cmd, Args: args}, console.NewDice(1))
	return err
}

func (g *tgame) do(seat, cmd string, kv ...string) {
	g.t.Helper()
	if err := g.try(seat, cmd, kv...); err != nil {
		g.t.Fatalf("%s %s %v: %v", seat, cmd, kv, err)
	}
}

func (g *tgame) refuse(want, seat, cmd string, kv ...string) {
	g.t.Helper()
	err := g.try(seat, cmd, kv...)
	if err == nil {
		g.t.Fatalf("%s %s %v: accepted, want a refusal containing %q", seat, cmd, kv, want)
	}
	if !strings.Contains(err.Error(), want) {
		g.t.Fatalf("%s %s %v: refused %q, want it to contain %q", seat, cmd, kv, err, want)
	}
}

func (g *tgame) st() *state { return g.s.(*state) }

func (g *tgame) view(seat string) View { return g.r.View(g.s, console.Seat(seat)).(View) }

// keepScript compares the commands played with testdata/NAME.jsonl, or
// writes it with -update. Refused commands are kept with the start of
// their refusal as "reject".
func (g *tgame) keepScript(name, comment string) {
	g.t.Helper()
	setup, _ := json.Marshal(map[string]any{"setup": g.setup})
	var b strings.Builder
	b.WriteString("# " + comment + "\n" + string(setup) + "\n")
	for _, l := range g.script {
		var m map[string]any
		_ = json.Unmarshal([]byte(l), &m)
		if r, ok := m["reject"].(string); ok {
			if len(r) > 40 {
				r = r[:40]
			}
			m["reject"] = r
			nb, _ := json.Marshal(m)
			l = string(nb)
		}
		b.WriteString(l + "\n")
	}
	path := filepath.Join("testdata", name+".jsonl")
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			g.t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(path)
	if err != nil {
		g.t.Fatalf("%v (run with -update to write it)", err)
	}
	if string(old) != b.String() {
		g.t.Errorf("%s differs from the match the test plays; run with -update", path)
	}
}
