package field

import (
	"fmt"
	"slices"
)

// Dir is one of the six directions of the hex grid, numbered as the d6 of
// every scatter and bounce (RB-D16): 1 N, 2 NE, 3 SE, 4 S, 5 SW, 6 NW, in
// clockwise order; N is toward y = 1. Values outside 1…6 are not directions
// (see Valid); their vector is 0, 0.
type Dir int

// The six directions (RB-D16, §2.2).
const (
	N  Dir = 1
	NE Dir = 2
	SE Dir = 3
	S  Dir = 4
	SW Dir = 5
	NW Dir = 6
)

// Dirs lists the six directions in d6 order.
var Dirs = [6]Dir{N, NE, SE, S, SW, NW}

var dirVectors = [7][2]int{
	{0, 0},
	N:  {0, -2},
	NE: {1, -1},
	SE: {1, 1},
	S:  {0, 2},
	SW: {-1, 1},
	NW: {-1, -1},
}

var dirNames = [7]string{"", "N", "NE", "SE", "S", "SW", "NW"}

// Valid reports whether d is one of the six directions (1…6).
func (d Dir) Valid() bool { return d >= N && d <= NW }

// String returns "N", "NE", "SE", "S", "SW" or "NW", and "Dir(n)" for a value
// that is not a direction.
func (d Dir) String() string {
	if !d.Valid() {
		return fmt.Sprintf("Dir(%d)", int(d))
	}
	return dirNames[d]
}

// Vector returns the step of direction d in doubled coordinates (§2.2 table):
// N 0,−2; NE +1,−1; SE +1,+1; S 0,+2; SW −1,+1; NW −1,−1. A value that is not
// a direction gives 0, 0.
func (d Dir) Vector() (dx, dy int) {
	if !d.Valid() {
		return 0, 0
	}
	v := dirVectors[d]
	return v[0], v[1]
}

// Clockwise returns the next direction clockwise in the d6 ring (NW → N).
func (d Dir) Clockwise() Dir {
	if !d.Valid() {
		return d
	}
	return d%6 + 1
}

// Counterclockwise returns the next direction counterclockwise in the d6
// ring (N → NW).
func (d Dir) Counterclockwise() Dir {
	if !d.Valid() {
		return d
	}
	return (d+4)%6 + 1
}

// Opposite returns the reverse direction (N ↔ S, NE ↔ SW, SE ↔ NW).
func (d Dir) Opposite() Dir {
	if !d.Valid() {
		return d
	}
	return (d+2)%6 + 1
}

// Step returns the cell one hex from c in direction d. The result may be off
// the field; a value of d that is not a direction returns c.
func Step(c Cell, d Dir) Cell {
	dx, dy := d.Vector()
	return Cell{c.X + dx, c.Y + dy}
}

// Neighbours returns the neighbours of c that are on the field, in direction
// order N, NE, SE, S, SW, NW (§2.2).
func Neighbours(c Cell) []Cell {
	out := make([]Cell, 0, 6)
	for _, d := range Dirs {
		if n := Step(c, d); n.Valid() {
			out = append(out, n)
		}
	}
	return out
}

// OnEdge reports whether c is a cell of the field with at least one
// neighbour off the field: a cell a standing player may run off from
// (RB-D45, `run-off`).
func OnEdge(c Cell) bool {
	if !c.Valid() {
		return false
	}
	for _, d := range Dirs {
		if !Step(c, d).Valid() {
			return true
		}
	}
	return false
}

// DirOf returns the direction d with Step(from, d) == to, and false when the
// two cells are not neighbours.
func DirOf(from, to Cell) (Dir, bool) {
	dx, dy := to.X-from.X, to.Y-from.Y
	for _, d := range Dirs {
		if v := dirVectors[d]; v[0] == dx && v[1] == dy {
			return d, true
		}
	}
	return 0, false
}

// Adjacent reports whether b is one of the six neighbours of a (§2.2). It is
// pure geometry: it does not require either cell to be on the field.
func Adjacent(a, b Cell) bool {
	_, ok := DirOf(a, b)
	return ok
}

// Distance is the hex distance between two cells (§2.2): with dx = |Δx| and
// dy = |Δy|, dx + max(0, (dy − dx) / 2). It is defined for cells of the hex
// lattice (x + y even), on the field or off it; it equals the length of the
// shortest chain of neighbours, which never needs to leave the field between
// two cells of the field.
func Distance(a, b Cell) int {
	dx, dy := abs(a.X-b.X), abs(a.Y-b.Y)
	return dx + max(0, (dy-dx)/2)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Line moves n hexes in a straight line in direction d from start, the X1
// scatter of Flow X (RB-D16, §2.2). path holds the cells entered, start
// excluded, as long as they are on the field. A line that leaves the field
// never comes back: left is true and path stops before the first off-field
// cell. exit is the last on-field cell reached: the landing cell when left
// is false (start itself for n ≤ 0), and the exit cell when left is true
// (start itself if the first step leaves). A start off the field gives no
// path, exit = start and left = true; a d that is not a direction gives
// exit = start and left = false.
func Line(start Cell, d Dir, n int) (path []Cell, exit Cell, left bool) {
	if !start.Valid() {
		return nil, start, true
	}
	if !d.Valid() {
		return nil, start, false
	}
	c := start
	for range max(n, 0) {
		next := Step(c, d)
		if !next.Valid() {
			return path, c, true
		}
		path = append(path, next)
		c = next
	}
	return path, c, false
}

// hexCorners are the six corners of a cell's hexagon around its point
// (3x, y), in ring order, so that consecutive entries share an edge (RB-D47).
var hexCorners = [6][2]int{{2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}, {1, -1}}

// FlightPath returns the cells a pass from a to b flies over (RB-D47, §2.2):
// the cells of the field, other than a and b, whose hexagon the straight
// segment between the two centres crosses through the interior or runs
// along an edge of; touching a single corner does not count. The test is
// integer: each cell maps to the point (3x, y), its hexagon to the corners
// (±2, 0), (±1, ±1); C is on the path iff 0 < (C − A)·(B − A) < |B − A|² and
// the signs of cross(B − A, corner − A) are mixed, or two consecutive corners
// give 0.
//
// The cells come sorted by distance from a, then x, then y. A pass between
// cells off the field, or from a cell to itself, has no path (nil).
func FlightPath(a, b Cell) []Cell {
	if !a.Valid() || !b.Valid() || a == b {
		return nil
	}
	ax, ay := 3*a.X, a.Y
	dx, dy := 3*b.X-ax, b.Y-ay
	length2 := dx*dx + dy*dy
	var out []Cell
	// Only cells near the segment can qualify: a hexagon reaches 2 from its
	// point, so a centre projecting inside the segment on a hexagon the line
	// meets is within 2 of the segment in X and Y (x ± 1, y ± 2 suffice).
	x0, x1 := max(min(a.X, b.X)-1, MinX), min(max(a.X, b.X)+1, MaxX)
	y0, y1 := max(min(a.Y, b.Y)-2, MinY), min(max(a.Y, b.Y)+2, MaxY)
	for x := x0; x <= x1; x++ {
		for y := y0; y <= y1; y++ {
			c := Cell{x, y}
			if !c.Valid() || c == a || c == b || !onFlightPath(ax, ay, dx, dy, length2, c) {
				continue
			}
			out = append(out, c)
		}
	}
	slices.SortFunc(out, func(p, q Cell) int {
		if dp, dq := Distance(a, p), Distance(a, q); dp != dq {
			return dp - dq
		}
		if p.X != q.X {
			return p.X - q.X
		}
		return p.Y - q.Y
	})
	return out
}

// onFlightPath is RB-D47's test for one cell c against the segment from the
// point (ax, ay) along (dx, dy), of squared length length2.
func onFlightPath(ax, ay, dx, dy, length2 int, c Cell) bool {
	cx, cy := 3*c.X-ax, c.Y-ay
	if t := cx*dx + cy*dy; t <= 0 || t >= length2 {
		return false
	}
	var s [6]int
	neg, pos := false, false
	for k, v := range hexCorners {
		s[k] = dx*(cy+v[1]) - dy*(cx+v[0])
		neg = neg || s[k] < 0
		pos = pos || s[k] > 0
	}
	if neg && pos {
		return true // the segment crosses the hexagon's interior
	}
	for k := range s {
		if s[k] == 0 && s[(k+1)%6] == 0 {
			return true // it runs along an edge
		}
	}
	return false // it misses, or touches one corner only
}

// InFront reports whether n, a neighbour of the thrower or kicker t, is in
// front of him for a throw or kick at target g (RB-D46): n is adjacent to t
// and strictly closer to g than t is. That is one neighbour when the throw
// runs along a hex axis and two otherwise. It is false when n is not adjacent
// to t.
func InFront(n, t, g Cell) bool {
	return Adjacent(t, n) && Distance(n, g) < Distance(t, g)
}

// KnockbackCells returns the three cells a defender may be pushed to by a
// blocker (RB-D33, Flow KB), in the spec's order: with v = defender −
// blocker, first defender + v (straight on), then defender + the direction
// counterclockwise of v, then defender + the one clockwise of v (for v = NE:
// NE, N, SE). Some may be off the field. A chained occupant W pushed from the
// victim's cell D uses KnockbackCells(D, W). When blocker and defender are
// not adjacent the result is three zero Cells (off the field).
func KnockbackCells(blocker, defender Cell) [3]Cell {
	d, ok := DirOf(blocker, defender)
	if !ok {
		return [3]Cell{}
	}
	return [3]Cell{
		Step(defender, d),
		Step(defender, d.Counterclockwise()),
		Step(defender, d.Clockwise()),
	}
}

// Nearest returns the candidates at the smallest distance from c, in the
// candidates' order (the closest standing player to an exit cell, Flow T;
// several are a choice for the gaining team). No candidates give nil.
func Nearest(c Cell, candidates []Cell) []Cell {
	best := -1
	var out []Cell
	for _, p := range candidates {
		switch d := Distance(c, p); {
		case best < 0 || d < best:
			best = d
			out = append(out[:0], p)
		case d == best:
			out = append(out, p)
		}
	}
	return out
}
