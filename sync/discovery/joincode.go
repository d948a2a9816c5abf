package discovery

import (
	"errors"
	"fmt"
	"net/netip"
)

// A join code is 20 Crockford base-32 characters (100 bits), shown in five
// groups of four, e.g. "60N0-0H9D-ZWHW-E079-TY50"
// (192.168.1.20, port 47100, fingerprint HWE0-79TY):
//
//	bits  0..1   format version (0)
//	bits  2..33  the host's IPv4 address
//	bits 34..49  the host's TCP port
//	bits 50..89  the Fingerprint of the host's TLS key (40 bits)
//	bits 90..99  check: CRC-10 (polynomial 0x233, initial value 0x3FF) of bits 0..89
//
// The check catches every single mistyped character and every swap of two
// neighbouring characters, and all but about one in a thousand other typos.
// Reading ignores case, '-' and spaces, and reads O as 0 and I and L as 1.
const (
	// JoinCodeLen is the number of characters in a join code, without the
	// '-' between its groups.
	JoinCodeLen = 20
	// joinCodeVersion is the format version written in the first two bits.
	joinCodeVersion = 0
	crcPoly         = 0x233
	crcInit         = 0x3FF
	dataBits        = 2 + 32 + 16 + FingerprintSize*8
)

// Errors of DecodeJoinCode (wrapped), besides ErrCodeChar.
var (
	// ErrCodeLength is for a code of the wrong number of characters.
	ErrCodeLength = errors.New("wrong length")
	// ErrCodeCheck is for a code whose check characters do not match: a
	// character was mistyped.
	ErrCodeCheck = errors.New("a character is mistyped")
	// ErrCodeVersion is for a code made by a later version of the app.
	ErrCodeVersion = errors.New("made by a newer version of Command Console")
)

// JoinCode is what a join code carries: where the host listens and the
// fingerprint of its TLS key.
type JoinCode struct {
	// Addr is the host's IPv4 address and TCP port.
	Addr netip.AddrPort
	// Fingerprint is the host's TLS key fingerprint.
	Fingerprint Fingerprint
}

// Encode returns the code for c, as "XXXX-XXXX-XXXX-XXXX-XXXX". The address
// must be a usable IPv4 unicast address (an IPv4-mapped IPv6 address is
// taken as IPv4) and the port not 0.
func (c JoinCode) Encode() (string, error) {
	ip := c.Addr.Addr().Unmap()
	if !ip.Is4() {
		return "", fmt.Errorf("join code: %v is not an IPv4 address (join codes carry IPv4 only)", c.Addr.Addr())
	}
	if !usableIPv4(ip) {
		return "", fmt.Errorf("join code: %v is not an address another device can reach", ip)
	}
	if c.Addr.Port() == 0 {
		return "", errors.New("join code: port 0")
	}
	var w bits
	w.put(joinCodeVersion, 2)
	a := ip.As4()
	for _, b := range a {
		w.put(uint64(b), 8)
	}
	w.put(uint64(c.Addr.Port()), 16)
	for _, b := range c.Fingerprint {
		w.put(uint64(b), 8)
	}
	w.put(uint64(crc10(w.b, dataBits)), 10)
	return format(toSymbols(w.b, JoinCodeLen*5)), nil
}

// DecodeJoinCode reads a join code as a person typed it: case, '-' and
// spaces do not matter, O is read as 0 and I and L as 1. It fails with
// ErrCodeChar (a character no code has), ErrCodeLength, ErrCodeCheck (a
// mistyped character) or ErrCodeVersion, each wrapped in a sentence a
// player can act on.
func DecodeJoinCode(s string) (JoinCode, error) {
	syms, err := symbols("join code", s)
	if err != nil {
		return JoinCode{}, err
	}
	if len(syms) != JoinCodeLen {
		return JoinCode{}, fmt.Errorf("join code: %w: it has %d letters and digits, a join code has %d", ErrCodeLength, len(syms), JoinCodeLen)
	}
	r := bits{b: fromSymbols(syms)}
	check := bits{b: r.b, n: dataBits}
	if crc10(r.b, dataBits) != uint16(check.get(10)) {
		return JoinCode{}, fmt.Errorf("join code: %w; look again at the code the host shows", ErrCodeCheck)
	}
	if v := r.get(2); v != joinCodeVersion {
		return JoinCode{}, fmt.Errorf("join code: %w (format %d); update the app", ErrCodeVersion, v)
	}
	var a [4]byte
	for i := range a {
		a[i] = byte(r.get(8))
	}
	port := uint16(r.get(16))
	var c JoinCode
	for i := range c.Fingerprint {
		c.Fingerprint[i] = byte(r.get(8))
	}
	ip := netip.AddrFrom4(a)
	if !usableIPv4(ip) || port == 0 {
		return JoinCode{}, fmt.Errorf("join code: it names no host (%v port %d)", ip, port)
	}
	c.Addr = netip.AddrPortFrom(ip, port)
	return c, nil
}

// usableIPv4 reports whether ip can be a host's address on a LAN: not
// 0.0.0.0, multicast, broadcast or the 0/8 network.
func usableIPv4(ip netip.Addr) bool {
	if !ip.Is4() || ip.IsUnspecified() || ip.IsMulticast() {
		return false
	}
	a := ip.As4()
	return a[0] != 0 && a != [4]byte{255, 255, 255, 255}
}

// crc10 is the CRC-10 (polynomial x^10+x^9+x^5+x^4+x+1, initial value
// 0x3FF, no reflection) of the first n bits of b.
func crc10(b []byte, n int) uint16 {
	reg := uint16(crcInit)
	r := bits{b: b}
	for i := 0; i < n; i++ {
		fb := (reg>>9)&1 ^ uint16(r.get(1))
		reg = (reg << 1) & 0x3FF
		if fb == 1 {
			reg ^= crcPoly
		}
	}
	return reg
}
