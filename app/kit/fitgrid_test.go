package kit

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
)

// TestFitGrid: as many columns as fit the width, at most Cols; hidden
// objects take no cell; one column until the width is known.
func TestFitGrid(t *testing.T) {
	box := func() fyne.CanvasObject {
		r := canvas.NewRectangle(nil)
		r.SetMinSize(fyne.NewSize(100, 40))
		return r
	}
	pad := theme.Padding()
	tests := []struct {
		name   string
		cols   int
		hidden int
		width  float32
		rows   int
	}{
		{"before the first layout", 3, 0, 0, 4},
		{"room for three", 3, 0, 3*100 + 2*pad, 2},
		{"room for two", 3, 0, 250, 2},
		{"a phone: one", 3, 0, 120, 4},
		{"at most cols", 2, 0, 1000, 2},
		{"hidden take no cell", 3, 1, 3*100 + 2*pad, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			objs := []fyne.CanvasObject{box(), box(), box(), box()}
			for i := 0; i < tt.hidden; i++ {
				objs[i].Hide()
			}
			g := NewFitGrid(tt.cols, objs...)
			if tt.width > 0 {
				g.Resize(fyne.NewSize(tt.width, 400))
			}
			want := float32(tt.rows)*40 + pad*float32(tt.rows-1)
			if got := g.MinSize(); got.Height != want || got.Width != 100 {
				t.Errorf("MinSize %v, want 100 wide and %v high (%d rows)", got, want, tt.rows)
			}
		})
	}
}
