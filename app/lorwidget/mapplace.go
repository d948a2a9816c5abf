package lorwidget

import (
	"math"
	"slices"
	"sort"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"

	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

// This file places the characters on the map: each in a cell of its own
// (a circle a finger can hit, its name under it) inside its section, or,
// when the section has no room for them all, one stack per team with the
// count, which opens a picker. Off the table, each team keeps a fixed
// place per character along its strip, so the strip never reorders when
// one of them goes onto the table.

// mapFinger is the smallest tap target on the map, in dp.
const mapFinger float32 = 48

// MapTarget is a tap target of the map as drawn: one character's circle,
// or a stack of several characters of one team (a count that opens a
// picker listing them).
type MapTarget struct {
	// Characters are the ids the target stands for, in the view's order.
	Characters []string
	// Center is the target's centre in the widget; Size the side of the
	// square a tap hits.
	Center fyne.Position
	Size   float32
}

// Stack reports whether the target is a stack of several characters.
func (t MapTarget) Stack() bool { return len(t.Characters) > 1 }

// mapSizes are the sizes of what the map draws for characters, from the
// theme's text size: they grow with the player's text size.
type mapSizes struct {
	// r is a circle's radius; hit the side of its tap target.
	r, hit float32
	// name is the names' text size; cell the room of one character
	// with its name, compact its room without (a stack's, or where the
	// names do not fit).
	name          float32
	cell, compact fyne.Size
}

// sizesNow are the character sizes at the theme's text size.
func sizesNow() mapSizes {
	text := theme.Size(theme.SizeNameText)
	s := mapSizes{r: max(text*0.9, 12), name: theme.Size(theme.SizeNameCaptionText)}
	s.hit = max(2*s.r, mapFinger)
	nameH := s.name * 1.35
	s.cell = fyne.NewSize(s.hit+6, max(s.hit, 2*s.r+nameH+2)+4)
	s.compact = fyne.NewSize(s.hit+6, s.hit+6)
	return s
}

// minStrip is the strip width the map needs for the characters on it: a
// cell, or none on a map without characters (a preview).
func (m *TableMap) minStrip() float32 {
	if len(m.v.Characters) == 0 {
		return 0
	}
	return sizesNow().hit + 8
}

// rect is a rectangle in the widget.
type rect struct{ x0, y0, x1, y1 float32 }

func rectAround(c fyne.Position, w, h float32) rect {
	return rect{c.X - w/2, c.Y - h/2, c.X + w/2, c.Y + h/2}
}

func (a rect) overlaps(b rect) bool {
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
}

func (a rect) within(b rect) bool {
	return a.x0 >= b.x0-0.5 && a.y0 >= b.y0-0.5 && a.x1 <= b.x1+0.5 && a.y1 <= b.y1+0.5
}

// textRect is where a text object is drawn.
func textRect(t *canvas.Text) rect {
	p, s := t.Position(), t.Size()
	return rect{p.X, p.Y, p.X + s.Width, p.Y + s.Height}
}

// labelRect is where a section's label is drawn.
func (m *TableMap) labelRect(g geom, s landsofruin.MapSection) rect {
	size := labelSize(g)
	r := m.coreLabelRect(g, s)
	// Room for the marks drawn above and beside the label (Rotters
	// before the game, throwables, a detected enemy).
	above := false
	for _, d := range m.v.RotterDeployment {
		above = above || d.Section == s.ID
	}
	for _, t := range m.v.Throwables {
		above = above || t.Section == s.ID
	}
	if above {
		// Above the label, or below it when above is taken.
		r.y0 -= size * 1.6
		r.y1 += theme.Size(theme.SizeNameCaptionText) * 1.4
	}
	if slices.Contains(m.v.Detected, s.ID) {
		r.x1 += size * 1.8
	}
	return r
}

// targets are the map's tap targets for the characters, and where each
// character is drawn (a stacked one at its stack).
func (m *TableMap) targets(g geom) []MapTarget {
	if !m.known || g.scale <= 0 {
		return nil
	}
	sz := sizesNow()
	m.tight = map[string]bool{}
	onTable := map[string][]landsofruin.CharView{}
	strips := map[content.Side][]landsofruin.CharView{}
	for _, c := range m.v.Characters {
		if m.offTable(c.Section) {
			strips[m.stripOf(c)] = append(strips[m.stripOf(c)], c)
			continue
		}
		onTable[c.Section] = append(onTable[c.Section], c)
	}
	var out []MapTarget
	for _, side := range []content.Side{content.South, content.North, content.East, content.West} {
		if cs := strips[side]; len(cs) > 0 {
			out = append(out, m.stripTargets(g, sz, side, cs)...)
		}
	}
	// What the sections' targets must keep clear of: the strips'
	// targets, every section's label, and each other.
	var taken []rect
	for _, t := range out {
		taken = append(taken, rectAround(t.Center, sz.cell.Width, sz.cell.Height))
	}
	for _, s := range m.layout.Sections {
		if !s.OffTable {
			taken = append(taken, m.labelRect(g, s))
		}
	}
	for _, s := range m.layout.Sections {
		if cs := onTable[s.ID]; len(cs) > 0 && !s.OffTable {
			ts := m.sectionTargets(g, sz, s, cs, taken)
			for _, t := range ts {
				taken = append(taken, rectAround(t.Center, sz.compact.Width, sz.compact.Height))
			}
			out = append(out, ts...)
		}
	}
	return out
}

// stripOf is the table side whose strip an off-table character is drawn
// on: the strip it stands on, else its team's own edge (the seat's own at
// the bottom, the others' along theirs, or the top).
func (m *TableMap) stripOf(c landsofruin.CharView) content.Side {
	if s, ok := m.layout.Section(c.Section); ok && s.OffTable {
		for _, side := range []content.Side{content.South, content.North, content.East, content.West} {
			if content.StripID(side) == s.ID {
				return side
			}
		}
	}
	for _, p := range m.v.Players {
		if p.Seat == c.Seat && content.Side(p.Side).Valid() {
			if c.Seat != m.v.Seat && content.Side(p.Side) == m.side {
				break // another team on the seat's own side: the top
			}
			return content.Side(p.Side)
		}
	}
	if c.Seat == m.v.Seat {
		return m.side
	}
	return m.side.Opposite()
}

// edge is where side's strip is drawn in the widget: its centre line's
// start, its direction (along x or y) and its length.
func (g geom) edge(side content.Side) (start fyne.Position, alongX bool, length float32) {
	// A point just beyond the table on that side, in view tenths.
	var p content.Point
	switch side {
	case content.North:
		p = content.Point{X: g.l.Width / 2, Y: -1}
	case content.South:
		p = content.Point{X: g.l.Width / 2, Y: g.l.Height + 1}
	case content.West:
		p = content.Point{X: -1, Y: g.l.Height / 2}
	default:
		p = content.Point{X: g.l.Width + 1, Y: g.l.Height / 2}
	}
	vx, vy := g.view(p)
	s := g.strip * g.scale
	o, sz := g.table()
	switch {
	case vy < 0:
		return fyne.NewPos(o.X-s, o.Y-s/2), true, sz.Width + 2*s
	case vy > g.vh:
		return fyne.NewPos(o.X-s, o.Y+sz.Height+s/2), true, sz.Width + 2*s
	case vx < 0:
		return fyne.NewPos(o.X-s/2, o.Y), false, sz.Height
	}
	return fyne.NewPos(o.X+sz.Width+s/2, o.Y), false, sz.Height
}

// stripTargets places the characters off the table along side's strip:
// each team in a block of fixed places, one per character of the team in
// the view's order, so a character keeps its place whoever leaves; a
// stack per team when the strip is too short for that.
func (m *TableMap) stripTargets(g geom, sz mapSizes, side content.Side, cs []landsofruin.CharView) []MapTarget {
	start, alongX, length := g.edge(side)
	step := sz.cell.Width
	if !alongX {
		step = sz.cell.Height
	}
	seats, bySeat := groupBySeat(cs, m.v.Seat)
	team := map[string][]string{}
	for _, c := range m.v.Characters {
		team[c.Seat] = append(team[c.Seat], c.ID)
	}
	need := 0
	for _, seat := range seats {
		need += len(team[seat])
	}
	capacity := int(math.Floor(float64(length / step)))
	at := func(i, n int) fyne.Position {
		// Slot i of n, centred along the strip.
		off := (length-float32(n)*step)/2 + (float32(i)+0.5)*step
		if alongX {
			return fyne.NewPos(start.X+off, start.Y)
		}
		return fyne.NewPos(start.X, start.Y+off)
	}
	var out []MapTarget
	if need <= capacity {
		base := 0
		for _, seat := range seats {
			for _, c := range bySeat[seat] {
				i := indexOf(team[seat], c.ID)
				out = append(out, MapTarget{Characters: []string{c.ID}, Center: at(base+i, need), Size: sz.hit})
			}
			base += len(team[seat])
		}
		return out
	}
	for i, seat := range seats {
		out = append(out, MapTarget{Characters: ids(bySeat[seat]), Center: at(i, max(len(seats), min(capacity, len(seats)))), Size: sz.hit})
	}
	return out
}

// sectionTargets places a section's characters in the cells that fit in
// it below (or round) its label, clear of taken: one each when there is
// room for them all, else one stack per team.
func (m *TableMap) sectionTargets(g geom, sz mapSizes, s landsofruin.MapSection, cs []landsofruin.CharView, taken []rect) []MapTarget {
	seats, bySeat := groupBySeat(cs, m.v.Seat)
	var ordered []landsofruin.CharView
	for _, seat := range seats {
		ordered = append(ordered, bySeat[seat]...)
	}
	compact := sz
	compact.cell = sz.compact
	slots := m.cells(g, sz, s, len(ordered), taken)
	if len(ordered) > len(slots) {
		// Without room for the names (drawn only where they fit).
		if cs := m.cells(g, compact, s, len(ordered), taken); len(cs) >= len(ordered) {
			slots = cs
		}
	}
	if len(ordered) <= len(slots) {
		out := make([]MapTarget, len(ordered))
		for i, c := range ordered {
			out[i] = MapTarget{Characters: []string{c.ID}, Center: slots[i], Size: sz.hit}
		}
		return out
	}
	// Stacks need no room for names.
	slots = m.cells(g, compact, s, len(seats), taken)
	if len(slots) < len(seats) {
		if len(slots) > 0 {
			// Not a cell per team: one stack of everyone there.
			return []MapTarget{{Characters: ids(ordered), Center: slots[0], Size: sz.hit}}
		}
		// No cell at all (a small section at a large text size): one
		// stack of everyone in the section's middle, its label moved
		// beside it (labelAt).
		m.tight[s.ID] = true
		return []MapTarget{{Characters: ids(ordered), Center: g.toScreen(s.Inside), Size: sz.hit}}
	}
	var out []MapTarget
	for i, seat := range seats {
		at := m.labelAt(g, s)
		if i < len(slots) {
			at = slots[i]
		}
		out = append(out, MapTarget{Characters: ids(bySeat[seat]), Center: at, Size: sz.hit})
	}
	return out
}

// cells are the centres of up to want cells clear of taken that lie
// wholly inside the section (or, when none does, whose centre does),
// nearest its label first, then sorted in reading order.
func (m *TableMap) cells(g geom, sz mapSizes, s landsofruin.MapSection, want int, taken []rect) []fyne.Position {
	pts := make([]fyne.Position, len(s.Polygon))
	x0, y0, x1, y1 := float32(math.MaxFloat32), float32(math.MaxFloat32), float32(-math.MaxFloat32), float32(-math.MaxFloat32)
	for i, p := range s.Polygon {
		pts[i] = g.toScreen(p)
		x0, y0, x1, y1 = min(x0, pts[i].X), min(y0, pts[i].Y), max(x1, pts[i].X), max(y1, pts[i].Y)
	}
	lr := m.labelRect(g, s)
	ax := (lr.x0 + lr.x1) / 2
	ay := lr.y1 + sz.cell.Height/2
	w, h := sz.cell.Width, sz.cell.Height
	var best []fyne.Position
	// The grid centred under the label, then grids aligned to the
	// section's corner: the one with the most cells.
	for _, org := range [][2]float32{{ax, ay}, {x0 + w/2, y0 + h/2}, {x0 + w, y0 + h/2}, {x0 + w/2, y0 + h}, {x0 + w, y0 + h}} {
		var cand, loose []fyne.Position
		for j := -int((org[1]-y0)/h) - 1; float32(j)*h+org[1] <= y1; j++ {
			for k := -int((org[0]-x0)/w) - 1; float32(k)*w+org[0] <= x1; k++ {
				c := fyne.NewPos(org[0]+float32(k)*w, org[1]+float32(j)*h)
				cell := rectAround(c, w, h)
				switch {
				case !free(cell, taken):
				case inside(pts, cell):
					cand = append(cand, c)
				case inside(pts, rectAround(c, 4, 4)):
					loose = append(loose, c)
				}
			}
		}
		if len(cand) == 0 {
			// A section too narrow for a whole cell: cells whose
			// centre is in it.
			cand = loose
		}
		if len(cand) > len(best) {
			best = cand
		}
	}
	cand := best
	sort.SliceStable(cand, func(i, j int) bool {
		di := sq(cand[i].X-ax) + sq(cand[i].Y-ay)
		dj := sq(cand[j].X-ax) + sq(cand[j].Y-ay)
		return di < dj
	})
	if len(cand) > want {
		cand = cand[:want]
	}
	sort.SliceStable(cand, func(i, j int) bool {
		if cand[i].Y != cand[j].Y {
			return cand[i].Y < cand[j].Y
		}
		return cand[i].X < cand[j].X
	})
	return cand
}

// labelAt is the centre of a section's label: at the top of the section
// where the label fits inside it there, so the characters have the room
// below it; else at the point well inside it.
func (m *TableMap) labelAt(g geom, s landsofruin.MapSection) fyne.Position {
	size := labelSize(g)
	in := g.toScreen(s.Inside)
	if m.tight[s.ID] {
		// The section's stack is in its middle: the label beside it.
		ms := fyne.MeasureText(s.Label, size, fyne.TextStyle{Bold: true})
		return fyne.NewPos(in.X-sizesNow().hit/2-ms.Width/2-2, in.Y)
	}
	pts := make([]fyne.Position, len(s.Polygon))
	top := float32(math.MaxFloat32)
	for i, p := range s.Polygon {
		pts[i] = g.toScreen(p)
		top = min(top, pts[i].Y)
	}
	ms := fyne.MeasureText(s.Label, size, fyne.TextStyle{Bold: true})
	extra := float32(0)
	for _, d := range m.v.RotterDeployment {
		if d.Section == s.ID {
			extra = theme.Size(theme.SizeNameCaptionText) * 1.5
		}
	}
	c := fyne.NewPos(in.X, top+extra+ms.Height/2+2)
	if c.Y < in.Y && inside(pts, rectAround(c, ms.Width+8, ms.Height)) {
		return c
	}
	in.Y -= size * 0.4
	return in
}

func sq(x float32) float32 { return x * x }

// inside reports whether the rectangle's corners lie in the polygon pts.
func inside(pts []fyne.Position, r rect) bool {
	poly := make([][2]float64, len(pts))
	for i, p := range pts {
		poly[i] = [2]float64{float64(p.X), float64(p.Y)}
	}
	for _, c := range [][2]float32{{r.x0 + 1, r.y0 + 1}, {r.x1 - 1, r.y0 + 1}, {r.x0 + 1, r.y1 - 1}, {r.x1 - 1, r.y1 - 1}} {
		if !inPoly(poly, float64(c[0]), float64(c[1])) {
			return false
		}
	}
	return true
}

// groupBySeat groups characters by seat, the viewing seat's first, each
// in the view's order.
func groupBySeat(cs []landsofruin.CharView, own string) ([]string, map[string][]landsofruin.CharView) {
	by := map[string][]landsofruin.CharView{}
	var seats []string
	for _, c := range cs {
		if _, ok := by[c.Seat]; !ok {
			seats = append(seats, c.Seat)
		}
		by[c.Seat] = append(by[c.Seat], c)
	}
	sort.SliceStable(seats, func(i, j int) bool { return seats[i] == own && seats[j] != own })
	return seats, by
}

func ids(cs []landsofruin.CharView) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.ID
	}
	return out
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return 0
}

// Targets lists the map's tap targets as drawn now: a circle per
// character, or a stack per team where a section or strip is too small.
func (m *TableMap) Targets() []MapTarget { return m.targets(m.geom()) }

// targetAt is the target whose tap square holds pos.
func (m *TableMap) targetAt(pos fyne.Position) (MapTarget, bool) {
	best, bestD, found := MapTarget{}, float32(-1), false
	for _, t := range m.Targets() {
		if !rectAround(t.Center, t.Size, t.Size).overlaps(rect{pos.X, pos.Y, pos.X + 0.01, pos.Y + 0.01}) {
			continue
		}
		d := sq(pos.X-t.Center.X) + sq(pos.Y-t.Center.Y)
		if !found || d < bestD {
			best, bestD, found = t, d, true
		}
	}
	return best, found
}
