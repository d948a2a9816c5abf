package scorepad

import (
	"fmt"
	"strconv"

	"github.com/commandconsole/commandconsole/console"
)

// affordances lists one console.Affordance per command, in the
// vocabulary's order, for seat: whether it may give the command now and,
// for add and set, the players and rounds they may name. Each is asked of
// Decide itself, so the view never allows what Decide refuses. The public
// view, and a seat not at the table, give no commands and get none.
func (r *Rules) affordances(g *state, seat console.Seat) []console.Affordance {
	if g.player(string(seat)) < 0 {
		return nil
	}
	specs := r.Commands()
	out := make([]console.Affordance, 0, len(specs))
	probe := console.Probe(r, g, seat)
	for _, spec := range specs {
		a := console.Affordance{Cmd: spec.Name}
		try := func(args map[string]any) string { return probe(spec.Name, args) }
		switch spec.Name {
		case CmdAdd, CmdSet:
			a.Reason = try(map[string]any{"player": g.Players[0], "round": g.round(), "points": 0})
			if a.Reason == "" {
				a.Args = []console.ArgChoices{{Arg: "player", Choices: g.playerChoices()}, {Arg: "round", Choices: g.roundChoices()}}
			}
		default:
			a.Reason = try(nil)
		}
		a.Allowed = a.Reason == ""
		out = append(out, a)
	}
	return out
}

// playerChoices are the pad's players.
func (g *state) playerChoices() []console.Choice {
	out := make([]console.Choice, len(g.Players))
	for i, p := range g.Players {
		out[i] = console.Choice{Value: p, Label: p}
	}
	return out
}

// roundChoices are the rounds a score may be written in: the current one
// and every earlier one, the current first.
func (g *state) roundChoices() []console.Choice {
	var out []console.Choice
	for r := g.round(); r >= 1; r-- {
		c := console.Choice{Value: strconv.Itoa(r), Label: fmt.Sprintf("round %d", r)}
		if r == g.round() {
			c.Note = "the current round"
		}
		out = append(out, c)
	}
	return out
}
