package ruunara

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console/report"
	"github.com/commandconsole/commandconsole/games/ruunara/card"
)

// ReportSections gives the battle report its Ruunara parts, from the
// public view (SPEC.md §6.5): the result, the heroes' fates with their
// abilities used, and the enemies.
func (v View) ReportSections() []report.Section {
	res := report.Section{Title: "Mission", Header: []string{"Mission", "Mode", "Result", "Rounds"}}
	result := v.Result
	if result == "" {
		result = "in progress"
	} else if v.Reason != "" {
		result += " (" + v.Reason + ")"
	}
	mode := "Free play"
	if v.Mode == "story" {
		mode = "Story mode"
	}
	if v.Race != "" {
		mode += ", " + card.RaceName(v.Race)
	}
	res.Rows = append(res.Rows, []string{v.Mission.Name, mode, result, fmt.Sprint(v.Round)})
	heroes := report.Section{Title: "Heroes", Header: []string{"Hero", "Seat", "Hit points", "Fate", "Abilities used"}}
	for _, h := range v.Heroes {
		fate := map[string]string{StatusFree: "free", StatusCaptured: "captured", StatusExecuted: "executed", StatusRemoved: "out of the game"}[h.Status]
		if h.Timer != "" && h.Status != StatusFree {
			fate = h.Timer
		}
		var used []string
		for _, a := range h.Abilities {
			if a.Uses > 0 && a.Left < a.Uses {
				used = append(used, fmt.Sprintf("%s %d/%d left", a.Name, a.Left, a.Uses))
			}
		}
		if len(used) == 0 {
			used = []string{"–"}
		}
		heroes.Rows = append(heroes.Rows, []string{h.Name + " (" + h.ID + ")", h.Seat, fmt.Sprintf("%d/%d", h.HP, h.MaxHP), fate, strings.Join(used, ", ")})
	}
	enemies := report.Section{Title: "Enemies", Header: []string{"Enemy", "Card", "Hit points", "State"}}
	for _, e := range v.Enemies {
		state := e.Label
		if e.Mode == "dead" && e.Body {
			state = "killed instantly"
		} else if e.Mode == "dead" {
			state = "killed"
		}
		enemies.Rows = append(enemies.Rows, []string{e.ID, e.Name, fmt.Sprintf("%d/%d", e.HP, e.MaxHP), state})
	}
	return []report.Section{res, heroes, enemies}
}
