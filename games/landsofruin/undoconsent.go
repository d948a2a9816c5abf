package landsofruin

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
)

// Undo of what another seat has seen, by consent (DESIGN.md §4; rulebook
// "Menu": undo; facts §1.9).
//
// The engine's undo (console.Session.Undo) takes back a seat's last command
// by truncating the log. A command whose events another seat could see (a
// line of its history: a move, an attack's dice, a declared attack …) is
// not the commanding seat's alone to take back: Undoable refuses it with
// console.ReasonNeedsConsent and says how to ask. The seat asks with
// request-undo, every other player approves (approve-undo; deny-undo drops
// the request), and the last approval's command-undone event names the
// command. The rules implement console.TakeBacker: the Session then
// removes that command and the votes after it from the log and rebuilds the
// game as it stood before it (dice included, so the command played again
// rolls the same). Nothing is copied while playing: the state keeps only
// the last command's id, its player and whether it may be taken back.
//
// Not taken back by consent, so undone by the engine alone: commands only
// their seat sees (assign, unassign, shortcut, infiltrate). Never taken
// back: commands with a barrier (hidden dice, reveals), and the phase
// changes into the Sync and the Environment phase, which the phase undo
// takes back (it keeps the Rotter plan, so nobody re-rolls the Rotters).
// Only the last command can be taken back this way.

// EventCommandUndone is the event of a command taken back by consent.
const EventCommandUndone = "command-undone"

// Undone is the payload of command-undone: the player whose last command
// is taken back, and its command id.
type Undone struct {
	Player int    `msgpack:"player"`
	Cmd    string `msgpack:"cmd"`
}

// privateEvents are events no other seat is told of: a command that begins
// with one is undone by the engine without consent.
var privateEvents = map[string]bool{EventAssigned: true, EventUnassigned: true, EventShortcut: true, EventInfiltrated: true}

// undoVote: an event of the undo votes, which leave the last command as
// it is.
func undoVote(typ string) bool {
	return typ == EventUndoRequested || typ == EventUndoApproved || typ == EventUndoDenied
}

// markCommand notes, at the first event of each command, which command is
// the last one and whether it may be taken back by consent (LastCmd,
// LastBy, LastOpen): a barrier anywhere in it, a private first event, the
// end of the game or a phase change the phase undo takes back make it
// final.
func (g *state) markCommand(e console.Event) error {
	if e.Cmd != "" && e.Cmd == g.LastCmd {
		if e.Barrier && e.Type != EventCommandUndone && e.Type != EventPhaseRewound {
			g.LastOpen = false
		}
		return nil
	}
	if undoVote(e.Type) || e.Type == EventCommandUndone {
		return nil
	}
	if !g.othersMaySee(e) {
		// A command no other seat is told of leaves the last command as
		// it was: otherwise the other seats' own request-undo would come
		// and go with it, telling them that it happened.
		return nil
	}
	g.LastCmd, g.LastBy = e.Cmd, g.playerOf(e.Seat)
	g.LastFirst = newFirstEvent(e)
	g.LastOpen = !(e.Barrier || g.Phase == PhaseOver || phaseUndoable(e))
	return nil
}

// othersMaySee reports whether a command beginning with e may be told to
// any seat but its own: not a private event (assign, unassign, shortcut,
// infiltrate) nor an Environment entry for a character only its owner
// sees.
func (g *state) othersMaySee(e console.Event) bool {
	if privateEvents[e.Type] {
		return false
	}
	if e.Type == EventEnvEntry {
		var x EnvEntry
		if err := console.Decode(e.Data, &x); err == nil {
			if c := g.char(x.Char); c != nil && c.hidden() {
				return false
			}
		}
	}
	return true
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
func (g *state) takeBackOf(p int) bool { return g.LastOpen && g.LastCmd != "" && g.LastBy == p }

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
	return console.RejectTry(console.ReasonNeedsConsent, CmdApproveUndo+" or "+CmdDenyUndo, "%s asked to take back their last command: wait until every other player approves or one denies", g.seat(g.UndoBy-1))
}

// takeBack adds the event that names the command every player agreed to
// take back; the Session then removes it from the log (ApprovedTakeBack).
func (g *state) takeBack(es *events, asker int) {
	es.add(EventCommandUndone, Undone{Player: asker, Cmd: g.LastCmd}, true)
}

// applyTakeBack records the agreed take-back for the Session.
func (g *state) applyTakeBack(e console.Event) error {
	var x Undone
	if err := console.Decode(e.Data, &x); err != nil {
		return err
	}
	if x.Cmd == "" || x.Cmd != g.LastCmd {
		return fmt.Errorf("no command %q to take back", x.Cmd)
	}
	g.TakeBack = x.Cmd
	g.clearUndo()
	return nil
}

// ApprovedTakeBack names the command every player agreed to take back
// (console.TakeBacker).
func (r *Rules) ApprovedTakeBack(s console.State) (string, bool) {
	g, err := asState(s)
	if err != nil || g.TakeBack == "" {
		return "", false
	}
	return g.TakeBack, true
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
	seen := r.seenBy(g, seat, last)
	if len(seen) == 0 {
		return nil
	}
	p := g.playerOf(seat)
	return console.RejectTry(console.ReasonNeedsConsent, CmdRequestUndo, "%s saw your last command, %s: ask to take it back; it is undone when every other player agrees",
		andList(seen, "and"), g.commandWhat(last, p))
}

// seenBy lists the other seats that could see any of the events of last
// (already applied to g): a line in their history.
func (r *Rules) seenBy(g *state, seat console.Seat, last []console.Event) []string {
	var seen []string
	for _, pl := range g.Players {
		o := console.Seat(pl.Seat)
		if o != seat && r.linesSeen(g, last, o) {
			seen = append(seen, pl.Seat)
		}
	}
	return seen
}

// linesSeen reports whether seat o has a history line for any event of
// last, judged on after (the state with them applied).
func (r *Rules) linesSeen(after *state, last []console.Event, o console.Seat) bool {
	for _, e := range last {
		if _, ok := r.Describe(after, e, o); ok {
			return true
		}
	}
	return false
}
