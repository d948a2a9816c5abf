package landsofruin

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
)

// prompt says where the game stands.
func (g *state) prompt() string {
	switch g.Phase {
	case PhaseSetup:
		var wait []string
		for _, p := range g.Players {
			if !p.Ready {
				wait = append(wait, p.Seat)
			}
		}
		return "it is setup: each player chooses a role, a table side and a team, then says ready; waiting for " + strings.Join(wait, ", ")
	case PhasePreGame:
		return "it is the pre-game: place your infiltrators and say ready"
	case PhaseObjectives:
		return "the game is ending: each player marks their objectives and says ready"
	case PhaseOver:
		return "the game is over"
	}
	cur := g.current()
	return fmt.Sprintf("it is %s's %s (turn %d)", g.seat(cur), strings.TrimPrefix(phaseName(g.Phase), "the "), g.Turn)
}

// gate refuses a command the phase or the seat does not allow, whatever its
// arguments. View.Allowed lists the commands it lets through.
func (g *state) gate(p int, name string) error {
	if g.Phase == PhaseOver {
		return console.RejectWith(console.ReasonGameOver, "the game is over")
	}
	if err := g.gateTakeBack(name); err != nil {
		return err
	}
	now := g.prompt()
	switch name {
	case CmdChooseRole, CmdChooseSide, CmdChooseTeam:
		if g.Phase != PhaseSetup {
			return console.RejectWith(console.ReasonWrongPhase, "%s is for setup; %s", upperFirst(cmdWords(name)), now)
		}
		return nil
	case CmdReady:
		switch g.Phase {
		case PhaseSetup, PhasePreGame, PhaseObjectives:
			if g.Players[p].Ready {
				return console.Reject("%s is already ready; %s", g.Players[p].Seat, now)
			}
			return nil
		}
		return console.RejectWith(console.ReasonWrongPhase, "ready is for setup, the pre-game and the objectives at the end; %s", now)
	case CmdInfiltrate:
		if g.Phase != PhasePreGame {
			return console.RejectWith(console.ReasonWrongPhase, "infiltrators are placed in the pre-game; %s", now)
		}
		return nil
	case CmdProposeEnd:
		if !g.battle() {
			return console.RejectWith(console.ReasonWrongPhase, "the end can be proposed during the battle; %s", now)
		}
		if g.Players[p].panicked() {
			return console.Reject("%s's team has panicked: the game is over for %s, and the others end it", g.Players[p].Seat, g.Players[p].Seat)
		}
		if g.EndProposedBy != 0 {
			return console.RejectTry(console.ReasonNotAllowed, CmdAgreeEnd+" or "+CmdRefuseEnd, "%s has already proposed to end the game: agree or refuse", g.seat(g.EndProposedBy-1))
		}
		return nil
	case CmdAgreeEnd, CmdRefuseEnd:
		if !g.battle() || g.EndProposedBy == 0 {
			return console.RejectTry(console.ReasonWrongPhase, CmdProposeEnd, "nobody has proposed to end the game")
		}
		if g.Players[p].panicked() {
			return console.Reject("%s's team has panicked: the game is over for %s, and the others end it", g.Players[p].Seat, g.Players[p].Seat)
		}
		if g.Players[p].EndAgreed {
			return console.Reject("%s has already agreed to end the game", g.Players[p].Seat)
		}
		return nil
	case CmdMarkObj:
		if g.Phase != PhaseObjectives {
			return console.RejectTry(console.ReasonWrongPhase, CmdProposeEnd, "objectives are marked when the game ends; %s", now)
		}
		return nil
	case CmdRequestUndo, CmdApproveUndo, CmdDenyUndo:
		return g.gateUndo(p, name)
	case CmdRotterAttack, CmdExplosionHit:
		if g.Phase != PhaseEnvironment {
			what := "Rotter attacks are"
			if name == CmdExplosionHit {
				what = "characters caught in a throwable's area are"
			}
			return console.RejectWith(console.ReasonWrongPhase, "%s entered in the Environment phase; %s", what, now)
		}
		if g.UndoBy != 0 {
			return console.RejectTry(console.ReasonNeedsConsent, CmdApproveUndo+" or "+CmdDenyUndo, "%s asked to undo the phase change: approve or deny it first", g.seat(g.UndoBy-1))
		}
		return nil
	}
	// The current player's battle commands.
	if !g.battle() {
		return console.RejectWith(console.ReasonWrongPhase, "%s is for the battle, which is not on; %s", upperFirst(cmdWords(name)), now)
	}
	if (name == CmdAssign || name == CmdShortcut) && g.Players[p].panicked() {
		return console.Reject(panicRefusal)
	}
	if g.current() != p {
		return console.RejectWith(console.ReasonNotYourTurn, "it is not %s's turn: %s", g.Players[p].Seat, now)
	}
	if g.UndoBy != 0 {
		return console.RejectTry(console.ReasonNeedsConsent, CmdApproveUndo+" or "+CmdDenyUndo, "%s asked to undo the phase change: wait until every other player approves or one denies", g.seat(g.UndoBy-1))
	}
	pending := g.Attack != nil
	switch name {
	case CmdEndPhase:
		if pending {
			return console.RejectTry(console.ReasonNotAllowed, CmdRoll+" or "+CmdCancelAttack, "an attack is declared: roll its dice or cancel it first")
		}
		return nil
	case CmdAssign, CmdUnassign, CmdShortcut:
		if g.Phase != PhaseCommand {
			return console.RejectWith(console.ReasonWrongPhase, "it is %s: actions are assigned in the Command phase", phaseName(g.Phase))
		}
		return nil
	case CmdMove:
		if g.Phase != PhaseAction && g.Phase != PhaseSync {
			return console.RejectWith(console.ReasonWrongPhase, "it is %s: characters move in the Action phase (and are placed in the Sync phase)", phaseName(g.Phase))
		}
		if pending {
			return console.RejectTry(console.ReasonNotAllowed, CmdRoll+" or "+CmdCancelAttack, "an attack is declared: roll its dice or cancel it first")
		}
		return nil
	case CmdPerform, CmdAttack, CmdThrow, CmdExecuteSlave, CmdCallArtillery:
		if g.Phase != PhaseAction {
			what := "actions are performed"
			if name == CmdAttack {
				what = "attacks happen"
			}
			return console.RejectWith(console.ReasonWrongPhase, "it is %s: %s in the Action phase", phaseName(g.Phase), what)
		}
		if pending {
			return console.RejectTry(console.ReasonNotAllowed, CmdRoll+" or "+CmdCancelAttack, "an attack is declared: roll its dice or cancel it first")
		}
		return nil
	case CmdRoll, CmdCancelAttack:
		if !pending {
			return console.RejectTry(console.ReasonWrongPhase, CmdAttack, "no attack is declared")
		}
		return nil
	}
	return console.RejectWith(console.ReasonBadInput, "unknown command %q", name)
}

// Decide checks a command against the game and returns its events. It never
// modifies s.
func (r *Rules) Decide(s console.State, seat console.Seat, cmd console.Command, d *console.Dice) ([]console.Event, error) {
	g, err := asState(s)
	if err != nil {
		return nil, err
	}
	spec, ok := console.FindCommand(commandSpecs, cmd.Name)
	if !ok {
		return nil, console.RejectWith(console.ReasonBadInput, "unknown command %q (commands: %s)", cmd.Name, strings.Join(console.CommandNames(commandSpecs), ", "))
	}
	p := g.playerOf(seat)
	if p < 0 {
		return nil, console.RejectWith(console.ReasonNotFound, "%q does not play in this game", seat)
	}
	args, err := console.ValidateArgs(spec.Args, cmd.Args, g.seats())
	if err != nil {
		return nil, console.RejectWith(console.ReasonBadInput, "%s: %v", cmd.Name, err)
	}
	if err := g.gate(p, cmd.Name); err != nil {
		return nil, err
	}
	var es []console.Event
	switch cmd.Name {
	case CmdChooseRole:
		es, err = g.decideRole(p, args.String("role"))
	case CmdChooseSide:
		es, err = g.decideSide(p, args.String("side"))
	case CmdChooseTeam:
		switch {
		case args.Has("team") == args.Has("team-json"):
			err = console.RejectTry(console.ReasonBadInput, CmdChooseTeam, "choose either a pre-made team or your own team, not both or neither")
		case args.Has("team-json"):
			es, err = g.decideCustomTeam(p, args.String("team-json"))
		default:
			es, err = g.decideTeam(p, args.String("team"))
		}
	case CmdReady:
		es, err = g.decideReady(p, d, r.rotterWorld())
	case CmdInfiltrate:
		es, err = g.decideInfiltrate(p, args)
	case CmdEndPhase:
		es, err = g.decideEndPhase(d, r.planner)
	case CmdAssign:
		es, err = g.decideAssign(p, args)
	case CmdUnassign:
		es, err = g.decideUnassign(p, args)
	case CmdMove:
		es, err = g.decideMove(p, args)
	case CmdPerform:
		es, err = g.decidePerform(p, args)
	case CmdAttack:
		es, err = g.decideAttack(p, args)
	case CmdRoll:
		es, err = g.decideRoll(args, d)
	case CmdCancelAttack:
		es, err = one(EventAttackCancelled, struct{}{}, false)
	case CmdProposeEnd:
		es, err = g.decideProposeEnd(p, d)
	case CmdAgreeEnd:
		es, err = g.decideAgreeEnd(p, d)
	case CmdRefuseEnd:
		es, err = one(EventEndRefused, EndVote{Player: p}, false)
	case CmdMarkObj:
		es, err = g.decideObjective(p, args)
	case CmdRotterAttack:
		es, err = g.decideRotterAttack(p, args)
	case CmdRequestUndo:
		es, err = g.decideRequestUndo(p, args.String("what"))
	case CmdApproveUndo:
		es, err = g.decideApproveUndo(p)
	case CmdDenyUndo:
		es, err = one(EventUndoDenied, UndoVote{Player: p}, false)
	case CmdShortcut:
		es, err = g.decideShortcut(p, args)
	case CmdThrow:
		es, err = g.decideThrow(p, args, ActionThrow)
	case CmdExecuteSlave:
		es, err = g.decideThrow(p, args, ActionExecuteSlave)
	case CmdCallArtillery:
		es, err = g.decideThrow(p, args, ActionCallArtillery)
	case CmdExplosionHit:
		es, err = g.decideExplosionHit(p, args)
	}
	if err != nil {
		return nil, err
	}
	for i := range es {
		es[i].Seat, es[i].Cmd = seat, cmd.ID
	}
	return es, nil
}

func one(typ string, data any, barrier bool) ([]console.Event, error) {
	e, err := mk(typ, data, barrier)
	if err != nil {
		return nil, err
	}
	return []console.Event{e}, nil
}

func roleNames(sc *rules.Scenario) string {
	var names []string
	for _, r := range sc.Roles {
		names = append(names, r.Name)
	}
	return andList(names, "and")
}

func (g *state) roleCount(role string, except int) int {
	n := 0
	for i, p := range g.Players {
		if i != except && p.Role == role {
			n++
		}
	}
	return n
}

func (g *state) decideRole(p int, id string) ([]console.Event, error) {
	sc := g.scenario()
	role := sc.Role(strings.TrimSpace(id))
	if role == nil {
		return nil, console.Reject("%s has no role %q (its roles are %s)", sc.Name, id, roleNames(sc))
	}
	if role.Max > 0 && g.roleCount(role.ID, p) >= role.Max {
		return nil, console.Reject("the role %s takes at most %s, and it is taken", role.Name, plural(role.Max, "player", "players"))
	}
	return one(EventRoleChosen, Choice{Player: p, Value: role.ID, Name: role.Name}, false)
}

func (g *state) decideSide(p int, side string) ([]console.Event, error) {
	m := g.gameMap()
	s := content.Side(side)
	if !m.HasSide(s) {
		var sides []string
		for _, x := range m.Sides {
			sides = append(sides, string(x))
		}
		return nil, console.Reject("players do not sit at the %s side of %s (sides: %s)", side, m.Name, strings.Join(sides, ", "))
	}
	for i, o := range g.Players {
		if i != p && o.Side == side {
			return nil, console.Reject("the %s side is taken by %s", side, o.Seat)
		}
	}
	return one(EventSideChosen, Choice{Player: p, Value: side}, false)
}

// teamLimit is the maximum gear value for player p's role.
func (g *state) teamLimit(p int) int {
	if r := g.scenario().Role(g.Players[p].Role); r != nil {
		return r.MaxGearValue
	}
	return 0
}

func (g *state) decideTeam(p int, id string) ([]console.Event, error) {
	d := data()
	if g.Players[p].Role == "" {
		return nil, console.RejectTry(console.ReasonNotAllowed, CmdChooseRole, "choose your role first: the team's gear value limit depends on it")
	}
	t, ok := d.cont.Team(strings.TrimSpace(id))
	if !ok {
		var names, ids []string
		for _, x := range d.cont.Teams {
			names, ids = append(names, x.Name), append(ids, x.ID)
		}
		return nil, console.RejectTry(console.ReasonNotFound, tryChoices(CmdChooseTeam, "team", ids), "there is no such pre-made team (they are %s)", andList(names, "and"))
	}
	built, err := content.BuildTeam(d.team, t.ID, t.Name, t.Tribe, t.Members, g.teamLimit(p))
	if err != nil {
		return nil, console.Reject("team %s is not allowed: %v", t.Name, err)
	}
	return one(EventTeamChosen, Choice{Player: p, Value: t.ID, Name: t.Name, GearValue: built.GearValue}, false)
}

func (g *state) decideReady(p int, d *console.Dice, world bool) ([]console.Event, error) {
	var es events
	pl := g.Players[p]
	switch g.Phase {
	case PhaseSetup:
		switch {
		case pl.Role == "":
			return nil, console.RejectTry(console.ReasonNotAllowed, CmdChooseRole, "choose a role first")
		case pl.Side == "":
			return nil, console.RejectTry(console.ReasonNotAllowed, CmdChooseSide, "choose a table side first")
		case pl.Team == "":
			return nil, console.RejectTry(console.ReasonNotAllowed, CmdChooseTeam, "choose a team first")
		}
		t, td, ok := g.teamOf(p)
		if !ok {
			return nil, console.RejectTry(console.ReasonNotAllowed, CmdChooseTeam, "team %q is unknown: choose a team again", pl.Team)
		}
		if err := content.Validate(t, td, g.teamLimit(p)); err != nil {
			return nil, console.Reject("team %s is not allowed for your role: %s", t.Name, flat(err))
		}
		es.add(EventReady, Ready{Player: p}, false)
		if !g.allReadyBut(p) {
			return es.done()
		}
		sc := g.scenario()
		for _, role := range sc.Roles {
			n := g.roleCount(role.ID, -1)
			if n < role.Min {
				return nil, console.Reject("%s needs at least %s as %s, and %d chose it", sc.Name, plural(role.Min, "player", "players"), role.Name, n)
			}
		}
		started, err := g.start(d)
		if err != nil {
			return nil, err
		}
		if world {
			if started.World, started.Deployment, err = g.newWorld(d); err != nil {
				return nil, err
			}
		}
		es.add(EventGameStarted, started, started.Drawn)
		infil := false
		for _, c := range started.Chars {
			infil = infil || c.Infiltrator
		}
		if !infil {
			es.add(EventActionPhase, prepare(started.Chars, started.Order[0], 0, 1, nil), false)
		}
		return es.done()
	case PhasePreGame:
		es.add(EventReady, Ready{Player: p}, false)
		if g.allReadyBut(p) {
			es.add(EventActionPhase, g.actionPhase(0, 1, d), false)
		}
		return es.done()
	case PhaseObjectives:
		es.add(EventReady, Ready{Player: p}, false)
		if g.allReadyBut(p) {
			es.add(EventGameEnded, GameEnded{Placements: g.placements()}, false)
		}
		return es.done()
	}
	return nil, console.RejectWith(console.ReasonWrongPhase, "ready is not for %s", phaseName(g.Phase))
}

func (g *state) allReadyBut(p int) bool {
	for i, o := range g.Players {
		if i != p && !o.Ready {
			return false
		}
	}
	return true
}

// start builds the characters and the turn order: by the roles' first-turn
// priority, highest first, random within equal priority.
func (g *state) start(d *console.Dice) (GameStarted, error) {
	var out GameStarted
	sc := g.scenario()
	prio := map[int][]int{}
	var levels []int
	for i, p := range g.Players {
		pr := 0
		if r := sc.Role(p.Role); r != nil {
			pr = r.FirstTurnPriority
		}
		if _, ok := prio[pr]; !ok {
			levels = append(levels, pr)
		}
		prio[pr] = append(prio[pr], i)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(levels)))
	for _, lv := range levels {
		group := append([]int(nil), prio[lv]...)
		for len(group) > 1 {
			k := d.IntN(len(group))
			out.Drawn = true
			out.Order = append(out.Order, group[k])
			group = append(group[:k], group[k+1:]...)
		}
		out.Order = append(out.Order, group...)
	}
	out.Chars = []character{}
	for p := range g.Players {
		cs, err := buildCharacters(g, p)
		if err != nil {
			return out, err
		}
		out.Chars = append(out.Chars, cs...)
	}
	tagInfiltrators(out.Chars, d)
	return out, nil
}

// prepare makes the preparation of player p's characters for an Action
// phase.
func prepare(chars []character, p, index, turn int, dets []Detection) ActionPhase {
	ap := ActionPhase{Player: p, Index: index, Turn: turn, Prep: []Prep{}, Detections: dets}
	for i := range chars {
		c := &chars[i]
		if c.Owner != p {
			continue
		}
		ap.Prep = append(ap.Prep, Prep{Char: c.ID, MoveAP: c.remaining(), Pool: rules.DefencePool(c.remaining(), len(c.Hits))})
	}
	return ap
}

// actionPhase begins the Action phase of Order[index] in turn: the
// preparation and the detection rolls for the incoming player.
func (g *state) actionPhase(index, turn int, d *console.Dice) ActionPhase {
	p := g.Order[index]
	var dets []Detection
	for i := range g.Chars {
		h := &g.Chars[i]
		if h.Owner == p || !h.hidden() || h.Section == "" || contains(g.Players[p].Detected, h.ID) {
			continue
		}
		for j := range g.Chars {
			s := &g.Chars[j]
			if s.Owner != p || s.out() || s.Section != h.Section {
				continue
			}
			need := 50 + h.Camouflage - s.Detection
			roll := d.Roll(100)
			det := Detection{Spotter: s.ID, Hidden: h.ID, Section: h.Section, Roll: roll, Need: need, Success: roll >= need}
			dets = append(dets, det)
			if det.Success {
				break
			}
		}
	}
	return prepare(g.Chars, p, index, turn, dets)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ownChar finds one of player p's characters, or refuses.
func (g *state) ownChar(p int, ref string) (*character, error) {
	c := g.findChar(ref, func(c *character) bool { return c.Owner == p })
	if c == nil {
		var ids []string
		for _, x := range g.teamChars(p) {
			ids = append(ids, x.ID)
		}
		if len(ids) == 0 {
			return nil, console.Reject("%s has no characters yet", g.Players[p].Seat)
		}
		return nil, console.Reject("%s has no character %q", g.Players[p].Seat, ref)
	}
	return c, nil
}

func (g *state) section(id string) (string, error) {
	m := g.gameMap()
	key := strings.ToLower(strings.TrimSpace(id))
	if s, ok := m.Section(key); ok {
		return s.ID, nil
	}
	return "", console.Reject("%s has no section %q", m.Name, id)
}

func (g *state) decideInfiltrate(p int, args console.Args) ([]console.Event, error) {
	c, err := g.ownChar(p, args.String("character"))
	if err != nil {
		return nil, err
	}
	if !c.Infiltrator || !c.hidden() {
		return nil, console.Reject("%s cannot infiltrate: only characters with the infiltrate skill, in a role that allows infiltrators", c.Name)
	}
	sec, err := g.section(args.String("section"))
	if err != nil {
		return nil, err
	}
	if s, _ := g.gameMap().Section(sec); s.Kind == content.SectionOffTable {
		return nil, console.Reject("infiltrators are placed on the table, not %s", g.sec(s.ID, p))
	}
	return one(EventInfiltrated, Infiltrated{Char: c.ID, Section: sec}, false)
}

func (g *state) decideEndPhase(d *console.Dice, planner Planner) ([]console.Event, error) {
	cur := g.current()
	switch g.Phase {
	case PhaseAction:
		mark, err := g.encodeMark()
		if err != nil {
			return nil, err
		}
		return one(EventPhaseEnded, PhaseEnded{Player: cur, From: g.Phase, To: nextPhase(g.Phase), Mark: mark}, false)
	case PhaseCommand:
		mark, err := g.encodeMark()
		if err != nil {
			return nil, err
		}
		var es events
		es.add(EventPhaseEnded, PhaseEnded{Player: cur, From: g.Phase, To: nextPhase(g.Phase), Mark: mark}, false)
		if len(g.Throwables) > 0 {
			es.add(EventThrowablesAdvanced, g.advanceThrowables(), false)
		}
		if planner != nil || g.hasWorld() {
			var plan EnvironmentPlan
			switch {
			case g.ReusePlan != nil && g.checkPlan(*g.ReusePlan) == nil && (!g.hasWorld() || g.ReusePlan.World != nil):
				plan = *g.ReusePlan
			case planner != nil:
				plan = planner.PlanEnvironment(g.environmentInput(), d)
			default:
				var err error
				if plan, err = g.planWorld(d); err != nil {
					return nil, err
				}
			}
			if err := g.checkPlan(plan); err != nil {
				return nil, err
			}
			if plan.World != nil {
				b, err := g.encodeWorld(*plan.World)
				if err != nil {
					return nil, fmt.Errorf("landsofruin: the Rotter world: %w", err)
				}
				plan.World, plan.PackedWorld = nil, b
			}
			es.add(EventEnvPlanned, plan, false)
		}
		return es.done()
	case PhaseSync:
		var es events
		res := g.resolve([]int{cur}, false, d)
		es.add(EventResolution, res, true)
		if panics(res) && es.err == nil {
			// A panicked team's game is over: when at most one player is
			// left standing (or every one left has agreed to an open
			// proposal to end), the game ends at once.
			c, err := g.clone()
			if err != nil {
				return nil, err
			}
			if err := c.apply(es.out[len(es.out)-1]); err != nil {
				return nil, err
			}
			if c.standing() <= 1 || c.EndProposedBy != 0 && c.endAgreed() {
				c.endNow(&es, d)
			}
		}
		return es.done()
	case PhaseEnvironment:
		var es events
		next, turn := g.nextTurn()
		// The Environment hits are rolled first (§1.7): the incoming
		// player's defence pool counts the new unresolved hits.
		h := g
		if len(g.Env) > 0 {
			env := g.resolveEnvironment(d)
			es.add(EventEnvResolved, env, true)
			c, err := g.clone()
			if err != nil {
				return nil, err
			}
			if err := c.applyEnvResolution(env); err != nil {
				return nil, err
			}
			h = c
		}
		ap := h.actionPhase(next, turn, d)
		es.add(EventActionPhase, ap, len(ap.Detections) > 0)
		return es.done()
	}
	return nil, console.Reject("no phase to end; %s", g.prompt())
}

// nextTurn is the index in the turn order of the next player's turn and
// its game turn: panicked players are skipped; the game turn counts up
// whenever the order comes round past its end.
func (g *state) nextTurn() (next, turn int) {
	n := len(g.Order)
	k := 1
	for ; k < n && g.Players[g.Order[(g.Current+k)%n]].panicked(); k++ {
	}
	// k == n (everyone else panicked) comes back to the current player;
	// the game has ended before that can happen.
	next, turn = (g.Current+k)%n, g.Turn
	if g.Current+k >= n {
		turn++
	}
	return next, turn
}

// panics tells whether a team panicked in the resolution.
func panics(res Resolution) bool {
	for _, tm := range res.Teams {
		if tm.Panicked {
			return true
		}
	}
	return false
}

// resolve is damage resolution for the players' teams (§5.2): morale first
// (not at the final resolution), then per character the effects advance,
// the coup de grâce, and each unresolved hit on the chart.
func (g *state) resolve(players []int, final bool, d *console.Dice) Resolution {
	rd := data().rd
	res := Resolution{Player: players[0], Turn: g.Turn, Final: final, Teams: []TeamMorale{}, Chars: []CharResolution{}}
	for _, p := range players {
		pl := g.Players[p]
		tm := TeamMorale{Player: p, Pool: pl.Pool, Morale: pl.Morale}
		if !final {
			ld := 0
			for _, c := range g.teamChars(p) {
				if c.Kind == content.KindHero && !c.out() {
					ld = max(ld, c.Leadership)
				}
			}
			tm.E = pl.Positive - pl.Negative + ld
			var st rules.MoraleState
			tm.Pool, st = rules.EvaluateMorale(pl.Pool, pl.Positive, pl.Negative, ld, g.Advanced)
			tm.Morale = int(st)
			tm.Panicked = st == rules.Panicked && !pl.panicked()
		}
		var cands []rules.LeaderCandidate
		for _, c := range g.teamChars(p) {
			cr := CharResolution{Char: c.ID}
			wasDead := c.dead()
			var effs []effect
			mods := append([]modifier{}, c.Modifiers...)
			for _, e := range c.Effects {
				def := rd.Effect(e.ID)
				keep, adv := true, Advance{Effect: e.ID, Outcome: "continues"}
				switch {
				case def == nil:
				case wasDead && e.ID != "dead":
					keep, adv.Outcome = false, "ended"
				case def.Ends == "resolution":
					keep, adv.Outcome = false, "ended"
				case def.Ends == "two-turns":
					if g.Turn >= e.Since+2 {
						keep, adv.Outcome = false, "ended"
					}
				case def.Ends == "turn":
					if g.Turn > e.Since {
						keep, adv.Outcome = false, "ended"
					}
				case def.Ends == "random":
					adv.D2 = d.Roll(2)
					if adv.D2 == 2 {
						keep, adv.Outcome = false, "ended"
					}
				}
				if keep && def != nil && def.PerTurnModifier != nil && !wasDead {
					m := def.PerTurnModifier
					mods = append(mods, modifier{Attack: m.Attack, Defence: m.Defence, Turns: m.Turns, From: g.Turn})
					adv.Outcome = "continues, -1/-1 for the rest of the game"
				}
				if keep {
					effs = append(effs, e)
				}
				if def != nil && (def.Ends != "never" && def.Ends != "action" || adv.Outcome != "continues") && !(wasDead && e.ID == "dead") {
					cr.Advances = append(cr.Advances, adv)
				}
			}
			has := func(id string) bool {
				for _, e := range effs {
					if e.ID == id {
						return true
					}
				}
				return false
			}
			if !wasDead && has("unconscious") {
				for _, h := range c.Hits {
					if h.Kind == string(rules.CloseCombat) {
						effs = []effect{{ID: "dead", Since: g.Turn}}
						cr.Advances = append(cr.Advances, Advance{Effect: "unconscious", Outcome: "killed where they lay"})
						break
					}
				}
			}
			if !wasDead && !has("dead") {
				for _, h := range c.Hits {
					roll := d.Roll(100)
					dm, err := rd.ResolveDamage(rules.AttackKind(h.Kind), roll, h.Power)
					if err != nil || dm.Row == nil {
						continue
					}
					row := dm.Row
					cr.Results = append(cr.Results, result{Turn: g.Turn, Roll: roll, Power: h.Power, Total: dm.Total,
						Public: row.Public, Private: row.Private, Detail: row.Detail})
					tm.Negative += row.Morale
					if row.Modifier != nil {
						mods = append(mods, modifier{Attack: row.Modifier.Attack, Defence: row.Modifier.Defence, Turns: row.Modifier.Turns, From: g.Turn})
					}
					for _, id := range row.Effects {
						def := rd.Effect(id)
						if id == "dead" {
							effs = []effect{{ID: "dead", Since: g.Turn}}
							break
						}
						if has(id) && (def == nil || !def.Stackable) {
							continue
						}
						effs = append(effs, effect{ID: id, Since: g.Turn})
					}
					if has("dead") {
						break
					}
				}
			}
			if has("dead") {
				effs = []effect{{ID: "dead", Since: effsSince(effs)}}
			}
			cr.NewHits = frenzyHits(effs)
			var kept []modifier
			for _, m := range mods {
				if rules.ModifierActive(rules.WoundModifier{Attack: m.Attack, Defence: m.Defence, Turns: m.Turns}, m.From, g.Turn) {
					kept = append(kept, m)
				}
			}
			if effs == nil {
				effs = []effect{}
			}
			if kept == nil {
				kept = []modifier{}
			}
			cr.Effects, cr.Modifiers = effs, kept
			res.Chars = append(res.Chars, cr)
			out := has("dead") || has("unconscious")
			if c.Kind == content.KindHero {
				cands = append(cands, rules.LeaderCandidate{ID: c.ID, Leadership: c.Leadership, Out: out})
			}
		}
		tm.Leader, tm.Second = rules.SelectLeaders(cands)
		res.Teams = append(res.Teams, tm)
	}
	return res
}

func effsSince(effs []effect) int {
	for _, e := range effs {
		if e.ID == "dead" {
			return e.Since
		}
	}
	return 0
}

// actionName is an action's display name.
func actionName(id string) string {
	if a := data().rd.Action(id); a != nil {
		return a.Name
	}
	return id
}

func (g *state) decideAssign(p int, args console.Args) ([]console.Event, error) {
	c, err := g.ownChar(p, args.String("character"))
	if err != nil {
		return nil, err
	}
	id := strings.ToLower(strings.TrimSpace(args.String("action")))
	a := data().rd.Action(id)
	if a == nil {
		return nil, console.RejectTry(console.ReasonNotFound, tryChoices(CmdAssign, "action", c.Actions), "%s has no such action (it can take %s)", c.Name, actionNames(c.Actions, "and"))
	}
	if err := g.checkMemberAssign(c); err != nil {
		return nil, err
	}
	if err := g.canAssign(c, a); err != nil {
		return nil, err
	}
	return one(EventAssigned, ActionRef{Char: c.ID, Action: a.ID, Also: g.cohortAlso(c, a)}, false)
}

// canAssign checks one action for a character in its owner's Command
// phase (§3.2).
func (g *state) canAssign(c *character, a *rules.Action) error {
	pl := g.Players[c.Owner]
	switch {
	case pl.panicked():
		return console.Reject(panicRefusal)
	case c.dead():
		return console.Reject("%s is dead", c.Name)
	case c.Kind == content.KindSlave:
		return g.checkMemberAssign(c)
	case !c.canDo(a.ID):
		return console.Reject("%s cannot take %s: none of its skills enables it", c.Name, a.Name)
	case c.assignedIndex(a.ID) >= 0:
		return console.Reject("%s already has %s assigned (each action once per turn)", c.Name, a.Name)
	}
	for _, x := range c.Assigned {
		if xa := data().rd.Action(x.Action); xa != nil && contains(xa.Blocks, a.ID) {
			return console.Reject("%s cannot take %s: %s is assigned and excludes it", c.Name, a.Name, xa.Name)
		}
	}
	if !rules.MoraleState(pl.Morale).Allows(a.Morale) {
		return console.Reject("%s cannot take %s: the team is %s and the action needs %s morale", c.Name, a.Name,
			rules.MoraleState(pl.Morale), rules.MoraleState(a.Morale))
	}
	if a.MaxPerBattle > 0 && c.usedCount(a.ID) >= a.MaxPerBattle {
		return console.Reject("%s can use %s %s a battle, and has", c.Name, a.Name, times(a.MaxPerBattle))
	}
	if a.RequiresCohort && !g.cohortAlive(c) {
		return console.Reject("%s needs a living member of %s's cohort", a.Name, c.Name)
	}
	if len(a.RemovesSelf) > 0 && a.Attack == "" {
		ok := false
		for _, e := range a.RemovesSelf {
			ok = ok || c.has(e)
		}
		if !ok {
			return console.Reject("%s: only a character who %s can do it, not %s", a.Name, effectClauses(a.RemovesSelf), c.Name)
		}
	}
	for _, e := range a.AddsSelf {
		if def := data().rd.Effect(e); c.has(e) && def != nil && !def.Stackable && !contains(a.RemovesSelf, e) {
			return console.Reject("%s already has %s", c.Name, def.Name)
		}
	}
	if left := c.remaining(); a.AP > left {
		return console.Reject("%s costs %d action points but %s has %d left", a.Name, a.AP, c.Name, left)
	}
	return g.canUseConsumable(c, a)
}

func (g *state) decideUnassign(p int, args console.Args) ([]console.Event, error) {
	c, err := g.ownChar(p, args.String("character"))
	if err != nil {
		return nil, err
	}
	id := strings.ToLower(strings.TrimSpace(args.String("action")))
	if c.assignedIndex(id) < 0 {
		return nil, console.Reject("%s has no %s assigned", c.Name, actionName(id))
	}
	if c.isCloseSupport() {
		return nil, g.checkMemberAssign(c)
	}
	var also []string
	if a := data().rd.Action(id); a != nil && c.Kind == content.KindHero && copiedToCohort(a) {
		for _, m := range g.closeSupportFor(c) {
			if i := m.assignedIndex(id); i >= 0 && !m.Assigned[i].Performed {
				also = append(also, m.ID)
			}
		}
	}
	return one(EventUnassigned, ActionRef{Char: c.ID, Action: id, Also: also}, false)
}

func (g *state) decideMove(p int, args console.Args) ([]console.Event, error) {
	c, err := g.ownChar(p, args.String("character"))
	if err != nil {
		return nil, err
	}
	sec, err := g.section(args.String("section"))
	if err != nil {
		return nil, err
	}
	difficult := args.Bool("difficult")
	switch {
	case c.hidden():
		return nil, console.RejectTry(console.ReasonNotAllowed, CmdPerform, "%s is hidden: hidden characters cannot move (reveal it first)", c.Name)
	case c.dead():
		return nil, console.Reject("%s is dead", c.Name)
	case c.Section == sec && !difficult:
		return nil, console.Reject("%s is already %s", c.Name, g.in(sec, p))
	case c.Section == sec && c.Difficult:
		return nil, console.Reject("%s already went through difficult terrain this turn: its movement is halved once", c.Name)
	}
	if m := g.moveAllowance(c, false); m == 0 {
		return nil, console.Reject("%s cannot move this turn: its movement allowance is 0", c.Name)
	}
	return one(EventMoved, Moved{Char: c.ID, From: c.Section, To: sec, Difficult: difficult}, false)
}

func (g *state) decidePerform(p int, args console.Args) ([]console.Event, error) {
	c, err := g.ownChar(p, args.String("character"))
	if err != nil {
		return nil, err
	}
	id := strings.ToLower(strings.TrimSpace(args.String("action")))
	a := data().rd.Action(id)
	if a == nil {
		return nil, console.Reject("no action %q", id)
	}
	idx := c.assignedIndex(id)
	free := a.ID == "reveal" && c.hidden() // 0 AP, at any point
	switch {
	case c.dead():
		return nil, console.Reject("%s is dead", c.Name)
	case a.Attack != "":
		return nil, console.RejectTry(console.ReasonNotAllowed, CmdAttack, "%s is an attack: make it as an attack, with its dice", a.Name)
	case a.ID == ActionRevealEnemy:
		return g.decideRevealEnemy(p, c, a, args.String("target"))
	case a.Consumes != "":
		return nil, console.RejectTry(console.ReasonNotAllowed, a.ID, "%s is performed on its own button, not as a plain action", a.Name)
	case len(a.AddsEnemy) > 0 || len(a.RemovesEnemy) > 0:
		return nil, console.Reject("%s is not supported by this version of the console yet", a.Name)
	case idx < 0 && !free && g.Players[p].ActionPhases <= 1 && g.Turn <= 1:
		return nil, console.Reject("it is %s's first Action phase: movement only (actions are assigned in the Command phase)", g.Players[p].Seat)
	case idx < 0 && !free:
		return nil, console.Reject("%s has no %s assigned: actions are assigned in the Command phase", c.Name, a.Name)
	case idx >= 0 && c.Assigned[idx].Performed:
		return nil, console.Reject("%s has already performed %s this turn", c.Name, a.Name)
	}
	pf := Performed{Char: c.ID, Action: a.ID, Assigned: idx >= 0}
	var effs []effect
	for _, e := range c.Effects {
		if contains(a.RemovesSelf, e.ID) || (a.Reveals && e.ID == "hidden") {
			continue
		}
		effs = append(effs, e)
	}
	for _, e := range a.AddsSelf {
		effs = append(effs, effect{ID: e, Since: g.Turn})
	}
	if effs == nil {
		effs = []effect{}
	}
	pf.Effects = effs
	pf.Revealed = c.hidden() && (a.Reveals || contains(a.RemovesSelf, "hidden"))
	if len(a.AddsFriendly) > 0 || len(a.RemovesFriendly) > 0 || a.ClearsWounds {
		ref := args.String("target")
		if ref == "" {
			return nil, console.RejectTry(console.ReasonBadInput, CmdPerform+" target=CHARACTER", "%s needs a target: one of your characters", a.Name)
		}
		t, err := g.ownChar(p, ref)
		if err != nil {
			return nil, err
		}
		if t.dead() {
			return nil, console.Reject("%s is dead", t.Name)
		}
		var te []effect
		for _, e := range t.Effects {
			if !contains(a.RemovesFriendly, e.ID) {
				te = append(te, e)
			}
		}
		for _, e := range a.AddsFriendly {
			te = append(te, effect{ID: e, Since: g.Turn})
		}
		if te == nil {
			te = []effect{}
		}
		pf.Target, pf.TargetEffects, pf.ClearWounds = t.ID, te, a.ClearsWounds
	}
	return one(EventPerformed, pf, pf.Revealed)
}

// coverOf parses one cover word for the mode.
func (g *state) coverOf(w string) (rules.Cover, error) {
	switch w {
	case "", "none":
		return rules.NoCover, nil
	case "cover":
		if !g.Advanced {
			return rules.CoverBasic, nil
		}
	case "light", "heavy":
		if g.Advanced {
			if w == "light" {
				return rules.CoverLight, nil
			}
			return rules.CoverHeavy, nil
		}
	}
	if g.Advanced {
		return 0, console.Reject("cover %q: in advanced mode cover is none, light or heavy", w)
	}
	return 0, console.Reject("cover %q: in basic mode cover is none or cover", w)
}

func parseInts(s, what string, lo, hi int) ([]int, error) {
	var out []int
	for _, w := range splitList(s) {
		n, err := strconv.Atoi(w)
		if err != nil || n < lo || n > hi {
			return nil, console.Reject("%s: %q is not a whole number from %d to %d", what, w, lo, hi)
		}
		out = append(out, n)
	}
	if len(out) > maxListLen {
		return nil, console.Reject("%s: at most %d values", what, maxListLen)
	}
	return out, nil
}

// attackAction picks the assigned, unperformed action the attack performs.
func (c *character) attackAction(weapon *rules.Weapon, want string) (*rules.Action, error) {
	rd := data().rd
	var cands []string
	if a, ok := c.WeaponActions[weapon.ID]; ok {
		cands = []string{a}
	} else if weapon.Kind == rules.CloseCombat {
		cands = []string{"close-combat"}
	} else {
		cands = []string{"aim-and-shoot", "shoot"}
	}
	if want != "" {
		if !contains(cands, want) {
			return nil, console.Reject("the %s is not used with %s (use %s)", weapon.Name, actionName(want), actionNames(cands, "or"))
		}
		cands = []string{want}
	}
	for _, id := range cands {
		if i := c.assignedIndex(id); i >= 0 && !c.Assigned[i].Performed {
			return rd.Action(id), nil
		}
	}
	return nil, console.Reject("%s has no %s assigned and not yet performed: actions are assigned in the Command phase", c.Name, actionNames(cands, "or"))
}

func (g *state) decideAttack(p int, args console.Args) ([]console.Event, error) {
	rd := data().rd
	c, err := g.ownChar(p, args.String("character"))
	if err != nil {
		return nil, err
	}
	switch {
	case c.Section == "":
		return nil, console.Reject("%s is not on the table", c.Name)
	case c.down():
		return nil, console.Reject("%s is down and cannot attack", c.Name)
	}
	wid := strings.ToLower(strings.TrimSpace(args.String("weapon")))
	w := rd.Weapon(wid)
	if w == nil || !c.carries(wid) {
		var ws []string
		for _, gid := range c.Gear {
			if k := rd.GearKind(gid); k == "weapon" || k == "close-combat" {
				ws = append(ws, gid)
			}
		}
		return nil, console.Reject("%s carries no such weapon (it carries %s)", c.Name, itemNames(ws))
	}
	m := w.Mode(strings.ToLower(strings.TrimSpace(args.String("mode"))))
	if m == nil {
		var ms, ids []string
		for _, x := range w.Modes {
			ms, ids = append(ms, x.Name), append(ids, x.ID)
		}
		return nil, console.RejectTry(console.ReasonNotFound, tryChoices(CmdAttack, "mode", ids), "the %s has no such mode (its modes are %s)", w.Name, andList(ms, "and"))
	}
	if g.Players[p].ActionPhases <= 1 && g.Turn <= 1 {
		return nil, console.Reject("it is %s's first Action phase: movement only (actions are assigned in the Command phase)", g.Players[p].Seat)
	}
	a, err := c.attackAction(w, strings.ToLower(strings.TrimSpace(args.String("action"))))
	if err != nil {
		return nil, err
	}
	if w.Clip != nil {
		if left := c.rounds(w.ID); !m.Usable(left) {
			verb := "are"
			if left == 1 {
				verb = "is"
			}
			return nil, console.Reject("the mode needs %s but %d %s left", plural(m.RoundsPerAction, "round", "rounds"), left, verb)
		}
	}
	refs := splitList(args.String("targets"))
	if len(refs) == 0 {
		return nil, console.RejectTry(console.ReasonBadInput, CmdAttack+" targets=ID[,ID…]", "name at least one target")
	}
	if len(refs) > m.MaxTargets {
		return nil, console.Reject("%s %s attacks at most %s; %d named", w.Name, m.Name, plural(m.MaxTargets, "target", "targets"), len(refs))
	}
	// A target is an enemy character or a Rotter ("rotter:fast"); a Rotter
	// is only a kind: the players point at the miniature on the table.
	type target struct {
		c      *character
		rotter string
	}
	var targets []target
	for _, ref := range refs {
		if kind, ok := rotterTarget(ref); ok {
			if _, ok := data().cont.Rotter(kind); !ok {
				return nil, console.RejectTry(console.ReasonNotFound, tryChoices(CmdAttack, "targets", rotterTargets()), "there is no such kind of Rotter (they are %s)", rotterKindNames())
			}
			targets = append(targets, target{rotter: kind})
			continue
		}
		t := g.findChar(ref, func(t *character) bool {
			return t.Owner != p && !t.hidden() && t.Section != ""
		})
		if t == nil {
			return nil, console.Reject("no enemy character %q on the table that can be attacked", ref)
		}
		targets = append(targets, target{c: t})
	}
	covers := splitList(args.String("cover"))
	if len(covers) > len(targets) {
		return nil, console.Reject("cover: %d values for %s", len(covers), plural(len(targets), "target", "targets"))
	}
	band := rules.Short
	if m.Kind == rules.Ranged {
		dists, err := parseInts(args.String("distances"), "distances", 0, maxEntered)
		if err != nil {
			return nil, err
		}
		if len(dists) != len(targets) {
			return nil, console.Reject("distances: give one distance in tenths of an inch per target (%s, %s)", plural(len(targets), "target", "targets"), plural(len(dists), "distance", "distances"))
		}
		spread, err := parseInts(args.String("spread"), "spread", 0, maxEntered)
		if err != nil {
			return nil, err
		}
		if len(targets) > 1 && len(spread) != len(targets)-1 {
			return nil, console.Reject("spread: give the distance from the first target to each further target (%s)", plural(len(targets)-1, "value", "values"))
		}
		for i := range dists {
			dists[i] = g.toTenths(dists[i])
		}
		for i := range spread {
			spread[i] = g.toTenths(spread[i])
		}
		if err := rules.CheckTargets(m.MaxTargets, spread); err != nil {
			return nil, console.Reject("%v", err)
		}
		band = rules.AttackBand(dists...)
	}
	watt, _ := c.woundMods(g.Turn)
	if c.ignoresWoundPenalties() && watt < 0 {
		watt = 0 // frenzy (§4.2)
	}
	eff := 0
	for _, e := range c.effectPtrs() {
		eff += e.Attack
	}
	ct := c.ctype()
	base := ct.Attack
	if m.Kind == rules.CloseCombat {
		base = ct.CloseCombatAttack
	}
	at := rules.Attack{Base: base, Mode: m, Band: band, SkillBonus: rd.SkillAttackBonus(c.Skills, w.ID),
		AccessoryBonus: rd.AccessoryAttackBonus(c.Gear, w.ID, c.effectIDs()), Wounds: watt, Effects: eff,
		Suppression: c.suppression(), Aim: a.Aim}
	atk := attack{Attacker: c.ID, Action: a.ID, Weapon: w.ID, Mode: m.ID, Kind: string(m.Kind), Band: int(band), Aim: a.Aim}
	for i, t := range targets {
		cv := rules.NoCover
		if i < len(covers) {
			if cv, err = g.coverOf(covers[i]); err != nil {
				return nil, err
			}
		}
		if t.rotter != "" {
			rk, _ := data().cont.Rotter(t.rotter)
			need := rules.TargetNumber(at, rk.DefenceAsTarget, cv)
			atk.Targets = append(atk.Targets, attackTarget{Target: "rotter:" + t.rotter, Cover: int(cv), Need: need})
			continue
		}
		need := rules.TargetNumber(at, t.c.targetDefence(m.Kind, g.Turn), cv)
		atk.Targets = append(atk.Targets, attackTarget{Target: t.c.ID, Cover: int(cv), Need: need})
	}
	revealed := c.hidden()
	return one(EventAttackDeclared, AttackDeclared{Attack: atk, Revealed: revealed}, revealed)
}

// outcomes reads the d20s against the declared attack.
func (g *state) outcomes(rolls []int) ([]string, []int, error) {
	a := g.Attack
	m := data().rd.Mode(a.Weapon, a.Mode)
	if m == nil {
		return nil, nil, fmt.Errorf("attack with unknown mode %s/%s", a.Weapon, a.Mode)
	}
	var outs []string
	var powers []int
	for i, t := range a.Targets {
		hr, err := rules.RollResult(rolls[i], t.Need, g.Advanced)
		if err != nil {
			return nil, nil, console.Reject("%v", err)
		}
		outs = append(outs, hr.String())
		pw := 0
		if hr != rules.Miss {
			pw = rules.HitPower(m, hr)
		}
		powers = append(powers, pw)
	}
	return outs, powers, nil
}

func (g *state) decideRoll(args console.Args, d *console.Dice) ([]console.Event, error) {
	var rolls []int
	var err error
	appRolled := strings.TrimSpace(args.String("d20")) == AppRoll
	if appRolled {
		// The app rolls with the game's dice: seeded, recorded in the
		// event, replayed the same.
		for range g.Attack.Targets {
			rolls = append(rolls, d.Roll(20))
		}
	} else if rolls, err = parseInts(args.String("d20"), "d20", 1, 20); err != nil {
		return nil, err
	}
	if n := len(g.Attack.Targets); len(rolls) != n {
		return nil, console.Reject("d20: the attack has %s: enter one d20 per target, in order (%d given)", plural(n, "target", "targets"), len(rolls))
	}
	outs, powers, err := g.outcomes(rolls)
	if err != nil {
		return nil, err
	}
	var absorbed []string
	var absorbRolls []int
	taken, cohort := map[string]bool{}, false
	for i, t := range g.Attack.Targets {
		who, roll := "", 0
		if tc := g.char(t.Target); tc != nil && outs[i] != rules.Miss.String() {
			who, roll = g.absorber(tc, d, taken)
		}
		if who != "" {
			taken[who] = true
		}
		cohort = cohort || who != "" || roll > 0
		absorbed, absorbRolls = append(absorbed, who), append(absorbRolls, roll)
	}
	if !cohort {
		absorbed, absorbRolls = nil, nil
	}
	c := g.char(g.Attack.Attacker)
	left := 0
	if c != nil {
		left = c.rounds(g.Attack.Weapon)
		if w := data().rd.Weapon(g.Attack.Weapon); w != nil && w.Clip != nil {
			left = max(left-data().rd.Mode(g.Attack.Weapon, g.Attack.Mode).RoundsPerAction, 0)
		}
	}
	return one(EventAttackResolved, AttackResolved{Rolls: rolls, Outcomes: outs, Powers: powers, Rounds: left,
		Absorbed: absorbed, AbsorbRolls: absorbRolls, AppRolled: appRolled}, false)
}

func (g *state) decideProposeEnd(p int, d *console.Dice) ([]console.Event, error) {
	var es events
	es.add(EventEndProposed, EndVote{Player: p}, false)
	if g.standing() <= 1 {
		g.endNow(&es, d)
	}
	return es.done()
}

func (g *state) decideAgreeEnd(p int, d *console.Dice) ([]console.Event, error) {
	var es events
	es.add(EventEndAgreed, EndVote{Player: p}, false)
	all := true
	for i, o := range g.Players {
		if i != p && !o.EndAgreed && !o.panicked() {
			all = false
		}
	}
	if all {
		g.endNow(&es, d)
	}
	return es.done()
}

// endAgreed tells whether every player still in the game (not panicked)
// has agreed to end it.
func (g *state) endAgreed() bool {
	for _, o := range g.Players {
		if !o.EndAgreed && !o.panicked() {
			return false
		}
	}
	return true
}

// endNow resolves every team's outstanding hits and opens the objectives.
func (g *state) endNow(es *events, d *console.Dice) {
	ps := make([]int, len(g.Players))
	for i := range ps {
		ps[i] = i
	}
	es.add(EventResolution, g.resolve(ps, true, d), true)
}

func (g *state) decideObjective(p int, args console.Args) ([]console.Event, error) {
	id := strings.ToLower(strings.TrimSpace(args.String("objective")))
	role := g.scenario().Role(g.Players[p].Role)
	if role == nil || !contains(role.Objectives, id) {
		var objs, ids []string
		if role != nil {
			ids = role.Objectives
			for _, o := range role.Objectives {
				if x := data().rd.Objective(o); x != nil {
					objs = append(objs, x.Name)
				}
			}
		}
		return nil, console.RejectTry(console.ReasonNotFound, tryChoices(CmdMarkObj, "objective", ids), "that is not an objective of your role (its objectives are %s)", andList(objs, "and"))
	}
	o := data().rd.Objective(id)
	n := args.Int("count")
	if o.MaxCount > 0 && n > o.MaxCount {
		return nil, console.Reject("%s can be achieved at most %s", o.Name, times(o.MaxCount))
	}
	return one(EventObjectiveMarked, ObjectiveMarked{Player: p, Objective: id, Count: n}, false)
}

// points is a player's objective points.
func (g *state) points(p int) int {
	n := 0
	for _, o := range g.Players[p].Objectives {
		if x := data().rd.Objective(o.ID); x != nil {
			n += x.Points * o.Count
		}
	}
	return n
}

// placements ranks the players by objective points; ties share a place.
// Players whose team panicked are ranked after all the others (among
// themselves by their points): the rulebook says their game is over but
// does not rank them.
func (g *state) placements() []console.Placement {
	out := make([]console.Placement, len(g.Players))
	panicked := make([]bool, len(g.Players))
	idx := make([]int, len(g.Players))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		pa, pb := g.Players[idx[a]].panicked(), g.Players[idx[b]].panicked()
		if pa != pb {
			return pb
		}
		return g.points(idx[a]) > g.points(idx[b])
	})
	for k, i := range idx {
		p := g.Players[i]
		out[k] = console.Placement{Seat: console.Seat(p.Seat), Name: p.Seat, Score: g.points(i)}
		panicked[k] = p.panicked()
	}
	for i := range out {
		out[i].Place = i + 1
		if i > 0 && out[i].Score == out[i-1].Score && panicked[i] == panicked[i-1] {
			out[i].Place = out[i-1].Place
		}
	}
	return out
}
