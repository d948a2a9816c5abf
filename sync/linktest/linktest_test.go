package linktest

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"sync"
	"syscall"
	"testing"
	"time"
)

// pair dials addr from node and accepts, returning the client end, the
// server end and their link.
func pair(t *testing.T, nw *Network, ln *Listener, node string) (client, server *Conn, l *Link) {
	t.Helper()
	c, err := nw.Node(node).Dial(string(ln.addr))
	if err != nil {
		t.Fatalf("dial %s from %s: %v", ln.addr, node, err)
	}
	s, err := ln.Accept()
	if err != nil {
		t.Fatalf("accept on %s: %v", ln.addr, err)
	}
	client, server = c.(*Conn), s.(*Conn)
	if client.Link() != server.Link() {
		t.Fatalf("dial and accept returned ends of different links: %v, %v", client.Link(), server.Link())
	}
	return client, server, client.Link()
}

// setup returns a network with a listener on host:1 and one link to it
// from seatA, all closed when the test ends.
func setup(t *testing.T, opts ...Option) (nw *Network, ln *Listener, client, server *Conn, l *Link) {
	t.Helper()
	nw = NewNetwork(opts...)
	t.Cleanup(func() { nw.Close() })
	ln, err := nw.Listen("host:1")
	if err != nil {
		t.Fatal(err)
	}
	client, server, l = pair(t, nw, ln, "seatA")
	return nw, ln, client, server, l
}

// readN reads exactly n bytes with a deadline a second away.
func readN(t *testing.T, c net.Conn, n int) []byte {
	t.Helper()
	if err := c.SetReadDeadline(time.Now().Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	defer c.SetReadDeadline(time.Time{})
	b := make([]byte, n)
	if _, err := io.ReadFull(c, b); err != nil {
		t.Fatalf("read %d bytes on %s: %v", n, c.LocalAddr(), err)
	}
	return b
}

// write writes b and fails the test on an error.
func write(t *testing.T, c net.Conn, b []byte) {
	t.Helper()
	if n, err := c.Write(b); err != nil || n != len(b) {
		t.Fatalf("write %d bytes on %s: wrote %d, %v", len(b), c.LocalAddr(), n, err)
	}
}

// isTimeout reports whether err is a deadline error as a socket gives it.
func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout() && errors.Is(err, os.ErrDeadlineExceeded)
}

// isCut reports whether err is a cut link's error, as a net.Error that is
// not a timeout.
func isCut(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && !ne.Timeout() && errors.Is(err, ErrCut) && errors.Is(err, syscall.ECONNRESET)
}

// async runs f and returns a channel with its error.
func async(f func() error) <-chan error {
	ch := make(chan error, 1)
	go func() { ch <- f() }()
	return ch
}

// within waits for an error from ch for at most d.
func within(t *testing.T, ch <-chan error, d time.Duration, what string) error {
	t.Helper()
	select {
	case err := <-ch:
		return err
	case <-time.After(d):
		t.Fatalf("%s: still blocked after %v", what, d)
		return nil
	}
}

// blocked checks that nothing comes from ch for d.
func blocked(t *testing.T, ch <-chan error, d time.Duration, what string) {
	t.Helper()
	select {
	case err := <-ch:
		t.Fatalf("%s: returned %v, want it to block", what, err)
	case <-time.After(d):
	}
}

func TestFaults(t *testing.T) {
	msg := []byte("the host's view for seat A")
	tests := []struct {
		name  string
		opts  []Option
		fault func(l *Link)
		check func(t *testing.T, c, s *Conn, l *Link)
	}{
		{
			name:  "none: bytes flow both ways",
			fault: func(*Link) {},
			check: func(t *testing.T, c, s *Conn, l *Link) {
				write(t, c, msg)
				write(t, s, []byte("ack"))
				if got := readN(t, s, len(msg)); !bytes.Equal(got, msg) {
					t.Errorf("server read %q, want %q", got, msg)
				}
				if got := readN(t, c, 3); string(got) != "ack" {
					t.Errorf("client read %q, want ack", got)
				}
				if l.ToServer().Sent() != int64(len(msg)) || l.ToServer().Delivered() != int64(len(msg)) {
					t.Errorf("to server: sent %d, delivered %d, want %d", l.ToServer().Sent(), l.ToServer().Delivered(), len(msg))
				}
			},
		},
		{
			name:  "cut: both ends fail, in-flight bytes lost",
			fault: func(*Link) {},
			check: func(t *testing.T, c, s *Conn, l *Link) {
				write(t, c, msg)
				l.Cut()
				for _, end := range []*Conn{c, s} {
					if _, err := end.Read(make([]byte, 64)); !isCut(err) {
						t.Errorf("%s: read after cut: %v, want ErrCut", end.local, err)
					}
					if n, err := end.Write(msg); n != 0 || !isCut(err) {
						t.Errorf("%s: write after cut: %d, %v, want 0, ErrCut", end.local, n, err)
					}
				}
				select {
				case <-l.Done():
				default:
					t.Error("Done is open after Cut")
				}
			},
		},
		{
			name:  "cut wakes a blocked read and a blocked write",
			opts:  []Option{WithBuffer(4)},
			fault: func(*Link) {},
			check: func(t *testing.T, c, s *Conn, l *Link) {
				r := async(func() error { _, err := c.Read(make([]byte, 8)); return err })
				w := async(func() error { _, err := c.Write(make([]byte, 64)); return err })
				blocked(t, r, 20*time.Millisecond, "read")
				l.Cut()
				if err := within(t, r, time.Second, "read"); !isCut(err) {
					t.Errorf("blocked read: %v, want ErrCut", err)
				}
				if err := within(t, w, time.Second, "write"); !isCut(err) {
					t.Errorf("blocked write: %v, want ErrCut", err)
				}
			},
		},
		{
			name:  "stall: nothing arrives until resume",
			fault: func(l *Link) { l.Stall() },
			check: func(t *testing.T, c, s *Conn, l *Link) {
				write(t, c, msg)
				s.SetReadDeadline(time.Now().Add(30 * time.Millisecond))
				if _, err := s.Read(make([]byte, 64)); !isTimeout(err) {
					t.Fatalf("read on a stalled link: %v, want a timeout", err)
				}
				s.SetReadDeadline(time.Time{})
				r := async(func() error {
					got := make([]byte, len(msg))
					_, err := io.ReadFull(s, got)
					if err == nil && !bytes.Equal(got, msg) {
						err = fmt.Errorf("read %q, want %q", got, msg)
					}
					return err
				})
				blocked(t, r, 20*time.Millisecond, "read while stalled")
				l.Resume()
				if err := within(t, r, time.Second, "read after resume"); err != nil {
					t.Error(err)
				}
			},
		},
		{
			name:  "stall one way: the other way flows",
			fault: func(l *Link) { l.ToClient().Stall() },
			check: func(t *testing.T, c, s *Conn, l *Link) {
				write(t, c, msg)
				if got := readN(t, s, len(msg)); !bytes.Equal(got, msg) {
					t.Errorf("server read %q, want %q", got, msg)
				}
				write(t, s, msg)
				c.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
				if _, err := c.Read(make([]byte, 64)); !isTimeout(err) {
					t.Errorf("read from the stalled pipe: %v, want a timeout", err)
				}
			},
		},
		{
			name:  "stall: the writer fills the buffer, then its deadline fires",
			opts:  []Option{WithBuffer(10)},
			fault: func(l *Link) { l.Stall() },
			check: func(t *testing.T, c, s *Conn, l *Link) {
				c.SetWriteDeadline(time.Now().Add(30 * time.Millisecond))
				n, err := c.Write(make([]byte, 25))
				if n != 10 || !isTimeout(err) {
					t.Errorf("write 25 into a stalled 10-byte buffer: %d, %v, want 10 and a timeout", n, err)
				}
				if got := l.ToServer().Buffered(); got != 10 {
					t.Errorf("buffered %d, want 10", got)
				}
			},
		},
		{
			name:  "stall hides the end of the stream too",
			fault: func(l *Link) { l.Stall() },
			check: func(t *testing.T, c, s *Conn, l *Link) {
				c.Close()
				s.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
				if _, err := s.Read(make([]byte, 8)); !isTimeout(err) {
					t.Errorf("read after the peer closed, stalled: %v, want a timeout", err)
				}
				s.SetReadDeadline(time.Time{})
				l.Resume()
				if _, err := s.Read(make([]byte, 8)); err != io.EOF {
					t.Errorf("read after resume: %v, want io.EOF", err)
				}
			},
		},
		{
			name:  "delay: each chunk arrives d after its write, in order",
			fault: func(l *Link) { l.Delay(40 * time.Millisecond) },
			check: func(t *testing.T, c, s *Conn, l *Link) {
				start := time.Now()
				write(t, c, []byte("one,"))
				time.Sleep(15 * time.Millisecond)
				write(t, c, []byte("two"))
				if got := readN(t, s, 4); string(got) != "one," {
					t.Errorf("first read %q", got)
				}
				if d := time.Since(start); d < 40*time.Millisecond {
					t.Errorf("first chunk after %v, want at least 40ms", d)
				}
				if got := readN(t, s, 3); string(got) != "two" {
					t.Errorf("second read %q", got)
				}
				if d := time.Since(start); d < 55*time.Millisecond {
					t.Errorf("second chunk after %v, want at least 55ms", d)
				}
				l.Delay(0)
				start = time.Now()
				write(t, c, []byte("now"))
				readN(t, s, 3)
				if d := time.Since(start); d > 30*time.Millisecond {
					t.Errorf("after Delay(0) a chunk took %v", d)
				}
			},
		},
		{
			name:  "jitter: bytes stay in order",
			fault: func(l *Link) { l.Delay(time.Millisecond); l.Jitter(5 * time.Millisecond) },
			check: func(t *testing.T, c, s *Conn, l *Link) {
				var want []byte
				for i := range 50 {
					b := []byte{byte(i)}
					want = append(want, b...)
					write(t, c, b)
				}
				if got := readN(t, s, len(want)); !bytes.Equal(got, want) {
					t.Errorf("read %v, want %v", got, want)
				}
			},
		},
		{
			name:  "fragment: short reads, every byte arrives",
			fault: func(l *Link) { l.Fragment(3) },
			check: func(t *testing.T, c, s *Conn, l *Link) {
				want := bytes.Repeat([]byte("abcdefg"), 20)
				write(t, c, want)
				var got []byte
				b := make([]byte, 100)
				for len(got) < len(want) {
					n, err := s.Read(b)
					if err != nil {
						t.Fatal(err)
					}
					if n < 1 || n > 3 {
						t.Fatalf("read %d bytes, want 1 to 3", n)
					}
					got = append(got, b[:n]...)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("read %q, want %q", got, want)
				}
			},
		},
		{
			name:  "drop after n: the reader gets n bytes, then the cut",
			fault: func(l *Link) { l.ToClient().DropAfter(5) },
			check: func(t *testing.T, c, s *Conn, l *Link) {
				write(t, c, msg) // the other way is not armed
				readN(t, s, len(msg))
				if n, err := s.Write([]byte("abc")); n != 3 || err != nil {
					t.Fatalf("write under the limit: %d, %v", n, err)
				}
				if n, err := s.Write([]byte("defghij")); n != 7 || err != nil {
					t.Fatalf("write across the limit: %d, %v, want 7, nil (the writer is not told)", n, err)
				}
				if got := readN(t, c, 5); string(got) != "abcde" {
					t.Errorf("read %q, want abcde", got)
				}
				if _, err := c.Read(make([]byte, 8)); !isCut(err) {
					t.Errorf("read past the drop: %v, want ErrCut", err)
				}
				if _, err := s.Write([]byte("x")); !isCut(err) {
					t.Errorf("write after the drop: %v, want ErrCut", err)
				}
				if _, err := s.Read(make([]byte, 8)); !isCut(err) {
					t.Errorf("read the other way after the drop: %v, want ErrCut", err)
				}
				if got := l.ToClient().Sent(); got != 10 {
					t.Errorf("sent %d, want 10", got)
				}
			},
		},
		{
			name:  "drop after 0: the next write is lost",
			fault: func(l *Link) { l.DropAfter(0) },
			check: func(t *testing.T, c, s *Conn, l *Link) {
				if n, err := c.Write(nil); n != 0 || err != nil {
					t.Fatalf("empty write: %d, %v", n, err)
				}
				write(t, c, msg)
				if _, err := s.Read(make([]byte, 8)); !isCut(err) {
					t.Errorf("read: %v, want ErrCut", err)
				}
			},
		},
		{
			name:  "drop after n, exactly at a write's end",
			fault: func(l *Link) { l.ToServer().DropAfter(int64(len(msg))) },
			check: func(t *testing.T, c, s *Conn, l *Link) {
				write(t, c, msg)
				if got := readN(t, s, len(msg)); !bytes.Equal(got, msg) {
					t.Errorf("read %q, want %q", got, msg)
				}
				if _, err := s.Read(make([]byte, 8)); !isCut(err) {
					t.Errorf("read after the whole message: %v, want ErrCut", err)
				}
			},
		},
		{
			name:  "close: the peer drains, then io.EOF; its writes break",
			fault: func(*Link) {},
			check: func(t *testing.T, c, s *Conn, l *Link) {
				write(t, c, msg)
				if err := c.Close(); err != nil {
					t.Fatal(err)
				}
				if got := readN(t, s, len(msg)); !bytes.Equal(got, msg) {
					t.Errorf("read %q, want %q", got, msg)
				}
				if _, err := s.Read(make([]byte, 8)); err != io.EOF {
					t.Errorf("read after the peer closed: %v, want io.EOF", err)
				}
				if _, err := s.Write(msg); !errors.Is(err, syscall.EPIPE) {
					t.Errorf("write after the peer closed: %v, want EPIPE", err)
				}
				if _, err := c.Read(make([]byte, 8)); !errors.Is(err, net.ErrClosed) {
					t.Errorf("read on a closed conn: %v, want net.ErrClosed", err)
				}
				if _, err := c.Write(msg); !errors.Is(err, net.ErrClosed) {
					t.Errorf("write on a closed conn: %v, want net.ErrClosed", err)
				}
				if err := c.Close(); !errors.Is(err, net.ErrClosed) {
					t.Errorf("second close: %v, want net.ErrClosed", err)
				}
				if err := c.SetDeadline(time.Now()); !errors.Is(err, net.ErrClosed) {
					t.Errorf("deadline on a closed conn: %v, want net.ErrClosed", err)
				}
				select {
				case <-l.Done():
					t.Error("Done closed with one end open")
				default:
				}
				s.Close()
				select {
				case <-l.Done():
				default:
					t.Error("Done open with both ends closed")
				}
			},
		},
		{
			name:  "a full buffer blocks the writer until the reader reads",
			opts:  []Option{WithBuffer(8)},
			fault: func(*Link) {},
			check: func(t *testing.T, c, s *Conn, l *Link) {
				want := bytes.Repeat([]byte("0123456789"), 3)
				w := async(func() error { _, err := c.Write(want); return err })
				blocked(t, w, 20*time.Millisecond, "write of 30 bytes into 8")
				if got := l.ToServer().Buffered(); got != 8 {
					t.Errorf("buffered %d, want 8", got)
				}
				if got := readN(t, s, len(want)); !bytes.Equal(got, want) {
					t.Errorf("read %q, want %q", got, want)
				}
				if err := within(t, w, time.Second, "write"); err != nil {
					t.Error(err)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, c, s, l := setup(t, tt.opts...)
			tt.fault(l)
			tt.check(t, c, s, l)
		})
	}
}

func TestDeadlines(t *testing.T) {
	past := func() time.Time { return time.Unix(1, 0) }
	soon := func() time.Time { return time.Now().Add(30 * time.Millisecond) }
	tests := []struct {
		name string
		// set sets the deadline on c; op runs the operation under test.
		set func(c *Conn) error
		op  func(c *Conn) error
		// later, if set, runs 20ms into the blocked op.
		later   func(c *Conn)
		timeout bool // true: the op times out; false: it is woken some other way
	}{
		{"read, past deadline", func(c *Conn) error { return c.SetReadDeadline(past()) }, readOp, nil, true},
		{"read, deadline soon", func(c *Conn) error { return c.SetReadDeadline(soon()) }, readOp, nil, true},
		{"read, SetDeadline", func(c *Conn) error { return c.SetDeadline(soon()) }, readOp, nil, true},
		{"read, deadline set while blocked", noop, readOp, func(c *Conn) { c.SetReadDeadline(past()) }, true},
		{"read, deadline brought forward while blocked", func(c *Conn) error { return c.SetReadDeadline(time.Now().Add(time.Hour)) }, readOp,
			func(c *Conn) { c.SetReadDeadline(time.Now().Add(10 * time.Millisecond)) }, true},
		{"read, deadline cleared while blocked, then a cut", func(c *Conn) error { return c.SetReadDeadline(time.Now().Add(40 * time.Millisecond)) }, readOp,
			func(c *Conn) {
				c.SetReadDeadline(time.Time{})
				time.Sleep(60 * time.Millisecond)
				c.link.Cut()
			}, false},
		{"write, past deadline", func(c *Conn) error { return c.SetWriteDeadline(past()) }, writeOp, nil, true},
		{"write, deadline soon on a full buffer", func(c *Conn) error { return c.SetWriteDeadline(soon()) }, writeOp, nil, true},
		{"write, SetDeadline on a full buffer", func(c *Conn) error { return c.SetDeadline(soon()) }, writeOp, nil, true},
		{"write, deadline set while blocked", noop, writeOp, func(c *Conn) { c.SetWriteDeadline(past()) }, true},
		{"write waiting behind another write", func(c *Conn) error { return c.SetWriteDeadline(soon()) }, func(c *Conn) error {
			go c.Write(make([]byte, 100)) // holds the pipe, blocked on the full buffer
			time.Sleep(5 * time.Millisecond)
			_, err := c.Write([]byte("x"))
			return err
		}, nil, true},
		{"read deadline does not touch writes", func(c *Conn) error { return c.SetReadDeadline(past()) }, func(c *Conn) error {
			_, err := c.Write([]byte("x"))
			if err != nil {
				return err
			}
			return errors.New("write went through")
		}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, c, _, l := setup(t, WithBuffer(16))
			if err := tt.set(c); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			done := async(func() error { return tt.op(c) })
			if tt.later != nil {
				blocked(t, done, 20*time.Millisecond, "op")
				tt.later(c)
			}
			err := within(t, done, 2*time.Second, "op")
			if tt.timeout {
				if !isTimeout(err) {
					t.Fatalf("got %v, want a timeout (net.Error, Timeout true, os.ErrDeadlineExceeded)", err)
				}
				var op *net.OpError
				if !errors.As(err, &op) || op.Source != c.LocalAddr() || op.Addr != c.RemoteAddr() {
					t.Errorf("error %#v does not name the conn's addresses", err)
				}
			} else if isTimeout(err) {
				t.Fatalf("got a timeout: %v", err)
			}
			if d := time.Since(start); d > time.Second {
				t.Errorf("took %v", d)
			}
			// A timeout leaves the conn usable once the deadline is lifted.
			if !l.dead() {
				c.SetDeadline(time.Time{})
				l.Resume()
			}
		})
	}
}

func noop(*Conn) error { return nil }

// readOp reads on a link with nothing in flight.
func readOp(c *Conn) error {
	_, err := c.Read(make([]byte, 8))
	return err
}

// writeOp writes more than the 16-byte buffer holds, with no reader.
func writeOp(c *Conn) error {
	_, err := c.Write(make([]byte, 100))
	return err
}

func TestTimeoutLeavesConnUsable(t *testing.T) {
	_, _, c, s, _ := setup(t)
	c.SetReadDeadline(time.Unix(1, 0))
	if _, err := c.Read(make([]byte, 1)); !isTimeout(err) {
		t.Fatalf("read: %v, want a timeout", err)
	}
	c.SetReadDeadline(time.Time{})
	write(t, s, []byte("still here"))
	if got := readN(t, c, 10); string(got) != "still here" {
		t.Errorf("read %q", got)
	}
}

func TestConcurrentWriters(t *testing.T) {
	const writers, records = 8, 150
	// A buffer smaller than most records, so writes block half-way and
	// another writer's bytes could only slip in if Write were not atomic.
	_, _, c, s, l := setup(t, WithBuffer(23), WithSeed(3))
	l.ToServer().Fragment(17)

	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range records {
				if _, err := c.Write(record(w, i)); err != nil {
					t.Errorf("writer %d, record %d: %v", w, i, err)
					return
				}
			}
		}()
	}
	next := make([]int, writers)
	for range writers * records {
		var head [4]byte
		if _, err := io.ReadFull(s, head[:]); err != nil {
			t.Fatal(err)
		}
		w, n := int(head[0]), int(binary.BigEndian.Uint16(head[2:]))
		body := make([]byte, n)
		if _, err := io.ReadFull(s, body); err != nil {
			t.Fatal(err)
		}
		if w >= writers {
			t.Fatalf("record header %v names writer %d", head, w)
		}
		if want := record(w, next[w]); !bytes.Equal(append(head[:], body...), want) {
			t.Fatalf("writer %d, record %d arrived mangled", w, next[w])
		}
		next[w]++
	}
	wg.Wait()
	for w, n := range next {
		if n != records {
			t.Errorf("writer %d: %d records, want %d", w, n, records)
		}
	}
}

// record returns writer w's i-th record: writer, 0, body length (2 bytes),
// then a body of varying length filled with a pattern of w and i.
func record(w, i int) []byte {
	n := 1 + (w*31+i*17)%90
	b := []byte{byte(w), 0, byte(n >> 8), byte(n)}
	for j := range n {
		b = append(b, byte(w*7+i+j))
	}
	return b
}

func TestListenerAndDial(t *testing.T) {
	nw := NewNetwork()
	defer nw.Close()
	tests := []struct {
		name string
		do   func() error
		want error
	}{
		{"listen without a port", func() error { _, err := nw.Listen("host"); return err }, nil},
		{"listen with an empty name", func() error { _, err := nw.Listen(":1"); return err }, nil},
		{"dial nobody", func() error { _, err := nw.Dial("nobody:1"); return err }, ErrRefused},
		{"dial from a bad node name", func() error { _, err := nw.Node("a:b").Dial("host:1"); return err }, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.do()
			if err == nil {
				t.Fatal("no error")
			}
			var op *net.OpError
			if !errors.As(err, &op) {
				t.Errorf("%v is not a *net.OpError", err)
			}
			if tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("%v, want %v", err, tt.want)
			}
		})
	}
	if !errors.Is(ErrRefused, syscall.ECONNREFUSED) || !errors.Is(ErrAddrInUse, syscall.EADDRINUSE) || !errors.Is(ErrCut, syscall.ECONNRESET) {
		t.Error("the sentinels do not match their errnos")
	}

	ln, err := nw.Listen("host:1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := nw.Listen("host:1"); !errors.Is(err, ErrAddrInUse) {
		t.Errorf("second listen: %v, want ErrAddrInUse", err)
	}
	if ln.Addr().String() != "host:1" || ln.Addr().Network() != "linktest" {
		t.Errorf("listener address %s/%s", ln.Addr().Network(), ln.Addr())
	}

	// Dials queue without waiting for Accept; addresses number per node.
	var conns []net.Conn
	for range 3 {
		c, err := nw.Node("seatA").Dial("host:1")
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for i, c := range conns {
		if want := fmt.Sprintf("seatA:%d", i+1); c.LocalAddr().String() != want || c.RemoteAddr().String() != "host:1" {
			t.Errorf("conn %d: %s->%s, want %s->host:1", i, c.LocalAddr(), c.RemoteAddr(), want)
		}
	}
	s, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	if s.RemoteAddr().String() != "seatA:1" || s.LocalAddr().String() != "host:1" {
		t.Errorf("accepted %s<-%s, want host:1<-seatA:1", s.LocalAddr(), s.RemoteAddr())
	}

	// Close: a blocked Accept returns, the queued links are cut, the
	// address is free again.
	acc := async(func() error {
		for {
			if _, err := ln.Accept(); err != nil {
				return err
			}
		}
	})
	time.Sleep(10 * time.Millisecond)
	if err := ln.Close(); err != nil {
		t.Fatal(err)
	}
	if err := within(t, acc, time.Second, "accept"); !errors.Is(err, net.ErrClosed) {
		t.Errorf("accept after close: %v, want net.ErrClosed", err)
	}
	if err := ln.Close(); !errors.Is(err, net.ErrClosed) {
		t.Errorf("second close: %v, want net.ErrClosed", err)
	}
	if _, err := conns[0].Write([]byte("x")); err != nil {
		t.Errorf("an accepted link died with its listener: %v", err)
	}
	if _, err := nw.Dial("host:1"); !errors.Is(err, ErrRefused) {
		t.Errorf("dial after close: %v, want ErrRefused", err)
	}
	ln2, err := nw.Listen("host:1")
	if err != nil {
		t.Fatalf("listen again on a closed listener's address: %v", err)
	}
	defer ln2.Close()
	if _, err := nw.Dial("host:1"); err != nil {
		t.Errorf("dial the new listener: %v", err)
	}
}

func TestDialContext(t *testing.T) {
	nw := NewNetwork()
	defer nw.Close()
	if _, err := nw.Listen("host:1"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := nw.Node("seatA").DialContext(ctx, "tcp", "host:1"); err == nil {
		t.Error("dial with a done context succeeded")
	}
	if c, err := nw.DialContext(t.Context(), "tcp", "host:1"); err != nil || c.LocalAddr().String() != "dialer:1" {
		t.Errorf("dial: %v, %v", c, err)
	}
}

func TestDownAndUp(t *testing.T) {
	nw, ln, c, _, _ := setup(t)
	_, _, other := pair(t, nw, ln, "seatB")
	nw.Down("host:1")
	if _, err := c.Read(make([]byte, 1)); !isCut(err) {
		t.Errorf("read on a link to a host gone down: %v, want ErrCut", err)
	}
	if _, err := nw.Node("seatA").Dial("host:1"); !errors.Is(err, ErrRefused) || !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("dial a host that is down: %v, want ErrRefused", err)
	}
	if len(nw.Links("")) != 0 || !other.dead() {
		t.Errorf("links left after Down: %v", nw.Links(""))
	}

	// A restart: the old listener closes, a new one listens while down.
	ln.Close()
	ln2, err := nw.Listen("host:1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := nw.Node("seatA").Dial("host:1"); !errors.Is(err, ErrRefused) {
		t.Errorf("dial the restarted host still down: %v, want ErrRefused", err)
	}
	nw.Up("host:1")
	c2, s2, _ := pair(t, nw, ln2, "seatA")
	write(t, c2, []byte("back"))
	if got := readN(t, s2, 4); string(got) != "back" {
		t.Errorf("read %q", got)
	}

	// A node down: its dials are refused, other nodes' are not.
	nw.Down("seatB")
	if _, err := nw.Node("seatB").Dial("host:1"); !errors.Is(err, ErrRefused) {
		t.Errorf("dial from a node that is down: %v, want ErrRefused", err)
	}
	if _, err := nw.Node("seatC").Dial("host:1"); err != nil {
		t.Errorf("dial from another node: %v", err)
	}
	nw.Up("seatB")
	if _, err := nw.Node("seatB").Dial("host:1"); err != nil {
		t.Errorf("dial from a node back up: %v", err)
	}
}

func TestLinksAndOnLink(t *testing.T) {
	nw := NewNetwork()
	defer nw.Close()
	var seen []string
	var mu sync.Mutex
	nw.OnLink(func(l *Link) {
		mu.Lock()
		seen = append(seen, l.String())
		mu.Unlock()
		l.ToClient().Delay(time.Hour) // applies before the first byte
	})
	ln1, _ := nw.Listen("host:1")
	ln2, _ := nw.Listen("host:2")
	a1, _, _ := pair(t, nw, ln1, "seatA")
	_, _, _ = pair(t, nw, ln2, "seatA")
	_, s3, _ := pair(t, nw, ln1, "seatB")
	nw.OnLink(nil)
	pair(t, nw, ln2, "seatB")

	want := []string{"link 1 seatA:1->host:1", "link 2 seatA:2->host:2", "link 3 seatB:1->host:1"}
	if fmt.Sprint(seen) != fmt.Sprint(want) {
		t.Errorf("OnLink saw %v, want %v", seen, want)
	}
	names := func(ls []*Link) (out []uint64) {
		for _, l := range ls {
			out = append(out, l.ID())
		}
		return out
	}
	for _, tt := range []struct {
		name string
		want []uint64
	}{
		{"", []uint64{1, 2, 3, 4}},
		{"seatA", []uint64{1, 2}},
		{"seatA:2", []uint64{2}},
		{"host:1", []uint64{1, 3}},
		{"host", []uint64{1, 2, 3, 4}},
		{"seat", nil},
	} {
		if got := names(nw.Links(tt.name)); fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("Links(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
	a1.Link().Cut()
	s3.Close()
	s3.Link().ClientConn().Close()
	if got := names(nw.Links("")); fmt.Sprint(got) != "[2 4]" {
		t.Errorf("live links after a cut and a close: %v, want [2 4]", got)
	}
	// The delay OnLink set holds back link 2's bytes to the client.
	l2 := nw.Links("host:2")[0]
	l2.ServerConn().Write([]byte("x"))
	c2 := l2.ClientConn()
	c2.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	if _, err := c2.Read(make([]byte, 1)); !isTimeout(err) {
		t.Errorf("read on a link OnLink delayed: %v, want a timeout", err)
	}
}

func TestWaitLinks(t *testing.T) {
	nw, ln, c, _, _ := setup(t)
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	if _, err := nw.WaitLinks(ctx, "seatA", 2); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("wait for a link nobody dials: %v, want context.DeadlineExceeded", err)
	}
	c.Link().Cut()
	redialed := make(chan *Conn, 1)
	go func() {
		time.Sleep(10 * time.Millisecond)
		c, _ := nw.Node("seatA").Dial("host:1")
		redialed <- c.(*Conn)
	}()
	ls, err := nw.WaitLinks(t.Context(), "seatA", 1)
	if err != nil {
		t.Fatal(err)
	}
	if c2 := <-redialed; len(ls) != 1 || ls[0] != c2.Link() || ls[0].Client() != "seatA:2" {
		t.Errorf("WaitLinks returned %v, want the redialed %v", ls, c2.Link())
	}
	ln.Close()
}

func TestCapture(t *testing.T) {
	nw, ln, a, sa, _ := setup(t)
	_, sb, _ := pair(t, nw, ln, "seatB")
	toB := nw.Capture("host:1", "seatB")
	all := nw.Capture("", "")

	write(t, sa, []byte("A's secret: Mordecai"))
	write(t, sb, []byte("B's view 1;"))
	write(t, a, []byte("A's command"))
	sb.Link().Cut()
	// Seat B redials; the capture follows it onto the new link.
	b2, sb2, _ := pair(t, nw, ln, "seatB")
	write(t, sb2, []byte("B's view 2;"))
	sb2.Link().ToClient().DropAfter(3)
	write(t, sb2, []byte("B's view 3, lost on the way"))
	readN(t, b2, 3)
	toB.Stop()
	_, sb3, _ := pair(t, nw, ln, "seatB")
	write(t, sb3, []byte("after stop"))

	if got, want := string(toB.Bytes()), "B's view 1;B's view 2;B's view 3, lost on the way"; got != want {
		t.Errorf("capture to seat B: %q, want %q", got, want)
	}
	if bytes.Contains(toB.Bytes(), []byte("Mordecai")) {
		t.Error("the capture to seat B holds seat A's secret")
	}
	if toB.Len() != len(toB.Bytes()) {
		t.Errorf("Len %d, Bytes %d", toB.Len(), len(toB.Bytes()))
	}
	streams := toB.Streams()
	if len(streams) != 2 || streams[0].Link != 2 || streams[1].Link != 3 ||
		streams[0].From != "host:1" || streams[0].To != "seatB:1" || streams[1].To != "seatB:2" ||
		string(streams[0].Data) != "B's view 1;" {
		t.Errorf("streams: %+v", streams)
	}
	everything := "A's secret: Mordecai" + "B's view 1;" + "A's command" + "B's view 2;" + "B's view 3, lost on the way" + "after stop"
	if got := all.Len(); got != len(everything) {
		t.Errorf("capture of everything: %d bytes: %q", got, all.Bytes())
	}
}

func TestFragmentDeterministic(t *testing.T) {
	sizes := func(seed uint64) []int {
		_, _, c, s, l := setup(t, WithSeed(seed))
		l.Fragment(50)
		write(t, c, make([]byte, 1000))
		var out []int
		b := make([]byte, 1000)
		for total := 0; total < 1000; {
			n, err := s.Read(b)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, n)
			total += n
		}
		return out
	}
	a, b, c := sizes(1), sizes(1), sizes(2)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("same seed, different reads:\n%v\n%v", a, b)
	}
	if fmt.Sprint(a) == fmt.Sprint(c) {
		t.Errorf("seeds 1 and 2 gave the same reads: %v", a)
	}
}

// TestCutRedialNoLeak cuts a link 20 times in a row while a client and
// an echoing host talk over it, the client redialing each time, and
// checks that every goroutine of the old links ends.
func TestCutRedialNoLeak(t *testing.T) {
	NoLeaks(t)
	nw := NewNetwork(WithBuffer(64), WithSeed(9))
	ln, err := nw.Listen("host:1")
	if err != nil {
		t.Fatal(err)
	}
	var served sync.WaitGroup
	served.Add(1)
	go func() { // the host: an echo per link
		defer served.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			served.Add(1)
			go func() {
				defer served.Done()
				defer c.Close()
				io.Copy(c, c)
			}()
		}
	}()

	node := nw.Node("seatA")
	for i := range 20 {
		c, err := node.Dial("host:1")
		if err != nil {
			t.Fatal(err)
		}
		// A reader and a writer on the client, as a session has.
		read := async(func() error {
			_, err := io.Copy(io.Discard, c)
			return err
		})
		wrote := async(func() error {
			for {
				if _, err := c.Write([]byte("command;")); err != nil {
					return err
				}
			}
		})
		time.Sleep(2 * time.Millisecond)
		if i%2 == 0 {
			c.(*Conn).Link().Cut()
		} else {
			nw.Links("seatA")[0].ToServer().DropAfter(5)
		}
		for _, ch := range []<-chan error{read, wrote} {
			if err := within(t, ch, time.Second, fmt.Sprintf("round %d", i)); !isCut(err) {
				t.Errorf("round %d: %v, want ErrCut", i, err)
			}
		}
		c.Close()
	}
	if got := node.nw.Links(""); len(got) != 0 {
		t.Errorf("live links after 20 cuts: %v", got)
	}
	ln.Close()
	served.Wait()
	nw.Close()
}
