package content

import (
	"fmt"
	"sort"
)

// Side is a table side a player sits at.
type Side string

// The four table sides. North is the top edge of the map (y = 0).
const (
	North Side = "north"
	South Side = "south"
	East  Side = "east"
	West  Side = "west"
)

// Sides lists the four table sides in a fixed order.
var Sides = []Side{North, South, East, West}

// Valid reports whether s is one of the four sides.
func (s Side) Valid() bool { return s == North || s == South || s == East || s == West }

// QuarterTurns is how many quarter turns clockwise the map is drawn
// rotated for a player at side s, so their own table edge is at the bottom
// of their screen: south 0, east 1, north 2, west 3.
func (s Side) QuarterTurns() int {
	switch s {
	case East:
		return 1
	case North:
		return 2
	case West:
		return 3
	}
	return 0
}

// Opposite returns the side across the table.
func (s Side) Opposite() Side {
	switch s {
	case North:
		return South
	case South:
		return North
	case East:
		return West
	case West:
		return East
	}
	return s
}

// Section kinds.
const (
	SectionStreet   = "street"
	SectionBuilding = "building"
	SectionOpen     = "open"
	SectionOffTable = "off-table"
)

// Map is a table layout made of named sections. The table is the rectangle
// (0,0)–(Width,Height) in tenths of an inch; the sections cover it exactly,
// without overlapping. Outside each edge is an off-table strip StripTenths
// wide: a character dragged there has left the table.
type Map struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Width       int       `json:"width"`  // tenths of an inch, west to east
	Height      int       `json:"height"` // tenths of an inch, north to south
	StripTenths int       `json:"strip"`
	Sides       []Side    `json:"sides"` // the sides players may take
	Sections    []Section `json:"sections"`
}

// Section is a named area of a map.
type Section struct {
	ID      string  `json:"id"`
	Label   string  `json:"label"`
	Kind    string  `json:"kind"`
	Polygon Polygon `json:"polygon"`
}

// Limits of a map (tenths of an inch) and of its data.
const (
	maxTableTenths = 1440 // 12 feet
	maxStripTenths = 120
	maxSections    = 64
	maxVertices    = 64
)

// StripID returns the id of the off-table strip along side s.
func StripID(s Side) string { return "off-" + string(s) }

// Strips returns the four off-table strips as sections. The north and
// south strips run the full width including the corners.
func (m *Map) Strips() []Section {
	w, h, s := m.Width, m.Height, m.StripTenths
	rect := func(x0, y0, x1, y1 int) Polygon {
		return Polygon{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
	}
	return []Section{
		{ID: StripID(North), Label: "off table (north)", Kind: SectionOffTable, Polygon: rect(-s, -s, w+s, 0)},
		{ID: StripID(South), Label: "off table (south)", Kind: SectionOffTable, Polygon: rect(-s, h, w+s, h+s)},
		{ID: StripID(East), Label: "off table (east)", Kind: SectionOffTable, Polygon: rect(w, 0, w+s, h)},
		{ID: StripID(West), Label: "off table (west)", Kind: SectionOffTable, Polygon: rect(-s, 0, 0, h)},
	}
}

// AllSections returns the map's sections followed by its off-table strips.
func (m *Map) AllSections() []Section {
	if m.StripTenths <= 0 {
		return m.Sections
	}
	return append(append([]Section(nil), m.Sections...), m.Strips()...)
}

// OnTable reports whether p is on the table (edges included).
func (m *Map) OnTable(p Point) bool {
	return p.X >= 0 && p.Y >= 0 && p.X <= m.Width && p.Y <= m.Height
}

// InBounds reports whether p is on the table or in its off-table strips.
func (m *Map) InBounds(p Point) bool {
	s := m.StripTenths
	return p.X >= -s && p.Y >= -s && p.X <= m.Width+s && p.Y <= m.Height+s
}

// SectionAt returns the section (or off-table strip) holding p. A point on
// a boundary belongs to the first section in map order that holds it, so
// the answer is always the same.
func (m *Map) SectionAt(p Point) (Section, bool) {
	for _, s := range m.AllSections() {
		if s.Polygon.Contains(p) {
			return s, true
		}
	}
	return Section{}, false
}

// SectionsAt returns the ids of every section (and strip) holding p, in
// map order: more than one only on a boundary.
func (m *Map) SectionsAt(p Point) []string {
	var ids []string
	for _, s := range m.AllSections() {
		if s.Polygon.Contains(p) {
			ids = append(ids, s.ID)
		}
	}
	return ids
}

// Section returns the section or strip with the given id.
func (m *Map) Section(id string) (Section, bool) {
	for _, s := range m.AllSections() {
		if s.ID == id {
			return s, true
		}
	}
	return Section{}, false
}

// Adjacent returns the sorted ids of the sections and strips that share a
// piece of boundary with section id (meeting at a corner is not enough).
func (m *Map) Adjacent(id string) []string {
	self, ok := m.Section(id)
	if !ok {
		return nil
	}
	var out []string
	for _, s := range m.AllSections() {
		if s.ID != id && self.Polygon.Touches(s.Polygon) {
			out = append(out, s.ID)
		}
	}
	sort.Strings(out)
	return out
}

// ViewSize is the size of the map, strips excluded, as a player at side s
// sees it.
func (m *Map) ViewSize(s Side) (w, h int) {
	if s.QuarterTurns()%2 == 1 {
		return m.Height, m.Width
	}
	return m.Width, m.Height
}

// ToView turns table coordinates into the coordinates a player at side s
// sees on their screen (x right, y down, their own edge at the bottom).
func (m *Map) ToView(s Side, p Point) Point {
	switch s {
	case North:
		return Point{m.Width - p.X, m.Height - p.Y}
	case East:
		return Point{m.Height - p.Y, p.X}
	case West:
		return Point{p.Y, m.Width - p.X}
	}
	return p
}

// FromView is the inverse of ToView.
func (m *Map) FromView(s Side, v Point) Point {
	switch s {
	case North:
		return Point{m.Width - v.X, m.Height - v.Y}
	case East:
		return Point{v.Y, m.Height - v.X}
	case West:
		return Point{m.Width - v.Y, v.X}
	}
	return v
}

// Edge returns the two ends of the table edge at side s, from the
// player's left to their right.
func (m *Map) Edge(s Side) (Point, Point) {
	w, h := m.Width, m.Height
	switch s {
	case North:
		return Point{w, 0}, Point{0, 0}
	case East:
		return Point{w, h}, Point{w, 0}
	case West:
		return Point{0, 0}, Point{0, h}
	}
	return Point{0, h}, Point{w, h}
}

// HasSide reports whether players may sit at side s of this map.
func (m *Map) HasSide(s Side) bool {
	for _, x := range m.Sides {
		if x == s {
			return true
		}
	}
	return false
}

// validate checks one map; where is "maps.json: map "id"".
func (m *Map) validate(where string, errs *errList) {
	start := len(*errs)
	if m.Width <= 0 || m.Height <= 0 || m.Width > maxTableTenths || m.Height > maxTableTenths {
		errs.add("%s: width/height %d×%d: each must be 1–%d tenths of an inch", where, m.Width, m.Height, maxTableTenths)
		return
	}
	if m.StripTenths < 0 || m.StripTenths > maxStripTenths {
		errs.add("%s: strip %d: must be 0–%d tenths of an inch", where, m.StripTenths, maxStripTenths)
	}
	if len(m.Sides) < 2 {
		errs.add("%s: sides: at least two table sides are needed, got %d", where, len(m.Sides))
	}
	seenSide := map[Side]bool{}
	for _, s := range m.Sides {
		if !s.Valid() {
			errs.add("%s: sides: %q is not north, south, east or west", where, s)
		} else if seenSide[s] {
			errs.add("%s: sides: %q listed twice", where, s)
		}
		seenSide[s] = true
	}
	if len(m.Sections) == 0 || len(m.Sections) > maxSections {
		errs.add("%s: sections: need 1–%d sections, got %d", where, maxSections, len(m.Sections))
		return
	}
	ids := map[string]bool{}
	for _, s := range Sides {
		ids[StripID(s)] = true
	}
	for i := range m.Sections {
		s := &m.Sections[i]
		sw := fmt.Sprintf("%s: section %q", where, s.ID)
		if s.ID == "" {
			sw = fmt.Sprintf("%s: section #%d", where, i+1)
			errs.add("%s: id: empty", sw)
		} else if ids[s.ID] {
			errs.add("%s: id: duplicate (or a reserved strip id)", sw)
		}
		ids[s.ID] = true
		if s.Label == "" {
			errs.add("%s: label: empty", sw)
		}
		switch s.Kind {
		case SectionStreet, SectionBuilding, SectionOpen:
		default:
			errs.add("%s: kind: %q is not street, building or open", sw, s.Kind)
		}
		// An explicitly closed ring repeats its first point: accept it.
		if n := len(s.Polygon); n > 3 && s.Polygon[0] == s.Polygon[n-1] {
			s.Polygon = s.Polygon[:n-1]
		}
		if len(s.Polygon) > maxVertices {
			errs.add("%s: polygon: %d points, at most %d", sw, len(s.Polygon), maxVertices)
			continue
		}
		if err := s.Polygon.checkSimple(); err != nil {
			errs.add("%s: polygon: %v", sw, err)
			continue
		}
		for j, p := range s.Polygon {
			switch {
			case !m.InBounds(p):
				errs.add("%s: polygon: point %d %v is outside the table (%d×%d) and its strips", sw, j, p, m.Width, m.Height)
			case !m.OnTable(p):
				errs.add("%s: polygon: point %d %v lies in an off-table strip, not on the %d×%d table", sw, j, p, m.Width, m.Height)
			}
		}
	}
	if len(*errs) > start {
		return
	}
	m.checkTiling(where, errs)
}

// checkTiling reports sections that overlap and parts of the table no
// section covers. Sections are simple polygons inside the table. First
// any two edges of different sections crossing at a point inside both
// means overlap; with no such crossing, the order of edges is fixed
// between consecutive vertex rows, so sweeping one line per row of tenths
// (at y + ½) is exact.
func (m *Map) checkTiling(where string, errs *errList) {
	secs := m.Sections
	for i := range secs {
		for j := i + 1; j < len(secs); j++ {
			a, b := secs[i].Polygon, secs[j].Polygon
			for k := range a {
				for l := range b {
					if properCross(a[k], a[(k+1)%len(a)], b[l], b[(l+1)%len(b)]) {
						errs.add("%s: section %q overlaps section %q (their edges cross)", where, secs[i].ID, secs[j].ID)
						return
					}
				}
			}
		}
	}
	type iv struct {
		lo, hi rat
		sec    int
	}
	w := rat{int64(m.Width), 1}
	var ivs []iv
	for row := 0; row < m.Height; row++ {
		ivs = ivs[:0]
		for i, s := range secs {
			xs := s.Polygon.rowCrossings(row)
			for k := 0; k+1 < len(xs); k += 2 {
				ivs = append(ivs, iv{xs[k], xs[k+1], i})
			}
		}
		sort.Slice(ivs, func(i, j int) bool {
			if !ivs[i].lo.equal(ivs[j].lo) {
				return ivs[i].lo.less(ivs[j].lo)
			}
			return ivs[i].sec < ivs[j].sec
		})
		cur, prev := rat{0, 1}, -1
		for _, v := range ivs {
			switch {
			case cur.less(v.lo):
				errs.add("%s: sections do not cover the table: nothing covers (%s,%d.5)", where, fmtRat(cur), row)
				return
			case v.lo.less(cur):
				errs.add("%s: section %q overlaps section %q near (%s,%d.5)", where, secs[prev].ID, secs[v.sec].ID, fmtRat(v.lo), row)
				return
			}
			cur, prev = v.hi, v.sec
		}
		if cur.less(w) {
			errs.add("%s: sections do not cover the table: nothing covers (%s,%d.5)", where, fmtRat(cur), row)
			return
		}
	}
}

// fmtRat formats a rational x coordinate to one decimal.
func fmtRat(r rat) string {
	v := r.num * 10 / r.den
	return fmt.Sprintf("%d.%d", v/10, abs64(v%10))
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
