package lorwidget

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"
	"sort"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

// TableMap draws the game table (rulebook "Table map"): the map's
// sections from the map geometry, turned so the viewing player's table
// edge is at the bottom, with section labels, a circle per character on
// the table (team colour, role icon and leader star for the seat's own,
// down shown as down, a ring for the selected one), the off-table strip,
// Rotters per section before the first Environment phase, the Rotter
// overlay's target section and character, spawn points with counts,
// detected enemies and throwables.
//
// It is a pure function of the View and its options (SetSelected,
// SetHighlight, SetSide): Update redraws it. NewMapPreview draws a map
// without a View, as the setup wizard shows one.
type TableMap struct {
	widget.BaseWidget

	// OnSectionTapped is called with the id of a tapped section, or of
	// the off-table strip tapped ("off-south").
	OnSectionTapped func(section string)
	// OnCharacterTapped is called with the id of a tapped character.
	OnCharacterTapped func(id string)
	// OnCharacterDropped is called when a character is dragged onto a
	// section or an off-table strip ("off-south"); not when dropped
	// outside the map.
	OnCharacterDropped func(id, section string)

	layout   landsofruin.MapLayout
	known    bool
	side     content.Side
	sideSet  bool
	v        landsofruin.View
	selected string
	hlSec    string
	// marked are the sections a tap acts on now (SetMarked).
	marked []string
	hlChar string
	hlSet  bool

	// drag is the character being dragged and where it is.
	dragID  string
	dragPos fyne.Position
	drag    bool

	// tight are the sections too small for one cell at the last
	// placing: their stack is in the middle, the label beside it.
	tight map[string]bool
	// picker is the stack picker on show (OpenStack).
	picker *widget.PopUp

	// fills caches the section fills' raster per size and options.
	fills    *canvas.Raster
	fillsKey string
}

// NewTableMap returns the map of v's game, turned for v's seat.
func NewTableMap(v landsofruin.View) *TableMap {
	m := &TableMap{}
	m.ExtendBaseWidget(m)
	m.Update(v)
	return m
}

// NewMapPreview returns the map with the id turned for side, without a
// game: the sections and their labels only.
func NewMapPreview(mapID string, side content.Side) *TableMap {
	m := &TableMap{side: side, sideSet: true}
	m.layout, m.known = landsofruin.MapLayoutOf(mapID)
	m.ExtendBaseWidget(m)
	return m
}

// Update redraws the map from v, in place.
func (m *TableMap) Update(v landsofruin.View) {
	m.v = v
	if !m.known || m.layout.ID != v.Map {
		m.layout, m.known = landsofruin.MapLayoutOf(v.Map)
	}
	if !m.sideSet {
		m.side = content.South
		for _, p := range v.Players {
			if p.Seat == v.Seat && content.Side(p.Side).Valid() {
				m.side = content.Side(p.Side)
			}
		}
	}
	m.Refresh()
}

// SetMap shows another map (a preview's).
func (m *TableMap) SetMap(mapID string) {
	m.layout, m.known = landsofruin.MapLayoutOf(mapID)
	m.Refresh()
}

// SetSide turns the map for side instead of the View's seat's side.
func (m *TableMap) SetSide(side content.Side) {
	m.side, m.sideSet = side, true
	m.Refresh()
}

// Side is the side the map is turned for.
func (m *TableMap) Side() content.Side { return m.side }

// SetSelected rings character id ("" none).
func (m *TableMap) SetSelected(id string) {
	m.selected = id
	m.Refresh()
}

// SetHighlight highlights a section and a character (the Rotter overlay's
// target); until it is called the View's Rotter plan target is.
func (m *TableMap) SetHighlight(section, character string) {
	m.hlSec, m.hlChar, m.hlSet = section, character, true
	m.Refresh()
}

// highlight is the highlighted section and character.
func (m *TableMap) highlight() (string, string) {
	if m.hlSet {
		return m.hlSec, m.hlChar
	}
	if r := m.v.Rotters; r != nil {
		return r.Section, r.Character
	}
	return "", ""
}

// MinSize is small: the map scales to whatever it is given.
func (m *TableMap) MinSize() fyne.Size { return fyne.NewSize(120, 120) }

func (m *TableMap) geom() geom { return newGeom(m.layout, m.side, m.Size(), m.minStrip()) }

// SectionAt is the section at pos in the widget: a section's or an
// off-table strip's id, false outside the map.
func (m *TableMap) SectionAt(pos fyne.Position) (string, bool) {
	if !m.known {
		return "", false
	}
	return m.geom().sectionAt(pos)
}

// SectionPosition is where section id's label is drawn in the widget (a
// point inside the section); the off-table strip is "".
func (m *TableMap) SectionPosition(id string) (fyne.Position, bool) {
	g := m.geom()
	if id == "" {
		o, sz := g.table()
		return fyne.NewPos(o.X+sz.Width/2, o.Y+sz.Height+g.strip*g.scale/2), true
	}
	s, ok := m.layout.Section(id)
	if !ok {
		return fyne.Position{}, false
	}
	return g.toScreen(s.Inside), true
}

// CharacterPosition is the centre of character id's circle, or of the
// stack it is in.
func (m *TableMap) CharacterPosition(id string) (fyne.Position, bool) {
	for _, t := range m.Targets() {
		if slices.Contains(t.Characters, id) {
			return t.Center, true
		}
	}
	return fyne.Position{}, false
}

// radius is the characters' circle radius.
func (m *TableMap) radius(geom) float32 { return sizesNow().r }

// offTable reports whether a character's section is off the table.
func (m *TableMap) offTable(section string) bool {
	if section == "" || section == "off-table" {
		return true
	}
	s, ok := m.layout.Section(section)
	return !ok || s.OffTable
}

// Tapped calls OnCharacterTapped for a character's circle, opens the
// picker of a stack, else calls OnSectionTapped for the section under the
// tap.
func (m *TableMap) Tapped(ev *fyne.PointEvent) {
	if t, ok := m.targetAt(ev.Position); ok {
		if t.Stack() {
			m.OpenStack(t)
			return
		}
		if m.OnCharacterTapped != nil {
			m.OnCharacterTapped(t.Characters[0])
		}
		return
	}
	if sec, ok := m.SectionAt(ev.Position); ok && m.OnSectionTapped != nil {
		m.OnSectionTapped(sec)
	}
}

// Dragged moves a character's circle with the finger.
func (m *TableMap) Dragged(ev *fyne.DragEvent) {
	if !m.drag {
		m.drag = true
		m.dragID = ""
		if t, ok := m.targetAt(ev.Position.Subtract(ev.Dragged)); ok {
			// A stack drags its selected character, if it holds it.
			switch {
			case !t.Stack():
				m.dragID = t.Characters[0]
			case slices.Contains(t.Characters, m.selected):
				m.dragID = m.selected
			}
		}
	}
	m.dragPos = ev.Position
	if m.dragID != "" {
		m.Refresh()
	}
}

// DragEnd drops the dragged character on the section under it.
func (m *TableMap) DragEnd() {
	id, pos := m.dragID, m.dragPos
	m.drag, m.dragID = false, ""
	if id == "" {
		return
	}
	m.Refresh()
	if sec, ok := m.SectionAt(pos); ok && m.OnCharacterDropped != nil {
		m.OnCharacterDropped(id, sec)
	}
}

// CreateRenderer is Fyne's; the renderer draws the widget's data.
func (m *TableMap) CreateRenderer() fyne.WidgetRenderer {
	return &mapRenderer{m: m}
}

// labelSize is the section labels' text size: the theme's subheading
// size (it grows with the player's text size), smaller only on a small
// map.
func labelSize(g geom) float32 {
	return min(max(min(g.vw, g.vh)*g.scale/10, theme.Size(theme.SizeNameCaptionText)), theme.Size(theme.SizeNameSubHeadingText))
}

// mapRenderer rebuilds the map's objects from the widget on each layout
// or refresh; it keeps only those objects.
type mapRenderer struct {
	// built is the size the objects were last built for; done that they
	// were built at all.
	built   fyne.Size
	done    bool
	m       *TableMap
	objects []fyne.CanvasObject
}

func (r *mapRenderer) Destroy()                     {}
func (r *mapRenderer) MinSize() fyne.Size           { return r.m.MinSize() }
func (r *mapRenderer) Objects() []fyne.CanvasObject { return r.objects }

// Layout rebuilds the objects only when the size changed: Fyne lays a
// widget out again whenever a child's minimum size changes, and every
// rebuilt child is new to it, so rebuilding here at the same size would
// lay the widget out again on every frame, and the screen would never
// rest (repainting without end, its textures churning).
func (r *mapRenderer) Layout(size fyne.Size) {
	if !r.done || size != r.built {
		r.build()
	}
}

// Refresh rebuilds the objects from the widget's data.
func (r *mapRenderer) Refresh() {
	r.build()
	canvas.Refresh(r.m)
}

// build makes every object of the map for the widget's current size.
func (r *mapRenderer) build() {
	m := r.m
	r.built, r.done = m.Size(), true
	r.objects = nil
	size := m.Size()
	if !m.known {
		t := canvas.NewText("Unknown map", theme.Color(theme.ColorNameForeground))
		t.Move(fyne.NewPos(8, 8))
		r.objects = append(r.objects, t)
		return
	}
	g := newGeom(m.layout, m.side, size, m.minStrip())
	if g.scale <= 0 {
		return
	}
	hlSec, hlChar := m.highlight()
	fills := m.fillRaster(hlSec)
	fills.Resize(size)
	fills.Move(fyne.NewPos(0, 0))
	r.objects = append(r.objects, fills)
	r.add(m.outlines(g)...)
	r.add(m.markOutlines(g)...)
	targets := m.targets(g)
	r.add(m.sectionLabels(g)...)
	r.add(m.rotterLabels(g, targets)...)
	r.add(m.spawnMarkers(g)...)
	r.add(m.throwableMarkers(g)...)
	var taken []rect
	for _, o := range r.objects {
		switch x := o.(type) {
		case *canvas.Text:
			taken = append(taken, textRect(x))
		case *canvas.Rectangle:
			if x.CornerRadius > 0 { // a spawn point's box
				p, s := x.Position(), x.Size()
				taken = append(taken, rect{p.X, p.Y, p.X + s.Width, p.Y + s.Height})
			}
		}
	}
	r.add(m.characterMarkers(g, hlChar, taken, targets)...)
	for _, o := range r.objects {
		if x, ok := o.(*canvas.Text); ok {
			taken = append(taken, textRect(x))
		}
	}
	r.add(m.stripCaption(g, taken, targets)...)
}

func (r *mapRenderer) add(o ...fyne.CanvasObject) { r.objects = append(r.objects, o...) }

// kindColour is a section kind's fill.
func kindColour(kind string) color.Color {
	switch kind {
	case content.SectionBuilding:
		return theme.Color(theme.ColorNameDisabledButton)
	case content.SectionStreet:
		return theme.Color(theme.ColorNameInputBackground)
	case content.SectionOffTable:
		return theme.Color(theme.ColorNameHeaderBackground)
	}
	return theme.Color(theme.ColorNameBackground)
}

// fillRaster is the section fills, cached until the map, side or
// highlighted section changes; the raster draws at any size.
func (m *TableMap) fillRaster(hlSec string) *canvas.Raster {
	minStrip := m.minStrip()
	key := fmt.Sprintf("%s|%s|%s|%v|%v", m.layout.ID, m.side, hlSec, fyne.CurrentApp().Settings().ThemeVariant(), minStrip)
	if m.fills != nil && m.fillsKey == key {
		return m.fills
	}
	l, side := m.layout, m.side
	type poly struct {
		pts [][2]float64
		col color.NRGBA
	}
	toNRGBA := func(c color.Color) color.NRGBA { return color.NRGBAModel.Convert(c).(color.NRGBA) }
	strip := toNRGBA(kindColour(content.SectionOffTable))
	hl := toNRGBA(withAlpha(theme.Color(theme.ColorNameError), 0x90))
	m.fills = canvas.NewRaster(func(w, h int) image.Image {
		img := image.NewNRGBA(image.Rect(0, 0, w, h))
		// The geometry in dp, as the rest of the map is drawn, then in
		// pixels (k of them to a dp).
		ds := m.Size()
		if ds.Width <= 0 || ds.Height <= 0 {
			return img
		}
		k := float32(w) / ds.Width
		g := newGeom(l, side, ds, minStrip)
		if g.scale <= 0 {
			return img
		}
		g.ox, g.oy, g.scale = g.ox*k, g.oy*k, g.scale*k
		// The strip around the table, then each section by scanlines.
		s := g.strip * g.scale
		x0, y0 := int(g.ox-s), int(g.oy-s)
		x1, y1 := int(g.ox+g.vw*g.scale+s), int(g.oy+g.vh*g.scale+s)
		draw.Draw(img, image.Rect(x0, y0, x1, y1), &image.Uniform{C: strip}, image.Point{}, draw.Src)
		var polys []poly
		for _, sec := range l.Sections {
			if sec.OffTable {
				continue
			}
			c := toNRGBA(kindColour(sec.Kind))
			if sec.ID == hlSec {
				c = blend(c, hl)
			}
			pts := g.viewPolygon(sec.Polygon)
			for i := range pts {
				pts[i][0] = float64(g.ox) + pts[i][0]*float64(g.scale)
				pts[i][1] = float64(g.oy) + pts[i][1]*float64(g.scale)
			}
			polys = append(polys, poly{pts, c})
		}
		for y := max(y0, 0); y < min(y1, h); y++ {
			fy := float64(y) + 0.5
			for _, p := range polys {
				xs := crossings(p.pts, fy)
				for i := 0; i+1 < len(xs); i += 2 {
					for x := max(int(math.Round(xs[i])), 0); x < min(int(math.Round(xs[i+1])), w); x++ {
						img.SetNRGBA(x, y, p.col)
					}
				}
			}
		}
		return img
	})
	m.fillsKey = key
	return m.fills
}

// crossings are the sorted x where the horizontal line y crosses pts.
func crossings(pts [][2]float64, y float64) []float64 {
	var xs []float64
	for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
		a, b := pts[i], pts[j]
		if (a[1] > y) != (b[1] > y) {
			xs = append(xs, a[0]+(y-a[1])*(b[0]-a[0])/(b[1]-a[1]))
		}
	}
	sort.Float64s(xs)
	return xs
}

// blend lays over on top of under.
func blend(under, over color.NRGBA) color.NRGBA {
	a := float64(over.A) / 255
	mix := func(u, o uint8) uint8 { return uint8(float64(u)*(1-a) + float64(o)*a) }
	return color.NRGBA{R: mix(under.R, over.R), G: mix(under.G, over.G), B: mix(under.B, over.B), A: 0xff}
}
