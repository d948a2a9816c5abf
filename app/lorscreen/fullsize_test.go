package lorscreen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/app/lorwidget"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// fullSizes are the screens of the full-size layout test: a landscape and
// a portrait tablet, and a 400 dp phone.
var fullSizes = []fyne.Size{fyne.NewSize(1280, 800), fyne.NewSize(800, 1280), fyne.NewSize(400, 860)}

// fullScales are the text sizes it checks: the smallest (Normal), one
// between and the largest (Huge).
var fullScales = []float32{kit.TextScales[0].Scale, kit.TextScales[2].Scale, kit.TextScales[len(kit.TextScales)-1].Scale}

// fullPhases are the points of the full-size game the test lays out:
// alice's setup (her team chosen, not yet ready), her Action phase of turn
// 2 (eleven characters in the square), and her Sync, Command and
// Environment phases after it.
var fullPhases = []struct {
	name string
	// script is the game played, ends the end-phases after it; drop
	// leaves out its last lines.
	script string
	ends   int
	drop   int
}{
	{"setup", "testdata/fullsize-start.jsonl", 0, 2},
	{"action", "testdata/fullsize.jsonl", 0, 0},
	{"sync", "testdata/fullsize.jsonl", 1, 0},
	{"command", "testdata/fullsize.jsonl", 2, 0},
	{"environment", "testdata/fullsize.jsonl", 3, 0},
}

// TestFullSizeLayout: the full-size game (two nine-character teams) at
// 1280×800, 800×1280 and a 400 dp phone, at the smallest, a middle and
// the largest text size, dark (and light on the tablet): no two texts
// overlap, no text is cut (it wraps or scrolls), nothing to tap is cut
// off or under 48 dp, and every character on the map can be tapped (its
// circle, or its stack's picker) on a target at least 48 dp wide.
func TestFullSizeLayout(t *testing.T) {
	register()
	for _, size := range fullSizes {
		for _, scale := range fullScales {
			for _, light := range []bool{false, true} {
				if light && size.Width != 1280 {
					continue // the colours change, not the sizes
				}
				for _, ph := range fullPhases {
					t.Run(fmt.Sprintf("%vx%v/%s/%v/light=%v", size.Width, size.Height, ph.name, scale, light), func(t *testing.T) {
						st := console.NewMemStore()
						u, w, what := apptest.LayoutUIAt(t, st, size, scale, light, home.New)
						sess := replayPart(t, ph.script, st, ph.drop)
						for i := 0; i < ph.ends; i++ {
							apptest.DoAs(t, sess, "alice", landsofruin.CmdEndPhase, nil)
						}
						u.ShowGameAs(console.NewLocal(sess), "alice")
						what += " " + ph.name
						s := apptest.GameScreen[*Screen](t, u)
						checkFullSize(t, w, s, size, what)
					})
				}
			}
		}
	}
}

// checkFullSize checks the screen on w, each of its columns in turn on a
// phone.
func checkFullSize(t *testing.T, w fyne.Window, s *Screen, size fyne.Size, what string) {
	t.Helper()
	columns := []string{""}
	if s.narrow {
		columns = []string{"Team", "Map", "Act"}
	}
	for _, col := range columns {
		where := what
		if col != "" {
			apptest.TapButton(t, w, col)
			where += " " + col + " tab"
		}
		apptest.CheckLayout(t, w, size, where)
		apptest.CheckTexts(t, w, where, nil)
		if (col == "" || col == "Map") && len(s.view.Characters) > 0 && s.view.Phase != landsofruin.PhaseSetup {
			checkMapTargets(t, s, where)
		}
	}
}

// checkMapTargets fails when a character of the view has no target on the
// map at least 48 dp wide, or the map is smaller than a third of the
// screen's shorter side.
func checkMapTargets(t *testing.T, s *Screen, what string) {
	t.Helper()
	mp, ok := s.tableMap.(*mapPart)
	if !ok {
		t.Fatalf("%s: the map part is a %T", what, s.tableMap)
	}
	seen := map[string]bool{}
	for _, tg := range mp.m.Targets() {
		if tg.Size < 48 {
			t.Errorf("%s: map target %v is %v wide", what, tg.Characters, tg.Size)
		}
		for _, id := range tg.Characters {
			seen[id] = true
		}
	}
	for _, c := range s.view.Characters {
		if !seen[c.ID] {
			t.Errorf("%s: %s has no target on the map", what, c.Name)
		}
	}
	ms := mp.m.Size()
	if min(ms.Width, ms.Height) < 380 {
		t.Errorf("%s: the map is %v, under 380 dp", what, ms)
	}
	_ = lorwidget.MapTarget{}
}

// replayPart is replayInto without the script's last drop lines.
func replayPart(t *testing.T, path string, st console.Store, drop int) *console.Session {
	t.Helper()
	if drop == 0 {
		return replayInto(t, path, st)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	tmp := filepath.Join(t.TempDir(), filepath.Base(path))
	if err := os.WriteFile(tmp, []byte(strings.Join(lines[:len(lines)-drop], "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return replayInto(t, tmp, st)
}

// TestFullSizeScreenRests: the full-size game left alone draws nothing
// (apptest.CheckIdle): at the largest text, where the map has stacks and
// the bars wrap, on a tablet and on a phone.
func TestFullSizeScreenRests(t *testing.T) {
	register()
	huge := kit.TextScales[len(kit.TextScales)-1].Scale
	for _, size := range []fyne.Size{fyne.NewSize(1280, 800), fyne.NewSize(400, 860)} {
		st := console.NewMemStore()
		u, w, what := apptest.LayoutUIAt(t, st, size, huge, false, home.New)
		sess := replayInto(t, "testdata/fullsize.jsonl", st)
		u.ShowGameAs(console.NewLocal(sess), "alice")
		apptest.CheckIdle(t, w, "the full-size game at "+what)
	}
}
