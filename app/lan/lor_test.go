package lan_test

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/lorscreen"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// TestLandsOfRuinOverTheNetwork: a Lands of Ruin game is hosted from its
// screen's menu (the screen draws its own bar) and opens on the joined
// tablet in the Lands of Ruin screen, fixed to the joined seat; a
// spectator's tablet opens it too.
func TestLandsOfRuinOverTheNetwork(t *testing.T) {
	n := newLanNet(t)
	host := n.newTablet(t, "host", console.NewMemStore(), apptest.LandscapeSize)
	sess, err := console.Create(landsofruin.New(), console.Setup{System: landsofruin.ID, Title: "Crossroads", Seed: 7,
		Seats: []console.Seat{"alice", "bob"}, Options: map[string]string{"scenario": "two-player-tutorial", "map": "crossroads"}},
		console.Options{Store: host.st})
	if err != nil {
		t.Fatal(err)
	}
	host.u.ShowGame(console.NewLocal(sess))
	var run func()
	for _, a := range host.u.Game().Env().Actions() {
		if a.Label == "Host on the network" {
			run = a.Run
		}
	}
	if run == nil {
		t.Fatalf("the Lands of Ruin menu offers no Host on the network: %+v", host.u.Game().Env().Actions())
	}
	run()
	apptest.TapButton(t, host.w, "alice")
	n.q.pump(t, "the host panel", func() bool { return host.shows("this tablet") })
	pin := string(host.svc.Hosted().PIN())
	apptest.TapButton(t, host.w, "Back")
	if s := apptest.GameScreen[*lorscreen.Screen](t, host.u); s.Holder() != "alice" {
		t.Fatalf("host shows %q", s.Holder())
	}
	if _, handing := apptest.GameScreen[*lorscreen.Screen](t, host.u).HandingOver(); handing {
		t.Fatal("the hosting tablet still hands over")
	}

	guest := n.newTablet(t, "guest", console.NewMemStore(), apptest.LandscapeSize)
	joinAs(t, n, guest, pin, "bob \u2014 open")
	s := apptest.GameScreen[*lorscreen.Screen](t, guest.u)
	if s.Holder() != "bob" {
		t.Fatalf("guest shows %q", s.Holder())
	}
	if _, handing := s.HandingOver(); handing {
		t.Fatal("a joined tablet hands over")
	}

	watcher := n.newTablet(t, "watcher", console.NewMemStore(), apptest.LandscapeSize)
	joinAs(t, n, watcher, pin, "Watch (spectator)")
	if g := watcher.u.Game(); g == nil || g.Env().Seat() != console.Public {
		t.Fatal("the spectator's game is not open")
	}
	if len(watcher.w.Canvas().Overlays().List()) != 0 {
		t.Fatalf("the spectator's screen shows a dialog:\n%s", watcher.texts())
	}
	if dir := os.Getenv("CC_CAPTURE_DIR"); dir != "" {
		for name, tb := range map[string]*tablet{"lan-lor-joined": guest, "lan-lor-spectator": watcher} {
			fyne.SetCurrentApp(tb.u.App())
			f, err := os.Create(filepath.Join(dir, name+".png"))
			if err != nil {
				t.Fatal(err)
			}
			tb.u.Game().Locked(func() { err = png.Encode(f, tb.w.Canvas().Capture()) })
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}
