package console

import (
	"errors"
	"fmt"
)

// The msgpack library allocates a slice or byte string of the length its
// header declares before reading the elements (vmihailenco/msgpack#401), so
// five damaged bytes (0xdd ff ff ff ff: "an array of four billion") are a
// fatal out-of-memory that recover cannot catch. Decode therefore walks the
// bytes first: CheckMsgpack proves every declared length fits in what is
// left, so decoding a damaged save, a hostile network frame or an imported
// file costs at most a small multiple of its size.

// errTrailing reports bytes after the one value a record must hold.
var errTrailing = errors.New("trailing bytes after the value")

// CheckMsgpack reports whether b holds exactly one well-formed msgpack value
// whose every declared length fits in b.
func CheckMsgpack(b []byte) error {
	n, err := skipValue(b, 0, 0)
	if err != nil {
		return err
	}
	if n != len(b) {
		return fmt.Errorf("%w (%d of %d bytes used)", errTrailing, n, len(b))
	}
	return nil
}

// skipValue returns the offset just past the msgpack value starting at off.
func skipValue(b []byte, off, depth int) (int, error) {
	if off >= len(b) {
		return 0, fmt.Errorf("msgpack: unexpected end of record at byte %d", off)
	}
	c := b[off]
	off++
	// need returns the offset after n more bytes, or an error when b is too
	// short for them.
	need := func(n uint64) (int, error) {
		if n > uint64(len(b)-off) {
			return 0, fmt.Errorf("msgpack: value at byte %d declares %d bytes but only %d remain", off-1, n, len(b)-off)
		}
		return off + int(n), nil
	}
	// length reads a big-endian unsigned length of size bytes.
	length := func(size int) (uint64, error) {
		end, err := need(uint64(size))
		if err != nil {
			return 0, err
		}
		var n uint64
		for _, x := range b[off:end] {
			n = n<<8 | uint64(x)
		}
		off = end
		return n, nil
	}
	// container skips n elements (2n for a map) after the header.
	container := func(n uint64, perEntry uint64) (int, error) {
		if depth >= maxDepth {
			return 0, fmt.Errorf("msgpack: nested deeper than %d levels", maxDepth)
		}
		// Each element takes at least one byte: a count larger than what
		// is left is a lie, caught before the decoder preallocates for it.
		if n > uint64(len(b)-off) || n*perEntry > uint64(len(b)-off) {
			return 0, fmt.Errorf("msgpack: container at byte %d declares %d entries but only %d bytes remain", off-1, n, len(b)-off)
		}
		var err error
		for i := uint64(0); i < n*perEntry; i++ {
			if off, err = skipValue(b, off, depth+1); err != nil {
				return 0, err
			}
		}
		return off, nil
	}
	switch {
	case c <= 0x7f || c >= 0xe0: // positive and negative fixint
		return off, nil
	case c >= 0x80 && c <= 0x8f: // fixmap
		return container(uint64(c&0x0f), 2)
	case c >= 0x90 && c <= 0x9f: // fixarray
		return container(uint64(c&0x0f), 1)
	case c >= 0xa0 && c <= 0xbf: // fixstr
		return need(uint64(c & 0x1f))
	}
	switch c {
	case 0xc0, 0xc2, 0xc3: // nil, false, true
		return off, nil
	case 0xc4, 0xd9: // bin8, str8
		n, err := length(1)
		if err != nil {
			return 0, err
		}
		return need(n)
	case 0xc5, 0xda: // bin16, str16
		n, err := length(2)
		if err != nil {
			return 0, err
		}
		return need(n)
	case 0xc6, 0xdb: // bin32, str32
		n, err := length(4)
		if err != nil {
			return 0, err
		}
		return need(n)
	case 0xc7, 0xc8, 0xc9: // ext8, ext16, ext32: length, type, data
		size := 1
		if c == 0xc8 {
			size = 2
		} else if c == 0xc9 {
			size = 4
		}
		n, err := length(size)
		if err != nil {
			return 0, err
		}
		return need(n + 1)
	case 0xca: // float32
		return need(4)
	case 0xcb: // float64
		return need(8)
	case 0xcc, 0xd0: // uint8, int8
		return need(1)
	case 0xcd, 0xd1: // uint16, int16
		return need(2)
	case 0xce, 0xd2: // uint32, int32
		return need(4)
	case 0xcf, 0xd3: // uint64, int64
		return need(8)
	case 0xd4: // fixext1: type + 1
		return need(2)
	case 0xd5: // fixext2
		return need(3)
	case 0xd6: // fixext4
		return need(5)
	case 0xd7: // fixext8
		return need(9)
	case 0xd8: // fixext16
		return need(17)
	case 0xdc: // array16
		n, err := length(2)
		if err != nil {
			return 0, err
		}
		return container(n, 1)
	case 0xdd: // array32
		n, err := length(4)
		if err != nil {
			return 0, err
		}
		return container(n, 1)
	case 0xde: // map16
		n, err := length(2)
		if err != nil {
			return 0, err
		}
		return container(n, 2)
	case 0xdf: // map32
		n, err := length(4)
		if err != nil {
			return 0, err
		}
		return container(n, 2)
	}
	return 0, fmt.Errorf("msgpack: invalid code 0x%02x at byte %d", c, off-1)
}
