package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/script"
	"github.com/commandconsole/commandconsole/games"
)

// replayScript plays the script at path (from the repository root) into
// st and returns its session.
func replayScript(t *testing.T, st console.Store, path string) *console.Session {
	t.Helper()
	f, err := os.Open(filepath.Join("..", path))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	setup, lines, err := script.Read(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	rules, err := games.Lookup(setup.System)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	sess, err := console.Create(rules, *setup, console.Options{Store: st, Clock: apptest.Clock})
	if err != nil {
		t.Fatalf("%s: create: %v", path, err)
	}
	for _, l := range lines {
		if l.Undo {
			_, err = sess.Undo(l.Seat)
		} else {
			_, err = sess.Do(l.Seat, l.Command())
		}
		if (err == nil) != (l.Reject == "") {
			t.Fatalf("%s line %d: %v", path, l.Number, err)
		}
	}
	return sess
}

// TestStillScreensRest: every system's main screen, opened on a game in
// play and left alone, settles and then draws nothing (apptest.CheckIdle);
// so does the home screen with those games on it. A tablet left beside
// the table all evening must not spend its battery on a still screen.
func TestStillScreensRest(t *testing.T) {
	scripts := []string{
		"app/lorscreen/testdata/midgame.jsonl",
		"games/landsofruin/testdata/fight-to-the-death.jsonl",
		"games/ruunara/testdata/duo-mission.jsonl",
		"games/runeball/testdata/match.jsonl",
		"games/runika/testdata/two-player.jsonl",
		"games/battlelore/testdata/full-muster.jsonl",
		"games/scorepad/testdata/family-target.jsonl",
	}
	st := console.NewMemStore()
	for _, path := range scripts {
		t.Run(filepath.Base(path), func(t *testing.T) {
			sess := replayScript(t, st, path)
			name := filepath.Base(path)
			// The shared tablet (a hand-over screen, or the pad), then
			// each seat's own screen, at a tablet's and a phone's size.
			seats := append([]console.Seat{""}, console.NewLocal(sess).Info().Seats...)
			for _, size := range []fyne.Size{apptest.LandscapeSize, fyne.NewSize(400, 800)} {
				for _, seat := range seats {
					u, w := newTestUI(t, st, size)
					u.ShowGameAs(console.NewLocal(sess), seat)
					if u.Game() == nil {
						t.Fatalf("%s: the game did not open", path)
					}
					apptest.CheckIdle(t, w, fmt.Sprintf("%s game screen as %q at %v", name, seat, size))
				}
			}
		})
	}
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.Home()
	apptest.CheckIdle(t, w, "home screen")
}

// recorder is a testing.TB that keeps the errors reported to it.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, a ...any) {
	r.errs = append(r.errs, format)
}

// churning rebuilds its objects on every layout, as the Lands of Ruin map
// once did.
type churning struct{ widget.BaseWidget }

func (c *churning) CreateRenderer() fyne.WidgetRenderer { return &churnRenderer{} }

type churnRenderer struct{ objects []fyne.CanvasObject }

func (r *churnRenderer) Layout(fyne.Size) {
	r.objects = []fyne.CanvasObject{canvas.NewText("Aurel", nil)}
}
func (r *churnRenderer) MinSize() fyne.Size           { return fyne.NewSize(10, 10) }
func (r *churnRenderer) Refresh()                     {}
func (r *churnRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *churnRenderer) Destroy()                     {}

// TestCheckIdleCatches: the idle check fails on the three ways a screen
// can keep drawing (a renderer rebuilding on each layout, a timer that
// refreshes, a spinner left running) and passes a still label.
func TestCheckIdleCatches(t *testing.T) {
	tests := []struct {
		name    string
		content func() fyne.CanvasObject
		// timer: a goroutine refreshes the content while it is left
		// alone.
		timer bool
		want  string
	}{
		{"a still label", func() fyne.CanvasObject { return widget.NewLabel("Turn 2") }, false, ""},
		{"a renderer rebuilding on each layout", func() fyne.CanvasObject {
			c := &churning{}
			c.ExtendBaseWidget(c)
			return c
		}, false, "never rests"},
		{"a timer refreshing", func() fyne.CanvasObject { return widget.NewLabel("Turn 2") }, true, "refreshed"},
		{"a spinner running", func() fyne.CanvasObject { return widget.NewProgressBarInfinite() }, false, "spinner"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, w := newTestUI(t, console.NewMemStore(), apptest.LandscapeSize)
			content := tt.content()
			w.SetContent(content)
			r := &recorder{TB: t}
			apptest.CheckIdleWhile(r, w, tt.name, func() {
				if !tt.timer {
					time.Sleep(apptest.IdleWait)
					return
				}
				// The refresh comes from a timer's goroutine, while the
				// screen is left alone; waiting for it to be done orders
				// it before the check's next frame, as the Fyne thread
				// would.
				done := make(chan struct{})
				time.AfterFunc(apptest.IdleWait/3, func() {
					fyne.Do(content.Refresh)
					close(done)
				})
				<-done
			})
			got := strings.Join(r.errs, "\n")
			if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
				t.Errorf("the idle check reported %q, want a report containing %q", got, tt.want)
			}
		})
	}
}
