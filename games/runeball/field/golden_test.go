package field

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestGolden compares the package with SPEC.md's oracle, tools/hexfield.py,
// on testdata/golden.txt: flight paths (RB-D47) for 1,456 pairs (every cell
// from 16:16, a third of the cells from 1:1, a column, 800 random pairs),
// knockback cells (RB-D33) for every adjacent pair on the field, 600
// scatters (RB-D16), 570 in-front tests (RB-D46) and 400 distances. The file
// is written by testdata/gen_golden.py (its doc comment has the command).
//
// The tool orders a flight path by the projection on the throw; FlightPath
// orders by hex distance from the passer, then x, then y (the brief's
// order), so flight paths are compared as sets here and FlightPath's own
// order is checked in TestFlightPathProperties.
func TestGolden(t *testing.T) {
	f, err := os.Open("testdata/golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	counts := map[string]int{}
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fs := strings.Fields(text)
		counts[fs[0]]++
		cell := func(i int) Cell {
			x, err := Parse(fs[i])
			if err != nil {
				t.Fatalf("line %d: %v", line, err)
			}
			return x
		}
		list := func(i int) []Cell {
			if fs[i] == "-" {
				return nil
			}
			l, err := ParseList(fs[i])
			if err != nil {
				t.Fatalf("line %d: %v", line, err)
			}
			return l
		}
		number := func(i int) int {
			n, err := strconv.Atoi(fs[i])
			if err != nil {
				t.Fatalf("line %d: %v", line, err)
			}
			return n
		}
		switch fs[0] {
		case "fp":
			a, b, want := cell(1), cell(2), list(3)
			got := FlightPath(a, b)
			sortXY(want)
			g := slices.Clone(got)
			sortXY(g)
			if !slices.Equal(g, want) {
				t.Errorf("line %d: FlightPath(%v, %v) = %v, tool %v", line, a, b, got, want)
			}
		case "kb":
			bl, d, want := cell(1), cell(2), fs[3]
			got := KnockbackCells(bl, d)
			if s := FormatList(got[:]); s != want {
				t.Errorf("line %d: KnockbackCells(%v, %v) = %s, tool %s", line, bl, d, s, want)
			}
		case "line":
			start, d, n := cell(1), Dir(number(2)), number(3)
			path, exit, left := Line(start, d, n)
			if fs[4] == "-" { // left the field: the tool gives the exit cell
				if !left || exit.String() != fs[5] {
					t.Errorf("line %d: Line(%v, %v, %d) = %v, %v, %v; tool: off at %s", line, start, d, n, path, exit, left, fs[5])
				}
			} else if left || exit.String() != fs[4] {
				t.Errorf("line %d: Line(%v, %v, %d) = %v, %v, %v; tool: lands on %s", line, start, d, n, path, exit, left, fs[4])
			}
		case "front":
			th, nb, g, want := cell(1), cell(2), cell(3), fs[4] == "1"
			if got := InFront(nb, th, g); got != want {
				t.Errorf("line %d: InFront(%v, %v, %v) = %v, tool %v", line, nb, th, g, got, want)
			}
		case "dist":
			a, b, want := cell(1), cell(2), number(3)
			if got := Distance(a, b); got != want {
				t.Errorf("line %d: Distance(%v, %v) = %d, tool %d", line, a, b, got, want)
			}
		default:
			t.Fatalf("line %d: unknown kind %q", line, fs[0])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"fp", "kb", "line", "front", "dist"} {
		if counts[k] == 0 {
			t.Errorf("golden file has no %q lines", k)
		}
	}
	if counts["kb"] != 2700 || counts["fp"] != 1456 {
		t.Errorf("golden file: %d kb, %d fp lines; want 2700, 1456", counts["kb"], counts["fp"])
	}
}
