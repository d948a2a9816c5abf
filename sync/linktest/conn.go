package linktest

import (
	"io"
	"net"
	"os"
	"time"
)

// Conn is one end of a Link, a net.Conn. Writes go into the link's
// buffer and return without waiting for the reader, unless the buffer is
// full; each Write's bytes arrive contiguous even with several writers
// (as on a TCP socket). Reads return what has arrived, io.EOF after the
// other end closed and its bytes were read, ErrCut once the link is cut,
// and os.ErrDeadlineExceeded (a net.Error whose Timeout is true) once a
// deadline passed; every error but io.EOF comes in a *net.OpError. All
// methods are safe for concurrent use.
type Conn struct {
	link          *Link
	in, out       *Pipe
	local, remote Addr

	// Guarded by link.mu.
	closed                      bool
	readDeadline, writeDeadline time.Time
}

var _ net.Conn = (*Conn)(nil)

// Link returns the link the connection is an end of.
func (c *Conn) Link() *Link { return c.link }

// LocalAddr returns this end's address.
func (c *Conn) LocalAddr() net.Addr { return c.local }

// RemoteAddr returns the other end's address.
func (c *Conn) RemoteAddr() net.Addr { return c.remote }

// opErr wraps err as the net package does.
func (c *Conn) opErr(op string, err error) error {
	return &net.OpError{Op: op, Net: netName, Source: c.local, Addr: c.remote, Err: err}
}

// expired reports whether deadline is set and passed.
func expired(deadline time.Time) bool {
	return !deadline.IsZero() && !time.Now().Before(deadline)
}

// Read reads what has arrived, waiting for at least one byte.
func (c *Conn) Read(b []byte) (int, error) {
	l := c.link
	p := c.in
	l.mu.Lock()
	defer l.mu.Unlock()
	for {
		switch {
		case c.closed:
			return 0, c.opErr("read", net.ErrClosed)
		case l.cut && len(p.chunks) == 0:
			return 0, c.opErr("read", ErrCut)
		case expired(c.readDeadline):
			return 0, c.opErr("read", os.ErrDeadlineExceeded)
		case len(b) == 0:
			return 0, nil
		}
		wake := c.readDeadline
		if !p.stalled {
			if len(p.chunks) > 0 {
				now := time.Now()
				ready := p.chunks[0].ready
				if !now.Before(ready) {
					n := p.take(b, now)
					l.notify()
					return n, nil
				}
				if wake.IsZero() || ready.Before(wake) {
					wake = ready
				}
			} else if p.wclosed {
				return 0, io.EOF
			}
		}
		l.wait(wake)
	}
}

// writeErr says why a write cannot go on now, if it cannot. link.mu is
// held.
func (c *Conn) writeErr() error {
	switch {
	case c.closed:
		return c.opErr("write", net.ErrClosed)
	case c.link.cut:
		return c.opErr("write", ErrCut)
	case c.out.rclosed:
		return c.opErr("write", errPeerClosed)
	case expired(c.writeDeadline):
		return c.opErr("write", os.ErrDeadlineExceeded)
	}
	return nil
}

// Write puts b in flight, blocking while the link's buffer is full. On an
// error it returns how many bytes went in before it.
func (c *Conn) Write(b []byte) (int, error) {
	l := c.link
	p := c.out
	l.mu.Lock()
	defer l.mu.Unlock()
	for p.writing {
		if err := c.writeErr(); err != nil {
			return 0, err
		}
		l.wait(c.writeDeadline)
	}
	if err := c.writeErr(); err != nil {
		return 0, err
	}
	if len(b) == 0 {
		return 0, nil
	}
	p.writing = true
	defer func() {
		p.writing = false
		l.notify()
	}()
	n := 0
	for n < len(b) {
		if err := c.writeErr(); err != nil {
			return n, err
		}
		rest := b[n:]
		now := time.Now()
		if p.dropAfter >= 0 && int64(len(rest)) >= p.dropAfter {
			keep := rest[:p.dropAfter]
			p.record(rest)
			p.sent += int64(len(rest))
			p.enqueue(keep, now)
			p.dropAfter = -1
			l.cutLocked(p)
			return len(b), nil
		}
		room := p.limit - p.buffered
		if room <= 0 {
			l.wait(c.writeDeadline)
			continue
		}
		piece := rest[:min(room, len(rest))]
		p.record(piece)
		p.sent += int64(len(piece))
		if p.dropAfter > 0 {
			p.dropAfter -= int64(len(piece))
		}
		p.enqueue(piece, now)
		n += len(piece)
		l.notify()
	}
	return n, nil
}

// Close closes this end: its own reads and writes fail with
// net.ErrClosed, the other end reads what is in flight and then io.EOF,
// and its writes fail (EPIPE). A second Close returns net.ErrClosed.
func (c *Conn) Close() error {
	l := c.link
	l.mu.Lock()
	defer l.mu.Unlock()
	if c.closed {
		return c.opErr("close", net.ErrClosed)
	}
	c.closed = true
	c.out.wclosed = true
	c.in.rclosed = true
	c.in.discard()
	if l.clientConn.closed && l.serverConn.closed {
		l.finishLocked()
	}
	l.notify()
	return nil
}

// SetDeadline sets both the read and the write deadline.
func (c *Conn) SetDeadline(t time.Time) error {
	return c.setDeadlines(t, true, true)
}

// SetReadDeadline sets the time after which reads fail with
// os.ErrDeadlineExceeded, including a read already blocked; the zero time
// removes it.
func (c *Conn) SetReadDeadline(t time.Time) error {
	return c.setDeadlines(t, true, false)
}

// SetWriteDeadline sets the time after which writes fail with
// os.ErrDeadlineExceeded, including a write already blocked on a full
// buffer (which then reports the bytes it wrote); the zero time removes
// it.
func (c *Conn) SetWriteDeadline(t time.Time) error {
	return c.setDeadlines(t, false, true)
}

// setDeadlines sets the chosen deadlines and wakes blocked calls so they
// see them.
func (c *Conn) setDeadlines(t time.Time, read, write bool) error {
	l := c.link
	l.mu.Lock()
	defer l.mu.Unlock()
	if c.closed {
		return c.opErr("set deadline", net.ErrClosed)
	}
	if read {
		c.readDeadline = t
	}
	if write {
		c.writeDeadline = t
	}
	l.notify()
	return nil
}
