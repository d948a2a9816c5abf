// Package games is the registry of game systems: every system the app and
// the command line can play, looked up by id. Each system lives in its own
// subpackage and implements console.Rules; adding one is a line here.
package games

import (
	"sort"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/battlelore"
	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/games/runeball"
	"github.com/commandconsole/commandconsole/games/runika"
	"github.com/commandconsole/commandconsole/games/ruunara"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

// All returns every registered game system, sorted by id.
func All() []console.Rules {
	all := []console.Rules{
		battlelore.New(),
		landsofruin.New(),
		runeball.New(),
		runika.New(),
		ruunara.New(),
		scorepad.New(),
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Info().ID < all[j].Info().ID })
	return all
}

// Playable returns the systems a player can start a game of.
func Playable() []console.Rules {
	var out []console.Rules
	for _, r := range All() {
		if r.Info().Playable {
			out = append(out, r)
		}
	}
	return out
}

// Lookup returns the system with the given id, or a rejection that lists
// the known ones.
func Lookup(id string) (console.Rules, error) {
	var ids []string
	for _, r := range All() {
		if r.Info().ID == id {
			return r, nil
		}
		ids = append(ids, r.Info().ID)
	}
	return nil, console.Reject("unknown game system %q (known: %s)", id, strings.Join(ids, ", "))
}
