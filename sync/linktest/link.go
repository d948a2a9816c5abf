package linktest

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"time"
)

// Link is one connection between a dialing node and a listener: two
// Conns (the client's, returned by Dial, and the server's, returned by
// Accept) and two Pipes, one each way. Its methods inject faults while
// traffic flows and are safe to call from any goroutine. Methods that
// set a fault on the Link set it on both Pipes.
type Link struct {
	id             uint64
	client, server Addr

	mu       sync.Mutex
	changed  chan struct{} // closed and replaced on every change; see wait
	cut      bool
	finished bool
	done     chan struct{}
	rng      *rand.Rand
	up, down Pipe // up: client to server; down: server to client

	clientConn, serverConn *Conn
}

// newLink returns a link with its two conns.
func newLink(id uint64, client, server Addr, buffer int, rng *rand.Rand) *Link {
	l := &Link{
		id:      id,
		client:  client,
		server:  server,
		changed: make(chan struct{}),
		done:    make(chan struct{}),
		rng:     rng,
	}
	l.up = Pipe{link: l, from: client, to: server, limit: buffer, dropAfter: -1}
	l.down = Pipe{link: l, from: server, to: client, limit: buffer, dropAfter: -1}
	l.clientConn = &Conn{link: l, in: &l.down, out: &l.up, local: client, remote: server}
	l.serverConn = &Conn{link: l, in: &l.up, out: &l.down, local: server, remote: client}
	return l
}

// ID returns the link's number: 1 for a Network's first link, then 2, and
// so on in dial order.
func (l *Link) ID() uint64 { return l.id }

// Client returns the dialing end's address ("seatA:2").
func (l *Link) Client() Addr { return l.client }

// Server returns the listening end's address ("host:1").
func (l *Link) Server() Addr { return l.server }

// String describes the link for test logs: "link 3 seatA:2->host:1".
func (l *Link) String() string {
	return fmt.Sprintf("link %d %s->%s", l.id, l.client, l.server)
}

// ClientConn returns the dialing end's connection (the one Dial
// returned).
func (l *Link) ClientConn() *Conn { return l.clientConn }

// ServerConn returns the listening end's connection (the one Accept
// returns).
func (l *Link) ServerConn() *Conn { return l.serverConn }

// ToServer returns the pipe from the client to the server.
func (l *Link) ToServer() *Pipe { return &l.up }

// ToClient returns the pipe from the server to the client.
func (l *Link) ToClient() *Pipe { return &l.down }

// Done returns a channel closed once the link is cut or closed at both
// ends.
func (l *Link) Done() <-chan struct{} { return l.done }

// Cut breaks the link as a dropped network does: bytes in flight either
// way are lost, blocked and later reads and writes at both ends fail with
// ErrCut (in a *net.OpError), and the link leaves Network.Links. Cutting
// a cut link does nothing.
func (l *Link) Cut() {
	l.mu.Lock()
	l.cutLocked(nil)
	l.mu.Unlock()
}

// cutLocked cuts the link, discarding the bytes in flight except those of
// keep (DropAfter's pipe, whose reader gets them before the error).
func (l *Link) cutLocked(keep *Pipe) {
	if l.cut {
		return
	}
	l.cut = true
	for _, p := range []*Pipe{&l.up, &l.down} {
		if p != keep {
			p.discard()
		}
	}
	l.finishLocked()
	l.notify()
}

// finishLocked closes Done once.
func (l *Link) finishLocked() {
	if !l.finished {
		l.finished = true
		close(l.done)
	}
}

// dead reports whether the link is cut or closed at both ends.
func (l *Link) dead() bool {
	select {
	case <-l.done:
		return true
	default:
		return false
	}
}

// Stall stops bytes flowing both ways until Resume; see Pipe.Stall.
func (l *Link) Stall() { l.up.Stall(); l.down.Stall() }

// Resume lets bytes flow both ways again after Stall.
func (l *Link) Resume() { l.up.Resume(); l.down.Resume() }

// Delay delays every chunk written either way by d; see Pipe.Delay.
func (l *Link) Delay(d time.Duration) { l.up.Delay(d); l.down.Delay(d) }

// Jitter adds a random delay of up to j to every chunk either way; see
// Pipe.Jitter.
func (l *Link) Jitter(j time.Duration) { l.up.Jitter(j); l.down.Jitter(j) }

// Fragment splits reads either way into pieces of at most max bytes; see
// Pipe.Fragment.
func (l *Link) Fragment(max int) { l.up.Fragment(max); l.down.Fragment(max) }

// DropAfter arms both pipes: the link is cut once n more bytes have gone
// either way (counted separately each way); see Pipe.DropAfter.
func (l *Link) DropAfter(n int64) { l.up.DropAfter(n); l.down.DropAfter(n) }

// notify wakes every goroutine waiting on the link. l.mu is held.
func (l *Link) notify() {
	close(l.changed)
	l.changed = make(chan struct{})
}

// wait releases l.mu until the link changes or, if until is not zero, the
// clock reaches until; it returns with l.mu held. Callers recheck their
// condition in a loop.
func (l *Link) wait(until time.Time) {
	ch := l.changed
	l.mu.Unlock()
	defer l.mu.Lock()
	if until.IsZero() {
		<-ch
		return
	}
	d := time.Until(until)
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ch:
	case <-t.C:
	}
}

// Pipe is one direction of a Link: the bytes one end writes and the other
// reads, with their faults. Get one from Link.ToServer or Link.ToClient.
// Its methods are safe to call from any goroutine, while traffic flows.
type Pipe struct {
	link     *Link
	from, to Addr

	// The fields below are guarded by link.mu.
	chunks    []chunk
	buffered  int // bytes in chunks
	limit     int
	stalled   bool
	delay     time.Duration
	jitter    time.Duration
	lastReady time.Time // ready time of the last chunk queued (chunks stay in order)
	fragment  int
	dropAfter int64 // bytes until the link is cut; -1: not armed
	wclosed   bool  // the writing end closed: the reader gets io.EOF after the chunks
	rclosed   bool  // the reading end closed: writes fail
	writing   bool  // a Write holds the pipe (writes are atomic, as on a TCP socket)
	sent      int64
	delivered int64
	captures  []*Capture
}

// chunk is bytes in flight and when they may be read.
type chunk struct {
	data  []byte
	ready time.Time
}

// From returns the writing end's address.
func (p *Pipe) From() Addr { return p.from }

// To returns the reading end's address.
func (p *Pipe) To() Addr { return p.to }

// Stall stops bytes flowing: the reader gets nothing (nor the end of the
// stream) until Resume, while the writer can still fill the buffer and
// then blocks. Deadlines at both ends still fire.
func (p *Pipe) Stall() {
	p.set(func() { p.stalled = true })
}

// Resume lets bytes flow again after Stall; chunks whose delay has passed
// arrive at once.
func (p *Pipe) Resume() {
	p.set(func() { p.stalled = false })
}

// Delay makes every chunk written from now on (a Write, or the part of it
// that fit in the buffer) arrive d after it was written; 0 stops
// delaying. Bytes stay in order, and delayed bytes count against the
// buffer, as bytes in flight do.
func (p *Pipe) Delay(d time.Duration) {
	p.set(func() { p.delay = max(d, 0) })
}

// Jitter adds to the delay of every chunk written from now on a random
// duration in [0, j], drawn from the link's seeded generator (see
// WithSeed); bytes stay in order. 0 stops it.
func (p *Pipe) Jitter(j time.Duration) {
	p.set(func() { p.jitter = max(j, 0) })
}

// Fragment makes every read return at most a random 1 to max bytes,
// drawn from the link's seeded generator (see WithSeed), as a TCP reader
// sees a frame split across segments. 0 or less stops it.
func (p *Pipe) Fragment(max int) {
	p.set(func() { p.fragment = max })
}

// DropAfter arms the pipe to drop the link once n more bytes have been
// written to it: the write that reaches n returns success as a socket's
// would, the reader gets exactly those n bytes and then ErrCut, and
// everything else on the link behaves as after Cut (the bytes past n are
// lost, as are those in flight the other way). DropAfter(0) drops the
// link at the next write of at least one byte. A negative n disarms it.
func (p *Pipe) DropAfter(n int64) {
	p.set(func() { p.dropAfter = max(n, -1) })
}

// Sent returns the number of bytes written to the pipe so far (including
// any DropAfter lost).
func (p *Pipe) Sent() int64 {
	p.link.mu.Lock()
	defer p.link.mu.Unlock()
	return p.sent
}

// Delivered returns the number of bytes read from the pipe so far.
func (p *Pipe) Delivered() int64 {
	p.link.mu.Lock()
	defer p.link.mu.Unlock()
	return p.delivered
}

// Buffered returns the number of bytes in flight: written, not yet read.
func (p *Pipe) Buffered() int {
	p.link.mu.Lock()
	defer p.link.mu.Unlock()
	return p.buffered
}

// set changes the pipe's faults under the link's lock and wakes waiters.
func (p *Pipe) set(f func()) {
	p.link.mu.Lock()
	defer p.link.mu.Unlock()
	f()
	p.link.notify()
}

// discard drops the bytes in flight. link.mu is held.
func (p *Pipe) discard() {
	clear(p.chunks)
	p.chunks = nil
	p.buffered = 0
}

// enqueue puts a copy of b in flight, ready after the pipe's delay.
// link.mu is held.
func (p *Pipe) enqueue(b []byte, now time.Time) {
	if len(b) == 0 {
		return
	}
	ready := now
	if p.delay > 0 || p.jitter > 0 {
		d := p.delay
		if p.jitter > 0 {
			d += time.Duration(p.link.rng.Int64N(int64(p.jitter) + 1))
		}
		ready = now.Add(d)
	}
	if ready.Before(p.lastReady) {
		ready = p.lastReady
	}
	p.lastReady = ready
	p.chunks = append(p.chunks, chunk{data: append([]byte(nil), b...), ready: ready})
	p.buffered += len(b)
}

// take copies into b the bytes ready at now, at most one fragment, and
// returns how many. link.mu is held and the first chunk is ready.
func (p *Pipe) take(b []byte, now time.Time) int {
	if p.fragment > 0 {
		b = b[:min(len(b), 1+p.link.rng.IntN(p.fragment))]
	}
	n := 0
	for n < len(b) && len(p.chunks) > 0 && !now.Before(p.chunks[0].ready) {
		c := &p.chunks[0]
		k := copy(b[n:], c.data)
		n += k
		c.data = c.data[k:]
		if len(c.data) == 0 {
			p.chunks[0] = chunk{}
			p.chunks = p.chunks[1:]
		}
	}
	p.buffered -= n
	p.delivered += int64(n)
	return n
}

// record hands written bytes to the captures watching the pipe. link.mu
// is held.
func (p *Pipe) record(b []byte) {
	for _, c := range p.captures {
		c.record(p, b)
	}
}
