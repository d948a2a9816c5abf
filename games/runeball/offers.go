package runeball

import (
	"fmt"
	"slices"
	"strings"

	"github.com/commandconsole/commandconsole/games/runeball/field"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// What a view offers a screen to tap: the answers of a choice prompt as
// ready commands, the cells a set-up or a kick may choose, the acting
// player's targets and reach. A screen draws buttons and highlights from
// these and never works out a rule itself; the engine still checks every
// command it is sent.

// AnswerView is one way to answer a choice prompt: a ready command.
type AnswerView struct {
	// Label is the button's words ("Block 9", "H3", "step to 12:6").
	Label string `json:"label" msgpack:"label"`
	Cmd   string `json:"cmd" msgpack:"cmd"`
	// Args are the command's arguments as "name=value", in order.
	Args []string `json:"args" msgpack:"args"`
}

// waiting lists the teams the match waits for now, home first: the ones
// whose coach may act (both for a dice prompt or the Keshat).
func (g *state) waiting() []string {
	both := []string{teamName(Home), teamName(Away)}
	if g.Prompt != nil {
		if g.Prompt.Kind == PromptChoice {
			return []string{teamName(g.Prompt.Team)}
		}
		return both
	}
	var out []string
	switch g.Phase {
	case PhaseRoster:
		for t := range g.Teams {
			if !g.Teams[t].Locked {
				out = append(out, teamName(t))
			}
		}
	case PhaseStart:
		if !g.KeshatDone {
			return both
		}
		out = append(out, teamName(g.firstChoice()))
	case PhaseSetup:
		if !g.Field[g.Kicking].SetupReady {
			out = append(out, teamName(g.Kicking))
		} else {
			out = append(out, teamName(1-g.Kicking))
		}
	case PhaseKickoff:
		out = append(out, teamName(g.Kicking))
	case PhaseStoppage:
		for t := range g.Stop.Ready {
			if !g.Stop.Ready[t] {
				out = append(out, teamName(t))
			}
		}
	case PhasePlay:
		if c := g.Current; c != nil {
			out = append(out, teamName(teamOf(c.Player)))
		}
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// tapCells are the cells a tap may choose now for the command named: the
// free cells of the setting-up team's own side (place), or the receiving
// side for the kick. Only the team concerned gets them (me).
func (g *state) tapCells(me int) (string, []string) {
	var team int
	var cmd string
	switch g.Phase {
	case PhaseSetup:
		team, cmd = g.Kicking, CmdPlace
		if g.Field[g.Kicking].SetupReady {
			team = 1 - g.Kicking
		}
		if g.Field[team].SetupReady {
			return "", []string{}
		}
	case PhaseKickoff:
		if g.Prompt != nil || (g.Ball.State != BallNone && g.Ball.State != "") {
			return "", []string{}
		}
		team, cmd = g.Kicking, CmdKick
	default:
		return "", []string{}
	}
	if me != team {
		return "", []string{}
	}
	side := team
	if cmd == CmdKick {
		side = 1 - team
	}
	out := []string{}
	for _, c := range field.All() {
		if field.Neutral(c) || int(field.Side(c)) != side {
			continue
		}
		if cmd == CmdPlace && g.occupant(c) != "" {
			continue
		}
		out = append(out, c.String())
	}
	return cmd, out
}

// answers are a choice prompt's answers as ready commands.
func (g *state) answers(p *prompt) []AnswerView {
	out := []AnswerView{}
	add := func(label, cmd string, args ...string) {
		out = append(out, AnswerView{Label: label, Cmd: cmd, Args: append([]string{}, args...)})
	}
	if p.Kind != PromptChoice {
		return out
	}
	points := func(n int) {
		for i := 0; i <= n; i++ {
			add(fmt.Sprint(i), p.Cmd, fmt.Sprintf("points=%d", i))
		}
	}
	switch p.Cmd {
	case CmdChooseDefense:
		for _, d := range []string{"block", "dodge"} {
			add(fmt.Sprintf("%s %d", strings.ToUpper(d[:1])+d[1:], g.defence(p.Flow.Other, d)), p.Cmd, "defense="+d)
		}
	case CmdCounter:
		points(p.Flow.Exert)
	case CmdExert:
		points(2)
	case CmdPush:
		for _, o := range p.Options {
			add(o, p.Cmd, "hex="+o)
		}
	case CmdLandChoice:
		for _, o := range p.Options {
			if o != "step" {
				add(o, p.Cmd, "choice="+o)
				continue
			}
			for _, c := range field.Neighbours(p.Flow.Cell) {
				if g.occupant(c) == "" {
					add("step to "+c.String(), p.Cmd, "choice=step", "hex="+c.String())
				}
			}
		}
	case CmdChooseKick:
		for _, o := range p.Options {
			add(o, p.Cmd, "choice="+o)
		}
	case CmdLetAct, CmdUseHeld:
		if p.Cmd == CmdLetAct {
			add("let "+p.Flow.Cand.Player+" act", CmdLetAct)
		}
		for _, b := range p.Blitz {
			add("blitz with "+b, CmdBlitz, "player="+b)
		}
		for _, h := range p.Held {
			add("use "+h+"'s held action", CmdUseHeld, "player="+h)
		}
		if p.Cmd == CmdUseHeld {
			for _, h := range p.Held {
				add("drop "+h+"'s held action", CmdEndActivation, "player="+h)
			}
		}
	default: // free-activate, give-ball, intercept, sub-in: a player or none
		for _, o := range p.Options {
			add(o, p.Cmd, "player="+o)
		}
	}
	return out
}

// reach are the free cells within steps hexes of from, walking through
// free cells only, and through no half-hex but usedHalf once the move has
// entered one (a move's highlight; the engine checks the path sent).
func (g *state) reach(from field.Cell, steps int, usedHalf field.Cell) []string {
	out := []string{}
	if steps <= 0 {
		return out
	}
	seen := map[field.Cell]bool{from: true}
	front := []field.Cell{from}
	for d := 0; d < steps && len(front) > 0; d++ {
		var next []field.Cell
		for _, c := range front {
			for _, n := range field.Neighbours(c) {
				if seen[n] || g.occupant(n) != "" || (usedHalf.Valid() && n.HalfHex() && n != usedHalf) {
					continue
				}
				seen[n] = true
				next = append(next, n)
			}
		}
		front = next
	}
	for _, c := range field.All() { // field order: deterministic
		if c != from && seen[c] {
			out = append(out, c.String())
		}
	}
	return out
}

// offerTargets fills the acting player's targets and reach.
func (g *state) offerTargets(c *activation, p *pos, t int, av *ActivationView) {
	offered := func(cmd string) bool { return slices.Contains(av.Commands, cmd) }
	if _, pl, _ := g.place(c.Player); offered(CmdMove) && !av.MoveOpen {
		move := max(0, pl.Derived().Move-p.St.Slow)
		if c.Halves >= 1 {
			av.NewHalf = roster.HalfMove(move)
		}
		if c.Halves >= 2 {
			av.NewFull = move
		}
	}
	if av.NewHalf > 0 {
		av.HalfMax = av.NewHalf + halfSprint
	}
	if av.NewFull > 0 {
		av.FullMax = av.NewFull + fullSprint
	}
	steps := 0
	switch {
	case av.MoveOpen:
		steps = av.MoveLeft + av.SprintLeft
	case av.NewFull > 0:
		steps = av.FullMax
	case av.NewHalf > 0:
		steps = av.HalfMax
	}
	if offered(CmdMove) {
		av.PathMax = steps
	}
	var used field.Cell
	if c.Move != nil && c.Move.Half.Valid() {
		used = c.Move.Half
		av.HalfHex = used.String()
	}
	if offered(CmdMove) {
		av.Reach = g.reach(p.Cell, steps, used)
	}
	if offered(CmdBlock) {
		for i, o := range g.Field[1-t].Pos {
			if o.standing() && field.Adjacent(o.Cell, p.Cell) {
				av.BlockTargets = append(av.BlockTargets, roster.Slot{Team: teamID(1 - t), N: i + 1}.String())
			}
		}
	}
	if offered(CmdPass) {
		av.PassTargets = append(av.PassTargets, g.passTargets(c.Player)...)
	}
	if h := g.Ball.Holder; offered(CmdHandoff) {
		if to := g.handoffTakers(h); to != nil {
			av.HandoffFrom = h
			av.HandoffTo = append(av.HandoffTo, to...)
		}
	}
}

// promptCells are a prompt's cells to draw: a pass's flight, and the
// interceptors or knockback cells offered.
func (g *state) promptCells(p *prompt) (flight, marked []string) {
	flight, marked = []string{}, []string{}
	if p.Flow.Then == "pass" || p.Cmd == CmdIntercept {
		flight = append(flight, p.Flow.Cell.String(), p.Flow.Target.String())
	}
	for _, o := range p.Options {
		switch {
		case p.Cmd == CmdPush && o != "out":
			marked = append(marked, o)
		case p.Cmd == CmdIntercept && o != "none":
			if c := g.cellOf(o); c.Valid() {
				marked = append(marked, c.String())
			}
		}
	}
	return flight, marked
}

// The sprint beyond a move action's allowance: one hex after a half move,
// two after a full one (RB-F35).
const (
	halfSprint = 1
	fullSprint = 2
)

// NextSteps are the cells the path of a move being drawn may take next,
// for a screen that draws it hex by hex: from is the acting player's
// cell, path the hexes chosen so far. A next step is a cell of Reach next
// to the path's end and not on it yet, while the path is shorter than
// PathMax; a move action enters at most one half-hex (l. 40, RB-D13): the
// one it has entered (HalfHex) or the first on the path.
func (a *ActivationView) NextSteps(from string, path []string) []string {
	if a == nil || len(path) >= a.PathMax {
		return nil
	}
	end := from
	if len(path) > 0 {
		end = path[len(path)-1]
	}
	ec, err := field.ParseCoords(end)
	if err != nil {
		return nil
	}
	half := a.HalfHex
	for _, w := range path {
		if c, err := field.ParseCoords(w); half == "" && err == nil && c.HalfHex() {
			half = w
		}
	}
	var out []string
	for _, w := range a.Reach {
		c, err := field.ParseCoords(w)
		if err != nil || !field.Adjacent(c, ec) || slices.Contains(path, w) {
			continue
		}
		if c.HalfHex() && half != "" && half != w {
			continue
		}
		out = append(out, w)
	}
	return out
}
