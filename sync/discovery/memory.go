package discovery

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/netip"
	"slices"
	"sync"
	"time"
)

// Memory is an in-memory network for tests of hosts and clients: it is
// both an Advertiser and a Browser, and every browser of the same Memory
// sees every advert at once, through the same TXT encoding, decoding and
// skipping rules as MDNS. Adverts carry the addresses given to NewMemory.
// Its browsers listen (BrowseState) unless SetOffline takes the network
// away. It is safe for concurrent use.
type Memory struct {
	addrs []netip.Addr

	// tellMu keeps the calls of OnState apart (SetOffline, Browse); it
	// is taken before mu.
	tellMu   sync.Mutex
	mu       sync.Mutex
	ads      map[string]sighting
	watchers map[*feed]*memWatcher
	offline  bool
}

// memWatcher is one Browse of a Memory.
type memWatcher struct {
	l       *liveList
	onState func(BrowseState)
}

// memoryInterface is the interface name a Memory's browsers listen on.
const memoryInterface = "memory"

// state is what a browser of m is doing. The caller holds m.mu.
func (m *Memory) state() BrowseState {
	if m.offline {
		return BrowseState{Err: forPlayer(fmt.Errorf("browse: %w (the in-memory network is offline)", ErrNoNetwork), sayNoNetwork)}
	}
	return BrowseState{Listening: true, Interfaces: []string{memoryInterface}}
}

// SetOffline takes the in-memory network away (true) or gives it back
// (false), as Wi-Fi turned off and on: its browsers are told they wait for
// a network (BrowseState.Err wraps ErrNoNetwork) and list nothing, then
// listen again and list every game still announced. Adverts stay
// announced meanwhile. It lets the app's tests show what a player sees.
func (m *Memory) SetOffline(offline bool) {
	m.tellMu.Lock()
	defer m.tellMu.Unlock()
	m.mu.Lock()
	if m.offline == offline {
		m.mu.Unlock()
		return
	}
	m.offline = offline
	st := m.state()
	now := time.Now()
	var tell []func(BrowseState)
	for f, w := range m.watchers {
		w.l.clear()
		if !offline {
			for _, s := range m.ads {
				w.l.see(s, now)
			}
		}
		f.send(w.l.list())
		tell = append(tell, w.onState)
	}
	m.mu.Unlock()
	for _, f := range tell {
		f(st)
	}
}

// NewMemory returns an empty in-memory network whose adverts carry addrs
// (127.0.0.1 when none are given), so a host listening on loopback can be
// found and dialled.
func NewMemory(addrs ...netip.Addr) *Memory {
	if len(addrs) == 0 {
		addrs = []netip.Addr{netip.AddrFrom4([4]byte{127, 0, 0, 1})}
	}
	return &Memory{addrs: slices.Clone(addrs), ads: map[string]sighting{}, watchers: map[*feed]*memWatcher{}}
}

// Advertise announces g on the in-memory network.
func (m *Memory) Advertise(g Game, port uint16) (Advert, error) {
	txt, err := EncodeTXT(g)
	if err != nil {
		return nil, fmt.Errorf("advertise: %w", err)
	}
	if port == 0 {
		return nil, fmt.Errorf("advertise: port 0")
	}
	inst := instanceName(g.ID)
	m.put(sighting{instance: inst, txt: txt, addrs: m.addrs, port: port})
	return &memAdvert{m: m, instance: inst, port: port}, nil
}

// Publish puts a raw announcement on the network, as any device could: a
// test's way to show browsers a bad or foreign TXT record. remove
// withdraws it.
func (m *Memory) Publish(instance string, txt []string, addrs []netip.Addr, port uint16) (remove func()) {
	m.put(sighting{instance: instance, txt: slices.Clone(txt), addrs: slices.Clone(addrs), port: port})
	return func() { m.drop(instance) }
}

// Browse lists the games on the in-memory network; see Browser. OnState
// is told the browser listens (on the interface "memory"), or waits while
// the network is offline (SetOffline).
func (m *Memory) Browse(ctx context.Context, opts ...BrowseOption) (<-chan []Entry, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("browse: %w", err)
	}
	cfg := browseOptions(opts)
	f := newFeed()
	l := newLiveList(nil)
	m.tellMu.Lock()
	defer m.tellMu.Unlock()
	m.mu.Lock()
	now := time.Now()
	if !m.offline {
		for _, s := range m.ads {
			l.see(s, now)
		}
	}
	m.watchers[f] = &memWatcher{l: l, onState: cfg.onState}
	f.send(l.list())
	st := m.state()
	m.mu.Unlock()
	cfg.onState(st)
	go func() {
		<-ctx.Done()
		m.mu.Lock()
		delete(m.watchers, f)
		m.mu.Unlock()
		f.close()
	}()
	return f.ch, nil
}

func (m *Memory) put(s sighting) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.ads[s.instance] = s
	now := time.Now()
	if m.offline {
		return
	}
	for f, w := range m.watchers {
		l := w.l
		changed := l.see(s, now)
		// A once-valid entry whose TXT turned bad is gone.
		if _, ok := l.entries[s.instance]; ok && !changed {
			if _, err := DecodeTXT(s.txt); err != nil {
				changed = l.remove(s.instance)
			}
		}
		if changed {
			f.send(l.list())
		}
	}
}

func (m *Memory) drop(instance string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.ads[instance]; !ok {
		return
	}
	delete(m.ads, instance)
	for f, w := range m.watchers {
		if w.l.remove(instance) {
			f.send(w.l.list())
		}
	}
}

type memAdvert struct {
	m        *Memory
	instance string
	port     uint16

	mu      sync.Mutex
	stopped bool
}

func (a *memAdvert) Update(g Game) error {
	txt, err := EncodeTXT(g)
	if err != nil {
		return fmt.Errorf("update advert: %w", err)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.stopped {
		return ErrStopped
	}
	a.m.put(sighting{instance: a.instance, txt: txt, addrs: a.m.addrs, port: a.port})
	return nil
}

func (a *memAdvert) Stop() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.stopped {
		a.stopped = true
		a.m.drop(a.instance)
	}
	return nil
}

// instanceName returns a DNS-SD instance name for a game: "cc-", the game
// id (dots made dashes, cut to 40 bytes) and a random suffix, so that one
// game hosted twice is still two instances.
func instanceName(id string) string {
	b := []byte(id)
	if len(b) > 40 {
		b = b[:40]
	}
	for i, c := range b {
		if c == '.' {
			b[i] = '-'
		}
	}
	var r [3]byte
	_, _ = rand.Read(r[:]) // crypto/rand.Read never fails on supported platforms
	return "cc-" + string(b) + "-" + hex.EncodeToString(r[:])
}
