package data

import (
	"strings"
	"testing"
	"testing/fstest"
)

// FuzzDecodeCSV: the decoder never panics; what it accepts has the
// header's width, and every row's Get works.
func FuzzDecodeCSV(f *testing.F) {
	m := shipped(f)
	for _, file := range Files {
		f.Add(string(m[file].Data))
	}
	f.Add("a,b\n1,\"2\n3\"\n")
	f.Add("a,b\n\"1,2\n")
	f.Add("\ufeffa,b\r\n1,2\r\n")
	header := []string{"a", "b"}
	f.Fuzz(func(t *testing.T, s string) {
		rows, err := DecodeCSV("x.csv", []byte(s), header)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "x.csv") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		for _, r := range rows {
			if len(r.fields) != 2 || r.Line < 2 {
				t.Fatalf("row %+v", r)
			}
			_ = r.Get("a") + r.Get("b")
		}
	})
}

// FuzzLoadFS: any content in any one file never panics the loader, and an
// accepted set of tables answers every lookup the engine makes.
func FuzzLoadFS(f *testing.F) {
	m := shipped(f)
	for i, file := range Files {
		f.Add(i, string(m[file].Data))
	}
	f.Add(3, "key,value,source\nteam_size,9,x\n")
	f.Fuzz(func(t *testing.T, i int, s string) {
		if i < 0 {
			i = -i
		}
		file := Files[i%len(Files)]
		fsys := fstest.MapFS{}
		for k, v := range m {
			fsys[k] = v
		}
		fsys[file] = &fstest.MapFile{Data: []byte(s)}
		tb, err := LoadFS(fsys)
		if err != nil {
			if !strings.HasPrefix(err.Error(), file) {
				t.Fatalf("error %q does not name %s", err, file)
			}
			return
		}
		for n := -30; n <= 30; n++ {
			tb.Kickoff.For(n)
			tb.Block.For(n)
			tb.PassResults.For(n)
		}
		for n := 1; n <= 12; n++ {
			if _, ok := tb.Wounds.ForD12(n); !ok {
				t.Fatalf("no wound for %d", n)
			}
		}
		for n := 1; n <= 6; n++ {
			if _, ok := tb.Directions.ForD6(n); !ok {
				t.Fatalf("no direction for %d", n)
			}
		}
		for n := tb.Constants.Int("pass_min_range"); n <= tb.Constants.Int("pass_max_range"); n++ {
			if _, ok := tb.PassDL.For(n); !ok {
				t.Fatalf("no pass DL for %d", n)
			}
		}
		for n := tb.Constants.Int("stat_min"); n <= tb.Constants.Int("stat_max"); n++ {
			if _, ok := tb.StatBonus.Of(n); !ok {
				t.Fatalf("no bonus for %d", n)
			}
		}
	})
}

// FuzzParseDice: never panics; what parses prints and parses back the
// same.
func FuzzParseDice(f *testing.F) {
	for _, s := range []string{"2d6+4", "d12", "1d8-1", "1d4", "2d", "0d6", "+2d6", "999d9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDice(s)
		if err != nil {
			return
		}
		back, err := ParseDice(d.String())
		if err != nil || back != d || d.Min() > d.Max() || d.N < 1 || d.Sides < 2 {
			t.Fatalf("ParseDice(%q) = %+v; String %q reads back as %+v, %v", s, d, d.String(), back, err)
		}
	})
}
