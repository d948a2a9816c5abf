package lanbench

import (
	"net"
	"sync"
	"sync/atomic"
)

// countingListener wraps a listener so every accepted connection counts the
// bytes written to it.
type countingListener struct {
	net.Listener
	mu    sync.Mutex
	conns []*countingConn
}

// Accept accepts a connection and wraps it in a countingConn.
func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	cc := &countingConn{Conn: c}
	l.mu.Lock()
	l.conns = append(l.conns, cc)
	l.mu.Unlock()
	return cc, nil
}

// written is the bytes written so far to every connection accepted.
func (l *countingListener) written() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	var n int64
	for _, c := range l.conns {
		n += c.n.Load()
	}
	return n
}

// countingConn counts the bytes written to a connection (what the host
// sends, on the wire: TLS records included when TLS runs above it).
type countingConn struct {
	net.Conn
	n atomic.Int64
}

// Write writes b and counts what was written.
func (c *countingConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	c.n.Add(int64(n))
	return n, err
}
