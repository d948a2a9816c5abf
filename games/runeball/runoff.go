package runeball

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/field"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// Running off and substitutes (RB-D44, RB-D45): a standing player on an
// edge hex with a hex of his open move left leaves the field (a sprint hex
// costs 1d4 HP); Bleed goes; his activation ends; a bench player who is
// not Out may take his cell and his place in the order; a ball he carried
// is a turnover from his cell.

// Run-off commands (§2.7).
const (
	CmdRunOff = "run-off"
	CmdSubIn  = "sub-in"
)

// runOff leaves the field.
func (x *decider) runOff(a console.Args) error {
	act, p, _, err := x.actor(a)
	if err != nil {
		return err
	}
	switch {
	case p.Prone:
		return console.Reject("%s is prone (stand first)", act.Player)
	case !field.OnEdge(p.Cell):
		return console.Reject("%s is not on an edge hex", act.Player)
	case act.Move == nil || act.Move.Used >= act.Move.Allowance+act.Move.SprintMax:
		return console.Reject("%s has no move left (start one with move as=…)", act.Player)
	}
	sprint := act.Move.Used >= act.Move.Allowance
	x.emit(EvRanOff, RanOff{Player: act.Player, Cell: p.Cell, Sprint: sprint})
	f := flow{Player: act.Player, Cell: p.Cell, Fumbler: x.team}
	if sprint {
		x.askDice("runoff-sprint", f, die{4, "sprint exertion " + act.Player})
		return nil
	}
	x.ranOff(f)
	return nil
}

// ranOff settles a ball he carried (a turnover from his cell, T), then
// his activation ends and the substitute is asked for (resolved, askSub).
func (x *decider) ranOff(f flow) {
	if x.g.Ball.Holder == f.Player {
		x.turnover(1-f.Fumbler, f.Cell, "run-off")
		return
	}
	x.ballDone()
}

// askSub asks the runner's team for a substitute (RB-D44); it reports
// whether it asked.
func (x *decider) askSub(runner string) bool {
	g := x.g
	rp, _, t := g.place(runner)
	if rp == nil || t < 0 {
		return false
	}
	var subs []string
	for i, p := range g.Field[t].Pos {
		id := roster.Slot{Team: teamID(t), N: i + 1}.String()
		if !p.OnField && !p.Out && id != runner && g.Teams[t].Player(i+1).Complete() {
			subs = append(subs, id)
		}
	}
	if len(subs) == 0 || g.occupant(rp.Cell) != "" {
		return false
	}
	x.askChoice(t, CmdSubIn, fmt.Sprintf("%s ran off from %s: send in a substitute (sub-in player=ID) or none", runner, rp.Cell), "sub-in", flow{Player: runner, Cell: rp.Cell}, append(subs, "none")...)
	return true
}

// subIn answers the substitute question (RB-D44).
func (x *decider) subIn(a console.Args) error {
	g := x.g
	p := g.Prompt
	f := p.Flow
	v := strings.ToUpper(strings.TrimSpace(a.String("player")))
	if v != "NONE" {
		s, err := x.slotArg(a)
		if err != nil {
			return err
		}
		sp, _, _ := g.place(s.String())
		switch {
		case sp.OnField:
			return console.Reject("%s is on the field", s)
		case sp.Out:
			return console.Reject("%s is Out", s)
		case !g.Teams[x.team].Player(s.N).Complete():
			return console.Reject("%s is empty", s)
		}
		x.emit(EvPrompt, PromptSet{})
		x.emit(EvSubIn, SubIn{Runner: f.Player, Sub: s.String(), Cell: f.Cell})
	} else {
		x.emit(EvPrompt, PromptSet{})
	}
	x.next()
	return nil
}

// Run-off events (§2.8).
const (
	EvRanOff = "ran-off"
	EvSubIn  = "sub-in"
)

type (
	// RanOff: the player leaves the field from Cell (Sprint: the hex was
	// a sprint hex).
	RanOff struct {
		Player string     `msgpack:"player"`
		Cell   field.Cell `msgpack:"cell"`
		Sprint bool       `msgpack:"sprint"`
	}
	// SubIn: Sub enters Cell standing, with the runner's order entry.
	SubIn struct {
		Runner string     `msgpack:"runner"`
		Sub    string     `msgpack:"sub"`
		Cell   field.Cell `msgpack:"cell"`
	}
)

// applyRunOff folds the run-off events.
func (g *state) applyRunOff(e console.Event) error {
	dec := func(v any) error { return console.Decode(e.Data, v) }
	switch e.Type {
	case EvRanOff:
		var p RanOff
		if err := dec(&p); err != nil {
			return err
		}
		c := g.Current
		pl, _, _ := g.place(p.Player)
		if c == nil || c.Player != p.Player || c.Move == nil || pl == nil {
			return fmt.Errorf("%s cannot run off", p.Player)
		}
		c.Move.Used++
		c.Ends, c.EndsWhy = true, "run-off"
		pl.OnField, pl.Prone, pl.St.Bleed = false, false, 0
	case EvSubIn:
		var p SubIn
		if err := dec(&p); err != nil {
			return err
		}
		sp, _, st := g.place(p.Sub)
		_, _, rt := g.place(p.Runner)
		if sp == nil || st < 0 || st != rt || sp.OnField || sp.Out || !p.Cell.Valid() || g.occupant(p.Cell) != "" {
			return fmt.Errorf("%s cannot come in for %s on %s", p.Sub, p.Runner, p.Cell)
		}
		sp.OnField, sp.Cell, sp.Prone = true, p.Cell, false
		if en := g.entryOf(p.Runner); en != nil {
			en.Player = p.Sub
		}
	default:
		return fmt.Errorf("unknown event type %q", e.Type)
	}
	return nil
}
