package linktest

import (
	"bytes"
	"sync"
)

// Capture records every byte written from one set of addresses to another,
// on the links live when it starts and on every link dialed after, until
// Stop. Bytes are recorded as the writer hands them over, so the record
// holds what a sender sent even if a cut or DropAfter lost it on the way.
// Get one from Network.Capture; it is safe for concurrent use.
type Capture struct {
	from, to string

	mu      sync.Mutex
	stopped bool
	streams []*Stream
	byPipe  map[*Pipe]*Stream
}

// Stream is the bytes one capture recorded on one pipe of one link.
type Stream struct {
	Link     uint64 // the link's ID
	From, To Addr   // the writing and the reading end
	Data     []byte
}

// Capture starts recording the bytes written by an end that from selects
// to an end that to selects (the names as in Links: "" any, "host:1" that
// address, "seatB" every address of that node). Capture("host:1",
// "seatB") records everything the host sends seat B across all of seat
// B's reconnects.
func (nw *Network) Capture(from, to string) *Capture {
	c := &Capture{from: from, to: to, byPipe: map[*Pipe]*Stream{}}
	nw.mu.Lock()
	defer nw.mu.Unlock()
	nw.captures = append(nw.captures, c)
	for _, l := range nw.links {
		if !l.dead() {
			c.attach(l)
		}
	}
	return c
}

// attach makes the capture watch the pipes of l it selects. The Network's
// lock is held, not the link's.
func (c *Capture) attach(l *Link) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, p := range []*Pipe{&l.up, &l.down} {
		if match(c.from, p.from) && match(c.to, p.to) {
			p.captures = append(p.captures, c)
		}
	}
}

// record appends b to the stream of p. The link's lock is held.
func (c *Capture) record(p *Pipe, b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopped {
		return
	}
	s := c.byPipe[p]
	if s == nil {
		s = &Stream{Link: p.link.id, From: p.from, To: p.to}
		c.byPipe[p] = s
		c.streams = append(c.streams, s)
	}
	s.Data = append(s.Data, b...)
}

// Stop ends the recording; what was recorded stays readable.
func (c *Capture) Stop() {
	c.mu.Lock()
	c.stopped = true
	c.mu.Unlock()
}

// Streams returns a copy of what was recorded, one Stream per pipe that
// carried bytes, in the order each first carried them.
func (c *Capture) Streams() []Stream {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]Stream, len(c.streams))
	for i, s := range c.streams {
		out[i] = *s
		out[i].Data = bytes.Clone(s.Data)
	}
	return out
}

// Bytes returns every recorded byte: the streams, in the order of
// Streams, one after the other.
func (c *Capture) Bytes() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	var b []byte
	for _, s := range c.streams {
		b = append(b, s.Data...)
	}
	return b
}

// Len returns the number of bytes recorded.
func (c *Capture) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, s := range c.streams {
		n += len(s.Data)
	}
	return n
}
