package landsofruin

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console/report"
)

// ReportSections gives the battle report its Lands of Ruin parts, from this
// view alone (the report reads the public view, so they hold what every
// seat may know): the players with their roles, sides, objectives and
// points; the characters on the table as everyone sees them; the Rotters.
func (v View) ReportSections() []report.Section {
	players := report.Section{Title: "Players", Header: []string{"Player", "Role", "Side", "Objectives", "Points", "Rotters killed"}}
	for _, p := range v.Players {
		var objs []string
		for _, o := range p.Objectives {
			objs = append(objs, fmt.Sprintf("%s ×%d", o.Name, o.Count))
		}
		seat := p.Seat
		if p.Panicked {
			seat += " (panicked)"
		}
		players.Rows = append(players.Rows, []string{seat, p.Role, p.Side, dash(strings.Join(objs, ", ")),
			fmt.Sprint(p.Points), fmt.Sprint(p.RottersKilled)})
	}
	chars := report.Section{Title: "Characters", Text: "As every player sees them: a character who is down may be pinned, unconscious or dead.",
		Header: []string{"Character", "Player", "Where", "State", "Effects", "Unresolved hits", "Last result"}}
	for _, c := range v.Characters {
		where := c.Section
		if where == "" {
			where = "off the table"
		}
		state := "standing"
		switch {
		case c.Down:
			state = "down"
		case c.Wounded:
			state = "wounded"
		}
		chars.Rows = append(chars.Rows, []string{c.Name, c.Seat, where, state, dash(strings.Join(c.Effects, ", ")),
			fmt.Sprint(c.UnresolvedHits), dash(c.LastResult)})
	}
	out := []report.Section{players, chars}
	if t := v.RotterCount; t != nil {
		out = append(out, report.Section{Title: "Rotters", Header: []string{"Before the battle", "Arrived since", "Killed"},
			Rows: [][]string{{fmt.Sprint(t.PreGame), fmt.Sprint(t.Arrived), fmt.Sprint(t.Killed)}}})
	}
	return out
}

// dash is s, or "—" when it is empty.
func dash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
