package landsofruin

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
)

// Phase undo by consent (rulebook "Menu": "undo an accidental game phase
// change"; facts §1.9).
//
// The engine's own undo (console.Session.Undo) takes back one command and
// stops at barriers; a phase change is taken back here instead, as a rules
// event. When the current player ends the Action phase (→ Sync) or the
// Command phase (→ Environment), the phase-ended event carries the whole
// state as it stood just before the change (the mark), encoded by Decide,
// and Apply keeps those bytes (Marked): replaying the event copies bytes,
// not the state, and the mark is decoded only when an undo is approved.
// (Events recorded before the event carried the mark have Apply copy the
// state, as it did then: Mark.) In the Sync or Environment phase
// that follows, the current player may ask to take the change back
// (request-undo); every other player must approve (approve-undo); any one
// denying (deny-undo, which the asker may use to withdraw) drops the
// request. On the last approval the phase-rewound event restores the mark:
// the game is back in the phase that was ended, as it stood when it was
// ended. Everything done in the undone phase is gone (moves, Rotter
// entries, a plan of the Rotters' AI); a plan is kept aside and re-used
// when the phase is entered again, so nobody can re-roll the Rotters
// (facts §1.9).
//
// The other phase changes cannot be undone: ending the Sync phase resolves
// damage in secret and ending the Environment phase rolls the Environment
// attacks and the detections, dice no player may take back. The rewind is
// an undo barrier, and while a request is open the current player's
// commands wait.

// UndoVote is the payload of phase-undo-requested, phase-undo-approved and
// phase-undo-denied.
type UndoVote struct {
	Player int `msgpack:"player"`
	// Command: the request takes back the asker's last command
	// (undoconsent.go), not a phase change.
	Command bool `msgpack:"command,omitempty"`
}

// Rewound is the payload of phase-rewound: the phase the game returns to.
type Rewound struct {
	Player int    `msgpack:"player"`
	From   string `msgpack:"from"`
	To     string `msgpack:"to"`
}

// clone returns a deep copy of the state, without its mark.
func (g *state) clone() (*state, error) {
	b, err := g.encodeMark()
	if err != nil {
		return nil, err
	}
	return decodeMark(b)
}

// encodeMark encodes the state without its mark, for a phase-ended event.
func (g *state) encodeMark() ([]byte, error) {
	c := *g
	c.Mark, c.Marked = nil, nil
	b, err := console.Encode(&c)
	if err != nil {
		return nil, fmt.Errorf("landsofruin: the state before the phase change: %w", err)
	}
	return b, nil
}

// decodeMark decodes a state encoded by encodeMark.
func decodeMark(b []byte) (*state, error) {
	var c state
	if err := console.Decode(b, &c); err != nil {
		return nil, fmt.Errorf("landsofruin: the state before the phase change: %w", err)
	}
	return &c, nil
}

// marked reports whether a phase change can be rewound to.
func (g *state) marked() bool { return g.Mark != nil || len(g.Marked) > 0 }

// markedPhase is the phase the mark was taken in: the one before the
// current (the mark is made on entering the Sync or Environment phase and
// dropped when that phase ends).
func (g *state) markedPhase() string {
	switch {
	case g.Mark != nil:
		return g.Mark.Phase
	case g.Phase == PhaseSync:
		return PhaseAction
	case g.Phase == PhaseEnvironment:
		return PhaseCommand
	}
	return ""
}

// undoPhases are the phases a phase change into can be undone from.
func undoable(phase string) bool { return phase == PhaseSync || phase == PhaseEnvironment }

// gateUndo checks the phase-undo commands.
func (g *state) gateUndo(p int, name string) error {
	switch name {
	case CmdRequestUndo:
		if g.UndoBy == 0 && g.takeBackOf(p) {
			return nil
		}
		if err := g.gatePhaseUndo(p); err != nil && g.UndoBy == 0 {
			return console.Reject("%v; and your last command cannot be taken back by consent (only your own last command that others saw)", err)
		} else if err != nil {
			return err
		}
		return nil
	case CmdApproveUndo:
		if g.UndoBy == 0 {
			return console.RejectTry(console.ReasonNotAllowed, CmdRequestUndo, "nobody has asked to undo anything")
		}
		if g.UndoBy-1 == p {
			return console.Reject("%s asked for the undo: the other players approve it", g.Players[p].Seat)
		}
		if g.Players[p].UndoApproved {
			return console.Reject("%s has already approved the undo", g.Players[p].Seat)
		}
		return nil
	case CmdDenyUndo:
		if g.UndoBy == 0 {
			return console.RejectTry(console.ReasonNotAllowed, CmdRequestUndo, "nobody has asked to undo anything")
		}
		return nil
	}
	return console.Reject("unknown command %q", name)
}

// gatePhaseUndo checks a request to undo the phase change.
func (g *state) gatePhaseUndo(p int) error {
	if !g.battle() {
		return console.Reject("a phase change can be undone during the battle; %s", g.prompt())
	}
	if g.current() != p {
		return console.Reject("only the current player (%s) can ask to undo the phase change", g.seat(g.current()))
	}
	if g.UndoBy != 0 {
		return console.RejectTry(console.ReasonNeedsConsent, CmdApproveUndo+" or "+CmdDenyUndo, "%s has already asked to undo the phase change: approve or deny it", g.seat(g.UndoBy-1))
	}
	if !undoable(g.Phase) || !g.marked() {
		return console.Reject("it is %s: only the change into the Sync or the Environment phase can be undone (damage, Rotter and detection dice are never taken back)", phaseName(g.Phase))
	}
	return nil
}

// decideRequestUndo asks to take back the asker's last command (what
// "command", undoconsent.go) or to undo the phase change ("phase"); by
// default the last command when it can be taken back.
func (g *state) decideRequestUndo(p int, what string) ([]console.Event, error) {
	command := what == "command" || what == "" && g.takeBackOf(p)
	switch {
	case command && !g.takeBackOf(p):
		return nil, console.Reject("your last command cannot be taken back by consent: it is not the game's last, only you saw it (undo it yourself), or it drew dice in secret")
	case !command:
		if err := g.gatePhaseUndo(p); err != nil {
			return nil, err
		}
	}
	var es events
	es.add(EventUndoRequested, UndoVote{Player: p, Command: command}, false)
	if g.allApprovedBut(p, p) {
		if command {
			g.takeBack(&es, p)
		} else {
			g.rewind(&es, p)
		}
	}
	return es.done()
}

func (g *state) decideApproveUndo(p int) ([]console.Event, error) {
	var es events
	es.add(EventUndoApproved, UndoVote{Player: p}, false)
	if g.allApprovedBut(g.UndoBy-1, p) {
		g.rewind(&es, g.UndoBy-1)
	}
	return es.done()
}

// allApprovedBut reports whether every player but the asker has approved,
// counting p's approval.
func (g *state) allApprovedBut(asker, p int) bool {
	for i, o := range g.Players {
		if i != asker && i != p && !o.UndoApproved {
			return false
		}
	}
	return true
}

func (g *state) rewind(es *events, asker int) {
	if g.UndoCommand {
		g.takeBack(es, asker)
		return
	}
	es.add(EventPhaseRewound, Rewound{Player: asker, From: g.Phase, To: g.markedPhase()}, true)
}

// markPhase keeps the state before a phase change that may be undone:
// the phase-ended event's encoded mark, or, for an event recorded
// without one, a copy of the state.
func (g *state) markPhase(mark []byte) error {
	if len(mark) > 0 {
		g.Mark, g.Marked = nil, mark
		return nil
	}
	m, err := g.clone()
	if err != nil {
		return err
	}
	g.Mark, g.Marked = m, nil
	return nil
}

// applyRewind restores the mark; the Rotter plan of the undone phase is
// kept aside for when the phase is entered again.
func (g *state) applyRewind() error {
	if !g.marked() {
		return fmt.Errorf("no phase change to undo")
	}
	m := g.Mark
	if m == nil {
		var err error
		if m, err = decodeMark(g.Marked); err != nil {
			return err
		}
	}
	plan := g.Plan
	if plan != nil && g.hasWorld() {
		// The living world's plan is kept with the world it made, so
		// the phase, entered again, re-uses both (world.go).
		w, err := g.currentWorld()
		if err != nil {
			return err
		}
		p := *plan
		p.World = &w
		plan = &p
	}
	if plan == nil {
		plan = g.ReusePlan
	}
	*g = *m
	g.ReusePlan = plan
	g.UndoBy = 0
	for i := range g.Players {
		g.Players[i].UndoApproved = false
	}
	return nil
}

// clearUndo drops an open request and its approvals.
func (g *state) clearUndo() {
	g.UndoBy, g.UndoCommand = 0, false
	for i := range g.Players {
		g.Players[i].UndoApproved = false
	}
}
