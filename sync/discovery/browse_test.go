package discovery

import (
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/grandcat/zeroconf"

	"github.com/commandconsole/commandconsole/sync/linktest"
)

// fakeLAN stands in for the network under an MDNS browser (its seams):
// the interfaces listed, and the games each interface's resolver hears.
type fakeLAN struct {
	mu      sync.Mutex
	ifaces  []net.Interface
	listErr error
	openErr error
	games   map[string][]*zeroconf.ServiceEntry // by interface name
	opened  [][]string                          // the interfaces of each resolver opened
}

func (n *fakeLAN) set(f func(n *fakeLAN)) {
	n.mu.Lock()
	f(n)
	n.mu.Unlock()
}

func (n *fakeLAN) list() ([]net.Interface, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return slices.Clone(n.ifaces), n.listErr
}

func (n *fakeLAN) open(ifaces []net.Interface) (resolver, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.openErr != nil {
		return nil, n.openErr
	}
	var names []string
	var heard []*zeroconf.ServiceEntry
	for _, ifi := range ifaces {
		names = append(names, ifi.Name)
		heard = append(heard, n.games[ifi.Name]...)
	}
	n.opened = append(n.opened, names)
	return &fakeResolver{heard: heard}, nil
}

// fakeResolver answers a browse with the games it heard, then closes the
// channel when ctx ends, as zeroconf's does.
type fakeResolver struct{ heard []*zeroconf.ServiceEntry }

func (r *fakeResolver) Browse(ctx context.Context, service, domain string, ch chan<- *zeroconf.ServiceEntry) error {
	go func() {
		defer close(ch)
		for _, e := range r.heard {
			select {
			case ch <- e:
			case <-ctx.Done():
				return
			}
		}
		<-ctx.Done()
	}()
	return nil
}

func serviceEntry(t *testing.T, g Game, ip string, port int) *zeroconf.ServiceEntry {
	t.Helper()
	txt, err := EncodeTXT(g)
	if err != nil {
		t.Fatal(err)
	}
	e := zeroconf.NewServiceEntry("cc-"+g.ID, ServiceType, "local.")
	e.Port, e.Text, e.AddrIPv4 = port, txt, []net.IP{net.ParseIP(ip)}
	return e
}

// until is watcher.waitFor that first looks at the last list seen (a list
// is sent only when it changes).
func until(w *watcher, what string, timeout time.Duration, ok func([]Entry) bool) {
	w.t.Helper()
	if n := len(w.seen); n > 0 && ok(w.seen[n-1]) {
		return
	}
	w.waitFor(what, timeout, func(l []Entry) (Entry, bool) { return Entry{}, ok(l) })
}

// stateLog collects the states told to OnState.
type stateLog struct {
	t  *testing.T
	ch chan BrowseState
}

func newStateLog(t *testing.T) *stateLog { return &stateLog{t: t, ch: make(chan BrowseState, 64)} }

func (s *stateLog) tell(st BrowseState) { s.ch <- st }

func (s *stateLog) next(what string) BrowseState {
	s.t.Helper()
	select {
	case st := <-s.ch:
		return st
	case <-time.After(5 * time.Second):
		s.t.Fatalf("no browse state: %s", what)
		return BrowseState{}
	}
}

// checkWaiting checks st is waiting for want (errors.Is), with say for a
// player.
func checkWaiting(t *testing.T, what string, st BrowseState, want error, say string) {
	t.Helper()
	var p interface{ ForPlayer() string }
	switch {
	case st.Listening || st.Err == nil:
		t.Errorf("%s: state %+v, want waiting", what, st)
	case want != nil && !errors.Is(st.Err, want):
		t.Errorf("%s: state's error %v, want %v", what, st.Err, want)
	case !errors.As(st.Err, &p) || p.ForPlayer() != say:
		t.Errorf("%s: state's error %v says %q to a player, want %q", what, st.Err, sayOf(st.Err), say)
	}
}

func sayOf(err error) string {
	var p interface{ ForPlayer() string }
	if errors.As(err, &p) {
		return p.ForPlayer()
	}
	return ""
}

// TestBrowseFollowsTheNetwork: a browser started with no network waits
// (and says so), listens when an interface with an address appears and
// lists the games heard there, keeps them listed when the network changes
// to another interface where they are still announced, waits again when a
// resolver cannot be opened or the network goes (the list emptied at
// once), and ends with ctx.
func TestBrowseFollowsTheNetwork(t *testing.T) {
	linktest.NoLeaks(t)
	game := Game{Proto: 1, System: "landsofruin", Title: "Siege", Host: "Alice", Seats: 2, Open: 1, ID: "g0123456789ab"}
	lan := &fakeLAN{listErr: fmt.Errorf("%w (none is up)", ErrNoNetwork), games: map[string][]*zeroconf.ServiceEntry{
		"wlan0": {serviceEntry(t, game, "192.168.1.20", 47100)},
		"wlan1": {serviceEntry(t, game, "192.168.1.20", 47100)},
	}}
	m := &MDNS{Interval: 10 * time.Millisecond, Expiry: time.Second, listIfaces: lan.list, newResolver: lan.open}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	states := newStateLog(t)
	ch, err := m.Browse(ctx, OnState(states.tell))
	if err != nil {
		t.Fatalf("Browse with no network: %v", err)
	}
	w := &watcher{t: t, ch: ch}
	if l := w.next(time.Second); len(l) != 0 {
		t.Fatalf("first list %v", l)
	}
	select {
	case st := <-states.ch:
		checkWaiting(t, "no network", st, ErrNoNetwork, sayNoNetwork)
	default:
		t.Fatal("Browse returned before telling its state")
	}

	steps := []struct {
		name     string
		change   func(n *fakeLAN)
		listens  []string // nil: waiting
		want     error
		say      string
		listed   bool // the game is listed after the change
		emptyNow bool // the next list is empty
	}{
		{name: "Wi-Fi gets an address", change: func(n *fakeLAN) {
			n.ifaces, n.listErr = []net.Interface{{Index: 3, Name: "wlan0"}}, nil
		}, listens: []string{"wlan0"}, listed: true},
		{name: "another network", change: func(n *fakeLAN) {
			n.ifaces = []net.Interface{{Index: 4, Name: "wlan1"}}
		}, listens: []string{"wlan1"}, listed: true},
		{name: "multicast refused", change: func(n *fakeLAN) {
			n.openErr = errors.New("join 224.0.0.251: no such device")
		}, say: sayNoListen},
		{name: "listening again", change: func(n *fakeLAN) { n.openErr = nil }, listens: []string{"wlan1"}, listed: true},
		{name: "Wi-Fi off", change: func(n *fakeLAN) {
			n.ifaces, n.listErr = nil, fmt.Errorf("%w (none is up)", ErrNoNetwork)
		}, want: ErrNoNetwork, say: sayNoNetwork, emptyNow: true},
		{name: "a listing refused for a while", change: func(n *fakeLAN) {
			n.listErr = errors.New("netlink: permission denied")
		}, say: sayNoIfaces},
		{name: "back", change: func(n *fakeLAN) {
			n.ifaces, n.listErr = []net.Interface{{Index: 3, Name: "wlan0"}, {Index: 5, Name: "eth0"}}, nil
		}, listens: []string{"wlan0", "eth0"}, listed: true},
	}
	for _, st := range steps {
		lan.set(st.change)
		got := states.next(st.name)
		if st.listens != nil {
			if !got.Listening || got.Err != nil || !slices.Equal(got.Interfaces, st.listens) {
				t.Errorf("%s: state %+v, want listening on %v", st.name, got, st.listens)
			}
		} else {
			checkWaiting(t, st.name, got, st.want, st.say)
		}
		if st.emptyNow {
			until(w, st.name+": an empty list", time.Second, func(l []Entry) bool { return len(l) == 0 })
		}
		if st.listed {
			until(w, st.name+": the game listed", 5*time.Second, func(l []Entry) bool { _, ok := find(l, game.ID); return ok })
		}
	}
	lan.mu.Lock()
	sawBoth := slices.ContainsFunc(lan.opened, func(s []string) bool { return slices.Equal(s, []string{"wlan1"}) }) &&
		slices.ContainsFunc(lan.opened, func(s []string) bool { return slices.Equal(s, []string{"wlan0", "eth0"}) })
	lan.mu.Unlock()
	if !sawBoth {
		t.Errorf("resolvers opened on %v", lan.opened)
	}

	cancel()
	for range ch {
	}
	select {
	case st := <-states.ch:
		// A state worked out just as ctx ended may still come.
		t.Logf("last state: %+v", st)
	default:
	}
}

// TestBrowseNetworkChangeKeepsGames: between two lists, a change of
// network that still hears a game never drops it (the list is consistent
// across the resolver's restart).
func TestBrowseNetworkChangeKeepsGames(t *testing.T) {
	linktest.NoLeaks(t)
	game := Game{Proto: 1, System: "landsofruin", Title: "Siege", Host: "Alice", Seats: 2, Open: 1, ID: "g0123456789ab"}
	other := Game{Proto: 1, System: "scorepad", Title: "Zed", Host: "Bob", Seats: 2, Open: 2, ID: "g00000000000b"}
	lan := &fakeLAN{ifaces: []net.Interface{{Index: 3, Name: "wlan0"}}, games: map[string][]*zeroconf.ServiceEntry{
		"wlan0": {serviceEntry(t, game, "192.168.1.20", 47100)},
		"wlan1": {serviceEntry(t, game, "10.0.0.7", 47100), serviceEntry(t, other, "10.0.0.8", 47101)},
	}}
	m := &MDNS{Interval: 10 * time.Millisecond, Expiry: time.Second, listIfaces: lan.list, newResolver: lan.open}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch, err := m.Browse(ctx)
	if err != nil {
		t.Fatal(err)
	}
	w := &watcher{t: t, ch: ch}
	w.waitFor("the game", 5*time.Second, func(l []Entry) (Entry, bool) { return find(l, game.ID) })
	mark := len(w.seen)
	lan.set(func(n *fakeLAN) { n.ifaces = []net.Interface{{Index: 4, Name: "wlan1"}} })
	e := w.waitFor("the game at its new address beside the other", 5*time.Second, func(l []Entry) (Entry, bool) {
		e, ok := find(l, game.ID)
		_, ok2 := find(l, other.ID)
		return e, ok && ok2 && e.Addrs[0].String() == "10.0.0.7"
	})
	if e.Port != 47100 {
		t.Errorf("entry %+v", e)
	}
	for _, l := range w.seen[mark:] {
		if _, ok := find(l, game.ID); !ok {
			t.Errorf("the game vanished during the change of network: %+v", l)
		}
	}
	cancel()
	for range ch {
	}
}

// failLock is a MulticastLock that cannot be taken.
type failLock struct{}

func (failLock) Acquire() (func(), error) { return nil, errors.New("no Wi-Fi manager") }

// TestBrowseFailsOnlyForLastingErrors: Browse fails at once, with a
// sentence for a player, only when waiting cannot help.
func TestBrowseFailsOnlyForLastingErrors(t *testing.T) {
	tests := []struct {
		name    string
		listErr error
		lock    MulticastLock
		fails   bool
		say     string
	}{
		{name: "no network: waits", listErr: fmt.Errorf("%w (none is up)", ErrNoNetwork), say: sayNoNetwork},
		{name: "interfaces not listable", listErr: errors.New("route ip+net: netlinkrib: permission denied"), fails: true, say: sayNoIfaces},
		{name: "multicast lock refused", lock: failLock{}, fails: true, say: sayNoLock},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			SetMulticastLock(tc.lock)
			defer SetMulticastLock(nil)
			lan := &fakeLAN{ifaces: []net.Interface{{Index: 3, Name: "wlan0"}}, listErr: tc.listErr}
			m := &MDNS{Interval: 10 * time.Millisecond, listIfaces: lan.list, newResolver: lan.open}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var first BrowseState
			ch, err := m.Browse(ctx, OnState(func(s BrowseState) { first = s }))
			if tc.fails {
				if err == nil || sayOf(err) != tc.say {
					t.Fatalf("Browse: %v (saying %q), want an error saying %q", err, sayOf(err), tc.say)
				}
				return
			}
			if err != nil {
				t.Fatalf("Browse: %v", err)
			}
			if sayOf(first.Err) != tc.say {
				t.Errorf("state %+v says %q, want %q", first, sayOf(first.Err), tc.say)
			}
			cancel()
			for range ch {
			}
		})
	}
}

// TestMemoryOffline: a Memory's browsers listen on "memory", wait while it
// is offline (listing nothing), and list every game still announced when
// it comes back.
func TestMemoryOffline(t *testing.T) {
	linktest.NoLeaks(t)
	mem := NewMemory()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	states := newStateLog(t)
	a := Game{Proto: 1, System: "landsofruin", Title: "A", Seats: 2, Open: 2, ID: "g0000000000aa"}
	b := Game{Proto: 1, System: "landsofruin", Title: "B", Seats: 2, Open: 2, ID: "g0000000000bb"}
	advA, err := mem.Advertise(a, 47100)
	if err != nil {
		t.Fatal(err)
	}
	defer advA.Stop()
	ch, err := mem.Browse(ctx, OnState(states.tell))
	if err != nil {
		t.Fatal(err)
	}
	w := &watcher{t: t, ch: ch}
	if st := states.next("at start"); !st.Listening || !slices.Equal(st.Interfaces, []string{"memory"}) {
		t.Errorf("state %+v", st)
	}
	w.waitFor("A", time.Second, func(l []Entry) (Entry, bool) { return find(l, a.ID) })
	mem.SetOffline(true)
	checkWaiting(t, "offline", states.next("offline"), ErrNoNetwork, sayNoNetwork)
	w.waitFor("an empty list", time.Second, func(l []Entry) (Entry, bool) { return Entry{}, len(l) == 0 })
	advB, err := mem.Advertise(b, 47101)
	if err != nil {
		t.Fatal(err)
	}
	defer advB.Stop()
	select {
	case l := <-ch:
		t.Errorf("a list while offline: %v", l)
	case <-time.After(20 * time.Millisecond):
	}
	mem.SetOffline(false)
	if st := states.next("back"); !st.Listening {
		t.Errorf("state %+v", st)
	}
	w.waitFor("A and B", time.Second, func(l []Entry) (Entry, bool) { return Entry{}, len(l) == 2 })
	cancel()
	for range ch {
	}
}
