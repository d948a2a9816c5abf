package scorepad

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console/report"
	"github.com/commandconsole/commandconsole/console/report/reporttest"
)

// TestReportOfGoldenGames: the battle report of every golden game shows
// the pad as a table of rounds with its totals, in words (no ids, no view
// dump), and matches testdata/NAME.report.md.golden (-update rewrites it).
func TestReportOfGoldenGames(t *testing.T) {
	for _, p := range reporttest.Scripts(t, New(), scriptGlob) {
		name := strings.TrimSuffix(filepath.Base(p.Path), ".jsonl")
		reporttest.Check(t, name, p.Report)
		v := p.Report.View.(View)
		if len(p.Report.Sections) != 1 || len(p.Report.Sections[0].Rows) != len(v.Players) {
			t.Errorf("%s: sections %+v for %d players", name, p.Report.Sections, len(v.Players))
		}
		reporttest.Golden(t, strings.TrimSuffix(p.Path, ".jsonl")+".report.md.golden", p.Report, *update)
	}
}

// TestReportSectionsTable: a finished pad lists each round's score, the
// total and the place in words.
func TestReportSectionsTable(t *testing.T) {
	v := View{Round: 2, RoundCount: 2, Finished: true, Players: []PlayerView{
		{Name: "alice", Scores: []int{12, 10}, Total: 22, Place: 1},
		{Name: "bob", Scores: []int{9}, Total: 9, Place: 2},
	}}
	var _ report.Sectioned = v
	var _ report.Summarised = v
	s := v.ReportSections()[0]
	if got, want := strings.Join(s.Header, "|"), "Player|Round 1|Round 2|Total|Place"; got != want {
		t.Errorf("header %q, want %q", got, want)
	}
	if got, want := strings.Join(s.Rows[1], "|"), "bob|9|—|9|2nd"; got != want {
		t.Errorf("bob's row %q, want %q", got, want)
	}
	for place, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 21: "21st", 0: "—"} {
		if got := placeWords(place); got != want {
			t.Errorf("placeWords(%d) = %q, want %q", place, got, want)
		}
	}
}
