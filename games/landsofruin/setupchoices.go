package landsofruin

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
)

// SetupChoices is the new-game wizard's pickers, before there is a game
// to have a view: for each setup option of Info (scenario, map, mode,
// units) its values with a label and a note, the scenario's player count
// and the map's table sides, in the order Info lists them. Each value is
// one Info's option enum allows; the roles, sides and teams of a created
// game are in its view's commands.
func SetupChoices() []console.ArgChoices {
	var sc, maps []console.Choice
	for _, s := range data().rd.Scenarios {
		lo, hi := 0, 0
		var roles []string
		for _, r := range s.Roles {
			lo += r.Min
			if r.Max == 0 || hi < 0 {
				hi = -1
			} else {
				hi += r.Max
			}
			roles = append(roles, r.Name)
		}
		players := fmt.Sprintf("%d or more players", lo)
		if hi >= 0 {
			players = fmt.Sprintf("%d to %d players", lo, hi)
			if lo == hi {
				players = plural(lo, "player", "players")
			}
		}
		sc = append(sc, console.Choice{Value: s.ID, Label: s.Name, Note: players + "; roles: " + strings.Join(roles, ", ")})
	}
	for _, m := range data().cont.Maps {
		var sides []string
		for _, s := range m.Sides {
			sides = append(sides, string(s))
		}
		maps = append(maps, console.Choice{Value: m.ID, Label: m.Name, Note: "table sides: " + strings.Join(sides, ", ")})
	}
	return []console.ArgChoices{
		{Arg: "scenario", Choices: sc},
		{Arg: "map", Choices: maps},
		{Arg: "mode", Choices: []console.Choice{
			{Value: ModeAdvanced, Label: "advanced", Note: "light and heavy cover, criticals, morale"},
			{Value: ModeBasic, Label: "basic", Note: "one cover state, no criticals, morale always normal"}}},
		{Arg: "units", Choices: []console.Choice{
			{Value: UnitsInches, Label: "inches"},
			{Value: UnitsCM, Label: "centimetres"}}},
	}
}
