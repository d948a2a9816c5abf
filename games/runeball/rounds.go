package runeball

import (
	"errors"
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/field"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// The rounds of play, as far as they are built (SPEC.md §2.9): free
// activations (F), the round start with initiative (S0), the next
// activation in order (W without its windows: blitzes and held actions
// are the next part), an activation's basic actions (A: stand, move,
// end-activation) and movement with sprint (M). Statuses are not yet kept
// on the field, so the modifiers of Slow (−2 INI, −1 MOVE) and the skip of
// a Stunned player wait for Flow WD; a round after the half's last stops
// where the end of the half will be built.

// Round-of-play commands (§2.7).
const (
	CmdFreeActivate  = "free-activate"
	CmdStand         = "stand"
	CmdMove          = "move"
	CmdEndActivation = "end-activation"
)

// Order entry statuses (§2.3).
const (
	EntryPending = "pending"
	EntryDone    = "done"
	EntrySkipped = "skipped"
)

// Activation kinds (§2.3).
const (
	KindNormal      = "normal"
	KindFree        = "free"
	KindKickoffFree = "kickoff-free"
)

// entry is a player's place in the round's order.
type entry struct {
	Player string `msgpack:"player"`
	Mod    int    `msgpack:"mod"`   // INI − 2 × Slow
	Score  int    `msgpack:"score"` // the first total (RB-D22)
	Keys   []int  `msgpack:"keys"`  // tie re-rolls
	Status string `msgpack:"status"`
}

// activation is the player acting now (§2.3).
type activation struct {
	Player string   `msgpack:"player"`
	Kind   string   `msgpack:"kind"`
	Halves int      `msgpack:"halves"`
	Move   *moveAct `msgpack:"move"`
	// Sprinted: the last move action sprinted (a block after it is at −2,
	// RB-F35).
	Sprinted bool `msgpack:"sprinted"`
	// Started: it has begun (a suspended activation resumes as it was).
	Started bool `msgpack:"started"`
	// Blitzed: a blitz was declared against this move (l. 101).
	Blitzed bool `msgpack:"blitzed"`
	// Ends: the acting player fumbled or lost the ball out of bounds; his
	// activation ends when the ball's resolution is done (RB-F50, T).
	Ends bool `msgpack:"ends"`
	// EndsWhy: "ball", "block" or "out".
	EndsWhy string `msgpack:"ends_why"`
}

// moveAct is the open move action (Flow M).
type moveAct struct {
	As        string     `msgpack:"as"` // half or full
	Allowance int        `msgpack:"allowance"`
	SprintMax int        `msgpack:"sprint_max"`
	Used      int        `msgpack:"used"`
	Half      field.Cell `msgpack:"half"` // the half-hex entered, zero if none
}

// initiatives are the order's entries as the pure functions take them.
func (g *state) initiatives() []Initiative {
	es := make([]Initiative, len(g.Order))
	for i, e := range g.Order {
		es[i] = Initiative{Player: e.Player, Mod: e.Mod, Score: e.Score, Keys: e.Keys}
	}
	return es
}

// next runs Flow W from the top: a queued free activation, else the next
// entry of the order, else a new round. It stops at the first thing that
// waits for a coach.
func (x *decider) next() {
	g := x.g
	if x.err != nil || g.Phase != PhasePlay || g.Current != nil || g.Prompt != nil {
		return
	}
	if len(g.FreeQueue) > 0 {
		t := g.FreeQueue[0].Team
		var opts []string
		for i, p := range g.Field[t].Pos {
			if p.OnField && !p.Out {
				opts = append(opts, roster.Slot{Team: teamID(t), N: i + 1}.String())
			}
		}
		x.askChoice(t, CmdFreeActivate, "take a free activation (free-activate player=ID, or none)", "free", flow{}, append(opts, "none")...)
		return
	}
	for _, e := range g.Order {
		if p, _, _ := g.place(e.Player); e.holding() && p != nil && p.St.Stun {
			// a Stunned holder loses his held action instead (RB-D39)
			x.emit(EvTurnSkipped, TurnSkipped{Player: e.Player})
			x.next()
			return
		}
	}
	if n := len(g.Suspended); n > 0 {
		c := g.Suspended[n-1]
		x.emit(EvSuspendedPopped, SuspendedPopped{Activation: c})
		if p, _, _ := g.place(c.Player); p == nil || !p.OnField || p.Out {
			// he went Out or left the field while he waited (O)
			if c.Started {
				x.emit(EvActivationEnded, ActivationEnded{Player: c.Player, Reason: "out"})
			}
			x.next()
			return
		}
		if p, _, _ := g.place(c.Player); !c.Started && p.St.Stun {
			// Stunned while he waited: the turn is skipped (W.2, RB-D39)
			x.emit(EvTurnSkipped, TurnSkipped{Player: c.Player})
			x.next()
			return
		}
		if !c.Started {
			x.candidate(c, "opp")
		}
		return
	}
	for _, e := range g.Order {
		if e.Status == EntryPending {
			if p, _, _ := g.place(e.Player); p.St.Stun {
				// a Stunned player's next normal turn is skipped (RB-D39)
				x.emit(EvTurnSkipped, TurnSkipped{Player: e.Player})
				x.next()
				return
			}
			x.candidate(activation{Player: e.Player, Kind: KindNormal, Halves: 2}, "opp")
			return
		}
	}
	for _, e := range g.Order {
		if e.holding() {
			// the end-of-round holder prompt (RB-D25), in initiative order
			x.emit(EvPrompt, PromptSet{Prompt: &prompt{Kind: PromptChoice, Team: teamOf(e.Player), Cmd: CmdUseHeld, Also: []string{CmdEndActivation},
				Held: []string{e.Player}, Text: fmt.Sprintf("the round's turns are over: %s uses his held action (use-held) or drops it (end-activation)", e.Player),
				Step: "holders", Flow: flow{Player: e.Player}}})
			return
		}
	}
	if g.Round >= g.RoundsPerHalf {
		x.endOfHalf()
		return
	}
	x.roundStart()
}

// roundStart is Flow S0: a new round and its initiative dice, one d12 per
// player on the field who is not Out, ids ascending.
func (x *decider) roundStart() {
	g := x.g
	var ids []string
	for _, t := range []int{Home, Away} {
		for i, p := range g.Field[t].Pos {
			if p.OnField && !p.Out {
				ids = append(ids, roster.Slot{Team: teamID(t), N: i + 1}.String())
			}
		}
	}
	x.emit(EvRoundStarted, RoundStarted{Round: g.Round + 1, Players: ids})
	if hurt := g.damaged(benched); len(hurt) > 0 {
		x.askHeal(hurt, "initiative") // bench healing (RB-D43)
		return
	}
	x.initiativeDice()
}

// initiativeDice asks one d12 per player of the new order (S0 step 3).
func (x *decider) initiativeDice() {
	g := x.g
	if len(g.Order) == 0 {
		x.next()
		return
	}
	ids := make([]string, len(g.Order))
	for i, e := range g.Order {
		ids[i] = e.Player
	}
	dice := make([]die, len(ids))
	for i, id := range ids {
		dice[i] = die{Sides: 12, Purpose: "initiative " + id}
	}
	x.askDice("initiative", flow{}, dice...)
}

// initiativeRolled records the first totals (S0 step 3) or a tie group's
// re-rolls (step 4), then asks for the next tie group or sets the order.
func (x *decider) initiativeRolled(step string, faces []int) error {
	g := x.g
	es := g.initiatives()
	if step == "initiative" {
		if len(faces) != len(es) {
			return fmt.Errorf("runeball: %d initiative dice for %d players", len(faces), len(es))
		}
		for i := range es {
			es[i].Score = faces[i] + es[i].Mod
		}
	} else {
		AddKeys(es, NextTieGroup(es), faces)
	}
	x.tieOrSet(es)
	return nil
}

// tieOrSet asks the next tie group's dice, or sets the order (S0 4–5).
func (x *decider) tieOrSet(es []Initiative) {
	if group := NextTieGroup(es); group != nil {
		x.emit(EvInitiativeRolled, InitiativeRolled{Entries: toEntries(es, EntryPending)})
		dice := make([]die, len(group))
		for i, id := range group {
			dice[i] = die{Sides: 12, Purpose: "initiative tie " + id}
		}
		x.askDice("initiative-tie", flow{}, dice...)
		return
	}
	SortInitiative(es)
	x.emit(EvOrderSet, InitiativeRolled{Entries: toEntries(es, "")})
	x.next()
}

func toEntries(es []Initiative, status string) []entry {
	out := make([]entry, len(es))
	for i, e := range es {
		st := status
		if st == "" {
			st = EntryPending
			if e.Skipped() {
				st = EntrySkipped
			}
		}
		out[i] = entry{Player: e.Player, Mod: e.Mod, Score: e.Score, Keys: append([]int(nil), e.Keys...), Status: st}
	}
	return out
}

// freeActivate answers the free-activation prompt (Flow F, RB-D26).
func (x *decider) freeActivate(a console.Args) error {
	g := x.g
	kind := KindFree
	if len(g.FreeQueue) > 0 && g.FreeQueue[0].Reason == "kickoff" {
		kind = KindKickoffFree
	}
	if v := strings.ToLower(strings.TrimSpace(a.String("player"))); v == "none" {
		x.emit(EvPrompt, PromptSet{})
		x.emit(EvFreeTaken, FreeTaken{Team: x.team})
		x.next()
		return nil
	}
	s, err := x.slotArg(a)
	if err != nil {
		return err
	}
	p, _, _ := g.place(s.String())
	switch {
	case p.Out:
		return console.Reject("%s is Out", s)
	case p.St.Stun:
		return console.Reject("%s is Stunned and cannot take a free activation (RB-D39)", s)
	case !p.OnField:
		return console.Reject("%s is not on the field", s)
	}
	x.emit(EvPrompt, PromptSet{})
	x.emit(EvFreeTaken, FreeTaken{Team: x.team, Player: s.String()})
	x.start(activation{Player: s.String(), Kind: kind, Halves: 2})
	return nil
}

// actor checks that the command's player is the acting player of the
// commanding seat (§2.7's order: acting player first).
func (x *decider) actor(a console.Args) (*activation, *pos, roster.Player, error) {
	g := x.g
	if g.Current == nil {
		return nil, nil, roster.Player{}, console.RejectWith(console.ReasonWrongPhase, "nobody is acting now")
	}
	s, err := roster.ParseSlot(a.String("player"))
	if err != nil {
		return nil, nil, roster.Player{}, console.RejectWith(console.ReasonBadInput, "%v", err)
	}
	if s.String() != g.Current.Player {
		return nil, nil, roster.Player{}, console.RejectWith(console.ReasonNotYourTurn, "%s is acting now, not %s", g.Current.Player, s)
	}
	p, pl, t := g.place(s.String())
	if t != x.team {
		return nil, nil, roster.Player{}, console.RejectWith(console.ReasonNotYourTurn, "%s is %s's player", s, teamName(t))
	}
	return g.Current, p, pl, nil
}

// stand gets a prone player up: a half action (RB-D31).
func (x *decider) stand(a console.Args) error {
	act, p, _, err := x.actor(a)
	if err != nil {
		return err
	}
	if !p.Prone {
		return console.Reject("%s is not prone", act.Player)
	}
	if act.Halves < 1 {
		return console.Reject("%s has no half action left", act.Player)
	}
	x.emit(EvStood, Stood{Player: act.Player})
	return nil
}

// move walks a path (Flow M, RB-F34, RB-F35, RB-F22, RB-D30).
func (x *decider) move(a console.Args) error {
	g := x.g
	act, p, pl, err := x.actor(a)
	if err != nil {
		return err
	}
	as := strings.TrimSpace(a.String("as"))
	if p.Prone {
		return console.Reject("%s is prone (stand first)", act.Player)
	}
	ev := Moved{Player: act.Player, As: as}
	m := moveAct{}
	switch as {
	case "":
		if act.Move == nil {
			return console.RejectTry(console.ReasonBadInput, CmdMove+" as=half|full", "say whether the move starts a half or a full move action")
		}
		m = *act.Move
	case "half":
		if act.Halves < 1 {
			return console.Reject("%s has no half action left", act.Player)
		}
		m = moveAct{As: as, Allowance: roster.HalfMove(max(0, pl.Derived().Move-p.St.Slow)), SprintMax: halfSprint}
	case "full":
		if act.Halves < 2 {
			if act.Halves == 1 {
				return console.Reject("%s has only a half action left", act.Player)
			}
			return console.Reject("%s has no half action left", act.Player)
		}
		m = moveAct{As: as, Allowance: max(0, pl.Derived().Move-p.St.Slow), SprintMax: fullSprint}
	default:
		return console.RejectWith(console.ReasonBadInput, "as must be half or full, not %q", as)
	}
	path, err := field.ParseList(a.String("path"))
	if err != nil {
		return console.RejectWith(console.ReasonBadInput, "path: %v", err)
	}
	half, err := field.CheckPath(p.Cell, path, m.Half, func(_ int, c field.Cell) error {
		if o := g.occupant(c); o != "" && o != act.Player {
			return fmt.Errorf("%s is occupied by %s", c, o)
		}
		return nil
	})
	if err != nil {
		var pe *field.PathError
		if errors.As(err, &pe) && pe.Problem == field.PathHalfHex {
			return console.Reject("%s may use only one half-hex in a move (l. 40): %s and %s", act.Player, pe.From, pe.To)
		}
		return console.Reject("%v", err)
	}
	if n := m.Used + len(path); n > m.Allowance+m.SprintMax {
		return console.Reject("%s can move %d hexes in a %s move, %d with sprint (l. 113–117): path of %d", act.Player, m.Allowance, m.As, m.Allowance+m.SprintMax, n)
	}
	if g.Ball.Holder == act.Player {
		for i, c := range path {
			if field.Scores(field.Team(x.team), c) {
				path = path[:i+1] // he scores there; the rest is not walked (Flow M)
				break
			}
		}
	}
	sprint := max(0, m.Used+len(path)-m.Allowance) - max(0, m.Used-m.Allowance)
	ev.Path, ev.Half, ev.Allowance, ev.SprintMax, ev.Sprint = path, half, m.Allowance, m.SprintMax, sprint
	x.emit(EvMoved, ev)
	if sprint > 0 {
		dice := make([]die, sprint)
		for i := range dice {
			dice[i] = die{Sides: 4, Purpose: "sprint exertion " + act.Player}
		}
		x.askDice("sprint", flow{Player: act.Player}, dice...)
		return nil
	}
	x.touchdown()
	return nil
}

// sprintRolled costs the sprint's exertion: 1d4 HP per hex (RB-F42).
func (x *decider) sprintRolled(f flow, faces []int) {
	x.emit(EvExertionSpent, ExertionSpent{Player: f.Player, Points: len(faces), D4: faces, Purpose: "sprint"})
	if !x.touchdown() {
		x.resolved()
	}
}

// endActivation ends the acting player's activation; the rest is lost.
func (x *decider) endActivation(a console.Args) error {
	if p := x.g.Prompt; p != nil && p.Step == "holders" {
		return x.dropHeld(a)
	}
	act, _, _, err := x.actor(a)
	if err != nil {
		return err
	}
	x.emit(EvActivationEnded, ActivationEnded{Player: act.Player, Reason: "ended"})
	x.next()
	return nil
}

// Round-of-play events (§2.8).
const (
	EvRoundStarted      = "round-started"
	EvInitiativeRolled  = "initiative-rolled"
	EvOrderSet          = "order-set"
	EvFreeTaken         = "free-activation-taken"
	EvActivationStarted = "activation-started"
	EvActivationEnded   = "activation-ended"
	EvStood             = "stood"
	EvMoved             = "moved"
	EvSuspendedPopped   = "suspended-popped"
	EvTurnSkipped       = "turn-skipped"
)

type (
	// RoundStarted opens a round: the players who roll initiative.
	RoundStarted struct {
		Round   int      `msgpack:"round"`
		Players []string `msgpack:"players"`
	}
	// InitiativeRolled is the order so far (totals and tie keys); the
	// same payload, sorted, is the order set.
	InitiativeRolled struct {
		Entries []entry `msgpack:"entries"`
	}
	// FreeTaken takes (Player) or declines (empty) the first queued free
	// activation.
	FreeTaken struct {
		Team   int    `msgpack:"team"`
		Player string `msgpack:"player"`
	}
	// ActivationStarted starts a player's activation.
	ActivationStarted struct {
		Player  string `msgpack:"player"`
		Kind    string `msgpack:"kind"`
		Halves  int    `msgpack:"halves"`
		Blitzed bool   `msgpack:"blitzed"`
	}
	// TurnSkipped: a Stunned player loses his turn; the Stun goes.
	TurnSkipped struct {
		Player string `msgpack:"player"`
	}
	// SuspendedPopped takes the top suspended activation: a started one
	// resumes as it was; another is the next candidate.
	SuspendedPopped struct {
		Activation activation `msgpack:"activation"`
	}
	// ActivationEnded ends it.
	ActivationEnded struct {
		Player string `msgpack:"player"`
		Reason string `msgpack:"reason"`
	}
	// Stood gets a prone player up.
	Stood struct {
		Player string `msgpack:"player"`
	}
	// Moved is a path walked; As opens a move action ("" continues it).
	Moved struct {
		Player    string       `msgpack:"player"`
		As        string       `msgpack:"as"`
		Path      []field.Cell `msgpack:"path"`
		Half      field.Cell   `msgpack:"half"`
		Allowance int          `msgpack:"allowance"`
		SprintMax int          `msgpack:"sprint_max"`
		Sprint    int          `msgpack:"sprint"`
	}
)

// applyRounds folds the round-of-play events.
func (g *state) applyRounds(e console.Event) error {
	dec := func(v any) error { return console.Decode(e.Data, v) }
	acting := func(id string) (*pos, error) {
		if g.Current == nil || g.Current.Player != id {
			return nil, fmt.Errorf("%s is not acting", id)
		}
		p, _, _ := g.place(id)
		return p, nil
	}
	switch e.Type {
	case EvRoundStarted:
		var p RoundStarted
		if err := dec(&p); err != nil {
			return err
		}
		if p.Round != g.Round+1 {
			return fmt.Errorf("round %d after round %d", p.Round, g.Round)
		}
		g.Round = p.Round
		g.Order = nil
		for t := range g.Field {
			for i := range g.Field[t].Pos {
				g.Field[t].Pos[i].DefUses = [2]int{}
			}
		}
		for _, id := range p.Players {
			pl, sheet, t := g.place(id)
			if pl == nil || t < 0 {
				return fmt.Errorf("no player %q", id)
			}
			g.Order = append(g.Order, entry{Player: id, Mod: sheet.Derived().INI - 2*pl.St.Slow, Status: EntryPending})
		}
	case EvInitiativeRolled, EvOrderSet:
		var p InitiativeRolled
		if err := dec(&p); err != nil {
			return err
		}
		if len(p.Entries) != len(g.Order) {
			return fmt.Errorf("%d entries for an order of %d", len(p.Entries), len(g.Order))
		}
		g.Order = p.Entries
	case EvFreeTaken:
		var p FreeTaken
		if err := dec(&p); err != nil {
			return err
		}
		if len(g.FreeQueue) == 0 || g.FreeQueue[0].Team != p.Team {
			return fmt.Errorf("no free activation of team %d queued", p.Team)
		}
		g.FreeQueue = g.FreeQueue[1:]
	case EvActivationStarted:
		var p ActivationStarted
		if err := dec(&p); err != nil {
			return err
		}
		if g.Current != nil {
			return fmt.Errorf("%s is already acting", g.Current.Player)
		}
		if pl, _, t := g.place(p.Player); pl == nil || t < 0 {
			return fmt.Errorf("no player %q", p.Player)
		}
		if p.Halves < 0 || p.Halves > 2 {
			return fmt.Errorf("%d halves", p.Halves)
		}
		g.Current = &activation{Player: p.Player, Kind: p.Kind, Halves: p.Halves, Started: true, Blitzed: p.Blitzed}
	case EvTurnSkipped:
		var p TurnSkipped
		if err := dec(&p); err != nil {
			return err
		}
		pl, _, t := g.place(p.Player)
		en := g.entryOf(p.Player)
		if pl == nil || t < 0 || en == nil {
			return fmt.Errorf("no entry for %q", p.Player)
		}
		pl.St.Stun, en.Status = false, EntryDone // a held action is lost with it
	case EvSuspendedPopped:
		var p SuspendedPopped
		if err := dec(&p); err != nil {
			return err
		}
		n := len(g.Suspended)
		if n == 0 || g.Suspended[n-1].Player != p.Activation.Player {
			return fmt.Errorf("%s is not suspended on top", p.Activation.Player)
		}
		top := g.Suspended[n-1]
		g.Suspended = g.Suspended[:n-1]
		if top.Started {
			if g.Current != nil {
				return fmt.Errorf("%s is already acting", g.Current.Player)
			}
			g.Current = &top
		}
	case EvActivationEnded:
		var p ActivationEnded
		if err := dec(&p); err != nil {
			return err
		}
		if _, err := acting(p.Player); err != nil {
			return err
		}
		if en := g.entryOf(p.Player); en != nil && g.Current.Kind == KindNormal && en.Status == EntryPending {
			switch {
			case p.Reason == "hold" && g.Current.Halves == 2:
				en.Status = EntryHoldingFul
			case p.Reason == "hold":
				en.Status = EntryHoldingHlf
			default:
				en.Status = EntryDone
			}
		}
		g.Current = nil
	case EvStood:
		var p Stood
		if err := dec(&p); err != nil {
			return err
		}
		pl, err := acting(p.Player)
		if err != nil {
			return err
		}
		pl.Prone = false
		g.Current.Halves--
		g.Current.Move = nil
	case EvMoved:
		var p Moved
		if err := dec(&p); err != nil {
			return err
		}
		pl, err := acting(p.Player)
		if err != nil {
			return err
		}
		if len(p.Path) == 0 {
			return errors.New("empty path")
		}
		act := g.Current
		switch p.As {
		case "half":
			act.Halves--
			act.Move = &moveAct{As: p.As, Allowance: p.Allowance, SprintMax: p.SprintMax}
			act.Sprinted = false
		case "full":
			act.Halves -= 2
			act.Move = &moveAct{As: p.As, Allowance: p.Allowance, SprintMax: p.SprintMax}
			act.Sprinted = false
		case "":
			if act.Move == nil {
				return errors.New("no open move")
			}
		default:
			return fmt.Errorf("move as %q", p.As)
		}
		if act.Halves < 0 {
			return errors.New("more halves than the activation has")
		}
		act.Move.Used += len(p.Path)
		act.Move.Half = p.Half
		if p.Sprint > 0 {
			act.Sprinted = true
		}
		pl.Cell = p.Path[len(p.Path)-1]
		if g.Ball.Holder == p.Player {
			g.Ball.Cell = pl.Cell
		}
	default:
		return fmt.Errorf("unknown event type %q", e.Type)
	}
	return nil
}
