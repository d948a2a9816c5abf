package runeballscreen

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
	"github.com/commandconsole/commandconsole/games/runeball"
	"github.com/commandconsole/commandconsole/games/runeball/field"
)

// TestMain registers Runeball's screen, as the app's root does, and runs
// the tests.
func TestMain(m *testing.M) {
	play.Register(runeball.ID, New)
	apptest.Main(m)
}

// newTestUI starts the interface on a test app and window of the given
// size, with st as the save store.
func newTestUI(t *testing.T, st console.Store, size fyne.Size) (*shell.UI, fyne.Window) {
	t.Helper()
	return apptest.NewUI(t, st, size, home.New)
}

// golden is a golden script of games/runeball.
func golden(name string) string {
	return filepath.Join("..", "..", "games", "runeball", "testdata", name+".jsonl")
}

// fromScript creates the script's match in st and plays its accepted
// lines up to file line upto (0: all).
func fromScript(t *testing.T, st console.Store, name string, upto int) *console.Session {
	t.Helper()
	setup, lines := conformance.ReadFile(t, golden(name))
	sess, err := console.Create(runeball.New(), setup, console.Options{Store: st, Clock: apptest.Clock})
	if err != nil {
		t.Fatalf("create runeball: %v", err)
	}
	for _, l := range lines {
		if upto > 0 && l.Number > upto {
			break
		}
		if l.Reject != "" || l.Undo {
			continue
		}
		apptest.DoAs(t, sess, l.Seat, l.Cmd, l.Args)
	}
	return sess
}

// sameAsScript checks that the match played by taps shows the home
// coach what the script's lines up to upto give.
func sameAsScript(t *testing.T, sess *console.Session, name string, upto int) {
	t.Helper()
	want := fromScript(t, console.NewMemStore(), name, upto)
	for _, seat := range []console.Seat{"home", "away"} {
		a, err := sess.View(seat)
		if err != nil {
			t.Fatal(err)
		}
		b, err := want.View(seat)
		if err != nil {
			t.Fatal(err)
		}
		ja, _ := json.MarshalIndent(a, "", " ")
		jb, _ := json.MarshalIndent(b, "", " ")
		if string(ja) != string(jb) {
			t.Fatalf("%s's view after the taps differs from %s.jsonl to line %d:\n%s", seat, name, upto, firstDiff(string(ja), string(jb)))
		}
	}
}

// firstDiff shows where two texts first differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-200)
	return fmt.Sprintf("got …%s…\nwant …%s…", a[lo:min(len(a), i+200)], b[lo:min(len(b), i+200)])
}

// screenOf returns the Runeball screen on show.
func screenOf(t *testing.T, u *shell.UI) *Screen {
	t.Helper()
	switch s := u.Game().Screen().(type) {
	case *Screen:
		return s
	case hotScreen:
		return s.Screen
	}
	t.Fatalf("game screen is %T", u.Game().Screen())
	return nil
}

// press taps the screen's button named, failing when it is missing or
// disabled.
func press(t *testing.T, s *Screen, name string) {
	t.Helper()
	b := s.buttons[name]
	if tl := s.tiles[name]; b == nil && tl != nil {
		test.Tap(tl)
		return
	}
	if b == nil {
		t.Fatalf("no button %q; next: %s", name, s.view.Next)
	}
	if b.Disabled() {
		t.Fatalf("button %q (%s) is disabled", name, b.Text)
	}
	test.Tap(b)
}

// tapCell taps the field's cell w ("x:y").
func tapCell(t *testing.T, s *Screen, w string) {
	t.Helper()
	c, err := field.ParseCoords(w)
	if err != nil {
		t.Fatal(err)
	}
	pos, ok := s.field.CellPosition(c)
	if !ok {
		t.Fatalf("%s is not on the field", w)
	}
	if got, _ := s.field.CellAt(pos); got != c {
		t.Fatalf("a tap at %s's position lands on %s", w, got)
	}
	test.TapAt(s.field, pos)
}

// faces taps the dice pad's faces, one die after the other.
func faces(t *testing.T, s *Screen, fs ...int) {
	t.Helper()
	for _, f := range fs {
		press(t, s, fmt.Sprintf("face-%d", f))
	}
}

// answer taps the prompt's answer button whose label is label.
func answer(t *testing.T, s *Screen, label string) {
	t.Helper()
	p := s.view.Prompt
	if p == nil {
		t.Fatalf("no prompt; next: %s", s.view.Next)
	}
	for i, a := range p.Answers {
		if a.Label == label {
			press(t, s, fmt.Sprintf("answer-%d", i))
			return
		}
	}
	t.Fatalf("no answer %q among %+v", label, p.Answers)
}

// typeIn types text into the screen's entry named.
func typeIn(t *testing.T, s *Screen, name, text string) {
	t.Helper()
	e := s.entries[name]
	if e == nil {
		t.Fatalf("no entry %q", name)
	}
	e.SetText("")
	test.Type(e, text)
}
