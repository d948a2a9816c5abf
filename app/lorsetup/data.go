package lorsetup

import (
	"fmt"
	"strings"
	"sync"

	"github.com/commandconsole/commandconsole/games/landsofruin/content"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
)

// tables is the shipped rules tables and content: public reference data
// (scenarios with their story and objectives, maps, tribes, pre-made
// characters), never a game's state.
type tables struct {
	rd   *rules.Data
	cont *content.Content
}

var loadTables = sync.OnceValues(func() (*tables, error) {
	rd, err := rules.Default()
	if err != nil {
		return nil, err
	}
	c, err := content.Default()
	if err != nil {
		return nil, err
	}
	return &tables{rd: rd, cont: c}, nil
})

// shipped returns the tables, or nil when they do not load (a broken
// build; the panels then show what the views and SetupChoices give).
func shipped() *tables {
	t, err := loadTables()
	if err != nil {
		return nil
	}
	return t
}

// scenarioText is a scenario's story and, per role, its objectives, as
// lines for the new-game form; nil when the scenario is unknown.
func scenarioText(id string) (story string, roles []string) {
	t := shipped()
	if t == nil {
		return "", nil
	}
	sc := t.rd.Scenario(id)
	if sc == nil {
		return "", nil
	}
	for _, r := range sc.Roles {
		players := fmt.Sprintf("%d to %d players", r.Min, r.Max)
		switch {
		case r.Max == 0:
			players = fmt.Sprintf("%d or more players", r.Min)
		case r.Min == r.Max:
			players = fmt.Sprintf("%d player(s)", r.Min)
		}
		line := fmt.Sprintf("%s (%s, teams up to %d gear value", r.Name, players, r.MaxGearValue)
		if r.Infiltrators {
			line += ", infiltrators allowed"
		}
		line += ")"
		var objs []string
		for _, oid := range r.Objectives {
			if o := t.rd.Objective(oid); o != nil {
				objs = append(objs, fmt.Sprintf("%s (%d points): %s", o.Name, o.Points, strings.TrimSpace(o.Description)))
			}
		}
		if len(objs) > 0 {
			line += "\nObjectives: " + strings.Join(objs, "; ")
		}
		roles = append(roles, line)
	}
	return sc.Summary, roles
}

// roleObjectives is the objectives of a scenario's role in one line.
func roleObjectives(scenario, role string) string {
	t := shipped()
	if t == nil {
		return ""
	}
	sc := t.rd.Scenario(scenario)
	if sc == nil {
		return ""
	}
	r := sc.Role(role)
	if r == nil {
		return ""
	}
	var objs []string
	for _, oid := range r.Objectives {
		if o := t.rd.Objective(oid); o != nil {
			objs = append(objs, fmt.Sprintf("%s (%d points)", o.Name, o.Points))
		}
	}
	if len(objs) == 0 {
		return ""
	}
	return "objectives: " + strings.Join(objs, ", ")
}

// gearLimit is the maximum gear value of a scenario's role (the content's
// default when the role sets none).
func gearLimit(scenario, role string) int {
	t := shipped()
	if t == nil {
		return 0
	}
	if sc := t.rd.Scenario(scenario); sc != nil {
		if r := sc.Role(role); r != nil && r.MaxGearValue > 0 {
			return r.MaxGearValue
		}
	}
	return t.cont.TeamRules.DefaultMaxGearValue
}

// mapDescription is a map's description from the content.
func mapDescription(id string) string {
	t := shipped()
	if t == nil {
		return ""
	}
	if m, ok := t.cont.Map(id); ok {
		return m.Description
	}
	return ""
}

// sectionLabel is a map section's label ("H"), or its id when unknown.
func sectionLabel(mapID, section string) string {
	t := shipped()
	if t == nil {
		return section
	}
	if m, ok := t.cont.Map(mapID); ok {
		if s, ok := m.Section(section); ok && s.Label != "" {
			return s.Label
		}
	}
	return section
}

// ScenarioPlayers is how many players a scenario takes, from its roles'
// minimum and maximum (max 0: no upper limit); ok is false for an unknown
// scenario. The new-game form does not choose the seats: the screen that
// does can check its count with this.
func ScenarioPlayers(scenario string) (min, max int, ok bool) {
	t := shipped()
	if t == nil {
		return 0, 0, false
	}
	sc := t.rd.Scenario(scenario)
	if sc == nil {
		return 0, 0, false
	}
	open := false
	for _, r := range sc.Roles {
		min += r.Min
		max += r.Max
		open = open || r.Max == 0
	}
	if open {
		max = 0
	}
	return min, max, true
}
