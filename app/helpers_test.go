package app

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

// migratedApp is a test app whose metadata declares the fyne.Do
// migration, as FyneApp.toml does for the real app.
type migratedApp struct{ fyne.App }

func (migratedApp) Metadata() fyne.AppMetadata {
	return fyne.AppMetadata{Migrations: map[string]bool{"fyneDo": true}}
}

// TestMain tells Fyne once, before any test, that this app calls Fyne
// from other goroutines only through fyne.Do. Fyne reads that once per
// process; without it, under the mobile tag (where the test driver takes
// every goroutine for the main one) fyne.Do and SetTheme would run their
// work on new goroutines, racing the test.
func TestMain(m *testing.M) {
	a := test.NewApp()
	fyne.SetCurrentApp(migratedApp{a})
	fyne.Do(func() {}) // reads the metadata
	os.Exit(m.Run())
}

// testNow is the wall clock of the tests.
var testNow = time.Date(2025, 6, 14, 20, 30, 0, 0, time.UTC)

func testClock() time.Time { return testNow }

// newTestUI starts the interface on a test app and window of the given
// size, with st as the save store.
func newTestUI(t *testing.T, st console.Store, size fyne.Size) (*UI, fyne.Window) {
	t.Helper()
	a := test.NewTempApp(t)
	w := a.NewWindow("test")
	w.Resize(size)
	u := New(a, w, Config{Store: st, Clock: testClock})
	u.Start()
	t.Cleanup(w.Close)
	return u, w
}

// landscapeSize is a landscape tablet.
var landscapeSize = fyne.NewSize(1280, 800)

// newPad creates a score pad game in st.
func newPad(t *testing.T, st console.Store, title string, opts map[string]string, seats ...console.Seat) *console.Session {
	t.Helper()
	clock := testNow.Add(-2 * time.Hour)
	s, err := console.Create(scorepad.New(), console.Setup{Title: title, Seats: seats, Options: opts},
		console.Options{Store: st, Clock: func() time.Time { return clock }})
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	return s
}

// walk calls fn for every visible object under o, widgets' renderer
// objects included.
func walk(o fyne.CanvasObject, fn func(fyne.CanvasObject)) {
	if o == nil || !o.Visible() {
		return
	}
	fn(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walk(c, fn)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walk(c, fn)
		}
	}
}

// objects returns every visible object on w's canvas: the content, then
// the overlays (dialogs) from the bottom up.
func objects(w fyne.Window) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	add := func(o fyne.CanvasObject) { out = append(out, o) }
	walk(w.Canvas().Content(), add)
	for _, o := range w.Canvas().Overlays().List() {
		walk(o, add)
	}
	return out
}

// buttons returns the visible buttons whose text is text.
func buttons(w fyne.Window, text string) []*widget.Button {
	var out []*widget.Button
	for _, o := range objects(w) {
		if b, ok := o.(*widget.Button); ok && b.Text == text {
			out = append(out, b)
		}
	}
	return out
}

// tapButton taps the last visible button labelled text (the topmost, when
// a dialog repeats a label of the screen below).
func tapButton(t *testing.T, w fyne.Window, text string) {
	t.Helper()
	bs := buttons(w, text)
	if len(bs) == 0 {
		t.Fatalf("no button %q on screen; buttons: %s", text, buttonTexts(w))
	}
	b := bs[len(bs)-1]
	if b.Disabled() {
		t.Fatalf("button %q is disabled", text)
	}
	test.Tap(b)
}

func buttonTexts(w fyne.Window) string {
	var s []string
	for _, o := range objects(w) {
		if b, ok := o.(*widget.Button); ok {
			s = append(s, fmt.Sprintf("%q", b.Text))
		}
	}
	return strings.Join(s, " ")
}

// findTile returns the visible tile titled title.
func findTile(t *testing.T, w fyne.Window, title string) *tile {
	t.Helper()
	var titles []string
	for _, o := range objects(w) {
		if x, ok := o.(*tile); ok {
			if x.Title == title {
				return x
			}
			titles = append(titles, x.Title)
		}
	}
	t.Fatalf("no tile %q on screen; tiles: %q", title, titles)
	return nil
}

// texts returns the text of every visible label, rich text, banner and
// score cell, for "is it shown" checks.
func texts(w fyne.Window) string {
	var s []string
	for _, o := range objects(w) {
		switch x := o.(type) {
		case *widget.Label:
			s = append(s, x.Text)
		case *widget.RichText:
			s = append(s, x.String())
		case *banner:
			s = append(s, x.Text)
		case *scoreCell:
			s = append(s, x.Text)
		}
	}
	return strings.Join(s, "\n")
}

// wantText fails unless want is shown somewhere on w.
func wantText(t *testing.T, w fyne.Window, want string) {
	t.Helper()
	if got := texts(w); !strings.Contains(got, want) {
		t.Fatalf("screen does not show %q; it shows:\n%s", want, got)
	}
}

// padScreen returns the score pad screen on show.
func padScreen(t *testing.T, u *UI) *scorePadScreen {
	t.Helper()
	if u.game == nil {
		t.Fatalf("no game is open (screen is %T)", u.current)
	}
	s, ok := u.game.screen.(*scorePadScreen)
	if !ok {
		t.Fatalf("game screen is %T, not the score pad", u.game.screen)
	}
	return s
}

// cell returns the grid's score cell of player p (0-based) in round r
// (1-based).
func cell(t *testing.T, s *scorePadScreen, p, r int) *scoreCell {
	t.Helper()
	cols := len(s.view.Players) + 1
	i := (r-1)*cols + 1 + p
	if i >= len(s.body.Objects) {
		t.Fatalf("no cell for player %d round %d", p, r)
	}
	return s.body.Objects[i].(*scoreCell)
}

// total returns player p's total cell.
func total(s *scorePadScreen, p int) *scoreCell { return s.totals.Objects[1+p].(*scoreCell) }

// header returns player p's name cell.
func header(s *scorePadScreen, p int) *scoreCell { return s.header.Objects[1+p].(*scoreCell) }

// gridText renders the grid as text rows, for got/want messages.
func gridText(s *scorePadScreen) string {
	cols := len(s.view.Players) + 1
	var b strings.Builder
	row := func(objs []fyne.CanvasObject) {
		for i, o := range objs {
			c := o.(*scoreCell)
			sep := " | "
			if (i+1)%cols == 0 {
				sep = "\n"
			}
			b.WriteString(c.Text + sep)
		}
	}
	row(s.header.Objects)
	row(s.body.Objects)
	row(s.totals.Objects)
	return b.String()
}
