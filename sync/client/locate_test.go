package client

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/sync/linktest"
	"github.com/commandconsole/commandconsole/sync/secure"
)

// A host whose address changed while its guests were away (issue 22,
// "network changes are followed"): the owner of a client tells it where
// the game is announced now (SetAddrs), and the client comes back there
// with its token and keeps the new address.

// recordLog keeps the Records a client's OnRecord is told of.
type recordLog struct {
	mu   sync.Mutex
	recs []Record
}

func (r *recordLog) add(rec Record) {
	r.mu.Lock()
	r.recs = append(r.recs, rec)
	r.mu.Unlock()
}

func (r *recordLog) all() []Record {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Record(nil), r.recs...)
}

// moveHost hosts f's game at addr instead (the tablet's new address), its
// old address gone from the network without a goodbye.
func moveHost(f *fixture, addr string) {
	f.t.Helper()
	f.nw.Down("host")
	f.stop()
	f.mu.Lock()
	f.addr = addr
	f.mu.Unlock()
	f.start()
}

// TestHostMovesWhileAway: the host's tablet comes back at another address
// while the guest is away. Without a hint the guest keeps trying the old
// address; with the new address given (SetAddrs) it is back by itself with
// its token, and its Record (told to OnRecord) has the new address, where
// it reconnects from then on.
func TestHostMovesWhileAway(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t)
	cfg := f.config("seatA", "ana")
	var recs recordLog
	cfg.OnRecord = recs.add
	ana, err := Join(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ana.Close()
	token := ana.Record().Token
	log := watch(ana)

	// Given while the link is up, addresses are not kept for later.
	ana.SetAddrs([]string{"nowhere:1"})
	ana.mu.Lock()
	if ana.located != nil {
		t.Errorf("located addresses %v kept while the link is up", ana.located)
	}
	ana.mu.Unlock()
	moveHost(f, "host2:1")
	l := log.until(t, LinkReconnecting, WhyUnreachable, 4, func(l Link) bool { return l.State == LinkClosed })
	if got := ana.Record().Addr; got != "host:1" {
		t.Errorf("record address %q while away, want host:1", got)
	}
	var un *UnreachableError
	if !errors.As(l.Err, &un) || un.Addr != "host:1" {
		t.Errorf("attempt %d: %v, want host:1 unreachable", l.Attempt, l.Err)
	}

	ana.SetAddrs([]string{"host2:1", "host:1"})
	log.until(t, LinkUp, WhyNone, 0, func(l Link) bool { return l.State == LinkClosed })
	rec := ana.Record()
	if rec.Addr != "host2:1" || rec.Token != token || rec.Seat != "ana" || rec.Fingerprint != f.id.Fingerprint() {
		t.Errorf("record %+v, want host2:1 with the same token, seat and key", rec)
	}
	all := recs.all()
	if len(all) != 2 || all[1].Addr != "host2:1" || all[1].Token != token {
		t.Errorf("OnRecord told %+v, want the first join's and one with host2:1", all)
	}
	ana.mu.Lock()
	located := ana.located
	ana.mu.Unlock()
	if located != nil {
		t.Errorf("located addresses %v kept after the link came up", located)
	}
	if _, err := ana.Do("ana", console.Command{Name: landsofruin.CmdChooseSide, Args: map[string]any{"side": "south"}}); err != nil {
		t.Fatalf("a command at the new address: %v", err)
	}
	f.converge(ana)

	// The new address is the one kept: a drop there is followed without
	// any hint.
	f.nw.Down("host2")
	log.until(t, LinkReconnecting, WhyUnreachable, 2, nil)
	f.nw.Up("host2")
	log.until(t, LinkUp, WhyNone, 0, func(l Link) bool { return l.State == LinkClosed })
	if len(recs.all()) != 2 {
		t.Errorf("OnRecord told %d times, want 2", len(recs.all()))
	}
	f.converge(ana)
}

// TestLocatedAddressIsAHint: a located address whose device has another
// key is not joined, whatever game it names (this one: a device posing as
// the host; another game), and is sent nothing after the TLS check; it
// neither ends the link nor changes why it is down: the kept address's
// rules stand. The host, given among the addresses, is joined.
func TestLocatedAddressIsAHint(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t)
	ana := f.join("seatA", "ana")
	log := watch(ana)
	fakeID, err := secure.NewIdentity("Fight")
	if err != nil {
		t.Fatal(err)
	}
	same := serveFakeAt(t, f, "fake:1", fakeID, f.game.Info().ID, "Fight")
	other := serveFakeAt(t, f, "other:1", fakeID, "g-other", "Pad B")
	f.nw.Down("host")
	log.until(t, LinkReconnecting, WhyUnreachable, 1, nil)

	ana.SetAddrs([]string{"fake:1", "other:1"})
	notDown := func(l Link) bool { return l.State != LinkReconnecting || l.Why != WhyUnreachable }
	l := log.until(t, LinkReconnecting, WhyUnreachable, 1, notDown)
	deadline := time.Now().Add(wait)
	for same.accepted() < 3 || other.accepted() < 3 {
		if time.Now().After(deadline) {
			t.Fatalf("the located addresses were tried %d and %d times", same.accepted(), other.accepted())
		}
		time.Sleep(2 * time.Millisecond)
	}
	log.until(t, LinkReconnecting, WhyUnreachable, l.Attempt+2, notDown)
	if k := append(same.kinds(), other.kinds()...); len(k) != 0 {
		t.Errorf("the client sent %v to devices without the host's key", k)
	}
	if got := ana.Record().Addr; got != "host:1" {
		t.Errorf("record address %q, want host:1", got)
	}

	moveHost(f, "host2:1")
	ana.SetAddrs([]string{"fake:1", "host2:1", "other:1"})
	log.until(t, LinkUp, WhyNone, 0, func(l Link) bool { return l.State == LinkClosed })
	if got := ana.Record().Addr; got != "host2:1" {
		t.Errorf("record address %q, want host2:1", got)
	}
	f.converge(ana)
}

// TestSetAddrsAfterClose does nothing.
func TestSetAddrsAfterClose(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t)
	ana := f.join("seatA", "ana")
	ana.Close()
	ana.SetAddrs([]string{"host2:1"})
	if l := ana.Link(); l.State != LinkClosed || l.Why != WhyLeft {
		t.Errorf("link %+v", l)
	}
}

// TestLocatedAddressThatStalls: a located address that accepts and never
// answers costs each attempt at most Config.Timeout; the kept address is
// still tried, and the host back there is rejoined.
func TestLocatedAddressThatStalls(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t)
	ana := f.join("seatA", "ana")
	log := watch(ana)
	ln, err := f.nw.Listen("stall:1")
	if err != nil {
		t.Fatal(err)
	}
	accepted := make(chan struct{}, 100)
	done := make(chan struct{})
	go func() {
		defer close(done)
		var held []interface{ Close() error }
		defer func() {
			for _, c := range held {
				c.Close()
			}
		}()
		for {
			nc, err := ln.Accept()
			if err != nil {
				return
			}
			held = append(held, nc) // never answered
			accepted <- struct{}{}
		}
	}()
	t.Cleanup(func() { ln.Close(); <-done })

	f.nw.Down("host")
	log.until(t, LinkReconnecting, WhyUnreachable, 1, nil)
	ana.SetAddrs([]string{"stall:1"})
	select {
	case <-accepted:
	case <-time.After(wait):
		t.Fatal("the located address was not tried")
	}
	f.nw.Up("host")
	log.until(t, LinkUp, WhyNone, 0, func(l Link) bool { return l.State == LinkClosed })
	if got := ana.Record().Addr; got != "host:1" {
		t.Errorf("record address %q, want host:1", got)
	}
	f.converge(ana)
}
