package runeball

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/field"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// Flow P (RB-F76…RB-F85, RB-D46…RB-D50): a pass to a teammate 2–18
// hexes away, its Pass test read on the pass table, one interception
// attempt by a defender on the flight path, the receiver's catch, a
// scattered pass that may be caught or dropped, a fumble; the defending
// team's free activation where the notes give one; the pass ends the
// passer's turn.

// Pass commands (§2.7).
const (
	CmdPass      = "pass"
	CmdIntercept = "intercept"
)

// standingCells are the cells of team t's standing players.
func (g *state) standingCells(t int) []field.Cell {
	var out []field.Cell
	for _, p := range g.Field[t].Pos {
		if p.standing() {
			out = append(out, p.Cell)
		}
	}
	return out
}

// passTargets are the teammates the passer may throw to: standing, not
// Stunned, in range (RB-F77).
func (g *state) passTargets(passer string) []string {
	pp, _, t := g.place(passer)
	tb, err := tables()
	if pp == nil || t < 0 || err != nil {
		return nil
	}
	var out []string
	for i, p := range g.Field[t].Pos {
		id := roster.Slot{Team: teamID(t), N: i + 1}.String()
		if id == passer || !p.standing() || p.St.Stun {
			continue
		}
		if d := field.Distance(pp.Cell, p.Cell); d >= tb.Constants.Int("pass_min_range") && d <= tb.Constants.Int("pass_max_range") {
			out = append(out, id)
		}
	}
	return out
}

// pass starts Flow P.
func (x *decider) pass(a console.Args) error {
	g := x.g
	act, p, _, err := x.actor(a)
	if err != nil {
		return err
	}
	ys, err := roster.ParseSlot(a.String("to"))
	if err != nil {
		return console.RejectWith(console.ReasonBadInput, "to: %v", err)
	}
	y := ys.String()
	yp, _, yt := g.place(y)
	switch {
	case g.Ball.Holder != act.Player:
		return console.Reject("%s does not have the ball", act.Player)
	case p.Prone:
		return console.Reject("%s is prone (stand first)", act.Player)
	case yt != x.team:
		return console.Reject("%s is not your teammate", y)
	case y == act.Player:
		return console.Reject("%s cannot pass to himself", y)
	case yp.Out:
		return console.Reject("%s is Out (l. 232)", y)
	case !yp.OnField:
		return console.Reject("%s is not on the field", y)
	case yp.Prone:
		return console.Reject("%s is prone (l. 232)", y)
	case yp.St.Stun:
		return console.Reject("%s is Stunned (l. 232)", y)
	case act.Halves < 1:
		return console.Reject("%s has no half action left (a pass follows at most a half move, l. 232)", act.Player)
	}
	tb, err := tables()
	if err != nil {
		return err
	}
	dl, err := PassDL(tb, p.Cell, yp.Cell, g.standingCells(1-x.team))
	if err != nil {
		return console.Reject("%v", err)
	}
	f := flow{Player: act.Player, Other: y, Target: yp.Cell, Cell: p.Cell, Then: "pass", Skill: g.skillOf(act.Player, roster.Pass), DL: dl, Fumbler: x.team}
	if act.Kind == KindBlitz {
		f.Mods = -2 // RB-D24
	}
	x.emit(EvPassThrown, PassThrown{Passer: act.Player, Receiver: y, Range: field.Distance(p.Cell, yp.Cell), DL: dl})
	x.askDice("test", f, die{12, fmt.Sprintf("%s Pass vs DL %d (to %s)", act.Player, dl, y)})
	return nil
}

// passRowIndex numbers the pass table's rows for the exertion question.
func passRowIndex(m int) int {
	tb, err := tables()
	if err != nil {
		return -1
	}
	for i, r := range tb.PassResults.Rows {
		if r.Margin.Contains(m) {
			return i
		}
	}
	return -1
}

// passSettled reads the pass on the table (P.2–P.6).
func (x *decider) passSettled(f flow, margin int) {
	g := x.g
	tb, _ := tables()
	row := tb.PassResults.For(margin)
	f.Margin = margin
	x.emit(EvPassResult, PassResult{Passer: f.Player, Result: row.Result})
	if row.Fumble {
		x.fumble(f.Player, f.Cell, f.Fumbler)
		return
	}
	d := 1 - f.Fumbler
	var who []string
	for _, c := range field.FlightPath(f.Cell, f.Target) {
		if id := g.standingOn(c); id != "" && teamOf(id) == d {
			if p, _, _ := g.place(id); !p.St.Stun {
				who = append(who, id)
			}
		}
	}
	if len(who) > 0 {
		x.askChoice(d, CmdIntercept, fmt.Sprintf("%s's pass to %s flies over %s: intercept with one of them, or none", f.Player, f.Other, strings.Join(who, ", ")), "intercept", f, append(who, "none")...)
		return
	}
	x.passArrives(f)
}

// intercept answers the interception question (RB-F80, RB-D48).
func (x *decider) intercept(a console.Args) error {
	g := x.g
	p := g.Prompt
	f := p.Flow
	z := strings.ToUpper(strings.TrimSpace(a.String("player")))
	if z == "NONE" {
		x.emit(EvPrompt, PromptSet{})
		x.passArrives(f)
		return nil
	}
	ok := false
	for _, o := range p.Options {
		ok = ok || o == z
	}
	if !ok {
		path := field.FormatList(field.FlightPath(f.Cell, f.Target))
		return console.Reject("%s is not a standing defender on the flight path (path: %s)", z, path)
	}
	tb, err := tables()
	if err != nil {
		return err
	}
	row := tb.PassResults.For(f.Margin)
	zc := g.cellOf(z)
	n := 0
	for _, c := range g.standingCells(f.Fumbler) {
		if field.Adjacent(c, zc) {
			n++
		}
	}
	nf := f
	nf.Then, nf.Player, nf.Cell, nf.Exert, nf.Mods = "intercept", z, zc, 0, 0
	nf.Skill = g.skillOf(z, roster.Catch)
	nf.DL = row.InterceptDL + tb.Constants.Int("per_adjacent_passer_teammate_intercept")*n
	nf.Victim = f.Player // the passer, to carry on if the interception fails
	nf.Pushed = ""
	x.emit(EvPrompt, PromptSet{})
	x.askDice("test", nf, die{12, fmt.Sprintf("%s Catch vs DL %d (interception)", z, nf.DL)})
	return nil
}

// intercepted: a defender holds the ball — a turnover point and the
// defenders' free activation (RB-F81).
func (x *decider) intercepted(f flow, ok bool) {
	if ok {
		d := 1 - f.Fumbler
		x.emit(EvBallCaught, BallCaught{Player: f.Player, How: "interception"})
		x.emit(EvTurnoverScored, TurnoverScored{Gain: d, Reason: "interception", Exit: f.Cell})
		x.emit(EvFreeGranted, FreeGranted{Team: d, Reason: "interception"})
		x.ballDone()
		return
	}
	// the ball flies on (RB-F81): back to the pass as thrown
	f.Player, f.Cell = f.Victim, x.g.cellOf(f.Victim)
	x.passArrives(f)
}

// passArrives: the receiver's catch, or the scatter (P.5–P.6).
func (x *decider) passArrives(f flow) {
	g := x.g
	tb, _ := tables()
	row := tb.PassResults.For(f.Margin)
	if row.Scatter.N > 0 {
		dice := make([]die, 0, row.Scatter.N+1)
		for i := 0; i < row.Scatter.N; i++ {
			dice = append(dice, die{row.Scatter.Sides, "pass scatter distance"})
		}
		x.askDice("pass-scatter", f, append(dice, die{6, "pass scatter direction"})...)
		return
	}
	y := f.Other
	yc := g.cellOf(y)
	nf := f
	nf.Then, nf.Player, nf.Cell, nf.Exert, nf.Mods = "pass-catch", y, yc, 0, 0
	nf.Skill = g.skillOf(y, roster.Catch)
	nf.DL = CatchDL(tb, row.CatchDL, yc, g.standingCells(1-f.Fumbler))
	x.askDice("test", nf, die{12, fmt.Sprintf("%s Catch vs DL %d (%s pass)", y, nf.DL, row.Result)})
}

// passCaught settles the receiver's catch.
func (x *decider) passCaught(f flow, ok bool) {
	if ok {
		x.emit(EvBallCaught, BallCaught{Player: f.Player, How: "pass"})
		x.ballDone()
		return
	}
	x.emit(EvBallTouched, BallTouched{Player: f.Player})
	x.fumble(f.Player, f.Cell, f.Fumbler) // a fumble against the passers
}

// passScattered moves a scattered pass from the receiver's hex (P.6,
// RB-D50).
func (x *decider) passScattered(f flow, faces []int) {
	g := x.g
	n := 0
	for _, v := range faces[:len(faces)-1] {
		n += v
	}
	path, exit, left := field.Line(f.Target, field.Dir(faces[len(faces)-1]), n)
	x.emit(EvBallScattered, BallScattered{From: f.Target, Dir: faces[len(faces)-1], Distance: n, Path: path, Exit: exit, Left: left})
	d := 1 - f.Fumbler
	if left || !exit.Valid() {
		x.emit(EvFreeGranted, FreeGranted{Team: d, Reason: "pass out of bounds"})
		x.turnover(d, exit, "pass") // RB-F84
		return
	}
	if q := g.standingOn(exit); q != "" {
		if p, _, t := g.place(q); !p.St.Stun {
			f.Then, f.Player, f.Cell = "pass-land", q, exit
			x.askChoice(t, CmdLandChoice, fmt.Sprintf("the scattered pass comes down on %s's hex (%s): catch it (DL 16) or drop it (land-choice choice=catch|drop)", q, exit), "land", f, "catch", "drop")
			return
		}
	}
	x.passLoose(f, exit)
}

// passLoose: a scattered pass lands bouncing — a fumble against the
// passers, the defenders' free activation.
func (x *decider) passLoose(f flow, c field.Cell) {
	x.emit(EvBallLanded, BallLanded{Cell: c, State: BallBouncing})
	x.emit(EvFreeGranted, FreeGranted{Team: 1 - f.Fumbler, Reason: "scattered pass"})
	x.ballDone()
}

// passLandCatch asks the catch of a scattered pass (DL 16, RB-D50).
func (x *decider) passLandCatch(f flow) {
	g := x.g
	tb, _ := tables()
	_, _, t := g.place(f.Player)
	f.Then, f.Exert, f.Mods = "pass-land-catch", 0, 0
	f.Skill = g.skillOf(f.Player, roster.Catch)
	f.DL = CatchDL(tb, tb.PassResults.For(f.Margin).CatchDL, f.Cell, g.standingCells(1-t))
	x.askDice("test", f, die{12, fmt.Sprintf("%s Catch vs DL %d (scattered pass)", f.Player, f.DL)})
}

// passLandCaught settles it: a defender's catch is an interception.
func (x *decider) passLandCaught(f flow, ok bool) {
	if !ok {
		x.emit(EvBallTouched, BallTouched{Player: f.Player})
		x.fumble(f.Player, f.Cell, f.Fumbler) // against the passers
		return
	}
	x.emit(EvBallCaught, BallCaught{Player: f.Player, How: "pass"})
	if d := 1 - f.Fumbler; teamOf(f.Player) == d {
		x.emit(EvTurnoverScored, TurnoverScored{Gain: d, Reason: "interception", Exit: f.Cell})
		x.emit(EvFreeGranted, FreeGranted{Team: d, Reason: "interception"})
	}
	x.ballDone()
}

// Pass events (§2.8).
const (
	EvPassThrown = "pass-thrown"
	EvPassResult = "pass-result"
)

type (
	// PassThrown: the pass, its range and DL.
	PassThrown struct {
		Passer   string `msgpack:"passer"`
		Receiver string `msgpack:"receiver"`
		Range    int    `msgpack:"range"`
		DL       int    `msgpack:"dl"`
	}
	// PassResult: the row of the pass table.
	PassResult struct {
		Passer string `msgpack:"passer"`
		Result string `msgpack:"result"`
	}
)

// applyPass folds the pass events.
func (g *state) applyPass(e console.Event) error {
	dec := func(v any) error { return console.Decode(e.Data, v) }
	switch e.Type {
	case EvPassThrown:
		var p PassThrown
		if err := dec(&p); err != nil {
			return err
		}
		c := g.Current
		if c == nil || c.Player != p.Passer || g.Ball.Holder != p.Passer || c.Halves < 1 {
			return fmt.Errorf("%s cannot pass", p.Passer)
		}
		c.Halves--
		c.Move, c.Ends, c.EndsWhy = nil, true, "pass"
		g.Ball = ball{State: BallRest, Cell: g.cellOf(p.Passer), LastTouch: p.Passer}
	case EvPassResult:
	default:
		return fmt.Errorf("unknown event type %q", e.Type)
	}
	return nil
}
