package ruunara

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara/card"
	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// OptRace is the story mode's race (RU-F7, RU-D16): the rulebook's missions
// are not in the text, so a story game names its race.
const OptRace = "race"

// New builds a game from its setup: the shipped cards and rules numbers,
// the options, every seat reading inches.
func (r *Rules) New(setup console.Setup) (console.State, error) {
	if len(setup.Seats) < 1 || len(setup.Seats) > 2 {
		return nil, console.RejectWith(console.ReasonBadInput, "Ruunara is played by one player (solo) or two (duo), not %d", len(setup.Seats)) // RU-F4
	}
	data, err := card.Load()
	if err != nil {
		return nil, fmt.Errorf("ruunara: load the rules data: %w", err)
	}
	g := &state{Stage: StageSetup, Numbers: data.Rules, DiceFirst: "table", RangedNoise: true}
	for _, s := range setup.Seats {
		g.Seats = append(g.Seats, string(s))
		g.Units = append(g.Units, string(rn.Inches))
	}
	for _, rc := range data.Races {
		g.Races = append(g.Races, rc.ID)
	}
	// the shipped cards, completed with the estimates a first game needs
	// (docs/ruunara.md, RU-W5)
	g.Cards = append(g.Cards, card.Starter(data.Cards)...)
	opt := func(k, def string) string {
		if v, ok := setup.Options[k]; ok && v != "" {
			return strings.ToLower(strings.TrimSpace(v))
		}
		return def
	}
	for _, k := range console.SortedKeys(setup.Options) {
		switch k {
		case OptMode, OptMission, OptDice, OptRangedNoise, OptRace:
		default:
			return nil, console.RejectWith(console.ReasonBadInput, "unknown option %q (options: mode, mission, race, dice, ranged_noise)", k)
		}
	}
	g.Mode = opt(OptMode, "free")
	if g.Mode != "free" && g.Mode != "story" {
		return nil, console.RejectWith(console.ReasonBadInput, "mode must be free or story, not %q", g.Mode)
	}
	switch d := opt(OptDice, "table"); d {
	case "table", "app":
		g.DiceFirst = d
	default:
		return nil, console.RejectWith(console.ReasonBadInput, "dice must be table or app, not %q", d)
	}
	switch v := opt(OptRangedNoise, "on"); v {
	case "on", "off":
		g.RangedNoise = v == "on"
	default:
		return nil, console.RejectWith(console.ReasonBadInput, "ranged_noise must be on or off, not %q", v)
	}
	mission := opt(OptMission, "free")
	found := false
	for _, m := range data.Missions {
		if m.ID == mission {
			g.Mission, found = m, true
		}
	}
	if !found {
		return nil, console.RejectWith(console.ReasonBadInput, "unknown mission %s", mission)
	}
	if g.Mode == "story" {
		race := opt(OptRace, g.Mission.Race)
		if race == "" {
			return nil, console.RejectWith(console.ReasonBadInput, "a story game names the race of its team: Ardann, Kangara or Sanbari") // l. 100
		}
		if !contains(g.Races, race) {
			return nil, console.RejectWith(console.ReasonBadInput, "race must be %s, not %q", strings.Join(g.Races, ", "), race)
		}
		g.Mission.Race = race
	}
	return g, nil
}

// decider runs one command on a copy of the state: every change is an
// event applied at once, so what follows reads the state as replay will.
type decider struct {
	g      *state
	seat   int
	who    console.Seat
	dice   *console.Dice
	events []console.Event
	err    error
}

// emit records an event and applies it to the working copy.
func (x *decider) emit(typ string, data any) {
	if x.err != nil {
		return
	}
	e, err := console.NewEvent(typ, data)
	if err != nil {
		x.err = err
		return
	}
	if err := x.g.apply(e); err != nil {
		x.err = fmt.Errorf("%s: %w", typ, err)
		return
	}
	x.events = append(x.events, e)
}

func (x *decider) setPrompt(p *prompt) { x.emit(EvPrompt, PromptSet{Prompt: p}) }

func (x *decider) setQueue(q []task) { x.emit(EvQueue, QueueSet{Queue: q}) }

// push queues tasks after the ones already queued.
func (x *decider) push(ts ...task) {
	x.setQueue(append(append([]task(nil), x.g.Queue...), ts...))
}

// pushFront queues tasks before the ones already queued.
func (x *decider) pushFront(ts ...task) {
	x.setQueue(append(append([]task(nil), ts...), x.g.Queue...))
}

// Decide checks a command and returns its events.
func (r *Rules) Decide(s console.State, seat console.Seat, cmd console.Command, d *console.Dice) ([]console.Event, error) {
	g0, err := asState(s)
	if err != nil {
		return nil, err
	}
	specs := r.Commands()
	spec, ok := console.FindCommand(specs, cmd.Name)
	if !ok {
		return nil, console.RejectWith(console.ReasonBadInput, "unknown command %q (commands: %s)", cmd.Name, strings.Join(console.CommandNames(specs), ", "))
	}
	seats := make([]console.Seat, len(g0.Seats))
	for i, s := range g0.Seats {
		seats[i] = console.Seat(s)
	}
	args, err := console.ValidateArgs(spec.Args, cmd.Args, seats)
	if err != nil {
		return nil, console.RejectWith(console.ReasonBadInput, "%s: %v", cmd.Name, err)
	}
	p := g0.seatIndex(seat)
	if p < 0 {
		return nil, console.RejectWith(console.ReasonNotFound, "%q is not a seat of this game (seats: %s)", seat, strings.Join(g0.Seats, ", "))
	}
	if err := g0.gate(p, cmd.Name, args); err != nil {
		return nil, err
	}
	g, err := g0.clone()
	if err != nil {
		return nil, err
	}
	x := &decider{g: g, seat: p, who: seat, dice: d}
	if err := x.run(cmd.Name, args); err != nil {
		return nil, err
	}
	if x.err != nil {
		return nil, x.err
	}
	x.advance()
	if x.err != nil {
		return nil, x.err
	}
	for i := range x.events {
		x.events[i].Seat = seat
		x.events[i].Cmd = cmd.ID
	}
	return x.events, nil
}

// run dispatches a command that passed the gate.
func (x *decider) run(name string, a console.Args) error {
	switch name {
	case CmdDefineCard:
		return x.defineCard(a)
	case CmdDefineAbility:
		return x.defineAbility(a)
	case CmdRemoveAbility:
		return x.removeAbility(a)
	case CmdAddHero:
		return x.addUnit("hero", a)
	case CmdAddEnemy:
		return x.addUnit("enemy", a)
	case CmdAddNeutral:
		return x.addUnit("neutral", a)
	case CmdRemoveUnit:
		return x.removeUnit(a)
	case CmdAssign:
		if a.Has("dice") {
			return x.assignDice(a)
		}
		return x.assignSeat(a)
	case CmdSetUnit:
		x.emit(EvUnitSystemSet, UnitSystemSet{Seat: x.seat, Unit: a.String("system")})
		return nil
	case CmdStart:
		return x.start()
	case CmdUse:
		return x.use(a)
	case CmdEngage:
		return x.engage(a)
	case CmdFlee:
		return x.flee(a)
	case CmdAttack:
		return x.attack(a)
	case CmdEndPhase:
		return x.endPhase()
	case CmdEndFight:
		return x.endFightCmd(a)
	case CmdRoll:
		return x.roll(a)
	case CmdReroll:
		return x.reroll(a)
	case CmdAnswer:
		return x.answer(a)
	case CmdRequestUndo:
		return x.requestUndo()
	case CmdAck:
		x.emit(EvOrdersDone, struct{}{})
		x.setPrompt(nil)
		return nil
	case CmdAdjust:
		return x.adjust(a)
	case CmdKill:
		return x.killCmd(a)
	case CmdClaim:
		return x.claim(a)
	case CmdReassign:
		return x.reassign(a)
	case CmdEndGame:
		x.emit(EvGameEnded, GameEnded{Result: a.String("result"), Reason: "ended by agreement", Round: x.g.Round})
		return nil
	}
	return console.RejectWith(console.ReasonBadInput, "unknown command %q", name)
}

// answers are the commands that answer a prompt.
var answers = map[string]string{CmdRoll: PromptDice, CmdReroll: PromptDice, CmdAnswer: PromptQuestion, CmdAck: PromptOrders}

// gate refuses what the game stage, the open prompt or the seat does not
// allow, whatever the arguments (SPEC.md §6.1's order of checks).
func (g *state) gate(p int, name string, a console.Args) error {
	setupOnly := map[string]bool{CmdDefineCard: true, CmdDefineAbility: true, CmdRemoveAbility: true, CmdAddHero: true,
		CmdAddEnemy: true, CmdAddNeutral: true, CmdRemoveUnit: true, CmdStart: true}
	if name == CmdSetUnit {
		return nil
	}
	// an open undo question: only its answer and the asker's withdrawal (RU-D57)
	if g.UndoAsk != nil {
		switch {
		case name == CmdRequestUndo:
			return nil
		case name == CmdAnswer && p != g.UndoAsk.By:
			return nil
		case name == CmdAnswer:
			return console.RejectWith(console.ReasonNotYourTurn, "%s must answer: %s asked for this undo", g.seatName(1-g.UndoAsk.By), g.seatName(g.UndoAsk.By))
		}
		return console.RejectWith(console.ReasonWrongPhase, "%s asked to undo %s: %s must answer first", g.seatName(g.UndoAsk.By), g.UndoAsk.What, g.seatName(1-g.UndoAsk.By))
	}
	if name == CmdRequestUndo {
		return nil
	}
	if g.Stage == StageOver {
		return console.RejectWith(console.ReasonGameOver, "the game is over (%s)", g.resultWords())
	}
	if name == CmdAssign && !a.Has("dice") {
		setupOnly[CmdAssign] = true
	}
	if setupOnly[name] {
		if g.Stage != StageSetup {
			return console.RejectWith(console.ReasonWrongPhase, "the game has started: the cards and the units are set before it starts")
		}
		return nil
	}
	if g.Stage == StageSetup {
		return console.RejectWith(console.ReasonWrongPhase, "the game has not started yet: finish the set-up and start")
	}
	if name == CmdEndFight || name == CmdEndGame || name == CmdClaim || name == CmdReassign {
		return nil
	}
	if want, ok := answers[name]; ok {
		if g.Prompt == nil {
			switch want {
			case PromptDice:
				if name == CmdReroll {
					return console.RejectWith(console.ReasonWrongPhase, "no roll is open for a re-roll (a roll closes when its dice are assigned or its cover question is answered)")
				}
				return console.RejectWith(console.ReasonWrongPhase, "no dice are asked for now")
			case PromptQuestion:
				return console.RejectWith(console.ReasonWrongPhase, "no question is open now")
			}
			return console.RejectWith(console.ReasonWrongPhase, "no orders are waiting")
		}
		if name == CmdReroll {
			if g.Prompt.Kind != PromptAssign && g.Prompt.Kind != PromptQuestion || g.Prompt.Attack == nil {
				return console.RejectWith(console.ReasonWrongPhase, "no roll is open for a re-roll (a roll closes when its dice are assigned or its cover question is answered)")
			}
			return nil
		}
		if g.Prompt.Kind != want {
			return console.RejectWith(console.ReasonWrongPhase, "waiting for an answer: %s", g.promptText(g.unitAt(p)))
		}
		if g.Prompt.Kind == PromptQuestion && g.Prompt.Seat >= 0 && g.Prompt.Seat != p {
			return console.RejectWith(console.ReasonNotYourTurn, "%s must answer: %s asked for this", g.seatName(g.Prompt.Seat), g.seatName(1-g.Prompt.Seat))
		}
		return nil
	}
	if name == CmdAssign {
		if g.Prompt == nil || g.Prompt.Kind != PromptAssign {
			return console.RejectWith(console.ReasonWrongPhase, "dice are assigned after a close combat roll (now: %s)", g.phaseWords())
		}
		return nil
	}
	if name == CmdAdjust || name == CmdKill {
		if g.Prompt != nil && g.Prompt.Kind == PromptDice {
			return console.RejectWith(console.ReasonWrongPhase, "finish the open dice roll first")
		}
		return nil
	}
	if g.Prompt != nil {
		return console.RejectWith(console.ReasonWrongPhase, "waiting for an answer: %s", g.promptText(g.unitAt(p)))
	}
	if g.enemyTurnNow() {
		return console.RejectWith(console.ReasonWrongPhase, "the enemy turn goes on by itself: answer what it asks, or say the orders are carried out")
	}
	if g.Side != p {
		if h := g.hero(a.String("hero")); h != nil {
			return console.RejectWith(console.ReasonNotYourTurn, "it is %s's turn: %s plays in %s's turn", g.seatName(g.Side), h.Name, g.seatName(h.Seat))
		}
		return console.RejectWith(console.ReasonNotYourTurn, "it is %s's turn", g.seatName(g.Side))
	}
	return nil
}

// phaseWords says where the turn stands: "movement".
func (g *state) phaseWords() string {
	if g.Stage != StagePlay {
		return g.Stage
	}
	return g.Phase
}

// resultWords says how the game ended: "defeat: no free hero, round 7".
func (g *state) resultWords() string {
	if g.Reason == "" {
		return fmt.Sprintf("%s, round %d", g.Result, g.EndRound)
	}
	return fmt.Sprintf("%s: %s, round %d", g.Result, g.Reason, g.EndRound)
}

// start begins round 1 (RU-D5, RU-D6, RU-D16).
func (x *decider) start() error {
	g := x.g
	if len(g.Heroes) == 0 {
		return console.Reject("add at least one hero")
	}
	if len(g.Enemies) == 0 {
		return console.Reject("add at least one enemy")
	}
	for i := range g.Seats {
		if len(g.freeHeroes(i)) == 0 {
			return console.Reject("%s has no hero yet: in a duo game each player plays at least one", g.Seats[i]) // RU-D6
		}
	}
	x.emit(EvGameStarted, struct{}{})
	x.emit(EvPhaseStarted, PhaseStarted{Round: 1, Side: 0, Phase: PhaseTactical})
	return nil
}

// endPhase moves the seat turn on: the noise questions of the sites
// attacked in this phase first (RU-D34c).
func (x *decider) endPhase() error {
	x.queueNoise()
	x.push(task{Kind: taskNextPhase})
	return nil
}

// queueNoise queues the noise questions of the sites attacked in this
// phase, in site-name order (RU-D34c).
func (x *decider) queueNoise() {
	sites := append([]string(nil), x.g.PhaseSites...)
	byID(sites)
	var ts []task
	for _, s := range sites {
		ts = append(ts, task{Kind: taskNoise, Site: s})
	}
	if len(ts) > 0 {
		x.push(ts...)
	}
}

// nextPhase moves to the next phase, seat turn or the enemy turn.
func (x *decider) nextPhase() {
	g := x.g
	i := 0
	for j, ph := range phaseOrder {
		if ph == g.Phase {
			i = j
		}
	}
	if i+1 < len(phaseOrder) {
		x.emit(EvPhaseStarted, PhaseStarted{Round: g.Round, Side: g.Side, Phase: phaseOrder[i+1]})
		return
	}
	x.startSide(g.Round, g.Side+1)
}

// startSide starts seat turn side of round r, skipping seats with no free
// hero (RU-D6), or the enemy turn.
func (x *decider) startSide(r, side int) {
	g := x.g
	for side < len(g.Seats) && len(g.freeHeroes(side)) == 0 {
		x.emit(EvTurnSkipped, TurnSkipped{Round: r, Seat: side})
		side++
	}
	if side < len(g.Seats) {
		x.emit(EvPhaseStarted, PhaseStarted{Round: r, Side: side, Phase: PhaseTactical})
		return
	}
	x.emit(EvPhaseStarted, PhaseStarted{Round: r, Side: len(g.Seats), Phase: PhaseTactical})
	x.beginEnemyTurn()
}

// advance runs queued work until a prompt opens or nothing is left.
func (x *decider) advance() {
	for guard := 0; guard < 2*maxQueue && x.err == nil; guard++ {
		g := x.g
		if g.Prompt != nil || g.Stage != StagePlay {
			return
		}
		if len(g.Queue) == 0 {
			if g.Unacked > 0 {
				x.setPrompt(&prompt{Kind: PromptOrders, Seat: -1})
			}
			return
		}
		t := g.Queue[0]
		if g.Unacked > 0 && needsAck(t) {
			x.setPrompt(&prompt{Kind: PromptOrders, Seat: -1})
			return
		}
		x.setQueue(append([]task(nil), g.Queue[1:]...))
		x.runTask(t)
	}
	if x.err == nil {
		x.err = fmt.Errorf("ruunara: the resolution did not settle")
	}
}

// needsAck: orders must be carried out on the table before this task.
func needsAck(t task) bool {
	switch t.Kind {
	case taskNextPhase, taskBoundary:
		return true
	case taskEnemy:
		return t.Site == stepMovement || t.Site == stepCombat || t.Site == stepEnd || t.Site == stepSummary
	}
	return false
}

func (x *decider) runTask(t task) {
	switch t.Kind {
	case taskNextPhase:
		x.nextPhase()
	case taskNoise:
		x.askNoise(t.Site)
	case taskGroup:
		x.ask(t.Q, "group", -1, "", t)
	case taskEnemy:
		x.enemyStep(t.Site)
	case taskEnemyAtk:
		x.enemyAttack(t.Order)
	case taskEnemyAbility:
		x.enemyAbility(t.Site, t.Ability)
	case taskEffect:
		if t.Attack != nil {
			at := *t.Attack
			x.effect(&at)
		}
	case taskBoundary:
		x.boundary()
	default:
		x.err = fmt.Errorf("ruunara: unknown task %q", t.Kind)
	}
}

// ask opens a question unless it lists nobody (RU-D62c); then its defaults
// are taken at once.
func (x *decider) ask(q rn.Question, kind string, seat int, slot string, then task) {
	if len(q.Lines) == 0 {
		x.answered(q, slot, then)
		return
	}
	id := fmt.Sprintf("q%d", x.g.NextQ+1)
	x.emit(EvQuestionAsked, QuestionAsked{ID: id, Kind: kind, Q: q, Seat: seat})
	x.setPrompt(&prompt{Kind: PromptQuestion, Q: q, QID: id, QKind: kind, Slot: slot, Then: then, Seat: seat})
}
