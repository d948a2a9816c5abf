package hosting

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"sync"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/sync/client"
	"github.com/commandconsole/commandconsole/sync/discovery"
	"github.com/commandconsole/commandconsole/sync/host"
	"github.com/commandconsole/commandconsole/sync/linktest"
)

// fakeNet is a device's addresses as a test sets them: the Interfaces of
// Options.
type fakeNet struct {
	mu    sync.Mutex
	addrs []netip.Addr
	err   error
	calls int
}

func (n *fakeNet) set(addrs []netip.Addr, err error) {
	n.mu.Lock()
	n.addrs, n.err = addrs, err
	n.mu.Unlock()
}

func (n *fakeNet) list() ([]netip.Addr, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.calls++
	return n.addrs, n.err
}

func (n *fakeNet) count() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.calls
}

// recAdvertiser is an Advertiser that announces on a discovery.Memory and
// records what it was asked: each Advertise, and which adverts are live.
type recAdvertiser struct {
	mem *discovery.Memory

	mu    sync.Mutex
	fail  error // Advertise fails with it when set
	calls int
	live  int
	last  discovery.Game
}

func (a *recAdvertiser) Advertise(g discovery.Game, port uint16) (discovery.Advert, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.calls++
	if a.fail != nil {
		return nil, a.fail
	}
	adv, err := a.mem.Advertise(g, port)
	if err != nil {
		return nil, err
	}
	a.live++
	a.last = g
	return &recAdvert{Advert: adv, a: a}, nil
}

func (a *recAdvertiser) state() (calls, live int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.calls, a.live
}

type recAdvert struct {
	discovery.Advert
	a       *recAdvertiser
	stopped bool
}

func (r *recAdvert) Stop() error {
	r.a.mu.Lock()
	if !r.stopped {
		r.stopped = true
		r.a.live--
	}
	r.a.mu.Unlock()
	return r.Advert.Stop()
}

var noNetwork = fmt.Errorf("list: %w", discovery.ErrNoNetwork)

// TestAddressesFollowTheNetwork: hosting started before the network has an
// address shows no join code and announces nothing; as an address
// appears, changes and goes away, the join codes and addresses follow,
// OnAddrs is told, and the game is announced again (or withdrawn); a
// listing that fails for another reason changes nothing; after Close
// nothing is listed or told any more.
func TestAddressesFollowTheNetwork(t *testing.T) {
	linktest.NoLeaks(t)
	nw := linktest.NewNetwork()
	defer nw.Close()
	game := newGame(t)
	fn := &fakeNet{err: noNetwork}
	adv := &recAdvertiser{mem: discovery.NewMemory()}
	told := make(chan struct{}, 16)
	opts := lanOptions(nw, game, nil, adv)
	opts.Addrs = nil
	opts.Interfaces = fn.list
	opts.AddrInterval = 5 * time.Millisecond
	opts.OnAddrs = func() { told <- struct{}{} }
	h, err := Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if c, a := h.JoinCodes(), h.Addresses(); len(c) != 0 || len(a) != 0 {
		t.Fatalf("no network: join codes %v, addresses %v", c, a)
	}
	if calls, _ := adv.state(); calls != 0 {
		t.Errorf("announced %d times without a network", calls)
	}

	wait := func(what string) {
		t.Helper()
		select {
		case <-told:
		case <-time.After(5 * time.Second):
			t.Fatalf("OnAddrs not called after %s", what)
		}
	}
	steps := []struct {
		name      string
		addrs     []netip.Addr
		err       error
		wantAddrs []string
		wantCodes []string // the join codes' addresses
		wantLive  int
		wantCalls int // Advertise calls so far
	}{
		{name: "an address appears", addrs: []netip.Addr{netip.MustParseAddr("192.168.1.20")},
			wantAddrs: []string{"192.168.1.20"}, wantCodes: []string{"192.168.1.20"}, wantLive: 1, wantCalls: 1},
		{name: "it changes, an IPv6 one joins", addrs: []netip.Addr{netip.MustParseAddr("10.0.0.5"), netip.MustParseAddr("fd00::5")},
			wantAddrs: []string{"10.0.0.5", "[fd00::5]"}, wantCodes: []string{"10.0.0.5"}, wantLive: 1, wantCalls: 2},
		{name: "it goes away", err: noNetwork, wantLive: 0, wantCalls: 2},
		{name: "it comes back", addrs: []netip.Addr{netip.MustParseAddr("192.168.1.21")},
			wantAddrs: []string{"192.168.1.21"}, wantCodes: []string{"192.168.1.21"}, wantLive: 1, wantCalls: 3},
	}
	for _, st := range steps {
		fn.set(st.addrs, st.err)
		wait(st.name)
		var want []string
		for _, a := range st.wantAddrs {
			want = append(want, fmt.Sprintf("%s:%d", a, h.Port()))
		}
		if got := h.Addresses(); fmt.Sprint(got) != fmt.Sprint(want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("%s: addresses %v, want %v", st.name, got, want)
		}
		codes := h.JoinCodes()
		if len(codes) != len(st.wantCodes) {
			t.Fatalf("%s: join codes %v, want for %v", st.name, codes, st.wantCodes)
		}
		for i, c := range codes {
			jc, err := discovery.DecodeJoinCode(c)
			if err != nil || jc.Addr.Addr().String() != st.wantCodes[i] || jc.Addr.Port() != h.Port() || jc.Fingerprint != h.Fingerprint() {
				t.Errorf("%s: join code %s = %+v, %v; want %s:%d", st.name, c, jc, err, st.wantCodes[i], h.Port())
			}
		}
		if calls, live := adv.state(); calls != st.wantCalls || live != st.wantLive {
			t.Errorf("%s: Advertise called %d times, %d adverts live; want %d and %d", st.name, calls, live, st.wantCalls, st.wantLive)
		}
	}
	adv.mu.Lock()
	if adv.last.ID != game.Info().ID || adv.last.Fingerprint != h.Fingerprint() || adv.last.Open != 2 {
		t.Errorf("announced %+v", adv.last)
	}
	adv.mu.Unlock()

	// A listing that fails for another reason keeps the addresses.
	fn.set(nil, errors.New("netlink: interrupted"))
	for n := fn.count(); fn.count() < n+3; {
		time.Sleep(time.Millisecond)
	}
	select {
	case <-told:
		t.Error("OnAddrs called after a failed listing")
	default:
	}
	if got := h.Addresses(); len(got) != 1 {
		t.Errorf("a failed listing dropped the addresses: %v", got)
	}

	// Close stops the watcher: nothing is listed or told after it.
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	if _, live := adv.state(); live != 0 {
		t.Errorf("%d adverts live after Close", live)
	}
	n := fn.count()
	fn.set([]netip.Addr{netip.MustParseAddr("192.168.1.99")}, nil)
	time.Sleep(50 * time.Millisecond)
	if m := fn.count(); m > n+1 {
		t.Errorf("listed %d times after Close", m-n)
	}
	select {
	case <-told:
		t.Error("OnAddrs called after Close")
	default:
	}
}

// TestAdvertiseRetriedWhenTheNetworkComes: an announcement that failed at
// Start is made again when the addresses change.
func TestAdvertiseRetriedWhenTheNetworkComes(t *testing.T) {
	linktest.NoLeaks(t)
	nw := linktest.NewNetwork()
	defer nw.Close()
	fn := &fakeNet{addrs: []netip.Addr{netip.MustParseAddr("169.254.3.4")}}
	adv := &recAdvertiser{mem: discovery.NewMemory(), fail: errors.New("advertise: multicast refused")}
	told := make(chan struct{}, 4)
	opts := lanOptions(nw, newGame(t), nil, adv)
	opts.Addrs, opts.Interfaces, opts.AddrInterval = nil, fn.list, 5*time.Millisecond
	opts.OnAddrs = func() { told <- struct{}{} }
	h, err := Start(opts)
	if err != nil {
		t.Fatalf("Start with a failing advertiser: %v", err)
	}
	defer h.Close()
	if calls, live := adv.state(); calls != 1 || live != 0 {
		t.Fatalf("Advertise called %d times, %d live", calls, live)
	}
	adv.mu.Lock()
	adv.fail = nil
	adv.mu.Unlock()
	fn.set([]netip.Addr{netip.MustParseAddr("192.168.1.20")}, nil)
	select {
	case <-told:
	case <-time.After(5 * time.Second):
		t.Fatal("OnAddrs not called")
	}
	if calls, live := adv.state(); calls != 2 || live != 1 {
		t.Errorf("Advertise called %d times, %d live; want 2 and 1", calls, live)
	}
}

// TestCloseDoesNotWaitForOnAddrs: Close returns while OnAddrs is still
// busy (the app's OnAddrs waits for the UI goroutine, which may be the
// one closing), and the watcher ends once OnAddrs returns.
func TestCloseDoesNotWaitForOnAddrs(t *testing.T) {
	linktest.NoLeaks(t)
	nw := linktest.NewNetwork()
	defer nw.Close()
	fn := &fakeNet{err: noNetwork}
	in, release := make(chan struct{}), make(chan struct{})
	opts := lanOptions(nw, newGame(t), nil, nil)
	opts.Addrs, opts.Interfaces, opts.AddrInterval = nil, fn.list, 5*time.Millisecond
	opts.OnAddrs = func() {
		in <- struct{}{}
		<-release
	}
	h, err := Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	fn.set([]netip.Addr{netip.MustParseAddr("192.168.1.20")}, nil)
	<-in
	closed := make(chan error, 1)
	go func() { closed <- h.Close() }()
	select {
	case err := <-closed:
		if err != nil {
			t.Errorf("Close: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close waited for OnAddrs")
	}
	close(release)
}

// TestExplicitAddrsAreNotWatched: with Options.Addrs set nothing is listed.
func TestExplicitAddrsAreNotWatched(t *testing.T) {
	linktest.NoLeaks(t)
	nw := linktest.NewNetwork()
	defer nw.Close()
	fn := &fakeNet{}
	opts := lanOptions(nw, newGame(t), nil, nil)
	opts.Interfaces, opts.AddrInterval = fn.list, time.Millisecond
	h, err := Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(20 * time.Millisecond)
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	if n := fn.count(); n != 0 {
		t.Errorf("listed the interfaces %d times with Addrs given", n)
	}
}

// TestTablePassedThrough: OnTable is told when a device joins, a wrong PIN
// is counted, and Table says the same.
func TestTablePassedThrough(t *testing.T) {
	linktest.NoLeaks(t)
	nw := linktest.NewNetwork()
	defer nw.Close()
	var mu sync.Mutex
	var last host.Table
	calls := 0
	opts := lanOptions(nw, newGame(t), nil, nil)
	opts.OnTable = func(tb host.Table) {
		mu.Lock()
		last, calls = tb, calls+1
		mu.Unlock()
	}
	h, err := Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cfg := client.Config{Addr: fmt.Sprintf("host:%d", h.Port()), Fingerprint: h.Fingerprint(), Seat: "ben",
		PIN: "0000", App: "0.1.0", Dial: nw.Node("tab").DialContext}
	if h.PIN() == "0000" {
		cfg.PIN = "1111"
	}
	if _, err := client.Join(ctx, cfg); err == nil {
		t.Fatal("joined with a wrong PIN")
	}
	cfg.PIN = string(h.PIN())
	c, err := client.Join(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for {
		mu.Lock()
		tb, n := last, calls
		mu.Unlock()
		if n > 0 && tb.WrongPINs == 1 && len(tb.Seats) == 2 && tb.Seats[1].Connected {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatalf("OnTable told %d times, last %+v", n, tb)
		case <-time.After(5 * time.Millisecond):
		}
	}
	if tb := h.Table(); tb.WrongPINs != 1 || !tb.Seats[1].Connected || tb.Seats[0].Connected {
		t.Errorf("Table %+v", tb)
	}
}
