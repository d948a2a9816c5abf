package runika

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/commandconsole/commandconsole/console/report"
)

// ReportSections gives the battle report its Runika parts, from this view
// alone (Runika hides nothing, so the public view is the whole table):
// each player's score and where it came from, the rune cards claimed round
// by round, and the mastery runes with who completed them. See
// docs/reports.md.
func (v View) ReportSections() []report.Section {
	scores := report.Section{Title: "Scores",
		Text:   "A player's score is the points on their rune cards and merit cards and their points tokens.",
		Header: []string{"Player", "Character", "Rune cards", "Merit cards", "Points tokens", "Total"}}
	if v.Finished {
		scores.Header = append(scores.Header, "Place")
	}
	for _, p := range v.Players {
		row := []string{p.Name, dash(p.Character), cardPoints(p.RunePoints, len(p.Runes), nil), cardPoints(p.MeritPoints, len(p.Merits), p.Merits),
			strconv.Itoa(p.Tokens), strconv.Itoa(p.Total)}
		if v.Finished {
			row = append(row, placeWords(p.Place))
		}
		scores.Rows = append(scores.Rows, row)
	}
	out := []report.Section{scores}

	type claim struct {
		round, seat int
		row         []string
	}
	var claims []claim
	for i, p := range v.Players {
		for _, r := range p.Runes {
			claims = append(claims, claim{r.Round, i, []string{strconv.Itoa(r.Round), p.Name, r.Name, runeKind(r), strconv.Itoa(r.Points)}})
		}
	}
	// Round by round, each round's claims in seat order and, within a
	// player, in the order claimed (a stable sort keeps it).
	sort.SliceStable(claims, func(a, b int) bool {
		if claims[a].round != claims[b].round {
			return claims[a].round < claims[b].round
		}
		return claims[a].seat < claims[b].seat
	})
	runes := report.Section{Title: "Rune cards claimed", Header: []string{"Round", "Player", "Rune card", "Kind", "Points"}}
	for _, c := range claims {
		runes.Rows = append(runes.Rows, c.row)
	}
	if len(runes.Rows) == 0 {
		runes.Text = "No rune card has been claimed yet."
	}
	out = append(out, runes)

	masteries := report.Section{Title: "Mastery runes", Header: []string{"Element", "Held by", "Rune card", "Value", "Completed by"}}
	for _, m := range v.Masteries {
		if !m.Claimed {
			masteries.Rows = append(masteries.Rows, []string{elementTitle(m.Element), "not claimed", "—", "—", "—"})
			continue
		}
		var by []string
		for _, p := range v.Players {
			for _, c := range p.Completions {
				if c.Element == m.Element {
					by = append(by, fmt.Sprintf("%s in round %d (%s for the dice and %d for the mastery)",
						p.Name, c.Round, plural(c.Tokens, "points token", "points tokens"), c.Value))
				}
			}
		}
		masteries.Rows = append(masteries.Rows, []string{elementTitle(m.Element), string(m.Owner), dash(m.Name), strconv.Itoa(m.Value), dash(strings.Join(by, "; "))})
	}
	return append(out, masteries)
}

// ReportFacts describes the game in words for the report's summary: how
// far it went, who holds the initiative token, the target score, the
// decks and why the game ends.
func (v View) ReportFacts() []report.Fact {
	var out []report.Fact
	switch {
	case v.Phase == PhaseSetup:
		who := "drawn at random at the start"
		if v.InitiativeOption != "" {
			who = "given to " + string(v.InitiativeOption)
		}
		out = append(out, report.Fact{Label: "Round", Value: "not started (choosing characters)"},
			report.Fact{Label: "Initiative token", Value: who})
	case v.Finished:
		out = append(out, report.Fact{Label: "Rounds played", Value: strconv.Itoa(v.Round)})
	default:
		out = append(out, report.Fact{Label: "Round", Value: strconv.Itoa(v.Round)},
			report.Fact{Label: "Initiative token", Value: dash(string(v.Initiative))})
	}
	out = append(out, report.Fact{Label: "Target score", Value: plural(v.TargetScore, "point", "points")})
	if v.Phase != PhaseSetup {
		out = append(out, report.Fact{Label: "Rune deck", Value: plural(v.RuneDeck, "card left", "cards left")},
			report.Fact{Label: "Merit deck", Value: plural(v.MeritDeck, "card left", "cards left")})
	}
	if why := v.EndReasonWords(); why != "" {
		label := "Ended because"
		if !v.Finished {
			label = "Last round because"
		}
		out = append(out, report.Fact{Label: label, Value: why})
	}
	return out
}

// runeKind names a claimed rune card's kind: "Air elemental rune", "wild
// rune", "Water mastery rune".
func runeKind(r RuneView) string {
	switch r.Kind {
	case KindWild:
		return "wild rune"
	case KindMastery:
		return elementTitle(r.Element) + " mastery rune"
	}
	return strings.TrimSpace(elementTitle(r.Element) + " elemental rune")
}

// cardPoints renders the points of a player's cards: "0", "3 (1 card)",
// "9 (5 cards)", or with the cards' values "5 (3 + 2)".
func cardPoints(points, cards int, values []int) string {
	switch {
	case cards == 0:
		return "0"
	case len(values) > 1:
		vals := make([]string, len(values))
		for i, x := range values {
			vals[i] = strconv.Itoa(x)
		}
		return fmt.Sprintf("%d (%s)", points, strings.Join(vals, " + "))
	}
	return fmt.Sprintf("%d (%s)", points, plural(cards, "card", "cards"))
}

// dash is s, or "—" when it is empty.
func dash(s string) string {
	if s == "" {
		return "—"
	}
	return s
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
