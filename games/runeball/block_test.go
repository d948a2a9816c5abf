package runeball

import (
	"testing"

	"github.com/commandconsole/commandconsole/games/runeball/data"
)

// RB-F56, RB-F57, RB-F62, RB-F63, RB-D8: the block table with damage and
// wounds. MUS 12: damage 6 + d4 − 2.
func TestResolveBlock(t *testing.T) {
	tb, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name                    string
		margin, d4, mus, wn     int
		weak                    bool
		to                      string
		damage                  int
		wound, defDown, blkDown bool
		pushed                  bool
	}{
		{"by 3: pushed and down whatever the damage", 3, 1, 12, 8, false, "defender", 5, false, true, false, true},
		{"by 0: pushed, down only on a wound", 0, 1, 12, 8, false, "defender", 5, false, false, false, true},
		{"by 2 with a wound: down", 2, 4, 12, 8, false, "defender", 8, true, true, false, true},
		{"fails by 1–3: nothing", -2, 4, 12, 8, false, "none", 0, false, false, false, false},
		{"fails by 4–6: the blocker goes down", -5, 4, 12, 8, false, "none", 0, false, false, true, false},
		{"fails by 7+: the blocker down and hurt", -8, 3, 14, 6, false, "blocker", 8, true, false, true, false},
		{"a Weak dealer adds no d4 (RB-F71)", 1, 4, 12, 8, true, "defender", 4, false, false, false, true},
		{"damage never below 0", 0, 1, 6, 5, true, "defender", 1, false, false, false, true},
	} {
		o := ResolveBlock(tb, tc.margin, tc.d4, tc.mus, tc.weak, tc.wn)
		if o.DamageTo != tc.to || o.Damage != tc.damage || o.Wound != tc.wound || o.DefenderDown != tc.defDown ||
			o.BlockerDown != tc.blkDown || o.Pushed != tc.pushed {
			t.Errorf("%s: %+v", tc.name, o)
		}
	}
}
