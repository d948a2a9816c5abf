package runeball

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/field"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// Flow G (RB-F87…RB-F89, RB-D53): a field goal at the opponents' post
// from their side of the field; a hit scores 3 and ends the round like a
// touchdown; a miss scatters 1d8 − 1 from the post: out of bounds is a
// turnover without a free activation, a standing player under it catches
// or steps aside, and a ball left bouncing is a fumble on the kickers.

// CmdKickGoal kicks a field goal.
const CmdKickGoal = "kick-goal"

// fieldGoalPoints are a field goal's points (RB-F91).
const fieldGoalPoints = 3

// kickGoal starts Flow G.
func (x *decider) kickGoal(a console.Args) error {
	g := x.g
	act, p, _, err := x.actor(a)
	if err != nil {
		return err
	}
	opp := field.Team(1 - x.team)
	switch {
	case g.Ball.Holder != act.Player:
		return console.Reject("%s does not have the ball", act.Player)
	case p.Prone:
		return console.Reject("%s is prone (stand first)", act.Player)
	case field.Side(p.Cell) != opp:
		lo, hi := 17, 31
		if x.team == Away {
			lo, hi = 1, 15
		}
		return console.Reject("a field goal is kicked from the opponents' side (x %d–%d; l. 287)", lo, hi)
	case act.Halves < 1:
		return console.Reject("%s has no half action left", act.Player)
	}
	tb, err := tables()
	if err != nil {
		return err
	}
	var opps []field.Cell
	for _, o := range g.Field[1-x.team].Pos {
		if o.standing() {
			opps = append(opps, o.Cell)
		}
	}
	post := field.GoalPost(opp)
	f := flow{Player: act.Player, Target: post, Cell: p.Cell, Then: "goal", Skill: g.skillOf(act.Player, roster.Kick), DL: FieldGoalDL(tb, p.Cell, post, opps), Fumbler: x.team}
	if act.Kind == KindBlitz {
		f.Mods = -2 // RB-D24
	}
	x.emit(EvGoalKicked, GoalKicked{Player: act.Player, Post: post, DL: f.DL})
	x.askDice("test", f, die{12, fmt.Sprintf("%s Kick vs DL %d (field goal)", act.Player, f.DL)})
	return nil
}

// goalSettled reads the kick (G.3–4).
func (x *decider) goalSettled(f flow, ok bool) {
	g := x.g
	if ok {
		x.emit(EvFieldGoal, FieldGoalScored{Player: f.Player, Team: f.Fumbler, Points: fieldGoalPoints})
		if g.Round >= g.RoundsPerHalf {
			x.endOfHalf()
			return
		}
		x.stoppage(false, f.Fumbler)
		return
	}
	x.askDice("goal-scatter", f, die{8, "miss distance"}, die{6, "miss direction"})
}

// goalMissed scatters a missed field goal from the post (G.4).
func (x *decider) goalMissed(f flow, d8, d6 int) {
	g := x.g
	n := d8 - 1
	path, exit, left := field.Line(f.Target, field.Dir(d6), n)
	x.emit(EvBallScattered, BallScattered{From: f.Target, Dir: d6, Distance: n, Path: path, Exit: exit, Left: left})
	if left || !exit.Valid() {
		x.turnover(1-f.Fumbler, exit, "field goal") // no free activation (RB-D28)
		return
	}
	if q := g.standingOn(exit); q != "" {
		_, _, t := g.place(q)
		f.Then, f.Cell = "goal-land", exit
		f.Player = q
		x.askChoice(t, CmdLandChoice, fmt.Sprintf("the missed field goal comes down on %s's hex (%s): catch it (DL 8) or step aside", q, exit), "land", f, "catch", "step")
		return
	}
	x.goalLoose(f, exit)
}

// goalLoose: the missed ball lands bouncing; a fumble on the kickers, whose
// opponents get a free activation (RB-F89).
func (x *decider) goalLoose(f flow, c field.Cell) {
	x.emit(EvBallLanded, BallLanded{Cell: c, State: BallBouncing})
	x.emit(EvFreeGranted, FreeGranted{Team: 1 - f.Fumbler, Reason: "missed field goal"})
	x.ballDone()
}

// Field goal events (§2.8).
const (
	EvGoalKicked = "goal-kicked"
	EvFieldGoal  = "field-goal-scored"
)

type (
	// GoalKicked: the kick at the post, its DL.
	GoalKicked struct {
		Player string     `msgpack:"player"`
		Post   field.Cell `msgpack:"post"`
		DL     int        `msgpack:"dl"`
	}
	// FieldGoalScored: 3 points; the round ends.
	FieldGoalScored struct {
		Player string `msgpack:"player"`
		Team   int    `msgpack:"team"`
		Points int    `msgpack:"points"`
	}
)

// applyFieldGoal folds the field goal events.
func (g *state) applyFieldGoal(e console.Event) error {
	dec := func(v any) error { return console.Decode(e.Data, v) }
	switch e.Type {
	case EvGoalKicked:
		var p GoalKicked
		if err := dec(&p); err != nil {
			return err
		}
		c := g.Current
		if c == nil || c.Player != p.Player || g.Ball.Holder != p.Player || c.Halves < 1 {
			return fmt.Errorf("%s cannot kick", p.Player)
		}
		c.Halves--
		c.Move, c.Ends, c.EndsWhy = nil, true, "kick"
		g.Ball = ball{State: BallRest, Cell: p.Post, LastTouch: p.Player}
	case EvFieldGoal:
		var p FieldGoalScored
		if err := dec(&p); err != nil {
			return err
		}
		if p.Team != Home && p.Team != Away || p.Points < 0 || p.Points > 10 {
			return fmt.Errorf("field goal of team %d for %d", p.Team, p.Points)
		}
		g.Score[p.Team] += p.Points
		g.Scored = fmt.Sprintf("Field goal! %s scores %d for %s: home %d – away %d", p.Player, p.Points, teamName(p.Team), g.Score[Home], g.Score[Away])
		g.Current, g.Suspended, g.FreeQueue, g.Order, g.Prompt = nil, nil, nil, nil, nil
	default:
		return fmt.Errorf("unknown event type %q", e.Type)
	}
	return nil
}
