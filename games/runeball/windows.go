package runeball

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// Flow W's windows (RB-D23…RB-D25): before a candidate starts, his
// opponents may blitz him or preempt him with a held action, then his own
// team may preempt him with a held action; a preempted or blitzed
// candidate is suspended and runs later, last in first out. A window opens
// only when its team has a legal blitzer or a holder, and never for a
// team that chose `windows mode=pass`.

// Window and holding commands (§2.7).
const (
	CmdLetAct  = "let-act"
	CmdBlitz   = "blitz"
	CmdUseHeld = "use-held"
	CmdHold    = "hold"
	CmdWindows = "windows"
)

// More activation kinds and entry statuses (§2.3).
const (
	KindBlitz       = "blitz"
	KindHeldFull    = "held-full"
	KindHeldHalf    = "held-half"
	EntryHoldingFul = "holding-full"
	EntryHoldingHlf = "holding-half"
)

// Window modes (RB-D23).
const (
	WindowsAsk  = "ask"
	WindowsPass = "pass"
)

// entryOf is the order entry of a player, or nil.
func (g *state) entryOf(id string) *entry {
	for i := range g.Order {
		if g.Order[i].Player == id {
			return &g.Order[i]
		}
	}
	return nil
}

// holding reports whether an entry holds an action.
func (e *entry) holding() bool {
	return e != nil && (e.Status == EntryHoldingFul || e.Status == EntryHoldingHlf)
}

// teamOf is the team index of a player id.
func teamOf(id string) int {
	s, err := roster.ParseSlot(id)
	if err != nil {
		return -1
	}
	return teamIndex(s.Team)
}

// blitzers are team t's players who may blitz candidate c (RB-D24): a
// pending entry, on the field, not Out, not carrying the ball, initiative
// score at least c's − 3. None against a blitz or a candidate already
// blitzed (RB-F40, l. 101).
func (g *state) blitzers(t int, c activation) []string {
	if c.Kind == KindBlitz || c.Blitzed || c.Kind == KindFree || c.Kind == KindKickoffFree {
		return nil
	}
	ce := g.entryOf(c.Player)
	if ce == nil {
		return nil
	}
	var out []string
	for _, e := range g.Order {
		if teamOf(e.Player) != t || e.Status != EntryPending {
			continue
		}
		p, _, _ := g.place(e.Player)
		if p == nil || !p.OnField || p.Out || p.St.Stun || g.Ball.Holder == e.Player || e.Score < ce.Score-3 {
			continue
		}
		out = append(out, e.Player)
	}
	return out
}

// holders are team t's players holding an action, in order, but not id.
func (g *state) holders(t int, not string) []string {
	var out []string
	for i := range g.Order {
		e := &g.Order[i]
		if teamOf(e.Player) == t && e.holding() && e.Player != not {
			out = append(out, e.Player)
		}
	}
	return out
}

// candidate runs Flow W steps 3–5 for c: the opponents' window, then the
// own team's, then c starts.
func (x *decider) candidate(c activation, step string) {
	g := x.g
	t := teamOf(c.Player)
	if step == "opp" {
		o := 1 - t
		bl, hd := g.blitzers(o, c), g.holders(o, "")
		if (len(bl) > 0 || len(hd) > 0) && g.Windows[o] != WindowsPass {
			also := []string{}
			if len(bl) > 0 {
				also = append(also, CmdBlitz)
			}
			if len(hd) > 0 {
				also = append(also, CmdUseHeld)
			}
			x.emit(EvPrompt, PromptSet{Prompt: &prompt{Kind: PromptChoice, Team: o, Cmd: CmdLetAct, Also: also, Blitz: bl, Held: hd,
				Text: fmt.Sprintf("%s is about to act: %s, or let-act", c.Player, strings.Join(also, " or ")), Step: "window-opp", Flow: flow{Cand: c}}})
			return
		}
	}
	if hd := g.holders(t, c.Player); len(hd) > 0 && g.Windows[t] != WindowsPass {
		x.emit(EvPrompt, PromptSet{Prompt: &prompt{Kind: PromptChoice, Team: t, Cmd: CmdLetAct, Also: []string{CmdUseHeld}, Held: hd,
			Text: fmt.Sprintf("%s is about to act: use-held, or let-act", c.Player), Step: "window-own", Flow: flow{Cand: c}}})
		return
	}
	x.start(c)
}

// letAct closes a window: the candidate goes on to the next step.
func (x *decider) letAct() error {
	p := x.g.Prompt
	x.emit(EvPrompt, PromptSet{})
	if p.Step == "window-opp" {
		x.candidate(p.Flow.Cand, "own")
	} else {
		x.start(p.Flow.Cand)
	}
	return nil
}

// blitz declares a blitz against the window's candidate (RB-F39, RB-D24).
func (x *decider) blitz(a console.Args) error {
	g := x.g
	p := g.Prompt
	s, err := x.slotArg(a)
	if err != nil {
		return err
	}
	id := s.String()
	c := p.Flow.Cand
	if p.Step != "window-opp" {
		return console.Reject("only the opponents of the player about to act may blitz")
	}
	if c.Kind == KindBlitz {
		return console.Reject("a blitzer cannot be blitzed (l. 138)")
	}
	if c.Blitzed {
		return console.Reject("%s's move has already been blitzed once (l. 101)", c.Player)
	}
	e := g.entryOf(id)
	pl, _, _ := g.place(id)
	ce := g.entryOf(c.Player)
	switch {
	case e == nil || !pl.OnField:
		return console.Reject("%s is not on the field", id)
	case pl.Out:
		return console.Reject("%s is Out", id)
	case pl.St.Stun:
		return console.Reject("%s is Stunned", id)
	case g.Ball.Holder == id:
		return console.Reject("the ball carrier may never blitz (l. 140)")
	case e.holding():
		return console.Reject("%s is holding: use use-held", id)
	case e.Status != EntryPending:
		return console.Reject("%s has already acted this round", id)
	case ce != nil && e.Score < ce.Score-3:
		return console.Reject("%s's initiative %d is more than 3 below %s's %d (l. 136)", id, e.Score, c.Player, ce.Score)
	}
	x.emit(EvPrompt, PromptSet{})
	c.Blitzed = true
	x.emit(EvBlitzDeclared, BlitzDeclared{Player: id, Against: c})
	// the blitzer's opponents may preempt him with a held action, never
	// blitz him (RB-F40)
	x.candidate(activation{Player: id, Kind: KindBlitz, Halves: 2}, "opp")
	return nil
}

// useHeld spends a held action: in the opponents' window by a roll-off
// (RB-F38, RB-D25), in the own window automatically, at the end-of-round
// holder prompt at once.
func (x *decider) useHeld(a console.Args) error {
	g := x.g
	p := g.Prompt
	s, err := x.slotArg(a)
	if err != nil {
		return err
	}
	id := s.String()
	e := g.entryOf(id)
	if !e.holding() {
		return console.Reject("%s holds no action", id)
	}
	if p.Step == "holders" && p.Flow.Player != id {
		return console.Reject("%s is asked first (initiative order)", p.Flow.Player)
	}
	held := heldActivation(e)
	x.emit(EvPrompt, PromptSet{})
	switch p.Step {
	case "window-opp":
		c := p.Flow.Cand
		x.askDice("rolloff", flow{Player: id, Cand: c}, die{Sides: 12, Purpose: "roll-off " + id}, die{Sides: 12, Purpose: "roll-off " + c.Player})
	case "window-own":
		x.emit(EvHeldUsed, HeldUsed{Player: id, Preempts: &p.Flow.Cand})
		x.candidate(held, "opp")
	default: // the end-of-round holder prompt
		x.emit(EvHeldUsed, HeldUsed{Player: id})
		x.candidate(held, "opp")
	}
	return nil
}

// heldActivation is the activation a held entry gives (RB-D25).
func heldActivation(e *entry) activation {
	if e.Status == EntryHoldingHlf {
		return activation{Player: e.Player, Kind: KindHeldHalf, Halves: 1}
	}
	return activation{Player: e.Player, Kind: KindHeldFull, Halves: 2}
}

// rolledOff settles a holder's roll-off against the candidate: d12 +
// INI each, +3 for a blitzer (RB-D24); equal totals roll again.
func (x *decider) rolledOff(f flow, faces []int) error {
	g := x.g
	if !g.entryOf(f.Player).holding() {
		return fmt.Errorf("runeball: %s holds no action for the roll-off", f.Player)
	}
	_, hp, _ := g.place(f.Player)
	_, cp, _ := g.place(f.Cand.Player)
	hpos, _, _ := g.place(f.Player)
	cpos, _, _ := g.place(f.Cand.Player)
	h, c := faces[0]+hp.Derived().INI-2*hpos.St.Slow, faces[1]+cp.Derived().INI-2*cpos.St.Slow // RB-D25
	if f.Cand.Kind == KindBlitz {
		c += 3
	}
	if h == c {
		x.askDice("rolloff", f, die{Sides: 12, Purpose: "roll-off again " + f.Player}, die{Sides: 12, Purpose: "roll-off again " + f.Cand.Player})
		return nil
	}
	held := heldActivation(g.entryOf(f.Player))
	if h > c {
		x.emit(EvHeldUsed, HeldUsed{Player: f.Player, Preempts: &f.Cand, Total: h, Against: c, Won: true})
		x.candidate(held, "opp")
		return nil
	}
	// the holder acts right after the candidate (l. 124)
	x.emit(EvHeldUsed, HeldUsed{Player: f.Player, Total: h, Against: c, After: &f.Cand})
	x.candidate(f.Cand, "own")
	return nil
}

// hold keeps the rest of a normal turn for later in the round (RB-D25).
func (x *decider) hold(a console.Args) error {
	act, _, _, err := x.actor(a)
	if err != nil {
		return err
	}
	if act.Kind != KindNormal {
		return console.Reject("only a player's own turn can be held (this is a %s activation)", act.Kind)
	}
	if act.Halves < 1 {
		return console.Reject("%s has no action left to hold", act.Player)
	}
	x.emit(EvActivationEnded, ActivationEnded{Player: act.Player, Reason: "hold"})
	x.next()
	return nil
}

// dropHeld answers the end-of-round holder prompt with end-activation.
func (x *decider) dropHeld(a console.Args) error {
	p := x.g.Prompt
	s, err := x.slotArg(a)
	if err != nil {
		return err
	}
	if s.String() != p.Flow.Player {
		return console.Reject("%s is asked first (initiative order)", p.Flow.Player)
	}
	x.emit(EvPrompt, PromptSet{})
	x.emit(EvHeldDropped, HeldDropped{Player: s.String()})
	x.next()
	return nil
}

// windows sets a team's window mode; pass answers the team's open
// window with let-act.
func (x *decider) windows(a console.Args) error {
	x.emit(EvWindowsSet, WindowsSet{Team: x.team, Mode: a.String("mode")})
	if p := x.g.Prompt; p != nil && p.Cmd == CmdLetAct && p.Team == x.team && a.String("mode") == WindowsPass {
		return x.letAct()
	}
	return nil
}

// Window events (§2.8).
const (
	EvBlitzDeclared = "blitz-declared"
	EvHeldUsed      = "held-used"
	EvHeldDropped   = "held-dropped"
	EvWindowsSet    = "windows-set"
)

type (
	// BlitzDeclared: Player blitzes; Against is suspended, not started,
	// marked as blitzed.
	BlitzDeclared struct {
		Player  string     `msgpack:"player"`
		Against activation `msgpack:"against"`
	}
	// HeldUsed spends a held action. Preempts: the candidate suspended
	// (the holder acts first); After: the candidate who won the roll-off
	// (the holder is suspended below him). Total and Against: the
	// roll-off's totals.
	HeldUsed struct {
		Player   string      `msgpack:"player"`
		Preempts *activation `msgpack:"preempts"`
		After    *activation `msgpack:"after"`
		Total    int         `msgpack:"total"`
		Against  int         `msgpack:"against"`
		Won      bool        `msgpack:"won"`
	}
	// HeldDropped: a holder lets his held action expire.
	HeldDropped struct {
		Player string `msgpack:"player"`
	}
	// WindowsSet is a team's window mode.
	WindowsSet struct {
		Team int    `msgpack:"team"`
		Mode string `msgpack:"mode"`
	}
)

// applyWindows folds the window events.
func (g *state) applyWindows(e console.Event) error {
	dec := func(v any) error { return console.Decode(e.Data, v) }
	done := func(id string) error {
		en := g.entryOf(id)
		if en == nil {
			return fmt.Errorf("%s has no entry", id)
		}
		en.Status = EntryDone
		return nil
	}
	suspend := func(a *activation) {
		if a != nil {
			s := *a
			s.Started = false
			g.Suspended = append(g.Suspended, s)
		}
	}
	switch e.Type {
	case EvBlitzDeclared:
		var p BlitzDeclared
		if err := dec(&p); err != nil {
			return err
		}
		suspend(&p.Against)
		return done(p.Player)
	case EvHeldUsed:
		var p HeldUsed
		if err := dec(&p); err != nil {
			return err
		}
		if !g.entryOf(p.Player).holding() {
			return fmt.Errorf("%s holds no action", p.Player)
		}
		held := heldActivation(g.entryOf(p.Player))
		if p.After != nil {
			suspend(&held) // runs right after the candidate
		}
		suspend(p.Preempts)
		return done(p.Player)
	case EvHeldDropped:
		var p HeldDropped
		if err := dec(&p); err != nil {
			return err
		}
		return done(p.Player)
	case EvWindowsSet:
		var p WindowsSet
		if err := dec(&p); err != nil {
			return err
		}
		if p.Team != Home && p.Team != Away || p.Mode != WindowsAsk && p.Mode != WindowsPass {
			return fmt.Errorf("windows %d %q", p.Team, p.Mode)
		}
		g.Windows[p.Team] = p.Mode
	default:
		return fmt.Errorf("unknown event type %q", e.Type)
	}
	return nil
}
