package roster

import (
	"encoding/csv"
	"os"
	"strconv"
	"testing"
)

// TestFloorDiv: rounding toward −∞ where Go's / truncates (RB-D2).
func TestFloorDiv(t *testing.T) {
	for _, tt := range []struct{ a, b, want int }{
		{-3, 2, -2}, {-1, 2, -1}, {-4, 2, -2}, {-2, 2, -1}, {0, 2, 0}, {1, 2, 0}, {3, 2, 1}, {4, 2, 2},
		{-5, 4, -2}, {-4, 4, -1}, {29, 4, 7}, {23, 4, 5}, {31, 4, 7}, {7, 1, 7}, {-7, 1, -7},
	} {
		if got := FloorDiv(tt.a, tt.b); got != tt.want {
			t.Errorf("FloorDiv(%d, %d) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
	if (7-10)/2 != -1 {
		t.Fatal("Go's / no longer truncates")
	}
}

// TestBonus: the RB-D2 table (derive.py's assertion), and the floor below
// 10 (7 → −2, 9 → −1, not Go's −1 and 0).
func TestBonus(t *testing.T) {
	want := []int{-2, -2, -1, -1, 0, 0, 1, 1, 2, 2, 3, 3}
	for i, w := range want {
		if got := Bonus(6 + i); got != w {
			t.Errorf("Bonus(%d) = %d, want %d", 6+i, got, w)
		}
	}
	for _, tt := range []struct{ stat, want int }{{5, -3}, {1, -5}, {0, -5}, {18, 4}} {
		if got := Bonus(tt.stat); got != tt.want {
			t.Errorf("Bonus(%d) = %d, want %d", tt.stat, got, tt.want)
		}
	}
}

// TestDeriveGolden: Derive equals the spec's tools/derive.py on a grid of
// stat lines. testdata/derive.golden.csv is made by
//
//	cd games/runeball/roster/testdata
//	python3 gen_derive.py /work/shared/reference/runeball/tools/derive.py > derive.golden.csv
//
// (every stat alone at 6–17, all seven equal at 6–17, 2000 seeded random
// lines; see the script).
func TestDeriveGolden(t *testing.T) {
	f, err := os.Open("testdata/derive.golden.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) < 2000 {
		t.Fatalf("%d golden lines", len(recs))
	}
	for _, rec := range recs[1:] {
		n := make([]int, len(rec))
		for i, s := range rec {
			if n[i], err = strconv.Atoi(s); err != nil {
				t.Fatal(err)
			}
		}
		var s Stats
		copy(s[:], n[:7])
		w := n[7:]
		want := Derived{Skills: [5]int{w[0], w[1], w[2], w[3], w[4]}, HP: w[5], INI: w[6], Move: w[7], HalfMove: w[8], WN: w[9], DamageMin: w[10], DamageMax: w[11]}
		if got := Derive(s); got != want {
			t.Errorf("Derive(%v)\n got %+v\nwant %+v", s, got, want)
		}
	}
}

// TestDeriveExamples: the spec's examples (RB-D3…RB-D8, RB-F9).
func TestDeriveExamples(t *testing.T) {
	ex := Stats{13, 9, 15, 12, 7, 11, 10} // derive.py's example line
	want := Derived{Skills: [5]int{8, 8, 10, 5, 9}, HP: 31, INI: 0, Move: 7, HalfMove: 4, WN: 7, DamageMin: 5, DamageMax: 8}
	if got := Derive(ex); got != want {
		t.Errorf("Derive(derive.py example) = %+v, want %+v", got, want)
	}
	tests := []struct {
		name  string
		stats Stats
		check func(Derived) (got, want int)
	}{
		// RB-D4: each half rounded down separately: MUS 13, TEC 11 → 6 + 5, not 12.
		{"RB-D4 halves apart", Stats{13, 10, 10, 10, 10, 11, 10}, func(d Derived) (int, int) { return d.HP, 10 + 6 + 5 + 8 }},
		{"RB-D4 least HP", Stats{6, 6, 6, 6, 6, 6, 6}, func(d Derived) (int, int) { return d.HP, 20 }},
		{"RB-D4 most HP", Stats{17, 17, 17, 17, 17, 17, 17}, func(d Derived) (int, int) { return d.HP, 41 }},
		// RB-D5: HP 29 → WN 7, HP 23 → 5, HP 31 → 7 (not 8).
		{"RB-D5 HP 29", Stats{13, 10, 10, 12, 10, 7, 10}, func(d Derived) (int, int) { return d.HP*100 + d.WN, 2907 }},
		{"RB-D5 HP 23", Stats{6, 10, 10, 9, 10, 6, 10}, func(d Derived) (int, int) { return d.HP, 23 }},
		{"RB-D5 HP 23", Stats{6, 10, 10, 9, 10, 6, 10}, func(d Derived) (int, int) { return d.WN, 5 }},
		{"RB-D5 HP 31", Stats{13, 9, 15, 12, 7, 11, 10}, func(d Derived) (int, int) { return d.WN, 7 }},
		// RB-D6: INI −4…+6.
		{"RB-D6 least INI", Stats{10, 10, 6, 10, 7, 10, 10}, func(d Derived) (int, int) { return d.INI, -4 }},
		{"RB-D6 most INI", Stats{10, 10, 17, 10, 16, 10, 10}, func(d Derived) (int, int) { return d.INI, 6 }},
		{"RB-D2 negatives in INI", Stats{10, 10, 9, 10, 7, 10, 10}, func(d Derived) (int, int) { return d.INI, -3 }},
		// RB-F9, RB-D7: MOVE 7 at SPD 15+, half move rounded up.
		{"RB-F9 SPD 14", Stats{10, 10, 14, 10, 10, 10, 10}, func(d Derived) (int, int) { return d.Move*10 + d.HalfMove, 63 }},
		{"RB-F9 SPD 15", Stats{10, 10, 15, 10, 10, 10, 10}, func(d Derived) (int, int) { return d.Move*10 + d.HalfMove, 74 }},
		// RB-D3: skills from the negative bonuses: SKL 7, WIT 9 → Pass 8 − 2 − 1.
		{"RB-D3 Pass with negatives", Stats{10, 7, 10, 10, 9, 10, 10}, func(d Derived) (int, int) { return d.Skill(Pass), 5 }},
		{"RB-D3 least skill", Stats{6, 6, 6, 6, 6, 6, 6}, func(d Derived) (int, int) { return d.Skill(Block), 4 }},
		{"RB-D3 most skill", Stats{17, 17, 17, 17, 17, 17, 17}, func(d Derived) (int, int) { return d.Skill(Kick), 14 }},
		// RB-D8: MUS 6 → 2–5, MUS 17 → 7–10, MUS 12 → 5–8.
		{"RB-D8 MUS 6", Stats{6, 10, 10, 10, 10, 10, 10}, func(d Derived) (int, int) { return d.DamageMin*10 + d.DamageMax, 25 }},
		{"RB-D8 MUS 17", Stats{17, 10, 10, 10, 10, 10, 10}, func(d Derived) (int, int) { return d.DamageMin*100 + d.DamageMax, 710 }},
		{"RB-D8 MUS 12", Stats{12, 10, 10, 10, 10, 10, 10}, func(d Derived) (int, int) { return d.DamageMin*10 + d.DamageMax, 58 }},
		// RB-F11: Charisma enters nothing.
		{"RB-F11 CHA", Stats{10, 10, 10, 10, 10, 10, 17}, func(d Derived) (int, int) {
			return d.HP*1000 + d.INI*100 + d.Skill(Block), Derive(Stats{10, 10, 10, 10, 10, 10, 6}).HP*1000 + Derive(Stats{10, 10, 10, 10, 10, 10, 6}).INI*100 + 8
		}},
	}
	for _, tt := range tests {
		if got, want := tt.check(Derive(tt.stats)); got != want {
			t.Errorf("%s: got %d, want %d", tt.name, got, want)
		}
	}
}

// TestHalfMoveAndDamage: RB-D7's examples, and RB-D8 with a Weak attacker
// (no d4, RB-F71) and the floor at 0.
func TestHalfMoveAndDamage(t *testing.T) {
	for move, want := range map[int]int{7: 4, 6: 3, 5: 3, 4: 2, 1: 1, 0: 0, -1: 0} {
		if got := HalfMove(move); got != want {
			t.Errorf("HalfMove(%d) = %d, want %d", move, got, want)
		}
	}
	for _, tt := range []struct{ mus, d4, want int }{
		{12, 4, 8}, {12, 1, 5}, {17, 2, 8}, {6, 0, 1}, {12, 0, 4}, {3, 0, 0}, {2, 1, 0},
	} {
		if got := Damage(tt.mus, tt.d4); got != tt.want {
			t.Errorf("Damage(MUS %d, d4 %d) = %d, want %d", tt.mus, tt.d4, got, tt.want)
		}
	}
}

// TestDeriveWith: a changed bonus table changes the skills and INI only.
func TestDeriveWith(t *testing.T) {
	s := Stats{13, 9, 15, 12, 7, 11, 10}
	d := DeriveWith(s, func(int) int { return 1 })
	base := Derive(s)
	if d.Skills != [5]int{10, 10, 10, 10, 10} || d.INI != 2 || d.HP != base.HP || d.Move != base.Move || d.WN != base.WN {
		t.Errorf("DeriveWith = %+v", d)
	}
}

// TestStatNames: parsing and printing (§2.1: case-insensitive input,
// mus … cha in RB-F1 order).
func TestStatNames(t *testing.T) {
	for i, name := range []string{"mus", "SKL", "Spd", " tou ", "wit", "tec", "cha"} {
		s, err := ParseStat(name)
		if err != nil || s != Stat(i) {
			t.Errorf("ParseStat(%q) = %v, %v", name, s, err)
		}
	}
	if _, err := ParseStat("str"); err == nil || err.Error() != `"str" is not a stat (mus skl spd tou wit tec cha)` {
		t.Errorf("ParseStat(str): %v", err)
	}
	if WIT.Code() != "WIT" || WIT.String() != "wit" || Stat(9).String() != "stat(9)" || Kick.String() != "Kick" {
		t.Error("names")
	}
	if got := (Stats{13, 9, 15, 12, 7, 11, 10}).String(); got != "mus=13 skl=9 spd=15 tou=12 wit=7 tec=11 cha=10" {
		t.Errorf("Stats.String() = %q", got)
	}
	for _, tt := range []struct {
		s    Stats
		want string
	}{
		{Stats{18, 10, 10, 10, 10, 10, 10}, "MUS must be 6–17 (got 18)"},
		{Stats{10, 10, 10, 10, 10, 10, 5}, "CHA must be 6–17 (got 5)"},
		{Stats{6, 17, 10, 10, 10, 10, 10}, ""},
	} {
		err := tt.s.Check()
		if got := errText(err); got != tt.want {
			t.Errorf("Check(%v) = %q, want %q", tt.s, got, tt.want)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
