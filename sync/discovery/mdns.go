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

// Browse watches the network for games; see Browser. It fails at once when
// no resolver can be opened (no multicast interface, or multicast refused);
// later failures are retried every Interval.
func (m *MDNS) Browse(ctx context.Context) (<-chan []Entry, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("browse: %w", err)
	}
	ifaces, err := m.interfaces()
	if err != nil {
		return nil, fmt.Errorf("browse: %w", err)
	}
	release, err := acquireMulticast()
	if err != nil {
		return nil, fmt.Errorf("browse: multicast lock: %w", err)
	}
	first, err := newResolver(ifaces)
	if err != nil {
		release()
		return nil, fmt.Errorf("browse: %w", err)
	}
	f := newFeed()
	l := newLiveList(m.Skipped)
	f.send(l.list())
	go func() {
		defer release()
		defer f.close()
		r := first
		for ctx.Err() == nil {
			start := time.Now()
			if r != nil {
				m.cycle(ctx, r, l, f)
			}
			if l.expire(time.Now().Add(-m.expiry())) {
				f.send(l.list())
			}
			if wait := m.interval() - time.Since(start); wait > 0 {
				select {
				case <-ctx.Done():
					return
				case <-time.After(wait):
				}
			}
			r, _ = newResolver(ifaces) // a failure is retried next round
		}
	}()
	return f.ch, nil
}

// newResolver opens a resolver for IPv4 and IPv6, or for whichever of the
// two works on ifaces.
func newResolver(ifaces []net.Interface) (*zeroconf.Resolver, error) {
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
func (m *MDNS) cycle(ctx context.Context, r *zeroconf.Resolver, l *liveList, f *feed) {
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
