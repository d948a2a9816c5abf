package runeball

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console/report"
	"github.com/commandconsole/commandconsole/console/report/reporttest"
)

// TestReportOfGoldenGames: the battle report of every golden game shows
// the score and each team's players by name, with "HP" and wounds in
// words, the Keshat and the ball as facts; no ids, no field names, no
// view dump; and a team hidden in the public view stays hidden.
func TestReportOfGoldenGames(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range reporttest.Scripts(t, New(), scriptGlob) {
		name := strings.TrimSuffix(filepath.Base(p.Path), ".jsonl")
		r := p.Report
		reporttest.Check(t, name, r)
		v := r.View.(View)
		if len(r.Sections) != 1+len(v.Teams) || r.Sections[0].Title != "Score" {
			t.Fatalf("%s: sections %+v", name, r.Sections)
		}
		md := report.Markdown(r)
		for i, tm := range v.Teams {
			sec := r.Sections[1+i]
			if tm.Hidden {
				seen["hidden"] = true
				if len(sec.Rows) != 0 || !strings.Contains(sec.Text, "once both rosters are locked") {
					t.Errorf("%s: a hidden team in the report: %+v", name, sec)
				}
				continue
			}
			players := 0
			for _, pl := range tm.Players {
				if pl.Empty {
					continue
				}
				players++
				if pl.Name != "" && !strings.Contains(md, "| "+pl.Name+" ("+pl.ID+") |") {
					t.Errorf("%s: the report lacks %s's row:\n%s", name, pl.Name, md)
				}
			}
			if len(sec.Rows) != players {
				t.Errorf("%s: %s team has %d rows for %d players", name, tm.Team, len(sec.Rows), players)
			}
			if players > 0 && sec.Header[2] != "HP" {
				t.Errorf("%s: header %q, want HP third", name, sec.Header)
			}
			if tm.Locked && players > 0 {
				seen["locked"] = true
			}
		}
		if v.KeshatWinner != "" {
			seen["keshat"] = true
			if !strings.Contains(md, "- **Keshat round:** won by "+reportTeam(v.KeshatWinner)) {
				t.Errorf("%s: the report lacks the Keshat round:\n%s", name, md)
			}
		}
		if v.Phase == PhaseOver {
			seen["over"] = true
		}
		for _, bad := range []string{"current_hp", "keshat_winner", "statuses"} {
			if strings.Contains(md, bad) {
				t.Errorf("%s: the report holds %q", name, bad)
			}
		}
	}
	for _, want := range []string{"locked", "keshat", "over"} {
		if !seen[want] {
			t.Errorf("no golden game's report shows the %s case", want)
		}
	}
}

// TestReportHidesOpenRosters: before both rosters are locked the public
// report shows how many players a team has named, never who they are.
func TestReportHidesOpenRosters(t *testing.T) {
	g := newMatch(t, nil)
	g.do("home", CmdEnterPlayer, "player=H1", "name=Bolt", "mus=13", "skl=9", "spd=15", "tou=12", "wit=7", "tec=11", "cha=10")
	v := g.view("public")
	secs := v.ReportSections()
	if len(secs) != 3 {
		t.Fatalf("sections %+v", secs)
	}
	home := secs[1]
	if home.Title != "Home team" || len(home.Rows) != 0 || !strings.Contains(home.Text, "1 of 9 players named") {
		t.Errorf("home team in the public report: %+v", home)
	}
	for _, s := range secs {
		if strings.Contains(s.Text+strings.Join(s.Header, " "), "Bolt") {
			t.Errorf("the public report names a player of an open roster: %+v", s)
		}
	}
	if f := v.ReportFacts(); len(f) == 0 || f[0].Value != "the coaches are filling their rosters" {
		t.Errorf("facts %+v", f)
	}
	// The coach's own view shows his player.
	own := g.view("home").ReportSections()[1]
	if len(own.Rows) != 1 || own.Rows[0][0] != "Bolt (H1)" {
		t.Errorf("home's own report section: %+v", own)
	}
}
