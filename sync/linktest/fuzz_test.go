package linktest

import (
	"bytes"
	"io"
	"testing"
	"time"
)

// FuzzTransfer writes data through a link in pieces whose sizes come from
// sizes, with a small buffer and fragmented reads, and checks every byte
// arrives once and in order.
func FuzzTransfer(f *testing.F) {
	f.Add([]byte("hello"), []byte{1}, uint8(1), uint8(0), uint64(1))
	f.Add(bytes.Repeat([]byte("frame"), 100), []byte{7, 3, 200, 1}, uint8(5), uint8(3), uint64(2))
	f.Add(make([]byte, 3000), []byte{255, 0, 17}, uint8(64), uint8(1), uint64(3))
	f.Add([]byte{}, []byte{}, uint8(0), uint8(0), uint64(4))
	f.Fuzz(func(t *testing.T, data, sizes []byte, buffer, fragment uint8, seed uint64) {
		nw := NewNetwork(WithBuffer(int(buffer)), WithSeed(seed))
		defer nw.Close()
		ln, err := nw.Listen("host:1")
		if err != nil {
			t.Fatal(err)
		}
		c, err := nw.Dial("host:1")
		if err != nil {
			t.Fatal(err)
		}
		s, err := ln.Accept()
		if err != nil {
			t.Fatal(err)
		}
		c.(*Conn).Link().Fragment(int(fragment % 16))
		wrote := async(func() error {
			defer c.Close()
			rest := data
			for i := 0; len(rest) > 0; i++ {
				n := len(rest)
				if len(sizes) > 0 {
					n = min(n, 1+int(sizes[i%len(sizes)]))
				}
				if _, err := c.Write(rest[:n]); err != nil {
					return err
				}
				rest = rest[n:]
			}
			return nil
		})
		s.SetReadDeadline(time.Now().Add(10 * time.Second))
		got, err := io.ReadAll(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := <-wrote; err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, data) {
			t.Fatalf("read %d bytes, wrote %d, or different ones", len(got), len(data))
		}
	})
}
