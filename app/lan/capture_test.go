package lan_test

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
)

// TestScreensLayout walks through hosting and joining at a landscape
// tablet's size (with the default and the largest text) and a phone's,
// checking each new screen's layout
// (apptest.CheckLayout: nothing cut off, touch targets large enough); with
// CC_CAPTURE_DIR set it also writes each screen as lan-WHAT.png (and
// lan-WHAT-phone.png) there, for docs/screenshots:
//
//	CC_CAPTURE_DIR=$PWD/docs/screenshots go test -run TestScreensLayout ./app/lan/
func TestScreensLayout(t *testing.T) {
	dir := os.Getenv("CC_CAPTURE_DIR")
	for _, c := range []struct {
		suffix  string
		size    fyne.Size
		largest bool
	}{{"", apptest.LandscapeSize, false}, {"-phone", fyne.NewSize(412, 915), false}, {"-largest-text", apptest.LandscapeSize, true}} {
		t.Run("size"+c.suffix, func(t *testing.T) {
			n := newLanNet(t)
			host := n.newTablet(t, "host", console.NewMemStore(), c.size)
			guest := n.newTablet(t, "guest", nil, c.size)
			if c.largest {
				apptest.LargestText(host.u)
				apptest.LargestText(guest.u)
				guest.u.Home()
			}
			shot := func(tb *tablet, what string) {
				t.Helper()
				// The layout check measures through the current app's
				// driver: the tablet's own.
				fyne.SetCurrentApp(tb.u.App())
				apptest.CheckLayout(t, tb.w, c.size, what+c.suffix)
				apptest.CheckWords(t, tb.w, what+c.suffix)
				if dir == "" || c.largest {
					return
				}
				f, err := os.Create(filepath.Join(dir, "lan-"+what+c.suffix+".png"))
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				if err := png.Encode(f, tb.w.Canvas().Capture()); err != nil {
					t.Fatal(err)
				}
			}
			sess := apptest.NewPad(t, host.st, "Friday night pad", nil, "alice", "bob", "carol")
			host.u.ShowGame(console.NewLocal(sess))
			shot(host, "game-host-action")
			apptest.TapButton(t, host.w, "Host on the network")
			shot(host, "host-pick-seat")
			apptest.TapButton(t, host.w, "alice")
			n.q.pump(t, "the host panel", func() bool { return host.shows("this tablet") })
			pin := string(host.svc.Hosted().PIN())

			p := joinPage(t, guest)
			n.q.pump(t, "the nearby game", func() bool { return len(p.Tiles) == 1 })
			shot(guest, "join-nearby")
			p.Tiles[0].Tapped(nil)
			typePIN(p, pin[:2])
			shot(guest, "join-pin")
			typePIN(p, pin[2:])
			n.q.pump(t, "the seat picker", func() bool { return len(apptest.Buttons(guest.w, "Watch (spectator)")) > 0 })
			shot(guest, "join-seats")
			apptest.TapButton(t, guest.w, "bob \u2014 open")
			n.q.pump(t, "the joined game", func() bool { return guest.u.Game() != nil })
			n.q.pump(t, "bob on the host panel", func() bool { return host.shows("Guest's tablet, connected") })
			shot(host, "host-panel")
			apptest.TapButton(t, host.w, "Back")
			host.u.Game().Locked(func() { shot(host, "game-hosting") })

			n.nw.Down("guest")
			n.q.pump(t, "the reconnecting banner", func() bool { return guest.shows("Reconnecting to the host") })
			guest.u.Game().Locked(func() { shot(guest, "joined-reconnecting") })
			n.q.pump(t, "bob away on the host's game", func() bool { return host.shows("is away") })
			host.u.Game().Locked(func() { shot(host, "game-hosting-away") })
			n.nw.Up("guest")
			n.q.pump(t, "the banner to go", func() bool { return !guest.shows("Reconnecting") })

			// The host leaves: asked first; the guest sees the pause; the
			// host's Continue tile resumes hosting.
			host.u.Home()
			shot(host, "host-leave-ask")
			apptest.TapButton(t, host.w, "Leave")
			n.q.pump(t, "the paused banner", func() bool { return guest.shows("has paused the game") })
			guest.u.Game().Locked(func() { shot(guest, "joined-paused") })
			shot(host, "home-hosted-here")
			apptest.TapButton(t, host.w, "Resume hosting")
			n.q.pump(t, "the guest back", func() bool { return host.shows("Guest's tablet, connected") && !guest.shows("paused") })

			guest.u.Home()
			shot(guest, "home-continue")

			p = joinPage(t, guest)
			p.Typed.SetText("10.0.0.1:47100")
			apptest.TapButton(t, guest.w, "Connect")
			n.q.pump(t, "the fingerprint", func() bool { return guest.shows("Compare it with") })
			shot(guest, "join-fingerprint")
			apptest.TapButton(t, guest.w, "It is the same: go on")
			wrong := "0000"
			if pin == wrong {
				wrong = "1111"
			}
			typePIN(p, wrong)
			n.q.pump(t, "the wrong PIN", func() bool { return guest.shows("Wrong PIN") })
			shot(guest, "join-wrong-pin")
		})
	}
}
