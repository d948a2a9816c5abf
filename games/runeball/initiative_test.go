package runeball

import (
	"strings"
	"testing"
)

// RB-F32, RB-F33, RB-D22: totals, tie groups re-rolled highest first and
// again while still tied, the first total kept as the score, below 0
// skipped.
func TestInitiative(t *testing.T) {
	es := []Initiative{
		{Player: "H1", Mod: 2, Score: 9 + 2},
		{Player: "H2", Mod: 0, Score: 11},
		{Player: "A1", Mod: -1, Score: 12 - 1},
		{Player: "A2", Mod: 3, Score: 4 + 3},
		{Player: "H3", Mod: 1, Score: 6 + 1},
		{Player: "A3", Mod: -4, Score: 1 - 4},
	}
	// the highest group first: H1, H2, A1 at 11 (home before away)
	g := NextTieGroup(es)
	if strings.Join(g, ",") != "H1,H2,A1" {
		t.Fatalf("first group %v", g)
	}
	AddKeys(es, g, []int{5, 7, 8}) // keys 7, 7, 7: still all tied
	if g2 := NextTieGroup(es); strings.Join(g2, ",") != "H1,H2,A1" {
		t.Fatalf("still tied: %v", g2)
	}
	AddKeys(es, []string{"H1", "H2", "A1"}, []int{1, 12, 6}) // keys 3, 12, 5
	g = NextTieGroup(es)
	if strings.Join(g, ",") != "H3,A2" {
		t.Fatalf("second group %v", g)
	}
	AddKeys(es, g, []int{2, 2}) // H3 3, A2 5
	if g := NextTieGroup(es); g != nil {
		t.Fatalf("settled, but %v", g)
	}
	SortInitiative(es)
	var order []string
	for _, e := range es {
		order = append(order, e.Player)
		if e.Skipped() != (e.Player == "A3") {
			t.Errorf("%s skipped %v", e.Player, e.Skipped())
		}
	}
	if got := strings.Join(order, ","); got != "H2,A1,H1,A2,H3,A3" {
		t.Errorf("order %s", got)
	}
	// the score stays the first total (RB-D22)
	for _, e := range es {
		if e.Player == "H1" && e.Score != 11 {
			t.Errorf("H1's score %d", e.Score)
		}
	}
}

// Skipped players are never re-rolled, even when tied.
func TestInitiativeSkippedTies(t *testing.T) {
	es := []Initiative{{Player: "H1", Mod: -4, Score: -2}, {Player: "A1", Mod: -3, Score: -2}}
	if g := NextTieGroup(es); g != nil {
		t.Errorf("a tie below 0 is re-rolled: %v", g)
	}
}
