package runeball

import (
	"fmt"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/games/runeball/field"
)

func pushWords(ps []Push) string {
	var out []string
	for _, p := range ps {
		s := p.Cell.String()
		if p.Out {
			s += " out"
		}
		if p.Occupant != "" {
			s += " (" + p.Occupant + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, ", ")
}

// RB-F59…RB-F61, RB-D33: open cells first; then occupied and out.
func TestPushOptions(t *testing.T) {
	board := func(s string) func(field.Cell) string {
		m := map[string]string{}
		for _, kv := range strings.Fields(s) {
			c, who, _ := strings.Cut(kv, "=")
			m[c] = who
		}
		return func(c field.Cell) string { return m[c.String()] }
	}
	for _, tc := range []struct {
		name, blocker, defender string
		prone                   bool
		board, want             string
	}{
		{"§2.2's example: all three open", "14:16", "15:15", false, "", "16:14, 15:13, 16:16"},
		{"one taken: the two open ones", "14:16", "15:15", false, "16:14=A2", "15:13, 16:16"},
		{"all taken: the occupants", "14:16", "15:15", false, "16:14=A2 15:13=A3 16:16=H4", "16:14 (A2), 15:13 (A3), 16:16 (H4)"},
		// on the north touchline: pushed north off the field
		{"the touchline: the two half-hexes are open to an upright victim", "14:4", "14:2", false, "", "13:1, 15:1"},
		{"a prone victim cannot stay on a half-hex (RB-F61)", "14:4", "14:2", true, "", fmt.Sprintf("%s out, 13:1 out, 15:1 out", "14:0")},
	} {
		got := pushWords(PushOptions(cell(t, tc.blocker), cell(t, tc.defender), tc.prone, board(tc.board)))
		if got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}
