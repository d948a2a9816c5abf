package ruunara

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// ActionView is one thing a hero may do now, as a button: the command with
// its fixed arguments, the argument the player picks (a target, the
// enemies engaged) with the values allowed now, and why the button is
// greyed when it is. Every value is asked of Decide itself on the same
// state, so a screen never offers what the rules refuse.
type ActionView struct {
	Cmd   string            `json:"cmd" msgpack:"cmd"`
	Label string            `json:"label" msgpack:"label"`
	Args  map[string]string `json:"args" msgpack:"args"`
	// Arg is the argument the player picks ("target", "enemies"); empty
	// when there is nothing to pick.
	Arg     string           `json:"arg,omitempty" msgpack:"arg,omitempty"`
	Choices []console.Choice `json:"choices" msgpack:"choices"`
	// Multi: several choices may be picked, comma-separated (engage).
	Multi bool `json:"multi,omitempty" msgpack:"multi,omitempty"`
	// Reason says why the action is not possible now; empty when it is.
	Reason string `json:"reason,omitempty" msgpack:"reason,omitempty"`
}

// actions lists a hero's actions of the current phase for seat (SPEC.md
// §6.5: tactical Use…, movement Engaged with… / Flee, combat Attack, and in
// each phase its abilities); a greyed one says why.
func (r *Rules) actions(g *state, seat console.Seat, h *hero) []ActionView {
	out := []ActionView{}
	if g.Stage != StagePlay || g.seatIndex(seat) < 0 {
		return out
	}
	try := console.Probe(r, g, seat)
	c := g.heroCard(h)
	living := func(skipEngaged bool) []string {
		var ids []string
		for _, e := range g.Enemies {
			if e.AI.Mode != rn.Dead && !(skipEngaged && g.engaged(h.ID, e.AI.ID)) {
				ids = append(ids, e.AI.ID)
			}
		}
		return ids
	}
	pick := func(a *ActionView, arg string, ids []string) {
		a.Arg = arg
		for _, id := range ids {
			args := map[string]any{arg: id}
			for k, v := range a.Args {
				args[k] = v
			}
			a.Choices = append(a.Choices, console.Choice{Value: id, Label: g.unitTitle(id), Disabled: try(a.Cmd, args)})
		}
		a.Reason = noChoice(a.Choices, a.Reason)
	}
	fixed := func(a *ActionView) {
		args := map[string]any{}
		for k, v := range a.Args {
			args[k] = v
		}
		a.Reason = try(a.Cmd, args)
	}
	ph := g.Phase
	// engage
	if ph == PhaseMovement {
		eng := ActionView{Cmd: CmdEngage, Label: "Engaged with…", Args: map[string]string{"hero": h.ID}, Multi: true, Choices: []console.Choice{}}
		eng.Reason = "no enemy is free to engage"
		pick(&eng, "enemies", living(true))
		out = append(out, eng)
	}
	// flee
	for _, ab := range c.Abilities {
		if ab.Effect.Type == "flee" && contains(ab.Phase, ph) {
			a := ActionView{Cmd: CmdFlee, Label: "Flee (" + ab.Name + ")", Args: map[string]string{"hero": h.ID, "ability": ab.ID}, Choices: []console.Choice{}}
			fixed(&a)
			out = append(out, a)
		}
	}
	// attacks
	if ph == PhaseCombat {
		melee := ActionView{Cmd: CmdAttack, Label: "Attack: close combat", Args: map[string]string{"hero": h.ID, "kind": "melee"}, Choices: []console.Choice{}}
		if c.HasClose() {
			melee.Label += " " + c.Close.String()
		}
		fixed(&melee)
		out = append(out, melee)
		ranged := ActionView{Cmd: CmdAttack, Label: "Attack: ranged", Args: map[string]string{"hero": h.ID, "kind": "ranged"}, Choices: []console.Choice{}}
		if c.HasRanged() {
			ranged.Label += " " + c.Ranged.String()
		}
		if r := try(CmdAttack, map[string]any{"hero": h.ID, "kind": "ranged"}); r != "" && !isNameTarget(r) {
			ranged.Reason = r
		} else {
			ranged.Reason = "no enemy to shoot"
			pick(&ranged, "target", living(false))
		}
		out = append(out, ranged)
	}
	// abilities of this phase
	for _, ab := range c.Abilities {
		if ab.Effect.Type == "flee" || ab.Cycle.Per == "constant" || !contains(ab.Phase, ph) {
			continue
		}
		a := ActionView{Cmd: CmdUse, Label: fmt.Sprintf("Use %s", ab.Name), Args: map[string]string{"hero": h.ID, "ability": ab.ID}, Choices: []console.Choice{}}
		if ab.Target == "single" {
			ids := living(false)
			if ab.Effect.Type == "heal" {
				ids = nil
				for _, o := range g.freeHeroes(-1) {
					ids = append(ids, o.ID)
				}
			}
			if r := try(CmdUse, map[string]any{"hero": h.ID, "ability": ab.ID}); r != "" && r != "name a target" {
				a.Reason = r
			} else {
				a.Reason = "no target"
				pick(&a, "target", ids)
			}
		} else {
			fixed(&a)
		}
		out = append(out, a)
	}
	return out
}

// isNameTarget: the refusal of an attack that only lacks its target.
func isNameTarget(reason string) bool { return reason == errNameTarget }

// errNameTarget is the refusal of a ranged attack without its target (the
// first figure on the line of fire takes every hit, l. 320).
const errNameTarget = "name the target: the first figure on the line of fire takes every hit"

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

// allowed lists the commands seat may give now outside any hero's actions
// (end-phase, start, ack …) with a reason for each that is not.
func (r *Rules) allowed(g *state, seat console.Seat) []console.Affordance {
	out := []console.Affordance{}
	if g.seatIndex(seat) < 0 {
		return out
	}
	try := console.Probe(r, g, seat)
	for _, cmd := range []string{CmdStart, CmdEndPhase, CmdAck, CmdRoll, CmdRequestUndo} {
		a := console.Affordance{Cmd: cmd, Reason: try(cmd, nil)}
		a.Allowed = a.Reason == ""
		out = append(out, a)
	}
	// the corrections and the end by agreement: the game's stage and an
	// open roll decide, whatever the unit (RU-D57)
	p := g.seatIndex(seat)
	for _, cmd := range []string{CmdAdjust, CmdKill, CmdEndFight, CmdEndGame, CmdClaim} {
		a := console.Affordance{Cmd: cmd}
		if err := g.gate(p, cmd, console.Args{}); err != nil {
			a.Reason = err.Error()
		}
		a.Allowed = a.Reason == ""
		out = append(out, a)
	}
	return out
}
