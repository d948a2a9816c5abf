package lorscreen

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
)

// TestLayoutFitsTabletAndPhone: the Lands of Ruin screen in each phase fits
// a 1280×800 tablet, at the normal and the largest text size, and a
// 400-px-wide phone: nothing a finger must hit is cut off or too small.
func TestLayoutFitsTabletAndPhone(t *testing.T) {
	register()
	end := func(n int) func(*console.Session) {
		return func(s *console.Session) {
			for i := 0; i < n; i++ {
				if _, err := s.Do("alice", console.Command{Name: "end-phase"}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, size := range []fyne.Size{fyne.NewSize(1280, 800), fyne.NewSize(400, 800)} {
		for _, largest := range []bool{false, true} {
			if size.Width < 500 && largest {
				continue // the phone at the largest text is left to scrolling
			}
			for _, ph := range []struct {
				name string
				prep func(*console.Session)
			}{
				{"action", end(0)}, {"sync", end(1)}, {"command", end(2)}, {"environment", end(3)},
			} {
				st := console.NewMemStore()
				u, w, what := apptest.LayoutUI(t, st, size, largest, home.New)
				sess := replayInto(t, "testdata/midgame.jsonl", st)
				ph.prep(sess)
				u.ShowGameAs(console.NewLocal(sess), "alice")
				apptest.CheckLayout(t, w, size, what+" "+ph.name)
			}
		}
	}
}
