// Package host serves one game in play (a console.Game) to remote seats on
// the local network: the host side of LAN play (DESIGN.md section 5, issue
// 12).
//
// A Host accepts connections on any net.Listener (a TCP listener for real,
// sync/linktest's in-memory one in tests). Each connection goes through:
//
//  1. TLS 1.3 with the game's identity (secure.ServerConfig), under
//     Config.HandshakeTimeout, which also covers steps 2 and 3;
//  2. the wire handshake (wire.ServerHello): a client whose protocol does not
//     overlap the host's gets the host's Hello and a Refuse saying which side
//     to update, and is closed;
//  3. the Join: a Join.Token equal to the seat's saved token reclaims the
//     seat without the PIN (an older connection of that seat is closed with
//     Bye "replaced"); otherwise the PIN is checked through the Limiter (the
//     refusal is the limiter's sentence, for the player, with RetryAfterMs
//     during a wait). A player's seat that is connected elsewhere is refused
//     as taken. A seat with a saved token but no connection may be joined
//     with the PIN; it then gets a new token and the old one stops working.
//     console.Public joins as a spectator (the PIN is needed, no token, any
//     number of spectators).
//  4. Joined (the seat, its token, the game's Info, the seats), the seat's
//     full View, and its History after Join.LastSeq.
//
// After that the host answers Command with Result (game.Do or game.Undo as
// the seat; the command id makes a retry idempotent, the engine sees to it),
// Heartbeat with Ack, History with the seat's lines after History.After,
// and Catchup with a full View and the lines after Catchup.Seq. On every
// change the seat may see (game.Subscribe for that seat) it sends the seat's
// View, as a delta against the view bytes last sent on this connection when
// that is smaller, followed by the seat's new History lines. A connection
// only ever carries State and History of its own seat.
//
// A connection silent for longer than Config.IdleTimeout is closed (the
// client sends Heartbeats); Bye closes it. The game goes on while a seat is
// away, and the seat rejoins with its token.
//
// Seat tokens given out are reported to Config.OnToken, and a re-hosted
// game is given them back in Config.Tokens (sync/hosting keeps them with
// the game), so players rejoin their seats without the PIN. The results of
// undo commands (which the engine does not index by id) are remembered in
// memory for a retry on the same link (a double tap); the client does not
// resend an undo across a reconnect, since a restarted host would not know
// its id.
package host

import (
	"bufio"
	"context"
	"crypto/subtle"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/sync/secure"
	"github.com/commandconsole/commandconsole/sync/wire"
)

// Default timeouts.
const (
	// DefaultHandshakeTimeout bounds TLS, Hello and Join together.
	DefaultHandshakeTimeout = 10 * time.Second
	// DefaultIdleTimeout closes a connection that sent nothing for that
	// long.
	DefaultIdleTimeout = 15 * time.Second
)

// byeWait bounds a send once the connection is being closed.
const byeWait = time.Second

// ErrClosed is returned by Serve once Close was called.
var ErrClosed = errors.New("host: closed")

// Config is what a Host serves and how.
type Config struct {
	// Game is the game served. Required.
	Game console.Game
	// Identity is the game's TLS key and certificate. Required.
	Identity *secure.Identity
	// PIN is the 4-digit PIN shown on the host's screen. Required.
	PIN secure.PIN
	// Limiter rate-limits wrong PINs per remote; nil makes one on Now.
	Limiter *secure.Limiter
	// App is the app version sent in the Hello ("0.1.0").
	App string
	// Device is the host's device name sent in the Hello.
	Device string
	// Now is the clock for the limiter; nil is time.Now.
	Now func() time.Time
	// HandshakeTimeout bounds TLS, Hello and Join; zero is
	// DefaultHandshakeTimeout.
	HandshakeTimeout time.Duration
	// IdleTimeout closes a connection silent that long; zero is
	// DefaultIdleTimeout.
	IdleTimeout time.Duration
	// MaxFrame is the frame size limit; zero is wire.DefaultMaxFrame.
	MaxFrame int
	// Logf, when set, is told about connections that fail or end.
	Logf func(format string, args ...any)
	// Tokens are the seat tokens given out before (a re-hosted game:
	// players rejoin their seats with them, without the PIN).
	Tokens map[console.Seat]secure.Token
	// OnToken, when set, is called when a seat gets a new token, so the
	// caller can keep it with the game for the next re-hosting. It is
	// called with the Host's lock held: it must not call the Host.
	OnToken func(seat console.Seat, token secure.Token)
	// OnSeats, when set, is called with the seats whenever a device joins
	// or leaves one (for the host's own screen and its mDNS record).
	OnSeats func([]wire.SeatInfo)
	// OnTable, when set, is called with the Table whenever any of it
	// changes: a seat joined, left or reconnected, a spectator joined or
	// left, a wrong PIN was refused, SetPIN reset the count. It is for the
	// host's own screen only (nothing of it is sent to the clients). It is
	// called outside the Host's lock, one call at a time and in order: a
	// change made while a call runs (even by the call itself) is told by
	// one more call with the latest Table once it returns, and quick
	// changes may be told as one.
	OnTable func(Table)
	// LocalSeats are the seats played on the host's own device: never
	// joinable over the network, shown in the lobby as the host's.
	LocalSeats []console.Seat
	// MaxSpectators bounds the spectators at once; zero is
	// DefaultMaxSpectators.
	MaxSpectators int
}

// Limits on connections.
const (
	// DefaultMaxSpectators is Config.MaxSpectators's default.
	DefaultMaxSpectators = 8
	// maxPending bounds the connections not yet joined (TLS, Hello, Join
	// under way), and maxPendingPerRemote those of one remote: a device
	// without the PIN cannot use up the host's file descriptors.
	maxPending          = 32
	maxPendingPerRemote = 4
)

// Host serves one game to remote seats. It is safe for concurrent use.
type Host struct {
	cfg Config
	tls *tls.Config

	mu        sync.Mutex
	closed    bool
	listeners map[net.Listener]struct{}
	conns     map[*conn]struct{}
	seats     map[console.Seat]*seat
	wg        sync.WaitGroup
	pin       secure.PIN
	// pending counts the connections not yet joined, in all and by
	// remote; spectators are the spectators admitted, in join order.
	pending    int
	pendingBy  map[string]int
	spectators []*conn
	// wrongPINs counts the wrong PINs refused since the PIN was made.
	wrongPINs int
	// tableDirty says the Table changed since OnTable was last called,
	// tableBusy that a goroutine is calling it (see tableChanged).
	tableDirty, tableBusy bool
	// feeds are the seats' shared views, one per seat with a connection.
	feeds map[console.Seat]*feed
	// undos remembers the results of recent undo commands by id, per
	// seat: the engine's Undo takes no id, so a retried undo is answered
	// from here instead of taking back a second command.
	undos map[console.Seat]*undoLog
}

// Table is what the host's own screen shows of who is at the table. Only
// the host's own UI reads it: none of it is sent to the clients.
type Table struct {
	// Seats are the game's player seats, who holds and who is connected to
	// each (as Seats returns them).
	Seats []wire.SeatInfo
	// Spectators are the device names of the connected spectators, in
	// join order (a device that sent no name is "").
	Spectators []string
	// WrongPINs counts the join attempts refused for a wrong PIN since the
	// current PIN was made (New or SetPIN), including wrong PINs tried
	// during the limiter's wait.
	WrongPINs int
}

// undoLog is a seat's recent undo results, oldest first.
type undoLog struct {
	ids     []string
	results map[string]wire.Result
}

// maxUndoLog bounds the undo results remembered per seat.
const maxUndoLog = 32

// seat is what the host keeps of one player's seat.
type seat struct {
	token  secure.Token
	device string
	conn   *conn // the connected one, or nil
}

// New returns a Host for cfg. It panics when Game or Identity is missing
// or PIN is not 4 digits (a programming error: an empty PIN would let
// anyone in).
func New(cfg Config) *Host {
	if cfg.Game == nil || cfg.Identity == nil {
		panic("host.New: Config needs Game and Identity")
	}
	if p, err := secure.ParsePIN(string(cfg.PIN)); err != nil || p != cfg.PIN {
		panic(fmt.Sprintf("host.New: Config.PIN %q is not 4 digits", cfg.PIN))
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Limiter == nil {
		cfg.Limiter = secure.NewLimiter(cfg.Now)
	}
	if cfg.HandshakeTimeout <= 0 {
		cfg.HandshakeTimeout = DefaultHandshakeTimeout
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = DefaultIdleTimeout
	}
	if cfg.MaxFrame <= 0 {
		cfg.MaxFrame = wire.DefaultMaxFrame
	}
	h := &Host{
		cfg:       cfg,
		tls:       secure.ServerConfig(cfg.Identity),
		listeners: map[net.Listener]struct{}{},
		conns:     map[*conn]struct{}{},
		seats:     map[console.Seat]*seat{},
		undos:     map[console.Seat]*undoLog{},
		pin:       cfg.PIN,
		pendingBy: map[string]int{},
		feeds:     map[console.Seat]*feed{},
	}
	if cfg.MaxSpectators <= 0 {
		h.cfg.MaxSpectators = DefaultMaxSpectators
	}
	for s, tok := range cfg.Tokens {
		if !tok.IsZero() {
			h.seats[s] = &seat{token: tok}
		}
	}
	return h
}

// Serve accepts connections on ln until Close (it then returns ErrClosed)
// or until Accept fails for good (it returns that error). A temporary
// failure (a timeout, too many open files, a connection aborted before it
// was accepted) is retried after a pause, 5 ms doubling to 1 s, as
// net/http does. Connections beyond the limits on connections not yet
// joined are closed at once. It closes ln when it returns. Serve may be
// called for several listeners.
func (h *Host) Serve(ln net.Listener) error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		ln.Close()
		return ErrClosed
	}
	h.listeners[ln] = struct{}{}
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		delete(h.listeners, ln)
		h.mu.Unlock()
		ln.Close()
	}()
	var pause time.Duration
	for {
		nc, err := ln.Accept()
		if err != nil {
			h.mu.Lock()
			closed := h.closed
			h.mu.Unlock()
			if closed {
				return ErrClosed
			}
			if temporary(err) {
				pause = min(max(2*pause, 5*time.Millisecond), time.Second)
				h.logf("host: accept: %v; retrying in %v", err, pause)
				time.Sleep(pause)
				continue
			}
			return fmt.Errorf("host: accept: %w", err)
		}
		pause = 0
		c := &conn{h: h, raw: nc, remote: secure.RemoteKey(nc.RemoteAddr()),
			lobbyWake: make(chan struct{}, 1), viewWake: make(chan struct{}, 1)}
		h.mu.Lock()
		if h.closed {
			h.mu.Unlock()
			nc.Close()
			return ErrClosed
		}
		if h.pending >= maxPending || h.pendingBy[c.remote] >= maxPendingPerRemote {
			h.mu.Unlock()
			nc.Close()
			continue
		}
		h.pending++
		h.pendingBy[c.remote]++
		h.conns[c] = struct{}{}
		h.wg.Add(1)
		h.mu.Unlock()
		go func() {
			defer h.wg.Done()
			c.serve()
		}()
	}
}

// Close stops every Serve, tells each joined connection the host is closing
// (Bye), closes every connection and waits for their goroutines. The game
// itself is not closed.
func (h *Host) Close() error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil
	}
	h.closed = true
	for ln := range h.listeners {
		ln.Close()
	}
	conns := make([]*conn, 0, len(h.conns))
	for c := range h.conns {
		conns = append(conns, c)
	}
	h.mu.Unlock()
	for _, c := range conns {
		c.bye(wire.ByeHostClosing, "the host stopped the game")
	}
	h.wg.Wait()
	return nil
}

// Seats returns the game's player seats with who holds and who is
// connected to each, as sent in Joined.
func (h *Host) Seats() []wire.SeatInfo {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.seatInfoLocked()
}

// Table returns who is at the table now: the seats, the spectators and the
// wrong PINs refused since the PIN was made.
func (h *Host) Table() Table {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.tableLocked()
}

func (h *Host) tableLocked() Table {
	t := Table{Seats: h.seatInfoLocked(), Spectators: make([]string, 0, len(h.spectators)), WrongPINs: h.wrongPINs}
	for _, c := range h.spectators {
		t.Spectators = append(t.Spectators, c.device)
	}
	return t
}

// tableChanged calls OnTable with the latest Table if it changed
// (h.tableDirty). One goroutine at a time calls it: another that finds it
// busy leaves its change to that one, which calls again after the call
// under way, so the calls are in order and never of an older Table, and a
// call that changes the table itself does not deadlock.
func (h *Host) tableChanged() {
	if h.cfg.OnTable == nil {
		return
	}
	h.mu.Lock()
	if h.tableBusy || !h.tableDirty {
		h.mu.Unlock()
		return
	}
	h.tableBusy = true
	for h.tableDirty {
		h.tableDirty = false
		t := h.tableLocked()
		h.mu.Unlock()
		h.cfg.OnTable(t)
		h.mu.Lock()
	}
	h.tableBusy = false
	h.mu.Unlock()
}

func (h *Host) seatInfoLocked() []wire.SeatInfo {
	info := h.cfg.Game.Info()
	out := make([]wire.SeatInfo, 0, len(info.Seats))
	for _, s := range info.Seats {
		si := wire.SeatInfo{Seat: s}
		if slices.Contains(h.cfg.LocalSeats, s) {
			si.Device, si.Taken, si.Connected = h.cfg.Device, true, true
		} else if st := h.seats[s]; st != nil {
			si.Device, si.Taken, si.Connected = st.device, !st.token.IsZero(), st.conn != nil
		}
		out = append(out, si)
	}
	return out
}

func (h *Host) logf(format string, args ...any) {
	if h.cfg.Logf != nil {
		h.cfg.Logf(format, args...)
	}
}

// conn is one client connection.
type conn struct {
	h      *Host
	raw    net.Conn
	remote string

	tc        *tls.Conn
	device    string // a spectator's device name, from its Hello
	r         *wire.Reader
	w         *wire.Writer
	seat      console.Seat
	lobbyWake chan struct{}
	viewWake  chan struct{}
	feed      *feed
	bw        *bufio.Writer

	// mu orders sends and guards what was last sent.
	mu     sync.Mutex
	prev   []byte         // the view bytes last sent
	seq    uint64         // the sequence number last sent
	status console.Status // the status last sent
	// lines are the history lines the client holds (as sent): comparing
	// them with the game's finds where an undo changed the history, and
	// the client's own requests (History, Catchup) are answered from
	// them and from prev, without touching the game, so their timing
	// cannot tell when another seat's command is being stored.
	lines   []console.HistoryLine
	byeSent bool
	// closing is set by bye: sends then get only byeWait.
	closing atomic.Bool
}

// send writes m under a write deadline. The caller holds c.mu.
func (c *conn) sendLocked(m wire.Message) error {
	if err := c.queueLocked(m); err != nil {
		return err
	}
	return c.flushLocked()
}

// queueLocked writes m to the connection's buffer; flushLocked sends the
// buffer (a burst of frames goes out as one TLS record). The caller holds
// c.mu.
func (c *conn) queueLocked(m wire.Message) error {
	if c.w == nil {
		return errors.New("not connected")
	}
	c.setWriteDeadline()
	return c.w.Send(m)
}

func (c *conn) flushLocked() error {
	if c.bw == nil {
		return nil
	}
	c.setWriteDeadline()
	if err := c.bw.Flush(); err != nil {
		return fmt.Errorf("send: %w", err)
	}
	return nil
}

func (c *conn) setWriteDeadline() {
	wait := c.h.cfg.IdleTimeout
	if c.closing.Load() {
		wait = byeWait
	}
	c.raw.SetWriteDeadline(time.Now().Add(wait))
}

func (c *conn) send(m wire.Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sendLocked(m)
}

// bye sends Bye (once, best effort) and closes the connection.
//
// A send under way (to a client that stopped reading it could wait for its
// write deadline) is given at most a second more before the Bye.
func (c *conn) bye(code wire.ByeCode, msg string) {
	c.closing.Store(true)
	c.raw.SetWriteDeadline(time.Now().Add(byeWait))
	c.mu.Lock()
	if !c.byeSent && c.w != nil {
		c.byeSent = true
		c.raw.SetWriteDeadline(time.Now().Add(byeWait))
		c.w.Send(wire.Bye{Code: code, Message: msg})
		if c.bw != nil {
			c.bw.Flush()
		}
	}
	c.mu.Unlock()
	c.raw.Close()
}

func (c *conn) serve() {
	h := c.h
	joined := false
	defer func() {
		c.raw.Close()
		h.mu.Lock()
		delete(h.conns, c)
		if !joined {
			h.unpendLocked(c.remote)
		}
		left := false
		if i := slices.Index(h.spectators, c); i >= 0 {
			h.spectators = slices.Delete(h.spectators, i, i+1)
			h.tableDirty = true
		}
		if c.seat != "" && c.seat != console.Public {
			if st := h.seats[c.seat]; st != nil && st.conn == c {
				st.conn = nil
				left = true
			}
		}
		h.mu.Unlock()
		if left {
			h.broadcastLobby()
		}
		h.tableChanged()
	}()
	err := c.join()
	h.mu.Lock()
	h.unpendLocked(c.remote)
	joined = err == nil
	h.mu.Unlock()
	if err != nil {
		h.detach(c) // the join may have failed after the seat's feed took it
		h.logf("host: %s: %v", c.raw.RemoteAddr(), err)
		return
	}
	stop := make(chan struct{})
	outDone := make(chan struct{})
	go func() {
		defer close(outDone)
		c.outbox(stop)
	}()
	defer func() {
		h.detach(c)
		close(stop)
		<-outDone
	}()
	h.broadcastLobby()
	// A change between the first view and the feed's subscription is
	// caught here.
	c.feed.refresh()
	c.wakeView()
	err = c.loop()
	h.logf("host: %s (seat %s): %v", c.raw.RemoteAddr(), c.seat, err)
}

// unpendLocked counts one connection of remote as no longer pending. The
// caller holds h.mu.
func (h *Host) unpendLocked(remote string) {
	h.pending--
	if h.pendingBy[remote]--; h.pendingBy[remote] <= 0 {
		delete(h.pendingBy, remote)
	}
}

// temporary reports whether an Accept error may pass: a timeout, or the
// process out of file descriptors, or a connection aborted.
func temporary(err error) bool {
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return true
	}
	return errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE) ||
		errors.Is(err, syscall.ECONNABORTED) || errors.Is(err, syscall.ENOBUFS) || errors.Is(err, syscall.ENOMEM)
}

// outbox sends this connection its seat's new views and history lines
// (when its feed wakes it) and the seats (when broadcastLobby does), until
// stop: on its own goroutine, so a device that stopped reading holds up
// nobody else.
func (c *conn) outbox(stop <-chan struct{}) {
	for {
		select {
		case <-stop:
			return
		case <-c.viewWake:
			c.mu.Lock()
			if c.w != nil && !c.byeSent {
				err := c.pushLocked(true)
				if err == nil {
					err = c.flushLocked()
				}
				if err != nil {
					c.h.logf("host: seat %s: %v", c.seat, err)
					c.raw.Close()
				}
			}
			c.mu.Unlock()
		case <-c.lobbyWake:
			c.h.mu.Lock()
			lobby := wire.Lobby{Seats: c.h.seatInfoLocked()}
			c.h.mu.Unlock()
			c.mu.Lock()
			if c.w != nil && !c.byeSent {
				c.sendLocked(lobby)
			}
			c.mu.Unlock()
		}
	}
}

// wakeView asks the outbox to send what changed.
func (c *conn) wakeView() {
	select {
	case c.viewWake <- struct{}{}:
	default: // a wake-up is pending: it will send the latest
	}
}

// feed is one seat's view, worked out and encoded once per change and
// shared by every connection of that seat (the spectators share theirs).
// It keeps the latest state it was offered, by the game's version
// (console.Versioned), so a connection is never sent an older view after a
// newer one.
type feed struct {
	h    *Host
	seat console.Seat

	mu      sync.Mutex
	have    bool
	version uint64
	st      console.SeatState
	enc     []byte
	cancel  func()
	// n counts the connections on the feed (under h.mu).
	n int
}

// attach joins c to its seat's feed, making the feed (and its one
// subscription to the game) for the seat's first connection.
func (h *Host) attach(c *conn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	f := h.feeds[c.seat]
	if f == nil {
		f = &feed{h: h, seat: c.seat}
		h.feeds[c.seat] = f
		f.cancel = h.cfg.Game.Subscribe(c.seat, f.update)
	}
	f.n++
	c.feed = f
}

// detach takes c off its feed, and ends the feed after its last
// connection.
func (h *Host) detach(c *conn) {
	h.mu.Lock()
	f := c.feed // kept on c: its outbox may still be reading it
	var cancel func()
	if f != nil {
		if f.n--; f.n == 0 {
			if h.feeds[f.seat] == f {
				delete(h.feeds, f.seat)
			}
			cancel = f.cancel
		}
	}
	h.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// update is the feed's subscription: the seat's new state, offered, then
// every connection of the seat woken.
func (f *feed) update(u console.Update) {
	if u.Version == 0 || u.Encoded == nil {
		f.refresh()
	} else {
		f.offer(u.SeatState, u.Encoded, u.Version)
	}
	f.h.mu.Lock()
	for c := range f.h.conns {
		if c.feed == f {
			c.wakeView()
		}
	}
	f.h.mu.Unlock()
}

// refresh reads the seat's state now and offers it.
func (f *feed) refresh() error {
	var st console.SeatState
	var version uint64
	var err error
	if vg, ok := f.h.cfg.Game.(console.Versioned); ok {
		st, version, err = vg.StateVersion(f.seat)
	} else {
		st, err = f.h.cfg.Game.State(f.seat)
	}
	if err != nil {
		return fmt.Errorf("state of %s: %w", f.seat, err)
	}
	enc, err := console.Encode(st.View)
	if err != nil {
		return fmt.Errorf("encode view of %s: %w", f.seat, err)
	}
	f.offer(st, enc, version)
	return nil
}

// offer keeps st unless the feed has a later one (by version; a game
// without versions, version 0, is always taken).
func (f *feed) offer(st console.SeatState, enc []byte, version uint64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.have && version != 0 && version < f.version {
		return
	}
	f.have, f.version, f.st, f.enc = true, version, st, enc
}

// latest is the feed's state and its encoded view.
func (f *feed) latest() (console.SeatState, []byte, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.st, f.enc, f.have
}

// join runs TLS, the Hello and the Join, and sends the seat its start.
func (c *conn) join() error {
	h := c.h
	deadline := time.Now().Add(h.cfg.HandshakeTimeout)
	c.raw.SetDeadline(deadline)
	c.tc = tls.Server(c.raw, h.tls)
	ctx, stop := context.WithDeadline(context.Background(), deadline)
	defer stop()
	if err := c.tc.HandshakeContext(ctx); err != nil {
		return fmt.Errorf("TLS handshake: %w", err)
	}
	r := wire.NewReader(c.tc, h.cfg.MaxFrame)
	w := wire.NewWriter(c.tc, h.cfg.MaxFrame)
	// The game served is named in the Hello (its id and title are public:
	// the mDNS record has them too), so a client whose pinned key does not
	// match can tell this tablet now serves another game.
	hello := wire.NewHello(wire.RoleHost, h.cfg.App, h.cfg.Device)
	info := h.cfg.Game.Info()
	hello.Game, hello.Title = info.ID, info.Title
	peer, _, err := wire.ServerHello(r, w, hello)
	if err != nil {
		return fmt.Errorf("hello: %w", err)
	}
	m, err := r.Read()
	if err != nil {
		return fmt.Errorf("read join: %w", err)
	}
	j, ok := m.(wire.Join)
	if !ok {
		w.Send(wire.Refuse{Code: wire.RefuseProtocol, Message: fmt.Sprintf("the host expected a join, not %s", m.Kind())})
		return fmt.Errorf("expected a join, got %s", m.Kind())
	}
	joined, ref := h.admit(c, j, peer.Device)
	if ref != nil {
		w.Send(*ref)
		return fmt.Errorf("join refused: %s", ref.Message)
	}
	h.attach(c)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.bw = bufio.NewWriterSize(c.tc, 16<<10)
	c.r, c.w = r, wire.NewWriter(c.bw, h.cfg.MaxFrame)
	if err := c.queueLocked(joined); err != nil {
		return fmt.Errorf("send joined: %w", err)
	}
	if err := c.catchupLocked("", j.LastSeq, j.LastSum); err != nil {
		return err
	}
	if err := c.flushLocked(); err != nil {
		return err
	}
	c.raw.SetReadDeadline(time.Time{})
	return nil
}

// catchupLocked sends the seat's full view and its history after the
// client's line seq, or the whole history when the client's line seq is
// not the game's (its checksum sum differs: an undo took it back). The
// caller holds c.mu. It reads the game (on joining).
func (c *conn) catchupLocked(kind console.ChangeKind, seq uint64, sum uint32) error {
	c.prev = nil
	if err := c.feed.refresh(); err != nil {
		return err
	}
	if err := c.sendViewLocked(kind != ""); err != nil {
		return err
	}
	all, err := c.h.cfg.Game.History(c.seat, 0)
	if err != nil {
		return fmt.Errorf("history of %s: %w", c.seat, err)
	}
	c.lines = slices.Clone(all)
	return c.sendHeldHistoryLocked(seq, sum)
}

// sendHeldHistoryLocked sends the lines held after the client's line seq
// (all of them when the client's line seq is not the one held). The caller
// holds c.mu.
func (c *conn) sendHeldHistoryLocked(seq uint64, sum uint32) error {
	after := uint64(0)
	if seq > 0 && seq <= uint64(len(c.lines)) && wire.LineSum(c.lines[seq-1]) == sum {
		after = seq
	}
	if err := c.queueLocked(wire.History{After: after, Lines: c.lines[after:]}); err != nil {
		return fmt.Errorf("send history: %w", err)
	}
	return nil
}

// broadcastLobby wakes every joined connection's lobby loop, which sends
// it the seats as they are then, and tells OnSeats and OnTable.
func (h *Host) broadcastLobby() {
	h.mu.Lock()
	seats := h.seatInfoLocked()
	for c := range h.conns {
		select {
		case c.lobbyWake <- struct{}{}:
		default: // a wake-up is pending: it will send the latest seats
		}
	}
	h.tableDirty = true
	h.mu.Unlock()
	if h.cfg.OnSeats != nil {
		h.cfg.OnSeats(seats)
	}
	h.tableChanged()
}

// admit decides a Join: the Joined to send, or the Refuse.
//
// A seat token reclaims its seat first. Everything else needs the PIN
// before anything is judged, so that a device without it learns nothing
// more than the public facts of the Hello and the mDNS record (the game's
// id and title): not the seats, not who holds them. A seat played on the host's device
// is never joinable, and a seat another device holds (its token) is not
// taken with the PIN alone: that device rejoins with its token, or the
// host's player frees the seat (Release).
func (h *Host) admit(c *conn, j wire.Join, device string) (wire.Joined, *wire.Refuse) {
	info := h.cfg.Game.Info()
	if j.Seat != console.Public && j.Seat != "" && j.Token != "" {
		tok, err := secure.ParseToken(j.Token)
		h.mu.Lock()
		st := h.seats[j.Seat]
		if err == nil && st != nil && st.token.Equal(tok) && (j.Game == "" || j.Game == info.ID) {
			old := st.conn
			st.conn, st.device = c, device
			c.seat = j.Seat
			joined := wire.Joined{Seat: j.Seat, Token: j.Token, Game: info, Seats: h.seatInfoLocked()}
			h.mu.Unlock()
			if old != nil {
				old.bye(wire.ByeReplaced, "this seat was taken up on another device")
			}
			return joined, nil
		}
		h.mu.Unlock()
		if j.PIN == "" {
			return wire.Joined{}, &wire.Refuse{Code: wire.RefuseBadToken,
				Message: fmt.Sprintf("the host no longer keeps seat %s for this device (the seat was freed, or the game was hosted again without its seats): join again with the PIN", j.Seat)}
		}
	}
	h.mu.Lock()
	pin := h.pin
	h.mu.Unlock()
	if err := h.cfg.Limiter.Check(c.remote, pin, secure.PIN(j.PIN)); err != nil {
		ref := &wire.Refuse{Code: wire.RefuseWrongPIN, Message: err.Error()}
		wrong := true
		var we *secure.WaitError
		if errors.As(err, &we) {
			ref.Code = wire.RefuseRateLimit
			ref.RetryAfterMs = uint32(min(we.Wait.Milliseconds(), 1<<31))
			// During the wait even the right PIN is refused: only a wrong
			// one counts.
			wrong = subtle.ConstantTimeCompare([]byte(pin), []byte(j.PIN)) != 1
		}
		if wrong {
			h.mu.Lock()
			if h.pin == pin {
				h.wrongPINs++
				h.tableDirty = true
			}
			h.mu.Unlock()
			h.tableChanged()
		}
		return wire.Joined{}, ref
	}
	if j.Game != "" && j.Game != info.ID {
		return wire.Joined{}, &wire.Refuse{Code: wire.RefuseWrongGame,
			Message: fmt.Sprintf("this host is serving another game (%q)", info.Title)}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if j.Seat == console.Public {
		if len(h.spectators) >= h.cfg.MaxSpectators {
			return wire.Joined{}, &wire.Refuse{Code: wire.RefuseFull,
				Message: fmt.Sprintf("this game already has %d spectators", len(h.spectators))}
		}
		c.device = device
		h.spectators = append(h.spectators, c)
		h.tableDirty = true
		c.seat = console.Public
		return wire.Joined{Seat: console.Public, Game: info, Seats: h.seatInfoLocked()}, nil
	}
	if j.Seat == "" {
		// Any open seat: the first that no device holds.
		for _, s := range info.Seats {
			if st := h.seats[s]; (st == nil || st.token.IsZero()) && !slices.Contains(h.cfg.LocalSeats, s) {
				j.Seat = s
				break
			}
		}
		if j.Seat == "" {
			return wire.Joined{}, &wire.Refuse{Code: wire.RefuseFull, Message: "every seat of this game is taken: join as a spectator, or ask the host to free a seat"}
		}
	}
	if !slices.Contains(info.Seats, j.Seat) {
		return wire.Joined{}, &wire.Refuse{Code: wire.RefuseNoSuchSeat,
			Message: fmt.Sprintf("the game has no seat %q", j.Seat)}
	}
	if slices.Contains(h.cfg.LocalSeats, j.Seat) {
		return wire.Joined{}, &wire.Refuse{Code: wire.RefuseSeatTaken,
			Message: fmt.Sprintf("seat %s is played on the host's own device", j.Seat)}
	}
	st := h.seats[j.Seat]
	if st == nil {
		st = &seat{}
		h.seats[j.Seat] = st
	}
	switch {
	case st.conn != nil:
		return wire.Joined{}, &wire.Refuse{Code: wire.RefuseSeatTaken,
			Message: fmt.Sprintf("seat %s is taken: another device is playing it", j.Seat)}
	case !st.token.IsZero():
		who := "another device"
		if st.device != "" {
			who = fmt.Sprintf("another device (%s)", st.device)
		}
		return wire.Joined{}, &wire.Refuse{Code: wire.RefuseSeatTaken,
			Message: fmt.Sprintf("seat %s belongs to %s: rejoin from it, or ask the host to free the seat", j.Seat, who)}
	}
	tok, err := secure.NewToken()
	if err != nil {
		h.logf("host: make a seat token: %v", err)
		return wire.Joined{}, &wire.Refuse{Code: wire.RefuseProtocol, Message: "the host could not make a seat token: try again"}
	}
	st.token, st.device, st.conn = tok, device, c
	c.seat = j.Seat
	if h.cfg.OnToken != nil {
		h.cfg.OnToken(j.Seat, tok)
	}
	return wire.Joined{Seat: j.Seat, Token: tok.String(), Game: info, Seats: h.seatInfoLocked()}, nil
}

// Release frees a seat a device holds: its token stops working (its link,
// if up, is closed with Bye "replaced"), and any device may join the seat
// with the PIN. The host's player does it when a tablet is lost or handed
// to someone else.
func (h *Host) Release(seat console.Seat) {
	h.mu.Lock()
	st := h.seats[seat]
	delete(h.seats, seat)
	h.mu.Unlock()
	if st != nil && st.conn != nil {
		st.conn.bye(wire.ByeReplaced, "the host freed this seat")
	}
	if h.cfg.OnToken != nil && st != nil {
		h.cfg.OnToken(seat, secure.Token{})
	}
	h.broadcastLobby()
}

// SetPIN changes the PIN (the host shows a new one) and forgets every
// wrong PIN counted so far (the limiter's, and the Table's WrongPINs).
func (h *Host) SetPIN(pin secure.PIN) error {
	if p, err := secure.ParsePIN(string(pin)); err != nil || p != pin {
		return fmt.Errorf("set PIN: %q is not 4 digits", pin)
	}
	h.mu.Lock()
	h.pin = pin
	if h.wrongPINs != 0 {
		h.wrongPINs = 0
		h.tableDirty = true
	}
	h.mu.Unlock()
	h.cfg.Limiter.Reset()
	h.tableChanged()
	return nil
}

// sendViewLocked queues the seat's view from its feed, as a delta against
// c.prev when smaller; nothing when it is the same as c.prev. changed says
// whether it follows a change (its kind is then worked out from the
// seat's sequence number) or is sent on joining. The caller holds c.mu.
func (c *conn) sendViewLocked(changed bool) error {
	st, cur, ok := c.feed.latest()
	if !ok || (c.prev != nil && string(cur) == string(c.prev) && st.Seq == c.seq) {
		return nil
	}
	var kind console.ChangeKind
	if changed {
		// What changed is told as the seat sees it: an undo only when the
		// seat's own sequence went back (never another seat's hidden undo,
		// which a session-wide change kind could name).
		kind = console.ChangeCommand
		if st.Seq < c.seq {
			kind = console.ChangeUndo
		}
	}
	v := wire.View{Seat: c.seat, Seq: st.Seq, Change: kind, Status: st.Status}
	v.Pack(c.prev, cur)
	if err := c.queueLocked(v); err != nil {
		return fmt.Errorf("send view: %w", err)
	}
	c.prev, c.seq, c.status = cur, st.Seq, st.Status
	return nil
}

// pushLocked queues what changed for the seat: its view and its history
// lines. The caller holds c.mu and flushes.
func (c *conn) pushLocked(changed bool) error {
	if err := c.sendViewLocked(changed); err != nil {
		return err
	}
	return c.sendHistoryLocked()
}

// sendHistoryLocked brings the client's history in step with the game's:
// from the last line both hold the same (found from the end by the
// lines' checksums, so an undo followed by new lines is caught even when
// the count is the same), it sends the lines after it, or nothing when
// nothing changed. The caller holds c.mu.
func (c *conn) sendHistoryLocked() error {
	all, err := c.h.cfg.Game.History(c.seat, 0)
	if err != nil {
		return fmt.Errorf("history of %s: %w", c.seat, err)
	}
	k := min(len(all), len(c.lines))
	for k > 0 && all[k-1] != c.lines[k-1] {
		k--
	}
	if k == len(all) && k == len(c.lines) {
		return nil
	}
	lines := all[k:]
	if err := c.queueLocked(wire.History{After: uint64(k), Lines: lines}); err != nil {
		return fmt.Errorf("send history: %w", err)
	}
	c.lines = append(c.lines[:k], lines...)
	return nil
}

// loop reads the client's messages until it leaves, goes silent or breaks
// the protocol.
func (c *conn) loop() error {
	g := c.h.cfg.Game
	for {
		c.raw.SetReadDeadline(time.Now().Add(c.h.cfg.IdleTimeout))
		m, err := c.r.Read()
		if errors.Is(err, wire.ErrMalformed) || errors.Is(err, wire.ErrUnknownKind) {
			continue // the frame was read whole: the stream is in step
		}
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				c.bye(wire.ByeTimeout, fmt.Sprintf("nothing heard from this device for %s", c.h.cfg.IdleTimeout))
				return fmt.Errorf("silent for %s", c.h.cfg.IdleTimeout)
			}
			return fmt.Errorf("read: %w", err)
		}
		switch m := m.(type) {
		case wire.Heartbeat:
			err = c.send(wire.Ack{N: m.N})
		case wire.Bye:
			return fmt.Errorf("bye (%s)", m.Code)
		case wire.Command:
			err = c.command(g, m)
		case wire.History:
			c.mu.Lock()
			after := min(m.After, uint64(len(c.lines)))
			err = c.sendLocked(wire.History{After: after, Lines: c.lines[after:]})
			c.mu.Unlock()
		case wire.Catchup:
			// From what this connection last sent: the latest view and
			// lines of the seat (the subscription sends any newer).
			c.mu.Lock()
			if c.prev != nil {
				err = c.queueLocked(wire.View{Seat: c.seat, Seq: c.seq, Status: c.status, Full: c.prev})
			}
			if err == nil {
				err = c.sendHeldHistoryLocked(m.Seq, m.Sum)
			}
			if err == nil {
				err = c.flushLocked()
			}
			c.mu.Unlock()
		default:
			c.bye(wire.ByeProtocol, fmt.Sprintf("the host did not expect %s here", m.Kind()))
			return fmt.Errorf("unexpected %s", m.Kind())
		}
		if err != nil {
			return err
		}
	}
}

// command runs one command and sends the seat what changed, then the
// Result: the client's view and history are up to date when it reads the
// Result. c.mu is held throughout, so the seat's subscription (which takes
// it too) sends nothing in between.
func (c *conn) command(g console.Game, m wire.Command) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	res := c.do(g, m)
	if res.Accepted() {
		if err := c.feed.refresh(); err != nil {
			return err
		}
		if err := c.pushLocked(true); err != nil {
			return err
		}
	}
	return c.sendLocked(res)
}

// do runs one command as the connection's seat.
func (c *conn) do(g console.Game, m wire.Command) wire.Result {
	res := wire.Result{ID: m.ID}
	if c.seat == console.Public {
		res.Refusal = &console.Rejection{Msg: "a spectator cannot give commands", Reason: console.ReasonNotAllowed}
		return res
	}
	var out console.Outcome
	var err error
	if m.Undo {
		if r, ok := c.h.undoResult(c.seat, m.ID); ok {
			r.Duplicate = true
			return r
		}
		defer func() { c.h.rememberUndo(c.seat, res) }()
		out, err = g.Undo(c.seat)
	} else {
		out, err = g.Do(c.seat, m.Console())
	}
	if err != nil {
		var rej *console.Rejection
		if !errors.As(err, &rej) {
			// The host's own failure (a store error, rules that panicked)
			// goes to its log; the player gets a sentence, not the host's
			// paths and stack.
			c.h.logf("host: seat %s: command %s: %v", c.seat, m.ID, err)
			rej = &console.Rejection{Msg: "the host could not do that because of an error on the host (its log says more); the game is as it was", Reason: console.ReasonConflict}
		}
		res.Refusal = rej
		return res
	}
	res.Seq, res.Duplicate, res.Lines = out.Seq, out.Duplicate, out.Lines
	if out.Warning != "" {
		c.h.logf("host: seat %s: command %s: %s", c.seat, m.ID, out.Warning)
		res.Warning = "the host had a problem keeping a snapshot; the command itself is stored"
	}
	return res
}

// undoResult returns the result of an undo already done with id.
func (h *Host) undoResult(seat console.Seat, id string) (wire.Result, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if u := h.undos[seat]; u != nil {
		r, ok := u.results[id]
		return r, ok
	}
	return wire.Result{}, false
}

// rememberUndo keeps an undo's result for a retry of its id.
func (h *Host) rememberUndo(seat console.Seat, r wire.Result) {
	h.mu.Lock()
	defer h.mu.Unlock()
	u := h.undos[seat]
	if u == nil {
		u = &undoLog{results: map[string]wire.Result{}}
		h.undos[seat] = u
	}
	if _, ok := u.results[r.ID]; ok {
		return
	}
	u.ids = append(u.ids, r.ID)
	u.results[r.ID] = r
	if len(u.ids) > maxUndoLog {
		delete(u.results, u.ids[0])
		u.ids = u.ids[1:]
	}
}
