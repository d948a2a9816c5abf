package apptest

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// IdleWait is how long CheckIdle leaves a screen alone while it counts
// the refreshes: long enough for a ticker, a timer or a goroutine that
// redraws to show itself.
var IdleWait = 300 * time.Millisecond

// CheckIdle fails when the screen in w does not rest: a still screen must
// cost nothing (a tablet left beside the table all evening runs on
// battery). It fails on any of three things:
//
//   - Frames that never settle. The test driver draws no frames, so
//     CheckIdle plays them the way Fyne's GL driver does: each frame walks
//     the visible tree, and every container or widget with a child that is
//     new or whose minimum size changed is laid out again. A renderer that
//     makes new objects on each layout is laid out again on every frame,
//     for ever: the real app then repaints without pause.
//   - Refreshes while nothing happens: after the frames settle, every
//     canvas.Refresh (every widget's Refresh ends in one) during IdleWait
//     is counted, from timers and goroutines alike.
//   - A running spinner (an infinite progress bar), which animates on each
//     frame, and any endless animation left running out of sight: a
//     spinner is allowed only while something is awaited (use
//     CheckIdleAwaiting for such a screen).
//
// what names the screen in the messages.
func CheckIdle(t testing.TB, w fyne.Window, what string) {
	t.Helper()
	checkIdle(t, w, what, false, func() { time.Sleep(IdleWait) })
}

// CheckIdleWhile is CheckIdle with wait in place of IdleWait's sleep:
// wait runs while the refreshes are counted and returns when the idle
// time is over. A test whose fyne.Do calls wait in a queue pumps it
// there, so that what goroutines ask to redraw is done and counted.
func CheckIdleWhile(t testing.TB, w fyne.Window, what string, wait func()) {
	t.Helper()
	checkIdle(t, w, what, false, wait)
}

// CheckIdleAwaiting is CheckIdle for a screen that waits for something
// (a connection being made): a spinner may run, nothing else may move.
func CheckIdleAwaiting(t testing.TB, w fyne.Window, what string) {
	t.Helper()
	checkIdle(t, w, what, true, func() { time.Sleep(IdleWait) })
}

func checkIdle(t testing.TB, w fyne.Window, what string, spinnerOK bool, wait func()) {
	t.Helper()
	f := &frames{}
	settled := false
	var last frameReport
	for range 6 {
		last = f.frame(w)
		if last.first {
			continue
		}
		if last.fresh == 0 && last.relaid == 0 {
			settled = true
			break
		}
	}
	if !settled {
		t.Errorf("%s never rests: each frame lays %d objects out again and makes %d new ones (%s); a renderer that builds new objects on every layout makes Fyne lay it out again on every frame",
			what, last.relaid, last.fresh, strings.Join(last.kinds, ", "))
		return
	}
	n := countRefreshes(wait)
	if r := f.frame(w); r.fresh > 0 || r.relaid > 0 {
		t.Errorf("%s changed while left alone: a frame laid %d objects out again and made %d new ones (%s)", what, r.relaid, r.fresh, strings.Join(r.kinds, ", "))
	}
	if n.total > 0 {
		t.Errorf("%s refreshed %d times while left alone (%s): a still screen must draw nothing", what, n.total, n.String())
	}
	if spinnerOK {
		return
	}
	for _, o := range Objects(w) {
		if p, ok := o.(*widget.ProgressBarInfinite); ok && p.Running() {
			t.Errorf("%s shows a running spinner while nothing is awaited: it animates on every frame", what)
		}
	}
	if n := endlessAnimations(); n > 0 {
		t.Errorf("%s: endless animations run while nothing is awaited (%d; a spinner in a hidden dialog still animates): each draws a frame again and again", what, n)
	}
}

// animations are the endless animations started and not stopped on the
// apps NewUI makes (watchedApp).
var animations struct {
	mu  sync.Mutex
	set map[*fyne.Animation]bool
}

// endlessAnimations counts the endless animations running now.
func endlessAnimations() int {
	animations.mu.Lock()
	defer animations.mu.Unlock()
	return len(animations.set)
}

// forgetAnimations forgets every animation kept: a test's windows are
// gone when it ends (the app's tests never run in parallel).
func forgetAnimations() {
	animations.mu.Lock()
	animations.set = nil
	animations.mu.Unlock()
}

// watchedApp is a test app whose driver keeps track of the endless
// animations (a spinner's) started and stopped: the test driver draws no
// frames, so an animation left running would go unseen, where on a
// tablet it draws a frame again and again. A finite animation (a
// button's tap ripple) ends by itself and is not kept.
type watchedApp struct{ fyne.App }

// Driver is the app's driver, watching animations.
func (a watchedApp) Driver() fyne.Driver { return watchedDriver{a.App.Driver()} }

// watchedDriver keeps track of endless animations.
type watchedDriver struct{ fyne.Driver }

// StartAnimation keeps an endless animation, then starts it.
func (d watchedDriver) StartAnimation(a *fyne.Animation) {
	if a.RepeatCount == fyne.AnimationRepeatForever {
		animations.mu.Lock()
		if animations.set == nil {
			animations.set = map[*fyne.Animation]bool{}
		}
		animations.set[a] = true
		animations.mu.Unlock()
	}
	d.Driver.StartAnimation(a)
}

// StopAnimation forgets the animation, then stops it.
func (d watchedDriver) StopAnimation(a *fyne.Animation) {
	animations.mu.Lock()
	delete(animations.set, a)
	animations.mu.Unlock()
	d.Driver.StopAnimation(a)
}

// frames plays the GL driver's minimum-size pass over a window.
type frames struct {
	// min is each object's minimum size at the last frame.
	min map[fyne.CanvasObject]fyne.Size
}

// frameReport is what one frame did.
type frameReport struct {
	first bool
	// fresh counts the objects new since the last frame, relaid the
	// containers and widgets laid out again; kinds names their types.
	fresh, relaid int
	kinds         []string
}

// frame walks w's tree (content and overlays) once, as the GL driver's
// EnsureMinSize does, and lays out again every parent of a new object
// with a minimum size or of an object whose minimum size changed.
func (f *frames) frame(w fyne.Window) frameReport {
	r := frameReport{first: f.min == nil}
	next := map[fyne.CanvasObject]fyne.Size{}
	var relayout []fyne.CanvasObject
	marked := map[fyne.CanvasObject]bool{}
	kinds := map[string]bool{}
	var visit func(o, parent fyne.CanvasObject)
	visit = func(o, parent fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		ms := o.MinSize()
		old, seen := f.min[o]
		if !r.first && !seen {
			r.fresh++
			kinds[fmt.Sprintf("%T", o)] = true
		}
		if parent != nil && ((!seen && !ms.IsZero()) || (seen && old != ms)) && !marked[parent] {
			marked[parent] = true
			relayout = append(relayout, parent)
			if !r.first {
				kinds[fmt.Sprintf("%T laid out", parent)] = true
			}
		}
		next[o] = ms
		for _, c := range children(o) {
			visit(c, o)
		}
	}
	visit(w.Canvas().Content(), nil)
	for _, o := range w.Canvas().Overlays().List() {
		visit(o, nil)
	}
	for _, p := range relayout {
		switch x := p.(type) {
		case *fyne.Container:
			if x.Layout != nil {
				x.Layout.Layout(x.Objects, x.Size())
			}
		case fyne.Widget:
			test.WidgetRenderer(x).Layout(x.Size())
		}
	}
	if !r.first {
		r.relaid = len(relayout)
	}
	for k := range kinds {
		r.kinds = append(r.kinds, k)
	}
	sort.Strings(r.kinds)
	f.min = next
	return r
}

// children are o's children: a container's objects, a widget's renderer
// objects.
func children(o fyne.CanvasObject) []fyne.CanvasObject {
	switch x := o.(type) {
	case *fyne.Container:
		return x.Objects
	case fyne.Widget:
		return test.WidgetRenderer(x).Objects()
	}
	return nil
}

// refreshCount is what countRefreshes saw.
type refreshCount struct {
	mu    sync.Mutex
	total int
	kinds map[string]int
}

func (c *refreshCount) add(o fyne.CanvasObject) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total++
	if c.kinds == nil {
		c.kinds = map[string]int{}
	}
	c.kinds[fmt.Sprintf("%T", o)]++
}

// String lists the refreshed types with their counts.
func (c *refreshCount) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for k, n := range c.kinds {
		out = append(out, fmt.Sprintf("%s ×%d", k, n))
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// countRefreshes runs fn with the current app's canvases counting every
// Refresh (canvas.Refresh asks the app's driver for the object's canvas,
// so wrapping the app sees them all).
func countRefreshes(fn func()) *refreshCount {
	c := &refreshCount{}
	cur := fyne.CurrentApp()
	fyne.SetCurrentApp(countingApp{App: cur, c: c})
	defer fyne.SetCurrentApp(cur)
	fn()
	return c
}

// countingApp is an app whose driver hands out counting canvases.
type countingApp struct {
	fyne.App
	c *refreshCount
}

// Driver is the app's driver, counting.
func (a countingApp) Driver() fyne.Driver { return countingDriver{Driver: a.App.Driver(), c: a.c} }

// countingDriver hands out counting canvases.
type countingDriver struct {
	fyne.Driver
	c *refreshCount
}

// CanvasForObject is the driver's canvas for o, counting its refreshes.
func (d countingDriver) CanvasForObject(o fyne.CanvasObject) fyne.Canvas {
	cv := d.Driver.CanvasForObject(o)
	if cv == nil {
		return nil
	}
	return countingCanvas{Canvas: cv, c: d.c}
}

// countingCanvas counts its refreshes.
type countingCanvas struct {
	fyne.Canvas
	c *refreshCount
}

// Refresh counts, then refreshes.
func (cv countingCanvas) Refresh(o fyne.CanvasObject) {
	cv.c.add(o)
	cv.Canvas.Refresh(o)
}
