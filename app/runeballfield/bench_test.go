package runeballfield

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/games/runeball/field"
)

// BenchmarkPaint: the field's raster at a landscape tablet's pixel size
// (1280×800 dp at scale 2), six highlighted cells.
func BenchmarkPaint(b *testing.B) {
	test.NewTempApp(b)
	f := New(nil)
	f.SetHighlight(field.Neighbours(field.Cell{X: 12, Y: 16}))
	st := f.styleOf()
	for b.Loop() {
		st.paint(2560, 1600)
	}
}

// BenchmarkPaintOver: a change of highlights at the same size repaints
// only the highlighted cells over the cached plain field.
func BenchmarkPaintOver(b *testing.B) {
	test.NewTempApp(b)
	f := New(nil)
	f.SetHighlight(field.Neighbours(field.Cell{X: 12, Y: 16}))
	st := f.styleOf()
	base := basePaint(st.pal, 2560, 1600)
	for b.Loop() {
		st.paintOver(base)
	}
}
