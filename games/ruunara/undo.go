package ruunara

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// Undo by consent in duo play (RU-D57). The engine's undo (Session.Undo)
// takes back the last command at once, in solo always and in duo for every
// command that rolled no dice. A roll both seats have seen needs the other
// seat's yes: request-undo opens an undo question addressed to the other
// seat, on top of any open prompt; its yes approves, and the rules then
// name the command to take back (console.TakeBacker), so the Session
// removes it with the request and the answer. A no, or the asker's second
// request-undo, closes the question and changes nothing else.

// CmdRequestUndo asks the other seat to agree to undo the last command.
const CmdRequestUndo = "request-undo"

// Undo events.
const (
	EvUndoRequested = "undo-requested"
	EvUndoAnswered  = "undo-answered"
	EvUndoWithdrawn = "undo-withdrawn"
)

// UndoRequested opens the undo question.
type UndoRequested struct {
	By    int     `msgpack:"by"`
	Cmd   string  `msgpack:"cmd"`
	QID   string  `msgpack:"qid"`
	What  string  `msgpack:"what"`
	Saved *prompt `msgpack:"saved"`
}

// UndoAnswered is the other seat's answer.
type UndoAnswered struct {
	QID  string `msgpack:"qid"`
	Seat int    `msgpack:"seat"`
	Yes  bool   `msgpack:"yes"`
}

// undoAsk is an open request.
type undoAsk struct {
	By    int     `msgpack:"by"`
	Cmd   string  `msgpack:"cmd"`
	QID   string  `msgpack:"qid"`
	What  string  `msgpack:"what"`
	Saved *prompt `msgpack:"saved"`
}

func undoVote(typ string) bool {
	return typ == EvUndoRequested || typ == EvUndoAnswered || typ == EvUndoWithdrawn
}

// markCommand notes, at each event, the last command that is not an undo
// vote: its id, its seat and whether it rolled dice (and what).
func (g *state) markCommand(e console.Event) {
	if e.Cmd == "" || undoVote(e.Type) {
		return
	}
	if e.Cmd != g.LastCmd {
		g.LastCmd, g.LastSeat, g.LastDice, g.LastWhat = e.Cmd, g.seatIndex(e.Seat), false, ""
		g.News = nil
		g.LastLine, g.LastLineCm = "", ""
	}
	if g.LastLine == "" && !internalEvents[e.Type] {
		if line, err := g.describe(e, rn.Inches); err == nil && line != "" {
			g.LastLine = line
			g.LastLineCm, _ = g.describe(e, rn.Centimetres)
		}
	}
	switch e.Type {
	case EvAttackRolled:
		var p AttackRolled
		if console.Decode(e.Data, &p) == nil {
			g.LastDice, g.LastWhat = true, fmt.Sprintf("%s (%s)", strings.TrimSuffix(p.What, "."), faces(p.Faces))
		}
	case EvCoverRolled:
		var p CoverRolled
		if console.Decode(e.Data, &p) == nil {
			g.LastDice, g.LastWhat = true, fmt.Sprintf("the cover dice of %s (%s)", g.name(p.Target), faces(p.Faces))
		}
	case EvRerolled:
		g.LastDice, g.LastWhat = true, "a re-roll"
	}
}

// requestUndo opens the undo question, or withdraws the seat's own.
func (x *decider) requestUndo() error {
	g := x.g
	if len(g.Seats) < 2 {
		return console.RejectTry(console.ReasonNotAllowed, "undo", "in solo play the last command is taken back at once, with no one to ask")
	}
	if g.UndoAsk != nil {
		if g.UndoAsk.By != x.seat {
			return console.RejectWith(console.ReasonNotYourTurn, "%s already asked for an undo: %s must answer", g.seatName(g.UndoAsk.By), g.seatName(x.seat))
		}
		x.emit(EvUndoWithdrawn, struct{}{})
		return nil
	}
	if g.LastCmd == "" {
		return console.Reject("nothing to undo")
	}
	if !g.LastDice {
		return console.RejectTry(console.ReasonNotAllowed, "undo", "the last command rolled no dice: it is taken back at once, with no consent needed")
	}
	id := fmt.Sprintf("q%d", g.NextQ+1)
	x.emit(EvUndoRequested, UndoRequested{By: x.seat, Cmd: g.LastCmd, QID: id, What: g.LastWhat, Saved: g.Prompt})
	return nil
}

// undoQuestion is the undo prompt for a request.
func (g *state) undoQuestion(u *undoAsk) *prompt {
	other := 1 - u.By
	q := rn.Question{Kind: "undo", Subject: g.seatName(other), Lines: []rn.Line{{Unit: g.seatName(other), Kind: "undo", Default: "no"}}}
	return &prompt{Kind: PromptQuestion, Q: q, QID: u.QID, QKind: "undo", Seat: other}
}

// applyUndo folds the undo events.
func (g *state) applyUndo(e console.Event) error {
	switch e.Type {
	case EvUndoRequested:
		var p UndoRequested
		if err := console.Decode(e.Data, &p); err != nil {
			return err
		}
		if p.By < 0 || p.By >= len(g.Seats) || len(g.Seats) < 2 {
			return fmt.Errorf("undo request by seat %d", p.By)
		}
		g.UndoAsk = &undoAsk{By: p.By, Cmd: p.Cmd, QID: p.QID, What: p.What, Saved: p.Saved}
		g.NextQ++
		g.Prompt = g.undoQuestion(g.UndoAsk)
	case EvUndoAnswered:
		var p UndoAnswered
		if err := console.Decode(e.Data, &p); err != nil {
			return err
		}
		if g.UndoAsk == nil {
			return fmt.Errorf("an undo answer with no request")
		}
		if p.Yes {
			g.UndoApproved = g.UndoAsk.Cmd
			return nil
		}
		g.Prompt, g.UndoAsk = g.UndoAsk.Saved, nil
	case EvUndoWithdrawn:
		if g.UndoAsk == nil {
			return fmt.Errorf("an undo withdrawn with no request")
		}
		g.Prompt, g.UndoAsk = g.UndoAsk.Saved, nil
	}
	return nil
}

// answerUndo answers the undo question (RU-D57).
func (x *decider) answerUndo(a console.Args) error {
	g := x.g
	yes := a.String("value") == "yes"
	if !a.Has("value") {
		t := strings.TrimSpace(a.String("ticks"))
		if !a.Has("ticks") {
			return console.RejectTry(console.ReasonBadInput, "answer q="+g.UndoAsk.QID+" value=yes", "answer the undo request with yes or no")
		}
		yes = t != "" && !strings.EqualFold(t, "none")
	}
	x.emit(EvUndoAnswered, UndoAnswered{QID: g.UndoAsk.QID, Seat: x.seat, Yes: yes})
	return nil
}

// ApprovedTakeBack names the command both seats agreed to undo.
func (r *Rules) ApprovedTakeBack(s console.State) (string, bool) {
	g, err := asState(s)
	if err != nil || g.UndoApproved == "" {
		return "", false
	}
	return g.UndoApproved, true
}
