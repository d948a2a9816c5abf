//go:build linux

package discovery

import (
	"context"
	"errors"
	"net"
	"slices"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/sync/linktest"
)

// TestBrowseWaitsForNetworkInNetns is the real-mDNS test of a network that
// comes late: in a fresh network namespace whose only interface (loopback)
// is still down, a zero-value browser waits (saying there is no network)
// rather than failing; when loopback comes up it listens there and finds a
// game announced on it; when loopback goes down it waits again and lists
// nothing; when it is back (and the game announced again, as sync/hosting
// does) the game is found again.
func TestBrowseWaitsForNetworkInNetns(t *testing.T) {
	if !linktest.InNetns(netnsEnv) {
		linktest.RunInNetns(t, "TestBrowseWaitsForNetworkInNetns", netnsEnv)
		return
	}
	ifaces, err := net.Interfaces()
	if err != nil {
		t.Fatalf("list interfaces: %v", err)
	}
	if len(ifaces) != 1 || ifaces[0].Name != "lo" {
		t.Fatalf("refusing to run: %s is set but this is not a fresh network namespace (interfaces %v)", netnsEnv, ifaces)
	}
	if ifaces[0].Flags&net.FlagUp != 0 {
		t.Skip("loopback is already up in a fresh namespace here")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	m := &MDNS{Interval: 300 * time.Millisecond, Expiry: 1500 * time.Millisecond}
	states := newStateLog(t)
	ch, err := m.Browse(ctx, OnState(states.tell))
	if err != nil {
		t.Fatalf("Browse with loopback down: %v", err)
	}
	w := &watcher{t: t, ch: ch}
	checkWaiting(t, "loopback down", states.next("at start"), ErrNoNetwork, sayNoNetwork)
	if _, err := (&MDNS{}).Advertise(Game{Proto: 1, System: "scorepad", Title: "x", Seats: 1, ID: "g0000000000aa"}, 47100); !errors.Is(err, ErrNoNetwork) {
		t.Errorf("Advertise with no network: %v, want ErrNoNetwork", err)
	}

	linktest.LoopbackOnly(t, netnsEnv) // up and multicast
	start := time.Now()
	if st := states.next("loopback up"); !st.Listening || !slices.Equal(st.Interfaces, []string{"lo"}) {
		t.Fatalf("state %+v, want listening on lo", st)
	}
	t.Logf("listening %v after loopback came up", time.Since(start).Round(time.Millisecond))
	game := Game{Proto: 1, System: "landsofruin", Title: "Late", Host: "Alice", Seats: 2, Open: 1, ID: "g0123456789ab", Fingerprint: Fingerprint{9}}
	adv, err := (&MDNS{}).Advertise(game, 47100)
	if err != nil {
		t.Fatalf("Advertise: %v", err)
	}
	until(w, "the game", 5*time.Second, func(l []Entry) bool { _, ok := find(l, game.ID); return ok })

	linktest.SetLoopback(t, false)
	checkWaiting(t, "loopback down again", states.next("loopback down"), ErrNoNetwork, sayNoNetwork)
	until(w, "an empty list", 2*time.Second, func(l []Entry) bool { return len(l) == 0 })
	adv.Stop()

	linktest.SetLoopback(t, true)
	if st := states.next("loopback back"); !st.Listening {
		t.Fatalf("state %+v, want listening", st)
	}
	adv, err = (&MDNS{}).Advertise(game, 47100)
	if err != nil {
		t.Fatalf("Advertise again: %v", err)
	}
	defer adv.Stop()
	until(w, "the game again", 5*time.Second, func(l []Entry) bool { _, ok := find(l, game.ID); return ok })
	cancel()
	for range ch {
	}
}
