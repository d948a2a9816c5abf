package battlelore

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
)

// affordances lists one console.Affordance per command, in the
// vocabulary's order, for seat: whether it may give the command now, why
// not, and the values of the arguments that pick from a set (its army
// cards, the lore step's choices, the units on the rosters, the sides and
// counters). Each is asked of Decide itself (on the same state, with
// throwaway dice), so the view never offers what Decide refuses. The units
// are offered only in the battle, when both rosters are public; during
// setup a seat is offered only its own faction's army cards, and nothing
// depends on the opponent's secret choices. The public view, and a seat
// not in the game, give no commands and get none.
func (r *Rules) affordances(g *state, seat console.Seat) []console.Affordance {
	f, isPlayer := g.faction(seat)
	if !isPlayer {
		return nil
	}
	out := make([]console.Affordance, 0, len(commandSpecs))
	try := console.Probe(r, g, seat)
	for _, spec := range commandSpecs {
		a := console.Affordance{Cmd: spec.Name}
		switch err := g.gate(f, spec.Name); {
		case err != nil:
			a.Reason = err.Error()
		default:
			g.fillAffordance(f, &a, try)
		}
		a.Allowed = a.Reason == ""
		out = append(out, a)
	}
	return out
}

// fillAffordance completes the affordance of a command the gate lets
// through: its choices, and a reason when none is accepted.
func (g *state) fillAffordance(f Faction, a *console.Affordance, try func(string, map[string]any) string) {
	switch a.Cmd {
	case CmdArmyCard:
		var ch []console.Choice
		for _, c := range armyCards {
			if c.Faction == f.ID() {
				ch = append(ch, console.Choice{Value: c.ID, Label: c.Name, Disabled: try(a.Cmd, map[string]any{"army": c.ID})})
			}
		}
		a.Args = []console.ArgChoices{{Arg: "army", Choices: nonNil(ch)}}
		a.Reason = noChoice(ch, "no army card for "+f.Name())
	case CmdPlayCommandCard, CmdNextStep, CmdDrawCommandCard, CmdConcede:
		a.Reason = try(a.Cmd, nil)
	case CmdScoreVP:
		a.Reason = try(a.Cmd, map[string]any{"vp": 0})
	case CmdGainLore:
		a.Reason = try(a.Cmd, map[string]any{"amount": 1})
	case CmdPlayLoreCard:
		a.Reason = try(a.Cmd, map[string]any{"cost": 0})
	case CmdLoreStep:
		var ch []console.Choice
		for _, c := range []struct{ id, label string }{
			{LoreChoiceTokens, "two lore tokens"}, {LoreChoiceTokenAndCard, "a lore token and a lore card"}, {LoreChoiceTwoCards, "two lore cards, discard one"},
		} {
			ch = append(ch, console.Choice{Value: c.id, Label: c.label, Disabled: try(a.Cmd, map[string]any{"choice": c.id})})
		}
		a.Args = []console.ArgChoices{{Arg: "choice", Choices: ch}}
		a.Reason = noChoice(ch, "no lore choice is possible")
	case CmdDamage, CmdHeal, CmdSetHealth:
		var ch []console.Choice
		for _, fa := range Factions {
			for i := range g.Sides[fa].Units {
				u := &g.Sides[fa].Units[i]
				if u.eliminated() {
					continue
				}
				c := console.Choice{Value: u.ID, Label: fmt.Sprintf("%s (%s)", u.Name, fa.Name())}
				if u.Legend {
					c.Note = fmt.Sprintf("%d of %d health", u.Health-u.Damage, u.Health)
				} else {
					c.Note = fmt.Sprintf("%d of %d figures", u.figures(), u.Health)
				}
				switch a.Cmd {
				case CmdDamage, CmdHeal:
					c.Disabled = try(a.Cmd, map[string]any{"unit": u.ID, "amount": 1})
				}
				ch = append(ch, c)
			}
		}
		a.Args = []console.ArgChoices{{Arg: "unit", Choices: nonNil(ch)}}
		a.Reason = noChoice(ch, "no unit is in play")
	case CmdAdjust:
		var sides, counters []console.Choice
		for _, fa := range Factions {
			sides = append(sides, console.Choice{Value: fa.ID(), Label: fa.Name()})
		}
		for _, c := range Counters() {
			counters = append(counters, console.Choice{Value: c, Label: counterName(c)})
		}
		a.Args = []console.ArgChoices{{Arg: "side", Choices: sides}, {Arg: "counter", Choices: counters}}
	}
}

// noChoice is "" when one of cs is enabled, else their first reason (or
// fallback when there is no choice at all).
func noChoice(cs []console.Choice, fallback string) string {
	for _, c := range cs {
		if c.Disabled == "" {
			return ""
		}
	}
	if len(cs) > 0 {
		return cs[0].Disabled
	}
	return fallback
}

// nonNil keeps an empty choice list an empty list on the wire.
func nonNil(cs []console.Choice) []console.Choice {
	if cs == nil {
		return []console.Choice{}
	}
	return cs
}
