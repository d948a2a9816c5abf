package ruunara

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

// tgame is a game driven command by command, as Session would, with the
// §5 test cards defined.
type tgame struct {
	t *testing.T
	// script records every command played, as a game script line
	// (console/script's JSON lines), for the golden mission scripts.
	script []string
	seed   uint64
	setup  console.Setup
	r      *Rules
	s      console.State
	d      *console.Dice
	n      int
	evs    []console.Event
	last   []console.Event
}

func newGame(t *testing.T, seats []string, opts map[string]string) *tgame {
	t.Helper()
	r := New()
	var ss []console.Seat
	for _, s := range seats {
		ss = append(ss, console.Seat(s))
	}
	setup := console.Setup{System: ID, Title: "test", Seed: 7, Seats: ss, Options: opts}
	s, err := r.New(setup)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	g := &tgame{t: t, r: r, s: s, d: console.NewDice(7), setup: setup}
	b, err := os.ReadFile("testdata/cards.json")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		t.Fatal(err)
	}
	g.do(seats[0], "define-card", "json="+buf.String())
	return g
}

// solo is p1 with the given heroes and enemies added (card ids), started.
func solo(t *testing.T, heroes []string, enemies ...string) *tgame {
	t.Helper()
	g := newGame(t, []string{"p1"}, nil)
	for _, h := range heroes {
		g.do("p1", "add-hero", "card="+h)
	}
	for _, e := range enemies {
		g.do("p1", "add-enemy", "card="+e)
	}
	g.do("p1", "start")
	return g
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
	before, err := console.Encode(g.s)
	if err != nil {
		g.t.Fatal(err)
	}
	evs, err := g.r.Decide(g.s, console.Seat(seat), console.Command{ID: "c" + itoa(g.n), Name: cmd, Args: args}, g.d)
	// Decide never changes the state it is given, even through the
	// hand-written clone (TestCloneIsDeep)
	if after, err2 := console.Encode(g.s); err2 != nil || !bytes.Equal(before, after) {
		g.t.Fatalf("%s %s: Decide changed the state it was given", seat, cmd)
	}
	if err != nil {
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
	g.last = evs
	line, err := json.Marshal(map[string]any{"seat": seat, "cmd": cmd, "args": args})
	if err != nil {
		g.t.Fatal(err)
	}
	g.script = append(g.script, string(line))
	return nil
}

func itoa(n int) string {
	const digits = "0123456789"
	if n == 0 {
		return "0"
	}
	var b []byte
	for n > 0 {
		b = append([]byte{digits[n%10]}, b...)
		n /= 10
	}
	return string(b)
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
		g.t.Fatalf("%s %s %v: accepted, want refusal containing %q", seat, cmd, kv, want)
	}
	if !strings.Contains(err.Error(), want) {
		g.t.Fatalf("%s %s %v: refused %q, want it to contain %q", seat, cmd, kv, err, want)
	}
}

func (g *tgame) st() *state { return g.s.(*state) }

func (g *tgame) view(seat string) View { return g.r.View(g.s, console.Seat(seat)).(View) }

func (g *tgame) hp(id string) int {
	g.t.Helper()
	if h := g.st().hero(id); h != nil {
		return h.HP
	}
	if e := g.st().enemy(id); e != nil {
		return e.HP
	}
	g.t.Fatalf("no unit %s", id)
	return 0
}

// to ends phases of the current seat turn until phase.
func (g *tgame) to(phase string) {
	g.t.Helper()
	for i := 0; g.st().Phase != phase || g.st().Prompt != nil; i++ {
		if i > 20 {
			g.t.Fatalf("cannot reach the %s phase (now %s, prompt %v)", phase, g.st().Phase, g.st().Prompt != nil)
		}
		if g.st().Prompt != nil {
			g.quiet(nil)
			continue
		}
		g.do(g.st().Seats[g.st().Side], "end-phase")
	}
}

// step answers the open prompt with its defaults: the first answer quiet
// would give.
func (g *tgame) step() {
	g.t.Helper()
	p := g.st().Prompt
	if p == nil {
		g.t.Fatal("step: no prompt")
	}
	switch p.Kind {
	case PromptOrders:
		g.do("p1", "ack")
	case PromptQuestion:
		if pickKinds[p.QKind] {
			g.do("p1", "answer", "q="+p.QID)
		} else if len(p.Q.Lines) == 1 {
			g.do("p1", "answer", "q="+p.QID, "value=no")
		} else {
			g.do("p1", "answer", "q="+p.QID, "ticks=none")
		}
	case PromptDice:
		g.do("p1", "roll", "values="+strings.TrimSuffix(strings.Repeat("1,", p.N), ","))
	default:
		g.t.Fatalf("step: an assign prompt is open: %s", p.Purpose)
	}
}

// quiet answers open prompts with the defaults (questions), acks orders and
// rolls the given dice (misses when none are given), until the seat turn
// of a seat or the end.
func (g *tgame) quiet(dice map[string]string) {
	g.t.Helper()
	for i := 0; g.st().Prompt != nil; i++ {
		if i > 200 {
			g.t.Fatal("prompts never settle")
		}
		p := g.st().Prompt
		switch p.Kind {
		case PromptOrders:
			g.do("p1", "ack")
		case PromptQuestion:
			if pickKinds[p.QKind] {
				g.do("p1", "answer", "q="+p.QID)
			} else if len(p.Q.Lines) == 1 {
				g.do("p1", "answer", "q="+p.QID, "value=no")
			} else {
				g.do("p1", "answer", "q="+p.QID, "ticks=none")
			}
		case PromptDice:
			v := dice[p.Purpose]
			if v == "" {
				v = strings.TrimSuffix(strings.Repeat("1,", p.N), ",")
			}
			g.do("p1", "roll", "values="+v)
		case PromptAssign:
			g.t.Fatalf("quiet: an assign prompt is open: %s", p.Purpose)
		}
	}
}

// endRound plays the rest of the round quietly: every seat's phases ended,
// the enemy turn answered with defaults.
func (g *tgame) endRound() {
	g.t.Helper()
	r := g.st().Round
	for i := 0; g.st().Round == r && g.st().Stage == StagePlay; i++ {
		if i > 100 {
			g.t.Fatal("the round never ends")
		}
		if g.st().Prompt != nil {
			g.quiet(nil)
			continue
		}
		g.do(g.st().Seats[g.st().Side], "end-phase")
	}
}

func (g *tgame) has(typ string) bool {
	for _, e := range g.last {
		if e.Type == typ {
			return true
		}
	}
	return false
}

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// keepScript compares the commands played with testdata/NAME.jsonl, or
// writes the file with -update.
func (g *tgame) keepScript(name, comment string) {
	g.t.Helper()
	setup, err := json.Marshal(map[string]any{"setup": g.setup})
	if err != nil {
		g.t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("# " + comment + "\n")
	b.WriteString(string(setup) + "\n")
	for _, l := range g.script {
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
		g.t.Errorf("%s differs from the game the test plays; run with -update", path)
	}
}
