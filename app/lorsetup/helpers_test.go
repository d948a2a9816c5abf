package lorsetup

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// update rewrites the markup goldens under testdata/.
var update = flag.Bool("update", false, "rewrite the goldens under testdata/")

// TestMain runs the tests on Fyne's test app with the fyne.Do migration
// declared, as the app's own tests do (apptest.Main).
func TestMain(m *testing.M) { apptest.Main(m) }

// landscape is a 1280×800 tablet.
var landscape = fyne.NewSize(1280, 800)

// table is a game in a session and the setup panel of each seat, each
// sending its commands as its seat and every panel redrawn after each
// accepted command, as the lead's screen does.
type table struct {
	t      *testing.T
	s      *console.Session
	panels map[console.Seat]*Panel
	wins   map[console.Seat]fyne.Window
	// sent counts the commands each seat's panel sent.
	sent map[console.Seat]int
}

// newTable creates a game with options for seats alice and bob.
func newTable(t *testing.T, options map[string]string, cfg map[console.Seat]PanelConfig) *table {
	t.Helper()
	s, err := console.Create(landsofruin.New(), console.Setup{System: landsofruin.ID, Title: "test", Seed: 7,
		Seats: []console.Seat{"alice", "bob"}, Options: options}, console.Options{})
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	tb := &table{t: t, s: s, panels: map[console.Seat]*Panel{}, wins: map[console.Seat]fyne.Window{}, sent: map[console.Seat]int{}}
	for _, seat := range s.Seats() {
		seat := seat
		act := func(cmd string, args map[string]any) error {
			tb.sent[seat]++
			if _, err := s.Do(seat, console.Command{Name: cmd, Args: args}); err != nil {
				return err
			}
			tb.redraw()
			return nil
		}
		p := NewPanel(tb.view(seat), act, cfg[seat])
		tb.panels[seat] = p
		w := test.NewWindow(p)
		w.Resize(landscape)
		t.Cleanup(w.Close)
		tb.wins[seat] = w
	}
	return tb
}

// view is seat's view now.
func (tb *table) view(seat console.Seat) landsofruin.View {
	tb.t.Helper()
	v, err := tb.s.View(seat)
	if err != nil {
		tb.t.Fatalf("view %s: %v", seat, err)
	}
	lv, ok := v.(landsofruin.View)
	if !ok {
		tb.t.Fatalf("view %s is %T", seat, v)
	}
	return lv
}

// redraw gives every panel its seat's new view.
func (tb *table) redraw() {
	for seat, p := range tb.panels {
		p.Update(tb.view(seat))
	}
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

// tiles is the visible tiles under o titled title.
func tiles(o fyne.CanvasObject, title string) []*Tile {
	var out []*Tile
	walk(o, func(x fyne.CanvasObject) {
		if t, ok := x.(*Tile); ok && t.Title == title {
			out = append(out, t)
		}
	})
	return out
}

// tap taps the tile or button titled text under o, failing when there is
// none or it is disabled.
func tap(t *testing.T, o fyne.CanvasObject, text string) {
	t.Helper()
	if ts := tiles(o, text); len(ts) > 0 {
		if ts[0].Disabled != "" {
			t.Fatalf("tile %q is disabled: %s", text, ts[0].Disabled)
		}
		test.Tap(ts[0])
		return
	}
	var found *widget.Button
	walk(o, func(x fyne.CanvasObject) {
		if b, ok := x.(*widget.Button); ok && b.Text == text && found == nil {
			found = b
		}
	})
	if found == nil {
		t.Fatalf("nothing titled %q; on screen:\n%s", text, strings.Join(texts(o), "\n"))
	}
	if found.Disabled() {
		t.Fatalf("button %q is disabled", text)
	}
	test.Tap(found)
}

// texts is every text under o: labels, rich texts, buttons, entries and
// tiles (title, note, reason), in order.
func texts(o fyne.CanvasObject) []string {
	var out []string
	walk(o, func(x fyne.CanvasObject) {
		switch w := x.(type) {
		case *widget.Label:
			out = append(out, w.Text)
		case *widget.RichText:
			out = append(out, w.String())
		case *widget.Button:
			out = append(out, w.Text)
		case *widget.Entry:
			out = append(out, w.Text)
		case *Tile:
			out = append(out, strings.TrimSpace(w.Title+" | "+w.Note+" | "+w.Disabled))
		}
	})
	return out
}

// hasText tells whether some text under o contains s.
func hasText(o fyne.CanvasObject, s string) bool {
	for _, x := range texts(o) {
		if strings.Contains(x, s) {
			return true
		}
	}
	return false
}

// golden compares the markup of w's canvas with testdata/name.xml, or
// writes it with -update.
func golden(t *testing.T, w fyne.Window, name string) {
	t.Helper()
	got := test.RenderToMarkup(w.Canvas())
	path := filepath.Join("testdata", name+".xml")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if string(want) != got {
		failed := filepath.Join("testdata", "failed", name+".xml")
		_ = os.MkdirAll(filepath.Dir(failed), 0o755)
		_ = os.WriteFile(failed, []byte(got), 0o644)
		t.Errorf("%s differs from the golden; the new markup is in %s (go test -update to accept)", path, failed)
	}
}

// must fails the test on err.
func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// buttonsTitled is the visible buttons under o with the text.
func buttonsTitled(o fyne.CanvasObject, text string) []*widget.Button {
	var out []*widget.Button
	walk(o, func(x fyne.CanvasObject) {
		if b, ok := x.(*widget.Button); ok && b.Text == text {
			out = append(out, b)
		}
	})
	return out
}

// plusButtons and minusButtons are the team builder's + and − buttons, one
// per character row.
func plusButtons(t *testing.T, o fyne.CanvasObject) []*widget.Button {
	t.Helper()
	return buttonsTitled(o, "+")
}

func minusButtons(t *testing.T, o fyne.CanvasObject) []*widget.Button {
	t.Helper()
	return buttonsTitled(o, "−")
}

// tapButton taps b.
func tapButton(b *widget.Button) { test.Tap(b) }

// typeName types text into the first empty entry under o.
func typeName(t *testing.T, o fyne.CanvasObject, text string) {
	t.Helper()
	var e *widget.Entry
	walk(o, func(x fyne.CanvasObject) {
		if w, ok := x.(*widget.Entry); ok && e == nil && w.Text == "" {
			e = w
		}
	})
	if e == nil {
		t.Fatal("no empty entry")
	}
	test.Type(e, text)
}

var _ = fmt.Sprint

// counterButton is the + or − button of the counter row whose text starts
// with prefix.
func counterButton(t *testing.T, o fyne.CanvasObject, prefix, sign string) *widget.Button {
	t.Helper()
	var found *widget.Button
	walk(o, func(x fyne.CanvasObject) {
		c, ok := x.(*fyne.Container)
		if !ok || found != nil {
			return
		}
		row := false
		for _, k := range c.Objects {
			if l, ok := k.(*widget.Label); ok && strings.HasPrefix(l.Text, prefix) {
				row = true
			}
		}
		if !row {
			return
		}
		walk(c, func(y fyne.CanvasObject) {
			if b, ok := y.(*widget.Button); ok && b.Text == sign && found == nil {
				found = b
			}
		})
	})
	if found == nil {
		t.Fatalf("no %s on a row %q", sign, prefix)
	}
	return found
}
