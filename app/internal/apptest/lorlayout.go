package apptest

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
)

// This file holds the text checks of the layout tests at full size: no two
// texts overlap, no text is cut (clipped by its box or the screen, or
// shortened with "…"), at every text size of Settings.

// LayoutUIAt starts an interface for a layout check on st at size, with
// the text scale and the light or dark theme of Settings, and returns it
// with the check's name for its messages ("1280×800 Huge light").
func LayoutUIAt(t *testing.T, st console.Store, size fyne.Size, scale float32, light bool, home shell.HomeFunc) (*shell.UI, fyne.Window, string) {
	t.Helper()
	u, w := NewUI(t, st, size, home)
	s := u.Settings()
	s.TextScale = scale
	s.Theme = kit.ThemeDark
	if light {
		s.Theme = kit.ThemeLight
	}
	u.ApplySettings(s)
	name := fmt.Sprintf("%v\u00d7%v %s %s", size.Width, size.Height, kit.TextScaleLabel(scale), s.Theme)
	return u, w, name
}

// PlacedText is a text drawn on a canvas: its words, where its letters
// are drawn in the canvas (left, top, right, bottom), and the part of that
// its scroll containers let show.
type PlacedText struct {
	Text        string
	Drawn, Seen [4]float32
	// Cut says how the text is cut, "" when it is not.
	Cut string
}

// PlacedTexts lists every visible non-empty text under o (its widgets'
// renderers included), placed in the canvas of the given size.
func PlacedTexts(o fyne.CanvasObject, size fyne.Size) []PlacedText {
	var out []PlacedText
	full := [4]float32{0, 0, size.Width, size.Height}
	placeTexts(o, fyne.NewPos(0, 0), full, false, false, &out, size)
	return out
}

// placeTexts walks o at pos (its parent's origin in the canvas), clipped
// to clip; scrolledX and scrolledY say whether a scroll container above
// scrolls that way.
func placeTexts(o fyne.CanvasObject, origin fyne.Position, clip [4]float32, scrolledX, scrolledY bool, out *[]PlacedText, size fyne.Size) {
	if o == nil || !o.Visible() {
		return
	}
	pos := origin.Add(o.Position())
	switch x := o.(type) {
	case *canvas.Text:
		if strings.TrimSpace(x.Text) == "" {
			return
		}
		ms, sz := x.MinSize(), x.Size()
		left := pos.X
		switch x.Alignment {
		case fyne.TextAlignCenter:
			left += (sz.Width - ms.Width) / 2
		case fyne.TextAlignTrailing:
			left += sz.Width - ms.Width
		}
		// Only the letters' own height: a line's leading may touch the
		// next line's.
		pad := ms.Height * 0.15
		drawn := [4]float32{left, pos.Y + pad, left + ms.Width, pos.Y + ms.Height - pad}
		p := PlacedText{Text: x.Text, Drawn: drawn, Seen: intersect(drawn, clip)}
		switch {
		case strings.HasSuffix(x.Text, "…"):
			p.Cut = "shortened with …"
		case ms.Width > sz.Width+1:
			p.Cut = fmt.Sprintf("%v wide in a box %v wide", ms.Width, sz.Width)
		case !scrolledX && (drawn[0] < clip[0]-0.5 || drawn[2] > clip[2]+0.5):
			p.Cut = "cut at the side"
		case !scrolledY && (drawn[1] < clip[1]-0.5 || drawn[3] > clip[3]+0.5):
			p.Cut = "cut at the top or bottom"
		}
		*out = append(*out, p)
		return
	case *container.Scroll:
		sz := x.Size()
		clip = intersect(clip, [4]float32{pos.X, pos.Y, pos.X + sz.Width, pos.Y + sz.Height})
		scrolledX = scrolledX || x.Direction == container.ScrollBoth || x.Direction == container.ScrollHorizontalOnly
		scrolledY = scrolledY || x.Direction == container.ScrollBoth || x.Direction == container.ScrollVerticalOnly
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			placeTexts(c, pos, clip, scrolledX, scrolledY, out, size)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			placeTexts(c, pos, clip, scrolledX, scrolledY, out, size)
		}
	}
}

// intersect is the part of a in b (empty: right ≤ left or bottom ≤ top).
func intersect(a, b [4]float32) [4]float32 {
	return [4]float32{max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])}
}

// empty reports whether r shows nothing.
func empty(r [4]float32) bool { return r[2]-r[0] < 1 || r[3]-r[1] < 1 }

// overlap reports whether two seen texts overlap by more than a pixel.
func overlap(a, b [4]float32) bool {
	return a[0] < b[2]-1 && b[0] < a[2]-1 && a[1] < b[3]-1 && b[1] < a[3]-1
}

// CheckTexts fails when two texts of w's content, or of one of its
// overlays, overlap, or when a text is cut (by its box, the screen, or
// with "…"). allowCut, when set, exempts texts it returns true for from
// the cut check (a list meant to be read in full elsewhere).
func CheckTexts(t *testing.T, w fyne.Window, what string, allowCut func(text string) bool) {
	t.Helper()
	c := w.Canvas()
	layers := append([]fyne.CanvasObject{c.Content()}, c.Overlays().List()...)
	for li, layer := range layers {
		texts := PlacedTexts(layer, c.Size())
		where := "screen"
		if li > 0 {
			where = fmt.Sprintf("overlay %d", li)
		}
		for i, a := range texts {
			if empty(a.Seen) {
				continue
			}
			if a.Cut != "" && (allowCut == nil || !allowCut(a.Text)) {
				t.Errorf("%s, %s: %q is cut (%s) at %v", what, where, a.Text, a.Cut, a.Drawn)
			}
			for _, b := range texts[i+1:] {
				if !empty(b.Seen) && overlap(a.Seen, b.Seen) {
					t.Errorf("%s, %s: %q at %v and %q at %v overlap", what, where, a.Text, a.Seen, b.Text, b.Seen)
				}
			}
		}
	}
}
