package landsofruin

import (
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
	"github.com/commandconsole/commandconsole/npc"
)

// This file gives the GUI the maps' static geometry (content, not
// secrets): sections with their polygons and labels, off-table strips,
// spawn points and the table's size, so a table map can be drawn and
// turned for a player's side without reading the content files.

// MapLayout is a map's geometry for drawing, in tenths of an inch from the
// table's north-west corner (x east, y south).
type MapLayout struct {
	ID   string
	Name string
	// Width and Height are the table's size; Strip the width of the
	// off-table strip outside each edge (0: none).
	Width  int
	Height int
	Strip  int
	// Sides are the table sides players may take.
	Sides []content.Side
	// Sections are the table sections in map order, then the off-table
	// strips (OffTable set).
	Sections []MapSection
	// SpawnPoints are where Rotters enter, named as RotterSpawnV.Point.
	SpawnPoints []SpawnPointLayout
}

// MapSection is a section or off-table strip of a map.
type MapSection struct {
	ID string
	// Label is the letter the map shows on the section ("D"), the same
	// for every seat (it turns with the table); Name the section's name
	// in words ("north-east block"; "off table (north)" for a strip).
	Label string
	Name  string
	// Kind is content.SectionStreet, SectionBuilding, SectionOpen or
	// SectionOffTable.
	Kind     string
	OffTable bool
	Polygon  content.Polygon
	// Inside is a point well inside the polygon (its centroid when that
	// is inside), where a label or markers may go.
	Inside content.Point
}

// SpawnPointLayout is a Rotter spawn point on a table edge.
type SpawnPointLayout struct {
	ID string
	At content.Point
}

// MapLayoutOf returns the layout of the map with the id, or false.
func MapLayoutOf(id string) (MapLayout, bool) {
	m, ok := data().cont.Map(id)
	if !ok {
		return MapLayout{}, false
	}
	l := MapLayout{ID: m.ID, Name: m.Name, Width: m.Width, Height: m.Height, Strip: m.StripTenths,
		Sides: append([]content.Side(nil), m.Sides...)}
	for _, s := range m.AllSections() {
		pg := append(content.Polygon(nil), s.Polygon...)
		name := SectionName(s.ID)
		if s.Kind == content.SectionOffTable {
			name = s.Label
		}
		l.Sections = append(l.Sections, MapSection{ID: s.ID, Label: s.Label, Name: name, Kind: s.Kind, OffTable: s.Kind == content.SectionOffTable,
			Polygon: pg, Inside: insidePoint(pg)})
	}
	cfg := npc.DefaultConfig()
	per := len(cfg.SpawnPointPcts)
	for _, edge := range []string{"top", "right", "bottom", "left"} {
		for i, pct := range cfg.SpawnPointPcts {
			var at content.Point
			switch edge {
			case "top":
				at = content.Point{X: m.Width * pct / 100}
			case "right":
				at = content.Point{X: m.Width, Y: m.Height * pct / 100}
			case "bottom":
				at = content.Point{X: m.Width * pct / 100, Y: m.Height}
			case "left":
				at = content.Point{Y: m.Height * pct / 100}
			}
			l.SpawnPoints = append(l.SpawnPoints, SpawnPointLayout{ID: npc.SpawnPoint(edge, i, per), At: at})
		}
	}
	return l, true
}

// Section returns the section or strip with the id.
func (l MapLayout) Section(id string) (MapSection, bool) {
	for _, s := range l.Sections {
		if s.ID == id {
			return s, true
		}
	}
	return MapSection{}, false
}

// SectionAt returns the id of the section or strip holding p ("" none); a
// point on a boundary belongs to the first in map order.
func (l MapLayout) SectionAt(p content.Point) string {
	for _, s := range l.Sections {
		if s.Polygon.Contains(p) {
			return s.ID
		}
	}
	return ""
}

// ViewSize is the table's size (strips excluded) as a player at side s
// sees it.
func (l MapLayout) ViewSize(s content.Side) (w, h int) {
	if s.QuarterTurns()%2 == 1 {
		return l.Height, l.Width
	}
	return l.Width, l.Height
}

// ToView turns table coordinates into the coordinates a player at side s
// sees (x right, y down, their own edge at the bottom).
func (l MapLayout) ToView(s content.Side, p content.Point) content.Point {
	m := content.Map{Width: l.Width, Height: l.Height}
	return m.ToView(s, p)
}

// FromView is the inverse of ToView.
func (l MapLayout) FromView(s content.Side, v content.Point) content.Point {
	m := content.Map{Width: l.Width, Height: l.Height}
	return m.FromView(s, v)
}

// insidePoint is the polygon's centroid when it lies strictly inside,
// else the inside point of a coarse grid nearest to it.
func insidePoint(pg content.Polygon) content.Point {
	c := pg.Centroid()
	lo, hi := pg.Bounds()
	if pg.Contains(c) && !onEdge(pg, c) {
		return c
	}
	best, bestD := c, int64(-1)
	stepX, stepY := max((hi.X-lo.X)/16, 1), max((hi.Y-lo.Y)/16, 1)
	for y := lo.Y + stepY/2; y < hi.Y; y += stepY {
		for x := lo.X + stepX/2; x < hi.X; x += stepX {
			p := content.Point{X: x, Y: y}
			if !pg.Contains(p) || onEdge(pg, p) {
				continue
			}
			dx, dy := int64(x-c.X), int64(y-c.Y)
			if d := dx*dx + dy*dy; bestD < 0 || d < bestD {
				best, bestD = p, d
			}
		}
	}
	return best
}

// onEdge reports whether p is within a tenth of the polygon's boundary
// (some neighbour is outside).
func onEdge(pg content.Polygon, p content.Point) bool {
	for _, d := range []content.Point{{X: 1}, {X: -1}, {Y: 1}, {Y: -1}} {
		if !pg.Contains(content.Point{X: p.X + d.X, Y: p.Y + d.Y}) {
			return true
		}
	}
	return false
}
