package runeball

import (
	"testing"

	"github.com/commandconsole/commandconsole/games/runeball/data"
)

// RB-D1, RB-D29: margins, and when exertion is worth asking for.
func TestSkillTestAndExertion(t *testing.T) {
	tables, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	kickRow := func(m int) int {
		for i, r := range tables.Kickoff.Rows {
			if r.Margin.Contains(m) {
				return i
			}
		}
		return -1
	}
	for _, tc := range []struct {
		name     string
		test     Test
		margin   int
		rowOf    func(int) int
		canExert bool
	}{
		// a catch at DL 8 (RB-F30): d12 3 + Catch 4 = 7 fails by 1, +1 turns it into a success
		{"catch one short", Test{D12: 3, Skill: 4, DL: 8}, -1, nil, true},
		{"catch two short", Test{D12: 2, Skill: 4, DL: 8}, -2, nil, true},
		{"catch three short", Test{D12: 1, Skill: 4, DL: 8}, -3, nil, false},
		{"catch made", Test{D12: 4, Skill: 4, DL: 8}, 0, nil, false},
		// the kickoff (RB-F28): 2 → the 0–2 row; +1 → 3, the 3–5 row: worth asking
		{"kick by 2", Test{D12: 4, Skill: 8, DL: 10}, 2, kickRow, true},
		{"kick by 3", Test{D12: 5, Skill: 8, DL: 10}, 3, kickRow, false},
		{"kick by 4", Test{D12: 6, Skill: 8, DL: 10}, 4, kickRow, true}, // +2 → 6: the 6+ row
		{"kick by 8", Test{D12: 10, Skill: 8, DL: 10}, 8, kickRow, false},
		{"modifiers count", Test{D12: 3, Skill: 8, Mods: -2, DL: 10}, -1, kickRow, true},
	} {
		if m := tc.test.Margin(); m != tc.margin {
			t.Errorf("%s: margin %d, want %d", tc.name, m, tc.margin)
		}
		if got := ExertCanChange(tc.test, tc.rowOf); got != tc.canExert {
			t.Errorf("%s: can exert %v, want %v", tc.name, got, tc.canExert)
		}
	}
}
