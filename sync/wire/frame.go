package wire

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"
)

// HeaderSize is the length of a frame's prefix: the body's length as a
// 4-byte big-endian unsigned integer.
const HeaderSize = 4

// DefaultMaxFrame is the largest frame body a Reader or Writer accepts
// unless told otherwise: 1 MiB, about a hundred times a Lands of Ruin view.
const DefaultMaxFrame = 1 << 20

// readChunk is how much of a frame's body the Reader allocates at a time, so
// a peer that claims a large frame and then sends little costs little.
const readChunk = 64 << 10

// ErrEmptyFrame is the error (wrapped) for a frame whose prefix says zero
// bytes: no message is empty, so such a frame is refused by readers and
// never written.
var ErrEmptyFrame = errors.New("empty frame (length prefix 0)")

// ErrFrameTooLarge is the error (wrapped, in a *FrameSizeError) for a frame
// longer than the limit.
var ErrFrameTooLarge = errors.New("frame too large")

// FrameSizeError is a frame whose length prefix is above the limit of the
// Reader or Writer that met it. The Reader refuses it from the prefix alone,
// before reading or allocating its body; the stream is then unusable, since
// the body was not consumed.
type FrameSizeError struct {
	// Size is the length the prefix claims (or the body to be written).
	Size uint64
	// Limit is the largest body allowed.
	Limit int
}

func (e *FrameSizeError) Error() string {
	return fmt.Sprintf("frame of %d bytes is larger than the limit of %d bytes", e.Size, e.Limit)
}

// Unwrap makes errors.Is(err, ErrFrameTooLarge) true.
func (e *FrameSizeError) Unwrap() error { return ErrFrameTooLarge }

// Reader reads frames from a stream: a 4-byte big-endian length, then that
// many bytes of body. It is not safe for concurrent use (one goroutine reads
// a connection). Deadlines are the caller's: set them on the net.Conn.
type Reader struct {
	r   io.Reader
	max int
	hdr [HeaderSize]byte
}

// NewReader returns a Reader of r that refuses frames longer than max bytes
// (max <= 0: DefaultMaxFrame).
func NewReader(r io.Reader, max int) *Reader {
	if max <= 0 {
		max = DefaultMaxFrame
	}
	return &Reader{r: r, max: max}
}

// MaxFrame returns the largest frame body the Reader accepts.
func (r *Reader) MaxFrame() int { return r.max }

// ReadFrame reads one frame and returns its body, in a new slice the caller
// may keep. It returns io.EOF when the stream ends cleanly between frames;
// an error wrapping io.ErrUnexpectedEOF when it ends inside one; an error
// wrapping ErrEmptyFrame for a zero-length frame; and a *FrameSizeError
// (ErrFrameTooLarge) for a frame above the limit, found from the prefix
// alone. The body is read in chunks of at most 64 KiB, so memory grows only
// with the bytes that really arrive.
func (r *Reader) ReadFrame() ([]byte, error) {
	n, err := io.ReadFull(r.r, r.hdr[:])
	switch {
	case err == io.EOF:
		return nil, io.EOF
	case err == io.ErrUnexpectedEOF:
		return nil, fmt.Errorf("read frame: the stream ended inside a length prefix (%d of %d bytes): %w", n, HeaderSize, err)
	case err != nil:
		return nil, fmt.Errorf("read frame: %w", err)
	}
	size := binary.BigEndian.Uint32(r.hdr[:])
	if size == 0 {
		return nil, fmt.Errorf("read frame: %w", ErrEmptyFrame)
	}
	if uint64(size) > uint64(r.max) {
		return nil, fmt.Errorf("read frame: %w", &FrameSizeError{Size: uint64(size), Limit: r.max})
	}
	body := make([]byte, 0, min(int(size), readChunk))
	for len(body) < int(size) {
		next := min(int(size), len(body)+readChunk)
		if next > cap(body) {
			grown := make([]byte, len(body), min(int(size), 2*cap(body)))
			copy(grown, body)
			body = grown
		}
		got, err := io.ReadFull(r.r, body[len(body):next])
		body = body[:len(body)+got]
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil, fmt.Errorf("read frame: the stream ended inside a frame of %d bytes, after %d: %w", size, len(body), io.ErrUnexpectedEOF)
		}
		if err != nil {
			return nil, fmt.Errorf("read frame of %d bytes, after %d: %w", size, len(body), err)
		}
	}
	return body, nil
}

// Read reads one frame and decodes its message (see Decode). A decode error
// (ErrMalformed, ErrUnknownKind) leaves the stream usable: the frame was
// read whole; a frame error (ErrEmptyFrame, ErrFrameTooLarge, a truncated
// frame) does not.
func (r *Reader) Read() (Message, error) {
	body, err := r.ReadFrame()
	if err != nil {
		return nil, err
	}
	return Decode(body)
}

// Writer writes frames to a stream. It is safe for concurrent use: each
// frame goes out whole, in a single Write of the underlying writer, never
// interleaved with another. After a failed write the stream may hold part
// of a frame, so every later write returns the same error.
type Writer struct {
	mu  sync.Mutex
	w   io.Writer
	max int
	buf []byte
	err error
}

// NewWriter returns a Writer to w that refuses to write frames longer than
// max bytes (max <= 0: DefaultMaxFrame), the limit the peer's Reader will
// apply.
func NewWriter(w io.Writer, max int) *Writer {
	if max <= 0 {
		max = DefaultMaxFrame
	}
	return &Writer{w: w, max: max}
}

// MaxFrame returns the largest frame body the Writer writes.
func (w *Writer) MaxFrame() int { return w.max }

// WriteFrame writes body as one frame. An empty body or one above the limit
// is refused (ErrEmptyFrame, *FrameSizeError) without writing anything, and
// the Writer stays usable.
func (w *Writer) WriteFrame(body []byte) error {
	if len(body) == 0 {
		return fmt.Errorf("write frame: %w", ErrEmptyFrame)
	}
	if len(body) > w.max {
		return fmt.Errorf("write frame: %w", &FrameSizeError{Size: uint64(len(body)), Limit: w.max})
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	w.buf = binary.BigEndian.AppendUint32(w.buf[:0], uint32(len(body)))
	w.buf = append(w.buf, body...)
	n, err := w.w.Write(w.buf)
	if err == nil && n < len(w.buf) {
		err = io.ErrShortWrite
	}
	if cap(w.buf) > readChunk {
		w.buf = nil // do not keep a large view's buffer for every small frame after it
	}
	if err != nil {
		w.err = fmt.Errorf("write frame of %d bytes: %w", len(body), err)
		return w.err
	}
	return nil
}

// Send encodes m (see Encode) and writes it as one frame.
func (w *Writer) Send(m Message) error {
	body, err := Encode(m)
	if err != nil {
		return err
	}
	if err := w.WriteFrame(body); err != nil {
		return fmt.Errorf("send %s: %w", m.Kind(), err)
	}
	return nil
}
