package card

import (
	"strings"
	"testing"

	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// TestParseDistance: the card notations of §2 in ticks (RU-D1), rounding
// halves away from zero (RU-D2), bare numbers in the default unit.
func TestParseDistance(t *testing.T) {
	for _, tc := range []struct {
		in      string
		def     rn.Unit
		want    rn.Ticks
		wantErr string
	}{
		{in: "6in", def: rn.Inches, want: 60},
		{in: `6"`, def: rn.Inches, want: 60},
		{in: "6 in", def: rn.Centimetres, want: 60},
		{in: "6 inches", def: rn.Centimetres, want: 60},
		{in: "6IN", def: rn.Inches, want: 60},
		{in: "15cm", def: rn.Inches, want: 60},    // RU-X35
		{in: "13cm", def: rn.Inches, want: 52},    // RU-X35
		{in: "12,5cm", def: rn.Inches, want: 50},  // RU-X35, the book's comma
		{in: "12.5cm", def: rn.Inches, want: 50},  // RU-D1
		{in: "12.5 cm", def: rn.Inches, want: 50}, // rn.Format's own output
		{in: "2,5 cm", def: rn.Inches, want: 10},  // 1" = 2,5 cm (RU-D1)
		{in: "20cm", def: rn.Inches, want: 80},    // 8" = 20 cm (l. 246)
		{in: "1.5in", def: rn.Inches, want: 15},   // the crawler (§5)
		{in: "5.2", def: rn.Inches, want: 52},     // bare: inches
		{in: "13", def: rn.Centimetres, want: 52}, // bare: centimetres
		{in: "6", def: "", want: 60},              // no unit: inches
		{in: "0in", def: rn.Inches, want: 0},      // ParseDistance accepts 0; fields refuse it
		{in: "0.05in", def: rn.Inches, want: 1},   // half a tick → away from zero (RU-D2)
		{in: "0.04in", def: rn.Inches, want: 0},   // below half → down
		{in: "1.125cm", def: rn.Inches, want: 5},  // 4.5 ticks → 5
		{in: "1.1cm", def: rn.Inches, want: 4},    // 4.4 ticks → 4
		{in: "12.50000000cm", def: rn.Inches, want: 50},
		{in: "0001000in", def: rn.Inches, want: MaxDistance},
		{in: "1000.05in", def: rn.Inches, wantErr: "must be at most 1000in"},
		{in: "9999999999in", def: rn.Inches, wantErr: "must be at most 1000in"},
		{in: "", def: rn.Inches, wantErr: "must be a distance such as 5in or 12.5cm"},
		{in: "five", def: rn.Inches, wantErr: "must be a distance such as 5in or 12.5cm"},
		{in: "5ft", def: rn.Inches, wantErr: "must be a distance such as 5in or 12.5cm"},
		{in: "-5in", def: rn.Inches, wantErr: "must be a distance such as 5in or 12.5cm"},
		{in: "5.in", def: rn.Inches, wantErr: "must be a distance such as 5in or 12.5cm"},
		{in: ".5in", def: rn.Inches, wantErr: "must be a distance such as 5in or 12.5cm"},
		{in: "1.2.3in", def: rn.Inches, wantErr: "must be a distance such as 5in or 12.5cm"},
		{in: "1.1234567in", def: rn.Inches, wantErr: "must be a distance such as 5in or 12.5cm"},
	} {
		got, err := ParseDistance(tc.in, tc.def)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("ParseDistance(%q, %q) error = %v, want it to contain %q", tc.in, tc.def, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseDistance(%q, %q) = %d, %v; want %d", tc.in, tc.def, got, err, tc.want)
		}
	}
}

// TestCentimetresBothWays is RU-X35: a card typed in centimetres is seen
// in inches and back, and the ticks never change with the seat's unit.
func TestCentimetresBothWays(t *testing.T) {
	for _, tc := range []struct {
		typed  string
		ticks  rn.Ticks
		inches string
		cm     string
	}{
		{"15cm", 60, `6"`, "15 cm"},
		{"13cm", 52, `5.2"`, "13 cm"},
		{"12,5cm", 50, `5"`, "12.5 cm"},
		{"20cm", 80, `8"`, "20 cm"},
		{"25cm", 100, `10"`, "25 cm"}, // the alert vision of RU-X35: 15 cm + 10 cm
	} {
		got, err := ParseDistance(tc.typed, rn.Inches)
		if err != nil || got != tc.ticks {
			t.Fatalf("ParseDistance(%q) = %d, %v; want %d", tc.typed, got, err, tc.ticks)
		}
		if s := rn.Format(got, rn.Inches); s != tc.inches {
			t.Errorf("%d ticks in inches = %q, want %q", got, s, tc.inches)
		}
		if s := rn.Format(got, rn.Centimetres); s != tc.cm {
			t.Errorf("%d ticks in cm = %q, want %q", got, s, tc.cm)
		}
		// Both displays read back to the same ticks.
		for _, u := range []rn.Unit{rn.Inches, rn.Centimetres} {
			if back, err := ParseDistance(rn.Format(got, u), rn.Inches); err != nil || back != got {
				t.Errorf("ParseDistance(Format(%d, %s)) = %d, %v", got, u, back, err)
			}
		}
	}
}

// TestFormatInRoundTrips: the units.json writing of every tick reads back
// exactly.
func TestFormatInRoundTrips(t *testing.T) {
	for tk := rn.Ticks(0); tk <= MaxDistance; tk++ {
		s := formatIn(tk)
		back, err := ParseDistance(s, rn.Centimetres)
		if err != nil || back != tk {
			t.Fatalf("formatIn(%d) = %q reads back as %d, %v", tk, s, back, err)
		}
	}
}
