package content

import (
	"encoding/json"
	"fmt"
	"sort"
)

// Point is a position on the table in tenths of an inch: X grows east (to
// the right as the south player sees the table), Y grows south. The
// table's north-west corner is (0, 0); the off-table strips have negative
// coordinates or coordinates past the table's width and height. In JSON a
// point is the array [x, y].
type Point struct {
	X int `msgpack:"x"`
	Y int `msgpack:"y"`
}

// MarshalJSON writes the point as [x, y].
func (p Point) MarshalJSON() ([]byte, error) { return json.Marshal([2]int{p.X, p.Y}) }

// UnmarshalJSON reads a point written as [x, y].
func (p *Point) UnmarshalJSON(b []byte) error {
	var a []int
	if err := json.Unmarshal(b, &a); err != nil {
		return fmt.Errorf("a point is [x, y] in tenths of an inch: %w", err)
	}
	if len(a) != 2 {
		return fmt.Errorf("a point is [x, y] in tenths of an inch, got %d numbers", len(a))
	}
	p.X, p.Y = a[0], a[1]
	return nil
}

// String formats the point as (x,y).
func (p Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

// Polygon is a closed ring of points; the last point connects back to the
// first (it is not repeated).
type Polygon []Point

// maxCoord bounds every coordinate so products of differences never overflow
// int64: 10 000 tenths is 83 feet, far beyond any gaming table.
const maxCoord = 10000

// ISqrt returns the integer square root of n (the largest r with r*r <= n);
// 0 for n <= 0.
func ISqrt(n int64) int64 {
	if n <= 0 {
		return 0
	}
	// Newton's method on integers, started above the root.
	x := n
	y := (x + 1) / 2
	for y < x {
		x = y
		y = (x + n/x) / 2
	}
	return x
}

// Distance is the straight-line distance between a and b in tenths of an
// inch, rounded to the nearest tenth (halves cannot occur for integer
// inputs: the square of a half-integer is never an integer).
func Distance(a, b Point) int {
	dx, dy := int64(a.X-b.X), int64(a.Y-b.Y)
	d2 := dx*dx + dy*dy
	r := ISqrt(d2)
	if d2-r*r > r { // d2 > (r+0.5)^2 - 0.25
		r++
	}
	return int(r)
}

// Within reports whether b is at most limit tenths of an inch from a,
// exactly (no rounding): dx²+dy² <= limit².
func Within(a, b Point, limit int) bool {
	dx, dy, l := int64(a.X-b.X), int64(a.Y-b.Y), int64(limit)
	return limit >= 0 && dx*dx+dy*dy <= l*l
}

// cross is the z component of (b-a)×(c-a): positive when a→b→c turns left
// in a y-up frame (clockwise on screen, where y grows down).
func cross(a, b, c Point) int64 {
	return int64(b.X-a.X)*int64(c.Y-a.Y) - int64(b.Y-a.Y)*int64(c.X-a.X)
}

// onSegment reports whether p lies on the closed segment ab.
func onSegment(p, a, b Point) bool {
	return cross(a, b, p) == 0 &&
		min(a.X, b.X) <= p.X && p.X <= max(a.X, b.X) &&
		min(a.Y, b.Y) <= p.Y && p.Y <= max(a.Y, b.Y)
}

// sign returns -1, 0 or 1.
func sign(v int64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// segmentsIntersect reports whether the closed segments ab and cd share at
// least one point.
func segmentsIntersect(a, b, c, d Point) bool {
	d1, d2 := sign(cross(c, d, a)), sign(cross(c, d, b))
	d3, d4 := sign(cross(a, b, c)), sign(cross(a, b, d))
	if d1*d2 < 0 && d3*d4 < 0 {
		return true
	}
	return onSegment(a, c, d) || onSegment(b, c, d) || onSegment(c, a, b) || onSegment(d, a, b)
}

// properCross reports whether ab and cd cross at a single point interior to
// both segments.
func properCross(a, b, c, d Point) bool {
	d1, d2 := sign(cross(c, d, a)), sign(cross(c, d, b))
	d3, d4 := sign(cross(a, b, c)), sign(cross(a, b, d))
	return d1*d2 < 0 && d3*d4 < 0
}

// Area2 returns twice the polygon's signed area (shoelace formula).
func (pg Polygon) Area2() int64 {
	var s int64
	for i := range pg {
		a, b := pg[i], pg[(i+1)%len(pg)]
		s += int64(a.X)*int64(b.Y) - int64(b.X)*int64(a.Y)
	}
	return s
}

// Contains reports whether p is inside the polygon or on its boundary.
func (pg Polygon) Contains(p Point) bool {
	if len(pg) < 3 {
		return false
	}
	for i := range pg {
		if onSegment(p, pg[i], pg[(i+1)%len(pg)]) {
			return true
		}
	}
	return pg.containsStrict(p)
}

// containsStrict is the even-odd ray test (a ray toward +x); points on the
// boundary may go either way, so Contains checks the boundary first.
func (pg Polygon) containsStrict(p Point) bool {
	in := false
	for i := range pg {
		a, b := pg[i], pg[(i+1)%len(pg)]
		if (a.Y > p.Y) != (b.Y > p.Y) {
			// x of the crossing > p.X, without division: sign-aware compare.
			c := cross(a, b, p) // >0: p left of a→b (y-up sense)
			if b.Y > a.Y {
				if c > 0 {
					in = !in
				}
			} else if c < 0 {
				in = !in
			}
		}
	}
	return in
}

// Bounds returns the smallest rectangle holding the polygon.
func (pg Polygon) Bounds() (lo, hi Point) {
	if len(pg) == 0 {
		return
	}
	lo, hi = pg[0], pg[0]
	for _, p := range pg[1:] {
		lo.X, lo.Y = min(lo.X, p.X), min(lo.Y, p.Y)
		hi.X, hi.Y = max(hi.X, p.X), max(hi.Y, p.Y)
	}
	return lo, hi
}

// Centroid returns the polygon's area centroid, rounded toward zero to
// whole tenths (the vertex mean for degenerate polygons).
func (pg Polygon) Centroid() Point {
	a2 := pg.Area2()
	if a2 == 0 || len(pg) == 0 {
		var sx, sy int64
		for _, p := range pg {
			sx += int64(p.X)
			sy += int64(p.Y)
		}
		if len(pg) == 0 {
			return Point{}
		}
		return Point{int(sx / int64(len(pg))), int(sy / int64(len(pg)))}
	}
	var cx, cy int64
	for i := range pg {
		a, b := pg[i], pg[(i+1)%len(pg)]
		f := int64(a.X)*int64(b.Y) - int64(b.X)*int64(a.Y)
		cx += int64(a.X+b.X) * f
		cy += int64(a.Y+b.Y) * f
	}
	return Point{int(cx / (3 * a2)), int(cy / (3 * a2))}
}

// checkSimple reports why the polygon is not a simple polygon with a
// positive area, or nil.
func (pg Polygon) checkSimple() error {
	if len(pg) < 3 {
		return fmt.Errorf("has %d points: a closed polygon needs at least 3", len(pg))
	}
	for i, p := range pg {
		if p.X < -maxCoord || p.X > maxCoord || p.Y < -maxCoord || p.Y > maxCoord {
			return fmt.Errorf("point %d %v is beyond ±%d tenths", i, p, maxCoord)
		}
	}
	n := len(pg)
	for i := range n {
		if pg[i] == pg[(i+1)%n] {
			return fmt.Errorf("points %d and %d are the same %v", i, (i+1)%n, pg[i])
		}
	}
	for i := range n {
		a, b := pg[i], pg[(i+1)%n]
		for j := i + 1; j < n; j++ {
			c, d := pg[j], pg[(j+1)%n]
			switch {
			case j == i+1 || (i == 0 && j == n-1):
				// Neighbours share one end; they must not fold back on each other.
				shared, other1, other2 := b, a, d
				if i == 0 && j == n-1 {
					shared, other1, other2 = a, b, c
				}
				if cross(shared, other1, other2) == 0 && (onSegment(other2, shared, other1) || onSegment(other1, shared, other2)) {
					return fmt.Errorf("edges %d and %d fold back on each other at %v", i, j, shared)
				}
			default:
				if segmentsIntersect(a, b, c, d) {
					return fmt.Errorf("edges %d %v–%v and %d %v–%v touch or cross: the polygon is not simple", i, a, b, j, c, d)
				}
			}
		}
	}
	if pg.Area2() == 0 {
		return fmt.Errorf("has no area")
	}
	return nil
}

// sharedLength2 returns, for two collinear overlapping segments, whether
// they share a piece of positive length.
func sharesPiece(a, b, c, d Point) bool {
	if cross(a, b, c) != 0 || cross(a, b, d) != 0 {
		return false
	}
	// Project on the dominant axis.
	if a.X != b.X {
		lo1, hi1 := min(a.X, b.X), max(a.X, b.X)
		lo2, hi2 := min(c.X, d.X), max(c.X, d.X)
		return min(hi1, hi2) > max(lo1, lo2)
	}
	lo1, hi1 := min(a.Y, b.Y), max(a.Y, b.Y)
	lo2, hi2 := min(c.Y, d.Y), max(c.Y, d.Y)
	return min(hi1, hi2) > max(lo1, lo2)
}

// Touches reports whether two polygons share a piece of boundary of
// positive length (two sections meeting only at a corner do not touch).
func (pg Polygon) Touches(o Polygon) bool {
	for i := range pg {
		a, b := pg[i], pg[(i+1)%len(pg)]
		for j := range o {
			if sharesPiece(a, b, o[j], o[(j+1)%len(o)]) {
				return true
			}
		}
	}
	return false
}

// rat is a non-negative-denominator rational used for exact crossings.
type rat struct{ num, den int64 }

func (r rat) less(o rat) bool  { return r.num*o.den < o.num*r.den }
func (r rat) equal(o rat) bool { return r.num*o.den == o.num*r.den }

// rowCrossings returns the sorted x coordinates where the polygon's edges
// cross the horizontal line y = row + 1/2 (exact rationals).
func (pg Polygon) rowCrossings(row int) []rat {
	y2 := int64(2*row + 1) // work in doubled y
	var xs []rat
	for i := range pg {
		a, b := pg[i], pg[(i+1)%len(pg)]
		ay, by := int64(2*a.Y), int64(2*b.Y)
		if (ay < y2) == (by < y2) {
			continue
		}
		// x = a.X + (b.X-a.X)*(y2-ay)/(by-ay)
		den := by - ay
		num := int64(a.X)*den + int64(b.X-a.X)*(y2-ay)
		if den < 0 {
			num, den = -num, -den
		}
		xs = append(xs, rat{num, den})
	}
	sort.Slice(xs, func(i, j int) bool { return xs[i].less(xs[j]) })
	return xs
}
