package runika

import (
	"fmt"
	"strconv"

	"github.com/commandconsole/commandconsole/console"
)

// affordances lists one console.Affordance per command, in the
// vocabulary's order, for seat: whether it may give the command now, why
// not, and the values of the arguments that pick from a set (the masters
// with an empty slot, the mastery runes it may make, the rune kinds and
// elements, the merit values, the decks). Each is asked of Decide itself
// (on the same state, with throwaway dice), so the view never offers what
// Decide refuses. Runika hides nothing, so nothing here is a secret. The
// public view, and a seat not at the table, give no commands and get none.
func (r *Rules) affordances(g *state, seat console.Seat) []console.Affordance {
	if seat == console.Public || g.player(string(seat)) < 0 {
		return nil
	}
	specs := r.Commands()
	out := make([]console.Affordance, 0, len(specs))
	try := console.Probe(r, g, seat)
	for _, spec := range specs {
		a := console.Affordance{Cmd: spec.Name}
		switch err := g.gate(seat, spec.Name); {
		case err != nil:
			a.Reason = err.Error()
		default:
			fillAffordance(g, &a, try)
		}
		a.Allowed = a.Reason == ""
		out = append(out, a)
	}
	return out
}

// fillAffordance completes the affordance of a command the gate lets
// through: its choices, and a reason when no choice is accepted.
func fillAffordance(g *state, a *console.Affordance, try func(string, map[string]any) string) {
	switch a.Cmd {
	case CmdStart:
		a.Reason = try(a.Cmd, nil)
	case CmdInfluence:
		var ch []console.Choice
		for _, m := range masters {
			ch = append(ch, console.Choice{Value: m.Element, Label: fmt.Sprintf("%s (%s)", elementTitle(m.Element), m.Name),
				Note: m.Ability, Disabled: try(a.Cmd, map[string]any{"master": m.Element})})
		}
		a.Args = []console.ArgChoices{{Arg: "master", Choices: ch}}
		a.Reason = noChoice(ch, "every master's slot is full this round")
	case CmdClaimRune:
		a.Reason = try(a.Cmd, map[string]any{"name": "Rune", "kind": KindWild, "points": 0})
		if a.Reason == "" {
			var els []console.Choice
			for _, m := range masters {
				els = append(els, console.Choice{Value: m.Element, Label: elementTitle(m.Element), When: KindElemental})
			}
			a.Args = []console.ArgChoices{
				{Arg: "kind", Choices: []console.Choice{{Value: KindElemental, Label: "elemental"}, {Value: KindWild, Label: "wild"}}},
				{Arg: "element", For: "kind", Choices: els},
			}
		}
	case CmdClaimMastery:
		var ch, points []console.Choice
		for i, m := range masters {
			c := console.Choice{Value: m.Element, Label: elementTitle(m.Element) + " mastery"}
			if ms := g.Masteries[i]; ms.Owner != "" {
				c.Label, c.Note = ms.Name, fmt.Sprintf("held by %s, worth %d", ms.Owner, ms.Value)
			}
			c.Disabled = try(a.Cmd, map[string]any{"element": m.Element})
			switch {
			case c.Disabled == "" && g.Masteries[i].Owner != "":
				// Completed: its value is known (and checked when given).
				v := strconv.Itoa(g.Masteries[i].Value)
				points = append(points, console.Choice{Value: v, Label: v, When: m.Element})
			case c.Disabled != "" && try(a.Cmd, map[string]any{"element": m.Element, "points": 1}) == "":
				// Claimed first: the value printed on the card.
				c.Disabled, c.Note = "", "claimed first: give its value (points)"
				for p := 1; p <= MaxRunePoints; p++ {
					v := strconv.Itoa(p)
					points = append(points, console.Choice{Value: v, Label: v, When: m.Element})
				}
			}
			ch = append(ch, c)
		}
		a.Args = []console.ArgChoices{{Arg: "element", Choices: ch}, {Arg: "points", For: "element", Choices: nonNil(points)}}
		a.Reason = noChoice(ch, "no mastery rune can be made")
	case CmdGainTokens:
		a.Reason = try(a.Cmd, map[string]any{"tokens": 1})
	case CmdEndTurn:
		if try(a.Cmd, nil) == "" {
			// merit must be left out: no value is allowed.
			a.Args = []console.ArgChoices{{Arg: "merit", Choices: []console.Choice{}}}
			return
		}
		var ch []console.Choice
		for m := MinMerit; m <= MaxMerit; m++ {
			ch = append(ch, console.Choice{Value: strconv.Itoa(m), Label: strconv.Itoa(m),
				Disabled: try(a.Cmd, map[string]any{"merit": m})})
		}
		a.Args = []console.ArgChoices{{Arg: "merit", Choices: ch}}
		a.Reason = noChoice(ch, "the turn cannot end now")
	case CmdCorrectDeck:
		a.Args = []console.ArgChoices{{Arg: "deck", Choices: []console.Choice{
			{Value: DeckRune, Label: "rune deck", Note: fmt.Sprintf("shows %d", g.RuneDeck)},
			{Value: DeckMerit, Label: "merit deck", Note: fmt.Sprintf("shows %d", g.MeritDeck)},
		}}}
	}
}

// noChoice is "" when one of cs is enabled, else their first reason (or
// fallback).
func noChoice(cs []console.Choice, fallback string) string {
	for _, c := range cs {
		if c.Disabled == "" {
			return ""
		}
	}
	if len(cs) > 0 && cs[0].Disabled != "" {
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
