package lan_test

import (
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/lan"
	"github.com/commandconsole/commandconsole/console"
)

// idleFor is how long the LAN screens are left alone: longer than the
// host's address watch (2 s) and many of the test client's heartbeats
// (200 ms), so a redraw on either would be counted.
const idleFor = 2500 * time.Millisecond

// TestLANScreensRest: the host panel, the host's and the guest's game
// screens while linked, and the nearby list with a game on it settle and
// then draw nothing while left alone (apptest.CheckIdle), with the
// goroutines' redraws (fyne.Do through the test queue) done and counted
// meanwhile: heartbeats, the address watch and the nearby list's
// refreshes must not redraw a screen that has nothing new to show.
func TestLANScreensRest(t *testing.T) {
	n := newLanNet(t)
	idle := func() {
		end := time.Now().Add(idleFor)
		n.q.pump(t, "the idle time", func() bool { return time.Now().After(end) })
	}
	host := n.newTablet(t, "host", console.NewMemStore(), apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Friday pad", nil, "alice", "bob")
	n.hostGame(t, host, sess, "alice")
	apptest.CheckIdleWhile(t, host.w, "the host panel", idle)
	apptest.CheckWords(t, host.w, "the host panel")

	guest := n.newTablet(t, "guest", nil, apptest.LandscapeSize)
	p := joinPage(t, guest)
	n.q.pump(t, "the nearby game", func() bool { return len(p.Tiles) == 1 })
	apptest.CheckIdleWhile(t, guest.w, "the nearby list", idle)
	apptest.CheckWords(t, guest.w, "the nearby list")

	guest.u.Home()
	joinAs(t, n, guest, string(host.svc.Hosted().PIN()), "bob \u2014 open")
	n.q.pump(t, "bob held", func() bool { return host.shows("bob") })
	apptest.CheckIdleWhile(t, guest.w, "the joined game screen", idle)
	apptest.CheckWords(t, guest.w, "the joined game screen")
	apptest.TapButton(t, host.w, "Back")
	if _, ok := host.u.Current().(*lan.HostPanel); ok {
		t.Fatal("Back left the host panel on screen")
	}
	apptest.CheckIdleWhile(t, host.w, "the hosted game screen", idle)
	apptest.CheckWords(t, host.w, "the hosted game screen")
}
