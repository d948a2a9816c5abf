package lorwidget

import (
	"math"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

// This file maps the table (tenths of an inch, north-west origin) onto the
// widget, turned for the viewing side, and back for hit tests.

// geom places a map layout turned for side in a widget of some size. The
// off-table strip is drawn at least an eighth of the table's shorter side
// wide, and at least minStrip dp (a character's circle with room round
// it), so it is a target a finger can hit and holds the circles put on it.
type geom struct {
	l      landsofruin.MapLayout
	side   content.Side
	vw, vh float32 // the table's size as the side sees it, tenths
	strip  float32 // the strip's drawn width, tenths
	scale  float32 // dp per tenth
	ox, oy float32 // where the table's view origin is drawn
}

func newGeom(l landsofruin.MapLayout, side content.Side, size fyne.Size, minStrip float32) geom {
	w, h := l.ViewSize(side)
	g := geom{l: l, side: side, vw: float32(w), vh: float32(h)}
	g.strip = max(float32(l.Strip), min(g.vw, g.vh)/8)
	tw, th := g.vw+2*g.strip, g.vh+2*g.strip
	if tw <= 0 || th <= 0 {
		return g
	}
	g.scale = min(size.Width/tw, size.Height/th)
	if g.strip*g.scale < minStrip && g.vw > 0 && g.vh > 0 {
		// The strip is drawn minStrip wide; the table has the rest.
		g.scale = max(min((size.Width-2*minStrip)/g.vw, (size.Height-2*minStrip)/g.vh), 0)
		if g.scale <= 0 {
			return g
		}
		g.strip = minStrip / g.scale
		tw, th = g.vw+2*g.strip, g.vh+2*g.strip
	}
	g.ox = (size.Width-tw*g.scale)/2 + g.strip*g.scale
	g.oy = (size.Height-th*g.scale)/2 + g.strip*g.scale
	return g
}

// view turns a table point into view tenths (own edge at the bottom).
func (g geom) view(p content.Point) (float32, float32) {
	v := g.l.ToView(g.side, p)
	return float32(v.X), float32(v.Y)
}

// screen turns view tenths into a position in the widget.
func (g geom) screen(vx, vy float32) fyne.Position {
	return fyne.NewPos(g.ox+vx*g.scale, g.oy+vy*g.scale)
}

// toScreen turns a table point into a position in the widget.
func (g geom) toScreen(p content.Point) fyne.Position { return g.screen(g.view(p)) }

// table is the table area (strips excluded) in the widget.
func (g geom) table() (fyne.Position, fyne.Size) {
	return g.screen(0, 0), fyne.NewSize(g.vw*g.scale, g.vh*g.scale)
}

// sectionAt is the section at pos: a table section's id, or the id of the
// off-table strip along the table edge it is beyond ("off-north"); false
// outside the map.
func (g geom) sectionAt(pos fyne.Position) (string, bool) {
	if g.scale <= 0 {
		return "", false
	}
	vx, vy := (pos.X-g.ox)/g.scale, (pos.Y-g.oy)/g.scale
	if vx < -g.strip || vy < -g.strip || vx > g.vw+g.strip || vy > g.vh+g.strip {
		return "", false
	}
	p := g.l.FromView(g.side, content.Point{X: int(math.Round(float64(vx))), Y: int(math.Round(float64(vy)))})
	if vx < 0 || vy < 0 || vx > g.vw || vy > g.vh {
		// The strip drawn may be wider than the map's: the edge the
		// point is beyond names it (north and south take the corners, as
		// the map's strips do).
		switch {
		case p.Y < 0:
			return content.StripID(content.North), true
		case p.Y > g.l.Height:
			return content.StripID(content.South), true
		case p.X < 0:
			return content.StripID(content.West), true
		default:
			return content.StripID(content.East), true
		}
	}
	for _, s := range g.l.Sections {
		if !s.OffTable && s.Polygon.Contains(p) {
			return s.ID, true
		}
	}
	return "", true
}

// viewPolygon is a section's polygon in view tenths.
func (g geom) viewPolygon(pg content.Polygon) [][2]float64 {
	out := make([][2]float64, len(pg))
	for i, p := range pg {
		x, y := g.view(p)
		out[i] = [2]float64{float64(x), float64(y)}
	}
	return out
}
