package console

import (
	"bytes"
	"errors"
	"fmt"
	"sort"

	"github.com/vmihailenco/msgpack/v5"
)

// Encode serialises v as canonical msgpack, the one binary encoding of
// events, state, snapshots and wire frames. The entries of every map, of any
// key type, are sorted by their encoded key, so equal values always give
// equal bytes: two tablets can compare states byte for byte.
//
// The msgpack library encodes v; a single pass over its bytes (canonicalize)
// then sorts the entries of every map (a struct is a map too), without
// decoding anything but the headers.
func Encode(v any) ([]byte, error) {
	raw, err := msgpack.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode %T: %w", v, err)
	}
	out, err := canonicalize(raw)
	if err != nil {
		return nil, fmt.Errorf("encode %T: canonical form: %w", v, err)
	}
	return out, nil
}

// maxDepth bounds nesting, so a hostile input cannot exhaust the stack.
const maxDepth = 64

// canonicalize returns raw (one msgpack value) with the entries of every
// map sorted by their canonical key bytes, and every map and array header
// in its shortest form.
func canonicalize(raw []byte) ([]byte, error) {
	c := canon{src: raw, out: make([]byte, 0, len(raw))}
	if err := c.value(0); err != nil {
		return nil, err
	}
	if c.pos != len(raw) {
		return nil, fmt.Errorf("%d bytes after the value", len(raw)-c.pos)
	}
	return c.out, nil
}

// canon is canonicalize's state: it copies src from pos to out.
type canon struct {
	src     []byte
	pos     int
	out     []byte
	scratch []byte
}

// errShort is a value cut short.
var errShort = errors.New("unexpected end of msgpack data")

// need returns the next n bytes of src and moves past them.
func (c *canon) need(n int) ([]byte, error) {
	if n < 0 || len(c.src)-c.pos < n {
		return nil, errShort
	}
	b := c.src[c.pos : c.pos+n]
	c.pos += n
	return b, nil
}

// size reads an n-byte big-endian length.
func (c *canon) size(n int) (int, error) {
	b, err := c.need(n)
	if err != nil {
		return 0, err
	}
	v := 0
	for _, x := range b {
		v = v<<8 | int(x)
	}
	if v < 0 {
		return 0, errors.New("length out of range")
	}
	return v, nil
}

// span is one map entry's canonical bytes in out: key then value.
type span struct{ start, mid, end int }

// value copies one value, sorting the maps in it.
func (c *canon) value(depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("nested deeper than %d", maxDepth)
	}
	hb, err := c.need(1)
	if err != nil {
		return err
	}
	h := hb[0]
	var n int
	switch {
	case h <= 0x7f || h >= 0xe0 || h == 0xc0 || h == 0xc2 || h == 0xc3:
		c.out = append(c.out, h)
		return nil
	case h >= 0x80 && h <= 0x8f:
		return c.mapBody(int(h&0x0f), depth)
	case h == 0xde || h == 0xdf:
		if n, err = c.size(2 << (h - 0xde)); err != nil {
			return err
		}
		return c.mapBody(n, depth)
	case h >= 0x90 && h <= 0x9f:
		return c.arrayBody(int(h&0x0f), depth)
	case h == 0xdc || h == 0xdd:
		if n, err = c.size(2 << (h - 0xdc)); err != nil {
			return err
		}
		return c.arrayBody(n, depth)
	}
	// A scalar: copy its header and payload as they are.
	start := c.pos - 1
	switch {
	case h >= 0xa0 && h <= 0xbf:
		n = int(h & 0x1f)
	case h == 0xd9 || h == 0xc4:
		n, err = c.size(1)
	case h == 0xda || h == 0xc5:
		n, err = c.size(2)
	case h == 0xdb || h == 0xc6:
		n, err = c.size(4)
	case h == 0xc7:
		n, err = c.size(1)
		n++ // the type byte
	case h == 0xc8:
		n, err = c.size(2)
		n++
	case h == 0xc9:
		n, err = c.size(4)
		n++
	case h == 0xd4:
		n = 2
	case h == 0xd5:
		n = 3
	case h == 0xd6:
		n = 5
	case h == 0xd7:
		n = 9
	case h == 0xd8:
		n = 17
	case h == 0xcc || h == 0xd0:
		n = 1
	case h == 0xcd || h == 0xd1:
		n = 2
	case h == 0xca || h == 0xce || h == 0xd2:
		n = 4
	case h == 0xcb || h == 0xcf || h == 0xd3:
		n = 8
	default:
		return fmt.Errorf("invalid msgpack code 0x%02x", h)
	}
	if err != nil {
		return err
	}
	if _, err := c.need(n); err != nil {
		return err
	}
	c.out = append(c.out, c.src[start:c.pos]...)
	return nil
}

// arrayBody copies an array of n values with the shortest header.
func (c *canon) arrayBody(n, depth int) error {
	if n > len(c.src)-c.pos {
		return errShort // every value takes a byte at least
	}
	c.out = appendLen(c.out, 0x90, 0xdc, n)
	for i := 0; i < n; i++ {
		if err := c.value(depth + 1); err != nil {
			return err
		}
	}
	return nil
}

// mapBody copies a map of n entries, sorted by their canonical key bytes
// (a stable sort, as before), with the shortest header.
func (c *canon) mapBody(n, depth int) error {
	if n > (len(c.src)-c.pos)/2 {
		return errShort
	}
	c.out = appendLen(c.out, 0x80, 0xde, n)
	if n == 0 {
		return nil
	}
	base := len(c.out)
	spans := make([]span, n)
	sorted := true
	for i := range spans {
		spans[i].start = len(c.out)
		if err := c.value(depth + 1); err != nil {
			return err
		}
		spans[i].mid = len(c.out)
		if err := c.value(depth + 1); err != nil {
			return err
		}
		spans[i].end = len(c.out)
		if i > 0 && bytes.Compare(c.key(spans[i-1]), c.key(spans[i])) > 0 {
			sorted = false
		}
	}
	if sorted {
		return nil
	}
	sort.SliceStable(spans, func(i, j int) bool { return bytes.Compare(c.key(spans[i]), c.key(spans[j])) < 0 })
	c.scratch = c.scratch[:0]
	for _, sp := range spans {
		c.scratch = append(c.scratch, c.out[sp.start:sp.end]...)
	}
	copy(c.out[base:], c.scratch)
	return nil
}

func (c *canon) key(sp span) []byte { return c.out[sp.start:sp.mid] }

// appendLen appends the shortest header of a map (fix 0x80, 16-bit 0xde)
// or an array (fix 0x90, 16-bit 0xdc) of n entries.
func appendLen(b []byte, fix, b16 byte, n int) []byte {
	switch {
	case n < 16:
		return append(b, fix|byte(n))
	case n <= 0xffff:
		return append(b, b16, byte(n>>8), byte(n))
	default:
		return append(b, b16+1, byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
	}
}

// Decode parses one msgpack value produced by Encode into v. It first checks
// the bytes with CheckMsgpack, so damaged or hostile input is refused with an
// error instead of a huge allocation.
func Decode(b []byte, v any) (err error) {
	if err := CheckMsgpack(b); err != nil {
		return fmt.Errorf("decode %T: %w", v, err)
	}
	// The msgpack library panics on some well-formed but ill-typed input
	// (a nil where a time.Time is expected, found by sync/wire's fuzzing):
	// bad input is an error, never a panic.
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("decode %T: the msgpack decoder failed: %v", v, p)
		}
	}()
	if err := msgpack.Unmarshal(b, v); err != nil {
		return fmt.Errorf("decode %T: %w", v, err)
	}
	return nil
}

// NewEvent builds an event of the given type with data encoded as its
// payload. It is a convenience for Decide implementations.
func NewEvent(typ string, data any) (Event, error) {
	b, err := Encode(data)
	if err != nil {
		return Event{}, fmt.Errorf("event %s: %w", typ, err)
	}
	return Event{Type: typ, Data: b}, nil
}
