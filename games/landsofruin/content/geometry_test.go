package content

import (
	"slices"
	"testing"
)

func TestISqrtAndDistance(t *testing.T) {
	for _, tc := range []struct {
		n, want int64
	}{{-4, 0}, {0, 0}, {1, 1}, {2, 1}, {3, 1}, {4, 2}, {15, 3}, {16, 4}, {99, 9}, {100, 10}, {1 << 40, 1 << 20}, {(1 << 40) - 1, (1 << 20) - 1}} {
		if got := ISqrt(tc.n); got != tc.want {
			t.Errorf("ISqrt(%d) = %d, want %d", tc.n, got, tc.want)
		}
	}
	for _, tc := range []struct {
		a, b Point
		want int
	}{
		{Point{0, 0}, Point{0, 0}, 0},
		{Point{0, 0}, Point{30, 40}, 50},     // 3-4-5: 5"
		{Point{10, 10}, Point{-20, -30}, 50}, // any quadrant
		{Point{0, 0}, Point{10, 10}, 14},     // 14.14 → 14
		{Point{0, 0}, Point{1, 1}, 1},        // 1.414 → 1
		{Point{0, 0}, Point{1, 2}, 2},        // 2.236 → 2
		{Point{0, 0}, Point{2, 3}, 4},        // 3.606 → 4
		{Point{0, 0}, Point{480, 480}, 679},  // diagonal of a 4'×4' table: 678.82
		{Point{0, 0}, Point{720, 480}, 865},  // 6'×4': 865.33
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%v, %v) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Distance(tc.b, tc.a); got != tc.want {
			t.Errorf("Distance not symmetric for %v, %v", tc.a, tc.b)
		}
	}
	// The 5" multi-target rule: exactly 5" is within, 5.1" is not.
	if !Within(Point{0, 0}, Point{30, 40}, 50) || Within(Point{0, 0}, Point{30, 41}, 50) {
		t.Error("Within(…, 50) wrong at the 5\" boundary")
	}
}

func TestPolygonContains(t *testing.T) {
	square := Polygon{{0, 0}, {100, 0}, {100, 100}, {0, 100}}
	// An L shape: the square minus its south-east quarter.
	ell := Polygon{{0, 0}, {100, 0}, {100, 50}, {50, 50}, {50, 100}, {0, 100}}
	tri := Polygon{{0, 0}, {100, 0}, {0, 100}}
	for _, tc := range []struct {
		name string
		pg   Polygon
		p    Point
		want bool
	}{
		{"square inside", square, Point{50, 50}, true},
		{"square corner", square, Point{0, 0}, true},
		{"square edge", square, Point{100, 37}, true},
		{"square outside east", square, Point{101, 50}, false},
		{"square outside north", square, Point{50, -1}, false},
		{"ell arm", ell, Point{25, 75}, true},
		{"ell notch", ell, Point{75, 75}, false},
		{"ell inner corner", ell, Point{50, 50}, true},
		{"ell notch edge", ell, Point{75, 50}, true},
		{"ell ray through vertex", ell, Point{10, 50}, true},
		{"triangle hypotenuse", tri, Point{50, 50}, true},
		{"triangle just outside", tri, Point{51, 50}, false},
		{"degenerate", Polygon{{0, 0}, {1, 1}}, Point{0, 0}, false},
	} {
		if got := tc.pg.Contains(tc.p); got != tc.want {
			t.Errorf("%s: Contains(%v) = %v, want %v", tc.name, tc.p, got, tc.want)
		}
	}
	if got := square.Area2(); got != 20000 {
		t.Errorf("square Area2 = %d, want 20000", got)
	}
	if got := ell.Centroid(); got != (Point{41, 41}) {
		t.Errorf("ell Centroid = %v, want (41,41)", got)
	}
}

func TestCheckSimple(t *testing.T) {
	for _, tc := range []struct {
		name string
		pg   Polygon
		ok   bool
	}{
		{"square", Polygon{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, true},
		{"clockwise too", Polygon{{0, 0}, {0, 10}, {10, 10}, {10, 0}}, true},
		{"two points", Polygon{{0, 0}, {10, 0}}, false},
		{"bow tie", Polygon{{0, 0}, {10, 10}, {10, 0}, {0, 10}}, false},
		{"repeated point", Polygon{{0, 0}, {10, 0}, {10, 0}, {0, 10}}, false},
		{"collinear", Polygon{{0, 0}, {5, 0}, {10, 0}}, false},
		{"spike back", Polygon{{0, 0}, {10, 0}, {5, 0}, {5, 10}}, false},
		{"touching itself", Polygon{{0, 0}, {20, 0}, {20, 20}, {10, 0}, {0, 20}}, false},
		{"huge", Polygon{{0, 0}, {maxCoord + 1, 0}, {0, 10}}, false},
	} {
		err := tc.pg.checkSimple()
		if (err == nil) != tc.ok {
			t.Errorf("%s: checkSimple = %v, want ok=%v", tc.name, err, tc.ok)
		}
	}
}

func testMap(t *testing.T, id string) *Map {
	t.Helper()
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	m, ok := c.Map(id)
	if !ok {
		t.Fatalf("no map %q", id)
	}
	return m
}

func TestSectionAtAndAdjacency(t *testing.T) {
	m := testMap(t, "crossroads")
	for _, tc := range []struct {
		p    Point
		want string
	}{
		{Point{10, 10}, "nw-block"},
		{Point{150, 50}, "nw-block"},
		{Point{50, 150}, "nw-yard"},
		{Point{240, 240}, "crossing"},
		{Point{200, 200}, "nw-block"}, // a corner shared by four: the first in map order
		{Point{479, 479}, "se-block"},
		{Point{-5, 240}, "off-west"},
		{Point{240, -10}, "off-north"},
		{Point{490, 490}, "off-south"}, // the south strip has the corners
		{Point{490, 240}, "off-east"},
	} {
		s, ok := m.SectionAt(tc.p)
		if !ok || s.ID != tc.want {
			t.Errorf("SectionAt(%v) = %q, %v; want %q", tc.p, s.ID, ok, tc.want)
		}
	}
	if _, ok := m.SectionAt(Point{-100, 0}); ok {
		t.Error("SectionAt far off the table found a section")
	}
	if got := m.SectionsAt(Point{200, 240}); !slices.Equal(got, []string{"west-street", "crossing"}) {
		t.Errorf("SectionsAt on a boundary = %v", got)
	}
	for _, tc := range []struct {
		id   string
		want []string
	}{
		{"crossing", []string{"east-street", "north-street", "south-street", "west-street"}},
		{"nw-yard", []string{"nw-block", "off-west", "west-street"}},
		{"nw-block", []string{"north-street", "nw-yard", "off-north", "off-west", "west-street"}},
		{"off-east", []string{"east-street", "ne-block", "off-north", "off-south", "se-block"}},
		{"nope", nil},
	} {
		if got := m.Adjacent(tc.id); !slices.Equal(got, tc.want) {
			t.Errorf("Adjacent(%q) = %v, want %v", tc.id, got, tc.want)
		}
	}
	plaza := testMap(t, "ruined-plaza")
	if got := plaza.Adjacent("plaza"); !slices.Equal(got, []string{"north-square", "south-market"}) {
		t.Errorf("plaza Adjacent = %v", got)
	}
	if s, _ := plaza.SectionAt(Point{360, 240}); s.ID != "plaza" {
		t.Errorf("centre of the 6'×4' table is in %q, want plaza", s.ID)
	}
}

func TestRotation(t *testing.T) {
	m := testMap(t, "ruined-plaza") // 720 × 480
	nw, ne, se, sw := Point{0, 0}, Point{720, 0}, Point{720, 480}, Point{0, 480}
	for _, tc := range []struct {
		side   Side
		turns  int
		w, h   int
		corner map[Point]Point // table corner → where the player sees it
	}{
		{South, 0, 720, 480, map[Point]Point{nw: {0, 0}, se: {720, 480}}},
		{North, 2, 720, 480, map[Point]Point{nw: {720, 480}, se: {0, 0}, ne: {0, 480}}},
		// East: the east edge at the bottom, north to the right.
		{East, 1, 480, 720, map[Point]Point{ne: {480, 720}, se: {0, 720}, nw: {480, 0}}},
		// West: the west edge at the bottom, south to the right.
		{West, 3, 480, 720, map[Point]Point{sw: {480, 720}, nw: {0, 720}, ne: {0, 0}}},
	} {
		if got := tc.side.QuarterTurns(); got != tc.turns {
			t.Errorf("%s QuarterTurns = %d, want %d", tc.side, got, tc.turns)
		}
		if w, h := m.ViewSize(tc.side); w != tc.w || h != tc.h {
			t.Errorf("%s ViewSize = %d×%d, want %d×%d", tc.side, w, h, tc.w, tc.h)
		}
		for from, want := range tc.corner {
			if got := m.ToView(tc.side, from); got != want {
				t.Errorf("%s ToView(%v) = %v, want %v", tc.side, from, got, want)
			}
		}
		// The player's own edge is at the bottom of their view.
		a, b := m.Edge(tc.side)
		va, vb := m.ToView(tc.side, a), m.ToView(tc.side, b)
		if va != (Point{0, tc.h}) || vb != (Point{tc.w, tc.h}) {
			t.Errorf("%s edge %v–%v seen at %v–%v, want bottom-left to bottom-right", tc.side, a, b, va, vb)
		}
		for _, p := range []Point{{0, 0}, {13, 477}, {-15, 240}, {735, 495}, {360, 240}} {
			if back := m.FromView(tc.side, m.ToView(tc.side, p)); back != p {
				t.Errorf("%s FromView(ToView(%v)) = %v", tc.side, p, back)
			}
		}
		if tc.side.Opposite().Opposite() != tc.side {
			t.Errorf("%s Opposite is not an involution", tc.side)
		}
	}
}
