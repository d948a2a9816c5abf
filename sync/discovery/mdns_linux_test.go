//go:build linux

package discovery

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/sync/linktest"
	"github.com/grandcat/zeroconf"
)

// TestMDNSInNetns is the real-mDNS test: in a fresh network namespace (only
// loopback, so nothing leaves the machine) a game is advertised, a browser
// sees it, sees its seats change, and sees it vanish after Stop; a second
// game shows beside it, and announcements with a foreign or bad TXT record
// under the same service type are never listed.
func TestMDNSInNetns(t *testing.T) {
	if !linktest.InNetns(netnsEnv) {
		linktest.RunInNetns(t, "TestMDNSInNetns", netnsEnv)
		return
	}
	lo := linktest.LoopbackOnly(t, netnsEnv)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	var mu sync.Mutex
	skipped := map[string]error{}
	m := &MDNS{
		Interfaces: []net.Interface{lo},
		Interval:   400 * time.Millisecond,
		Expiry:     1500 * time.Millisecond,
		Skipped: func(inst string, err error) {
			mu.Lock()
			skipped[inst] = err
			mu.Unlock()
		},
	}
	ch, err := m.Browse(ctx)
	if err != nil {
		t.Fatalf("Browse: %v", err)
	}
	w := &watcher{t: t, ch: ch}
	if first := w.next(2 * time.Second); len(first) != 0 {
		t.Fatalf("first list = %v, want empty", first)
	}

	// Foreign and bad announcements of the same service type.
	lo4 := []string{"127.0.0.1"}
	foreign, err := zeroconf.RegisterProxy("someone-else", ServiceType, "local.", 9, "other", lo4, []string{"hello=world"}, []net.Interface{lo})
	if err != nil {
		t.Fatalf("register foreign: %v", err)
	}
	defer foreign.Shutdown()
	badTXT := []string{"txtvers=1", "proto=1", "sys=landsofruin", "id=gbad", "seats=two", "open=1"}
	bad, err := zeroconf.RegisterProxy("bad-txt", ServiceType, "local.", 9, "bad", lo4, badTXT, []net.Interface{lo})
	if err != nil {
		t.Fatalf("register bad: %v", err)
	}
	defer bad.Shutdown()

	game := Game{Proto: 1, System: "landsofruin", Title: "Siege of Karak", Host: "Alice's tablet", Seats: 2, Open: 1, ID: "g0123456789ab",
		Fingerprint: Fingerprint{1, 2, 3, 4, 5}}
	start := time.Now()
	adv, err := m.Advertise(game, 47100)
	if err != nil {
		t.Fatalf("Advertise: %v", err)
	}
	e := w.waitFor("the game to appear", 5*time.Second, func(l []Entry) (Entry, bool) { return find(l, game.ID) })
	t.Logf("appeared after %v: %+v", time.Since(start).Round(time.Millisecond), e)
	if e.Game != game || e.Port != 47100 || !slices.Contains(e.Addrs, netip.MustParseAddr("127.0.0.1")) {
		t.Fatalf("entry = %+v, want game %+v on 127.0.0.1:47100", e, game)
	}
	if got := e.Targets(); len(got) == 0 || got[0] != netip.MustParseAddrPort("127.0.0.1:47100") {
		t.Errorf("Targets() = %v, want 127.0.0.1:47100 first", got)
	}

	// A second host, with the zero-value configuration (every multicast
	// interface: here lo alone, and its addresses).
	other := Game{Proto: 1, System: "scorepad", Title: "Another game", Host: "Bob", Seats: 4, Open: 3, ID: "g00000000000b"}
	adv2, err := (&MDNS{}).Advertise(other, 47101)
	if err != nil {
		t.Fatalf("Advertise (zero MDNS): %v", err)
	}
	defer adv2.Stop()
	w.waitFor("both games", 5*time.Second, func(l []Entry) (Entry, bool) {
		_, ok1 := find(l, game.ID)
		e2, ok2 := find(l, other.ID)
		return e2, ok1 && ok2 && e2.Game == other && e2.Port == 47101
	})

	// The seats change.
	full := game
	full.Open = 0
	start = time.Now()
	if err := adv.Update(full); err != nil {
		t.Fatalf("Update: %v", err)
	}
	w.waitFor("the seat change", 5*time.Second, func(l []Entry) (Entry, bool) {
		e, ok := find(l, game.ID)
		return e, ok && e.Game.Open == 0
	})
	t.Logf("seat change seen after %v", time.Since(start).Round(time.Millisecond))

	// Stop: the game vanishes, the other stays.
	start = time.Now()
	if err := adv.Stop(); err != nil {
		t.Fatalf("Stop: %v", err)
	}
	if err := adv.Update(game); !errors.Is(err, ErrStopped) {
		t.Errorf("Update after Stop = %v, want ErrStopped", err)
	}
	kept := w.waitFor("the game to vanish", 6*time.Second, func(l []Entry) (Entry, bool) {
		_, ok := find(l, game.ID)
		e2, _ := find(l, other.ID)
		return e2, !ok
	})
	t.Logf("vanished after %v", time.Since(start).Round(time.Millisecond))
	if kept.Game != other {
		t.Errorf("the other game vanished too (left: %+v)", kept)
	}

	for _, list := range w.seen {
		for _, e := range list {
			if e.Game.ID != game.ID && e.Game.ID != other.ID {
				t.Errorf("listed a foreign or bad announcement: %+v", e)
			}
		}
	}
	// The lock is let go before the browser is stopped: its goroutine
	// may be waiting for it in Skipped (holding it while draining the
	// channel below deadlocked the test).
	mu.Lock()
	foreignErr, badErr := skipped["someone-else"], skipped["bad-txt"]
	mu.Unlock()
	if !errors.Is(foreignErr, ErrForeignTXT) {
		t.Errorf("foreign announcement skipped with %v, want ErrForeignTXT", foreignErr)
	}
	if !errors.Is(badErr, ErrBadTXT) {
		t.Errorf("bad announcement skipped with %v, want ErrBadTXT", badErr)
	}

	cancel()
	for range ch {
	}
}

// countingLock is a MulticastLock that counts acquisitions still held.
type countingLock struct {
	mu    sync.Mutex
	held  int
	total int
	fail  error
}

func (l *countingLock) Acquire() (func(), error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.fail != nil {
		return nil, l.fail
	}
	l.held++
	l.total++
	return func() {
		l.mu.Lock()
		l.held--
		l.mu.Unlock()
	}, nil
}

func (l *countingLock) counts() (held, total int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.held, l.total
}

// TestMulticastLockInNetns: the platform's multicast lock is held while a
// game is advertised and while a browser runs, and given back after; a lock
// that cannot be taken fails Advertise and Browse with a clear error.
func TestMulticastLockInNetns(t *testing.T) {
	if !linktest.InNetns(netnsEnv) {
		linktest.RunInNetns(t, "TestMulticastLockInNetns", netnsEnv)
		return
	}
	lo := linktest.LoopbackOnly(t, netnsEnv)
	lock := &countingLock{}
	SetMulticastLock(lock)
	defer SetMulticastLock(nil)
	m := &MDNS{Interfaces: []net.Interface{lo}, Interval: 300 * time.Millisecond}
	ctx, cancel := context.WithCancel(context.Background())
	ch, err := m.Browse(ctx)
	if err != nil {
		t.Fatal(err)
	}
	adv, err := m.Advertise(Game{Proto: 1, System: "landsofruin", Title: "T", Seats: 2, Open: 2, ID: "g0123456789ab",
		Fingerprint: Fingerprint{1}}, 47100)
	if err != nil {
		t.Fatal(err)
	}
	if held, _ := lock.counts(); held != 2 {
		t.Errorf("held %d times while browsing and advertising, want 2", held)
	}
	adv.Stop()
	adv.Stop()
	cancel()
	for range ch {
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		held, total := lock.counts()
		if held == 0 && total == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("held %d, taken %d times after Stop and cancel; want 0 and 2", held, total)
		}
		time.Sleep(10 * time.Millisecond)
	}
	lock.fail = errors.New("no Wi-Fi")
	if _, err := m.Browse(context.Background()); err == nil || !strings.Contains(err.Error(), "multicast lock: no Wi-Fi") {
		t.Errorf("Browse with a failing lock: %v", err)
	}
	if _, err := m.Advertise(Game{Proto: 1, System: "landsofruin", Title: "T", Seats: 2, Open: 2, ID: "g0123456789ab",
		Fingerprint: Fingerprint{1}}, 47100); err == nil || !strings.Contains(err.Error(), "multicast lock") {
		t.Errorf("Advertise with a failing lock: %v", err)
	}
}
