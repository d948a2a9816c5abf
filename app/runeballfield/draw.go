package runeballfield

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"

	"github.com/commandconsole/commandconsole/games/runeball/field"
)

// This file draws the field: a raster for the cells (zone fills, hex
// edges, the tints and rims of highlighted, marked and flown-over cells),
// then vector objects: the goal posts, the players' discs, the ball, the
// path, and the players' labels last so that nothing covers them.

// palette is the field's colours for the theme's light or dark variant.
// The field's own colours are the only hard-coded ones; text, accent and
// error colours are the theme's (app/kit's in the app).
type palette struct {
	pitch, neutral, endHome, endAway, post, edge, border color.NRGBA
}

var (
	darkPalette = palette{
		pitch:   color.NRGBA{0x1b, 0x36, 0x26, 0xff}, // dark green
		neutral: color.NRGBA{0x4a, 0x44, 0x26, 0xff}, // olive: nobody's
		endHome: color.NRGBA{0x17, 0x30, 0x5a, 0xff}, // home blue, dimmed
		endAway: color.NRGBA{0x58, 0x20, 0x24, 0xff}, // away red, dimmed
		post:    color.NRGBA{0xf2, 0xb8, 0x1c, 0xff}, // gold
		edge:    color.NRGBA{0x6f, 0x85, 0x76, 0xff},
		border:  color.NRGBA{0xd8, 0xdc, 0xd0, 0xff},
	}
	lightPalette = palette{
		pitch:   color.NRGBA{0xbd, 0xdd, 0xb8, 0xff},
		neutral: color.NRGBA{0xe8, 0xdb, 0x9c, 0xff},
		endHome: color.NRGBA{0xb0, 0xc8, 0xee, 0xff},
		endAway: color.NRGBA{0xf0, 0xb6, 0xb0, 0xff},
		post:    color.NRGBA{0xc9, 0x8a, 0x00, 0xff},
		edge:    color.NRGBA{0x6a, 0x80, 0x6c, 0xff},
		border:  color.NRGBA{0x2a, 0x30, 0x2a, 0xff},
	}
)

// teamColours are home's and away's discs; white text reads on both at
// more than 4.5:1.
var teamColours = [2]color.NRGBA{
	{R: 0x1e, G: 0x6f, B: 0xd9, A: 0xff}, // home: blue
	{R: 0xc6, G: 0x28, B: 0x28, A: 0xff}, // away: red
}

// ballColour is the ball: a cream that stands out on every fill and disc
// of the dark theme, with a dark brown outline (ballEdge) for the light
// one.
var (
	ballColour = color.NRGBA{R: 0xff, G: 0xf1, B: 0xc8, A: 0xff}
	ballEdge   = color.NRGBA{R: 0x3a, G: 0x26, B: 0x10, A: 0xff}
)

// ballRing is the colour of the carrier's ring and a bouncing ball's:
// the ball's in the dark theme, its outline's in the light one.
func ballRing() color.Color {
	if isDark() {
		return ballColour
	}
	return ballEdge
}

// TeamColour is the disc colour of team (0 home, 1 away; others grey).
func TeamColour(team int) color.Color {
	if team == 0 || team == 1 {
		return teamColours[team]
	}
	return color.NRGBA{R: 0x80, G: 0x80, B: 0x80, A: 0xff}
}

func nrgba(c color.Color) color.NRGBA { return color.NRGBAModel.Convert(c).(color.NRGBA) }

// isDark reports whether the theme's background is dark.
func isDark() bool {
	c := nrgba(theme.Color(theme.ColorNameBackground))
	return int(c.R)+int(c.G)+int(c.B) < 3*128
}

func currentPalette() palette {
	if isDark() {
		return darkPalette
	}
	return lightPalette
}

// blend lays over (with its alpha times a) on under.
func blend(under, over color.NRGBA, a float64) color.NRGBA {
	a *= float64(over.A) / 255
	a = min(max(a, 0), 1)
	mix := func(u, o uint8) uint8 { return uint8(math.Round(float64(u)*(1-a) + float64(o)*a)) }
	return color.NRGBA{R: mix(under.R, over.R), G: mix(under.G, over.G), B: mix(under.B, over.B), A: under.A}
}

// zoneFill is the fill of a cell: a goal post, an end zone, the neutral
// zone or the pitch.
func (p palette) zoneFill(c field.Cell) color.NRGBA {
	switch {
	case c == field.GoalPost(field.Home) || c == field.GoalPost(field.Away):
		return blend(p.pitch, p.post, 0.55)
	case field.InEndZone(c, field.Home):
		return p.endHome
	case field.InEndZone(c, field.Away):
		return p.endAway
	case field.Neutral(c):
		return p.neutral
	}
	return p.pitch
}

// cellStyle is how the raster draws one cell.
type cellStyle struct {
	fill color.NRGBA
	// rim is drawn along the inside of the hex's edge when rimW > 0.
	rim  color.NRGBA
	rimW float64 // in hex sides
}

// fieldStyle is everything the raster draws, computed once per build so
// the raster's generator keeps no reference to the widget.
type fieldStyle struct {
	pal   palette
	cells map[field.Cell]cellStyle
}

// styleOf computes the cells' styles from the widget's data.
func (f *Field) styleOf() fieldStyle {
	pal := currentPalette()
	st := fieldStyle{pal: pal, cells: make(map[field.Cell]cellStyle, field.NumCells)}
	for _, c := range field.All() {
		st.cells[c] = cellStyle{fill: pal.zoneFill(c)}
	}
	accent := nrgba(theme.Color(theme.ColorNamePrimary))
	errc := nrgba(theme.Color(theme.ColorNameError))
	if f.pass {
		for _, c := range field.FlightPath(f.passFrom, f.passTo) {
			s := st.cells[c]
			s.fill = blend(s.fill, accent, 0.22)
			st.cells[c] = s
		}
	}
	for _, c := range f.highlight {
		if s, ok := st.cells[c]; ok {
			s.fill = blend(s.fill, accent, 0.30)
			s.rim, s.rimW = accent, 0.14
			st.cells[c] = s
		}
	}
	for _, c := range f.marked {
		if s, ok := st.cells[c]; ok {
			s.fill = blend(s.fill, errc, 0.35)
			s.rim, s.rimW = errc, 0.18
			st.cells[c] = s
		}
	}
	return st
}

// key identifies a style for the raster cache.
func (st fieldStyle) key() string {
	all := field.All()
	b := make([]byte, 0, 8*7+len(all)*13)
	for _, c := range []color.NRGBA{st.pal.pitch, st.pal.neutral, st.pal.endHome, st.pal.endAway, st.pal.post, st.pal.edge, st.pal.border} {
		b = append(b, c.R, c.G, c.B, c.A)
	}
	for _, c := range all {
		s := st.cells[c]
		b = append(b, s.fill.R, s.fill.G, s.fill.B, s.fill.A, s.rim.R, s.rim.G, s.rim.B, s.rim.A)
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(s.rimW))
	}
	return string(b)
}

// paint draws the field in an image of w×h pixels, cell by cell: each
// pixel of a cell's bounding box that lies in its hexagon (and between the
// touchlines) takes the cell's fill, its rim near the edge, and the hex
// edge's colour at the edge, anti-aliased over a pixel.
func (st fieldStyle) paint(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	st.paintCells(img, field.All())
	return img
}

// paintOver draws st on a copy of base, the field of st's palette without
// highlights (basePaint), repainting only the cells whose style differs
// from their zone's.
func (st fieldStyle) paintOver(base *image.NRGBA) *image.NRGBA {
	img := &image.NRGBA{Pix: slices.Clone(base.Pix), Stride: base.Stride, Rect: base.Rect}
	var cells []field.Cell
	for _, c := range field.All() {
		if st.cells[c] != (cellStyle{fill: st.pal.zoneFill(c)}) {
			cells = append(cells, c)
		}
	}
	st.paintCells(img, cells)
	return img
}

// basePaint is the field of pal without highlights, in w×h pixels.
func basePaint(pal palette, w, h int) *image.NRGBA {
	st := fieldStyle{pal: pal, cells: make(map[field.Cell]cellStyle, field.NumCells)}
	for _, c := range field.All() {
		st.cells[c] = cellStyle{fill: pal.zoneFill(c)}
	}
	return st.paint(w, h)
}

// paintCells draws cells on img.
func (st fieldStyle) paintCells(img *image.NRGBA, cells []field.Cell) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	g := newGeom(fyne.NewSize(float32(w), float32(h)))
	if g.r <= 0 {
		return
	}
	_, t, _, b := g.bounds()
	edgeW := max(1, g.r/22) // px
	borderW := max(1.5, g.r/10)
	in := sqrt3 / 2 * g.r // the inscribed radius
	for _, c := range cells {
		s := st.cells[c]
		cx, cy := g.centre(c)
		x0, x1 := max(int(math.Floor(cx-g.r)), 0), min(int(math.Ceil(cx+g.r)), w)
		y0, y1 := max(int(math.Floor(max(cy-in, t))), 0), min(int(math.Ceil(min(cy+in, b))), h)
		for py := y0; py < y1; py++ {
			fy := float64(py) + 0.5
			if fy < t || fy > b {
				continue
			}
			dy := fy - cy
			for px := x0; px < x1; px++ {
				dx := float64(px) + 0.5 - cx
				// The distance to the nearest edge of the flat-topped
				// hexagon: its three pairs of sides are at in from the
				// centre across y and the two diagonals.
				e := in - max(math.Abs(dy), math.Abs(sqrt3/2*dx+dy/2), math.Abs(sqrt3/2*dx-dy/2))
				if e < 0 {
					continue // a neighbour's pixel
				}
				col := s.fill
				if s.rimW > 0 && e < s.rimW*g.r {
					col = s.rim
				}
				if a := edgeW - e + 0.5; a > 0 {
					col = blend(col, st.pal.edge, a)
				}
				// The touchlines cut the half-hexes: draw the cut.
				if a := borderW - min(fy-t, b-fy) + 0.5; a > 0 {
					col = blend(col, st.pal.border, a)
				}
				i := img.PixOffset(px, py)
				img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = col.R, col.G, col.B, col.A
			}
		}
	}
}

// renderer rebuilds the field's objects from the widget on each layout
// or refresh; it keeps only those objects and the raster's cache.
type renderer struct {
	// built is the size the objects were last built for; done that they
	// were built at all.
	built   fyne.Size
	done    bool
	f       *Field
	objects []fyne.CanvasObject

	raster    *canvas.Raster
	rasterKey string
	// base is the field without highlights at the raster's last pixel
	// size, so that a change of highlights repaints only their cells.
	base *baseImage
}

// baseImage is a basePaint and what it was painted for.
type baseImage struct {
	pal palette
	img *image.NRGBA
}

func (r *renderer) Destroy()                     {}
func (r *renderer) MinSize() fyne.Size           { return r.f.MinSize() }
func (r *renderer) Objects() []fyne.CanvasObject { return r.objects }

// Layout rebuilds the objects only when the size changed: Fyne lays a
// widget out again whenever a child's minimum size changes, and every
// rebuilt child is new to it, so rebuilding here at the same size would
// lay the widget out again on every frame, and the screen would never
// rest (repainting without end, its textures churning).
func (r *renderer) Layout(size fyne.Size) {
	if !r.done || size != r.built {
		r.build()
	}
}

// Refresh rebuilds the objects from the widget's data.
func (r *renderer) Refresh() {
	r.build()
	canvas.Refresh(r.f)
}

// fieldRaster is the raster of st, cached while the style is the same
// (the raster itself draws at any size).
func (r *renderer) fieldRaster(st fieldStyle) *canvas.Raster {
	key := st.key()
	if r.raster != nil && r.rasterKey == key {
		return r.raster
	}
	if r.base == nil {
		r.base = &baseImage{}
	}
	base := r.base
	var cached image.Image
	r.raster = canvas.NewRaster(func(w, h int) image.Image {
		if cached != nil && cached.Bounds().Dx() == w && cached.Bounds().Dy() == h {
			return cached
		}
		if base.img == nil || base.pal != st.pal || base.img.Rect.Dx() != w || base.img.Rect.Dy() != h {
			base.pal, base.img = st.pal, basePaint(st.pal, w, h)
		}
		cached = st.paintOver(base.img)
		return cached
	})
	r.rasterKey = key
	return r.raster
}

// build makes every object of the field for the widget's current size.
func (r *renderer) build() {
	f := r.f
	r.built, r.done = f.Size(), true
	size := f.Size()
	g := newGeom(size)
	r.objects = nil
	if g.r <= 0 {
		return
	}
	rs := r.fieldRaster(f.styleOf())
	rs.Resize(size)
	rs.Move(fyne.NewPos(0, 0))
	r.objects = append(r.objects, rs)
	r.add(posts(g)...)
	discs, labels := f.markerObjects(g)
	r.add(discs...)
	r.add(f.ballObjects(g)...)
	r.add(f.pathObjects(g)...)
	r.add(labels...)
}

func (r *renderer) add(o ...fyne.CanvasObject) { r.objects = append(r.objects, o...) }

// circle is a circle of radius rad centred at c.
func circle(c fyne.Position, rad float32, fill, stroke color.Color, strokeW float32) *canvas.Circle {
	o := canvas.NewCircle(fill)
	o.StrokeColor, o.StrokeWidth = stroke, strokeW
	o.Resize(fyne.NewSquareSize(2 * rad))
	o.Move(fyne.NewPos(c.X-rad, c.Y-rad))
	return o
}

// posts are the goal posts: a gold column on 2:16 and 30:16.
func posts(g geom) []fyne.CanvasObject {
	pal := currentPalette()
	rad := float32(g.r * 0.32)
	var out []fyne.CanvasObject
	for _, t := range []field.Team{field.Home, field.Away} {
		out = append(out, circle(g.pos(field.GoalPost(t)), rad, pal.post, pal.border, max(1, rad/5)))
	}
	return out
}

// discRadius is a player's disc: inside the hex's inscribed circle with
// room for a highlight's rim.
func discRadius(g geom) float32 { return float32(g.r * 0.72) }

// labelSize is the players' label text size.
func labelSize(g geom) float32 {
	return min(max(float32(g.r)*0.66, 9), theme.Size(theme.SizeNameHeadingText))
}

// markerObjects are the players' discs and rings, and their labels (drawn
// last, above the path).
func (f *Field) markerObjects(g geom) (discs, labels []fyne.CanvasObject) {
	rad := discRadius(g)
	fg := theme.Color(theme.ColorNameForeground)
	bg := theme.Color(theme.ColorNameBackground)
	accent := theme.Color(theme.ColorNamePrimary)
	for _, m := range f.markers {
		if !m.Cell.Valid() {
			continue
		}
		c := g.pos(m.Cell)
		rad, size := rad, labelSize(g)
		if m.Cell.HalfHex() {
			// The inner half is a hex's half: a smaller disc fits it.
			rad, size = rad*0.7, max(size*0.75, 8)
		}
		ringW := max(2, rad/7)
		team := TeamColour(m.Team)
		if m.Selected {
			discs = append(discs, circle(c, rad+2.5*ringW, color.Transparent, accent, ringW))
		}
		if m.Ball {
			discs = append(discs, circle(c, rad+ringW, color.Transparent, ballRing(), ringW))
		}
		text := color.Color(color.White)
		switch {
		case m.Out:
			discs = append(discs, circle(c, rad, withAlpha(team, 0x60), withAlpha(fg, 0x80), 1))
			d := rad * 0.7
			for _, s := range []float32{1, -1} {
				l := canvas.NewLine(withAlpha(fg, 0xc0))
				l.StrokeWidth = max(1.5, rad/9)
				l.Position1 = fyne.NewPos(c.X-d, c.Y-s*d)
				l.Position2 = fyne.NewPos(c.X+d, c.Y+s*d)
				discs = append(discs, l)
			}
			text = withAlpha(fg, 0xc0)
		case m.Prone:
			// Hollow: the team colour as a thick ring on the background.
			discs = append(discs, circle(c, rad, withAlpha(bg, 0xe0), team, max(3, rad/3.5)))
			text = fg
		default:
			discs = append(discs, circle(c, rad, team, withAlpha(fg, 0xd0), max(1, rad/12)))
		}
		labels = append(labels, centredText(m.Label, c, size, text))
	}
	return discs, labels
}

// ballObjects is the ball when it lies or bounces: a small cream disc,
// beside a player standing on its cell; a bouncing ball has a second,
// open ring.
func (f *Field) ballObjects(g geom) []fyne.CanvasObject {
	if (f.ballState != BallRest && f.ballState != BallBouncing) || !f.ball.Valid() {
		return nil
	}
	c := g.pos(f.ball)
	for _, m := range f.markers {
		if m.Cell == f.ball {
			c = c.Add(fyne.NewPos(float32(g.r*0.5), float32(g.r*0.42)))
			break
		}
	}
	rad := float32(g.r * 0.27)
	out := []fyne.CanvasObject{circle(c, rad, ballColour, ballEdge, max(1.5, rad/4))}
	if f.ballState == BallBouncing {
		out = append(out, circle(c, rad*1.7, color.Transparent, ballRing(), max(1.5, rad/5)))
	}
	return out
}

// pathObjects is the path: a line through the cells' centres and a dot on
// each (a pass: its two ends).
func (f *Field) pathObjects(g geom) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	col := withAlpha(theme.Color(theme.ColorNamePrimary), 0xe0)
	w := max(3, float32(g.r)/6)
	var prev fyne.Position
	for i, c := range f.path {
		p := g.pos(c)
		if i > 0 {
			l := canvas.NewLine(col)
			l.StrokeWidth = w
			l.Position1, l.Position2 = prev, p
			out = append(out, l)
		}
		prev = p
	}
	for _, c := range f.path {
		out = append(out, circle(g.pos(c), w*1.2, col, color.Transparent, 0))
	}
	return out
}

// centredText is bold text of size centred on pos.
func centredText(s string, pos fyne.Position, size float32, col color.Color) *canvas.Text {
	t := canvas.NewText(s, col)
	t.TextSize, t.TextStyle.Bold = size, true
	ms := t.MinSize()
	t.Resize(ms)
	t.Move(fyne.NewPos(pos.X-ms.Width/2, pos.Y-ms.Height/2))
	return t
}

// withAlpha returns c with alpha a (0–255).
func withAlpha(c color.Color, a uint8) color.Color {
	n := nrgba(c)
	n.A = a
	return n
}
