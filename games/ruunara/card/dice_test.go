package card

import (
	"strings"
	"testing"
)

// TestParseDice is RU-X1 (RU-F23, RU-D3) and the edges of the notation.
func TestParseDice(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    Dice
		wantErr string
	}{
		{in: "2D 4+", want: Dice{2, 4}},                        // RU-X1, l. 154
		{in: "3D3+", want: Dice{3, 3}},                         // RU-X1, l. 363
		{in: " 3 d 3 + ", want: Dice{3, 3}},                    // RU-X1
		{in: "0D4+", want: Dice{0, 4}},                         // RU-X1: no attack of that kind
		{in: "1D1+", want: Dice{1, 1}},                         // 1+ always succeeds (RU-D3)
		{in: "100D6+", want: Dice{MaxDice, 6}},                 // the cap
		{in: "2D7+", wantErr: "hit score must be 1–6 (got 7)"}, // RU-X1
		{in: "2D0+", wantErr: "hit score must be 1–6 (got 0)"},
		{in: "2D4", wantErr: "dice must look like 3D3+ or 2D 4+"}, // RU-X1
		{in: "", wantErr: "dice must look like 3D3+ or 2D 4+"},
		{in: "D4+", wantErr: "dice must look like 3D3+ or 2D 4+"},
		{in: "-1D4+", wantErr: "dice must look like 3D3+ or 2D 4+"},
		{in: "2x4+", wantErr: "dice must look like 3D3+ or 2D 4+"},
		{in: "101D4+", wantErr: "dice must be at most 100"},
		{in: "99999999999999999999D4+", wantErr: "dice must be at most 100"},
	} {
		got, err := ParseDice(tc.in)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParseDice(%q) error = %v, want it to contain %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseDice(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

// TestDiceStringAndSuccesses: the card notation and success counting
// (RU-X1: 2D4+ with faces 4, 3 → 1; RU-F72: 3D3+ with 3, 5, 2 → 2).
func TestDiceStringAndSuccesses(t *testing.T) {
	for _, tc := range []struct {
		d     Dice
		str   string
		faces []int
		want  int
	}{
		{Dice{2, 4}, "2D4+", []int{4, 3}, 1},
		{Dice{3, 3}, "3D3+", []int{3, 5, 2}, 2},
		{Dice{1, 6}, "1D6+", []int{5}, 0},
		{Dice{4, 1}, "4D1+", []int{1, 1, 2, 6}, 4},
		{Dice{0, 4}, "0D4+", nil, 0},
	} {
		if got := tc.d.String(); got != tc.str {
			t.Errorf("%#v.String() = %q, want %q", tc.d, got, tc.str)
		}
		if back, err := ParseDice(tc.str); err != nil || back != tc.d {
			t.Errorf("ParseDice(%q) = %v, %v; want %v", tc.str, back, err, tc.d)
		}
		if got := tc.d.Successes(tc.faces); got != tc.want {
			t.Errorf("%v.Successes(%v) = %d, want %d", tc.d, tc.faces, got, tc.want)
		}
	}
}
