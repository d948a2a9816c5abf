package runeball

import (
	"testing"

	"github.com/commandconsole/commandconsole/games/runeball/data"
)

// RB-F65…RB-F73, RB-D37: every row in full, counts stack, 11 and 12 roll
// again.
func TestWounds(t *testing.T) {
	tb, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		faces []int
		want  string
		used  int
		more  bool
	}{
		{"graze", []int{2}, "none", 1, false},
		{"bleed", []int{3}, "bleed:1", 1, false},
		{"stun", []int{6}, "stun", 1, false},
		{"bruise", []int{8}, "bruise:1", 1, false},
		{"cripple = bruise + bleed + slow", []int{9}, "bleed:1,bruise:1,slow:1", 1, false},
		{"weak = bruise + bleed + weak", []int{10}, "bleed:1,bruise:1,weak", 1, false},
		{"break rolls again: then a bruise", []int{11, 7}, "pain:1,bruise:2", 2, false},
		{"KO rolls again: then a graze", []int{12, 1}, "bruise:1,out", 2, false},
		{"break, KO, cripple: all stack", []int{11, 12, 9}, "bleed:1,pain:1,bruise:3,slow:1,out", 3, false},
		{"a break still wants its next d12", []int{11}, "pain:1,bruise:1", 1, true},
		{"faces after the last needed are left", []int{5, 5}, "stun", 1, false},
	} {
		s, used, more, err := WoundFaces(tb, Statuses{}, tc.faces)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if s.String() != tc.want || used != tc.used || more != tc.more {
			t.Errorf("%s: %s used %d more %v, want %s %d %v", tc.name, s, used, more, tc.want, tc.used, tc.more)
		}
	}
	if _, _, _, err := WoundFaces(tb, Statuses{}, []int{13}); err == nil {
		t.Error("13 accepted as a d12")
	}
}
