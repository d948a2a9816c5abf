package landsofruin

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
)

// What an undo takes back and the table's headlines (View.UndoWhat and
// View.News; docs/landsofruin.md, LR-W5 and LR-W6).
//
// The state keeps the first event of the last command others could see
// (LastFirst), so a request to take it back can name it for the players
// asked to agree; and the headlines of that command (News), kept as facts
// (who, what) and written per seat when the view is made, so a seat is
// told only what it may know: the owner of a character that fell learns
// it is dead, an opponent that it is down (rulebook "Enemy team"); a
// hidden character's fall is told to its owner alone.

// firstEvent is the first event of a command: its type, seat and payload
// (only for the events a take-back names by their payload: never a phase
// change's, which carries the whole state as it was ended), and the
// phase a phase change ended.
type firstEvent struct {
	Type string `msgpack:"type"`
	Seat string `msgpack:"seat"`
	Data []byte `msgpack:"data,omitempty"`
	From string `msgpack:"from,omitempty"`
}

// newFirstEvent keeps what commandWhat needs of e.
func newFirstEvent(e console.Event) *firstEvent {
	f := &firstEvent{Type: e.Type, Seat: string(e.Seat)}
	switch e.Type {
	case EventMoved, EventAttackDeclared, EventPerformed, EventEnvEntry, EventThrown, EventObjectiveMarked:
		f.Data = e.Data
	case EventPhaseEnded:
		var x PhaseEnded
		if console.Decode(e.Data, &x) == nil {
			f.From = x.From
		}
	}
	return f
}

// News kinds.
const (
	newsDown     = "down"     // a character went down (pinned, unconscious or dead)
	newsDead     = "dead"     // … and is dead (its owner is told)
	newsLeader   = "leader"   // a team's leader is unconscious or dead (its owner is told)
	newsPanic    = "panic"    // a team panicked: the game is over for it
	newsExecuted = "executed" // a slave driver executed a slave
	newsOver     = "over"     // the game is over
)

// newsItem is one headline as a fact.
type newsItem struct {
	Kind   string `msgpack:"kind"`
	Char   string `msgpack:"char,omitempty"`
	Player int    `msgpack:"player,omitempty"`
	// By is the character who did it (an execution).
	By string `msgpack:"by,omitempty"`
}

// newsWorthy: events that may bring headlines.
func newsWorthy(typ string) bool {
	switch typ {
	case EventResolution, EventEnvResolved, EventThrown, EventGameEnded, EventAttackResolved:
		return true
	}
	return false
}

// newsBefore is what headlines are judged against: per character, whether
// it was down or dead, per player whether it had panicked, before e.
type newsBefore struct {
	down, dead []bool
	panicked   []bool
}

// beforeNews notes what e may change (nil: e brings no headlines).
func (g *state) beforeNews(e console.Event) *newsBefore {
	if !newsWorthy(e.Type) {
		return nil
	}
	b := &newsBefore{down: make([]bool, len(g.Chars)), dead: make([]bool, len(g.Chars)), panicked: make([]bool, len(g.Players))}
	for i := range g.Chars {
		b.down[i], b.dead[i] = g.Chars[i].down(), g.Chars[i].dead()
	}
	for i := range g.Players {
		b.panicked[i] = g.Players[i].panicked()
	}
	return b
}

// recordNews starts the headlines of a new command others may see, and
// adds what e brought (judged against b, the state before it).
func (g *state) recordNews(e console.Event, b *newsBefore) {
	if e.Cmd != g.NewsCmd && !undoVote(e.Type) && e.Type != EventCommandUndone && g.othersMaySee(e) {
		g.News, g.NewsCmd = nil, e.Cmd
	}
	if b == nil || len(b.down) != len(g.Chars) || len(b.panicked) != len(g.Players) {
		return
	}
	if e.Type == EventThrown {
		var x Thrown
		if err := console.Decode(e.Data, &x); err == nil && x.Slave != "" {
			g.News = append(g.News, newsItem{Kind: newsExecuted, Char: x.Slave, By: x.Char})
		}
	}
	for i := range g.Chars {
		c := &g.Chars[i]
		switch {
		case c.dead() && !b.dead[i]:
			g.News = append(g.News, newsItem{Kind: newsDead, Char: c.ID, Player: c.Owner})
		case c.down() && !b.down[i]:
			g.News = append(g.News, newsItem{Kind: newsDown, Char: c.ID, Player: c.Owner})
		}
		if c.out() && (!b.down[i] || c.dead() && !b.dead[i]) && g.Players[c.Owner].Leader == c.ID {
			g.News = append(g.News, newsItem{Kind: newsLeader, Char: c.ID, Player: c.Owner})
		}
	}
	for i := range g.Players {
		if g.Players[i].panicked() && !b.panicked[i] {
			g.News = append(g.News, newsItem{Kind: newsPanic, Player: i})
		}
	}
	if e.Type == EventGameEnded {
		g.News = append(g.News, newsItem{Kind: newsOver})
	}
}

// newsFor writes the headlines for player p (-1: the public view).
func (g *state) newsFor(p int) []string {
	var out []string
	for _, n := range g.News {
		c := g.char(n.Char)
		switch n.Kind {
		case newsDead, newsDown:
			if c == nil || !c.visibleTo(p) {
				continue
			}
			if c.Owner == p && n.Kind == newsDead {
				out = append(out, fmt.Sprintf("%s is dead", c.Name))
			} else if c.Owner == p {
				out = append(out, fmt.Sprintf("%s is down (%s)", c.Name, downState(c)))
			} else {
				out = append(out, fmt.Sprintf("%s is down", c.Name))
			}
		case newsLeader:
			if c == nil || c.Owner != p {
				continue
			}
			out = append(out, fmt.Sprintf("Your leader %s has fallen", c.Name))
		case newsPanic:
			s := g.seat(n.Player)
			if n.Player == p {
				out = append(out, "Your team panics and flees: the game is over for you")
			} else {
				out = append(out, fmt.Sprintf("%s's team panics and flees: the game is over for %s", s, s))
			}
		case newsExecuted:
			by := g.char(n.By)
			if c == nil || by == nil || !by.visibleTo(p) {
				continue
			}
			out = append(out, fmt.Sprintf("%s executes %s", by.Name, c.Name))
		case newsOver:
			out = append(out, g.overHeadline())
		}
	}
	return out
}

// downState is why an own character is down: "dead", "unconscious" or
// "pinned".
func downState(c *character) string {
	switch {
	case c.dead():
		return "dead"
	case c.has("unconscious"):
		return "unconscious"
	case c.has("pinned"):
		return "pinned"
	}
	return "down"
}

// overHeadline says who won.
func (g *state) overHeadline() string {
	pl := g.placements()
	var win []string
	for _, x := range pl {
		if x.Place == 1 {
			win = append(win, string(x.Seat))
		}
	}
	if len(win) == 0 {
		return "The game is over"
	}
	if len(win) > 1 {
		return fmt.Sprintf("The game is over: %s share the win", andList(win, "and"))
	}
	return fmt.Sprintf("The game is over: %s wins with %s", win[0], plural(pl[0].Score, "point", "points"))
}

// undoWhatFor says what the asked undo takes back, for player p: the
// phase change, or the last command in words as far as p may know it.
// It names the action alone ("Aurel's move to section C (north street)"):
// whoever asks is named beside it by the screen (UndoRequestedBy).
func (g *state) undoWhatFor(p int) string {
	if g.UndoBy == 0 {
		return ""
	}
	if !g.UndoCommand {
		return fmt.Sprintf("the end of the %s: the game returns to it as it was ended", phaseWord(g.markedPhase()))
	}
	if g.LastFirst == nil {
		return "the last command"
	}
	if g.LastFirst.Type == EventPhaseEnded {
		return "ending " + phaseName(g.LastFirst.From)
	}
	e := console.Event{Type: g.LastFirst.Type, Seat: console.Seat(g.LastFirst.Seat), Data: g.LastFirst.Data}
	return g.commandWhat([]console.Event{e}, p)
}

// phaseWord is a phase's name without its article ("Action phase").
func phaseWord(phase string) string {
	n := phaseName(phase)
	if len(n) > 4 && n[:4] == "the " {
		return n[4:]
	}
	return n
}

// commandWhat names a command by its first event player p may be told
// of, as a noun phrase: "Aurel's move to section C (north street)".
func (g *state) commandWhat(evs []console.Event, p int) string {
	for _, e := range evs {
		if s, ok := g.eventWhat(e, p); ok {
			return s
		}
	}
	return "a command"
}

// eventWhat names one event as a command for p, false when p may not be
// told of it.
func (g *state) eventWhat(e console.Event, p int) (string, bool) {
	visible := func(id string) (*character, bool) {
		c := g.char(id)
		return c, c != nil && c.visibleTo(p)
	}
	switch e.Type {
	case EventMoved:
		var x Moved
		if console.Decode(e.Data, &x) != nil {
			return "", false
		}
		c, ok := visible(x.Char)
		if !ok {
			return "", false
		}
		return fmt.Sprintf("%s's move to %s", c.Name, g.sec(x.To, p)), true
	case EventAttackDeclared:
		var x AttackDeclared
		if console.Decode(e.Data, &x) != nil {
			return "", false
		}
		c, ok := visible(x.Attack.Attacker)
		if !ok {
			return "", false
		}
		return fmt.Sprintf("%s's declared attack", c.Name), true
	case EventAttackResolved:
		return "the attack's dice", true
	case EventAttackCancelled:
		return "cancelling the attack", true
	case EventPerformed:
		var x Performed
		if console.Decode(e.Data, &x) != nil {
			return "", false
		}
		c, ok := visible(x.Char)
		if !ok {
			return "", false
		}
		return fmt.Sprintf("%s's %s", c.Name, actionName(x.Action)), true
	case EventEnvEntry:
		var x EnvEntry
		if console.Decode(e.Data, &x) != nil {
			return "", false
		}
		c, ok := visible(x.Char)
		if !ok {
			return "", false
		}
		if x.Source == SourceExplosive {
			return fmt.Sprintf("entering %s as caught in %s", c.Name, g.throwableName(x.Throwable, x.Kind)), true
		}
		return fmt.Sprintf("entering %s attacking %s", rotterCount(x.Kind, x.Count), c.Name), true
	case EventThrown:
		var x Thrown
		if console.Decode(e.Data, &x) != nil {
			return "", false
		}
		if c, ok := visible(x.Char); ok {
			return fmt.Sprintf("%s's throw of %s into %s", c.Name, g.throwableName(x.ID, x.Item), g.sec(x.Section, p)), true
		}
		return fmt.Sprintf("%s landing in %s", g.throwableName(x.ID, x.Item), g.sec(x.Section, p)), true
	case EventRottersCaught:
		return "the count of Rotters an explosion killed", true
	case EventObjectiveMarked:
		var x ObjectiveMarked
		if console.Decode(e.Data, &x) != nil {
			return "", false
		}
		name := "an objective"
		if o := data().rd.Objective(x.Objective); o != nil {
			name = o.Name
		}
		return "marking " + name, true
	case EventPhaseEnded:
		var x PhaseEnded
		if console.Decode(e.Data, &x) != nil {
			return "", false
		}
		return "ending " + phaseName(x.From), true
	case EventEnvResolved, EventActionPhase:
		return "ending the Environment phase", true
	case EventResolution:
		return "ending the Sync phase", true
	case EventGameStarted, EventGameEnded:
		return "saying ready", true
	case EventRoleChosen:
		return "the choice of role", true
	case EventSideChosen:
		return "the choice of table side", true
	case EventTeamChosen:
		return "the choice of team", true
	case EventReady:
		return "saying ready", true
	case EventEndProposed:
		return "the proposal to end the game", true
	case EventEndAgreed:
		return "agreeing to end the game", true
	case EventEndRefused:
		return "refusing to end the game", true
	case EventUndoRequested, EventUndoApproved, EventUndoDenied:
		return "the answer to an undo", true
	}
	return "", false
}
