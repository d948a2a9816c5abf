package wire

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math/bits"
)

// A delta rebuilds one byte string (the target, a seat's new view) from
// another (the base, the view sent before it). It is a copy/insert script
// in the manner of VCDIFF (RFC 3284), much simplified:
//
//	delta  = version header op*
//	version = 0x01
//	header = uvarint(len(base)) crc(base) uvarint(len(target)) crc(target)
//	op     = uvarint(n<<1 | 0) byte{n}          add n literal bytes
//	       | uvarint(n<<1 | 1) varint(d)        copy n bytes of the base from
//	                                            offset end+d, where end is the
//	                                            base offset just after the
//	                                            previous copy (0 at first)
//
// uvarint and varint are encoding/binary's (varint zig-zag signed), crc is
// CRC-32C (Castagnoli) as 4 big-endian bytes, and n >= 1. The ops produce
// exactly len(target) bytes. Patch checks the base's length and checksum
// before anything else (a client holding another base than the host meant
// finds out at once and asks for a full view with Catchup), and the
// result's checksum after.
//
// Diff finds the copies with an index of the base's 8-byte strings every 4
// bytes (the first place of each and the start of its last run), extended forwards and
// backwards, and tries first where the last copy left off (a change that keeps the length, a number that went from 3
// to 4, then continues the same base). It is linear in the sizes.

// deltaVersion is the first byte of every delta.
const deltaVersion = 1

// ErrBadBase is the error (wrapped) of Patch when the base is not the one
// the delta was made against: the client must ask for a full view.
var ErrBadBase = errors.New("delta: not the base it was made against")

// ErrBadDelta is the error (wrapped) of Patch for a damaged or hostile
// delta: malformed, out of bounds, too large, or a result whose checksum
// does not match.
var ErrBadDelta = errors.New("delta: damaged")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Checksum is the CRC-32C of b, the checksum deltas carry.
func Checksum(b []byte) uint32 { return crc32.Checksum(b, castagnoli) }

const (
	anchor   = 8 // bytes compared at once to find a copy
	stride   = 4 // the base is indexed every stride bytes
	minMatch = 8 // shorter copies cost more than the bytes they save
)

// Diff returns a delta that rebuilds target from base (see Patch). It never
// fails; with nothing in common the delta holds the target whole, plus a
// header of at most 19 bytes.
func Diff(base, target []byte) []byte {
	out := make([]byte, 0, 32+len(target)/8)
	out = append(out, deltaVersion)
	out = binary.AppendUvarint(out, uint64(len(base)))
	out = binary.BigEndian.AppendUint32(out, Checksum(base))
	out = binary.AppendUvarint(out, uint64(len(target)))
	out = binary.BigEndian.AppendUint32(out, Checksum(target))

	// table holds two base offsets + 1 (0: none) per hash of 8 bytes: the
	// first seen and the start of the last run seen, so a run matches from
	// its start and a collision does not hide a later string.
	var table []int32
	var shift uint
	if len(base) >= anchor {
		size := 1 << bits.Len(uint(len(base)/stride))
		table = make([]int32, 2*size)
		shift = uint(64 - bits.TrailingZeros(uint(size)))
		prev := uint64(len(table)) // the previous position's slot
		for p := 0; p+anchor <= len(base); p += stride {
			h := 2 * hash8(base[p:], shift)
			switch {
			case table[h] == 0:
				table[h] = int32(p + 1)
			case h != prev: // not the same run going on
				table[h+1] = int32(p + 1)
			}
			prev = h
		}
	}

	lit := 0     // start of the target bytes not yet emitted
	copyEnd := 0 // base offset after the last copy
	tEnd := 0    // target offset after the last copy
	i := 0
	for table != nil && i+anchor <= len(target) {
		best, bestBack, bestLen := -1, 0, 0
		try := func(q int) {
			if q < 0 || q+anchor > len(base) {
				return
			}
			n := matchLen(base[q:], target[i:])
			if n < anchor {
				return
			}
			back := 0
			for i-back > lit && q-back > 0 && target[i-back-1] == base[q-back-1] {
				back++
			}
			if n+back > bestLen {
				best, bestBack, bestLen = q, back, n+back
			}
		}
		try(copyEnd + (i - tEnd))
		h := 2 * hash8(target[i:], shift)
		for _, p := range table[h : h+2] {
			if p != 0 && int(p-1) != copyEnd+(i-tEnd) {
				try(int(p - 1))
			}
		}
		if bestLen < minMatch {
			i++
			continue
		}
		start := i - bestBack
		out = appendAdd(out, target[lit:start])
		q := best - bestBack
		out = binary.AppendUvarint(out, uint64(bestLen)<<1|1)
		out = binary.AppendVarint(out, int64(q-copyEnd))
		copyEnd = q + bestLen
		i = start + bestLen
		tEnd, lit = i, i
	}
	return appendAdd(out, target[lit:])
}

// appendAdd appends an add op of lit (nothing when it is empty).
func appendAdd(out, lit []byte) []byte {
	if len(lit) == 0 {
		return out
	}
	out = binary.AppendUvarint(out, uint64(len(lit))<<1)
	return append(out, lit...)
}

// hash8 hashes the first 8 bytes of b into 64-shift bits.
func hash8(b []byte, shift uint) uint64 {
	return (binary.LittleEndian.Uint64(b) * 0x9E3779B97F4A7C15) >> shift
}

// matchLen returns the length of the common prefix of a and b.
func matchLen(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i+8 <= n && binary.LittleEndian.Uint64(a[i:]) == binary.LittleEndian.Uint64(b[i:]) {
		i += 8
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// Patch rebuilds the target of delta from base. The result may be at most
// max bytes (max <= 0: DefaultMaxFrame), checked on the delta's header
// before anything is allocated. A base that is not the delta's gives an
// error wrapping ErrBadBase; a damaged delta, one wrapping ErrBadDelta.
func Patch(base, delta []byte, max int) ([]byte, error) {
	if max <= 0 {
		max = DefaultMaxFrame
	}
	d := delta
	bad := func(format string, a ...any) ([]byte, error) {
		return nil, fmt.Errorf("%w: "+format, append([]any{ErrBadDelta}, a...)...)
	}
	if len(d) == 0 || d[0] != deltaVersion {
		if len(d) == 0 {
			return bad("empty")
		}
		return bad("format %d (want %d)", d[0], deltaVersion)
	}
	d = d[1:]
	baseLen, n := binary.Uvarint(d)
	if n <= 0 || len(d) < n+4 {
		return bad("truncated header")
	}
	baseSum := binary.BigEndian.Uint32(d[n:])
	d = d[n+4:]
	targetLen, n := binary.Uvarint(d)
	if n <= 0 || len(d) < n+4 {
		return bad("truncated header")
	}
	targetSum := binary.BigEndian.Uint32(d[n:])
	d = d[n+4:]
	if baseLen != uint64(len(base)) || baseSum != Checksum(base) {
		return nil, fmt.Errorf("%w (made against %d bytes with checksum %08x, have %d bytes with checksum %08x)",
			ErrBadBase, baseLen, baseSum, len(base), Checksum(base))
	}
	if targetLen > uint64(max) {
		return bad("the result would be %d bytes, above the limit of %d", targetLen, max)
	}
	// The declared length is only trusted up to what the ops could
	// plausibly make; append grows the rest as real bytes arrive.
	out := make([]byte, 0, min(targetLen, uint64(len(base)+len(delta))))
	copyEnd := 0
	for len(d) > 0 {
		h, n := binary.Uvarint(d)
		if n <= 0 {
			return bad("truncated op at %d bytes from the end", len(d))
		}
		d = d[n:]
		size := h >> 1
		if size == 0 || size > targetLen-uint64(len(out)) {
			return bad("an op of %d bytes where %d remain to be made", size, targetLen-uint64(len(out)))
		}
		if h&1 == 0 {
			if size > uint64(len(d)) {
				return bad("an add of %d bytes with %d left in the delta", size, len(d))
			}
			out = append(out, d[:size]...)
			d = d[size:]
			continue
		}
		off, n := binary.Varint(d)
		if n <= 0 {
			return bad("truncated copy offset")
		}
		d = d[n:]
		from := int64(copyEnd) + off
		if from < 0 || from > int64(len(base)) || size > uint64(int64(len(base))-from) {
			return bad("a copy of %d bytes from offset %d of a %d-byte base", size, from, len(base))
		}
		out = append(out, base[from:from+int64(size)]...)
		copyEnd = int(from) + int(size)
	}
	if uint64(len(out)) != targetLen {
		return bad("made %d bytes of %d", len(out), targetLen)
	}
	if got := Checksum(out); got != targetSum {
		return bad("the result's checksum is %08x, want %08x", got, targetSum)
	}
	return out, nil
}

// Pack sets the view bytes v carries to cur: as a delta against prev (the
// view bytes last sent on this connection) when that is shorter, else whole.
// With no prev (nil: the first view of a connection, or after a Catchup) it
// is always whole.
func (v *View) Pack(prev, cur []byte) {
	v.Full, v.Delta = nil, nil
	if prev != nil {
		if d := Diff(prev, cur); len(d) < len(cur) {
			v.Delta = d
			return
		}
	}
	v.Full = cur
}

// Unpack returns the view bytes v carries: Full, or Delta applied to prev
// (the view bytes received before it), of at most max bytes (max <= 0:
// DefaultMaxFrame). An error wrapping ErrBadBase or ErrBadDelta means the
// client must send a Catchup and wait for a full view.
func (v View) Unpack(prev []byte, max int) ([]byte, error) {
	if len(v.Delta) == 0 {
		if len(v.Full) == 0 {
			return nil, fmt.Errorf("view of %s at %d: no view bytes", v.Seat, v.Seq)
		}
		return v.Full, nil
	}
	out, err := Patch(prev, v.Delta, max)
	if err != nil {
		return nil, fmt.Errorf("view of %s at %d: %w", v.Seat, v.Seq, err)
	}
	return out, nil
}
