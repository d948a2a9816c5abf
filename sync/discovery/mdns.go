package discovery

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"sync"
	"time"

	"github.com/grandcat/zeroconf"
)

// Default timings of MDNS browsing.
const (
	// DefaultInterval is how often a browser asks the network for games.
	DefaultInterval = 1500 * time.Millisecond
	// DefaultExpiry is how long a game stays listed after it last
	// answered.
	DefaultExpiry = 4 * time.Second
)

// MDNS announces and browses games with multicast DNS (DNS-SD over mDNS,
// github.com/grandcat/zeroconf). The zero value uses every multicast
// interface that is up and the default timings.
//
// Browsing asks the network every Interval with a fresh resolver (the
// library reports each service once per resolver and says nothing when one
// leaves), so a new game appears at once (hosts announce themselves), a
// changed TXT shows within an Interval, and a host that stopped or
// vanished is dropped after Expiry without an answer. Adverts are
// re-registered on Update rather than changed in place (the library's
// SetText is not safe to call while it answers queries).
type MDNS struct {
	// Interfaces to announce and browse on; none means every interface
	// that is up and multicast-capable.
	Interfaces []net.Interface
	// Addrs are the addresses adverts announce; nil means the addresses
	// of the interfaces (InterfaceAddrs).
	Addrs []netip.Addr
	// Interval between browse queries; 0 means DefaultInterval.
	Interval time.Duration
	// Expiry after which a game that stopped answering is dropped; 0
	// means DefaultExpiry.
	Expiry time.Duration
	// Skipped, if set, is told about each announcement a browser leaves
	// out (a bad or foreign TXT record, no usable address), for logs and
	// `ccctl browse -v`. It is called on the browser's goroutine.
	Skipped func(instance string, err error)

	// Seams for tests: listIfaces replaces browseInterfaces' listing,
	// newResolver the opening of a zeroconf resolver.
	listIfaces  func() ([]net.Interface, error)
	newResolver func([]net.Interface) (resolver, error)
}

func (m *MDNS) interval() time.Duration {
	if m.Interval > 0 {
		return m.Interval
	}
	return DefaultInterval
}

func (m *MDNS) expiry() time.Duration {
	if m.Expiry > 0 {
		return m.Expiry
	}
	return DefaultExpiry
}

func (m *MDNS) interfaces() ([]net.Interface, error) {
	if len(m.Interfaces) > 0 {
		return m.Interfaces, nil
	}
	return MulticastInterfaces()
}

// MulticastInterfaces returns the interfaces that are up and
// multicast-capable. On Android (build tag android) they are listed with
// github.com/wlynxg/anet, since net.Interfaces fails on Android 11 and
// later.
func MulticastInterfaces() ([]net.Interface, error) {
	all, err := listInterfaces()
	if err != nil {
		return nil, fmt.Errorf("list network interfaces: %w", err)
	}
	var out []net.Interface
	for _, ifi := range all {
		if ifi.Flags&net.FlagUp != 0 && ifi.Flags&net.FlagMulticast != 0 {
			out = append(out, ifi)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w (none is up and multicast-capable)", ErrNoNetwork)
	}
	return out, nil
}

// InterfaceAddrs returns the addresses of ifaces (none: MulticastInterfaces)
// that another device on the network could dial: IPv4 first, then IPv6
// that is not link-local; loopback addresses only for loopback
// interfaces. A host picks the first IPv4 one for its join code.
func InterfaceAddrs(ifaces []net.Interface) ([]netip.Addr, error) {
	if len(ifaces) == 0 {
		var err error
		if ifaces, err = MulticastInterfaces(); err != nil {
			return nil, err
		}
	}
	var all []netip.Addr
	for _, ifi := range ifaces {
		addrs, err := interfaceAddrs(&ifi)
		if err != nil {
			return nil, fmt.Errorf("addresses of %s: %w", ifi.Name, err)
		}
		for _, a := range addrs {
			pfx, err := netip.ParsePrefix(a.String())
			if err != nil {
				continue
			}
			ip := pfx.Addr()
			if ip.IsLoopback() && ifi.Flags&net.FlagLoopback == 0 {
				continue
			}
			all = append(all, ip)
		}
	}
	out := cleanAddrs(all)
	if len(out) == 0 {
		return nil, fmt.Errorf("%w (no usable address on %s)", ErrNoNetwork, ifaceNames(ifaces))
	}
	return out, nil
}

func ifaceNames(ifaces []net.Interface) string {
	s := ""
	for i, ifi := range ifaces {
		if i > 0 {
			s += ", "
		}
		s += ifi.Name
	}
	if s == "" {
		return "no interface"
	}
	return s
}

// Advertise registers g as a ServiceType service on port.
func (m *MDNS) Advertise(g Game, port uint16) (Advert, error) {
	txt, err := EncodeTXT(g)
	if err != nil {
		return nil, fmt.Errorf("advertise: %w", err)
	}
	if port == 0 {
		return nil, errors.New("advertise: port 0")
	}
	ifaces, err := m.interfaces()
	if err != nil {
		return nil, fmt.Errorf("advertise: %w", err)
	}
	addrs := m.Addrs
	if addrs == nil {
		if addrs, err = InterfaceAddrs(ifaces); err != nil {
			return nil, fmt.Errorf("advertise: %w", err)
		}
	}
	ips := make([]string, len(addrs))
	for i, a := range addrs {
		ips[i] = a.String()
	}
	release, err := acquireMulticast()
	if err != nil {
		return nil, fmt.Errorf("advertise: multicast lock: %w", err)
	}
	var r [4]byte
	_, _ = rand.Read(r[:])
	a := &mdnsAdvert{
		instance: instanceName(g.ID),
		host:     "cc-" + hex.EncodeToString(r[:]),
		port:     port,
		ips:      ips,
		ifaces:   ifaces,
		release:  release,
	}
	if err := a.register(txt); err != nil {
		release()
		return nil, fmt.Errorf("advertise: %w", err)
	}
	return a, nil
}

type mdnsAdvert struct {
	instance, host string
	port           uint16
	ips            []string
	ifaces         []net.Interface
	release        func() // the multicast lock

	mu      sync.Mutex
	srv     *zeroconf.Server
	stopped bool
}

func (a *mdnsAdvert) register(txt []string) error {
	srv, err := zeroconf.RegisterProxy(a.instance, ServiceType, "local.", int(a.port), a.host, a.ips, txt, a.ifaces)
	if err != nil {
		return fmt.Errorf("register mDNS service on %s: %w", ifaceNames(a.ifaces), err)
	}
	a.srv = srv
	return nil
}

func (a *mdnsAdvert) Update(g Game) error {
	txt, err := EncodeTXT(g)
	if err != nil {
		return fmt.Errorf("update advert: %w", err)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.stopped {
		return ErrStopped
	}
	if a.srv != nil {
		a.srv.Shutdown()
		a.srv = nil
	}
	if err := a.register(txt); err != nil {
		return fmt.Errorf("update advert: %w", err)
	}
	return nil
}

func (a *mdnsAdvert) Stop() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.stopped {
		return nil
	}
	a.stopped = true
	if a.srv != nil {
		a.srv.Shutdown()
		a.srv = nil
	}
	a.release()
	return nil
}

// Browse watches the network for games; see Browser.
//
// Every Interval it lists the interfaces again (those of Interfaces, or
// else every interface that is up, multicast-capable and has an address)
// and opens a fresh resolver on them, so a network that comes late, or
// changes, is listened on within an Interval: the games still announced
// stay listed across the change. With no such interface it waits (the list
// is emptied at once, BrowseState.Err wraps ErrNoNetwork), and so it does
// when a resolver cannot be opened, trying again every Interval. Why
// polling and not a network-change callback: Fyne offers none and the app
// has no Java code for Android's ConnectivityManager callbacks, while
// listing the interfaces is cheap (a couple of netlink requests, through
// github.com/wlynxg/anet on Android) and happens only while a Browse runs.
//
// Browse fails at once only when waiting will not help: the system refuses
// the multicast lock or the listing of interfaces. Its errors have a
// sentence for a player (ForPlayer).
func (m *MDNS) Browse(ctx context.Context, opts ...BrowseOption) (<-chan []Entry, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("browse: %w", err)
	}
	cfg := browseOptions(opts)
	ifaces, listErr := m.browseInterfaces()
	if listErr != nil && !errors.Is(listErr, ErrNoNetwork) {
		return nil, forPlayer(fmt.Errorf("browse: %w", listErr), sayNoIfaces)
	}
	release, err := acquireMulticast()
	if err != nil {
		return nil, forPlayer(fmt.Errorf("browse: multicast lock: %w", err), sayNoLock)
	}
	r, state := m.openResolver(ifaces, listErr)
	f := newFeed()
	l := newLiveList(m.Skipped)
	f.send(l.list())
	cfg.onState(state)
	go func() {
		defer release()
		defer f.close()
		for {
			start := time.Now()
			if r != nil {
				// cycle runs (and so closes) every resolver opened, even
				// when ctx has ended.
				m.cycle(ctx, r, l, f)
			} else if l.clear() {
				f.send(l.list()) // no network: no game can be reached
			}
			if l.expire(time.Now().Add(-m.expiry())) {
				f.send(l.list())
			}
			if wait := m.interval() - time.Since(start); wait > 0 {
				select {
				case <-ctx.Done():
				case <-time.After(wait):
				}
			}
			if ctx.Err() != nil {
				return
			}
			var next BrowseState
			r, next = m.openResolver(m.browseInterfaces())
			if !next.equal(state) {
				state = next
				cfg.onState(state)
			}
		}
	}()
	return f.ch, nil
}

// browseInterfaces are the interfaces to browse on: Interfaces, or else
// those up, multicast-capable and with a usable address (an error wrapping
// ErrNoNetwork when there are none).
func (m *MDNS) browseInterfaces() ([]net.Interface, error) {
	if m.listIfaces != nil {
		return m.listIfaces()
	}
	if len(m.Interfaces) > 0 {
		return m.Interfaces, nil
	}
	all, err := MulticastInterfaces()
	if err != nil {
		return nil, err
	}
	var out []net.Interface
	for _, ifi := range all {
		if addrs, err := InterfaceAddrs([]net.Interface{ifi}); err == nil && len(addrs) > 0 {
			out = append(out, ifi)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w (no usable address on %s)", ErrNoNetwork, ifaceNames(all))
	}
	return out, nil
}

// openResolver opens a resolver on ifaces, unless listing them failed
// with err, and says what the browser is then doing.
func (m *MDNS) openResolver(ifaces []net.Interface, err error) (resolver, BrowseState) {
	switch {
	case errors.Is(err, ErrNoNetwork):
		return nil, BrowseState{Err: forPlayer(fmt.Errorf("browse: %w", err), sayNoNetwork)}
	case err != nil:
		return nil, BrowseState{Err: forPlayer(fmt.Errorf("browse: %w", err), sayNoIfaces)}
	}
	open := m.newResolver
	if open == nil {
		open = newResolver
	}
	r, err := open(ifaces)
	if err != nil {
		return nil, BrowseState{Err: forPlayer(fmt.Errorf("browse: %w", err), sayNoListen)}
	}
	names := make([]string, len(ifaces))
	for i, ifi := range ifaces {
		names[i] = ifi.Name
	}
	return r, BrowseState{Listening: true, Interfaces: names}
}

// resolver is what browsing needs of a *zeroconf.Resolver: Browse sends
// the services it finds on entries, and closes entries (and the resolver's
// sockets) when ctx ends.
type resolver interface {
	Browse(ctx context.Context, service, domain string, entries chan<- *zeroconf.ServiceEntry) error
}

// newResolver opens a resolver for IPv4 and IPv6, or for whichever of the
// two works on ifaces.
func newResolver(ifaces []net.Interface) (resolver, error) {
	var errs []error
	for _, t := range []zeroconf.IPType{zeroconf.IPv4AndIPv6, zeroconf.IPv4, zeroconf.IPv6} {
		r, err := zeroconf.NewResolver(zeroconf.SelectIfaces(ifaces), zeroconf.SelectIPTraffic(t))
		if err == nil {
			return r, nil
		}
		errs = append(errs, err)
	}
	return nil, fmt.Errorf("open mDNS resolver on %s: %w", ifaceNames(ifaces), errors.Join(errs...))
}

// cycle runs one resolver for one Interval and records what it sees.
func (m *MDNS) cycle(ctx context.Context, r resolver, l *liveList, f *feed) {
	cctx, cancel := context.WithTimeout(ctx, m.interval())
	defer cancel()
	ch := make(chan *zeroconf.ServiceEntry, 16)
	if err := r.Browse(cctx, ServiceType, "local.", ch); err != nil {
		// Browse has closed (or will close) ch after cancelling; drain it.
		cancel()
	}
	for se := range ch {
		s := sighting{instance: se.Instance, txt: se.Text, port: uint16(se.Port)}
		if se.Port <= 0 || se.Port > 65535 {
			s.port = 0
		}
		for _, ip := range append(se.AddrIPv4, se.AddrIPv6...) {
			if a, ok := netip.AddrFromSlice(ip); ok {
				s.addrs = append(s.addrs, a)
			}
		}
		if l.see(s, time.Now()) {
			f.send(l.list())
		}
	}
}
