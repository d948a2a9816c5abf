package discovery

import (
	"context"
	"errors"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"time"
)

// Entry is one nearby game in a Browser's list.
type Entry struct {
	// Instance is the announcement's DNS-SD instance name, unique on the
	// network: the key of the entry.
	Instance string `json:"instance"`
	// Game is the announced game, read from the TXT record.
	Game Game `json:"game"`
	// Addrs are the host's addresses: IPv4 first, then IPv6 (link-local
	// IPv6 addresses are left out, since they cannot be dialled without a
	// zone).
	Addrs []netip.Addr `json:"addrs"`
	// Port is the host's TCP port.
	Port uint16 `json:"port"`
}

// Targets returns the addresses to dial, in the order to try them.
func (e Entry) Targets() []netip.AddrPort {
	out := make([]netip.AddrPort, len(e.Addrs))
	for i, a := range e.Addrs {
		out[i] = netip.AddrPortFrom(a, e.Port)
	}
	return out
}

func (e Entry) equal(o Entry) bool {
	return e.Instance == o.Instance && e.Game == o.Game && e.Port == o.Port && slices.Equal(e.Addrs, o.Addrs)
}

// Advertiser announces hosted games on the local network.
type Advertiser interface {
	// Advertise announces g, served on TCP port, until the returned
	// Advert is stopped.
	Advertise(g Game, port uint16) (Advert, error)
}

// Advert is one game being announced.
type Advert interface {
	// Update announces g instead of the game announced so far (typically
	// when a seat is taken or freed); browsers see it within seconds. It
	// fails with ErrStopped after Stop.
	Update(g Game) error
	// Stop withdraws the announcement; browsers drop the game within
	// seconds. Stopping twice is harmless.
	Stop() error
}

// Browser finds the games announced nearby.
type Browser interface {
	// Browse watches for games until ctx ends. The channel receives the
	// current list at once (possibly empty), then a new list after each
	// change: a game appears, changes or vanishes. Lists are sorted by
	// title, host name and instance, and are never modified after being
	// sent. A reader that falls behind gets only the latest list. The
	// channel is closed when ctx ends.
	//
	// A browser follows the network: with no network address it waits,
	// and starts listening when one appears (the list is empty while it
	// waits); it fails only for what waiting will not mend. OnState, among
	// opts, tells the caller whether it listens or waits.
	Browse(ctx context.Context, opts ...BrowseOption) (<-chan []Entry, error)
}

// BrowseState is what a browser is doing: listening for games, or waiting
// for a network it can listen on.
type BrowseState struct {
	// Listening is true while the browser listens for games.
	Listening bool
	// Interfaces are the names of the network interfaces it listens on.
	Interfaces []string
	// Err says why it is not listening (nil while it listens): wrapping
	// ErrNoNetwork when this device has no network address, else why
	// listening failed. It keeps trying either way. It has a sentence for
	// a player (a ForPlayer method) to show in place of the list's status.
	Err error
}

func (s BrowseState) equal(o BrowseState) bool {
	return s.Listening == o.Listening && slices.Equal(s.Interfaces, o.Interfaces) &&
		(s.Err == nil) == (o.Err == nil) && (s.Err == nil || s.Err.Error() == o.Err.Error())
}

// BrowseOption changes how one Browse runs.
type BrowseOption func(*browseConfig)

type browseConfig struct {
	onState func(BrowseState)
}

// OnState has Browse tell f the browser's state: once before Browse
// returns (on the caller's goroutine), then on each change (on the
// browser's goroutine; calls never overlap), until ctx ends. f should hand
// the state to the UI goroutine and return; it must not call Browse's
// Browser.
func OnState(f func(BrowseState)) BrowseOption {
	return func(c *browseConfig) { c.onState = f }
}

func browseOptions(opts []BrowseOption) browseConfig {
	var c browseConfig
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	if c.onState == nil {
		c.onState = func(BrowseState) {}
	}
	return c
}

// ErrStopped is the error for an Update of a stopped Advert.
var ErrStopped = errors.New("discovery: the announcement was stopped")

// feed is a browse channel that holds only the latest list.
type feed struct {
	mu     sync.Mutex
	ch     chan []Entry
	closed bool
}

func newFeed() *feed { return &feed{ch: make(chan []Entry, 1)} }

// send replaces any list not yet read with list. It never blocks.
func (f *feed) send(list []Entry) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return
	}
	select {
	case <-f.ch:
	default:
	}
	f.ch <- list
}

func (f *feed) close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.closed {
		f.closed = true
		close(f.ch)
	}
}

// sighting is one raw announcement seen on the network.
type sighting struct {
	instance string
	txt      []string
	addrs    []netip.Addr
	port     uint16
}

// liveList turns sightings into the sorted list of valid entries, and
// drops entries not seen for a while. It is not safe for concurrent use.
type liveList struct {
	entries map[string]*liveEntry
	// skipped is told about sightings that are left out (bad TXT, no
	// address); may be nil.
	skipped func(instance string, err error)
}

type liveEntry struct {
	Entry
	seen time.Time
}

func newLiveList(skipped func(string, error)) *liveList {
	return &liveList{entries: map[string]*liveEntry{}, skipped: skipped}
}

var errNoAddr = errors.New("no usable address")

// see records a sighting at now; it reports whether the list changed. A
// sighting with a bad or foreign TXT record or without a usable address
// or port is skipped (and does not refresh an entry already listed).
func (l *liveList) see(s sighting, now time.Time) bool {
	g, err := DecodeTXT(s.txt)
	addrs := cleanAddrs(s.addrs)
	if err == nil && (len(addrs) == 0 || s.port == 0) {
		err = errNoAddr
	}
	if err != nil {
		if l.skipped != nil {
			l.skipped(s.instance, err)
		}
		return false
	}
	e := Entry{Instance: s.instance, Game: g, Addrs: addrs, Port: s.port}
	old, ok := l.entries[s.instance]
	if ok && old.equal(e) {
		old.seen = now
		return false
	}
	l.entries[s.instance] = &liveEntry{Entry: e, seen: now}
	return true
}

// remove drops an entry at once; it reports whether the list changed.
func (l *liveList) remove(instance string) bool {
	if _, ok := l.entries[instance]; !ok {
		return false
	}
	delete(l.entries, instance)
	return true
}

// clear drops every entry; it reports whether the list changed.
func (l *liveList) clear() bool {
	if len(l.entries) == 0 {
		return false
	}
	clear(l.entries)
	return true
}

// expire drops the entries last seen before cutoff; it reports whether
// the list changed.
func (l *liveList) expire(cutoff time.Time) bool {
	changed := false
	for k, e := range l.entries {
		if e.seen.Before(cutoff) {
			delete(l.entries, k)
			changed = true
		}
	}
	return changed
}

// list returns a fresh sorted copy of the entries.
func (l *liveList) list() []Entry {
	out := make([]Entry, 0, len(l.entries))
	for _, e := range l.entries {
		c := e.Entry
		c.Addrs = slices.Clone(c.Addrs)
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Entry) int {
		if c := strings.Compare(strings.ToLower(a.Game.Title), strings.ToLower(b.Game.Title)); c != 0 {
			return c
		}
		if c := strings.Compare(strings.ToLower(a.Game.Host), strings.ToLower(b.Game.Host)); c != 0 {
			return c
		}
		return strings.Compare(a.Instance, b.Instance)
	})
	return out
}

// cleanAddrs keeps the addresses a client can dial, without duplicates:
// IPv4 (unmapped) first, then IPv6 that is not link-local; unspecified and
// multicast addresses are dropped.
func cleanAddrs(in []netip.Addr) []netip.Addr {
	var v4, v6 []netip.Addr
	for _, a := range in {
		a = a.Unmap()
		switch {
		case !a.IsValid() || a.IsUnspecified() || a.IsMulticast():
		case a.Is4():
			if !slices.Contains(v4, a) {
				v4 = append(v4, a)
			}
		case a.IsLinkLocalUnicast():
		default:
			a = a.WithZone("")
			if !slices.Contains(v6, a) {
				v6 = append(v6, a)
			}
		}
	}
	return append(v4, v6...)
}

// Both implementations are Advertisers and Browsers.
var (
	_ Advertiser = (*MDNS)(nil)
	_ Browser    = (*MDNS)(nil)
	_ Advertiser = (*Memory)(nil)
	_ Browser    = (*Memory)(nil)
)
