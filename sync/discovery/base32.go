package discovery

import (
	"errors"
	"fmt"
	"strings"
)

// crockford is Douglas Crockford's base-32 alphabet: digits and capital
// letters without I, L, O and U, so that no two symbols look alike.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// ErrCodeChar is the error (wrapped) for a character that is not used in
// join codes and fingerprints (the letter U, or punctuation other than the
// '-' and spaces that group them).
var ErrCodeChar = errors.New("character not used in codes")

// symbolValue maps a typed character to its 5-bit value: lowercase is read
// as uppercase, I and L as 1, O as 0 (Crockford's reading of look-alikes).
// It returns -1 for anything else.
func symbolValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		c -= 'a' - 'A'
	}
	switch c {
	case 'I', 'L':
		return 1
	case 'O':
		return 0
	}
	if i := strings.IndexByte(crockford[10:], c); i >= 0 && c >= 'A' && c <= 'Z' {
		return 10 + i
	}
	return -1
}

// symbols reads a typed code into 5-bit values, skipping '-' and white
// space. what names the code in errors ("join code", "fingerprint").
func symbols(what, s string) ([]byte, error) {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '-' || c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			continue
		}
		v := symbolValue(c)
		if v < 0 {
			if c == 'U' || c == 'u' {
				return nil, fmt.Errorf("%s: %w: the letter U (codes have no U; check the character %d)", what, ErrCodeChar, len(out)+1)
			}
			return nil, fmt.Errorf("%s: %w: %q (codes have digits and letters only; character %d)", what, ErrCodeChar, printable(s[i:]), len(out)+1)
		}
		out = append(out, byte(v))
	}
	return out, nil
}

// printable returns the first character of s for an error message.
func printable(s string) string {
	for _, r := range s {
		return string(r)
	}
	return ""
}

// bits is a big-endian bit buffer for packing codes.
type bits struct {
	b []byte
	n int // bits written or read so far
}

func (w *bits) put(v uint64, n int) {
	for i := n - 1; i >= 0; i-- {
		if w.n/8 >= len(w.b) {
			w.b = append(w.b, 0)
		}
		if v>>uint(i)&1 == 1 {
			w.b[w.n/8] |= 0x80 >> uint(w.n%8)
		}
		w.n++
	}
}

func (w *bits) get(n int) uint64 {
	var v uint64
	for i := 0; i < n; i++ {
		v <<= 1
		if w.n/8 < len(w.b) && w.b[w.n/8]&(0x80>>uint(w.n%8)) != 0 {
			v |= 1
		}
		w.n++
	}
	return v
}

// toSymbols splits the first n bits of b (n a multiple of 5) into 5-bit
// values.
func toSymbols(b []byte, n int) []byte {
	r := bits{b: b}
	out := make([]byte, n/5)
	for i := range out {
		out[i] = byte(r.get(5))
	}
	return out
}

// fromSymbols packs 5-bit values into bytes.
func fromSymbols(syms []byte) []byte {
	var w bits
	for _, s := range syms {
		w.put(uint64(s), 5)
	}
	return w.b
}

// format writes 5-bit values as Crockford symbols in groups of four joined
// by '-'.
func format(syms []byte) string {
	var sb strings.Builder
	for i, s := range syms {
		if i > 0 && i%4 == 0 {
			sb.WriteByte('-')
		}
		sb.WriteByte(crockford[s])
	}
	return sb.String()
}
