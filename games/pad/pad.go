// Package pad is the small toolkit that board-game pads share: scores and
// totals, placements with shared places for ties, leaders, turn order and
// end conditions.
//
// Every function is pure and deterministic: it keeps no state, reads no
// clock, rolls no dice, does integer arithmetic only and never reorders its
// inputs. Players are always given in seat order, and seat order breaks every
// tie in the output order (never in the place itself: tied players share a
// place).
package pad

import (
	"sort"
	"strconv"
	"strings"

	"github.com/commandconsole/commandconsole/console"
)

// Entry is one player's score, as input to the ranking helpers. Entries are
// given in seat order.
type Entry struct {
	// Seat is the player's seat.
	Seat console.Seat
	// Name is the player's display name; Placements copies it, and the
	// seat is used when it is empty.
	Name string
	// Score is the player's total.
	Score int
}

// name returns the entry's display name.
func (e Entry) name() string {
	if e.Name != "" {
		return e.Name
	}
	return string(e.Seat)
}

// Better reports whether score a ranks strictly ahead of score b: higher
// when highWins, lower otherwise.
func Better(a, b int, highWins bool) bool {
	if highWins {
		return a > b
	}
	return a < b
}

// Sum returns the sum of xs (a player's total from their round scores).
func Sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// Totals sums a score grid by column: grid[r][p] is player p's score in
// round r+1, and the result holds one total per player (players long).
// Cells beyond players in a ragged row are ignored; missing cells count 0.
func Totals(grid [][]int, players int) []int {
	if players < 0 {
		players = 0
	}
	t := make([]int, players)
	for _, row := range grid {
		for p := 0; p < players && p < len(row); p++ {
			t[p] += row[p]
		}
	}
	return t
}

// Placements ranks entries by score, best first (highest when highWins,
// lowest otherwise), with standard competition ranking: tied entries share a
// place and the next place skips (1, 1, 3). Tied entries keep their seat
// order. The result has one placement per entry.
func Placements(entries []Entry, highWins bool) []console.Placement {
	idx := make([]int, len(entries))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool {
		return Better(entries[idx[a]].Score, entries[idx[b]].Score, highWins)
	})
	out := make([]console.Placement, len(idx))
	for k, i := range idx {
		e := entries[i]
		place := k + 1
		if k > 0 && out[k-1].Score == e.Score {
			place = out[k-1].Place
		}
		out[k] = console.Placement{Seat: e.Seat, Name: e.name(), Place: place, Score: e.Score}
	}
	return out
}

// Leaders returns the indexes (in seat order) of every entry with the best
// score; more than one when the lead is tied, none when entries is empty.
func Leaders(entries []Entry, highWins bool) []int {
	if len(entries) == 0 {
		return nil
	}
	best := entries[0].Score
	for _, e := range entries[1:] {
		if Better(e.Score, best, highWins) {
			best = e.Score
		}
	}
	var out []int
	for i, e := range entries {
		if e.Score == best {
			out = append(out, i)
		}
	}
	return out
}

// Winners returns the placements in first place (all of them when first
// place is shared).
func Winners(placements []console.Placement) []console.Placement {
	var out []console.Placement
	for _, p := range placements {
		if p.Place == 1 {
			out = append(out, p)
		}
	}
	return out
}

// JoinNames lists names in English: "alice", "alice and bob",
// "alice, bob and carol".
func JoinNames(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// ResultLine renders the outcome of a finished game in one line:
// "alice wins with 57", "alice and bob tie for first with 40", or for a solo
// game "alice finishes with 12". It returns "no players" for none.
func ResultLine(placements []console.Placement) string {
	w := Winners(placements)
	if len(w) == 0 {
		return "no players"
	}
	names := make([]string, len(w))
	for i, p := range w {
		names[i] = p.Name
	}
	score := strconv.Itoa(w[0].Score)
	switch {
	case len(placements) == 1:
		return names[0] + " finishes with " + score
	case len(w) == 1:
		return names[0] + " wins with " + score
	}
	return JoinNames(names) + " tie for first with " + score
}

// LeadLine renders the standing of a game in progress in one line:
// "alice leads with 42", "alice and bob lead with 40", "all tied at 0", or
// for a solo game "alice has 12". It returns "no players" for none.
func LeadLine(entries []Entry, highWins bool) string {
	lead := Leaders(entries, highWins)
	if len(lead) == 0 {
		return "no players"
	}
	score := strconv.Itoa(entries[lead[0]].Score)
	switch {
	case len(entries) == 1:
		return entries[0].name() + " has " + score
	case len(lead) == len(entries):
		return "all tied at " + score
	case len(lead) == 1:
		return entries[lead[0]].name() + " leads with " + score
	}
	names := make([]string, len(lead))
	for i, j := range lead {
		names[i] = entries[j].name()
	}
	return JoinNames(names) + " lead with " + score
}

// indexOf returns the position of seat in seats, or -1.
func indexOf(seats []console.Seat, seat console.Seat) int {
	for i, s := range seats {
		if s == seat {
			return i
		}
	}
	return -1
}

// Clockwise returns every seat once in turn order starting with from and
// going round the table in seat order (from, from+1, …, wrapping). ok is
// false, and the result nil, when from is not one of seats.
func Clockwise(seats []console.Seat, from console.Seat) (order []console.Seat, ok bool) {
	i := indexOf(seats, from)
	if i < 0 {
		return nil, false
	}
	order = make([]console.Seat, 0, len(seats))
	order = append(order, seats[i:]...)
	order = append(order, seats[:i]...)
	return order, true
}

// Next returns the seat after current in turn order, wrapping to the first
// seat after the last. ok is false when current is not one of seats.
func Next(seats []console.Seat, current console.Seat) (next console.Seat, ok bool) {
	i := indexOf(seats, current)
	if i < 0 {
		return "", false
	}
	return seats[(i+1)%len(seats)], true
}

// EndReason says why a game ended; the zero value means it has not.
type EndReason string

// The reasons a game ends.
const (
	// NotEnded: no end condition is met.
	NotEnded EndReason = ""
	// EndTarget: some player's total reached the target score.
	EndTarget EndReason = "target"
	// EndRounds: the fixed number of rounds has been played.
	EndRounds EndReason = "rounds"
	// EndAgreed: the players ended the game by agreement.
	EndAgreed EndReason = "agreed"
)

// End is a pad's end condition, checked at the end of each round. Both
// limits may be set; whichever is met first ends the game.
type End struct {
	// Target ends the game at the end of the round in which any player's
	// total reaches it (total >= Target, whether high or low scores win);
	// 0 means no target.
	Target int
	// Rounds ends the game once that many rounds are done; 0 means
	// unlimited.
	Rounds int
}

// Check reports whether the game ends now that roundsDone rounds are
// complete and the players' totals are totals. When both conditions are met
// at once the reason is EndTarget.
func (e End) Check(totals []int, roundsDone int) EndReason {
	if e.Target > 0 {
		for _, t := range totals {
			if t >= e.Target {
				return EndTarget
			}
		}
	}
	if e.Rounds > 0 && roundsDone >= e.Rounds {
		return EndRounds
	}
	return NotEnded
}
