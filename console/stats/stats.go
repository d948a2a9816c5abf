// Package stats keeps each player's record across saved games (games
// played, wins, best and average score), matched by name, from the final
// placements stored in the saves index.
package stats

import (
	"sort"
	"strings"

	"github.com/commandconsole/commandconsole/console"
)

// Player is one name's record across finished games.
type Player struct {
	Name  string `json:"name"`
	Games int    `json:"games"`
	// Wins counts first places, shared ones included.
	Wins int `json:"wins"`
	// Best is the highest score in games where high scores win, and
	// BestLow the lowest in games where low scores win; nil when the player
	// has played no such game. Mixing the two would compare nothing.
	Best    *int `json:"best,omitempty"`
	BestLow *int `json:"best_low,omitempty"`
	// Total is the sum of all scores, for the average.
	Total int `json:"total"`
	// Systems lists the game systems played, sorted.
	Systems []string `json:"systems"`
}

// Average is the mean score, for display.
func (p Player) Average() float64 {
	if p.Games == 0 {
		return 0
	}
	return float64(p.Total) / float64(p.Games)
}

// key folds a name so "Alice" and "alice " are one player.
func key(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// lowWins reports whether a finished game ranked low scores first: its
// winner scored less than somebody placed below.
func lowWins(ps []console.Placement) bool {
	best := -1
	for i, p := range ps {
		if p.Place == 1 {
			best = i
			break
		}
	}
	if best < 0 {
		return false
	}
	for _, p := range ps {
		if p.Place > 1 {
			return p.Score > ps[best].Score
		}
	}
	return false
}

// FromGames builds the records of every player of the finished games in
// metas, most wins first, then most games, then by name. Metas are taken
// newest first (as a Store lists them), so the newest spelling of a name
// is the one shown.
func FromGames(metas []console.GameMeta) []Player {
	byKey := map[string]*Player{}
	systems := map[string]map[string]bool{}
	for _, m := range metas {
		if m.Status != console.StatusFinished || len(m.Result) == 0 {
			continue
		}
		low := lowWins(m.Result)
		for _, pl := range m.Result {
			name := pl.Name
			if strings.TrimSpace(name) == "" {
				name = string(pl.Seat)
			}
			k := key(name)
			p, ok := byKey[k]
			if !ok {
				p = &Player{Name: strings.TrimSpace(name)}
				byKey[k] = p
				systems[k] = map[string]bool{}
			}
			p.Games++
			p.Total += pl.Score
			if pl.Place == 1 {
				p.Wins++
			}
			score := pl.Score
			switch {
			case low && (p.BestLow == nil || score < *p.BestLow):
				p.BestLow = &score
			case !low && (p.Best == nil || score > *p.Best):
				p.Best = &score
			}
			systems[k][m.Setup.System] = true
		}
	}
	out := make([]Player, 0, len(byKey))
	for _, k := range console.SortedKeys(byKey) {
		p := byKey[k]
		p.Systems = console.SortedKeys(systems[k])
		out = append(out, *p)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Wins != out[j].Wins {
			return out[i].Wins > out[j].Wins
		}
		if out[i].Games != out[j].Games {
			return out[i].Games > out[j].Games
		}
		return key(out[i].Name) < key(out[j].Name)
	})
	return out
}
