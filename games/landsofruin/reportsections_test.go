package landsofruin

import (
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/report"
)

// TestReportSectionsFromThePublicView: the report of a Fight to the Death
// lists the players and the characters as the public view shows them, and
// nothing a seat alone knows (no morale, no hidden infiltrator).
func TestReportSectionsFromThePublicView(t *testing.T) {
	g := battle(t, 3)
	v := New().View(g.s, console.Public).(View)
	secs := v.ReportSections()
	if len(secs) < 2 || secs[0].Title != "Players" || secs[1].Title != "Characters" {
		t.Fatalf("sections %+v", secs)
	}
	if len(secs[1].Rows) != len(v.Characters) || len(v.Characters) == 0 {
		t.Fatalf("characters section has %d rows, public view %d characters", len(secs[1].Rows), len(v.Characters))
	}
	var _ report.Sectioned = v
	all := ""
	for _, s := range secs {
		for _, r := range s.Rows {
			all += strings.Join(r, "|") + "\n"
		}
	}
	for _, p := range v.Players {
		if !strings.Contains(all, p.Seat) {
			t.Errorf("players section lacks %s:\n%s", p.Seat, all)
		}
	}
	for _, secret := range []string{"normal", "Kestrel", "Whisper"} {
		if strings.Contains(all, secret) {
			t.Errorf("report sections show %q, a seat's own knowledge:\n%s", secret, all)
		}
	}
}
