package client

import (
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"net"
	"reflect"
	"slices"
	"sync"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games"
	"github.com/commandconsole/commandconsole/sync/discovery"
	"github.com/commandconsole/commandconsole/sync/secure"
	"github.com/commandconsole/commandconsole/sync/wire"
)

// Defaults of Config's durations.
const (
	DefaultHeartbeat      = 2 * time.Second
	DefaultTimeout        = 7 * time.Second
	DefaultCommandTimeout = 10 * time.Second
	DefaultOfflineWait    = 2 * time.Second
	DefaultMinBackoff     = 250 * time.Millisecond
	// DefaultMaxBackoff caps the wait between reconnections: a guest is
	// back within seconds of the host hosting the game again. Keep it at
	// 5 s or less.
	DefaultMaxBackoff = 5 * time.Second
	// DefaultJoinTimeout bounds Join's first connection.
	DefaultJoinTimeout = 15 * time.Second
)

// Config says which game to join and how.
type Config struct {
	// Addr is the host's address, "host:port". Required. The client
	// reconnects there; Client.SetAddrs gives it other addresses to try
	// while the link is down, and a link that comes up at one of them
	// makes it the address kept (Record.Addr).
	Addr string
	// Fingerprint is the host key's fingerprint (from the join code, the
	// mDNS record or a saved Record). Required: for a typed address, Probe
	// first and let the players compare it.
	Fingerprint discovery.Fingerprint
	// Game is the id of the game to join; empty joins whatever the host
	// serves.
	Game string
	// Seat is the seat wanted (console.Public to watch); empty takes the
	// first open seat.
	Seat console.Seat
	// PIN is the four digits the host shows; not needed with Token.
	PIN string
	// Token reclaims a seat joined before (Record.Token).
	Token string
	// App and Device go into the Hello (the app's version, the device's
	// name for the host's lobby).
	App, Device string
	// Dial opens the TCP connection; nil uses a net.Dialer.
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
	// Heartbeat, Timeout, CommandTimeout, OfflineWait, MinBackoff,
	// MaxBackoff: zero uses the defaults above.
	Heartbeat, Timeout, CommandTimeout time.Duration
	OfflineWait                        time.Duration
	MinBackoff, MaxBackoff             time.Duration
	// MaxFrame is the frame size limit; zero is wire.DefaultMaxFrame.
	MaxFrame int
	// OnRecord, when set, is called with the client's Record whenever it
	// changes (a new seat token, the host found at another address): save
	// it so the game can be rejoined from Continue.
	OnRecord func(Record)
	// Logf, when set, is told about links that fail.
	Logf func(format string, args ...any)
}

func (cfg *Config) defaults() {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&cfg.Heartbeat, DefaultHeartbeat)
	def(&cfg.Timeout, DefaultTimeout)
	def(&cfg.CommandTimeout, DefaultCommandTimeout)
	def(&cfg.OfflineWait, DefaultOfflineWait)
	def(&cfg.MinBackoff, DefaultMinBackoff)
	def(&cfg.MaxBackoff, DefaultMaxBackoff)
	if cfg.MaxFrame <= 0 {
		cfg.MaxFrame = wire.DefaultMaxFrame
	}
	if cfg.Dial == nil {
		d := &net.Dialer{}
		cfg.Dial = d.DialContext
	}
}

// Record is what a device keeps of a game it joined, to rejoin it later
// (the Continue list): where the host was, its key, the seat and its token.
// It holds no secret of the game; the token is the device's own.
type Record struct {
	Game        string                `json:"game"`
	System      string                `json:"system"`
	Title       string                `json:"title"`
	Addr        string                `json:"addr"`
	Fingerprint discovery.Fingerprint `json:"fingerprint"`
	Seat        console.Seat          `json:"seat"`
	Token       string                `json:"token,omitempty"`
	Host        string                `json:"host,omitempty"`
}

// Config returns the Config that rejoins the record's seat.
func (r Record) Config() Config {
	return Config{Addr: r.Addr, Fingerprint: r.Fingerprint, Game: r.Game, Seat: r.Seat, Token: r.Token}
}

// Client is one seat of a game hosted elsewhere. It implements
// console.Game for its own seat. It is safe for concurrent use.
type Client struct {
	cfg      Config
	rules    console.Rules
	viewType reflect.Type
	peer     wire.Hello

	mu       sync.Mutex
	info     console.GameInfo
	seat     console.Seat
	token    string
	state    console.SeatState
	gen      uint64 // bumped on every state change, for subscribers
	kind     console.ChangeKind
	prev     []byte // the view bytes last received on the current link
	needFull bool   // a delta failed: ignore deltas until a full view
	lines    []console.HistoryLine
	lobby    []wire.SeatInfo
	// addr is the host's address kept: Config.Addr, then the address a
	// link last came up at. located are SetAddrs' addresses, tried while
	// the link is down; kick (buffered) wakes a reconnection's wait when
	// they change.
	addr     string
	located  []string
	kick     chan struct{}
	link     Link
	cur      *link
	up       chan struct{} // closed when a link comes up (made by a waiting ask)
	pending  map[string]*pending
	order    []string
	subs     map[int]*subscriber
	linkSubs map[int]func(Link)
	nextSub  int
	closed   bool
	done     chan struct{}
	wg       sync.WaitGroup
}

var _ console.Game = (*Client)(nil)

// pending is a command waiting for its Result.
type pending struct {
	msg  wire.Command
	done chan struct{}
	res  wire.Result
	err  error
}

// Join connects to the host, joins cfg.Seat and returns once the seat's
// first view has arrived. Its errors say what to do: a wrong PIN, a rate
// limit, a seat taken, a version mismatch (a *wire.VersionError or the
// host's wire.Refuse, whose message names the side to update), a host key
// that is not the expected one while the device there serves the same game
// or names none (a *KeyMismatchError, wrapping
// discovery.ErrFingerprintMismatch: another device may be posing as the
// host), the host's tablet serving another game now (an *OtherGameError,
// wrapping ErrOtherGame, which names that game; nothing secret was sent to
// it), a host that cannot be reached (an *UnreachableError), a game system
// this app does not know.
func Join(ctx context.Context, cfg Config) (*Client, error) {
	cfg.defaults()
	if cfg.Addr == "" {
		return nil, errors.New("join: no host address")
	}
	if cfg.Fingerprint.IsZero() {
		return nil, errors.New("join: no host key fingerprint (probe the address first)")
	}
	c := &Client{cfg: cfg, seat: cfg.Seat, token: cfg.Token, addr: cfg.Addr, pending: map[string]*pending{},
		subs: map[int]*subscriber{}, linkSubs: map[int]func(Link){}, kick: make(chan struct{}, 1),
		done: make(chan struct{})}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultJoinTimeout)
		defer cancel()
	}
	l, err := c.connect(ctx, cfg.Addr, false)
	if err != nil {
		return nil, fmt.Errorf("join %s: %w", cfg.Addr, err)
	}
	c.link = Link{State: LinkUp, Since: time.Now(), Title: c.info.Title}
	c.wg.Add(1)
	go c.run(l)
	return c, nil
}

// Probe connects to addr, reads the host's key fingerprint and Hello, and
// leaves: for a typed address, whose fingerprint the players compare on
// both screens before the PIN is sent. dial nil uses a net.Dialer.
func Probe(ctx context.Context, addr string, app, device string, dial func(ctx context.Context, network, addr string) (net.Conn, error)) (discovery.Fingerprint, wire.Hello, error) {
	if dial == nil {
		d := &net.Dialer{}
		dial = d.DialContext
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, DefaultJoinTimeout)
		defer cancel()
	}
	nc, err := dial(ctx, "tcp", addr)
	if err != nil {
		return discovery.Fingerprint{}, wire.Hello{}, fmt.Errorf("probe %s: %w", addr, err)
	}
	defer nc.Close()
	if d, ok := ctx.Deadline(); ok {
		nc.SetDeadline(d)
	}
	conf, seen := secure.FirstUseConfig()
	tc := tls.Client(nc, conf)
	if err := tc.HandshakeContext(ctx); err != nil {
		return discovery.Fingerprint{}, wire.Hello{}, fmt.Errorf("probe %s: TLS: %w", addr, err)
	}
	r, w := wire.NewReader(tc, 0), wire.NewWriter(tc, 0)
	peer, _, err := wire.ClientHello(r, w, wire.NewHello(wire.RoleClient, app, device))
	if err != nil {
		return seen.Fingerprint(), peer, fmt.Errorf("probe %s: %w", addr, err)
	}
	w.Send(wire.Bye{Code: wire.ByeLeaving, Message: "probe"})
	return seen.Fingerprint(), peer, nil
}

// Lookup joins as a spectator with cfg's PIN, reads the game's Info and
// seats (who holds each, who is connected) and leaves: what a joining
// device shows to let the player pick a seat. The PIN is checked (and rate
// limited) as for any join.
func Lookup(ctx context.Context, cfg Config) (console.GameInfo, []wire.SeatInfo, error) {
	cfg.Seat, cfg.Token = console.Public, ""
	c, err := Join(ctx, cfg)
	if err != nil {
		return console.GameInfo{}, nil, err
	}
	defer c.Close()
	return c.Info(), c.Lobby(), nil
}

// link is one connection to the host.
type link struct {
	nc   net.Conn
	r    *wire.Reader
	w    *wire.Writer
	wmu  sync.Mutex
	dead chan struct{}
	once sync.Once
}

func (l *link) send(m wire.Message, wait time.Duration) error {
	l.wmu.Lock()
	defer l.wmu.Unlock()
	l.nc.SetWriteDeadline(time.Now().Add(wait))
	return l.w.Send(m)
}

func (l *link) close() {
	l.once.Do(func() {
		close(l.dead)
		l.nc.Close()
	})
}

// connect opens a link to addr, joins and reads up to the seat's first
// view. A located address (SetAddrs: only a hint of where the host is)
// whose device has another key than the pinned one is a *notHostError,
// neither probed nor judged an impostor.
func (c *Client) connect(ctx context.Context, addr string, located bool) (*link, error) {
	nc, err := c.cfg.Dial(ctx, "tcp", addr)
	if err != nil {
		return nil, &UnreachableError{Addr: addr, Err: err}
	}
	ok := false
	defer func() {
		if !ok {
			nc.Close()
		}
	}()
	deadline := time.Now().Add(DefaultJoinTimeout)
	if d, has := ctx.Deadline(); has && d.Before(deadline) {
		deadline = d
	}
	nc.SetDeadline(deadline)
	tc := tls.Client(nc, secure.ClientConfig(c.cfg.Fingerprint))
	if err := tc.HandshakeContext(ctx); err != nil {
		if located {
			return nil, &notHostError{Addr: addr, Err: err}
		}
		if errors.Is(err, discovery.ErrFingerprintMismatch) {
			nc.Close()
			return nil, c.mismatch(ctx, addr, err)
		}
		return nil, fmt.Errorf("TLS: %w", err)
	}
	l := &link{nc: tc, r: wire.NewReader(tc, c.cfg.MaxFrame), w: wire.NewWriter(tc, c.cfg.MaxFrame), dead: make(chan struct{})}
	role := wire.RoleClient
	c.mu.Lock()
	seat, token := c.seat, c.token
	lastSeq, lastSum := uint64(len(c.lines)), uint32(0)
	if n := len(c.lines); n > 0 {
		lastSum = wire.LineSum(c.lines[n-1])
	}
	c.mu.Unlock()
	if seat == console.Public {
		role = wire.RoleSpectator
	}
	peer, _, err := wire.ClientHello(l.r, l.w, wire.NewHello(role, c.cfg.App, c.cfg.Device))
	if err != nil {
		return nil, err
	}
	join := wire.Join{Game: c.cfg.Game, Seat: seat, Token: token, LastSeq: lastSeq, LastSum: lastSum}
	if token == "" {
		join.PIN = c.cfg.PIN
	}
	if err := l.w.Send(join); err != nil {
		return nil, fmt.Errorf("send join: %w", err)
	}
	m, err := l.r.Read()
	if err != nil {
		return nil, fmt.Errorf("read the host's answer: %w", err)
	}
	var joined wire.Joined
	switch m := m.(type) {
	case wire.Joined:
		joined = m
	case wire.Refuse:
		return nil, m
	default:
		return nil, fmt.Errorf("the host answered the join with %s", m.Kind())
	}
	if c.rules == nil {
		rules, err := games.Lookup(joined.Game.System.ID)
		if err != nil {
			return nil, fmt.Errorf("the host plays %q, which this app does not know: update the app", joined.Game.System.ID)
		}
		vt := reflect.TypeOf(rules.View(nil, console.Public))
		if vt == nil {
			return nil, fmt.Errorf("system %s has no view type", joined.Game.System.ID)
		}
		c.rules, c.viewType, c.peer = rules, vt, peer
	} else if joined.Game.ID != c.info.ID {
		return nil, &OtherGameError{Addr: addr, Game: joined.Game.ID, Title: joined.Game.Title, Want: c.info.ID}
	}
	c.mu.Lock()
	changedRecord := c.token != joined.Token || c.seat != joined.Seat
	c.info, c.seat, c.token, c.lobby = joined.Game, joined.Seat, joined.Token, joined.Seats
	c.prev, c.needFull = nil, false
	c.mu.Unlock()
	// Read up to the first view (a History may come with it).
	for got := false; !got; {
		m, err := l.r.Read()
		if err != nil {
			return nil, fmt.Errorf("read the first view: %w", err)
		}
		if _, isView := m.(wire.View); isView {
			got = true
		}
		if err := c.handle(l, m); err != nil {
			return nil, err
		}
	}
	nc.SetDeadline(time.Time{})
	c.mu.Lock()
	if c.addr != addr {
		// The host was found at another address: keep it, so the link's
		// next drop and Continue try it first.
		c.addr = addr
		changedRecord = true
	}
	c.mu.Unlock()
	if changedRecord && c.cfg.OnRecord != nil {
		c.cfg.OnRecord(c.Record())
	}
	ok = true
	return l, nil
}

// mismatch judges a host key that is not the one expected (err, from the
// TLS check): it probes the address (TLS taking any key, the Hello read,
// nothing secret sent: no PIN, no token) and if the Hello names another
// game than this client's, that tablet now hosts another game (an
// *OtherGameError, not final); this client must know its game (a join
// code names none). The same game, or no game named, with
// another key is a device that may be posing as the host (a
// *KeyMismatchError, final). A probe that fails (the host gone meanwhile)
// on a reconnection is an *UnreachableError (tried again); on a first join
// the mismatch stands.
func (c *Client) mismatch(ctx context.Context, addr string, err error) error {
	c.mu.Lock()
	want, first := c.info.ID, c.rules == nil
	c.mu.Unlock()
	if want == "" {
		want = c.cfg.Game
	}
	km := &KeyMismatchError{Addr: addr, Want: c.cfg.Fingerprint, Err: err}
	fp, hello, perr := Probe(ctx, addr, c.cfg.App, c.cfg.Device, c.cfg.Dial)
	if perr != nil {
		c.logf("client: %s has another key; probing it: %v", addr, perr)
		if first {
			return km
		}
		return &UnreachableError{Addr: addr, Err: perr}
	}
	km.Got = fp
	// Only a client that knows its game can tell another game from a
	// device posing as the host: a join code names no game, so a key that
	// differs from the code's stays the impostor warning.
	if want != "" && hello.Game != "" && hello.Game != want {
		return &OtherGameError{Addr: addr, Game: hello.Game, Title: hello.Title, Want: want}
	}
	return km
}

// Record is what to keep to rejoin this seat later.
func (c *Client) Record() Record {
	c.mu.Lock()
	defer c.mu.Unlock()
	return Record{Game: c.info.ID, System: c.info.System.ID, Title: c.info.Title, Addr: c.addr,
		Fingerprint: c.cfg.Fingerprint, Seat: c.seat, Token: c.token, Host: c.peer.Device}
}

// run keeps the link: it reads l until it drops, then reconnects with
// backoff, until Close or a refusal that ends it.
func (c *Client) run(l *link) {
	defer c.wg.Done()
	for {
		err := c.serve(l)
		l.close()
		c.mu.Lock()
		if c.cur == l {
			c.cur = nil
		}
		closed := c.closed
		c.mu.Unlock()
		if closed {
			return
		}
		if final(err) {
			c.end(err)
			return
		}
		c.logf("client: link to %s dropped: %v", c.kept(), err)
		l = c.reconnect(err)
		if l == nil {
			return
		}
	}
}

// final reports whether err ends the link for good.
func final(err error) bool {
	var bye byeError
	if errors.As(err, &bye) {
		return bye.Code == wire.ByeReplaced || bye.Code == wire.ByeProtocol
	}
	var ref wire.Refuse
	if errors.As(err, &ref) {
		switch ref.Code {
		case wire.RefuseBadToken, wire.RefuseWrongGame, wire.RefuseNoSuchSeat, wire.RefuseVersion,
			wire.RefuseSeatTaken, wire.RefuseWrongPIN:
			return true
		}
		return false
	}
	var ve *wire.VersionError
	return errors.Is(err, discovery.ErrFingerprintMismatch) || errors.As(err, &ve) ||
		errors.Is(err, wire.ErrNotConsole)
}

// reconnect tries until it has a link again (nil after Close or a final
// refusal). The link's Why follows the last failure; a host that said it
// was closing keeps the link paused until it is up again (or another game
// is found at the address).
func (c *Client) reconnect(cause error) *link {
	backoff := c.cfg.MinBackoff
	paused := hostClosing(cause)
	since := time.Now()
	for attempt := 1; ; attempt++ {
		why, other := whyOf(cause, paused)
		c.setLink(Link{State: LinkReconnecting, Why: why, Attempt: attempt, Err: cause, Since: since, Other: other})
		// Jitter: between half and all of the backoff, so devices that
		// lost the host together do not come back in step.
		wait := backoff/2 + time.Duration(mrand.Int64N(int64(backoff/2)+1))
		select {
		case <-c.done:
			return nil
		case <-time.After(wait):
		case <-c.kick:
			// SetAddrs gave other addresses: try them now.
		}
		backoff = min(backoff*2, c.cfg.MaxBackoff)
		// Ended by Close; attempt bounds each address's try.
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			select {
			case <-c.done:
				cancel()
			case <-ctx.Done():
			}
		}()
		l, err := c.attempt(ctx)
		cancel()
		if err == nil {
			c.mu.Lock()
			if c.closed {
				c.mu.Unlock()
				l.close()
				return nil
			}
			c.mu.Unlock()
			return l
		}
		c.logf("client: reconnect to %s (attempt %d): %v", c.kept(), attempt, err)
		if final(err) {
			c.end(err)
			return nil
		}
		cause = err
		paused = paused || hostClosing(err)
	}
}

// attempt is one reconnection: the located addresses first (SetAddrs:
// where the game is announced now), each for at most Config.Timeout, then
// the kept address for at most Config.Timeout plus DefaultJoinTimeout, so
// located addresses that stall cannot keep the kept one from being tried.
// Only the kept address's failure is the attempt's (the link's Why
// follows it), unless a located address reached the host (its key the
// pinned one) and was refused for good.
func (c *Client) attempt(ctx context.Context) (*link, error) {
	c.mu.Lock()
	kept, located := c.addr, c.located
	c.mu.Unlock()
	for _, a := range located {
		if a == kept {
			continue
		}
		actx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
		l, err := c.connect(actx, a, true)
		cancel()
		if err == nil {
			c.logf("client: the host of game %s is at %s now (was %s)", c.Info().ID, a, kept)
			return l, nil
		}
		if final(err) {
			return nil, err
		}
		c.logf("client: located address %s: %v", a, err)
		if ctx.Err() != nil {
			return nil, err
		}
	}
	kctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout+DefaultJoinTimeout)
	defer cancel()
	return c.connect(kctx, kept, false)
}

// maxLocated is the number of located addresses (SetAddrs) tried at each
// reconnection: a host announces one or two, a stale announcement a few
// more.
const maxLocated = 4

// SetAddrs tells the client where its game is announced now: "host:port"
// addresses to try, before the kept one (Record.Addr), at each
// reconnection attempt while the link is down. The app gives it the
// nearby list's addresses of the entry with this client's game id and
// host key fingerprint, so a guest follows a host whose address changed
// (Wi-Fi back with a new DHCP lease, another network). New addresses wake
// a reconnection waiting out its backoff. They are for the outage at hand:
// a link coming up forgets them, and SetAddrs while the link is up (or
// after Close) does nothing. When the link comes up at one of them, it is
// the address kept: Record has it and Config.OnRecord is told, so
// Continue rejoins there.
//
// A located address is a hint and nothing more, so a wrong or hostile one
// gains nothing: TLS there is pinned to the game's key, as at the kept
// address, and the seat's token goes out only after that handshake
// succeeded, so only the game's own host (the holder of its key) ever
// sees it. A device there with another key is skipped: it is not probed,
// not taken for another game nor for a device posing as the host (else any
// device announcing the game could end the link), and is sent nothing.
// At most the first four are kept, each given at most Config.Timeout per
// attempt, so addresses that stall only delay the kept one, which is
// tried at every attempt and keeps its rules (another game, the impostor
// warning).
func (c *Client) SetAddrs(addrs []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed || c.cur != nil || c.link.State == LinkUp {
		return
	}
	var list []string
	for _, a := range addrs {
		if len(list) < maxLocated && a != "" && a != c.addr && !slices.Contains(list, a) {
			list = append(list, a)
		}
	}
	if slices.Equal(list, c.located) {
		return
	}
	c.located = list
	if len(list) > 0 {
		select {
		case c.kick <- struct{}{}:
		default:
		}
	}
}

// kept is the host's address kept (Config.Addr, or where a link last came
// up).
func (c *Client) kept() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.addr
}

// serve runs one link: sends what is pending, then reads until it drops,
// with heartbeats.
func (c *Client) serve(l *link) error {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return ErrClosed
	}
	first := c.cur == nil && c.link.State == LinkUp
	c.cur = l
	c.located = nil // hints for the outage that ended
	if c.up != nil {
		close(c.up)
		c.up = nil
	}
	resend := make([]wire.Command, 0, len(c.order))
	for _, id := range slices.Clone(c.order) {
		p := c.pending[id]
		if p.msg.Undo && !first {
			// The host indexes commands by id, but not undos (a restarted
			// host would not know this one): ask the player instead.
			p.err = ErrUndoLost
			close(p.done)
			delete(c.pending, id)
			c.order = slices.DeleteFunc(c.order, func(o string) bool { return o == id })
			continue
		}
		resend = append(resend, p.msg)
	}
	c.mu.Unlock()
	c.setLink(Link{State: LinkUp, Since: time.Now()})
	for _, m := range resend {
		if err := l.send(m, c.cfg.Timeout); err != nil {
			return fmt.Errorf("resend command %s: %w", m.ID, err)
		}
	}
	hbDone := make(chan struct{})
	defer close(hbDone)
	go func() {
		t := time.NewTicker(c.cfg.Heartbeat)
		defer t.Stop()
		for n := uint64(1); ; n++ {
			select {
			case <-hbDone:
				return
			case <-l.dead:
				return
			case <-t.C:
				if err := l.send(wire.Heartbeat{N: n}, c.cfg.Timeout); err != nil {
					l.close()
					return
				}
			}
		}
	}()
	for {
		l.nc.SetReadDeadline(time.Now().Add(c.cfg.Timeout))
		m, err := l.r.Read()
		if errors.Is(err, wire.ErrMalformed) || errors.Is(err, wire.ErrUnknownKind) {
			continue // the frame was read whole: the stream is in step
		}
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				return fmt.Errorf("nothing heard from the host for %s", c.cfg.Timeout)
			}
			return err
		}
		if err := c.handle(l, m); err != nil {
			return err
		}
	}
}

// handle takes one message from the host.
func (c *Client) handle(l *link, m wire.Message) error {
	switch m := m.(type) {
	case wire.View:
		return c.takeView(l, m)
	case wire.History:
		c.takeHistory(m)
	case wire.Result:
		c.mu.Lock()
		p := c.pending[m.ID]
		if p != nil {
			delete(c.pending, m.ID)
			c.order = slices.DeleteFunc(c.order, func(id string) bool { return id == m.ID })
			p.res = m
			close(p.done)
		}
		c.mu.Unlock()
	case wire.Lobby:
		c.mu.Lock()
		c.lobby = m.Seats
		lk := c.link
		c.mu.Unlock()
		c.notifyLink(lk)
	case wire.Heartbeat:
		return l.send(wire.Ack{N: m.N}, c.cfg.Timeout)
	case wire.Ack:
	case wire.Bye:
		return byeError{m}
	case wire.Refuse:
		c.logf("client: the host refused: %s", m.Message)
	default:
		return fmt.Errorf("the host sent %s, which a client does not expect", m.Kind())
	}
	return nil
}

// takeView applies a View: whole or as a delta against the last one.
func (c *Client) takeView(l *link, v wire.View) error {
	c.mu.Lock()
	if v.Seat != c.seat {
		c.mu.Unlock()
		return fmt.Errorf("the host sent a view of seat %s to seat %s", v.Seat, c.seat)
	}
	if len(v.Full) == 0 && c.needFull {
		c.mu.Unlock()
		return nil // waiting for the full view asked for
	}
	cur, err := v.Unpack(c.prev, c.cfg.MaxFrame)
	var view console.View
	if err == nil {
		view, err = c.decodeView(cur)
	}
	if err != nil {
		c.needFull = true
		seq, sum := c.lastLine()
		c.mu.Unlock()
		c.logf("client: view %d: %v; asking for a full view", v.Seq, err)
		return l.send(wire.Catchup{Seq: seq, Sum: sum}, c.cfg.Timeout)
	}
	c.prev, c.needFull = cur, false
	c.state = console.SeatState{Seat: v.Seat, Seq: v.Seq, Status: v.Status, View: view}
	if v.Status.Finished {
		c.info.Status = console.StatusFinished
	}
	c.info.Summary = v.Status.Summary
	c.gen++
	c.kind = v.Change
	c.wakeLocked()
	c.mu.Unlock()
	return nil
}

// lastLine is the number and checksum of the last history line held. The
// caller holds c.mu.
func (c *Client) lastLine() (uint64, uint32) {
	n := len(c.lines)
	if n == 0 {
		return 0, 0
	}
	return uint64(n), wire.LineSum(c.lines[n-1])
}

// decodeView decodes a view's bytes into the system's view type.
func (c *Client) decodeView(b []byte) (console.View, error) {
	return DecodeView(c.viewType, b)
}

// DecodeView decodes canonical view bytes (console.Encode of a view) into
// a value of type t, the system's view type (reflect.TypeOf of what its
// Rules.View returns).
func DecodeView(t reflect.Type, b []byte) (console.View, error) {
	p := reflect.New(t)
	if err := console.Decode(b, p.Interface()); err != nil {
		return nil, fmt.Errorf("decode view: %w", err)
	}
	return p.Elem().Interface(), nil
}

// takeHistory applies a History: lines after After replace what is held.
func (c *Client) takeHistory(h wire.History) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if h.After > uint64(len(c.lines)) {
		// A gap: keep what is held and ask for the rest on the next
		// catch-up (it cannot happen with a host of this version).
		c.logf("client: history after %d, but %d lines held", h.After, len(c.lines))
		return
	}
	c.lines = c.lines[:h.After:h.After]
	for _, ln := range h.Lines {
		if ln.Seq == uint64(len(c.lines))+1 {
			c.lines = append(c.lines, ln)
		}
	}
}

// setLink makes lk the link's state (its Title the game's) and tells
// OnLink.
func (c *Client) setLink(lk Link) {
	c.mu.Lock()
	lk.Title = c.info.Title
	c.link = lk
	c.mu.Unlock()
	c.notifyLink(lk)
}

func (c *Client) notifyLink(lk Link) {
	c.mu.Lock()
	fns := make([]func(Link), 0, len(c.linkSubs))
	for _, k := range sortedKeys(c.linkSubs) {
		fns = append(fns, c.linkSubs[k])
	}
	c.mu.Unlock()
	for _, fn := range fns {
		fn(lk)
	}
}

func sortedKeys[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// end closes the client for good because of err.
func (c *Client) end(err error) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.closed = true
	close(c.done)
	c.failPendingLocked(err)
	c.mu.Unlock()
	c.setLink(Link{State: LinkClosed, Why: closedWhy(err), Err: err, Since: time.Now()})
}

func (c *Client) failPendingLocked(err error) {
	for id, p := range c.pending {
		p.err = err
		close(p.done)
		delete(c.pending, id)
	}
	c.order = nil
}

// Close leaves the game (Bye "leaving": the seat stays this device's to
// rejoin with its token) and stops the client.
func (c *Client) Close() error {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		c.wg.Wait()
		return nil
	}
	c.closed = true
	close(c.done)
	c.failPendingLocked(ErrClosed)
	l := c.cur
	c.mu.Unlock()
	if l != nil {
		l.send(wire.Bye{Code: wire.ByeLeaving, Message: "the player left"}, time.Second)
		l.close()
	}
	c.wg.Wait()
	c.setLink(Link{State: LinkClosed, Why: WhyLeft, Err: ErrClosed, Since: time.Now()})
	c.mu.Lock()
	for _, s := range c.subs {
		s.stop()
	}
	c.mu.Unlock()
	return nil
}

func (c *Client) logf(format string, args ...any) {
	if c.cfg.Logf != nil {
		c.cfg.Logf(format, args...)
	}
}

// Seat is the seat this client plays (console.Public for a spectator).
func (c *Client) Seat() console.Seat {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seat
}

// Host is the host's Hello: its app version and device name.
func (c *Client) Host() wire.Hello { return c.peer }

// Lobby is the seats as the host last described them: who holds each and
// who is connected.
func (c *Client) Lobby() []wire.SeatInfo {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.lobby)
}

// Link is the link's state now.
func (c *Client) Link() Link {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.link
}

// OnLink calls fn (on the client's goroutines) whenever the link's state or
// the lobby changes; cancel stops it.
func (c *Client) OnLink(fn func(Link)) (cancel func()) {
	c.mu.Lock()
	id := c.nextSub
	c.nextSub++
	c.linkSubs[id] = fn
	c.mu.Unlock()
	return func() {
		c.mu.Lock()
		delete(c.linkSubs, id)
		c.mu.Unlock()
	}
}

// Info describes the game as the host does, with the status of the last
// view.
func (c *Client) Info() console.GameInfo {
	c.mu.Lock()
	defer c.mu.Unlock()
	info := c.info
	info.Seats = slices.Clone(info.Seats)
	return info
}

// Commands lists the system's commands (this app's copy of the system,
// which the handshake's versions keep in step with the host's).
func (c *Client) Commands() []console.CommandSpec { return c.rules.Commands() }

// notMine is the error for a seat this client does not play.
func (c *Client) notMine(seat console.Seat) error {
	return console.RejectWith(console.ReasonNotAllowed, "this device plays %s, not %s: the host sends it nothing else", c.seat, seat)
}

// State is the client's seat's state as last received.
func (c *Client) State(seat console.Seat) (console.SeatState, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if seat != c.seat {
		return console.SeatState{}, c.notMine(seat)
	}
	return c.state, nil
}

// Do sends cmd to the host for the client's seat and waits for its result.
// An empty cmd.ID gets a random one. Across a dropped link the command is
// sent again with the same id, so it is applied at most once.
func (c *Client) Do(seat console.Seat, cmd console.Command) (console.Outcome, error) {
	if cmd.ID == "" {
		cmd.ID = NewCommandID()
	}
	return c.ask(seat, wire.Command{ID: cmd.ID, Name: cmd.Name, Args: cmd.Args})
}

// Undo asks the host to take back the seat's last command.
func (c *Client) Undo(seat console.Seat) (console.Outcome, error) {
	return c.ask(seat, wire.Command{ID: NewCommandID(), Undo: true})
}

func (c *Client) ask(seat console.Seat, m wire.Command) (console.Outcome, error) {
	c.mu.Lock()
	if seat != c.seat {
		err := c.notMine(seat)
		c.mu.Unlock()
		return console.Outcome{}, err
	}
	if c.closed {
		c.mu.Unlock()
		return console.Outcome{}, ErrClosed
	}
	if c.cur == nil && c.pending[m.ID] == nil {
		// The link is down: wait a little for it, then give up without
		// sending.
		if c.up == nil {
			c.up = make(chan struct{})
		}
		up := c.up
		c.mu.Unlock()
		t := time.NewTimer(c.cfg.OfflineWait)
		select {
		case <-up:
			t.Stop()
		case <-t.C:
			return console.Outcome{}, &OfflineError{Command: m.ID, Link: c.Link()}
		case <-c.done:
			t.Stop()
			return console.Outcome{}, ErrClosed
		}
		c.mu.Lock()
		if c.closed {
			c.mu.Unlock()
			return console.Outcome{}, ErrClosed
		}
	}
	p := c.pending[m.ID]
	if p == nil {
		p = &pending{msg: m, done: make(chan struct{})}
		c.pending[m.ID] = p
		c.order = append(c.order, m.ID)
		if l := c.cur; l != nil {
			// A link coming up meanwhile may send it too: the host applies
			// an id once. A failed send drops the link; the next one
			// sends it again.
			c.mu.Unlock()
			if err := l.send(m, c.cfg.Timeout); err != nil {
				l.close()
			}
			c.mu.Lock()
		}
	}
	c.mu.Unlock()
	timer := time.NewTimer(c.cfg.CommandTimeout)
	defer timer.Stop()
	select {
	case <-p.done:
	case <-timer.C:
		c.mu.Lock()
		if c.pending[m.ID] == p {
			delete(c.pending, m.ID)
			c.order = slices.DeleteFunc(c.order, func(id string) bool { return id == m.ID })
		}
		c.mu.Unlock()
		return console.Outcome{}, fmt.Errorf("command %s: %w within %s", m.ID, ErrNoAnswer, c.cfg.CommandTimeout)
	}
	if p.err != nil {
		return console.Outcome{}, p.err
	}
	if p.res.Refusal != nil {
		return console.Outcome{}, p.res.Refusal
	}
	c.mu.Lock()
	st := c.state
	c.mu.Unlock()
	return console.Outcome{SeatState: st, Lines: p.res.Lines, Duplicate: p.res.Duplicate, Warning: p.res.Warning}, nil
}

// LastActor is the client's seat: a joined device only ever undoes its own
// commands.
func (c *Client) LastActor() (console.Seat, error) { return c.Seat(), nil }

// History returns the seat's lines after after, as received.
func (c *Client) History(seat console.Seat, after uint64) ([]console.HistoryLine, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if seat != c.seat {
		return nil, c.notMine(seat)
	}
	if after >= uint64(len(c.lines)) {
		return []console.HistoryLine{}, nil
	}
	return slices.Clone(c.lines[after:]), nil
}

// Checkpoint does nothing: the host keeps the game.
func (c *Client) Checkpoint() error { return nil }

// Subscribe calls fn with the seat's state after each view the host sends
// that changes it, in order, on a goroutine of its own; several quick
// changes may arrive as one (the latest).
func (c *Client) Subscribe(seat console.Seat, fn func(console.Update)) (cancel func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if seat != c.seat || c.closed {
		return func() {}
	}
	s := &subscriber{c: c, fn: fn, gen: c.gen, wake: make(chan struct{}, 1), quit: make(chan struct{})}
	id := c.nextSub
	c.nextSub++
	c.subs[id] = s
	go s.run()
	return func() {
		c.mu.Lock()
		delete(c.subs, id)
		c.mu.Unlock()
		s.stop()
	}
}

// wakeLocked wakes every subscriber. The caller holds c.mu.
func (c *Client) wakeLocked() {
	for _, s := range c.subs {
		select {
		case s.wake <- struct{}{}:
		default:
		}
	}
}

// subscriber is one Subscribe's delivery loop.
type subscriber struct {
	c    *Client
	fn   func(console.Update)
	gen  uint64
	wake chan struct{}
	quit chan struct{}
	once sync.Once
}

func (s *subscriber) stop() { s.once.Do(func() { close(s.quit) }) }

func (s *subscriber) run() {
	for {
		select {
		case <-s.quit:
			return
		case <-s.wake:
		}
		s.c.mu.Lock()
		gen, st, kind := s.c.gen, s.c.state, s.c.kind
		s.c.mu.Unlock()
		if gen == s.gen {
			continue
		}
		s.gen = gen
		select {
		case <-s.quit:
			return
		default:
		}
		s.fn(console.Update{Kind: kind, SeatState: st})
	}
}

// NewCommandID returns a random command id (128 bits, hex).
func NewCommandID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
