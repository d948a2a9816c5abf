package battlelore

import (
	"bytes"
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

func setupOf(opts map[string]string, seats ...console.Seat) console.Setup {
	return console.Setup{System: ID, Title: "test", Seed: 1, Seats: seats, Options: opts}
}

// learning is a learning game: ana plays the Daqan, ben the Uthuk.
func learning() console.Setup {
	return setupOf(map[string]string{"mode": ModeLearning}, "ana", "ben")
}

// full is a full game: dana plays the Daqan, uli the Uthuk.
func full() console.Setup { return setupOf(nil, "dana", "uli") }

func newGame(t testing.TB, setup console.Setup) *state {
	t.Helper()
	s, err := New().New(setup)
	if err != nil {
		t.Fatalf("New(%+v): %v", setup, err)
	}
	return s.(*state)
}

// game plays a test game with its own dice, as a Session would.
type game struct {
	t    testing.TB
	s    console.State
	dice *console.Dice
	log  []console.Event
}

func start(t testing.TB, setup console.Setup) *game {
	t.Helper()
	return &game{t: t, s: newGame(t, setup), dice: console.NewDice(setup.Seed)}
}

func (g *game) st() *state { return g.s.(*state) }

// try runs one step: Decide (with arguments validated as the Session does)
// then Apply. It checks Decide left the state untouched, and restores the
// dice after a refusal.
func (g *game) try(st step) ([]console.Event, error) {
	g.t.Helper()
	r := New()
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
	rolls := g.dice.Rolls()
	events, err := r.Decide(g.s, st.seat, console.Command{ID: "t", Name: st.cmd, Args: args}, g.dice)
	if !bytes.Equal(before, mustEncode(g.t, g.s)) {
		g.t.Fatalf("%s %v: Decide modified the state", st.cmd, st.args)
	}
	if err != nil {
		g.dice, _ = console.RestoreDice(saved)
		return nil, err
	}
	for i := range events {
		events[i].Seq = uint64(len(g.log) + 1)
		if i == len(events)-1 && g.dice.Rolls() != rolls {
			events[i].Dice = g.dice.Marshal()
		}
		if g.s, err = r.Apply(g.s, events[i]); err != nil {
			g.t.Fatalf("%s %v: Apply(%s): %v", st.cmd, st.args, events[i].Type, err)
		}
		g.log = append(g.log, events[i])
	}
	return events, nil
}

// play runs steps that must all be accepted.
func (g *game) play(steps ...step) *game {
	g.t.Helper()
	for i, st := range steps {
		if _, err := g.try(st); err != nil {
			g.t.Fatalf("step %d (%s by %s %v): %v", i+1, st.cmd, st.seat, st.args, err)
		}
	}
	return g
}

func mustEncode(t testing.TB, s console.State) []byte {
	t.Helper()
	b, err := New().EncodeState(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// turn is the steps of one whole turn of seat: a command card, the three
// Main-phase steps, vp in the VP step, the draw and, in a full game, the
// Lore step choice (empty for the learning scenario).
func turn(seat console.Seat, vp int, lore string) []step {
	out := []step{
		do(seat, CmdPlayCommandCard),
		do(seat, CmdNextStep), do(seat, CmdNextStep), do(seat, CmdNextStep),
		do(seat, CmdScoreVP, "vp", vp),
		do(seat, CmdDrawCommandCard),
	}
	if lore != "" {
		out = append(out, do(seat, CmdLoreStep, "choice", lore))
	}
	return out
}

// battle sets up a full game through to turn 1: dana (Daqan) reveals C1,
// uli (Uthuk) B2, so the Uthuk play first; Daqan musters the rulebook's
// example army and the Uthuk take the chaos host army card.
func battle(t testing.TB) *game {
	t.Helper()
	return start(t, full()).play(
		do("dana", CmdScenario, "letter", "C", "number", 1, "name", "Crossing the River of Sleep", "banners", "2,1"),
		do("uli", CmdScenario, "letter", "B", "number", 2, "name", "Treasures of the Shadow Peaks", "banners", "1"),
		do("dana", CmdMuster, "citadel-guard", 4, "yeoman-archers", 3, "riverwatch-riders", 2, "rune-golems", 2, "command-tent", true),
		do("uli", CmdArmyCard, "army", "uthuk-chaos-host"),
	)
}
