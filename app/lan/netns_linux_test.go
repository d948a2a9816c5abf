//go:build linux

package lan_test

import (
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/lan"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/sync/client"
	"github.com/commandconsole/commandconsole/sync/linktest"
)

// netnsEnv marks the copy of the test binary that runs inside a fresh
// network namespace (linktest.RunInNetns).
const netnsEnv = "CC_LAN_APP_IN_NETNS"

// TestRealNetworkInNamespace: two tablets with LAN play as the app
// installs it (lan.Options zero: real mDNS, TCP, the interfaces'
// addresses, the loopback seat holder) find each other by mDNS and play,
// inside a fresh network namespace holding only loopback, so no packet
// leaves the machine.
func TestRealNetworkInNamespace(t *testing.T) {
	if !linktest.InNetns(netnsEnv) {
		linktest.RunInNetns(t, "TestRealNetworkInNamespace", netnsEnv)
		return
	}
	linktest.LoopbackOnly(t, netnsEnv)
	q := &queue{}
	start := func(device string) *tablet {
		st := console.NewMemStore()
		u, w := apptest.NewUI(t, st, apptest.LandscapeSize, home.New)
		svc := lan.Install(u, lan.Options{Device: device, Do: q.do,
			Client: func(c *client.Config) { c.MinBackoff, c.MaxBackoff = 10*time.Millisecond, 50*time.Millisecond },
		})
		t.Cleanup(u.Stop)
		u.Home()
		return &tablet{u: u, w: w, svc: svc, st: st}
	}
	host := start("Host's tablet")
	sess := apptest.NewPad(t, host.st, "Namespace pad", nil, "alice", "bob")
	n := &lanNet{q: q}
	n.hostGame(t, host, sess, "alice")
	q.pump(t, "alice held by the host itself", func() bool { return host.shows("this tablet") })
	t.Logf("hosting on %v, codes %v", host.svc.Hosted().Addresses(), host.svc.Hosted().JoinCodes())
	guest := start("Guest's tablet")
	joinAs(t, n, guest, string(host.svc.Hosted().PIN()), "bob \u2014 open")
	apptest.TapButton(t, guest.w, "+5")
	if total(t, sess) != 5 {
		t.Fatal("the joined tablet's command did not reach the host")
	}
	// The guest looks at its nearby list: the hosted game is there. The
	// host then leaves the game, confirming the pause: hosting stops and
	// the game leaves the guest's nearby list.
	guest.u.Home()
	p := joinPage(t, guest)
	q.pump(t, "the hosted game in the nearby list", func() bool { return len(p.Tiles) == 1 })
	host.u.Home()
	apptest.WantText(t, host.w, "Leave and pause the game?")
	apptest.TapButton(t, host.w, "Leave")
	q.pump(t, "the game to leave the nearby list", func() bool { return len(p.Tiles) == 0 })
	if host.svc.Hosted() != nil {
		t.Fatal("the host still hosts after leaving the game")
	}
}
