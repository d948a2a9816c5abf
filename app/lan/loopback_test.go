package lan_test

import (
	"net"
	"net/netip"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/lan"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/sync/client"
	"github.com/commandconsole/commandconsole/sync/discovery"
)

// TestRealSockets: hosting and joining over real TCP on loopback, with the
// default dialer (only the port is forced, so as not to take the real
// one).
func TestRealSockets(t *testing.T) {
	lo := netip.AddrFrom4([4]byte{127, 0, 0, 1})
	mem := discovery.NewMemory(lo)
	q := &queue{}
	start := func(device string, st console.Store) *tablet {
		u, w := apptest.NewUI(t, st, apptest.LandscapeSize, home.New)
		svc := lan.Install(u, lan.Options{
			Advertiser: mem, Browser: mem,
			Listen: func(network, _ string) (net.Listener, error) { return net.Listen(network, "127.0.0.1:0") },
			Addrs:  []netip.Addr{lo}, Device: device, Do: q.do,
			Client: func(c *client.Config) { c.MinBackoff, c.MaxBackoff = 10*time.Millisecond, 50*time.Millisecond },
		})
		t.Cleanup(u.Stop)
		u.Home()
		return &tablet{u: u, w: w, svc: svc, st: st}
	}
	host := start("Host's tablet", console.NewMemStore())
	sess := apptest.NewPad(t, host.st, "Loopback pad", nil, "alice", "bob")
	n := &lanNet{mem: mem, q: q}
	n.hostGame(t, host, sess, "alice")
	q.pump(t, "alice kept by the host", func() bool { return host.shows("this tablet") })
	guest := start("Guest's tablet", console.NewMemStore())
	joinAs(t, n, guest, string(host.svc.Hosted().PIN()), "bob \u2014 open")
	apptest.TapButton(t, guest.w, "+1")
	if total(t, sess) != 1 {
		t.Fatal("the joined tablet's command did not reach the host")
	}
}
