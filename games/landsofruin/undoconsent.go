package landsofruin

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
)

// Undo of what another seat has seen, by consent (DESIGN.md §4; rulebook
// "Menu": undo; facts §1.9).
//
// The engine's undo (console.Session.Undo) takes back a seat's last command
// by truncating the log. A command whose events another seat could see (a
// line of its history, or any change in its view: a move, an attack's dice,
// a declared attack …) is not the commanding seat's alone to take back:
// Undoable refuses it with console.ReasonNeedsConsent and says how to ask.
// The engine cannot do it after a consent either (the consent is a command
// of its own, the log's last), so the take-back is a rules event, like the
// phase undo (undo.go): before each command Apply keeps the state as it
// stood (the command mark, Prev); the seat asks with request-undo, every
// other player approves (approve-undo; deny-undo drops the request), and
// the last approval's command-undone event restores the mark. The
// command-undone event is an undo barrier, like phase-rewound.
//
// Not marked, so taken back by the engine alone: commands only their seat
// sees (assign, unassign, shortcut, infiltrate). Never taken back: commands
// with a barrier (hidden dice, reveals), and the phase changes into the
// Sync and the Environment phase, which the phase undo takes back (it keeps
// the Rotter plan, so nobody re-rolls the Rotters). Only the last command
// can be taken back this way; votes on a request leave its mark alone.

// EventCommandUndone is the event of a command taken back by consent.
const EventCommandUndone = "command-undone"

// cmdMark is the state just before a command other seats may see: the
// command's id, its player index and the encoded state without its marks
// and its world, which are kept as they were (Apply replaces them, never
// changes them in place), so a mark costs an encoding of the characters
// and players only.
type cmdMark struct {
	Cmd    string `msgpack:"cmd"`
	Player int    `msgpack:"player"`
	State  []byte `msgpack:"state"`
	Mark   *state `msgpack:"mark,omitempty"`
	World  []byte `msgpack:"world,omitempty"`
}

// Undone is the payload of command-undone: the player whose last command
// is taken back, and its command id.
type Undone struct {
	Player int    `msgpack:"player"`
	Cmd    string `msgpack:"cmd"`
}

// privateEvents are events no other seat is told of: a command that begins
// with one is undone by the engine without consent.
var privateEvents = map[string]bool{EventAssigned: true, EventUnassigned: true, EventShortcut: true, EventInfiltrated: true}

// undoVote: an event of the undo votes, which leave the mark alone.
func undoVote(typ string) bool {
	return typ == EventUndoRequested || typ == EventUndoApproved || typ == EventUndoDenied
}

// markCommand keeps, before the first event of each command, the state
// the command may be taken back to (Prev), and drops it when the command
// is not to be taken back by consent.
func (g *state) markCommand(e console.Event) error {
	if e.Cmd != "" && e.Cmd == g.LastCmd {
		// A later event of the same command: a barrier in it (a reveal,
		// dice drawn in secret) makes the whole command final.
		if e.Barrier && e.Type != EventCommandUndone && e.Type != EventPhaseRewound {
			g.Prev = nil
		}
		return nil
	}
	g.LastCmd = e.Cmd
	if undoVote(e.Type) {
		return nil
	}
	if e.Barrier || privateEvents[e.Type] || g.Phase == PhaseOver || phaseUndoable(e) {
		g.Prev = nil
		return nil
	}
	mark, world := g.Mark, g.World
	g.Prev, g.Mark, g.World = nil, nil, nil
	b, err := console.Encode(g)
	g.Mark, g.World = mark, world
	if err != nil {
		return fmt.Errorf("mark the command: %w", err)
	}
	g.Prev = &cmdMark{Cmd: e.Cmd, Player: g.playerOf(e.Seat), State: b, Mark: mark, World: world}
	return nil
}

// phaseUndoable: e ends a phase into one the phase undo takes back.
func phaseUndoable(e console.Event) bool {
	if e.Type != EventPhaseEnded {
		return false
	}
	var x PhaseEnded
	if err := console.Decode(e.Data, &x); err != nil {
		return false
	}
	return undoable(x.To)
}

// takeBackOf reports whether player p's command is the last one and may
// be taken back by consent.
func (g *state) takeBackOf(p int) bool { return g.Prev != nil && g.Prev.Player == p }

// undoWhat names the open undo request in sentences.
func (g *state) undoWhat() string {
	if g.UndoCommand {
		return "their last command"
	}
	return "the phase change"
}

// gateTakeBack holds every command but the votes while a take-back is
// asked for: another command would change what is taken back.
func (g *state) gateTakeBack(name string) error {
	if g.UndoBy == 0 || !g.UndoCommand {
		return nil
	}
	switch name {
	case CmdApproveUndo, CmdDenyUndo, CmdRequestUndo:
		return nil
	}
	return console.Reject("%s asked to take back their last command: wait until every other player approves (approve-undo) or one denies (deny-undo)", g.seat(g.UndoBy-1))
}

// takeBack adds the event that restores the command mark.
func (g *state) takeBack(es *events, asker int) {
	cmd := ""
	if g.Prev != nil {
		cmd = g.Prev.Cmd
	}
	es.add(EventCommandUndone, Undone{Player: asker, Cmd: cmd}, true)
}

// applyTakeBack restores the state before the command taken back.
func (g *state) applyTakeBack(e console.Event) error {
	var x Undone
	if err := console.Decode(e.Data, &x); err != nil {
		return err
	}
	if g.Prev == nil || g.Prev.Cmd != x.Cmd {
		return fmt.Errorf("no command %q to take back", x.Cmd)
	}
	m, err := g.Prev.restore()
	if err != nil {
		return err
	}
	*g = *m
	g.Prev, g.LastCmd = nil, e.Cmd
	g.clearUndo()
	return nil
}

// restore decodes the state a command mark keeps.
func (x *cmdMark) restore() (*state, error) {
	var m state
	if err := console.Decode(x.State, &m); err != nil {
		return nil, fmt.Errorf("command mark: %w", err)
	}
	m.Mark, m.World = x.Mark, x.World
	return &m, nil
}

// describeTakeBack tells the take-back.
func (g *state) describeTakeBack(e console.Event) (string, error) {
	var x Undone
	if err := console.Decode(e.Data, &x); err != nil {
		return "", err
	}
	return fmt.Sprintf("every player agreed: %s's last command is taken back", g.seat(x.Player)), nil
}

// Undoable lets a seat undo only its own last command, and only alone
// when no other seat could see it; reveals and dice drawn in secret are
// barriers in the engine.
func (r *Rules) Undoable(s console.State, seat console.Seat, last []console.Event) error {
	if len(last) == 0 {
		return console.Reject("nothing to undo")
	}
	if last[0].Seat != seat {
		return console.RejectWith(console.ReasonNotYourTurn, "only %s can undo their own last command", last[0].Seat)
	}
	g, err := asState(s)
	if err != nil {
		return err
	}
	seen, err := r.seenBy(g, seat, last)
	if err != nil {
		return err
	}
	if len(seen) == 0 {
		return nil
	}
	var types []string
	for _, e := range last {
		if !contains(types, e.Type) {
			types = append(types, e.Type)
		}
	}
	return console.RejectWith(console.ReasonNeedsConsent, "%s saw your last command (%s): ask to take it back with request-undo; it is undone when every other player approves (approve-undo)",
		strings.Join(seen, " and "), strings.Join(types, ", "))
}

// seenBy lists the other seats that could see any of the events of last
// (already applied to g): a line in their history, or a change in their
// view. The state before the command is the command mark when it is
// last's; without one (a command that began privately) the lines are
// judged on g.
func (r *Rules) seenBy(g *state, seat console.Seat, last []console.Event) ([]string, error) {
	var before, cur *state
	if g.Prev != nil && g.Prev.Cmd == last[0].Cmd {
		var err error
		if before, err = g.Prev.restore(); err != nil {
			return nil, err
		}
		if cur, err = g.Prev.restore(); err != nil {
			return nil, err
		}
	}
	var seen []string
	for _, pl := range g.Players {
		o := console.Seat(pl.Seat)
		if o == seat {
			continue
		}
		saw := false
		if before != nil {
			v0, err := json.Marshal(r.View(before, o))
			if err != nil {
				return nil, err
			}
			v1, err := json.Marshal(r.View(g, o))
			if err != nil {
				return nil, err
			}
			saw = string(v0) != string(v1)
		}
		if !saw {
			saw = r.linesSeen(g, cur, last, o)
		}
		if saw {
			seen = append(seen, pl.Seat)
		}
	}
	return seen, nil
}

// linesSeen reports whether seat o has a history line for any event of
// last, replaying them on a copy of from (the state before them), or
// judging them on after when there is none.
func (r *Rules) linesSeen(after, from *state, last []console.Event, o console.Seat) bool {
	var cur *state
	if from != nil {
		c, err := from.clone()
		if err != nil {
			return true
		}
		cur = c
	}
	for _, e := range last {
		s := after
		if cur != nil {
			s = cur
		}
		if _, ok := r.Describe(s, e, o); ok {
			return true
		}
		if cur != nil {
			if err := cur.apply(e); err != nil {
				return true
			}
		}
	}
	return false
}
