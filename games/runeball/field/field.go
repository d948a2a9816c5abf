// Package field is the geometry of the Runeball field (SPEC.md §2.2, the
// field model of RB-D11): cells in doubled-height hex coordinates, the zones
// of each team, the six directions of every scatter and bounce (RB-D16),
// distances, straight lines, the flight path of a pass (RB-D47), "in front"
// (RB-D46), knockback cells (RB-D33) and the geometric part of a move path
// (RB-F22, RB-D13).
//
// Everything is integer arithmetic and deterministic (DESIGN.md §2): every
// list comes in a documented order, never from map iteration.
//
// The oracle is tools/hexfield.py beside the spec; testdata/golden.txt holds
// its answers for a sample of cells and pairs (see testdata/gen_golden.py).
package field

import (
	"fmt"
	"strconv"
	"strings"
)

// The bounds of the field (RB-F16, RB-D11): columns x = 1…31 and doubled rows
// y = 1…31; a cell exists iff x + y is even.
const (
	MinX = 1
	MaxX = 31
	MinY = 1
	MaxY = 31
	// NeutralX is the column of the neutral zone (RB-F17, RB-D14).
	NeutralX = 16
	// CenterY is the row of the goal posts, the middle of the field's width.
	CenterY = 16
	// NumCells is the number of cells on the field: 449 full hexes and 32
	// half-hexes (RB-F23).
	NumCells = 481
)

// Cell is a hex of the field in the doubled-height coordinates of SPEC.md
// §2.2: X is the column 1…31 from the home end ("west") to the away end
// ("east"), Y the doubled row 1…31 from the north touchline to the south one.
// A Cell value may lie off the field (see Valid); Step and Line produce such
// values when they leave it.
type Cell struct{ X, Y int }

// String formats the cell as "x:y" (§2.1), also for cells off the field
// ("0:16").
func (c Cell) String() string {
	return strconv.Itoa(c.X) + ":" + strconv.Itoa(c.Y)
}

// Valid reports whether c is a cell of the field: 1 ≤ x ≤ 31, 1 ≤ y ≤ 31 and
// x + y even (RB-D11).
func (c Cell) Valid() bool {
	return c.X >= MinX && c.X <= MaxX && c.Y >= MinY && c.Y <= MaxY && (c.X+c.Y)%2 == 0
}

// HalfHex reports whether c is one of the 32 half-hexes: an odd column's end
// cell, y = 1 or y = 31 (RB-F20, RB-D11). Half-hexes are in bounds (RB-F21);
// a move may enter only one (RB-F22, RB-D13); a prone push into one is out
// (RB-F61, RB-D33).
func (c Cell) HalfHex() bool {
	return c.Valid() && c.X%2 == 1 && (c.Y == MinY || c.Y == MaxY)
}

var allCells = func() []Cell {
	out := make([]Cell, 0, NumCells)
	for x := MinX; x <= MaxX; x++ {
		for y := MinY; y <= MaxY; y++ {
			if c := (Cell{x, y}); c.Valid() {
				out = append(out, c)
			}
		}
	}
	return out
}()

// All returns the 481 cells of the field in x then y order (1:1, 1:3, …,
// 1:31, 2:2, …, 31:31). The slice is the caller's own.
func All() []Cell {
	return append([]Cell(nil), allCells...)
}

// maxCoordDigits bounds the digits ParseCoords accepts, so that no input
// overflows an int and every coordinate stays small enough for the
// arithmetic of this package.
const maxCoordDigits = 4

// ParseCoords reads "x:y" into a Cell without checking that the cell is on
// the field: spaces around the numbers and the colon are ignored, a leading
// sign is allowed ("-1:16", "0:16"), and each number has at most four digits.
// It is for arguments whose refusal for an off-field cell belongs to the
// caller (a move path: "0:16 is off the field (use run-off)", §2.7); use Parse
// for everything else.
func ParseCoords(s string) (Cell, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return Cell{}, fmt.Errorf("a cell is missing (write x:y, e.g. 16:16)")
	}
	xs, ys, ok := strings.Cut(t, ":")
	if !ok {
		return Cell{}, fmt.Errorf("%q is not a cell (write x:y, e.g. 16:16)", t)
	}
	x, err := parseCoord(xs)
	if err != nil {
		return Cell{}, fmt.Errorf("%q is not a cell: x %v (write x:y, e.g. 16:16)", t, err)
	}
	y, err := parseCoord(ys)
	if err != nil {
		return Cell{}, fmt.Errorf("%q is not a cell: y %v (write x:y, e.g. 16:16)", t, err)
	}
	return Cell{x, y}, nil
}

func parseCoord(s string) (int, error) {
	s = strings.TrimSpace(s)
	digits := s
	if strings.HasPrefix(digits, "-") || strings.HasPrefix(digits, "+") {
		digits = digits[1:]
	}
	if digits == "" {
		return 0, fmt.Errorf("is missing")
	}
	for _, r := range digits {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("%q is not a whole number", s)
		}
	}
	if len(digits) > maxCoordDigits {
		return 0, fmt.Errorf("%q has too many digits", s)
	}
	n, err := strconv.Atoi(s)
	if err != nil { // unreachable after the checks above; kept for safety
		return 0, fmt.Errorf("%q is not a whole number", s)
	}
	return n, nil
}

// Parse reads a cell of the field written "x:y" (§2.1), e.g. "16:16"; spaces
// around the numbers and the colon are ignored. Cells off the field are
// refused with the reason: "17:16 is not a cell of the field (x + y must be
// even)", "32:16 is not a cell of the field (x must be 1…31)", and so on.
func Parse(s string) (Cell, error) {
	c, err := ParseCoords(s)
	if err != nil {
		return Cell{}, err
	}
	if err := c.Check(); err != nil {
		return Cell{}, err
	}
	return c, nil
}

// Check returns nil for a cell of the field and otherwise an error that says
// why it is not one (the first failing rule of x range, y range, parity).
func (c Cell) Check() error {
	switch {
	case c.X < MinX || c.X > MaxX:
		return fmt.Errorf("%s is not a cell of the field (x must be %d…%d)", c, MinX, MaxX)
	case c.Y < MinY || c.Y > MaxY:
		return fmt.Errorf("%s is not a cell of the field (y must be %d…%d)", c, MinY, MaxY)
	case (c.X+c.Y)%2 != 0:
		return fmt.Errorf("%s is not a cell of the field (x + y must be even)", c)
	}
	return nil
}

// ParseList reads a comma-separated list of cells of the field (§2.1:
// "13:15,14:14"), each as Parse reads it. An empty list, an empty item and a
// cell off the field are refused; repeats are kept (the caller judges them).
func ParseList(s string) ([]Cell, error) {
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("no cells given (write x:y,x:y, e.g. 13:15,14:14)")
	}
	parts := strings.Split(s, ",")
	out := make([]Cell, 0, len(parts))
	for i, p := range parts {
		if strings.TrimSpace(p) == "" {
			return nil, fmt.Errorf("cell %d of the list is empty (write x:y,x:y, e.g. 13:15,14:14)", i+1)
		}
		c, err := Parse(p)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// FormatList writes cells as a comma-separated list, the form ParseList
// reads ("13:15,14:14"); an empty list is "".
func FormatList(cs []Cell) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(c.String())
	}
	return b.String()
}
