package scorepad

import (
	"fmt"
	"strconv"

	"github.com/commandconsole/commandconsole/console/report"
	"github.com/commandconsole/commandconsole/games/pad"
)

// ReportSections gives the battle report the pad itself: each player's
// score in every round and the total, from this view alone (the pad hides
// nothing, so the public view is the whole pad). See docs/reports.md.
func (v View) ReportSections() []report.Section {
	sec := report.Section{Title: "Scores by round", Header: []string{"Player"}}
	for r := 1; r <= v.RoundCount; r++ {
		h := "Round " + strconv.Itoa(r)
		if !v.Finished && r == v.Round {
			h += " (now)"
		}
		sec.Header = append(sec.Header, h)
	}
	sec.Header = append(sec.Header, "Total")
	if v.Finished {
		sec.Header = append(sec.Header, "Place")
	}
	for _, p := range v.Players {
		row := []string{p.Name}
		for r := 0; r < v.RoundCount; r++ {
			cell := "—"
			if r < len(p.Scores) {
				cell = strconv.Itoa(p.Scores[r])
			}
			row = append(row, cell)
		}
		row = append(row, strconv.Itoa(p.Total))
		if v.Finished {
			row = append(row, placeWords(p.Place))
		}
		sec.Rows = append(sec.Rows, row)
	}
	if len(v.Players) == 0 {
		sec.Text = "No players on the pad."
	}
	return []report.Section{sec}
}

// ReportFacts describes the pad's set-up in words for the report's
// summary: how many rounds, the target score, which total wins and, once
// over, why the game ended.
func (v View) ReportFacts() []report.Fact {
	var out []report.Fact
	switch {
	case v.Finished && v.RoundsLimit > 0:
		out = append(out, report.Fact{Label: "Rounds played", Value: fmt.Sprintf("%d of %d", v.Round, v.RoundsLimit)})
	case v.Finished:
		out = append(out, report.Fact{Label: "Rounds played", Value: strconv.Itoa(v.Round)})
	case v.RoundsLimit > 0:
		out = append(out, report.Fact{Label: "Round", Value: fmt.Sprintf("%d of %d", v.Round, v.RoundsLimit)})
	default:
		out = append(out, report.Fact{Label: "Round", Value: strconv.Itoa(v.Round) + " (no limit)"})
	}
	if v.Target > 0 {
		out = append(out, report.Fact{Label: "Target score", Value: strconv.Itoa(v.Target)})
	}
	wins := "the highest total wins"
	if v.Wins == WinsLow {
		wins = "the lowest total wins"
	}
	out = append(out, report.Fact{Label: "Scoring", Value: wins})
	if v.Finished {
		why := ""
		switch pad.EndReason(v.EndReason) {
		case pad.EndTarget:
			why = "a total reached the target score"
		case pad.EndRounds:
			why = "every round was played"
		case pad.EndAgreed:
			why = "the players agreed to end it"
		}
		if why != "" {
			out = append(out, report.Fact{Label: "Ended because", Value: why})
		}
	}
	return out
}

// placeWords is a final place for the report: "1st", "2nd", "3rd", "4th";
// "—" when unknown.
func placeWords(place int) string {
	if place <= 0 {
		return "—"
	}
	suffix := "th"
	if place%100 < 11 || place%100 > 13 {
		switch place % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(place) + suffix
}
