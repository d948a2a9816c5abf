package scorepad

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/pad"
)

// View is the score pad as every seat (and the public view) sees it. The GUI
// and the command line render it; its JSON and msgpack field names are
// stable.
type View struct {
	// Players are the columns of the pad, in seat order.
	Players []PlayerView `json:"players" msgpack:"players"`
	// Round is the current round, 1-based; when the game is finished, the
	// last round played.
	Round int `json:"round" msgpack:"round"`
	// RoundCount is the number of rounds on the pad (the length of every
	// player's Scores), the current round included.
	RoundCount int `json:"round_count" msgpack:"round_count"`
	// Target is the target score that ends the game; 0 means none.
	Target int `json:"target" msgpack:"target"`
	// RoundsLimit is the number of rounds after which the game ends; 0 means
	// unlimited.
	RoundsLimit int `json:"rounds_limit" msgpack:"rounds_limit"`
	// Wins is "high" when the highest total wins, "low" when the lowest does.
	Wins string `json:"wins" msgpack:"wins"`
	// Finished is true once the game is over.
	Finished bool `json:"finished" msgpack:"finished"`
	// EndReason says why the game ended: "target" (a total reached the
	// target), "rounds" (the last round was played) or "agreed" (the end
	// command); empty while the game goes on.
	EndReason string `json:"end_reason,omitempty" msgpack:"end_reason,omitempty"`
	// Summary is the one-line status: "Round 3 · alice leads with 42",
	// "alice wins with 57".
	Summary string `json:"summary" msgpack:"summary"`
	// Placements are the final placements, best first, tied players sharing
	// a place (1, 1, 3); only when Finished.
	Placements []console.Placement `json:"placements,omitempty" msgpack:"placements,omitempty"`

	// Undo is what Undo would take back now and who gave it (the pad
	// hides nothing, so every seat sees it): nil before the first command,
	// and while UndoUnknown.
	Undo *UndoView `json:"undo,omitempty" msgpack:"undo,omitempty"`
	// UndoUnknown is set when the pad does not know its last command: it
	// was restored from a save made before it kept it. Undo may then
	// still take something back; the pad knows again after its next
	// command.
	UndoUnknown bool `json:"undo_unknown,omitempty" msgpack:"undo_unknown,omitempty"`

	// Commands says, per command, whether the viewing seat may give it now
	// and whom and which rounds add and set may name (affordances.go); none
	// in the public view, which gives no commands.
	Commands []console.Affordance `json:"commands,omitempty" msgpack:"commands,omitempty"`
}

// UndoView is the command Undo would take back.
type UndoView struct {
	// Seat is the seat that gave it.
	Seat console.Seat `json:"seat" msgpack:"seat"`
	// Text is its line of history ("alice +5 in round 3").
	Text string `json:"text" msgpack:"text"`
}

// UndoBy reports whether seat may take back the last command now, by the
// pad's rule (any player undoes any command, a spectator none) and, when
// it may not, why, in the player's words. While UndoUnknown it allows
// the undo and leaves the answer to the game.
func (v View) UndoBy(seat console.Seat) (bool, string) {
	player := false
	for _, p := range v.Players {
		player = player || p.Seat == seat
	}
	why := undoRefusal(player, v.Undo != nil || v.UndoUnknown)
	if why == "" {
		return true, ""
	}
	return false, strings.ToUpper(why[:1]) + why[1:] + "."
}

// PlayerView is one player's column of the pad.
type PlayerView struct {
	// Seat is the player's seat; the seats are the players.
	Seat console.Seat `json:"seat" msgpack:"seat"`
	// Name is the name to show (today the seat name).
	Name string `json:"name" msgpack:"name"`
	// Scores holds the player's score in each round: Scores[0] is round 1.
	Scores []int `json:"scores" msgpack:"scores"`
	// Total is the sum of Scores.
	Total int `json:"total" msgpack:"total"`
	// Leader is true for every player with the best total now (several when
	// the lead is tied; all of them before anyone has scored).
	Leader bool `json:"leader" msgpack:"leader"`
	// Place is the player's final place when the game is finished (tied
	// players share a place); 0 while it goes on.
	Place int `json:"place,omitempty" msgpack:"place,omitempty"`
}

// View returns the pad; every seat and console.Public see the same pad,
// and Commands is the seat's. It returns a zero View for a state that is
// not a score pad, and never panics.
func (r *Rules) View(s console.State, seat console.Seat) console.View {
	g, err := asState(s)
	if err != nil {
		return View{}
	}
	v := g.view()
	v.Commands = r.affordances(g, seat)
	return v
}

func (g *state) view() View {
	entries := g.entries()
	v := View{
		Players:     make([]PlayerView, len(g.Players)),
		Round:       g.round(),
		RoundCount:  len(g.Scores),
		Target:      g.Target,
		RoundsLimit: g.Limit,
		Wins:        g.wins(),
		Finished:    g.Finished,
		EndReason:   g.Reason,
		Summary:     g.summary(),
		UndoUnknown: !g.Known,
	}
	if g.Known && g.Last != nil {
		v.Undo = &UndoView{Seat: console.Seat(g.Last.Seat), Text: g.Last.Text}
	}
	for i, name := range g.Players {
		scores := make([]int, len(g.Scores))
		for r, row := range g.Scores {
			if i < len(row) {
				scores[r] = row[i]
			}
		}
		v.Players[i] = PlayerView{Seat: console.Seat(name), Name: name, Scores: scores, Total: entries[i].Score}
	}
	for _, i := range pad.Leaders(entries, !g.Low) {
		v.Players[i].Leader = true
	}
	if g.Finished {
		v.Placements = g.placements()
		for _, p := range v.Placements {
			if i := g.player(string(p.Seat)); i >= 0 {
				v.Players[i].Place = p.Place
			}
		}
	}
	return v
}

// summary is the one-line status of the game.
func (g *state) summary() string {
	if g.Finished {
		return pad.ResultLine(g.placements())
	}
	round := fmt.Sprintf("Round %d", g.round())
	if g.Limit > 0 {
		round += fmt.Sprintf(" of %d", g.Limit)
	}
	return round + " · " + pad.LeadLine(g.entries(), !g.Low)
}

// Status reports whether the game is over, its one-line summary and, once
// it is over, the placements (lowest total first when low scores win).
func (r *Rules) Status(s console.State) console.Status {
	g, err := asState(s)
	if err != nil {
		return console.Status{Summary: "not a score pad"}
	}
	st := console.Status{Finished: g.Finished, Summary: g.summary()}
	if g.Finished {
		st.Placements = g.placements()
	}
	return st
}

// Describe renders an event as a line of history: "alice +5 in round 3",
// "round 3 closed", "game ended (by agreement): alice wins with 57". Every
// seat sees every event. The line depends on the event alone, not on s.
func (*Rules) Describe(_ console.State, e console.Event, _ console.Seat) (string, bool) {
	return describe(e), true
}

func describe(e console.Event) string {
	unreadable := e.Type + " (unreadable)"
	switch e.Type {
	case EventScoreAdded:
		var d ScoreAdded
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		return fmt.Sprintf("%s %+d in round %d", d.Player, d.Points, d.Round)
	case EventScoreSet:
		var d ScoreSet
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		return fmt.Sprintf("%s's round %d score set to %d (was %d)", d.Player, d.Round, d.Points, d.Was)
	case EventRoundClosed:
		var d RoundClosed
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		if d.Final {
			return fmt.Sprintf("round %d closed; the game ends", d.Round)
		}
		return fmt.Sprintf("round %d closed", d.Round)
	case EventGameEnded:
		var d GameEnded
		if console.Decode(e.Data, &d) != nil {
			return unreadable
		}
		why := ""
		switch pad.EndReason(d.Reason) {
		case pad.EndTarget:
			why = " (target reached)"
		case pad.EndRounds:
			why = " (all rounds played)"
		case pad.EndAgreed:
			why = " (by agreement)"
		}
		return "game ended" + why + ": " + pad.ResultLine(d.Placements)
	}
	return e.Type
}
