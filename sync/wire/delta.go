package wire

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"math/bits"
)

// A delta rebuilds one byte string (the target, a seat's new view) from
// another (the base, the view sent before it). It is a copy/insert script
// in the manner of VCDIFF (RFC 3284), much simplified:
//
//	delta   = version header op*
//	version = 0x01
//	header  = uvarint(len(base)) crc(base) uvarint(len(target)) crc(target)
//	op      = uvarint(n<<1 | 0) byte{n}     add n literal bytes
//	        | uvarint(n<<1 | 1) varint(d)   copy n bytes from address end+d
//
// uvarint and varint are encoding/binary's (varint zig-zag signed), crc is
// CRC-32C (Castagnoli) as 4 big-endian bytes, and n >= 1. Addresses run
// over the base followed by the target as far as it is made (VCDIFF's
// source and target windows): address a < len(base) is base[a], address
// len(base)+k is target[k]. end is the address just after the previous copy
// (0 at first). A copy lies wholly within the base, or starts in the part
// of the target already made; it may then run on into the bytes it makes
// itself (as in LZ77: a repeated pattern). The ops produce exactly
// len(target) bytes. Patch checks the base's length and checksum before
// anything else (a client holding another base than the host meant finds
// out at once and asks for a full view with Catchup), and the result's
// checksum after.
//
// Diff finds the copies with an index of 8-byte strings every 4 bytes of
// the base and of the target made so far (for each string, the first place
// and the start of its last run), extended forwards and backwards, and
// tries first where the last copy left off (a change that keeps the
// length, a number that went from 3 to 4, then continues the same base).
// It is linear in the sizes.

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
	nb, total := len(base), len(base)+len(target)
	if len(target) < anchor || total >= math.MaxInt32 {
		return appendAdd(out, target)
	}

	// table holds two addresses + 1 (0: none) per hash of 8 bytes: the
	// first seen and the start of the last run seen, so a run matches from
	// its start and a collision does not hide a later string.
	size := 1 << bits.Len(uint(total/stride))
	table := make([]int32, 2*size)
	shift := uint(64 - bits.TrailingZeros(uint(size)))
	prev := uint64(len(table)) // the previous position's slot
	put := func(addr int, b []byte) {
		h := 2 * hash8(b, shift)
		switch {
		case table[h] == 0:
			table[h] = int32(addr + 1)
		case h != prev: // not the same run going on
			table[h+1] = int32(addr + 1)
		}
		prev = h
	}
	for p := 0; p+anchor <= nb; p += stride {
		put(p, base[p:])
	}

	lit := 0     // start of the target bytes not yet emitted
	copyEnd := 0 // address after the last copy
	tEnd := 0    // target offset after the last copy
	indexed := 0 // the next target offset to index
	i := 0
	for i+anchor <= len(target) {
		for ; indexed < i && indexed+anchor <= len(target); indexed += stride {
			put(nb+indexed, target[indexed:])
		}
		best, bestBack, bestLen := -1, 0, 0
		try := func(a int) {
			var from []byte // the bytes at a and on, in the base or the target made
			var k int       // a's offset in from
			switch {
			case a < 0:
				return
			case a < nb:
				from, k = base, a
			case a-nb < i:
				from, k = target, a-nb
			default:
				return
			}
			n := matchLen(from[k:], target[i:])
			if n < anchor {
				return
			}
			back := 0
			for i-back > lit && k-back > 0 && target[i-back-1] == from[k-back-1] {
				back++
			}
			if n+back > bestLen {
				best, bestBack, bestLen = a, back, n+back
			}
		}
		predicted := copyEnd + (i - tEnd)
		try(predicted)
		h := 2 * hash8(target[i:], shift)
		for _, p := range table[h : h+2] {
			if p != 0 && int(p-1) != predicted {
				try(int(p - 1))
			}
		}
		if bestLen < minMatch {
			i++
			continue
		}
		start := i - bestBack
		out = appendAdd(out, target[lit:start])
		a := best - bestBack
		out = binary.AppendUvarint(out, uint64(bestLen)<<1|1)
		out = binary.AppendVarint(out, int64(a-copyEnd))
		copyEnd = a + bestLen
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
		from, nb := int64(copyEnd)+off, int64(len(base))
		switch {
		case from < 0 || (from < nb && size > uint64(nb-from)):
			return bad("a copy of %d bytes from address %d of a %d-byte base", size, from, nb)
		case from < nb:
			out = append(out, base[from:from+int64(size)]...)
		case from-nb >= int64(len(out)):
			return bad("a copy from target offset %d where %d bytes are made", from-nb, len(out))
		default:
			k := int(from - nb)
			if k+int(size) <= len(out) {
				out = append(out, out[k:k+int(size)]...)
				break
			}
			for j := range int(size) { // running on into the bytes it makes
				out = append(out, out[k+j])
			}
		}
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
