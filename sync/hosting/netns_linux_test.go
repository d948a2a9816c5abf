//go:build linux

package hosting

import (
	"context"
	"net"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/sync/discovery"
	"github.com/commandconsole/commandconsole/sync/linktest"
)

// netnsEnv marks the copy of the test binary that runs inside a fresh
// network namespace (linktest.RunInNetns, as sync/discovery's real-mDNS
// tests do).
const netnsEnv = "CC_HOSTING_IN_NETNS"

// TestLateNetworkInNetns is issue 22 end to end with real interfaces and
// real mDNS: hosting starts while the only interface (loopback, in a fresh
// network namespace) is down, so there is no join code and nothing is
// announced, and a browser waits; when loopback comes up, OnAddrs is told,
// the join code appears (127.0.0.1 and the port), and the browser lists
// the game, with no re-host; when loopback goes down the join code goes.
func TestLateNetworkInNetns(t *testing.T) {
	if !linktest.InNetns(netnsEnv) {
		linktest.RunInNetns(t, "TestLateNetworkInNetns", netnsEnv)
		return
	}
	ifaces, err := net.Interfaces()
	if err != nil || len(ifaces) != 1 || ifaces[0].Name != "lo" {
		t.Fatalf("refusing to run: %s is set but this is not a fresh network namespace (interfaces %v, %v)", netnsEnv, ifaces, err)
	}
	if ifaces[0].Flags&net.FlagUp != 0 {
		t.Skip("loopback is already up in a fresh namespace here")
	}
	told := make(chan struct{}, 8)
	game := newGame(t)
	h, err := Start(Options{Game: game, Advertiser: &discovery.MDNS{}, App: "0.1.0", Device: "table",
		AddrInterval: 100 * time.Millisecond, OnAddrs: func() { told <- struct{}{} }})
	if err != nil {
		t.Fatalf("Start with no network: %v", err)
	}
	defer h.Close()
	if codes := h.JoinCodes(); len(codes) != 0 {
		t.Fatalf("join codes with no network: %v", codes)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	lists, err := (&discovery.MDNS{Interval: 300 * time.Millisecond, Expiry: 1500 * time.Millisecond}).Browse(ctx)
	if err != nil {
		t.Fatalf("Browse with no network: %v", err)
	}

	start := time.Now()
	linktest.SetLoopback(t, true)
	select {
	case <-told:
	case <-ctx.Done():
		t.Fatal("OnAddrs not told when loopback came up")
	}
	codes := h.JoinCodes()
	if len(codes) != 1 {
		t.Fatalf("join codes %v", codes)
	}
	jc, err := discovery.DecodeJoinCode(codes[0])
	if err != nil || jc.Addr.Addr().String() != "127.0.0.1" || jc.Addr.Port() != h.Port() || jc.Fingerprint != h.Fingerprint() {
		t.Fatalf("join code %s: %+v, %v", codes[0], jc, err)
	}
	t.Logf("join code %s after %v", codes[0], time.Since(start).Round(time.Millisecond))
	for found := false; !found; {
		select {
		case l := <-lists:
			for _, e := range l {
				found = found || (e.Game.ID == game.Info().ID && e.Game.Fingerprint == h.Fingerprint() && e.Port == h.Port())
			}
		case <-ctx.Done():
			t.Fatal("the browser never listed the game")
		}
	}
	t.Logf("listed after %v", time.Since(start).Round(time.Millisecond))

	linktest.SetLoopback(t, false)
	select {
	case <-told:
	case <-ctx.Done():
		t.Fatal("OnAddrs not told when loopback went down")
	}
	if codes := h.JoinCodes(); len(codes) != 0 {
		t.Errorf("join codes with loopback down: %v", codes)
	}
	if err := h.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	cancel()
	for range lists {
	}
}
