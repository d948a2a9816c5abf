package runeball

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/commandconsole/commandconsole/console/report"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// ReportSections gives the battle report its Runeball parts, from this
// view alone (the report reads the public view: before both rosters are
// locked a team shows only how many slots it has filled): the score, and
// each team's players with where they are, their hit points and wounds.
// The view counts points, not touchdowns and field goals; the timeline
// names each score. See docs/reports.md.
func (v View) ReportSections() []report.Section {
	score := report.Section{Title: "Score", Header: []string{"Team", "Coach", "Points"}}
	over := v.Phase == PhaseOver
	if over {
		score.Header = append(score.Header, "Result")
	}
	for i, t := range v.Teams {
		row := []string{reportTeam(t.Team), reportDash(t.Seat), "—"}
		if i < len(v.Score) {
			row[2] = strconv.Itoa(v.Score[i])
		}
		if over {
			row = append(row, reportResult(v, i))
		}
		score.Rows = append(score.Rows, row)
	}
	if v.Scored != "" {
		score.Text = "Last score: " + v.Scored + "."
	}
	out := []report.Section{score}
	for _, t := range v.Teams {
		out = append(out, reportTeamSection(v, t))
	}
	return out
}

// reportTeamSection is one team's players as the report shows them.
func reportTeamSection(v View, t TeamView) report.Section {
	sec := report.Section{Title: reportTeam(t.Team) + " team"}
	if t.Hidden {
		sec.Text = fmt.Sprintf("Shown once both rosters are locked: %d of %d players named so far.", t.Filled, roster.TeamSize)
		return sec
	}
	if t.Filled == 0 {
		sec.Text = "No player on the roster yet."
		return sec
	}
	sec.Header = []string{"Player", "Where", "HP", "Wounds", "Notes"}
	for _, p := range t.Players {
		if p.Empty {
			continue
		}
		name := p.Name
		if name == "" {
			name = "unnamed"
		}
		where := "on the bench"
		switch {
		case p.Out:
			where = "out (unconscious)"
		case p.OnField && p.Prone:
			where = "on the field, prone"
		case p.OnField:
			where = "on the field"
		}
		hp := "—"
		if p.Complete {
			hp = fmt.Sprintf("%d of %d", p.CurrentHP, p.HP)
			if !t.Locked {
				hp = strconv.Itoa(p.HP)
			}
		}
		wounds := p.Wounds
		if wounds == "" {
			wounds = "—"
		}
		var notes []string
		if v.Ball.Holder != "" && v.Ball.Holder == p.ID {
			notes = append(notes, "has the ball")
		}
		if p.Kicker {
			notes = append(notes, "kicker")
		}
		if t.Doctor != "" && t.Doctor == p.ID {
			notes = append(notes, "team doctor")
		}
		if !p.Complete {
			notes = append(notes, "sheet not complete")
		}
		sec.Rows = append(sec.Rows, []string{name + " (" + p.ID + ")", where, hp, wounds, reportDash(strings.Join(notes, ", "))})
	}
	return sec
}

// ReportFacts describes the match in words for the report's summary: how
// far it went, the Keshat round and its choices and, while the match goes
// on, the kicking team and the ball.
func (v View) ReportFacts() []report.Fact {
	var out []report.Fact
	switch v.Phase {
	case PhaseRoster:
		out = append(out, report.Fact{Label: "Match", Value: "the coaches are filling their rosters"})
	case PhaseStart:
		out = append(out, report.Fact{Label: "Match", Value: "before the first kickoff"})
	case PhaseOver:
		out = append(out, report.Fact{Label: "Match", Value: fmt.Sprintf("played to the end: %s of %d rounds each", reportPlural(v.Half, "half", "halves"), v.RoundsPerHalf)})
	default:
		where := fmt.Sprintf("half %d", v.Half)
		if v.Round > 0 {
			where += fmt.Sprintf(", round %d of %d", v.Round, v.RoundsPerHalf)
		}
		out = append(out, report.Fact{Label: "Match", Value: where})
	}
	if v.KeshatWinner != "" {
		k := "won by " + reportTeam(v.KeshatWinner)
		if v.FirstChoice != "" && v.SecondChoice != "" {
			k += fmt.Sprintf("; first choice %s, second choice %s", reportTeam(v.FirstChoice), reportTeam(v.SecondChoice))
		}
		out = append(out, report.Fact{Label: "Keshat round", Value: k})
	}
	if v.Phase == PhaseOver {
		return out
	}
	if v.Kicking != "" {
		out = append(out, report.Fact{Label: "Kicking team", Value: reportTeam(v.Kicking)})
	}
	if b := reportBall(v); b != "" {
		out = append(out, report.Fact{Label: "Ball", Value: b})
	}
	return out
}

// reportBall says where the ball is, by the carrier's name; "" when it is
// not in play.
func reportBall(v View) string {
	switch v.Ball.State {
	case BallHeld:
		if n := reportPlayerName(v, v.Ball.Holder); n != "" {
			return "carried by " + n
		}
		return "carried"
	case BallRest, BallBouncing:
		return "loose on the field"
	}
	return ""
}

// reportPlayerName is a player's name with his marker, "Bolt (H2)"; the marker
// alone when he has no name; "" when no team shows him.
func reportPlayerName(v View, id string) string {
	if id == "" {
		return ""
	}
	for _, t := range v.Teams {
		for _, p := range t.Players {
			if p.ID == id {
				if p.Name == "" {
					return id
				}
				return p.Name + " (" + id + ")"
			}
		}
	}
	return id
}

// reportResult is team i's result in a finished match: "won", "lost",
// "draw".
func reportResult(v View, i int) string {
	if i > 1 {
		return "—"
	}
	switch {
	case v.Score[i] > v.Score[1-i]:
		return "won"
	case v.Score[i] < v.Score[1-i]:
		return "lost"
	}
	return "draw"
}

// reportTeam is a team's name for a heading: "Home", "Away".
func reportTeam(team string) string {
	if team == "" {
		return "—"
	}
	return strings.ToUpper(team[:1]) + team[1:]
}

// reportPlural renders "1 half", "2 halves".
func reportPlural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// reportDash is s, or "—" when it is empty.
func reportDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
