package runeballfield

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/games/runeball/field"
)

// ZoomLevels are the zooms the view's buttons step through: the whole
// field fitted to the view (1), then closer. At 1280×800 the fitted
// field's hexes are about 30 dp high; from 1.75 on they are a finger (48
// dp) or more.
var ZoomLevels = []float32{1, 1.75, 2.5, 3.5}

// FingerSize is the least height across a hex, in dp, that a finger hits
// reliably.
const FingerSize = 48

// ZoomView shows a Field in a view that zooms (the − and + buttons in its
// corner, and Fit) and pans (a drag on a touch screen, the mouse wheel and
// the scroll bars on a desktop: Fyne has no pinch gesture). At zoom 1 the
// whole field fits the view; at zoom z the field is drawn z times as
// large and the view shows part of it. Taps reach the field as before.
//
// The renderer keeps the same objects for the view's life: a zoom
// resizes the field (whose renderer rebuilds its objects once, for the
// new size), a pan moves it; neither creates objects on a layout.
type ZoomView struct {
	widget.BaseWidget

	field *Field
	// zoom is the current level (1 fits the view).
	zoom   float32
	scroll *container.Scroll
	fit    *zoomLayout

	in, out, whole *widget.Button
	buttons        *fyne.Container
	// view is the size of the last layout.
	view fyne.Size
}

// NewZoomView wraps f in a zooming, panning view at zoom 1.
func NewZoomView(f *Field) *ZoomView {
	z := &ZoomView{field: f, zoom: 1, fit: &zoomLayout{zoom: 1}}
	z.scroll = container.NewScroll(container.New(z.fit, f))
	z.scroll.Direction = container.ScrollBoth
	z.in = widget.NewButtonWithIcon("", theme.ZoomInIcon(), z.ZoomIn)
	z.out = widget.NewButtonWithIcon("", theme.ZoomOutIcon(), z.ZoomOut)
	z.whole = widget.NewButtonWithIcon("", theme.ZoomFitIcon(), func() { z.SetZoom(1) })
	cell := func(b *widget.Button) fyne.CanvasObject {
		return container.New(&minLayout{min: fyne.NewSquareSize(FingerSize)}, b)
	}
	z.buttons = container.NewVBox(cell(z.in), cell(z.out), cell(z.whole))
	z.ExtendBaseWidget(z)
	z.enableButtons()
	return z
}

// Field is the field shown.
func (z *ZoomView) Field() *Field { return z.field }

// Zoom is the current zoom (1: the whole field fits the view).
func (z *ZoomView) Zoom() float32 { return z.zoom }

// ZoomIn goes to the next closer level of ZoomLevels.
func (z *ZoomView) ZoomIn() {
	for _, l := range ZoomLevels {
		if l > z.zoom+0.01 {
			z.SetZoom(l)
			return
		}
	}
}

// ZoomOut goes to the next farther level of ZoomLevels.
func (z *ZoomView) ZoomOut() {
	for i := len(ZoomLevels) - 1; i >= 0; i-- {
		if l := ZoomLevels[i]; l < z.zoom-0.01 {
			z.SetZoom(l)
			return
		}
	}
}

// SetZoom zooms to level (clamped to ZoomLevels' range), keeping the
// point of the field at the view's centre where it is.
func (z *ZoomView) SetZoom(level float32) {
	level = min(max(level, ZoomLevels[0]), ZoomLevels[len(ZoomLevels)-1])
	if level == z.zoom {
		return
	}
	old := z.fit.size()
	cx, cy := float32(0.5), float32(0.5)
	if old.Width > 0 && old.Height > 0 {
		cx = (z.scroll.Offset.X + z.view.Width/2) / old.Width
		cy = (z.scroll.Offset.Y + z.view.Height/2) / old.Height
	}
	z.zoom, z.fit.zoom = level, level
	z.scroll.Content.Refresh()
	z.scroll.Refresh()
	now := z.fit.size()
	z.scrollTo(cx*now.Width-z.view.Width/2, cy*now.Height-z.view.Height/2)
	z.enableButtons()
}

// ZoomToFinger zooms to the first level whose hexes are at least
// FingerSize high in the view (the closest level when none is).
func (z *ZoomView) ZoomToFinger() {
	for _, l := range ZoomLevels {
		z.SetZoom(l)
		if z.HexHeight() >= FingerSize {
			return
		}
	}
}

// HexHeight is a hex's height across its flat sides, in dp, as drawn now.
func (z *ZoomView) HexHeight() float32 {
	return float32(sqrt3 * z.field.geom().r)
}

// ShowCell pans the view so cell c is in it (no change when it is).
func (z *ZoomView) ShowCell(c field.Cell) {
	p, ok := z.field.CellPosition(c)
	if !ok || z.view.Width <= 0 {
		return
	}
	off := z.scroll.Offset
	margin := float32(z.field.geom().r * 2)
	x, y := off.X, off.Y
	if p.X-margin < off.X || p.X+margin > off.X+z.view.Width {
		x = p.X - z.view.Width/2
	}
	if p.Y-margin < off.Y || p.Y+margin > off.Y+z.view.Height {
		y = p.Y - z.view.Height/2
	}
	z.scrollTo(x, y)
}

// scrollTo moves the view's top left corner to (x, y) of the field,
// clamped to the field.
func (z *ZoomView) scrollTo(x, y float32) {
	size := z.fit.size()
	x = min(max(x, 0), max(0, size.Width-z.view.Width))
	y = min(max(y, 0), max(0, size.Height-z.view.Height))
	if z.scroll.Offset == fyne.NewPos(x, y) {
		return
	}
	z.scroll.Offset = fyne.NewPos(x, y)
	z.scroll.Refresh()
}

func (z *ZoomView) enableButtons() {
	setEnabled(z.in, z.zoom < ZoomLevels[len(ZoomLevels)-1]-0.01)
	setEnabled(z.out, z.zoom > ZoomLevels[0]+0.01)
	setEnabled(z.whole, z.zoom > ZoomLevels[0]+0.01)
}

func setEnabled(b *widget.Button, on bool) {
	if on == !b.Disabled() {
		return
	}
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// CreateRenderer is Fyne's.
func (z *ZoomView) CreateRenderer() fyne.WidgetRenderer {
	return &zoomRenderer{z: z, objects: []fyne.CanvasObject{z.scroll, z.buttons}}
}

type zoomRenderer struct {
	z       *ZoomView
	objects []fyne.CanvasObject
}

func (r *zoomRenderer) Destroy()                     {}
func (r *zoomRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *zoomRenderer) MinSize() fyne.Size           { return r.z.buttons.MinSize() }

// Layout gives the scroll the whole view and the zoom its size, and puts
// the buttons in the top right corner. Nothing is created here.
func (r *zoomRenderer) Layout(size fyne.Size) {
	z := r.z
	if z.view != size {
		z.view = size
		z.fit.view = size
		z.scroll.Content.Refresh()
	}
	z.scroll.Resize(size)
	z.scroll.Move(fyne.NewPos(0, 0))
	bs := z.buttons.MinSize()
	pad := theme.Padding()
	z.buttons.Resize(bs)
	z.buttons.Move(fyne.NewPos(size.Width-bs.Width-pad, pad))
}

func (r *zoomRenderer) Refresh() {
	r.z.scroll.Refresh()
	r.z.buttons.Refresh()
}

// zoomLayout sizes the field to the view times the zoom.
type zoomLayout struct {
	zoom float32
	view fyne.Size
}

func (l *zoomLayout) size() fyne.Size {
	return fyne.NewSize(l.view.Width*l.zoom, l.view.Height*l.zoom)
}

func (l *zoomLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// MinSize is the zoomed size: the scroll then lets the view pan over it.
func (l *zoomLayout) MinSize([]fyne.CanvasObject) fyne.Size { return l.size() }

// minLayout gives its objects at least min.
type minLayout struct{ min fyne.Size }

func (l *minLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l *minLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	m := l.min
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}
