package runeball

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/field"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// The kickoff (Flow K, RB-F25…RB-F31) with the ball primitives it needs:
// scatter (X1), bounce (X2), fumble scatter (X3), recovery (R), turnover
// (T). Every die is asked for in a dice prompt (§2.6): the kick test, its
// distance and direction, a catch, a fumble's direction, a bounce.

// PhasePlay is the rounds of play; the kickoff leads to it. The rounds are
// the next part to be built.
const PhasePlay = "play"

// CmdKick starts the kickoff.
const CmdKick = "kick"

// Ball states.
const (
	BallNone     = "none"
	BallHeld     = "held"
	BallRest     = "rest"
	BallBouncing = "bouncing"
)

// ball is where the ball is (§2.3).
type ball struct {
	State     string     `msgpack:"state"`
	Cell      field.Cell `msgpack:"cell"`
	Holder    string     `msgpack:"holder"`
	LastTouch string     `msgpack:"last_touch"`
}

// player returns a slot's place and sheet.
func (g *state) place(id string) (*pos, roster.Player, int) {
	s, err := roster.ParseSlot(id)
	if err != nil {
		return nil, roster.Player{}, -1
	}
	t := teamIndex(s.Team)
	return &g.Field[t].Pos[s.N-1], g.Teams[t].Player(s.N), t
}

// standing: on the field, upright, not Out.
func (p pos) standing() bool { return p.OnField && !p.Prone && !p.Out }

// standingOn is the standing player on c, or "".
func (g *state) standingOn(c field.Cell) string {
	id := g.occupant(c)
	if id == "" {
		return ""
	}
	if p, _, _ := g.place(id); p != nil && p.standing() {
		return id
	}
	return ""
}

// adjacentOpponents counts the standing players of team's opponents next to c.
func (g *state) adjacentOpponents(team int, c field.Cell) int {
	n := 0
	for _, p := range g.Field[1-team].Pos {
		if p.standing() && field.Adjacent(p.Cell, c) {
			n++
		}
	}
	return n
}

// skillOf is a player's effective skill (no Bruises yet in this part).
func (g *state) skillOf(id string, k roster.Skill) int {
	p, sheet, _ := g.place(id)
	return sheet.Derived().Skills[k] - p.St.Bruise // −1 per Bruise (RB-F69)
}

// kick starts Flow K: the target on the receiving side (RB-F27, RB-D14).
func (x *decider) kick(a console.Args) error {
	g := x.g
	if x.team != g.Kicking {
		return console.RejectWith(console.ReasonNotYourTurn, "%s kicks off", teamName(g.Kicking))
	}
	if (g.Ball.State != BallNone && g.Ball.State != "") || g.Prompt != nil {
		return console.Reject("the kick is already taken")
	}
	t, err := field.ParseCoords(a.String("target"))
	if err != nil {
		return console.RejectWith(console.ReasonBadInput, "%v", err)
	}
	r := 1 - g.Kicking
	if !t.Valid() {
		return console.RejectWith(console.ReasonBadInput, "%s is not a cell of the field (x 1–31, y 1–31, x+y even)", t)
	}
	if field.Neutral(t) {
		return console.Reject("the kick targets the receiving side (%s): %s is in the neutral zone", sideWords(r), t)
	}
	if int(field.Side(t)) != r {
		return console.Reject("the kick targets the receiving side (%s): %s is on %s's side", sideWords(r), t, teamName(g.Kicking))
	}
	kicker := roster.Slot{Team: teamID(g.Kicking), N: g.Field[g.Kicking].Kicker}.String()
	x.emit(EvKickDeclared, KickDeclared{Kicker: kicker, Target: t})
	tb, err := tables()
	if err != nil {
		return err
	}
	f := flow{Player: kicker, Target: t, Skill: g.skillOf(kicker, roster.Kick), DL: tb.Constants.Int("kickoff_dl"), Then: "kick"}
	x.askDice("test", f, die{12, fmt.Sprintf("%s Kick vs DL %d", kicker, f.DL)})
	return nil
}

// continueDice goes on with a dice prompt's faces.
func (x *decider) continueDice(step string, f flow, faces []int) error {
	if n, ok := diceOfStep[step]; ok && len(faces) != n {
		return fmt.Errorf("runeball: step %s takes %d dice, not %d", step, n, len(faces))
	}
	switch step {
	case "test":
		f.D12 = faces[0]
		x.testRolled(f)
		if ExertCanChange(Test{D12: f.D12, Skill: f.Skill, Mods: f.Mods, DL: f.DL}, x.rowOf(f.Then)) {
			_, _, team := x.g.place(f.Player)
			x.askChoice(team, CmdExert, fmt.Sprintf("exert for %s? %s: 1 or 2 Exertion (1d4 HP each) may change the result (0, 1 or 2)", f.Player, x.testWords(f)), "exert", f)
			return nil
		}
		return x.settle(f)
	case "exert-dice":
		lost := 0
		for _, v := range faces {
			lost += v
		}
		x.emit(EvExertionSpent, ExertionSpent{Player: f.Player, Points: len(faces), D4: faces, Purpose: "test"})
		_ = lost
		return x.settle(f)
	case "kick-scatter":
		n := 0
		for _, v := range faces[:len(faces)-1] {
			n += v
		}
		n -= x.kickRow(f).DistanceMinus
		if n < 0 {
			n = 0
		}
		x.scatterKick(f, n, faces[len(faces)-1])
		return nil
	case "fumble-dir":
		x.fumbleStep(f, faces[0])
		return nil
	case "bounce":
		x.bounce(f, faces[0], faces[1])
		return nil
	case "initiative", "initiative-tie":
		return x.initiativeRolled(step, faces)
	case "sprint":
		x.sprintRolled(f, faces)
		return nil
	case "block-exert":
		return x.blockExerted(f, faces)
	case "block-roll":
		return x.blockRolled(f, faces)
	case "block-damage":
		x.dealt(f, faces[0])
		return nil
	case "wound":
		return x.wounded(f, faces[0])
	case "pain":
		x.pained(f, faces)
		return nil
	case "goal-scatter":
		if len(faces) != 2 {
			return fmt.Errorf("runeball: a miss scatters with 2 dice, not %d", len(faces))
		}
		x.goalMissed(f, faces[0], faces[1])
		return nil
	case "pass-scatter":
		if len(faces) < 2 {
			return fmt.Errorf("runeball: a pass scatter takes at least 2 dice, not %d", len(faces))
		}
		x.passScattered(f, faces)
		return nil
	case "runoff-sprint":
		x.emit(EvExertionSpent, ExertionSpent{Player: f.Player, Points: len(faces), D4: faces, Purpose: "sprint"})
		x.ranOff(f)
		return nil
	case "heal":
		return x.healed(f, faces)
	case "shake-off":
		x.shookOff(f, faces[0])
		return nil
	case "rolloff":
		if len(faces) != 2 {
			return fmt.Errorf("runeball: a roll-off takes 2 dice, not %d", len(faces))
		}
		return x.rolledOff(f, faces)
	}
	return fmt.Errorf("runeball: unknown dice step %q", step)
}

// diceOfStep are the dice counts of the steps that take a fixed number.
var diceOfStep = map[string]int{"test": 1, "runoff-sprint": 1, "fumble-dir": 1, "bounce": 2, "rolloff": 2, "shake-off": 1,
	"block-roll": 2, "block-damage": 1, "wound": 1}

// testWords is a test's sum in words: "d12 4 + Kick 8 = 12 vs DL 10".
func (x *decider) testWords(f flow) string {
	t := Test{D12: f.D12, Skill: f.Skill, Mods: f.Mods, DL: f.DL}
	return fmt.Sprintf("d12 %d + %d = %d vs DL %d", f.D12, f.Skill+f.Mods, t.Total(), f.DL)
}

// testRolled records a test's roll.
func (x *decider) testRolled(f flow) {
	t := Test{D12: f.D12, Skill: f.Skill, Mods: f.Mods, DL: f.DL}
	x.emit(EvTestRolled, TestRolled{Player: f.Player, Test: f.Then, D12: f.D12, Skill: f.Skill, Mods: f.Mods, DL: f.DL, Margin: t.Margin()})
}

// rowOf numbers the rows of the table a test of kind then is read on; nil
// for a plain success or failure.
func (x *decider) rowOf(then string) func(int) int {
	if then == "pass" {
		return passRowIndex
	}
	if then != "kick" {
		return nil
	}
	tb, err := tables()
	if err != nil {
		return nil
	}
	return func(m int) int {
		for i, r := range tb.Kickoff.Rows {
			if r.Margin.Contains(m) {
				return i
			}
		}
		return -1
	}
}

// exert answers the exertion question (RB-D29).
func (x *decider) exert(a console.Args) error {
	p := x.g.Prompt
	n := a.Int("points")
	if n < 0 || n > 2 {
		return console.RejectWith(console.ReasonBadInput, "points must be 0, 1 or 2")
	}
	f := p.Flow
	x.emit(EvPrompt, PromptSet{})
	if n == 0 {
		return x.settle(f)
	}
	f.Exert = n
	dice := make([]die, n)
	for i := range dice {
		dice[i] = die{4, fmt.Sprintf("%s Exertion HP", f.Player)}
	}
	x.askDice("exert-dice", f, dice...)
	return nil
}

// kickRow is the kickoff table's row of a kick (RB-F28).
func (x *decider) kickRow(f flow) kickRowT {
	tb, _ := tables()
	r := tb.Kickoff.For(Test{D12: f.D12, Skill: f.Skill, Mods: f.Mods + f.Exert, DL: f.DL}.Margin())
	return kickRowT{Out: r.Result == "out-of-bounds", N: r.Distance.N, Sides: r.Distance.Sides, DistanceMinus: r.DistanceMinus}
}

type kickRowT struct {
	Out           bool
	N, Sides      int
	DistanceMinus int
}

// settle reads a test with its exertion and goes on.
func (x *decider) settle(f flow) error {
	t := Test{D12: f.D12, Skill: f.Skill, Mods: f.Mods + f.Exert, DL: f.DL}
	switch f.Then {
	case "kick":
		row := x.kickRow(f)
		if row.Out {
			x.kickOut(f.Target)
			return nil
		}
		var dice []die
		for i := 0; i < row.N; i++ {
			dice = append(dice, die{row.Sides, "scatter distance"})
		}
		dice = append(dice, die{6, "scatter direction"})
		x.askDice("kick-scatter", f, dice...)
	case "goal":
		x.goalSettled(f, t.Succeeds())
	case "pass":
		x.passSettled(f, t.Margin())
	case "intercept":
		x.intercepted(f, t.Succeeds())
	case "pass-catch":
		x.passCaught(f, t.Succeeds())
	case "pass-land-catch":
		x.passLandCaught(f, t.Succeeds())
	case "catch", "recover", "pickup", "handoff":
		if t.Succeeds() {
			x.emit(EvBallCaught, BallCaught{Player: f.Player, How: f.Then})
			x.ballDone()
			return nil
		}
		x.emit(EvBallTouched, BallTouched{Player: f.Player})
		_, _, team := x.g.place(f.Player)
		x.fumble(f.Player, f.Cell, team)
	default:
		return fmt.Errorf("runeball: unknown test %q", f.Then)
	}
	return nil
}

// scatterKick lands the kicked ball n hexes from the target in direction
// d6 (X1, RB-D16) and reads the landing (Flow K steps 4–5).
func (x *decider) scatterKick(f flow, n, d6 int) {
	g := x.g
	path, exit, left := field.Line(f.Target, field.Dir(d6), n)
	landing := exit
	x.emit(EvBallScattered, BallScattered{From: f.Target, Dir: d6, Distance: n, Path: path, Exit: exit, Left: left})
	r := 1 - g.Kicking
	if left || field.Neutral(landing) || int(field.Side(landing)) != r {
		x.kickOut(landing)
		return
	}
	if p := g.standingOn(landing); p != "" {
		if _, _, t := g.place(p); t == r {
			f.Player, f.Cell = p, landing
			x.askChoice(r, CmdLandChoice, fmt.Sprintf("the ball comes down on %s's hex (%s): catch it (DL 8) or step aside", p, landing), "land", f, "catch", "step")
			return
		}
	}
	x.emit(EvBallLanded, BallLanded{Cell: landing, State: BallBouncing})
	x.ballDone()
}

// landChoice answers the catch-or-step question (RB-F30, RB-D66).
func (x *decider) landChoice(a console.Args) error {
	g := x.g
	f := g.Prompt.Flow
	choice := strings.ToLower(a.String("choice"))
	if f.Then == "pass-land" {
		switch choice {
		case "catch":
			x.emit(EvPrompt, PromptSet{})
			x.passLandCatch(f)
		case "drop":
			x.emit(EvPrompt, PromptSet{})
			x.passLoose(f, f.Cell)
		default:
			return console.RejectWith(console.ReasonBadInput, "a scattered pass can be caught or dropped")
		}
		return nil
	}
	switch choice {
	case "catch":
		tb, err := tables()
		if err != nil {
			return err
		}
		_, _, team := g.place(f.Player)
		f.Then, f.Skill, f.Exert, f.Mods = "catch", g.skillOf(f.Player, roster.Catch), 0, 0
		f.DL = tb.Constants.Int("kickoff_catch_dl") + tb.Constants.Int("per_adjacent_defender_catch")*g.adjacentOpponents(team, f.Cell)
		x.emit(EvPrompt, PromptSet{})
		x.askDice("test", f, die{12, fmt.Sprintf("%s Catch vs DL %d", f.Player, f.DL)})
	case "step":
		c, err := field.ParseCoords(a.String("hex"))
		if err != nil || !c.Valid() || !field.Adjacent(c, f.Cell) || g.occupant(c) != "" {
			return console.RejectWith(console.ReasonBadInput, "step needs hex= an adjacent free cell")
		}
		x.emit(EvPrompt, PromptSet{})
		x.emit(EvSteppedAside, SteppedAside{Player: f.Player, From: f.Cell, To: c})
		if f.Then == "goal-land" {
			x.goalLoose(f, f.Cell)
			return nil
		}
		x.emit(EvBallLanded, BallLanded{Cell: f.Cell, State: BallBouncing})
		x.ballDone()
	default:
		return console.RejectWith(console.ReasonBadInput, "choose catch or step (with hex=)")
	}
	return nil
}

// kickOut is a kickoff out of bounds (K6, RB-F29): the receiving team
// scores a turnover and chooses who gets the ball.
func (x *decider) kickOut(exit field.Cell) {
	g := x.g
	r := 1 - g.Kicking
	x.emit(EvTurnoverScored, TurnoverScored{Gain: r, Reason: "kickoff", Exit: exit})
	var who []string
	for i, p := range g.Field[r].Pos {
		if p.standing() {
			who = append(who, roster.Slot{Team: teamID(r), N: i + 1}.String())
		}
	}
	if len(who) == 0 {
		x.emit(EvBallLanded, BallLanded{Cell: exit, State: BallRest})
		x.ballDone()
		return
	}
	x.askChoice(r, CmdGiveBall, "give the ball to one of your players (the kick went out, l. 71): "+strings.Join(who, ", "), "give", flow{Then: "kickoff-done"}, who...)
}

// giveBall answers give-ball.
func (x *decider) giveBall(a console.Args) error {
	g := x.g
	p := g.Prompt
	id := strings.ToUpper(strings.TrimSpace(a.String("player")))
	ok := false
	for _, o := range p.Options {
		if o == id {
			ok = true
		}
	}
	if !ok {
		return console.RejectWith(console.ReasonBadInput, "give the ball to one of %s", strings.Join(p.Options, ", "))
	}
	f := p.Flow
	x.emit(EvPrompt, PromptSet{})
	x.emit(EvBallGiven, BallGiven{Player: id})
	if f.Then == "block-after-push" {
		x.afterPush(f)
		return nil
	}
	x.ballDone()
	return nil
}

// fumble scatters the ball one hex from cell (X3, RB-F48, RB-D18) and
// grants the fumbler's opponents a free activation.
func (x *decider) fumble(player string, cell field.Cell, team int) {
	x.emit(EvBallFumbled, BallFumbled{Player: player, Cell: cell})
	x.emit(EvFreeGranted, FreeGranted{Team: 1 - team, Reason: "fumble by " + player})
	x.askDice("fumble-dir", flow{Player: player, Cell: cell, Fumbler: team}, die{6, "fumble direction"})
}

// fumbleStep moves a fumbled ball one hex and reads where it lands.
func (x *decider) fumbleStep(f flow, d6 int) {
	to := field.Step(f.Cell, field.Dir(d6))
	exit := to
	if !to.Valid() {
		exit = f.Cell // the last on-field cell
	}
	x.emit(EvBallScattered, BallScattered{From: f.Cell, Dir: d6, Distance: 1, Path: []field.Cell{to}, Exit: exit, Left: !to.Valid()})
	if !to.Valid() {
		x.turnover(1-f.Fumbler, f.Cell, "fumble")
		return
	}
	x.ballEnters(to, f)
}

// ballEnters is a loose ball entering cell c: a standing player must try
// to recover it (DL 12, RB-F49, RB-D20); a prone or Out one makes it
// bounce at once; an empty cell holds it bouncing.
func (x *decider) ballEnters(c field.Cell, f flow) {
	g := x.g
	if id := g.occupant(c); id != "" {
		p, _, team := g.place(id)
		if p.standing() {
			tb, _ := tables()
			nf := flow{Player: id, Cell: c, Then: "recover", Skill: g.skillOf(id, roster.Catch), Mods: g.blitzMod(id),
				DL: tb.Constants.Int("recover_bouncing_dl") + tb.Constants.Int("per_adjacent_opponent_recovery")*g.adjacentOpponents(team, c)}
			x.emit(EvBallLanded, BallLanded{Cell: c, State: BallBouncing})
			x.askDice("test", nf, die{12, fmt.Sprintf("%s Catch vs DL %d (the ball enters his hex)", id, nf.DL)})
			return
		}
		x.emit(EvBallLanded, BallLanded{Cell: c, State: BallBouncing})
		x.askDice("bounce", flow{Cell: c}, die{6, "bounce direction"}, die{6, "bounce continue"})
		return
	}
	x.emit(EvBallLanded, BallLanded{Cell: c, State: BallBouncing})
	x.ballDone()
}

// bounce moves a bouncing ball one hex (X2, RB-F46, RB-D19).
func (x *decider) bounce(f flow, d6, cont int) {
	g := x.g
	to := field.Step(f.Cell, field.Dir(d6))
	tb, _ := tables()
	x.emit(EvBallBounced, BallBounced{From: f.Cell, Dir: d6, Continue: cont, To: to})
	if !to.Valid() {
		_, _, last := g.place(g.Ball.LastTouch)
		if last < 0 {
			last = g.Kicking
		}
		x.turnover(1-last, f.Cell, "bounce")
		return
	}
	if id := g.occupant(to); id != "" {
		x.ballEnters(to, f)
		return
	}
	state := BallBouncing
	if tb.Bounce.Stops(cont) {
		state = BallRest
	}
	x.emit(EvBallLanded, BallLanded{Cell: to, State: state})
	x.ballDone()
}

// turnover: the ball left the field; gain scores 1 and gets it in the
// hands of its standing player closest to the exit cell (T, RB-F52,
// RB-D60); a fumble's turnover also gives gain its free activation.
func (x *decider) turnover(gain int, exit field.Cell, reason string) {
	x.turnoverThen(gain, exit, reason, flow{Then: "kickoff-done"}, x.ballDone)
}

// turnoverThen scores the turnover and awards the ball (T); then runs
// done, or, when several players are equally close, asks gain's coach to
// give-ball with f, whose answer continues the same way.
func (x *decider) turnoverThen(gain int, exit field.Cell, reason string, f flow, done func()) {
	g := x.g
	x.emit(EvTurnoverScored, TurnoverScored{Gain: gain, Reason: reason, Exit: exit})
	var cells []field.Cell
	for _, p := range g.Field[gain].Pos {
		if p.standing() {
			cells = append(cells, p.Cell)
		}
	}
	near := field.Nearest(exit, cells)
	switch len(near) {
	case 0:
		x.emit(EvBallLanded, BallLanded{Cell: exit, State: BallRest})
	case 1:
		x.emit(EvBallGiven, BallGiven{Player: g.occupant(near[0])})
	default:
		var who []string
		for _, c := range near {
			who = append(who, g.occupant(c))
		}
		x.askChoice(gain, CmdGiveBall, fmt.Sprintf("give the ball to one of %s (closest to %s)", strings.Join(who, ", "), exit), "give", f, who...)
		return
	}
	done()
}

// kickoffDone ends the kickoff: the free activations granted (a fumbled
// catch's) and the receiving team's kickoff free activation (RB-F31) are
// queued, and the rounds of play begin with the first free activation.
func (x *decider) kickoffDone() {
	g := x.g
	x.emit(EvFreeGranted, FreeGranted{Team: 1 - g.Kicking, Reason: "kickoff"})
	x.emit(EvKickoffDone, struct{}{})
	x.next()
}

// Kickoff events (SPEC.md §2.8).
const (
	EvKickDeclared   = "kick-declared"
	EvTestRolled     = "test-rolled"
	EvExertionSpent  = "exertion-spent"
	EvBallScattered  = "ball-scattered"
	EvBallBounced    = "ball-bounced"
	EvBallLanded     = "ball-landed"
	EvBallCaught     = "ball-caught"
	EvBallTouched    = "ball-touched"
	EvBallFumbled    = "ball-fumbled"
	EvSteppedAside   = "stepped-aside"
	EvTurnoverScored = "turnover-scored"
	EvBallGiven      = "ball-given"
	EvFreeGranted    = "free-activation-granted"
	EvKickoffDone    = "kickoff-done"
)

type (
	// KickDeclared is the kick at a target.
	KickDeclared struct {
		Kicker string     `msgpack:"kicker"`
		Target field.Cell `msgpack:"target"`
	}
	// TestRolled is one skill test (RB-D1).
	TestRolled struct {
		Player string `msgpack:"player"`
		Test   string `msgpack:"test"`
		D12    int    `msgpack:"d12"`
		Skill  int    `msgpack:"skill"`
		Mods   int    `msgpack:"mods"`
		DL     int    `msgpack:"dl"`
		Margin int    `msgpack:"margin"`
	}
	// ExertionSpent costs 1d4 HP per point (RB-F42).
	ExertionSpent struct {
		Player  string `msgpack:"player"`
		Points  int    `msgpack:"points"`
		D4      []int  `msgpack:"d4"`
		Purpose string `msgpack:"purpose"`
	}
	// BallScattered is a scatter's line (X1, X3).
	BallScattered struct {
		From     field.Cell   `msgpack:"from"`
		Dir      int          `msgpack:"dir"`
		Distance int          `msgpack:"distance"`
		Path     []field.Cell `msgpack:"path"`
		Exit     field.Cell   `msgpack:"exit"`
		Left     bool         `msgpack:"left"`
	}
	// BallBounced is one bounce (X2).
	BallBounced struct {
		From     field.Cell `msgpack:"from"`
		Dir      int        `msgpack:"dir"`
		Continue int        `msgpack:"continue"`
		To       field.Cell `msgpack:"to"`
	}
	// BallLanded is a loose ball on a cell.
	BallLanded struct {
		Cell  field.Cell `msgpack:"cell"`
		State string     `msgpack:"state"`
	}
	// BallCaught is a player holding the ball.
	BallCaught struct {
		Player string `msgpack:"player"`
		How    string `msgpack:"how"`
	}
	// BallTouched is a failed attempt: the last touch (RB-D61).
	BallTouched struct {
		Player string `msgpack:"player"`
	}
	// BallFumbled is a fumble.
	BallFumbled struct {
		Player string     `msgpack:"player"`
		Cell   field.Cell `msgpack:"cell"`
	}
	// SteppedAside is a step out of the ball's way (RB-D66).
	SteppedAside struct {
		Player string     `msgpack:"player"`
		From   field.Cell `msgpack:"from"`
		To     field.Cell `msgpack:"to"`
	}
	// TurnoverScored is a turnover's point (RB-F92).
	TurnoverScored struct {
		Gain   int        `msgpack:"gain"`
		Reason string     `msgpack:"reason"`
		Exit   field.Cell `msgpack:"exit"`
	}
	// BallGiven is the ball awarded to a player.
	BallGiven struct {
		Player string `msgpack:"player"`
	}
	// FreeGranted queues a free activation (RB-D26, RB-D67).
	FreeGranted struct {
		Team   int    `msgpack:"team"`
		Reason string `msgpack:"reason"`
	}
)

// applyKickoff folds the kickoff's events.
func (g *state) applyKickoff(e console.Event) error {
	dec := func(v any) error { return console.Decode(e.Data, v) }
	switch e.Type {
	case EvKickDeclared:
		var p KickDeclared
		if err := dec(&p); err != nil {
			return err
		}
		g.Ball.LastTouch = p.Kicker
	case EvTestRolled, EvBallScattered, EvBallBounced, EvDiceRolled:
	case EvExertionSpent:
		var p ExertionSpent
		if err := dec(&p); err != nil {
			return err
		}
		pl, err := g.onField(p.Player)
		if err != nil {
			return err
		}
		for _, v := range p.D4 {
			pl.HP -= v
		}
	case EvBallLanded:
		var p BallLanded
		if err := dec(&p); err != nil {
			return err
		}
		g.Ball.State, g.Ball.Cell, g.Ball.Holder = p.State, p.Cell, ""
	case EvBallCaught, EvBallGiven:
		var p BallCaught
		if err := dec(&p); err != nil {
			return err
		}
		pl, err := g.onField(p.Player)
		if err != nil {
			return err
		}
		g.Ball = ball{State: BallHeld, Cell: pl.Cell, Holder: p.Player, LastTouch: p.Player}
	case EvBallTouched:
		var p BallTouched
		if err := dec(&p); err != nil {
			return err
		}
		g.Ball.LastTouch = p.Player
	case EvBallFumbled:
		var p BallFumbled
		if err := dec(&p); err != nil {
			return err
		}
		g.Ball.State, g.Ball.Cell, g.Ball.Holder = BallBouncing, p.Cell, ""
		if g.Current != nil && g.Current.Player == p.Player {
			g.Current.Ends = true // RB-F50
		}
	case EvSteppedAside:
		var p SteppedAside
		if err := dec(&p); err != nil {
			return err
		}
		pl, err := g.onField(p.Player)
		if err != nil {
			return err
		}
		pl.Cell = p.To
	case EvTurnoverScored:
		var p TurnoverScored
		if err := dec(&p); err != nil {
			return err
		}
		if p.Gain != Home && p.Gain != Away {
			return fmt.Errorf("team %d", p.Gain)
		}
		g.Score[p.Gain]++
		if c := g.Current; c != nil && c.Player == g.Ball.LastTouch && teamOf(c.Player) != p.Gain {
			c.Ends = true // T: the last toucher loses the rest of his activation
		}
	case EvFreeGranted:
		var p FreeGranted
		if err := dec(&p); err != nil {
			return err
		}
		if p.Team != Home && p.Team != Away {
			return fmt.Errorf("team %d", p.Team)
		}
		g.FreeQueue = append(g.FreeQueue, grant{Team: p.Team, Reason: p.Reason})
	case EvKickoffDone:
		g.Phase = PhasePlay
		g.Scored = ""
	case EvPrompt:
		var p PromptSet
		if err := dec(&p); err != nil {
			return err
		}
		g.Prompt = p.Prompt
	default:
		return fmt.Errorf("unknown event type %q", e.Type)
	}
	return nil
}
