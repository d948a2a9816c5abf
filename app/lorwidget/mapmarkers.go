package lorwidget

import (
	"fmt"
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
	if m.v.System != "" || m.v.Map != "" {
		label := centredText("off table", fyne.NewPos(o.X+sz.Width/2, o.Y+sz.Height+g.strip*g.scale/2), theme.Size(theme.SizeNameCaptionText), theme.ColorNamePlaceHolder, false)
		out = append(out, label)
	}
	return out
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
		p := g.toScreen(s.Inside)
		p.Y -= size * 0.4
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

// rotterLabels are the pre-game Rotters per section, "yours (opponents')".
func (m *TableMap) rotterLabels(g geom) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	size := theme.Size(theme.SizeNameCaptionText)
	for _, d := range m.v.RotterDeployment {
		s, ok := m.layout.Section(d.Section)
		if !ok {
			continue
		}
		p := g.toScreen(s.Inside)
		p.Y -= labelSize(g) * 1.3
		out = append(out, centredText("Rotters "+d.Label, p, size, theme.ColorNameError, true))
	}
	return out
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
	side := max(m.radius(g)*1.6, 16)
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
	rad := m.radius(g) * 1.8
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

// characterMarkers are the characters' circles.
func (m *TableMap) characterMarkers(g geom, hlChar string) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	r := m.radius(g)
	pos := m.placements(g)
	var dragged []fyne.CanvasObject
	for _, c := range m.v.Characters {
		p, ok := pos[c.ID]
		if !ok {
			continue
		}
		if m.drag && c.ID == m.dragID {
			p = m.dragPos
		}
		objs := m.marker(c, p, r, c.ID == hlChar)
		if m.drag && c.ID == m.dragID {
			dragged = objs
			continue
		}
		out = append(out, objs...)
	}
	return append(out, dragged...)
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
	if n := shortName(c.Name); r >= 10 && n != "" {
		out = append(out, centredText(n, fyne.NewPos(p.X, p.Y+r+7), theme.Size(theme.SizeNameCaptionText), theme.ColorNameForeground, false))
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
