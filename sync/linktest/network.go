package linktest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// DefaultBuffer is the number of bytes each direction of a link holds in
// flight before a writer blocks, unless WithBuffer says otherwise.
const DefaultBuffer = 64 << 10

// netName is the network every Addr of this package reports.
const netName = "linktest"

// Errors the links return, wrapped in a *net.OpError (itself a net.Error).
// Each also matches, with errors.Is, the errno a TCP socket would give
// (ECONNRESET, ECONNREFUSED, EADDRINUSE), so code that checks for those
// behaves the same over a Network as over real sockets.
var (
	// ErrCut is what reads and writes on a cut link return.
	ErrCut error = &linkError{"link cut", syscall.ECONNRESET}
	// ErrRefused is what a dial to an address with no listener, or to a
	// name that is down, returns.
	ErrRefused error = &linkError{"connection refused", syscall.ECONNREFUSED}
	// ErrAddrInUse is what Listen returns for an address that already has
	// a listener.
	ErrAddrInUse error = &linkError{"address already in use", syscall.EADDRINUSE}

	// errPeerClosed is what a write returns once the other end has closed.
	errPeerClosed error = &linkError{"broken pipe: the other end closed", syscall.EPIPE}
)

// linkError is a sentinel error that also matches a syscall errno.
type linkError struct {
	msg   string
	errno syscall.Errno
}

func (e *linkError) Error() string { return "linktest: " + e.msg }

// Is reports whether target is the errno this error stands for.
func (e *linkError) Is(target error) bool {
	errno, ok := target.(syscall.Errno)
	return ok && errno == e.errno
}

// Addr is the address of one end of a link: a listener's address as given
// to Listen ("host:1"), or a dialing node's name with a port the Network
// numbers from 1 for each node ("seatA:3" is seat A's third dial, refused
// dials included).
type Addr string

// Network returns "linktest".
func (a Addr) Network() string { return netName }

// String returns the address.
func (a Addr) String() string { return string(a) }

// match reports whether pattern names a: the empty pattern names every
// address, a pattern with a colon names exactly that address, and one
// without names every address of that host or node ("seatA" names
// "seatA:1" and "seatA:2").
func match(pattern string, a Addr) bool {
	if pattern == "" || pattern == string(a) {
		return true
	}
	if strings.Contains(pattern, ":") {
		return false
	}
	host, _, ok := strings.Cut(string(a), ":")
	return ok && host == pattern
}

// Option configures a Network.
type Option func(*Network)

// WithBuffer sets how many bytes each direction of a link holds in flight
// before a writer blocks (DefaultBuffer if not given; at least 1). As with
// real sockets, two ends that both write more than the buffer holds
// without reading block each other; a small buffer finds the protocols
// that do.
func WithBuffer(n int) Option {
	return func(nw *Network) { nw.buffer = max(n, 1) }
}

// WithSeed seeds the randomness of Jitter and Fragment. Each link draws
// from its own generator, seeded from this seed and the link's ID, so one
// link's draws do not depend on traffic on the others. The default seed
// is 1.
func WithSeed(seed uint64) Option {
	return func(nw *Network) { nw.seed = seed }
}

// Network is an in-memory network: listeners on named addresses, and dials to
// them that return buffered, fault-injectable connections. It starts no
// goroutine of its own. A Network is safe for concurrent use.
type Network struct {
	buffer int
	seed   uint64

	mu        sync.Mutex
	closed    bool
	listeners map[string]*Listener
	links     []*Link // live links, compacted lazily; see Links
	nextID    uint64
	ports     map[string]int // per node: the last port number given
	down      map[string]bool
	captures  []*Capture
	onLink    func(*Link)
	linked    chan struct{} // closed and replaced on every new link; see WaitLinks
}

// NewNetwork returns an empty network.
func NewNetwork(opts ...Option) *Network {
	nw := &Network{
		buffer:    DefaultBuffer,
		seed:      1,
		listeners: map[string]*Listener{},
		ports:     map[string]int{},
		down:      map[string]bool{},
		linked:    make(chan struct{}),
	}
	for _, o := range opts {
		o(nw)
	}
	return nw
}

// Listen returns a listener on addr, which must have the form
// "name:port" with a non-empty name and no further colon. An address
// that already has an open listener is refused with ErrAddrInUse; a
// closed listener's address can be listened on again (a host restart).
func (nw *Network) Listen(addr string) (*Listener, error) {
	if err := checkAddr(addr); err != nil {
		return nil, &net.OpError{Op: "listen", Net: netName, Addr: Addr(addr), Err: err}
	}
	nw.mu.Lock()
	defer nw.mu.Unlock()
	if nw.closed {
		return nil, &net.OpError{Op: "listen", Net: netName, Addr: Addr(addr), Err: net.ErrClosed}
	}
	if _, ok := nw.listeners[addr]; ok {
		return nil, &net.OpError{Op: "listen", Net: netName, Addr: Addr(addr), Err: ErrAddrInUse}
	}
	ln := &Listener{nw: nw, addr: Addr(addr), changed: make(chan struct{})}
	nw.listeners[addr] = ln
	return ln, nil
}

// checkAddr says what is wrong with a listen address, if anything.
func checkAddr(addr string) error {
	name, port, ok := strings.Cut(addr, ":")
	if !ok || name == "" || port == "" || strings.Contains(port, ":") {
		return fmt.Errorf("linktest: address %q: want name:port", addr)
	}
	return nil
}

// Node returns the dialer of the named machine: the links it dials have
// client addresses "name:1", "name:2", and so on, which Links, Capture
// and Down select by name. Node names have no colon. Two calls with the
// same name return dialers of the same machine.
func (nw *Network) Node(name string) *Node {
	return &Node{nw: nw, name: name}
}

// Dial dials addr from the node named "dialer"; see Node.Dial.
func (nw *Network) Dial(addr string) (net.Conn, error) {
	return nw.Node("dialer").Dial(addr)
}

// DialContext dials addr from the node named "dialer"; see
// Node.DialContext.
func (nw *Network) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	return nw.Node("dialer").DialContext(ctx, network, addr)
}

// OnLink sets a function called with every new link before the dial
// returns and before the listener can accept it, so faults set there
// (a Delay on every link, a Capture) apply from the first byte. It runs
// on the dialing goroutine; nil removes it.
func (nw *Network) OnLink(f func(*Link)) {
	nw.mu.Lock()
	nw.onLink = f
	nw.mu.Unlock()
}

// Links returns the live links (neither cut nor closed at both ends) with
// an end that name selects, oldest first. The empty name selects every
// link; "host:1" the links of that address; "seatA" those of every
// address of that node or host.
func (nw *Network) Links(name string) []*Link {
	nw.mu.Lock()
	defer nw.mu.Unlock()
	live := nw.links[:0]
	var out []*Link
	for _, l := range nw.links {
		if l.dead() {
			continue
		}
		live = append(live, l)
		if match(name, l.client) || match(name, l.server) {
			out = append(out, l)
		}
	}
	clear(nw.links[len(live):])
	nw.links = live
	return out
}

// WaitLinks waits until at least n live links have an end that name
// selects (as in Links) and returns them; it fails when ctx is done
// first. After cutting a seat's link, WaitLinks(ctx, "seatB", 1) waits
// for the seat's client to dial again.
func (nw *Network) WaitLinks(ctx context.Context, name string, n int) ([]*Link, error) {
	for {
		nw.mu.Lock()
		ch := nw.linked
		nw.mu.Unlock()
		if ls := nw.Links(name); len(ls) >= n {
			return ls, nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return nil, fmt.Errorf("linktest: waiting for %d links of %q, %d live: %w", n, name, len(nw.Links(name)), ctx.Err())
		}
	}
}

// Down takes name off the network: every live link with an end it selects
// is cut, and dials from or to it are refused with ErrRefused until Up.
// Listeners stay open, so a host that is down and comes back up serves
// the same listener; to simulate a restart, close the listener and listen
// again on the same address (a dial in between is refused either way).
func (nw *Network) Down(name string) {
	nw.mu.Lock()
	nw.down[name] = true
	nw.mu.Unlock()
	for _, l := range nw.Links(name) {
		l.Cut()
	}
}

// Up puts name, as given to Down, back on the network.
func (nw *Network) Up(name string) {
	nw.mu.Lock()
	delete(nw.down, name)
	nw.mu.Unlock()
}

// isDown reports whether a is down. nw.mu is held.
func (nw *Network) isDown(a Addr) bool {
	for pattern := range nw.down {
		if match(pattern, a) {
			return true
		}
	}
	return false
}

// Close closes every listener, cuts every link and refuses every dial and
// listen after it. It returns nil; a second Close does nothing.
func (nw *Network) Close() error {
	nw.mu.Lock()
	nw.closed = true
	var lns []*Listener
	for _, ln := range nw.listeners {
		lns = append(lns, ln)
	}
	nw.mu.Unlock()
	for _, ln := range lns {
		_ = ln.Close()
	}
	for _, l := range nw.Links("") {
		l.Cut()
	}
	return nil
}

// dial makes a link from node to addr and queues its server end on the
// listener.
func (nw *Network) dial(ctx context.Context, node, addr string) (net.Conn, error) {
	refuse := func(src Addr, err error) (net.Conn, error) {
		op := &net.OpError{Op: "dial", Net: netName, Addr: Addr(addr), Err: err}
		if src != "" {
			op.Source = src
		}
		return nil, op
	}
	if strings.Contains(node, ":") || node == "" {
		return refuse("", fmt.Errorf("linktest: node name %q: want a name without a colon", node))
	}
	if err := ctx.Err(); err != nil {
		return refuse("", err)
	}
	nw.mu.Lock()
	if nw.closed {
		nw.mu.Unlock()
		return refuse("", net.ErrClosed)
	}
	nw.ports[node]++
	src := Addr(node + ":" + strconv.Itoa(nw.ports[node]))
	switch {
	case nw.isDown(Addr(addr)):
		nw.mu.Unlock()
		return refuse(src, fmt.Errorf("%w (%s is down)", ErrRefused, addr))
	case nw.isDown(src):
		nw.mu.Unlock()
		return refuse(src, fmt.Errorf("%w (%s is down)", ErrRefused, node))
	}
	ln := nw.listeners[addr]
	if ln == nil {
		nw.mu.Unlock()
		return refuse(src, fmt.Errorf("%w (nothing listens on %s)", ErrRefused, addr))
	}
	nw.nextID++
	l := newLink(nw.nextID, src, Addr(addr), nw.buffer, rand.New(rand.NewPCG(nw.seed, nw.nextID)))
	for _, c := range nw.captures {
		c.attach(l)
	}
	nw.links = append(nw.links, l)
	close(nw.linked)
	nw.linked = make(chan struct{})
	hook := nw.onLink
	nw.mu.Unlock()

	if hook != nil {
		hook(l)
	}
	if !ln.push(l.serverConn) {
		l.Cut()
		return refuse(src, fmt.Errorf("%w (the listener on %s closed)", ErrRefused, addr))
	}
	return l.clientConn, nil
}

// Node dials from one named machine of a Network. Its zero value is not
// usable; get one from Network.Node.
type Node struct {
	nw   *Network
	name string
}

// Name returns the node's name.
func (d *Node) Name() string { return d.name }

// Dial connects to the listener on addr. It does not wait for Accept: the
// link is queued on the listener (like a TCP backlog) and the connection
// is usable at once. A dial to an address nobody listens on, or from or
// to a name that is down, is refused with ErrRefused (in a *net.OpError).
func (d *Node) Dial(addr string) (net.Conn, error) {
	return d.nw.dial(context.Background(), d.name, addr)
}

// DialContext is Dial with a context, in the shape of
// net.Dialer.DialContext so it can stand in for one; network is ignored
// (every network reaches the Network). A context already done fails the dial.
func (d *Node) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	return d.nw.dial(ctx, d.name, addr)
}

// Listener is a net.Listener on one address of a Network.
type Listener struct {
	nw   *Network
	addr Addr

	mu      sync.Mutex
	closed  bool
	queue   []*Conn
	changed chan struct{} // closed and replaced on every change
}

// push queues an accepted-to-be connection; false if the listener closed.
func (ln *Listener) push(c *Conn) bool {
	ln.mu.Lock()
	defer ln.mu.Unlock()
	if ln.closed {
		return false
	}
	ln.queue = append(ln.queue, c)
	close(ln.changed)
	ln.changed = make(chan struct{})
	return true
}

// Accept waits for and returns the server end of the next link dialed to
// this address. After Close it returns a *net.OpError wrapping
// net.ErrClosed.
func (ln *Listener) Accept() (net.Conn, error) {
	ln.mu.Lock()
	for {
		if ln.closed {
			ln.mu.Unlock()
			return nil, &net.OpError{Op: "accept", Net: netName, Addr: ln.addr, Err: net.ErrClosed}
		}
		if len(ln.queue) > 0 {
			c := ln.queue[0]
			ln.queue[0] = nil
			ln.queue = ln.queue[1:]
			ln.mu.Unlock()
			return c, nil
		}
		ch := ln.changed
		ln.mu.Unlock()
		<-ch
		ln.mu.Lock()
	}
}

// Close stops the listener: a blocked Accept returns, links dialed but not
// accepted are cut, and the address is free for a new Listen. Links
// already accepted live on. A second Close returns net.ErrClosed.
func (ln *Listener) Close() error {
	ln.nw.mu.Lock()
	if ln.nw.listeners[string(ln.addr)] == ln {
		delete(ln.nw.listeners, string(ln.addr))
	}
	ln.nw.mu.Unlock()

	ln.mu.Lock()
	if ln.closed {
		ln.mu.Unlock()
		return &net.OpError{Op: "close", Net: netName, Addr: ln.addr, Err: net.ErrClosed}
	}
	ln.closed = true
	pending := ln.queue
	ln.queue = nil
	close(ln.changed)
	ln.changed = make(chan struct{})
	ln.mu.Unlock()
	for _, c := range pending {
		c.link.Cut()
	}
	return nil
}

// Addr returns the listener's address.
func (ln *Listener) Addr() net.Addr { return ln.addr }

var _ net.Listener = (*Listener)(nil)
