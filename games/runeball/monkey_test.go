package runeball

import (
	"flag"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/games/runeball/field"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// The monkey plays whole matches by picking at random among what the views
// offer (prompts, the acting player's commands, set-ups and kicks), with
// the app's dice, and checks that every match ends, that no event fails to
// apply, and that the commands the view offers are taken when given
// sensible arguments.

// monkeyLayouts are set-up cells: the first is in the kicker zone.
var monkeyLayouts = [2][]string{
	{"5:15", "12:16", "12:18", "12:14", "14:16", "8:12", "8:20", "10:10", "10:22"},
	{"27:15", "20:16", "20:18", "20:14", "18:16", "24:12", "24:20", "22:10", "22:22"},
}

var (
	monkeyVerbose = flag.Bool("monkey.v", false, "log the monkey's refused commands")
	monkeySeeds   = flag.Int("monkey.seeds", 6, "matches the monkey plays")
)

func TestMonkeyMatches(t *testing.T) {
	seeds := *monkeySeeds
	if testing.Short() {
		seeds = 2
	}
	for seed := 1; seed <= seeds; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { monkey(t, int64(seed)) })
	}
}

func monkey(t *testing.T, seed int64) {
	g := caught(t)
	g.st().RoundsPerHalf = 2
	playMonkey(t, g, seed)
}

// TestMonkeyGoldenMatch keeps a whole match (two rounds a half) the
// monkey plays as a golden script, from the rosters to the final whistle;
// seed 6 gives two blocks, four passes and a turnover.
func TestMonkeyGoldenMatch(t *testing.T) {
	testRounds = "2"
	defer func() { testRounds = "6" }()
	g := caught(t)
	playMonkey(t, g, 6)
	if g.st().Phase != PhaseOver {
		t.Fatalf("phase %s", g.st().Phase)
	}
	g.keepScript("match", "A whole match, two rounds a half, played by the monkey test (seed 6) among what the views offer, with the app's dice: rosters, kickoff, rounds with windows, blocks, passes, a turnover, halftime, the end.")
}

// playMonkey plays g to its end.
func playMonkey(t *testing.T, g *tgame, seed int64) {
	rnd := rand.New(rand.NewSource(seed))
	refused := 0
	try := func(seat, cmd string, kv ...string) {
		if err := g.try(seat, cmd, kv...); err != nil {
			if *monkeyVerbose {
				t.Logf("refused %s %s %v: %v", seat, cmd, kv, err)
			}
			refused++
			if refused > 400 {
				t.Fatalf("too many refusals; last: %s %s %v: %v\n%s", seat, cmd, kv, err, tail(g.log(), 20))
			}
		}
	}
	for step := 0; ; step++ {
		if step > 20000 {
			t.Fatalf("no end after %d steps: %s", step, g.view("home").Next)
		}
		st := g.st()
		if st.Phase == PhaseOver {
			break
		}
		if p := st.Prompt; p != nil {
			if p.Kind == PromptDice {
				try("home", CmdRoll)
				continue
			}
			// a choice: one of the answers the view offers, each of which
			// Decide must accept
			seat := teamName(p.Team)
			pv := g.view(seat).Prompt
			if len(pv.Answers) == 0 || !pv.YouAnswer {
				t.Fatalf("a %s prompt with no answer for %s: %+v", p.Cmd, seat, pv)
			}
			for _, a := range pv.Answers {
				if err := g.check(seat, a.Cmd, a.Args...); err != nil {
					t.Fatalf("the offered answer %q (%s %v) is refused: %v", a.Label, a.Cmd, a.Args, err)
				}
			}
			a := pv.Answers[rnd.Intn(len(pv.Answers))]
			try(seat, a.Cmd, a.Args...)
			continue
		}
		switch st.Phase {
		case PhaseStoppage:
			for t := range st.Stop.Ready {
				if !st.Stop.Ready[t] {
					try(teamName(t), CmdReadyStoppage)
				}
			}
		case PhaseSetup:
			k := st.Kicking
			tm := k
			if st.Field[k].SetupReady {
				tm = 1 - k
			}
			monkeySetup(g, tm, tm == k)
		case PhaseKickoff:
			lo := 17
			if st.Kicking == Away {
				lo = 1
			}
			x := lo + rnd.Intn(15)
			y := 1 + rnd.Intn(31)
			if (x+y)%2 == 1 {
				y++
			}
			try(teamName(st.Kicking), CmdKick, fmt.Sprintf("target=%d:%d", x, min(y, 31)))
		case PhasePlay:
			a := g.view("home").Acting
			if a == nil {
				t.Fatalf("play with neither a prompt nor an acting player: %s", g.view("home").Next)
			}
			monkeyAct(g, a, rnd, try)
		default:
			t.Fatalf("phase %s", st.Phase)
		}
	}
	if n := len(g.evs); n < 50 {
		t.Errorf("a whole match in %d events", n)
	}
	if refused > 0 {
		t.Errorf("%d commands the views offered were refused (run with -monkey.v)", refused)
	}
	if *monkeyVerbose {
		kinds := map[string]int{}
		for _, e := range g.evs {
			kinds[e.Type]++
		}
		t.Logf("seed %d: %d events, score %v, events by type %v", seed, len(g.evs), g.st().Score, kinds)
	}
}

// monkeySetup places up to seven players who can play and names a kicker.
func monkeySetup(g *tgame, t int, kicking bool) {
	g.t.Helper()
	st := g.st()
	var ids, cells []string
	n := 0
	for i, p := range st.Field[t].Pos {
		if p.Out || n == 7 {
			continue
		}
		ids = append(ids, roster.Slot{Team: teamID(t), N: i + 1}.String())
		cells = append(cells, monkeyLayouts[t][n])
		n++
	}
	seat := teamName(t)
	g.do(seat, CmdPlace, "player="+strings.Join(ids, ","), "hex="+strings.Join(cells, ","))
	if kicking {
		g.do(seat, CmdSetKicker, "player="+ids[0])
	}
	g.do(seat, CmdReadySetup)
}

// monkeyAct gives one of the acting player's commands.
func monkeyAct(g *tgame, a *ActivationView, rnd *rand.Rand, try func(string, string, ...string)) {
	st := g.st()
	me := "player=" + a.Player
	p, _, _ := st.place(a.Player)
	pick := func(xs []string) string {
		if len(xs) == 0 {
			g.t.Fatalf("%s: a command offered with nothing to name: %+v", a.Player, a)
		}
		return xs[rnd.Intn(len(xs))]
	}
	switch c := a.Commands[rnd.Intn(len(a.Commands))]; c {
	case CmdMove:
		as := ""
		if a.Halves > 0 && (!a.MoveOpen || a.MoveLeft+a.SprintLeft == 0 || rnd.Intn(3) == 0) {
			as = "half"
			if a.Halves == 2 && rnd.Intn(2) == 0 {
				as = "full"
			}
		}
		var next []string // the reach's cells next to the player
		for _, w := range a.Reach {
			if c, _ := field.ParseCoords(w); field.Adjacent(c, p.Cell) {
				next = append(next, w)
			}
		}
		if len(next) == 0 {
			next = []string{freeNeighbour(st, p.Cell, rnd)} // walled in: refused
		}
		cell := pick(next)
		if as == "" {
			try(a.Team, CmdMove, me, "path="+cell)
		} else {
			try(a.Team, CmdMove, me, "path="+cell, "as="+as)
		}
	case CmdBlock:
		try(a.Team, CmdBlock, me, "target="+pick(a.BlockTargets), fmt.Sprintf("exert=%d", rnd.Intn(3)))
	case CmdPass:
		try(a.Team, CmdPass, me, "to="+pick(a.PassTargets))
	case CmdHandoff:
		try(a.Team, CmdHandoff, "player="+a.HandoffFrom, "to="+pick(a.HandoffTo))
	case CmdEndActivation:
		if rnd.Intn(3) > 0 && len(a.Commands) > 1 {
			return // rather do something else
		}
		try(a.Team, c, me)
	default:
		try(a.Team, c, me)
	}
}

// freeNeighbour is a random empty neighbour of c ("" if none).
func freeNeighbour(st *state, c field.Cell, rnd *rand.Rand) string {
	var out []string
	for _, n := range field.Neighbours(c) {
		if st.occupant(n) == "" {
			out = append(out, n.String())
		}
	}
	if len(out) == 0 {
		return c.String()
	}
	return out[rnd.Intn(len(out))]
}

func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
