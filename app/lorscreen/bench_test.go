package lorscreen

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// BenchmarkTapToScreen measures a tap on the main screen to the updated
// screen in a mid-game state (alice's Command phase, turn 2): the command
// (assigning an action, then unassigning it, so the state stays as it
// was: two taps an iteration), the views and the screen's redraw on
// Fyne's test driver. ns/op is per iteration, two taps. Goal: a median at most 16 ms (one
// frame at 60 Hz).
func BenchmarkTapToScreen(b *testing.B) {
	sess := replay(b, "testdata/midgame.jsonl")
	for i := 0; i < 2; i++ { // Action, Sync: to the Command phase
		if _, err := sess.Do("alice", console.Command{Name: landsofruin.CmdEndPhase}); err != nil {
			b.Fatal(err)
		}
	}
	a := test.NewTempApp(b)
	w := a.NewWindow("lor")
	w.Resize(fyne.NewSize(1280, 800))
	defer w.Close()
	f := &benchFrame{game: console.NewLocal(sess), win: w, prefs: a.Preferences()}
	s := NewScreen(f, FixedSeat{Seat: "alice"}, Parts{}, nil)
	f.screen = s
	w.SetContent(s.Content())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, cmd := range []string{landsofruin.CmdAssign, landsofruin.CmdUnassign} {
			if err := s.act(cmd, map[string]any{"character": "aurel", "action": "shoot"}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(2*b.N)/1e6, "ms/tap")
}

// benchFrame is testFrame without a *testing.T.
type benchFrame struct {
	game   console.Game
	win    fyne.Window
	prefs  fyne.Preferences
	screen *Screen
}

func (f *benchFrame) Game() console.Game { return f.game }
func (f *benchFrame) Run(fn func() error) error {
	if err := fn(); err != nil {
		return err
	}
	f.screen.Refresh()
	return nil
}
func (f *benchFrame) AddPicture(string, []byte) error   { return nil }
func (f *benchFrame) Fail(error)                        {}
func (f *benchFrame) Confirm(_, _, _ string, fn func()) { fn() }
func (f *benchFrame) Hints() bool                       { return false }
func (f *benchFrame) Home()                             {}
func (f *benchFrame) ShowReport()                       {}
func (f *benchFrame) ShowHistory(console.Seat)          {}
func (f *benchFrame) Window() fyne.Window               { return f.win }
func (f *benchFrame) Preferences() fyne.Preferences     { return f.prefs }

// BenchmarkTapToScreenLongGame is a tap late in a long evening: the
// two-player tutorial played turn after turn to 3,000 events on a hot-seat
// tablet, each tap ending the phase (and, when the turn passes, taking the
// tablet), with its redraw: both seats' views, the history's last line
// (which must not cost a replay of the whole log) and the parts.
func BenchmarkTapToScreenLongGame(b *testing.B) {
	sess, err := console.Create(landsofruin.New(), landsofruin.LongGameSetup(), console.Options{Store: console.NewMemStore()})
	if err != nil {
		b.Fatal(err)
	}
	if err := landsofruin.LongGame(sess, 3000); err != nil {
		b.Fatal(err)
	}
	a := test.NewTempApp(b)
	w := a.NewWindow("lor")
	w.Resize(fyne.NewSize(1280, 800))
	defer w.Close()
	f := &benchFrame{game: console.NewLocal(sess), win: w, prefs: a.Preferences()}
	// A clock that moves on at every reading: no double-tap lock holds.
	now := time.Unix(0, 0)
	clock := func() time.Time { now = now.Add(time.Minute); return now }
	s := NewScreen(f, HotSeat{All: sess.Meta().Setup.Seats}, Parts{}, clock)
	f.screen = s
	w.SetContent(s.Content())
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, handing := s.HandingOver(); handing {
			s.takeTablet()
		}
		if err := s.act(landsofruin.CmdEndPhase, nil); err != nil {
			b.Fatalf("tap %d: %v", i, err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/tap")
}
