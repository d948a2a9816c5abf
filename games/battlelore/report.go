package battlelore

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/commandconsole/commandconsole/console/report"
)

// ReportSections gives the battle report its BattleLore parts, from this
// view alone (the report reads the public view, which shows no scenario
// card or army before both are revealed): the two sides with their VP,
// units and lore; each side's army and units; the turns with the command
// card played, the VP taken and the Lore step's choice. See
// docs/reports.md.
func (v View) ReportSections() []report.Section {
	sides := report.Section{Title: "Sides", Header: []string{"Side", "Player", "VP", "Units left", "Units eliminated", "Lore tokens", "Lore cards", "Command cards"}}
	if v.Finished {
		sides.Header = append(sides.Header, "Result")
	}
	for _, s := range v.Sides {
		left, gone := "—", "—"
		if len(s.Units) > 0 {
			left, gone = strconv.Itoa(s.UnitsLeft), strconv.Itoa(s.UnitsEliminated)
		}
		row := []string{s.FullName, string(s.Seat), strconv.Itoa(s.VP), left, gone,
			strconv.Itoa(s.LoreTokens), strconv.Itoa(s.LoreCards), strconv.Itoa(s.CommandCards)}
		if v.Finished {
			res := "lost"
			if s.Place == 1 {
				res = "won"
			}
			row = append(row, res)
		}
		sides.Rows = append(sides.Rows, row)
	}
	out := []report.Section{sides}

	armies := report.Section{Title: "Armies", Header: []string{"Side", "Army"}}
	for _, s := range v.Sides {
		switch {
		case s.Army != nil:
			armies.Rows = append(armies.Rows, []string{s.Name, armyText(*s.Army)})
		case s.Mustered:
			armies.Rows = append(armies.Rows, []string{s.Name, "mustered, hidden until both armies are revealed"})
		default:
			armies.Rows = append(armies.Rows, []string{s.Name, "not mustered yet"})
		}
	}
	out = append(out, armies)

	for _, s := range v.Sides {
		if len(s.Units) == 0 {
			continue
		}
		units := report.Section{Title: s.Name + " units", Header: []string{"Unit", "Traits", "Strength", "Condition"}}
		for _, u := range s.Units {
			units.Rows = append(units.Rows, []string{u.Name, dash(strings.Join(u.Traits, ", ")), unitStrength(u), conditionWords(u.Condition)})
		}
		out = append(out, units)
	}

	turns := report.Section{Title: "Turns", Header: []string{"Turn", "Side", "Command card", "VP taken", "Lore step"}}
	for _, t := range v.Turns {
		card := "—"
		switch {
		case t.CommandCard != "":
			card = t.CommandCard
		case t.CardPlayed:
			card = "played (not named)"
		}
		vp := "—"
		if t.VPScored {
			vp = strconv.Itoa(t.VP)
			if t.Exchanged > 0 {
				vp += fmt.Sprintf(" and %d for lore", t.Exchanged)
			}
		}
		lore := loreChoiceWords(t.LoreChoice)
		if lore == "" && v.Mode == ModeLearning {
			lore = "none (learning scenario)"
		}
		turn := strconv.Itoa(t.Turn)
		if t.Current {
			turn += " (now)"
		}
		turns.Rows = append(turns.Rows, []string{turn, factionName(t.Faction), card, vp, dash(lore)})
	}
	if len(turns.Rows) == 0 {
		turns.Text = "The battle has not begun: the players are still setting up."
	}
	return append(out, turns)
}

// ReportFacts describes the game in words for the report's summary: the
// scenario, the first player, how far it went, what wins and why it
// ended.
func (v View) ReportFacts() []report.Fact {
	var out []report.Fact
	if v.Mode == ModeLearning {
		out = append(out, report.Fact{Label: "Scenario", Value: "the learning scenario"})
	} else {
		var cards []string
		for _, s := range v.Sides {
			if s.Scenario != nil {
				cards = append(cards, s.Name+": "+scenarioWords(*s.Scenario))
			}
		}
		if len(cards) == 0 {
			out = append(out, report.Fact{Label: "Scenario cards", Value: "not revealed yet"})
		} else {
			out = append(out, report.Fact{Label: "Scenario cards", Value: strings.Join(cards, "; ")})
		}
	}
	if v.FirstPlayer != "" {
		how := ""
		switch v.FirstPlayerBy {
		case "learning":
			how = " (by the learning scenario)"
		case "initiative":
			how = " (by the scenario cards' initiative)"
		case "random":
			how = " (drawn at random, the initiatives being equal)"
		}
		out = append(out, report.Fact{Label: "First player", Value: factionName(v.FirstPlayer) + how})
	}
	if v.Turn > 0 {
		label := "Turn"
		if v.Finished {
			label = "Turns played"
		}
		out = append(out, report.Fact{Label: label, Value: strconv.Itoa(v.Turn)})
	}
	out = append(out, report.Fact{Label: "To win", Value: fmt.Sprintf("%d VP or more, and more than the opponent, at the start of a first-player turn; or every enemy unit eliminated", v.WinVP)})
	if v.Finished {
		why := ""
		switch v.EndReason {
		case EndVictoryPoints:
			why = factionName(v.Winner) + " reached the victory points"
		case EndEliminated:
			why = "every " + loserName(v) + " unit was eliminated"
		case EndConceded:
			why = loserName(v) + " conceded"
		}
		if why != "" {
			out = append(out, report.Fact{Label: "Ended because", Value: why})
		}
	}
	return out
}

// loserName is the side that lost a finished game.
func loserName(v View) string {
	for _, s := range v.Sides {
		if s.Faction != v.Winner {
			return s.Name
		}
	}
	return "the other side"
}

// scenarioWords renders a scenario card for a player: "Crossing the River
// of Sleep (C1, banners worth 2 and 1 VP)".
func scenarioWords(s ScenarioView) string {
	var b strings.Builder
	if s.Name != "" {
		b.WriteString(s.Name + " ")
	}
	b.WriteString("(" + s.Initiative)
	if len(s.Banners) > 0 {
		vals := make([]string, len(s.Banners))
		for i, x := range s.Banners {
			vals[i] = strconv.Itoa(x)
		}
		and := vals[0]
		if len(vals) > 1 {
			and = strings.Join(vals[:len(vals)-1], ", ") + " and " + vals[len(vals)-1]
		}
		fmt.Fprintf(&b, ", banners worth %s VP", and)
	}
	b.WriteString(")")
	return b.String()
}

// unitStrength says what is left of a unit: "2 of 3 figures", "2 of 6 damage
// tokens of 6" for a legend.
func unitStrength(u UnitView) string {
	if u.Legend {
		return fmt.Sprintf("%d of %d damage tokens", u.Damage, u.Health)
	}
	return fmt.Sprintf("%d of %d figures", u.Figures, u.Health)
}

// conditionWords renders a unit's condition for a player.
func conditionWords(c string) string {
	switch c {
	case ConditionFull:
		return "full strength"
	case ConditionDamaged:
		return "damaged"
	case ConditionWeak:
		return "weak (one figure left)"
	case ConditionEliminated:
		return "eliminated"
	}
	return dash(c)
}

// loreChoiceWords renders a Lore step's choice: "2 lore tokens"; "" when
// none was made.
func loreChoiceWords(c string) string {
	switch c {
	case LoreChoiceTokens:
		return "2 lore tokens"
	case LoreChoiceTokenAndCard:
		return "1 lore token and 1 lore card"
	case LoreChoiceTwoCards:
		return "2 lore cards drawn, 1 discarded"
	}
	return ""
}

// dash is s, or "—" when it is empty.
func dash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
