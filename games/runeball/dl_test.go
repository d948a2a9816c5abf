package runeball

import (
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/games/runeball/data"
	"github.com/commandconsole/commandconsole/games/runeball/field"
)

func cells(t *testing.T, s string) []field.Cell {
	t.Helper()
	if s == "" {
		return nil
	}
	cs, err := field.ParseList(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func cell(t *testing.T, s string) field.Cell {
	t.Helper()
	c, err := field.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// RB-F77, RB-F78, RB-D46, RB-F88, RB-F82: the DLs and their modifiers.
func TestDLs(t *testing.T) {
	tb, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, passer, receiver, defenders string
		want                              int
		refusal                           string
	}{
		{"range 5", "12:16", "17:15", "", 10, ""},
		{"range 7", "14:16", "21:15", "", 14, ""},
		{"range 18 is the longest", "2:16", "20:16", "", 22, ""},
		{"range 1: hand off", "12:16", "13:15", "", 0, "range 1: hand off to an adjacent teammate (l. 232)"},
		{"range 19", "1:15", "20:16", "", 0, "range 19 is beyond the longest pass, 18 (l. 240)"},
		// passing east along the row: the defender east of the passer is in
		// front (+2), the one west behind (+1), one two hexes away nothing
		{"in front and behind", "12:16", "17:17", "13:15,11:15,12:12", 10 + 2 + 1, ""},
	} {
		got, err := PassDL(tb, cell(t, tc.passer), cell(t, tc.receiver), cells(t, tc.defenders))
		if tc.refusal != "" {
			if err == nil || !strings.Contains(err.Error(), tc.refusal) {
				t.Errorf("%s: %v, want %q", tc.name, err, tc.refusal)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%s: DL %d (%v), want %d", tc.name, got, err, tc.want)
		}
	}
	// a field goal 10 hexes from the away post: 6 + 10, one opponent in
	// front (toward the post) +2
	if got := FieldGoalDL(tb, cell(t, "20:16"), field.GoalPost(field.Away), cells(t, "21:15")); got != 18 {
		t.Errorf("field goal DL %d, want 18", got)
	}
	// a kickoff catch with two opponents next to the catcher: 8 + 2 × 2
	if got := CatchDL(tb, 8, cell(t, "20:16"), cells(t, "21:15,19:17,23:15")); got != 12 {
		t.Errorf("catch DL %d, want 12", got)
	}
}
