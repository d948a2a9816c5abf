package wire

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// frame returns body with its length prefix.
func frame(body []byte) []byte {
	return append(binary.BigEndian.AppendUint32(nil, uint32(len(body))), body...)
}

// prefix returns a bare length prefix claiming n bytes.
func prefix(n uint32) []byte { return binary.BigEndian.AppendUint32(nil, n) }

func pattern(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7 + i>>8)
	}
	return b
}

func TestFrameRoundTrip(t *testing.T) {
	for _, n := range []int{1, 2, 100, readChunk - 1, readChunk, readChunk + 1, 3*readChunk + 5, DefaultMaxFrame} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var buf bytes.Buffer
			w := NewWriter(&buf, 0)
			body := pattern(n)
			if err := w.WriteFrame(body); err != nil {
				t.Fatal(err)
			}
			if err := w.WriteFrame([]byte{42}); err != nil {
				t.Fatal(err)
			}
			if buf.Len() != HeaderSize+n+HeaderSize+1 {
				t.Fatalf("wrote %d bytes, want %d", buf.Len(), HeaderSize+n+HeaderSize+1)
			}
			if !bytes.Equal(buf.Bytes()[:HeaderSize+n], frame(body)) {
				t.Fatal("the frame is not a big-endian length then the body")
			}
			r := NewReader(&buf, 0)
			got, err := r.ReadFrame()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, body) {
				t.Fatalf("read %d bytes back, not the %d written", len(got), n)
			}
			if got, err := r.ReadFrame(); err != nil || !bytes.Equal(got, []byte{42}) {
				t.Fatalf("second frame: %v %v", got, err)
			}
			if _, err := r.ReadFrame(); err != io.EOF {
				t.Fatalf("at the end: %v, want io.EOF", err)
			}
		})
	}
}

func TestReaderRefuses(t *testing.T) {
	cases := []struct {
		name   string
		stream []byte
		max    int
		is     error
		say    []string
	}{
		{"empty frame", prefix(0), 0, ErrEmptyFrame, []string{"empty frame", "length prefix 0"}},
		{"over the default limit", prefix(DefaultMaxFrame + 1), 0, ErrFrameTooLarge,
			[]string{"frame of 1048577 bytes is larger than the limit of 1048576 bytes"}},
		{"over a configured limit", append(prefix(2000), pattern(2000)...), 1000, ErrFrameTooLarge,
			[]string{"frame of 2000 bytes is larger than the limit of 1000 bytes"}},
		{"the largest prefix", prefix(0xffffffff), 0, ErrFrameTooLarge, []string{"4294967295 bytes"}},
		{"an HTTP answer", []byte("HTTP/1.1 400 Bad Request\r\n\r\n"), 0, ErrFrameTooLarge, []string{"1213486160 bytes"}},
		{"truncated prefix", []byte{0, 0}, 0, io.ErrUnexpectedEOF, []string{"inside a length prefix (2 of 4 bytes)"}},
		{"truncated body", append(prefix(10), 1, 2, 3), 0, io.ErrUnexpectedEOF, []string{"inside a frame of 10 bytes, after 3"}},
		{"truncated large body", append(prefix(200000), pattern(100000)...), 0, io.ErrUnexpectedEOF, []string{"frame of 200000 bytes, after 100000"}},
		{"clean end", nil, 0, io.EOF, []string{"EOF"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewReader(bytes.NewReader(c.stream), c.max).ReadFrame()
			if !errors.Is(err, c.is) {
				t.Fatalf("got %v, want %v", err, c.is)
			}
			for _, s := range c.say {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("%q does not say %q", err, s)
				}
			}
			var fse *FrameSizeError
			if errors.As(err, &fse) && (fse.Limit != NewReader(nil, c.max).MaxFrame() || fse.Size <= uint64(fse.Limit)) {
				t.Errorf("size error %+v", fse)
			}
		})
	}
}

// allocated returns the bytes allocated while fn runs.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// An oversize prefix is refused from the prefix alone, and a large claim
// under a generous limit costs only the bytes that arrive, never the size
// claimed.
func TestClaimedSizeNotAllocated(t *testing.T) {
	over := prefix(0xffffffff)
	if n := testing.AllocsPerRun(100, func() {
		if _, err := NewReader(bytes.NewReader(over), 0).ReadFrame(); !errors.Is(err, ErrFrameTooLarge) {
			t.Fatal(err)
		}
	}); n > 16 {
		t.Errorf("refusing an oversize prefix takes %.0f allocations", n)
	}
	if b := allocated(func() {
		for range 10 {
			_, _ = NewReader(bytes.NewReader(over), 0).ReadFrame()
		}
	}); b > 64<<10 {
		t.Errorf("refusing an oversize prefix 10 times allocated %d bytes", b)
	}
	// A 1 GiB limit, a prefix that claims it, and 10 bytes.
	lie := append(prefix(1<<30), pattern(10)...)
	b := allocated(func() {
		if _, err := NewReader(bytes.NewReader(lie), 1<<30).ReadFrame(); !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Fatal(err)
		}
	})
	t.Logf("a claimed 1 GiB frame of 10 bytes allocated %d bytes", b)
	if b > 2*readChunk {
		t.Errorf("a claimed 1 GiB frame of 10 bytes allocated %d bytes", b)
	}
}

func TestWriterRefuses(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf, 100)
	if err := w.WriteFrame(nil); !errors.Is(err, ErrEmptyFrame) {
		t.Errorf("empty: %v", err)
	}
	err := w.WriteFrame(pattern(101))
	if !errors.Is(err, ErrFrameTooLarge) || !strings.Contains(err.Error(), "frame of 101 bytes is larger than the limit of 100 bytes") {
		t.Errorf("oversize: %v", err)
	}
	if buf.Len() != 0 {
		t.Fatalf("a refused frame wrote %d bytes", buf.Len())
	}
	if err := w.WriteFrame(pattern(100)); err != nil {
		t.Fatalf("the writer is not usable after a refusal: %v", err)
	}
}

// failWriter accepts n bytes, then fails.
type failWriter struct{ n int }

func (f *failWriter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		k := f.n
		f.n = 0
		return k, errors.New("link down")
	}
	f.n -= len(p)
	return len(p), nil
}

// After a failed write the stream may hold half a frame: every later write
// fails with the same error.
func TestWriterErrorSticks(t *testing.T) {
	w := NewWriter(&failWriter{n: 7}, 0)
	if err := w.WriteFrame([]byte("abc")); err != nil {
		t.Fatal(err)
	}
	err := w.WriteFrame([]byte("defgh"))
	if err == nil || !strings.Contains(err.Error(), "link down") || !strings.Contains(err.Error(), "frame of 5 bytes") {
		t.Fatalf("got %v", err)
	}
	if err2 := w.WriteFrame([]byte("x")); err2 != err {
		t.Fatalf("later write: %v, want %v", err2, err)
	}
}

// shortWriter writes at most half of what it is given, without an error.
type shortWriter struct{}

func (shortWriter) Write(p []byte) (int, error) { return len(p) / 2, nil }

func TestWriterShortWrite(t *testing.T) {
	if err := NewWriter(shortWriter{}, 0).WriteFrame([]byte("abcd")); !errors.Is(err, io.ErrShortWrite) {
		t.Fatalf("got %v", err)
	}
}

// Concurrent senders never interleave their frames.
func TestWriterConcurrent(t *testing.T) {
	pr, pw := io.Pipe()
	w := NewWriter(pw, 0)
	const senders, each = 8, 50
	var wg sync.WaitGroup
	for s := range senders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				body := bytes.Repeat([]byte{byte(s)}, 1+(s*977+i*131)%(3*readChunk))
				if err := w.WriteFrame(body); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	go func() { wg.Wait(); pw.Close() }()
	r := NewReader(pr, 0)
	count := map[byte]int{}
	for {
		body, err := r.ReadFrame()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range body {
			if c != body[0] {
				t.Fatalf("a frame of sender %d holds a byte of sender %d: frames interleaved", body[0], c)
			}
		}
		count[body[0]]++
	}
	for s := range senders {
		if count[byte(s)] != each {
			t.Errorf("sender %d: %d frames read, want %d", s, count[byte(s)], each)
		}
	}
}

// Send and Read carry messages.
func TestSendRead(t *testing.T) {
	var buf bytes.Buffer
	w, r := NewWriter(&buf, 0), NewReader(&buf, 0)
	if err := w.Send(Heartbeat{N: 7}); err != nil {
		t.Fatal(err)
	}
	if err := w.Send(&Ack{N: 7}); err != nil {
		t.Fatal(err)
	}
	if err := w.Send(Command{}); err == nil || !strings.Contains(err.Error(), "without an id") {
		t.Fatalf("an invalid command was sent: %v", err)
	}
	small := NewWriter(&buf, 10)
	if err := small.Send(Bye{Code: ByeLeaving, Message: "Ana left the table"}); !errors.Is(err, ErrFrameTooLarge) || !strings.Contains(err.Error(), "send bye") {
		t.Fatalf("an oversize message: %v", err)
	}
	for _, want := range []Message{Heartbeat{N: 7}, Ack{N: 7}} {
		got, err := r.Read()
		if err != nil || got != want {
			t.Fatalf("read %#v %v, want %#v", got, err, want)
		}
	}
	if _, err := r.Read(); err != io.EOF {
		t.Fatalf("at the end: %v", err)
	}
	// An unknown kind is read whole: the next frame is still readable.
	buf.Write(frame([]byte{0x92, 0x63, 0x80}))
	buf.Write(frame(mustEncode(t, Heartbeat{N: 8})))
	if _, err := r.Read(); !errors.Is(err, ErrUnknownKind) {
		t.Fatalf("unknown kind: %v", err)
	}
	if got, err := r.Read(); err != nil || got != (Heartbeat{N: 8}) {
		t.Fatalf("after an unknown kind: %#v %v", got, err)
	}
}

func mustEncode(tb testing.TB, m Message) []byte {
	tb.Helper()
	b, err := Encode(m)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func BenchmarkWriteReadFrame(b *testing.B) {
	body := pattern(8 << 10)
	var buf bytes.Buffer
	w, r := NewWriter(&buf, 0), NewReader(&buf, 0)
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if err := w.WriteFrame(body); err != nil {
			b.Fatal(err)
		}
		if _, err := r.ReadFrame(); err != nil {
			b.Fatal(err)
		}
	}
}
