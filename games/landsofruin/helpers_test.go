package landsofruin

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// step is one command of a test game.
type step struct {
	seat console.Seat
	cmd  string
	args map[string]any
}

func do(seat console.Seat, cmd string, kv ...any) step {
	args := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		args[kv[i].(string)] = kv[i+1]
	}
	return step{seat, cmd, args}
}

func mustEncode(t testing.TB, s console.State) []byte {
	t.Helper()
	b, err := New().EncodeState(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// game plays a test game with its own dice, as a Session would, and keeps
// each accepted event with the state just before it.
type game struct {
	t      testing.TB
	s      console.State
	dice   *console.Dice
	log    []console.Event
	before [][]byte // encoded state before each event of log
	// desc caches each seat's history lines (nil: hidden from the seat).
	desc map[console.Seat][]*string
	// checked remembers, per pair of seats, the secrets last checked and
	// how many history lines were checked against them.
	checked map[[2]int]checkedLines
	// rules are the rules played (New() when nil).
	rules *Rules
	// seed is the game's dice seed, for a take-back to the first command.
	seed uint64
}

type checkedLines struct {
	secrets string
	lines   int
}

func start(t testing.TB, setup console.Setup) *game {
	t.Helper()
	s, err := New().New(setup)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return &game{t: t, s: s, dice: console.NewDice(setup.Seed), seed: setup.Seed}
}

func (g *game) st() *state { return g.s.(*state) }

// try runs one step: Decide (arguments validated as the Session does) then
// Apply. It checks Decide left the state untouched and restores the dice
// after a refusal.
func (g *game) try(st step) ([]console.Event, error) {
	g.t.Helper()
	r := g.rules
	if r == nil {
		r = New()
	}
	spec, ok := console.FindCommand(r.Commands(), st.cmd)
	if !ok {
		return nil, console.Reject("unknown command %q", st.cmd)
	}
	args, err := console.ValidateArgs(spec.Args, st.args, g.st().seats())
	if err != nil {
		return nil, err
	}
	before := mustEncode(g.t, g.s)
	saved := g.dice.Marshal()
	events, err := r.Decide(g.s, st.seat, console.Command{ID: "t", Name: st.cmd, Args: args}, g.dice)
	if !bytes.Equal(before, mustEncode(g.t, g.s)) {
		g.t.Fatalf("%s %v: Decide modified the state", st.cmd, st.args)
	}
	if err != nil {
		g.dice, _ = console.RestoreDice(saved)
		return nil, err
	}
	cmdID := fmt.Sprintf("t%d", len(g.log)+1) // one id per command, as a Session gives
	for i := range events {
		events[i].Seq = uint64(len(g.log) + 1)
		events[i].Seat, events[i].Cmd = st.seat, cmdID
		g.before = append(g.before, mustEncode(g.t, g.s))
		if g.s, err = r.Apply(g.s, events[i]); err != nil {
			g.t.Fatalf("%s: apply %s: %v", st.cmd, events[i].Type, err)
		}
		g.log = append(g.log, events[i])
	}
	if id, ok := r.ApprovedTakeBack(g.s); ok {
		g.takeBack(r, id)
	}
	return events, nil
}

// takeBack does what a Session does when the rules name a command every
// player agreed to take back (console.TakeBacker): the log loses it and
// everything after it, the state and the dice are as they were before it.
func (g *game) takeBack(r *Rules, id string) {
	g.t.Helper()
	at := -1
	for i, e := range g.log {
		if e.Cmd == id {
			at = i
			break
		}
	}
	if at < 0 {
		g.t.Fatalf("take-back of command %q, which is not in the log", id)
	}
	st, err := r.DecodeState(g.before[at])
	if err != nil {
		g.t.Fatal(err)
	}
	g.s, g.log, g.before = st, g.log[:at], g.before[:at]
	g.dice = console.NewDice(g.seed)
	for i := at - 1; i >= 0; i-- {
		if len(g.log[i].Dice) > 0 {
			if g.dice, err = console.RestoreDice(g.log[i].Dice); err != nil {
				g.t.Fatal(err)
			}
			break
		}
	}
	g.desc, g.checked = nil, nil
}

// must runs steps that must be accepted.
func (g *game) must(steps ...step) {
	g.t.Helper()
	for _, st := range steps {
		if _, err := g.try(st); err != nil {
			g.t.Fatalf("%s by %s %v: %v", st.cmd, st.seat, st.args, err)
		}
	}
}

func twoPlayers(seed uint64, opts map[string]string) console.Setup {
	return console.Setup{System: ID, Title: "test", Seed: seed, Seats: []console.Seat{"ana", "ben"}, Options: opts}
}

// battle sets up a Fight to the Death, ana with Dorian's Detachment at the
// south side, ben with the Night Raiders at the north, infiltrators placed
// (Kestrel in sw-block, Whisper in crossing), up to the first Action phase.
func battle(t testing.TB, seed uint64) *game {
	g := start(t, twoPlayers(seed, nil))
	g.must(
		do("ana", CmdChooseSide, "side", "south"), do("ana", CmdChooseTeam, "team", "dorians-detachment"),
		do("ben", CmdChooseSide, "side", "north"), do("ben", CmdChooseTeam, "team", "night-raiders"),
		do("ana", CmdReady), do("ben", CmdReady),
		do("ana", CmdInfiltrate, "character", "kestrel", "section", "sw-block"),
		do("ben", CmdInfiltrate, "character", "whisper", "section", "crossing"),
		do("ana", CmdReady), do("ben", CmdReady))
	return g
}

// cur is the seat whose turn it is.
func (g *game) cur() console.Seat { return g.st().seat(g.st().current()) }

// endPhases ends n phases of whoever is current.
func (g *game) endPhases(n int) {
	g.t.Helper()
	for i := 0; i < n; i++ {
		g.must(do(g.cur(), CmdEndPhase))
	}
}

// withoutCmdMark encodes s without the last command's id, player and
// openness (undoconsent.go), which a phase rewind does not restore.
func withoutCmdMark(t testing.TB, s console.State) []byte {
	t.Helper()
	g := s.(*state)
	c := *g
	c.LastCmd, c.LastBy, c.LastOpen, c.LastFirst = "", 0, false, nil
	c.News, c.NewsCmd = nil, ""
	return mustEncode(t, &c)
}
