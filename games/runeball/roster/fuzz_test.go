package roster

import "testing"

// FuzzParseRolls: never panics; accepted rolls are eight totals 6–16 that
// print and read back the same.
func FuzzParseRolls(f *testing.F) {
	for _, s := range []string{"16,14,13,12,11,9,8,7", "6,6,6,6,6,6,6,6", "16,14,13", "a", "", ",,,,,,,", "-1,6,6,6,6,6,6,6", "99999999999999999999,6,6,6,6,6,6,6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRolls(s)
		if err != nil {
			return
		}
		for _, v := range r {
			if v < RollMin || v > RollMax {
				t.Fatalf("ParseRolls(%q) = %v", s, r)
			}
		}
		if back, err := ParseRolls(r.String()); err != nil || back != r {
			t.Fatalf("ParseRolls(%q) = %v; reads back as %v, %v", s, r, back, err)
		}
		kept, dropped := r.Best()
		var st Stats
		copy(st[:], kept[:])
		if !r.Fits(st) || dropped > kept[6] {
			t.Fatalf("%v: best %v dropped %d", r, kept, dropped)
		}
	})
}

// FuzzParseImprovement: never panics; an accepted improvement names two
// different stats and prints back as its arguments.
func FuzzParseImprovement(f *testing.F) {
	for _, p := range [][2]string{{"mus,spd", ""}, {"mus", "wit"}, {"mus", "mus"}, {"mus,mus", ""}, {"", ""}, {",", ","}, {"MUS , SPD", ""}} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, plus, raise string) {
		m, err := ParseImprovement(plus, raise)
		if err != nil {
			return
		}
		if m.A == m.B || m.A < 0 || m.A >= NumStats || m.B < 0 || m.B >= NumStats {
			t.Fatalf("ParseImprovement(%q, %q) = %+v", plus, raise, m)
		}
		s := Stats{7, 7, 7, 7, 7, 7, 7}
		if err := m.Check(s); err != nil {
			t.Fatalf("%+v.Check(all 7) = %v", m, err)
		}
		if got := m.Apply(s); got[m.A] != 8 || got[m.B] != 8 {
			t.Fatalf("%+v.Apply = %v", m, got)
		}
	})
}

// FuzzParseSlot: never panics; an accepted slot prints back the same.
func FuzzParseSlot(f *testing.F) {
	for _, s := range []string{"H1", "a9", "H0", "X1", "", "H10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sl, err := ParseSlot(s)
		if err != nil {
			return
		}
		if back, err := ParseSlot(sl.String()); err != nil || back != sl || sl.N < 1 || sl.N > 9 {
			t.Fatalf("ParseSlot(%q) = %v; reads back as %v, %v", s, sl, back, err)
		}
	})
}
