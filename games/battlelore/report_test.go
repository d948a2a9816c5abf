package battlelore

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/report"
	"github.com/commandconsole/commandconsole/console/report/reporttest"
)

// TestReportOfGoldenGames: the battle report of every golden game shows
// the sides' VP and units, the armies, each side's units and the turns,
// in words (no ids, no view dump), and matches
// testdata/NAME.report.md.golden (-update rewrites it).
func TestReportOfGoldenGames(t *testing.T) {
	for _, p := range reporttest.Scripts(t, New(), scriptGlob) {
		name := strings.TrimSuffix(filepath.Base(p.Path), ".jsonl")
		reporttest.Check(t, name, p.Report)
		v := p.Report.View.(View)
		secs := p.Report.Sections
		if len(secs) != 5 || secs[0].Title != "Sides" || secs[4].Title != "Turns" || len(secs[4].Rows) != len(v.Turns) {
			t.Fatalf("%s: sections %+v", name, secs)
		}
		for i, s := range v.Sides {
			if got := secs[2+i].Rows; len(got) != len(s.Units) {
				t.Errorf("%s: %d rows for %d %s units", name, len(got), len(s.Units), s.Name)
			}
		}
		reporttest.Golden(t, strings.TrimSuffix(p.Path, ".jsonl")+".report.md.golden", p.Report, *update)
	}
}

// TestReportKeepsSetupSecrets: while the scenario cards are chosen, the
// report (the public view) shows neither card nor army, and says so.
func TestReportKeepsSetupSecrets(t *testing.T) {
	s, err := console.Create(New(), console.Setup{System: ID, Seats: []console.Seat{"dana", "uli"}}, console.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Do("uli", console.Command{Name: CmdScenario, Args: map[string]any{"letter": "B", "number": 2, "name": "Secret Peaks", "banners": "1,2"}}); err != nil {
		t.Fatal(err)
	}
	r, err := report.Build(console.NewLocal(s))
	if err != nil {
		t.Fatal(err)
	}
	reporttest.Check(t, "setup", r)
	md := report.Markdown(r)
	if strings.Contains(md, "Secret Peaks") {
		t.Errorf("the report shows a hidden scenario card:\n%s", md)
	}
	for _, want := range []string{"- **Scenario cards:** not revealed yet", "| Uthuk | not mustered yet |", "The battle has not begun"} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
}
