package card

import (
	"reflect"
	"testing"

	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// FuzzParseDice: never panics; what parses prints and parses back the
// same (RU-X1 seeds).
func FuzzParseDice(f *testing.F) {
	for _, s := range []string{"2D 4+", "3D3+", " 3 d 3 + ", "0D4+", "2D7+", "2D4", "100D6+", "999999999999999999999D1+", "1d1+"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDice(s)
		if err != nil {
			return
		}
		if d.N < 0 || d.N > MaxDice || d.Hit < 1 || d.Hit > 6 {
			t.Fatalf("ParseDice(%q) = %+v: out of range", s, d)
		}
		back, err := ParseDice(d.String())
		if err != nil || back != d {
			t.Fatalf("ParseDice(%q) = %+v; String %q reads back as %+v, %v", s, d, d.String(), back, err)
		}
		if n := d.Successes([]int{1, 2, 3, 4, 5, 6}); n != 7-d.Hit {
			t.Fatalf("%v.Successes(1…6) = %d", d, n)
		}
	})
}

// FuzzParseDistance: never panics; what parses is within 0…MaxDistance
// and reads back from both displays (RU-D1, RU-X35 seeds).
func FuzzParseDistance(f *testing.F) {
	for _, s := range []string{"6in", `6"`, "15cm", "12,5cm", "12.5cm", "13", "1.125cm", "0.05in", "1000in", "5.", ".5", "999999999999cm", "6 inches"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, cm bool) {
		u := rn.Inches
		if cm {
			u = rn.Centimetres
		}
		tk, err := ParseDistance(s, u)
		if err != nil {
			return
		}
		if tk < 0 || tk > MaxDistance {
			t.Fatalf("ParseDistance(%q) = %d: out of range", s, tk)
		}
		for _, show := range []string{formatIn(tk), rn.Format(tk, rn.Inches), rn.Format(tk, rn.Centimetres)} {
			if back, err := ParseDistance(show, u); err != nil || back != tk {
				t.Fatalf("ParseDistance(%q) = %d; %q reads back as %d, %v", s, tk, show, back, err)
			}
		}
	})
}

// FuzzDecodeRecords: never panics; what decodes encodes and decodes back
// to the same cards, and the checks answer without panicking.
func FuzzDecodeRecords(f *testing.F) {
	d, err := Load()
	if err != nil {
		f.Fatal(err)
	}
	b, err := EncodeRecords(d.Cards)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add(fixture(f))
	f.Add([]byte(`{"id": "x", "name": "X", "faction": "ally", "hp": 3, "move": "12,5cm", "abilities": [{"id": "a", "name": "A", "kind": "spell", "cycle": {"per": "turn", "uses": 2}, "target": "area", "effect": {"type": "attack", "dice": "1D3+"}}]}`))
	f.Add([]byte(`[{"id": "x"}, 1, null]`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		cards, err := DecodeRecords(b)
		if err != nil {
			return
		}
		out, err := EncodeRecords(cards)
		if err != nil {
			t.Fatalf("EncodeRecords of decoded cards: %v", err)
		}
		back, err := DecodeRecords(out)
		if err != nil {
			t.Fatalf("DecodeRecords(EncodeRecords): %v\n%s", err, out)
		}
		if !reflect.DeepEqual(back, cards) && !(len(back) == 0 && len(cards) == 0) {
			t.Fatalf("round trip changed the cards:\n got %+v\nwant %+v", back, cards)
		}
		for _, c := range cards {
			for _, as := range []string{AsHero, AsEnemy, AsNeutral} {
				_ = CheckField(c, as)
			}
			_ = CheckRace(c, "sanbari")
			_ = Warnings(c)
			for _, a := range c.Abilities {
				_ = a.CycleLabel()
			}
		}
	})
}
