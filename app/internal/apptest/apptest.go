// Package apptest is the test kit of the app's packages: a test app and
// interface (NewUI), games to play (NewPad, NewRunika, NewBattleLore),
// finders and tappers for what is on screen (TapButton, FindTile, Texts,
// WantText, ...), the layout check (CheckLayout) and screenshots (Shooter).
// Only tests import it.
package apptest

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/app/padkit"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/battlelore"
	"github.com/commandconsole/commandconsole/games/runika"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

// migratedApp is a test app whose metadata declares the fyne.Do
// migration, as FyneApp.toml does for the real app.
type migratedApp struct{ fyne.App }

// Metadata declares the fyne.Do migration.
func (migratedApp) Metadata() fyne.AppMetadata {
	return fyne.AppMetadata{Migrations: map[string]bool{"fyneDo": true}}
}

// Main is a test package's TestMain: it tells Fyne once, before any test,
// that this app calls Fyne from other goroutines only through fyne.Do, then
// runs the tests. Fyne reads that once per process; without it, under the
// mobile tag (where the test driver takes every goroutine for the main one)
// fyne.Do and SetTheme would run their work on new goroutines, racing the
// test.
func Main(m *testing.M) {
	a := test.NewApp()
	fyne.SetCurrentApp(migratedApp{a})
	fyne.Do(func() {}) // reads the metadata
	os.Exit(m.Run())
}

// Now is the wall clock of the tests.
var Now = time.Date(2025, 6, 14, 20, 30, 0, 0, time.UTC)

// Clock returns Now.
func Clock() time.Time { return Now }

// LandscapeSize is a landscape tablet.
var LandscapeSize = fyne.NewSize(1280, 800)

// NewUI starts the interface on a test app and window of the given size,
// with st as the save store and home building the home screen.
func NewUI(t *testing.T, st console.Store, size fyne.Size, home shell.HomeFunc) (*shell.UI, fyne.Window) {
	t.Helper()
	a := watchedApp{test.NewTempApp(t)}
	fyne.SetCurrentApp(a) // NewTempApp puts its own back when the test ends
	t.Cleanup(forgetAnimations)
	w := a.NewWindow("test")
	w.Resize(size)
	u := shell.New(a, w, shell.Config{Store: st, Clock: Clock}, home)
	u.Start()
	t.Cleanup(w.Close)
	return u, w
}

// LayoutUI starts an interface for a layout check on st at size, at the
// largest text size when largest, and returns it with the check's name
// for its messages ("1280×800", "1280×800 largest text").
func LayoutUI(t *testing.T, st console.Store, size fyne.Size, largest bool, home shell.HomeFunc) (*shell.UI, fyne.Window, string) {
	t.Helper()
	u, w := NewUI(t, st, size, home)
	name := fmt.Sprintf("%v\u00d7%v", size.Width, size.Height)
	if largest {
		LargestText(u)
		name += " largest text"
	}
	return u, w, name
}

// LargestText sets u's text size to the largest one Settings offers.
func LargestText(u *shell.UI) {
	st := u.Settings()
	st.TextScale = kit.TextScales[len(kit.TextScales)-1].Scale
	u.ApplySettings(st)
}

// NewPad creates a score pad game in st.
func NewPad(t *testing.T, st console.Store, title string, opts map[string]string, seats ...console.Seat) *console.Session {
	t.Helper()
	clock := Now.Add(-2 * time.Hour)
	s, err := console.Create(scorepad.New(), console.Setup{Title: title, Seats: seats, Options: opts},
		console.Options{Store: st, Clock: func() time.Time { return clock }})
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	return s
}

// NewRunika creates a Runika game in st.
func NewRunika(t *testing.T, st console.Store, opts map[string]string, seats ...console.Seat) *console.Session {
	t.Helper()
	s, err := console.Create(runika.New(), console.Setup{Title: "Spellbooks", Seed: 7, Seats: seats, Options: opts},
		console.Options{Store: st, Clock: Clock})
	if err != nil {
		t.Fatalf("create runika: %v", err)
	}
	return s
}

// NewBattleLore creates a BattleLore game in st.
func NewBattleLore(t *testing.T, st console.Store, opts map[string]string, seats ...console.Seat) *console.Session {
	t.Helper()
	s, err := console.Create(battlelore.New(), console.Setup{Title: "Battle", Seed: 5, Seats: seats, Options: opts},
		console.Options{Store: st, Clock: Clock})
	if err != nil {
		t.Fatalf("create battlelore: %v", err)
	}
	return s
}

// DoAs plays a command straight on the session, failing the test when it
// is refused.
func DoAs(t *testing.T, sess *console.Session, seat console.Seat, cmd string, args map[string]any) {
	t.Helper()
	if _, err := sess.Do(seat, console.Command{Name: cmd, Args: args}); err != nil {
		t.Fatalf("%s %s: %v", seat, cmd, err)
	}
}

// FinishPad plays a one-round score pad game to its end in st.
func FinishPad(t *testing.T, st console.Store, title string, points []int, seats ...console.Seat) {
	t.Helper()
	sess := NewPad(t, st, title, nil, seats...)
	for i, p := range points {
		DoAs(t, sess, seats[0], scorepad.CmdAdd, map[string]any{"player": string(seats[i]), "points": p})
	}
	DoAs(t, sess, seats[0], scorepad.CmdEnd, nil)
}

// DoShown plays a command straight on the session behind the screen u
// shows, then draws the change on the test's goroutine (the screen's own
// update arrives on another goroutine; Fyne's test driver would draw it
// there, racing the test's reads of the widgets).
func DoShown(t *testing.T, u *shell.UI, sess *console.Session, seat console.Seat, cmd string, args map[string]any) {
	t.Helper()
	DoAs(t, sess, seat, cmd, args)
	if u.Game() != nil {
		u.Game().RefreshIfChanged()
	}
}

// Walk calls fn for every visible object under o, widgets' renderer
// objects included.
func Walk(o fyne.CanvasObject, fn func(fyne.CanvasObject)) {
	if o == nil || !o.Visible() {
		return
	}
	fn(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			Walk(c, fn)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			Walk(c, fn)
		}
	}
}

// Objects returns every visible object on w's canvas: the content, then
// the overlays (dialogs) from the bottom up.
func Objects(w fyne.Window) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	add := func(o fyne.CanvasObject) { out = append(out, o) }
	Walk(w.Canvas().Content(), add)
	for _, o := range w.Canvas().Overlays().List() {
		Walk(o, add)
	}
	return out
}

// Buttons returns the visible buttons whose text is text.
func Buttons(w fyne.Window, text string) []*widget.Button {
	var out []*widget.Button
	for _, o := range Objects(w) {
		if b, ok := o.(*widget.Button); ok && b.Text == text {
			out = append(out, b)
		}
	}
	return out
}

// TapButton taps the last visible button labelled text (the topmost, when
// a dialog repeats a label of the screen below).
func TapButton(t *testing.T, w fyne.Window, text string) {
	t.Helper()
	bs := Buttons(w, text)
	if len(bs) == 0 {
		t.Fatalf("no button %q on screen; buttons: %s", text, ButtonTexts(w))
	}
	b := bs[len(bs)-1]
	if b.Disabled() {
		t.Fatalf("button %q is disabled", text)
	}
	test.Tap(b)
}

// WantDisabled fails unless the visible button labelled text is disabled.
func WantDisabled(t *testing.T, w fyne.Window, text string) {
	t.Helper()
	bs := Buttons(w, text)
	if len(bs) == 0 {
		t.Fatalf("no button %q on screen; buttons: %s", text, ButtonTexts(w))
	}
	if !bs[len(bs)-1].Disabled() {
		t.Errorf("button %q is enabled, want it disabled", text)
	}
}

// NoButton fails when a button labelled text is on show.
func NoButton(t *testing.T, w fyne.Window, text string) {
	t.Helper()
	if bs := Buttons(w, text); len(bs) > 0 {
		t.Errorf("button %q is on screen, want it hidden", text)
	}
}

// ButtonTexts lists the visible buttons' labels, for failure messages.
func ButtonTexts(w fyne.Window) string {
	var s []string
	for _, o := range Objects(w) {
		if b, ok := o.(*widget.Button); ok {
			s = append(s, fmt.Sprintf("%q", b.Text))
		}
	}
	return strings.Join(s, " ")
}

// Entries returns the visible text entries in the order they are drawn
// (top to bottom in a form).
func Entries(w fyne.Window) []*widget.Entry {
	var out []*widget.Entry
	for _, o := range Objects(w) {
		if e, ok := o.(*widget.Entry); ok {
			out = append(out, e)
		}
	}
	return out
}

// FindTile returns the visible tile titled title.
func FindTile(t *testing.T, w fyne.Window, title string) *kit.Tile {
	t.Helper()
	var titles []string
	for _, o := range Objects(w) {
		if x, ok := o.(*kit.Tile); ok {
			if x.Title == title {
				return x
			}
			titles = append(titles, x.Title)
		}
	}
	t.Fatalf("no tile %q on screen; tiles: %q", title, titles)
	return nil
}

// Texts returns the text of every visible label, rich text, banner and
// score cell, for "is it shown" checks.
func Texts(w fyne.Window) string {
	var s []string
	for _, o := range Objects(w) {
		switch x := o.(type) {
		case *widget.Label:
			s = append(s, x.Text)
		case *widget.RichText:
			s = append(s, RichTextString(x))
		case *kit.Banner:
			s = append(s, x.Text)
		case *padkit.ScoreCell:
			s = append(s, x.Text)
		}
	}
	return strings.Join(s, "\n")
}

// WantText fails unless want is shown somewhere on w.
func WantText(t *testing.T, w fyne.Window, want string) {
	t.Helper()
	if got := Texts(w); !strings.Contains(got, want) {
		t.Fatalf("screen does not show %q; it shows:\n%s", want, got)
	}
}

// CheckLayout fails when anything a finger must hit on w is cut off by a
// screen of the given size or smaller than kit.MinTouchTarget, or when the
// content needs more room than the screen has (the test canvas would grow
// to fit it, hiding the problem).
func CheckLayout(t *testing.T, w fyne.Window, size fyne.Size, what string) {
	t.Helper()
	c := w.Canvas()
	if got := c.Size(); got != size {
		t.Errorf("%s: the canvas is %v, not the screen's %v", what, got, size)
	}
	if min := c.Content().MinSize(); min.Width > size.Width+0.5 || min.Height > size.Height+0.5 {
		t.Errorf("%s: content needs %v, the canvas is %v", what, min, size)
	}
	d := fyne.CurrentApp().Driver()
	check := func(o fyne.CanvasObject, scrollX, scrollY bool) {
		label, ok := tappableLabel(o)
		if !ok {
			return
		}
		pos, sz := d.AbsolutePositionForObject(o), o.Size()
		// Inside a scroll container only the axes it does not scroll
		// must fit: the rest is a swipe away.
		cutX := !scrollX && (pos.X < -0.5 || pos.X+sz.Width > size.Width+0.5)
		cutY := !scrollY && (pos.Y < -0.5 || pos.Y+sz.Height > size.Height+0.5)
		if cutX || cutY {
			t.Errorf("%s: %s at %v size %v is cut off by the %v screen", what, label, pos, sz, size)
		}
		if sz.Height < kit.MinTouchTarget {
			t.Errorf("%s: %s is %v high, want at least %d", what, label, sz.Height, kit.MinTouchTarget)
		}
		if sz.Width < kit.MinTouchTarget {
			t.Errorf("%s: %s is %v wide, want at least %d", what, label, sz.Width, kit.MinTouchTarget)
		}
	}
	walkScroll(c.Content(), false, false, check)
	for _, o := range c.Overlays().List() {
		walkScroll(o, false, false, check)
	}
}

// walkScroll calls fn for every visible object under o with whether an
// enclosing scroll container scrolls it horizontally or vertically.
func walkScroll(o fyne.CanvasObject, x, y bool, fn func(o fyne.CanvasObject, x, y bool)) {
	if o == nil || !o.Visible() {
		return
	}
	fn(o, x, y)
	if s, ok := o.(*container.Scroll); ok {
		x = x || s.Direction == container.ScrollBoth || s.Direction == container.ScrollHorizontalOnly
		y = y || s.Direction == container.ScrollBoth || s.Direction == container.ScrollVerticalOnly
	}
	switch v := o.(type) {
	case *fyne.Container:
		for _, c := range v.Objects {
			walkScroll(c, x, y, fn)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(v).Objects() {
			walkScroll(c, x, y, fn)
		}
	}
}

// tappableLabel names the touch targets the layout check measures.
func tappableLabel(o fyne.CanvasObject) (string, bool) {
	switch x := o.(type) {
	case *widget.Button:
		return fmt.Sprintf("button %q", x.Text), true
	case *kit.Tile:
		return fmt.Sprintf("tile %q", x.Title), true
	case *padkit.ScoreCell:
		if x.OnTapped != nil {
			return fmt.Sprintf("cell %q", x.Text), true
		}
	case *padkit.TapRow:
		return fmt.Sprintf("row %q", x.Label), true
	}
	return "", false
}

// GameScreen returns the game screen on show as an S, failing the test
// when no game is open or its screen is not an S.
func GameScreen[S play.Screen](t *testing.T, u *shell.UI) S {
	t.Helper()
	var s S
	if u.Game() == nil {
		t.Fatalf("no game is open (screen is %T)", u.Current())
	}
	s, ok := u.Game().Screen().(S)
	if !ok {
		t.Fatalf("game screen is %T, not a %T", u.Game().Screen(), s)
	}
	return s
}

// Capture takes screenshots, when CC_CAPTURE_DIR names a folder (the test
// skips itself otherwise): for each of CaptureSizes it starts an interface
// on a fresh store (home builds its home screen) and calls shoot, whose
// shot writes the canvas as DIR/SIZE-what.png.
//
//	CC_CAPTURE_DIR=/tmp/shots go test -run CaptureScreens ./app/...
func Capture(t *testing.T, home shell.HomeFunc, shoot func(t *testing.T, st console.Store, u *shell.UI, w fyne.Window, shot func(what string))) {
	t.Helper()
	dir := CaptureDir(t)
	for _, c := range CaptureSizes {
		st := console.NewMemStore()
		u, w := NewUI(t, st, c.Size, home)
		shoot(t, st, u, w, Shooter(t, dir, c.Name, w))
	}
}

// CaptureSizes are the screen sizes screenshots are taken at, by name.
var CaptureSizes = []struct {
	Name string
	Size fyne.Size
}{{"landscape", fyne.NewSize(1280, 800)}, {"portrait", fyne.NewSize(800, 1280)}, {"phone", fyne.NewSize(412, 915)}}

// CaptureDir is the folder screenshots go to (CC_CAPTURE_DIR); a test that
// takes them skips itself when it is empty:
//
//	CC_CAPTURE_DIR=/tmp/shots go test -run CaptureScreens ./app/...
func CaptureDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("CC_CAPTURE_DIR")
	if dir == "" {
		t.Skip("set CC_CAPTURE_DIR to write screenshots")
	}
	return dir
}

// Shooter returns a function that writes w's canvas to dir as
// prefix-what.png.
func Shooter(t *testing.T, dir, prefix string, w fyne.Window) func(what string) {
	return func(what string) {
		t.Helper()
		f, err := os.Create(filepath.Join(dir, prefix+"-"+what+".png"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, w.Canvas().Capture()); err != nil {
			t.Fatal(err)
		}
	}
}
