package landsofruin

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console/report"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

// ReportSections gives the battle report its Lands of Ruin parts, from this
// view alone (the report reads the public view, so they hold what every
// seat may know): the players with their roles, sides, objectives and
// points; the characters on the table as everyone sees them, sections by
// the letters on the map; the Rotters.
func (v View) ReportSections() []report.Section {
	players := report.Section{Title: "Players", Header: []string{"Player", "Role", "Table side", "Objectives achieved", "Points", "Rotters killed"}}
	for _, p := range v.Players {
		var objs []string
		for _, o := range p.Objectives {
			objs = append(objs, fmt.Sprintf("%s ×%d", o.Name, o.Count))
		}
		seat := p.Seat
		if p.Panicked {
			seat += " (panicked)"
		}
		role := p.RoleName
		if role == "" {
			role = p.Role
		}
		players.Rows = append(players.Rows, []string{seat, dash(role), dash(p.Side), dash(strings.Join(objs, ", ")),
			fmt.Sprint(p.Points), fmt.Sprint(p.RottersKilled)})
	}
	chars := report.Section{Title: "Characters", Text: "As every player sees them: a character who is down may be pinned, unconscious or dead. Sections by the letters on the map.",
		Header: []string{"Character", "Player", "Where", "State", "Effects", "Unresolved hits", "Last result"}}
	for _, c := range v.Characters {
		state := "standing"
		switch {
		case c.Down:
			state = "down"
		case c.Wounded:
			state = "wounded"
		}
		var effects []string
		for _, e := range c.Effects {
			effects = append(effects, effectName(e))
		}
		chars.Rows = append(chars.Rows, []string{c.Name, c.Seat, sectionWhere(v.Map, c.Section), state, dash(strings.Join(effects, ", ")),
			fmt.Sprint(c.UnresolvedHits), dash(c.LastResult)})
	}
	out := []report.Section{players, chars}
	if t := v.RotterCount; t != nil {
		out = append(out, report.Section{Title: "Rotters", Header: []string{"Before the battle", "Arrived since", "Killed"},
			Rows: [][]string{{fmt.Sprint(t.PreGame), fmt.Sprint(t.Arrived), fmt.Sprint(t.Killed)}}})
	}
	return out
}

// ReportFacts describes the game's set-up in words for the report's
// summary (docs/landsofruin.md, LR-W7): scenario, map, rules, distances and how far it went.
func (v View) ReportFacts() []report.Fact {
	rules := "basic"
	if v.Mode == ModeAdvanced {
		rules = "advanced"
	}
	units := "inches"
	if v.Units == UnitsCM {
		units = "centimetres"
	}
	out := []report.Fact{{Label: "Scenario", Value: dash(v.ScenarioName)}, {Label: "Map", Value: dash(v.MapName)},
		{Label: "Rules", Value: rules}, {Label: "Distances", Value: units}}
	if v.Turn > 0 && v.Phase != PhaseSetup && v.Phase != PhasePreGame {
		out = append(out, report.Fact{Label: "Turns played", Value: fmt.Sprint(v.Turn)})
	}
	return out
}

// sectionWhere is where a character stands, for the report: "C (north
// street)", "off the table (north)", or "not deployed".
func sectionWhere(mapID, section string) string {
	if section == "" {
		return "not deployed"
	}
	if l := SectionLetter(mapID, section); l != "" {
		return l + " (" + SectionName(section) + ")"
	}
	for _, s := range content.Sides {
		if section == content.StripID(s) {
			return "off the table (" + string(s) + ")"
		}
	}
	return SectionName(section)
}

// dash is s, or "—" when it is empty.
func dash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
