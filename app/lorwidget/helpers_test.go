package lorwidget

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.xml markup goldens")

// tutorialPath is the two-player tutorial script the tests replay.
var tutorialPath = filepath.Join("..", "..", "games", "landsofruin", "testdata", "two-player-tutorial.jsonl")

// tutorial plays the first n steps of the two-player tutorial (refused
// steps included, as the script expects them) through a Session and
// returns it.
func tutorial(t testing.TB, n int) *console.Session {
	t.Helper()
	sc := conformance.LoadScripts(t, tutorialPath)[0]
	id := 0
	s, err := console.Create(landsofruin.New(), sc.Setup, console.Options{
		Clock: func() time.Time { return time.Unix(1700000000, 0).UTC() },
		NewID: func() string { id++; return fmt.Sprintf("game-%d", id) }})
	if err != nil {
		t.Fatal(err)
	}
	if n > len(sc.Steps) {
		t.Fatalf("the tutorial has %d steps, not %d", len(sc.Steps), n)
	}
	for i, st := range sc.Steps[:n] {
		_, err := s.Do(st.Seat, st.Cmd)
		if st.Reject != (err != nil) {
			t.Fatalf("step %d (%s by %s): %v", i, st.Cmd.Name, st.Seat, err)
		}
	}
	return s
}

// viewOf is seat's view of s.
func viewOf(t testing.TB, s *console.Session, seat console.Seat) landsofruin.View {
	t.Helper()
	v, err := s.View(seat)
	if err != nil {
		t.Fatal(err)
	}
	return v.(landsofruin.View)
}

// tutorialView is seat's view after the first n steps of the tutorial.
func tutorialView(t testing.TB, n int, seat console.Seat) landsofruin.View {
	t.Helper()
	return viewOf(t, tutorial(t, n), seat)
}

// assertMarkup compares o's markup with testdata/name; -update rewrites
// the golden.
func assertMarkup(t *testing.T, name string, o fyne.CanvasObject) {
	t.Helper()
	if *update {
		_ = os.Remove(filepath.Join("testdata", name))
		test.AssertObjectRendersToMarkup(&testing.T{}, name, o)
		failed := filepath.Join("testdata", "failed", name)
		if err := os.MkdirAll(filepath.Dir(filepath.Join("testdata", name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(failed, filepath.Join("testdata", name)); err != nil {
			t.Fatal(err)
		}
		_ = os.Remove(filepath.Join("testdata", "failed"))
		return
	}
	test.AssertObjectRendersToMarkup(t, name, o)
}

// landsofruinSeat is a seat name as a console.Seat.
func landsofruinSeat(s string) console.Seat { return console.Seat(s) }
