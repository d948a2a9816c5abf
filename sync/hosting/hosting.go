// Package hosting puts a local game on the LAN: what the app's "Host this
// game" and `ccctl host` both do. It keeps the game's host identity (TLS
// key) and the seat tokens given out with the game, so a re-hosted game
// has the same fingerprint and its players rejoin their seats without the
// PIN; it listens on TCP (DefaultPort, or any free port when that one is
// taken), serves the game with sync/host, advertises it with a
// discovery.Advertiser (mDNS) with its open seats kept up to date, and
// gives the join codes for networks that block multicast.
//
// # Following the network
//
// A tablet often starts hosting before Wi-Fi has its address, or changes
// networks while a game runs. When Options.Addrs is nil, a Hosting watches
// this device's addresses while it runs: every AddrInterval (DefaultAddrInterval,
// 2 s) it lists them again, and when the set changes it updates Addresses
// and JoinCodes, announces the game again on the new interfaces (the mDNS
// server binds to the interfaces it was given, so the old advert is
// stopped and a new one made; no address, no advert) and calls OnAddrs so
// the host panel redraws.
//
// Why polling: Fyne gives no network-change callback and the app has no
// Java code to register Android's ConnectivityManager.NetworkCallback, while
// listing the interfaces (discovery.MulticastInterfaces and InterfaceAddrs,
// through github.com/wlynxg/anet on Android) is a couple of netlink requests:
// cheap every two seconds, and done only while a game is hosted (the
// watcher stops with Close), so a tablet on battery does no work for it
// otherwise. A change shows within one interval.
//
// What it keeps lives in a Keeper under the kind RecordKind and the game's
// id (console/store's rosters implement Keeper); the joining side keeps its
// client.Record the same way (client.SaveRecord).
package hosting

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/store"
	"github.com/commandconsole/commandconsole/sync/discovery"
	"github.com/commandconsole/commandconsole/sync/host"
	"github.com/commandconsole/commandconsole/sync/secure"
	"github.com/commandconsole/commandconsole/sync/wire"
)

// RecordKind is the Keeper kind of a hosted game's record.
const RecordKind = "lan-host"

// ErrNoRecord may be returned (wrapped) by a Keeper's Roster for a name it
// does not have; console/store's ErrNoRoster is taken the same way. Any
// other error reading the record stops Start.
var ErrNoRecord = errors.New("no such record")

// Keeper stores small records by kind and name; console/store.DB is one.
type Keeper interface {
	PutRoster(kind, name string, data []byte) error
	Roster(kind, name string) ([]byte, error)
}

// Record is what the host keeps of a game it hosts: its TLS identity (the
// private key: it never leaves the device) and the seat tokens given out.
type Record struct {
	Identity []byte            `json:"identity"`
	Tokens   map[string]string `json:"tokens,omitempty"`
	Port     uint16            `json:"port,omitempty"`
}

// Options says what to host and how.
type Options struct {
	// Game is the game to host (a local game). Required.
	Game console.Game
	// Keep keeps the record; nil keeps nothing (a new key every time).
	Keep Keeper
	// Port to listen on; zero tries the record's port, then
	// discovery.DefaultPort, then any free port.
	Port uint16
	// Listen opens the listener; nil is net.Listen.
	Listen func(network, addr string) (net.Listener, error)
	// Advertiser announces the game; nil announces nothing (join codes and
	// typed addresses still work).
	Advertiser discovery.Advertiser
	// Addrs are this device's addresses for the join codes; nil asks the
	// network interfaces (see Interfaces) and follows them while hosting.
	Addrs []netip.Addr
	// Interfaces lists this device's addresses when Addrs is nil: at Start,
	// then every AddrInterval while hosting. An error wrapping
	// discovery.ErrNoNetwork means no address (Wi-Fi off); any other error
	// keeps the addresses listed before. Nil lists the network interfaces
	// (discovery.MulticastInterfaces, then discovery.InterfaceAddrs).
	Interfaces func() ([]netip.Addr, error)
	// AddrInterval is how often the addresses are listed again when Addrs
	// is nil; 0 means DefaultAddrInterval.
	AddrInterval time.Duration
	// OnAddrs, when set, is called when this device's addresses changed
	// (Addresses and JoinCodes return the new ones): an address appeared,
	// changed or went away. It is called on the watcher's goroutine, outside
	// any lock of the Hosting, and may still be called once while Close
	// runs; it should hand the redraw to the UI goroutine and return.
	OnAddrs func()
	// PIN is the PIN to ask; empty makes a new one.
	PIN secure.PIN
	// App and Device go into the Hello and the mDNS record.
	App, Device string
	// LocalSeats are the seats this device plays itself: never joinable
	// over the network, and not counted as open.
	LocalSeats []console.Seat
	// OnSeats is told whenever a device joins or leaves a seat.
	OnSeats func([]wire.SeatInfo)
	// OnTable is told who is at the table whenever any of it changes
	// (seats, spectators, wrong PINs): host.Config.OnTable, called outside
	// the host's lock, one call at a time. For the host's own panel.
	OnTable func(host.Table)
	// Logf is told about connections that fail.
	Logf func(format string, args ...any)
	// OnStop is told if serving stops on its own (the listener failed for
	// good), not after Close: the game is then no longer reachable.
	OnStop func(error)
}

// DefaultAddrInterval is how often a Hosting lists this device's addresses
// again (Options.AddrInterval).
const DefaultAddrInterval = 2 * time.Second

// Hosting is a game being hosted. Close stops it; the game goes on locally.
// Its methods are safe to call from any goroutine.
type Hosting struct {
	opts Options
	id   *secure.Identity
	pin  secure.PIN
	host *host.Host
	ln   net.Listener
	port uint16
	done chan error
	stop chan struct{} // closed by Close: the address watcher returns
	// listErr is the last error listing the addresses, logged once; only
	// Start, then the watcher, use it.
	listErr string

	// advMu serializes what is done to the advert (Advertise, Update,
	// Stop), so a seat change and an address change never announce a
	// stale record or update a stopped advert. It is taken before mu,
	// never while holding it.
	advMu  sync.Mutex
	advert discovery.Advert // guarded by advMu and mu (written under both)

	mu      sync.Mutex
	addrs   []netip.Addr
	rec     Record
	seats   []wire.SeatInfo
	closed  bool
	saveErr error
}

// Start hosts opts.Game: it loads or makes the identity, listens, serves and
// advertises. Its errors name what failed (the port, the saved record).
func Start(opts Options) (*Hosting, error) {
	if opts.Game == nil {
		return nil, errors.New("host: no game")
	}
	info := opts.Game.Info()
	if info.Status == console.StatusFinished {
		return nil, fmt.Errorf("host %s: the game is over", info.Title)
	}
	if opts.Listen == nil {
		opts.Listen = net.Listen
	}
	rec, err := load(opts.Keep, info.ID)
	if err != nil {
		return nil, err
	}
	var id *secure.Identity
	if len(rec.Identity) > 0 {
		if id, err = secure.DecodeIdentity(rec.Identity); err != nil {
			return nil, fmt.Errorf("host %s: the saved host key is damaged: %w", info.Title, err)
		}
	} else {
		if id, err = secure.NewIdentity(info.Title); err != nil {
			return nil, fmt.Errorf("host %s: %w", info.Title, err)
		}
		if rec.Identity, err = id.Encode(); err != nil {
			return nil, fmt.Errorf("host %s: %w", info.Title, err)
		}
	}
	pin := opts.PIN
	if pin == "" {
		if pin, err = secure.NewPIN(); err != nil {
			return nil, fmt.Errorf("host %s: %w", info.Title, err)
		}
	}
	ln, port, err := listen(opts, rec.Port)
	if err != nil {
		return nil, fmt.Errorf("host %s: %w", info.Title, err)
	}
	rec.Port = port
	h := &Hosting{opts: opts, id: id, pin: pin, ln: ln, port: port, rec: rec, done: make(chan error, 1),
		stop: make(chan struct{})}
	if err := h.save(); err != nil {
		ln.Close()
		return nil, fmt.Errorf("host %s: %w", info.Title, err)
	}
	tokens := map[console.Seat]secure.Token{}
	for s, t := range rec.Tokens {
		if tok, err := secure.ParseToken(t); err == nil {
			tokens[console.Seat(s)] = tok
		}
	}
	h.host = host.New(host.Config{Game: opts.Game, Identity: id, PIN: pin, App: opts.App, Device: opts.Device,
		Logf: opts.Logf, Tokens: tokens, OnToken: h.onToken, OnSeats: h.onSeats, OnTable: opts.OnTable,
		LocalSeats: opts.LocalSeats})
	h.seats = h.host.Seats()
	watch := opts.Addrs == nil
	h.addrs = slices.Clone(opts.Addrs)
	if watch {
		h.addrs, _ = h.listAddrs(nil)
	}
	go func() {
		err := h.host.Serve(ln)
		h.mu.Lock()
		closed := h.closed
		h.mu.Unlock()
		if !closed && opts.OnStop != nil && !errors.Is(err, host.ErrClosed) {
			opts.OnStop(err)
		}
		h.done <- err
	}()
	if !watch || len(h.addrs) > 0 {
		h.advMu.Lock()
		h.advertise()
		h.advMu.Unlock()
	}
	if watch {
		go h.watch()
	}
	return h, nil
}

// listAddrs lists this device's addresses (Options.Interfaces). No network
// gives none; another error keeps prev, and is logged.
func (h *Hosting) listAddrs(prev []netip.Addr) ([]netip.Addr, error) {
	list := h.opts.Interfaces
	if list == nil {
		list = deviceAddrs
	}
	addrs, err := list()
	switch {
	case err == nil:
		h.listErr = ""
		return addrs, nil
	case errors.Is(err, discovery.ErrNoNetwork):
		h.listErr = ""
		return nil, err
	default:
		if msg := err.Error(); msg != h.listErr { // once, not every interval
			h.listErr = msg
			h.logf("host: list this device's addresses: %v", err)
		}
		return prev, err
	}
}

// deviceAddrs are the addresses of this device's interfaces that are up
// and multicast-capable.
func deviceAddrs() ([]netip.Addr, error) {
	ifaces, err := discovery.MulticastInterfaces()
	if err != nil {
		return nil, err
	}
	return discovery.InterfaceAddrs(ifaces)
}

// advertise announces the game, if there is an Advertiser and no advert
// yet and the Hosting is not closed. The caller holds advMu.
func (h *Hosting) advertise() {
	h.mu.Lock()
	skip := h.closed || h.advert != nil
	h.mu.Unlock()
	if skip || h.opts.Advertiser == nil {
		return
	}
	adv, err := h.opts.Advertiser.Advertise(h.record(), h.port)
	if err != nil {
		h.logf("host: mDNS: %v (join codes and addresses still work)", err)
		return
	}
	h.mu.Lock()
	h.advert = adv
	h.mu.Unlock()
}

// unadvertise stops the advert, if any. The caller holds advMu.
func (h *Hosting) unadvertise() {
	h.mu.Lock()
	adv := h.advert
	h.advert = nil
	h.mu.Unlock()
	if adv != nil {
		if err := adv.Stop(); err != nil {
			h.logf("host: stop the mDNS advert: %v", err)
		}
	}
}

// watch lists this device's addresses every AddrInterval until Close, and
// follows their changes (see the package documentation).
func (h *Hosting) watch() {
	every := h.opts.AddrInterval
	if every <= 0 {
		every = DefaultAddrInterval
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-t.C:
		}
		h.mu.Lock()
		prev := h.addrs
		h.mu.Unlock()
		addrs, _ := h.listAddrs(prev)
		if sameAddrs(addrs, prev) {
			continue
		}
		h.mu.Lock()
		if h.closed {
			h.mu.Unlock()
			return
		}
		h.addrs = addrs
		h.mu.Unlock()
		h.logf("host: this device's addresses are now %v", addrs)
		// The mDNS server answers on the interfaces it was registered on:
		// announce again on the new ones (none: nobody could reach it).
		h.advMu.Lock()
		h.unadvertise()
		if len(addrs) > 0 {
			h.advertise()
		}
		h.advMu.Unlock()
		select {
		case <-h.stop:
			return
		default:
		}
		if h.opts.OnAddrs != nil {
			h.opts.OnAddrs()
		}
	}
}

// sameAddrs reports whether a and b hold the same addresses, in any order.
func sameAddrs(a, b []netip.Addr) bool {
	if len(a) != len(b) {
		return false
	}
	a, b = slices.Clone(a), slices.Clone(b)
	slices.SortFunc(a, netip.Addr.Compare)
	slices.SortFunc(b, netip.Addr.Compare)
	return slices.Equal(a, b)
}

func load(k Keeper, id string) (Record, error) {
	var rec Record
	if k == nil {
		return rec, nil
	}
	b, err := k.Roster(RecordKind, id)
	if errors.Is(err, store.ErrNoRoster) || errors.Is(err, ErrNoRecord) {
		return rec, nil // nothing kept yet: a new key
	}
	if err != nil {
		// Not readable now (a disk error): refuse, rather than make a new
		// key over the kept one, which every joined device would refuse.
		return Record{}, fmt.Errorf("host %s: read the saved host record: %w", id, err)
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		return Record{}, fmt.Errorf("host %s: the saved host record is damaged: %w", id, err)
	}
	return rec, nil
}

// listen tries the port asked for (only it), or else the saved port, the
// default port, then any free port.
func listen(opts Options, saved uint16) (net.Listener, uint16, error) {
	ports := []uint16{opts.Port}
	if opts.Port == 0 {
		ports = []uint16{discovery.DefaultPort, 0}
		if saved != 0 && saved != discovery.DefaultPort {
			ports = append([]uint16{saved}, ports...)
		}
	}
	var firstErr error
	for _, p := range ports {
		ln, err := opts.Listen("tcp", net.JoinHostPort("", strconv.Itoa(int(p))))
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		if _, ps, err := net.SplitHostPort(ln.Addr().String()); err == nil {
			if n, err := strconv.Atoi(ps); err == nil {
				return ln, uint16(n), nil
			}
		}
		return ln, p, nil
	}
	return nil, 0, fmt.Errorf("listen: %w", firstErr)
}

func (h *Hosting) save() error {
	if h.opts.Keep == nil {
		return nil
	}
	b, err := json.Marshal(h.rec)
	if err != nil {
		return err
	}
	return h.opts.Keep.PutRoster(RecordKind, h.opts.Game.Info().ID, b)
}

func (h *Hosting) onToken(seat console.Seat, tok secure.Token) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.rec.Tokens == nil {
		h.rec.Tokens = map[string]string{}
	}
	if tok.IsZero() {
		delete(h.rec.Tokens, string(seat))
	} else {
		h.rec.Tokens[string(seat)] = tok.String()
	}
	if err := h.save(); err != nil {
		h.saveErr = err
		h.logf("host: keep the seat token of %s: %v", seat, err)
	}
}

func (h *Hosting) onSeats(seats []wire.SeatInfo) {
	h.mu.Lock()
	h.seats = seats
	h.mu.Unlock()
	h.advMu.Lock()
	h.mu.Lock()
	adv := h.advert
	h.mu.Unlock()
	if adv != nil {
		if err := adv.Update(h.record()); err != nil && !errors.Is(err, discovery.ErrStopped) {
			h.logf("host: update mDNS: %v", err)
		}
	}
	h.advMu.Unlock()
	if h.opts.OnSeats != nil {
		h.opts.OnSeats(seats)
	}
}

// record is the game as the mDNS record describes it.
func (h *Hosting) record() discovery.Game {
	info := h.opts.Game.Info()
	h.mu.Lock()
	open := 0
	for _, s := range h.seats {
		if !s.Connected {
			open++
		}
	}
	h.mu.Unlock()
	return discovery.Game{Proto: int(wire.ProtocolVersion), System: info.System.ID, Title: info.Title,
		Host: h.opts.Device, Seats: len(info.Seats), Open: open, ID: info.ID, Fingerprint: h.id.Fingerprint()}
}

func (h *Hosting) logf(format string, args ...any) {
	if h.opts.Logf != nil {
		h.opts.Logf(format, args...)
	}
}

// PIN is the PIN a joining device must enter.
func (h *Hosting) PIN() secure.PIN {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.pin
}

// Port is the TCP port listened on.
func (h *Hosting) Port() uint16 { return h.port }

// Fingerprint is the host key's fingerprint, to compare on a joining
// device that typed the address.
func (h *Hosting) Fingerprint() discovery.Fingerprint { return h.id.Fingerprint() }

// Addresses are "address:port" for each of this device's addresses (none
// when it has no network address; see Options.OnAddrs for changes).
func (h *Hosting) Addresses() []string {
	h.mu.Lock()
	addrs := h.addrs
	h.mu.Unlock()
	out := make([]string, 0, len(addrs))
	for _, a := range addrs {
		out = append(out, netip.AddrPortFrom(a, h.port).String())
	}
	return out
}

// JoinCodes are the join codes of this device's IPv4 addresses (a join
// code carries an IPv4 address, the port and the fingerprint). There are
// none while this device has no IPv4 address; see Options.OnAddrs.
func (h *Hosting) JoinCodes() []string {
	h.mu.Lock()
	addrs := h.addrs
	h.mu.Unlock()
	var out []string
	for _, a := range addrs {
		code, err := discovery.JoinCode{Addr: netip.AddrPortFrom(a, h.port), Fingerprint: h.id.Fingerprint()}.Encode()
		if err == nil {
			out = append(out, code)
		}
	}
	return out
}

// Seats are the seats: who holds each and who is connected.
func (h *Hosting) Seats() []wire.SeatInfo {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.seats)
}

// Table is who is at the table now: the seats, the spectators and the
// wrong PINs refused since the PIN was made (host.Host.Table).
func (h *Hosting) Table() host.Table { return h.host.Table() }

// Release frees a seat another device holds (a lost tablet, a player
// handing over): its token stops working and anyone may join it with the
// PIN.
func (h *Hosting) Release(seat console.Seat) { h.host.Release(seat) }

// NewPIN shows a new PIN: the old one stops working, and the count of
// wrong PINs starts again (after too many wrong PINs on this game
// everyone must wait until then).
func (h *Hosting) NewPIN() (secure.PIN, error) {
	pin, err := secure.NewPIN()
	if err != nil {
		return "", fmt.Errorf("new PIN: %w", err)
	}
	if err := h.host.SetPIN(pin); err != nil {
		return "", err
	}
	h.mu.Lock()
	h.pin = pin
	h.mu.Unlock()
	return pin, nil
}

// Err is the last error keeping the record (a seat token not saved: that
// seat rejoins with the PIN after a re-host).
func (h *Hosting) Err() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.saveErr
}

// Close stops watching the addresses, advertising and serving; joined
// devices are told the host stopped (they keep trying, and rejoin when the
// game is hosted again). It does not wait for OnAddrs to return.
func (h *Hosting) Close() error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil
	}
	h.closed = true
	close(h.stop)
	h.mu.Unlock()
	h.advMu.Lock()
	h.unadvertise()
	h.advMu.Unlock()
	h.host.Close()
	if err := <-h.done; err != nil && !errors.Is(err, host.ErrClosed) {
		return err
	}
	return nil
}
