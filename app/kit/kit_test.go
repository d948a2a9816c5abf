package kit

import "testing"

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 101: "101st", 111: "111th"} {
		if got := Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestUnitsFormatDistance(t *testing.T) {
	for _, c := range []struct {
		u    Units
		in   int
		want string
	}{{Inches, 60, `6"`}, {Inches, 25, `2.5"`}, {Centimetres, 60, "15.2 cm"}, {Centimetres, 10, "2.5 cm"}} {
		if got := c.u.FormatDistance(c.in); got != c.want {
			t.Errorf("%s.FormatDistance(%d) = %q, want %q", c.u, c.in, got, c.want)
		}
	}
}
