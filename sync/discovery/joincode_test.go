package discovery

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net/netip"
	"strings"
	"testing"
)

func TestJoinCodeRoundTrip(t *testing.T) {
	tests := []JoinCode{
		{netip.MustParseAddrPort("192.168.1.20:47100"), Fingerprint{0x8f, 0x1c, 0x03, 0xa7, 0x5e}},
		{netip.MustParseAddrPort("10.0.0.2:1"), Fingerprint{}},
		{netip.MustParseAddrPort("172.31.255.254:65535"), Fingerprint{0xff, 0xff, 0xff, 0xff, 0xff}},
		{netip.MustParseAddrPort("127.0.0.1:47100"), Fingerprint{1, 2, 3, 4, 5}},
		{netip.MustParseAddrPort("1.0.0.0:80"), Fingerprint{0, 0, 0, 0, 1}},
	}
	for _, c := range tests {
		t.Run(c.Addr.String(), func(t *testing.T) {
			s, err := c.Encode()
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			if len(s) != 24 || strings.Count(s, "-") != 4 {
				t.Errorf("code %q is not five groups of four", s)
			}
			for _, typed := range []string{s, strings.ToLower(s), strings.ReplaceAll(s, "-", ""), strings.ReplaceAll(s, "-", " "), "  " + s + "\n",
				strings.NewReplacer("0", "o", "1", "l").Replace(s), strings.NewReplacer("0", "O", "1", "I").Replace(s)} {
				got, err := DecodeJoinCode(typed)
				if err != nil || got != c {
					t.Errorf("DecodeJoinCode(%q) = %+v, %v; want %+v", typed, got, err, c)
				}
			}
		})
	}
	// A v4-mapped IPv6 address is taken as IPv4.
	mapped := JoinCode{Addr: netip.MustParseAddrPort("[::ffff:192.168.1.20]:47100")}
	s, err := mapped.Encode()
	if err != nil {
		t.Fatalf("Encode mapped: %v", err)
	}
	if got, _ := DecodeJoinCode(s); got.Addr != netip.MustParseAddrPort("192.168.1.20:47100") {
		t.Errorf("mapped address decodes to %v", got.Addr)
	}
}

func TestJoinCodeEncodeErrors(t *testing.T) {
	for _, ap := range []string{"[fd00::1]:47100", "0.0.0.0:47100", "224.0.0.251:5353", "255.255.255.255:1", "0.1.2.3:4", "192.168.1.20:0"} {
		if s, err := (JoinCode{Addr: netip.MustParseAddrPort(ap)}).Encode(); err == nil {
			t.Errorf("Encode(%s) = %q, want an error", ap, s)
		}
	}
	if s, err := (JoinCode{}).Encode(); err == nil {
		t.Errorf("Encode(zero) = %q, want an error", s)
	}
}

// decodeJoinCodeCases are DecodeJoinCode's error table, also fuzz seeds.
var decodeJoinCodeCases = []struct {
	in   string
	want error
}{
	{"", ErrCodeLength},
	{"ABCD-EFGH", ErrCodeLength},
	{"60N0-0H9D-ZWHW-E079-TY50-0", ErrCodeLength},
	{"60N0-0H9D-ZWHW-E079-TY5U", ErrCodeChar},
	{"60N0-0H9D-ZWHW-E079-TY5*", ErrCodeChar},
	{"60N0.0H9D.ZWHW.E079.TY50", ErrCodeChar},
	{"60N0-0H9D-ZWHW-E079-TY5é", ErrCodeChar},
	{"0000-0000-0000-0000-0000", ErrCodeCheck},
	{"ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ", ErrCodeCheck},
}

func TestDecodeJoinCodeErrors(t *testing.T) {
	for _, tt := range decodeJoinCodeCases {
		t.Run(tt.in, func(t *testing.T) {
			got, err := DecodeJoinCode(tt.in)
			if !errors.Is(err, tt.want) {
				t.Fatalf("DecodeJoinCode(%q) = %+v, %v; want %v", tt.in, got, err, tt.want)
			}
			if !strings.HasPrefix(err.Error(), "join code: ") {
				t.Errorf("error %q lacks context", err)
			}
		})
	}
}

// codeFor builds a code with a valid check from raw fields, for versions
// and addresses Encode refuses.
func codeFor(version uint64, ip [4]byte, port uint16, fp Fingerprint) string {
	var w bits
	w.put(version, 2)
	for _, b := range ip {
		w.put(uint64(b), 8)
	}
	w.put(uint64(port), 16)
	for _, b := range fp {
		w.put(uint64(b), 8)
	}
	w.put(uint64(crc10(w.b, dataBits)), 10)
	return format(toSymbols(w.b, JoinCodeLen*5))
}

func TestDecodeJoinCodeChecked(t *testing.T) {
	if _, err := DecodeJoinCode(codeFor(1, [4]byte{192, 168, 1, 2}, 47100, Fingerprint{1})); !errors.Is(err, ErrCodeVersion) {
		t.Errorf("version 1: %v, want ErrCodeVersion", err)
	}
	for _, c := range []struct {
		ip   [4]byte
		port uint16
	}{{[4]byte{}, 47100}, {[4]byte{192, 168, 1, 2}, 0}, {[4]byte{239, 1, 2, 3}, 1}} {
		if got, err := DecodeJoinCode(codeFor(0, c.ip, c.port, Fingerprint{})); err == nil {
			t.Errorf("code for %v port %d decodes to %+v, want an error", c.ip, c.port, got)
		}
	}
}

// TestJoinCodeTypos: every single mistyped character and every swap of
// two different neighbouring characters is caught by the check, on many
// random codes.
func TestJoinCodeTypos(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 200; n++ {
		c := JoinCode{Addr: netip.AddrPortFrom(netip.AddrFrom4([4]byte{byte(1 + rng.IntN(223)), byte(rng.IntN(256)), byte(rng.IntN(256)), byte(1 + rng.IntN(254))}), uint16(1+rng.IntN(65535)))}
		for i := range c.Fingerprint {
			c.Fingerprint[i] = byte(rng.IntN(256))
		}
		s, err := c.Encode()
		if err != nil {
			t.Fatalf("Encode(%+v): %v", c, err)
		}
		raw := []byte(strings.ReplaceAll(s, "-", ""))
		for i := range raw {
			for _, sym := range []byte(crockford) {
				if sym == raw[i] {
					continue
				}
				typo := append([]byte(nil), raw...)
				typo[i] = sym
				if got, err := DecodeJoinCode(string(typo)); err == nil {
					t.Fatalf("typo %s (of %s, position %d) decodes to %+v", typo, raw, i+1, got)
				}
			}
			if i+1 < len(raw) && raw[i] != raw[i+1] {
				swap := append([]byte(nil), raw...)
				swap[i], swap[i+1] = swap[i+1], swap[i]
				if got, err := DecodeJoinCode(string(swap)); err == nil {
					t.Fatalf("swap %s (of %s, position %d) decodes to %+v", swap, raw, i+1, got)
				}
			}
		}
	}
}

// FuzzDecodeJoinCode: decoding never panics, errors are the documented
// ones, and an accepted code encodes back to the same fields.
func FuzzDecodeJoinCode(f *testing.F) {
	for _, tt := range decodeJoinCodeCases {
		f.Add(tt.in)
	}
	good, _ := JoinCode{Addr: netip.MustParseAddrPort("192.168.1.20:47100"), Fingerprint: Fingerprint{0x8f, 0x1c, 0x03, 0xa7, 0x5e}}.Encode()
	f.Add(good)
	f.Add(strings.ToLower(good))
	f.Fuzz(func(t *testing.T, s string) {
		c, err := DecodeJoinCode(s)
		if err != nil {
			return
		}
		again, err := c.Encode()
		if err != nil {
			t.Fatalf("decoded %+v does not encode: %v", c, err)
		}
		c2, err := DecodeJoinCode(again)
		if err != nil || c2 != c {
			t.Fatalf("re-decode = %+v, %v; want %+v", c2, err, c)
		}
	})
}

// FuzzJoinCodeRoundTrip: every encodable address, port and fingerprint
// comes back unchanged.
func FuzzJoinCodeRoundTrip(f *testing.F) {
	f.Add([]byte{192, 168, 1, 20}, uint16(47100), []byte{0x8f, 0x1c, 0x03, 0xa7, 0x5e})
	f.Add([]byte{10, 0, 0, 1}, uint16(1), []byte{0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, ip []byte, port uint16, fp []byte) {
		if len(ip) != 4 || len(fp) != FingerprintSize {
			return
		}
		c := JoinCode{Addr: netip.AddrPortFrom(netip.AddrFrom4([4]byte(ip)), port)}
		copy(c.Fingerprint[:], fp)
		s, err := c.Encode()
		if err != nil {
			return
		}
		got, err := DecodeJoinCode(s)
		if err != nil || got != c {
			t.Fatalf("DecodeJoinCode(%q) = %+v, %v; want %+v", s, got, err, c)
		}
	})
}

func ExampleJoinCode() {
	c := JoinCode{
		Addr:        netip.MustParseAddrPort("192.168.1.20:47100"),
		Fingerprint: Fingerprint{0x8f, 0x1c, 0x03, 0xa7, 0x5e},
	}
	code, _ := c.Encode()
	fmt.Println(code)
	back, _ := DecodeJoinCode(strings.ToLower(code))
	fmt.Println(back.Addr, back.Fingerprint)
	_, err := DecodeJoinCode("60N0-0H9D-ZWHW-E079-TY58") // last character mistyped
	fmt.Println(err)
	// Output:
	// 60N0-0H9D-ZWHW-E079-TY50
	// 192.168.1.20:47100 HWE0-79TY
	// join code: a character is mistyped; look again at the code the host shows
}
