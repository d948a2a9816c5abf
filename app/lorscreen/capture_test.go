package lorscreen

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// TestCaptureScreens writes PNGs of the Lands of Ruin screen in each phase
// to $CC_CAPTURE_DIR (for the README and for looking at them); without it
// the test does nothing but build the screens.
func TestCaptureScreens(t *testing.T) {
	dir := os.Getenv("CC_CAPTURE_DIR")
	shoot := func(name string, w fyne.Window) {
		if dir == "" {
			return
		}
		f, err := os.Create(filepath.Join(dir, name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, w.Canvas().Capture()); err != nil {
			t.Fatal(err)
		}
	}
	end := func(sess *console.Session, seat console.Seat, n int) {
		for i := 0; i < n; i++ {
			if _, err := sess.Do(seat, console.Command{Name: landsofruin.CmdEndPhase}); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, c := range []struct {
		name  string
		size  fyne.Size
		seat  console.Seat
		setup func(*console.Session)
	}{
		{"lor-setup", fyne.NewSize(1280, 800), "alice", nil},
		{"lor-action", fyne.NewSize(1280, 800), "alice", func(*console.Session) {}},
		{"lor-sync", fyne.NewSize(1280, 800), "alice", func(s *console.Session) { end(s, "alice", 1) }},
		{"lor-command", fyne.NewSize(1280, 800), "alice", func(s *console.Session) { end(s, "alice", 2) }},
		{"lor-environment", fyne.NewSize(1280, 800), "alice", func(s *console.Session) { end(s, "alice", 3) }},
		{"lor-opponent", fyne.NewSize(1280, 800), "bob", func(*console.Session) {}},
		{"lor-phone", fyne.NewSize(400, 800), "alice", func(*console.Session) {}},
	} {
		var sess *console.Session
		if c.setup == nil {
			sess = newTutorial(t)
		} else {
			sess = replay(t, "testdata/midgame.jsonl")
			c.setup(sess)
		}
		s, f, _ := newTestScreen(t, sess, FixedSeat{Seat: c.seat})
		appTheme()
		f.win.Resize(c.size)
		s.Refresh()
		s.Content().Refresh()
		shoot(c.name, f.win)
	}
	// The hand-over screen of a hot-seat tablet.
	s, f, _ := newTestScreen(t, replay(t, "testdata/midgame.jsonl"), HotSeat{All: []console.Seat{"alice", "bob"}})
	appTheme()
	s.Content().Refresh()
	if _, handing := s.HandingOver(); !handing {
		t.Fatal("a hot-seat tablet opened without the hand-over screen")
	}
	shoot("lor-handover", f.win)
	test.Tap(s.handBtn)
	shoot("lor-after-handover", f.win)

	// The full-size game (two nine-character teams) on a tablet either
	// way and a phone, at Normal and at Huge text.
	for _, c := range []struct {
		name  string
		size  fyne.Size
		scale float32
		ends  int
	}{
		{"lor-full-action", fyne.NewSize(1280, 800), 1, 0},
		{"lor-full-environment", fyne.NewSize(1280, 800), 1, 3},
		{"lor-full-huge", fyne.NewSize(1280, 800), kit.TextScales[len(kit.TextScales)-1].Scale, 0},
		{"lor-full-portrait", fyne.NewSize(800, 1280), 1, 0},
		{"lor-full-phone", fyne.NewSize(412, 915), 1, 0},
		{"lor-full-phone-huge", fyne.NewSize(412, 915), kit.TextScales[len(kit.TextScales)-1].Scale, 0},
	} {
		sess := replay(t, "testdata/fullsize.jsonl")
		end(sess, "alice", c.ends)
		s, f, _ := newTestScreen(t, sess, FixedSeat{Seat: "alice"})
		st := kit.DefaultSettings()
		st.TextScale = c.scale
		fyne.CurrentApp().Settings().SetTheme(kit.NewTheme(st))
		f.win.Resize(c.size)
		s.Refresh()
		s.Content().Refresh()
		shoot(c.name, f.win)
	}
	appTheme()
}

// appTheme draws with the app's own theme (dark, as a new player gets it),
// not the test driver's.
func appTheme() {
	fyne.CurrentApp().Settings().SetTheme(kit.NewTheme(kit.DefaultSettings()))
}
