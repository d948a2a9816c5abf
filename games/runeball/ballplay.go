package runeball

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/field"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// The ball during the rounds of play: an activation's start with a
// bouncing ball (A.2, X2), pickup (R, RB-F47) and handoff (H, RB-F86,
// RB-D52), and what happens when a ball resolution is done: the acting
// player who fumbled or lost the ball out of bounds stops (RB-F50, T);
// free activations granted meanwhile run first, the interrupted activation
// resuming after them (RB-D26).

// Ball commands (§2.7).
const (
	CmdPickup  = "pickup"
	CmdHandoff = "handoff"
)

// start begins an activation (A): its start effects, then the coach acts.
// Bleed costs 1 HP each and Pain 1d4 each (A.1, RB-F67, RB-F72); then a
// bouncing ball bounces (A.2).
func (x *decider) start(c activation) {
	g := x.g
	x.emit(EvActivationStarted, ActivationStarted{Player: c.Player, Kind: c.Kind, Halves: c.Halves, Blitzed: c.Blitzed})
	p, _, _ := g.place(c.Player)
	if x.err != nil || p == nil {
		return
	}
	if p.St.Bleed > 0 {
		x.emit(EvHPLost, HPLost{Player: c.Player, HP: p.St.Bleed, Why: "bleed"})
	}
	if p.St.Pain > 0 {
		dice := make([]die, p.St.Pain)
		for i := range dice {
			dice[i] = die{4, "Pain " + c.Player}
		}
		x.askDice("pain", flow{Player: c.Player}, dice...)
		return
	}
	x.startRest()
}

// pained costs the Pain dice, then the rest of the start.
func (x *decider) pained(f flow, faces []int) {
	n := 0
	for _, v := range faces {
		n += v
	}
	x.emit(EvHPLost, HPLost{Player: f.Player, HP: n, Why: "pain"})
	x.startRest()
}

// startRest: a player whom the start effects put at 0 HP goes Out (O);
// otherwise a bouncing ball bounces.
func (x *decider) startRest() {
	g := x.g
	c := g.Current
	if c == nil {
		return
	}
	p, _, t := g.place(c.Player)
	if p.HP <= 0 && !p.Out {
		x.emit(EvWentOut, WentOut{Player: c.Player})
		if g.Ball.Holder == c.Player {
			x.fumble(c.Player, p.Cell, t)
			return
		}
		x.resolved()
		return
	}
	if g.Ball.State == BallBouncing {
		x.askDice("bounce", flow{Cell: g.Ball.Cell}, die{6, "bounce direction"}, die{6, "bounce continue"})
	}
}

// ballDone is the end of a ball resolution: the kickoff's, or one during
// play.
func (x *decider) ballDone() {
	if x.g.Phase == PhaseKickoff {
		x.kickoffDone()
		return
	}
	if x.touchdown() {
		return
	}
	x.resolved()
}

// resolved continues play after a resolution (A, F): the acting player
// stops if his activation ends; a running one waits while the free
// activations granted are taken.
func (x *decider) resolved() {
	g := x.g
	if x.err != nil || g.Prompt != nil {
		return
	}
	if x.knockOuts() {
		return // a carrier's fumble comes first; it returns here
	}
	switch c := g.Current; {
	case c == nil:
	case c.Ends:
		why := c.EndsWhy
		if why == "" {
			why = "ball"
		}
		x.emit(EvActivationEnded, ActivationEnded{Player: c.Player, Reason: why})
		if why == "run-off" && x.askSub(c.Player) {
			return // next() follows the answer
		}
	case len(g.FreeQueue) > 0:
		x.emit(EvActivationSuspended, ActivationSuspended{Player: c.Player})
	default:
		return // the activation goes on
	}
	x.next()
}

// blitzMod is −2 for the blitzer's skill tests during his blitz (RB-D24).
func (g *state) blitzMod(id string) int {
	if c := g.Current; c != nil && c.Player == id && c.Kind == KindBlitz {
		return -2
	}
	return 0
}

// knockOuts puts Out every player on the field at 0 HP or below (RB-D40:
// exertion may take a player there, RB-D29); a carrier fumbles (O). It
// reports whether a fumble's prompt is now open.
func (x *decider) knockOuts() bool {
	g := x.g
	for t := range g.Field {
		for i, p := range g.Field[t].Pos {
			if !p.OnField || p.Out || p.HP > 0 {
				continue
			}
			id := roster.Slot{Team: teamID(t), N: i + 1}.String()
			x.emit(EvWentOut, WentOut{Player: id})
			if g.Ball.Holder == id {
				x.fumble(id, p.Cell, t)
				return true
			}
		}
	}
	return false
}

// ballCell is where a loose ball lies, and whether it is loose.
func (g *state) looseBall() (field.Cell, bool) {
	return g.Ball.Cell, g.Ball.State == BallRest || g.Ball.State == BallBouncing
}

// pickup tries to pick up the ball in the player's hex (R, RB-F47): DL 8
// at rest, 12 bouncing, +2 per standing opponent next to it (RB-D51).
func (x *decider) pickup(a console.Args) error {
	g := x.g
	act, p, _, err := x.actor(a)
	if err != nil {
		return err
	}
	if p.Prone {
		return console.Reject("%s is prone (stand first)", act.Player)
	}
	c, loose := g.looseBall()
	switch {
	case g.Ball.State == BallHeld:
		return console.Reject("the ball is held by %s", g.Ball.Holder)
	case !loose || c != p.Cell:
		return console.Reject("the ball is not in %s's hex", act.Player)
	}
	tb, err := tables()
	if err != nil {
		return err
	}
	base := tb.Constants.Int("recover_rest_dl")
	if g.Ball.State == BallBouncing {
		base = tb.Constants.Int("recover_bouncing_dl")
	}
	f := flow{Player: act.Player, Cell: c, Then: "pickup", Skill: g.skillOf(act.Player, roster.Catch), Mods: g.blitzMod(act.Player),
		DL: base + tb.Constants.Int("per_adjacent_opponent_recovery")*g.adjacentOpponents(x.team, c)}
	x.emit(EvPickupTried, PickupTried{Player: act.Player})
	x.askDice("test", f, die{12, fmt.Sprintf("%s Catch vs DL %d (pickup)", act.Player, f.DL)})
	return nil
}

// handoff gives the ball to an adjacent teammate during an activation of
// their team (H, RB-F86, RB-D52): he catches at DL 8, +2 per standing
// opponent next to him.
func (x *decider) handoff(a console.Args) error {
	g := x.g
	if g.Current == nil {
		return console.RejectWith(console.ReasonWrongPhase, "nobody is acting now")
	}
	if teamOf(g.Current.Player) != x.team {
		return console.RejectWith(console.ReasonNotYourTurn, "a handoff is made during your own team's activation")
	}
	giver, err := x.slotArg(a)
	if err != nil {
		return err
	}
	to, err := roster.ParseSlot(a.String("to"))
	if err != nil {
		return console.RejectWith(console.ReasonBadInput, "to: %v", err)
	}
	gp, _, _ := g.place(giver.String())
	tp, _, tt := g.place(to.String())
	switch {
	case g.Ball.Holder != giver.String():
		return console.Reject("%s does not have the ball", giver)
	case tt != x.team:
		return console.Reject("%s is not your teammate", to)
	case to == giver:
		return console.Reject("%s already has the ball", giver)
	case !tp.OnField:
		return console.Reject("%s is not on the field", to)
	case tp.Out:
		return console.Reject("%s is Out", to)
	case tp.Prone:
		return console.Reject("%s is prone", to)
	case tp.St.Stun:
		return console.Reject("%s is Stunned", to)
	case !field.Adjacent(gp.Cell, tp.Cell):
		return console.Reject("%s is not adjacent to %s (%d hexes): pass instead", to, giver, field.Distance(gp.Cell, tp.Cell))
	}
	tb, err := tables()
	if err != nil {
		return err
	}
	var opp []field.Cell
	for _, p := range g.Field[1-x.team].Pos {
		if p.standing() {
			opp = append(opp, p.Cell)
		}
	}
	f := flow{Player: to.String(), Cell: tp.Cell, Then: "handoff", Skill: g.skillOf(to.String(), roster.Catch), Mods: g.blitzMod(to.String()),
		DL: CatchDL(tb, tb.Constants.Int("handoff_catch_dl"), tp.Cell, opp)}
	x.emit(EvHandoffMade, HandoffMade{From: giver.String(), To: to.String()})
	x.askDice("test", f, die{12, fmt.Sprintf("%s Catch vs DL %d (handoff from %s)", to, f.DL, giver)})
	return nil
}

// handoffTakers are the teammates the holder may hand the ball to:
// adjacent, standing.
func (g *state) handoffTakers(holder string) []string {
	hp, _, t := g.place(holder)
	if hp == nil || t < 0 {
		return nil
	}
	var out []string
	for i, p := range g.Field[t].Pos {
		id := roster.Slot{Team: teamID(t), N: i + 1}.String()
		if id != holder && p.standing() && field.Adjacent(hp.Cell, p.Cell) {
			out = append(out, id)
		}
	}
	return out
}

// Ball-in-play events (§2.8).
const (
	EvPickupTried         = "pickup-tried"
	EvHandoffMade         = "handoff-made"
	EvActivationSuspended = "activation-suspended"
)

type (
	// PickupTried: the player tries to pick up the ball in his hex.
	PickupTried struct {
		Player string `msgpack:"player"`
	}
	// HandoffMade: the ball leaves the giver's hands for the taker's
	// catch test.
	HandoffMade struct {
		From string `msgpack:"from"`
		To   string `msgpack:"to"`
	}
	// ActivationSuspended puts the running activation aside while free
	// activations are taken (RB-D26); it resumes as it was.
	ActivationSuspended struct {
		Player string `msgpack:"player"`
	}
)

// applyBallPlay folds the ball-in-play events.
func (g *state) applyBallPlay(e console.Event) error {
	dec := func(v any) error { return console.Decode(e.Data, v) }
	switch e.Type {
	case EvPickupTried:
		var p PickupTried
		if err := dec(&p); err != nil {
			return err
		}
		g.Ball.LastTouch = p.Player
	case EvHandoffMade:
		var p HandoffMade
		if err := dec(&p); err != nil {
			return err
		}
		if g.Ball.Holder != p.From {
			return fmt.Errorf("%s does not have the ball", p.From)
		}
		g.Ball.State, g.Ball.Holder, g.Ball.LastTouch = BallRest, "", p.To
	case EvActivationSuspended:
		var p ActivationSuspended
		if err := dec(&p); err != nil {
			return err
		}
		if g.Current == nil || g.Current.Player != p.Player {
			return fmt.Errorf("%s is not acting", p.Player)
		}
		g.Suspended = append(g.Suspended, *g.Current)
		g.Current = nil
	default:
		return fmt.Errorf("unknown event type %q", e.Type)
	}
	return nil
}
