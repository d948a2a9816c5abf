package runika

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/report"
	"github.com/commandconsole/commandconsole/console/report/reporttest"
)

// TestReportOfGoldenGames: the battle report of every golden game shows
// each player's points and where they came from, in words (no ids, no view
// dump), and matches testdata/NAME.report.md.golden (-update rewrites it).
func TestReportOfGoldenGames(t *testing.T) {
	for _, p := range reporttest.Scripts(t, New(), scriptGlob) {
		name := strings.TrimSuffix(filepath.Base(p.Path), ".jsonl")
		reporttest.Check(t, name, p.Report)
		v := p.Report.View.(View)
		secs := p.Report.Sections
		if len(secs) != 3 || secs[0].Title != "Scores" || len(secs[0].Rows) != len(v.Players) {
			t.Fatalf("%s: sections %+v", name, secs)
		}
		// Every rune card claimed is a row, and the scores add up.
		runes := 0
		for i, pl := range v.Players {
			runes += len(pl.Runes)
			row := secs[0].Rows[i]
			if row[0] != pl.Name || row[5] != strconv.Itoa(pl.RunePoints+pl.MeritPoints+pl.Tokens) {
				t.Errorf("%s: %s's row %q, view %+v", name, pl.Name, row, pl)
			}
		}
		if len(secs[1].Rows) != runes {
			t.Errorf("%s: %d rune card rows for %d cards", name, len(secs[1].Rows), runes)
		}
		reporttest.Golden(t, strings.TrimSuffix(p.Path, ".jsonl")+".report.md.golden", p.Report, *update)
	}
}

// TestReportFactsAtSetup: before the start the report says how the
// initiative token will be given, and the sections say nothing is
// claimed yet.
func TestReportFactsAtSetup(t *testing.T) {
	s, err := console.Create(New(), console.Setup{System: ID, Seats: []console.Seat{"ann", "ben"}, Options: map[string]string{"initiative": "ben"}}, console.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := report.Build(console.NewLocal(s))
	if err != nil {
		t.Fatal(err)
	}
	reporttest.Check(t, "setup", r)
	md := report.Markdown(r)
	for _, want := range []string{"- **Initiative token:** given to ben", "No rune card has been claimed yet.", "| Air | not claimed |"} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
}
