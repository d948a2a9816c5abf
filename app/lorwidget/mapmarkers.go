package lorwidget

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"

	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

// This file makes the map's drawn objects other than the section fills:
// outlines, labels, Rotter counts, spawn points, detected enemies,
// throwables and the characters' circles.

// centredText is a text object centred on pos.
func centredText(s string, pos fyne.Position, size float32, col fyne.ThemeColorName, bold bool) *canvas.Text {
	t := canvas.NewText(s, theme.Color(col))
	t.TextSize, t.TextStyle.Bold = size, bold
	ms := t.MinSize()
	t.Resize(ms)
	t.Move(fyne.NewPos(pos.X-ms.Width/2, pos.Y-ms.Height/2))
	return t
}

// outlines are the sections' edges and the table's border.
func (m *TableMap) outlines(g geom) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	col := theme.Color(theme.ColorNameForeground)
	for _, s := range m.layout.Sections {
		if s.OffTable {
			continue
		}
		for i := range s.Polygon {
			a, b := g.toScreen(s.Polygon[i]), g.toScreen(s.Polygon[(i+1)%len(s.Polygon)])
			l := canvas.NewLine(withAlpha(col, 0x80))
			l.StrokeWidth = 1
			l.Position1, l.Position2 = a, b
			out = append(out, l)
		}
	}
	o, sz := g.table()
	border := canvas.NewRectangle(withAlpha(col, 0))
	border.StrokeColor, border.StrokeWidth = col, 2
	border.Resize(sz)
	border.Move(o)
	out = append(out, border)
	s := g.strip * g.scale
	strip := canvas.NewRectangle(withAlpha(col, 0))
	strip.StrokeColor, strip.StrokeWidth = theme.Color(theme.ColorNamePlaceHolder), 1
	strip.Resize(fyne.NewSize(sz.Width+2*s, sz.Height+2*s))
	strip.Move(fyne.NewPos(o.X-s, o.Y-s))
	out = append(out, strip)
	return out
}

// stripCaption names the off-table strip along the bottom, where it is
// clear of the characters and texts taken.
func (m *TableMap) stripCaption(g geom, taken []rect, targets []MapTarget) []fyne.CanvasObject {
	if m.v.System == "" && m.v.Map == "" {
		return nil
	}
	for _, t := range targets {
		taken = append(taken, rectAround(t.Center, t.Size, t.Size))
	}
	o, sz := g.table()
	y := o.Y + sz.Height + g.strip*g.scale/2
	size := theme.Size(theme.SizeNameCaptionText)
	bounds := rect{0, 0, m.Size().Width, m.Size().Height}
	for _, x := range []float32{o.X + sz.Width/2, o.X + sz.Width/4, o.X + sz.Width*3/4} {
		label := centredText("off table", fyne.NewPos(x, y), size, theme.ColorNamePlaceHolder, false)
		if r := textRect(label); r.within(bounds) && free(r, taken) {
			return []fyne.CanvasObject{label}
		}
	}
	return nil
}

// sectionLabels are the sections' labels and detected-enemy markers.
func (m *TableMap) sectionLabels(g geom) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	size := labelSize(g)
	detected := map[string]bool{}
	for _, d := range m.v.Detected {
		detected[d] = true
	}
	for _, s := range m.layout.Sections {
		if s.OffTable {
			continue
		}
		p := m.labelAt(g, s)
		out = append(out, centredText(s.Label, p, size, theme.ColorNameForeground, true))
		if detected[s.ID] {
			q := fyne.NewPos(p.X+size*1.2, p.Y)
			dot := canvas.NewCircle(theme.Color(theme.ColorNameError))
			dot.Resize(fyne.NewSquareSize(size))
			dot.Move(fyne.NewPos(q.X-size/2, q.Y-size/2))
			out = append(out, dot, centredText("?", q, size*0.8, theme.ColorNameForegroundOnError, true))
		}
	}
	return out
}

// rotterLabels are the pre-game Rotters per section, "yours (opponents')",
// just above the section's label, in a size that fits the section's width
// and clear of the other sections' labels (below the label when above
// would overlap one).
func (m *TableMap) rotterLabels(g geom, targets []MapTarget) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	var labels []rect
	for _, s := range m.layout.Sections {
		if !s.OffTable {
			labels = append(labels, m.coreLabelRect(g, s))
		}
	}
	for _, t := range targets {
		labels = append(labels, rectAround(t.Center, t.Size, t.Size))
	}
	o, sz := g.table()
	bounds := rect{o.X, o.Y, o.X + sz.Width, o.Y + sz.Height}
	for _, d := range m.v.RotterDeployment {
		s, ok := m.layout.Section(d.Section)
		if !ok {
			continue
		}
		x0, x1 := m.sectionSpan(g, s)
		text := "Rotters " + d.Label
		size := theme.Size(theme.SizeNameCaptionText)
		for size > 9 && fyne.MeasureText(text, size, fyne.TextStyle{Bold: true}).Width > x1-x0 {
			size--
		}
		lr := m.coreLabelRect(g, s)
		h := fyne.MeasureText(text, size, fyne.TextStyle{Bold: true}).Height
		var placed *canvas.Text
		for _, y := range []float32{lr.y0 - h/2 - 1, lr.y1 + h/2 + 1} {
			t := centredText(text, fyne.NewPos((lr.x0+lr.x1)/2, y), size, theme.ColorNameError, true)
			if r := textRect(t); r.within(bounds) && free(r, labels) {
				placed = t
				break
			}
		}
		if placed != nil {
			labels = append(labels, textRect(placed))
			out = append(out, placed)
		}
	}
	return out
}

// coreLabelRect is where a section's label text is drawn.
func (m *TableMap) coreLabelRect(g geom, s landsofruin.MapSection) rect {
	ms := fyne.MeasureText(s.Label, labelSize(g), fyne.TextStyle{Bold: true})
	return rectAround(m.labelAt(g, s), ms.Width, ms.Height)
}

// sectionSpan is the section's left and right in the widget, at the
// height of its label.
func (m *TableMap) sectionSpan(g geom, s landsofruin.MapSection) (float32, float32) {
	x0, x1 := float32(math.MaxFloat32), float32(-math.MaxFloat32)
	for _, p := range s.Polygon {
		q := g.toScreen(p)
		x0, x1 = min(x0, q.X), max(x1, q.X)
	}
	return x0, x1
}

// spawnMarkers are the Rotter spawn points of this Environment phase with
// the number entering at each.
func (m *TableMap) spawnMarkers(g geom) []fyne.CanvasObject {
	r := m.v.Rotters
	if r == nil || len(r.Spawns) == 0 {
		return nil
	}
	type spot struct {
		at    content.Point
		count int
	}
	var order []string
	spots := map[string]*spot{}
	for _, s := range r.Spawns {
		key := s.Point
		at := content.Point{X: s.X, Y: s.Y}
		if s.X == 0 && s.Y == 0 {
			for _, sp := range m.layout.SpawnPoints {
				if sp.ID == s.Point {
					at = sp.At
				}
			}
		}
		if spots[key] == nil {
			spots[key] = &spot{at: at}
			order = append(order, key)
		}
		spots[key].count += s.Count
	}
	var out []fyne.CanvasObject
	side := max(sizesNow().r*1.6, 16)
	for _, k := range order {
		s := spots[k]
		p := g.toScreen(s.at)
		box := canvas.NewRectangle(theme.Color(theme.ColorNameError))
		box.CornerRadius = 3
		box.Resize(fyne.NewSquareSize(side))
		box.Move(fyne.NewPos(p.X-side/2, p.Y-side/2))
		out = append(out, box, centredText(fmt.Sprint(s.count), p, side*0.6, theme.ColorNameForegroundOnError, true))
	}
	return out
}

// throwableMarkers are grenades, slaves and strikes with their areas.
func (m *TableMap) throwableMarkers(g geom) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	rad := sizesNow().r * 1.8
	for i, t := range m.v.Throwables {
		s, ok := m.layout.Section(t.Section)
		if !ok {
			continue
		}
		p := g.toScreen(s.Inside)
		p.X += rad * float32(i%3-1)
		p.Y -= labelSize(g) * 1.2
		ring := canvas.NewCircle(withAlpha(theme.Color(theme.ColorNameWarning), 0x50))
		ring.StrokeColor, ring.StrokeWidth = theme.Color(theme.ColorNameWarning), 2
		ring.Resize(fyne.NewSquareSize(2 * rad))
		ring.Move(fyne.NewPos(p.X-rad, p.Y-rad))
		label := t.Name
		if t.Area != "" {
			label += " " + t.Area
		}
		out = append(out, ring, centredText(label, p, theme.Size(theme.SizeNameCaptionText), theme.ColorNameForeground, true))
	}
	return out
}

// characterMarkers are the characters' circles and stacks, then the
// names under the circles wherever they are clear of every other text and
// mark of the map (taken: what is drawn already). A name that would
// overlap is left out: the picker and the cards name everyone.
func (m *TableMap) characterMarkers(g geom, hlChar string, taken []rect, targets []MapTarget) []fyne.CanvasObject {
	var out, names, dragged []fyne.CanvasObject
	sz := sizesNow()
	chars := map[string]landsofruin.CharView{}
	for _, c := range m.v.Characters {
		chars[c.ID] = c
	}
	bounds := rect{0, 0, m.Size().Width, m.Size().Height}
	for _, t := range targets {
		taken = append(taken, rectAround(t.Center, 2*sz.r, 2*sz.r))
	}
	for _, t := range targets {
		if t.Stack() {
			out = append(out, m.stackMarker(t, sz.r, hlChar)...)
			continue
		}
		c := chars[t.Characters[0]]
		p := t.Center
		if m.drag && c.ID == m.dragID {
			dragged = m.marker(c, m.dragPos, sz.r, c.ID == hlChar)
			continue
		}
		out = append(out, m.marker(c, p, sz.r, c.ID == hlChar)...)
		if n := shortName(c.Name); n != "" {
			label := centredText(n, fyne.NewPos(p.X, p.Y+sz.r+sz.name*0.7), sz.name, theme.ColorNameForeground, false)
			if r := textRect(label); r.within(bounds) && free(r, taken) {
				taken = append(taken, r)
				names = append(names, label)
			}
		}
	}
	if m.drag && m.dragID != "" && dragged == nil {
		// Dragged out of a stack.
		if c, ok := chars[m.dragID]; ok {
			dragged = m.marker(c, m.dragPos, sz.r, c.ID == hlChar)
		}
	}
	out = append(out, names...)
	return append(out, dragged...)
}

// free reports whether r overlaps none of taken.
func free(r rect, taken []rect) bool {
	for _, t := range taken {
		if r.overlaps(t) {
			return false
		}
	}
	return true
}

// stackMarker is a stack of a team's characters: two circles, one behind
// the other, in the team's colour with the count; ringed when it holds
// the selected or the highlighted character.
func (m *TableMap) stackMarker(t MapTarget, r float32, hlChar string) []fyne.CanvasObject {
	// The first team's colour in front, the last one's behind (the same
	// team's, paler, for a stack of one team).
	first, _ := m.char(t.Characters[0])
	last, _ := m.char(t.Characters[len(t.Characters)-1])
	fill := TeamColour(m.v, first.Seat)
	p := t.Center
	back := canvas.NewCircle(withAlpha(TeamColour(m.v, last.Seat), 0xa0))
	back.StrokeColor, back.StrokeWidth = theme.Color(theme.ColorNameBackground), 1
	back.Resize(fyne.NewSquareSize(2 * r))
	back.Move(fyne.NewPos(p.X-r+r*0.3, p.Y-r-r*0.3))
	dot := canvas.NewCircle(fill)
	dot.StrokeColor, dot.StrokeWidth = theme.Color(theme.ColorNameBackground), 1
	switch {
	case slices.Contains(t.Characters, m.selected):
		dot.StrokeColor, dot.StrokeWidth = theme.Color(theme.ColorNamePrimary), 4
	case slices.Contains(t.Characters, hlChar):
		dot.StrokeColor, dot.StrokeWidth = theme.Color(theme.ColorNameError), 4
	}
	dot.Resize(fyne.NewSquareSize(2 * r))
	dot.Move(fyne.NewPos(p.X-r, p.Y-r))
	return []fyne.CanvasObject{back, dot, centredText(fmt.Sprintf("×%d", len(t.Characters)), p, r*0.95, theme.ColorNameForegroundOnPrimary, true)}
}

// marker is one character's circle at p.
func (m *TableMap) marker(c landsofruin.CharView, p fyne.Position, r float32, highlighted bool) []fyne.CanvasObject {
	fill := TeamColour(m.v, c.Seat)
	if c.Down {
		fill = withAlpha(fill, 0x60)
	}
	dot := canvas.NewCircle(fill)
	dot.StrokeColor, dot.StrokeWidth = theme.Color(theme.ColorNameBackground), 1
	switch {
	case c.ID == m.selected:
		dot.StrokeColor, dot.StrokeWidth = theme.Color(theme.ColorNamePrimary), 4
	case highlighted:
		dot.StrokeColor, dot.StrokeWidth = theme.Color(theme.ColorNameError), 4
	}
	dot.Resize(fyne.NewSquareSize(2 * r))
	dot.Move(fyne.NewPos(p.X-r, p.Y-r))
	out := []fyne.CanvasObject{dot}
	if c.Own != nil && c.Own.Role != "" {
		out = append(out, centredText(RoleGlyph(c.Own.Role), p, r*1.1, theme.ColorNameForegroundOnPrimary, true))
	}
	if c.Down {
		fg := theme.Color(theme.ColorNameForeground)
		for _, d := range [][2]float32{{-1, -1}, {-1, 1}} {
			l := canvas.NewLine(fg)
			l.StrokeWidth = 2
			l.Position1 = fyne.NewPos(p.X+d[0]*r*0.7, p.Y+d[1]*r*0.7)
			l.Position2 = fyne.NewPos(p.X-d[0]*r*0.7, p.Y-d[1]*r*0.7)
			out = append(out, l)
		}
	}
	switch leadershipOf(m.v, c) {
	case GoldStar:
		out = append(out, placed(star(gold, r), p.X+r*0.4, p.Y-r*1.3, r))
	case SilverStar:
		out = append(out, placed(star(silver, r), p.X+r*0.4, p.Y-r*1.3, r))
	}
	return out
}

// shortName is the name under a circle: the last word, titles left out
// ("Sister Aurel" Aurel), or the last two when it is a number
// ("Vance's Riflemen 2" Riflemen 2); an epithet goes ("Vrask the
// Pusher" Vrask).
func shortName(name string) string {
	if i := strings.Index(name, " the "); i > 0 {
		name = name[:i] // "Vrask the Pusher"
	}
	w := strings.Fields(name)
	switch {
	case len(w) == 0:
		return ""
	case len(w) >= 2 && strings.Trim(w[len(w)-1], "0123456789") == "":
		return w[len(w)-2] + " " + w[len(w)-1]
	}
	return w[len(w)-1]
}

// placed sizes o to a square of side s at (x, y).
func placed(o fyne.CanvasObject, x, y, s float32) fyne.CanvasObject {
	o.Resize(fyne.NewSquareSize(s))
	o.Move(fyne.NewPos(x, y))
	return o
}

// SetMarked outlines the sections a tap on the map acts on now (the
// sections a move or a throw may go to), so a player sees where a tap
// counts; nil clears the marks.
func (m *TableMap) SetMarked(sections []string) {
	if slices.Equal(m.marked, sections) {
		return
	}
	m.marked = append(m.marked[:0], sections...)
	m.Refresh()
}

// Marked are the sections outlined by SetMarked.
func (m *TableMap) Marked() []string { return append([]string(nil), m.marked...) }

// markOutlines draws a thick primary-coloured outline round each marked
// table section.
func (m *TableMap) markOutlines(g geom) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	col := theme.Color(theme.ColorNamePrimary)
	for _, id := range m.marked {
		s, ok := m.layout.Section(id)
		if !ok || s.OffTable {
			continue
		}
		for i := range s.Polygon {
			a, b := g.toScreen(s.Polygon[i]), g.toScreen(s.Polygon[(i+1)%len(s.Polygon)])
			l := canvas.NewLine(col)
			l.StrokeWidth = 3
			l.Position1, l.Position2 = a, b
			out = append(out, l)
		}
	}
	return out
}
