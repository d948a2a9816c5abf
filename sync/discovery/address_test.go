package discovery

import (
	"errors"
	"net"
	"strings"
	"testing"
)

// parseAddressCases are ParseAddress's table, also the fuzz seeds; a want
// with an empty Host means an error.
var parseAddressCases = []struct {
	in   string
	want Address
}{
	{"192.168.1.20:47100", Address{"192.168.1.20", 47100}},
	{" 192.168.1.20:5000 ", Address{"192.168.1.20", 5000}},
	{"192.168.1.20", Address{"192.168.1.20", DefaultPort}},
	{"laptop.local", Address{"laptop.local", DefaultPort}},
	{"laptop.local.:80", Address{"laptop.local.", 80}},
	{"game-box:1", Address{"game-box", 1}},
	{"[fd00::1]:47100", Address{"fd00::1", 47100}},
	{"[fe80::1%wlan0]:47100", Address{"fe80::1%wlan0", 47100}},
	{"[::1]", Address{"::1", DefaultPort}},
	{"fd00::1", Address{"fd00::1", DefaultPort}},
	{"::1", Address{"::1", DefaultPort}},
	{"", Address{}},
	{"   ", Address{}},
	{":47100", Address{}},
	{"192.168.1.20:", Address{}},
	{"192.168.1.20:0", Address{}},
	{"192.168.1.20:65536", Address{}},
	{"192.168.1.20:port", Address{}},
	{"192.168.1.20:-1", Address{}},
	{"192.168.1.20:+80", Address{}},
	{"192.168.1.20:80:90", Address{}},
	{"::1:47100", Address{}},
	{"[::1:47100", Address{}},
	{"[::1]47100", Address{}},
	{"[192.168.1.20]:80", Address{}},
	{"[]:80", Address{}},
	{"::%]0", Address{}},
	{"[fe80::1%a b]:80", Address{}},
	{"0.0.0.0", Address{}},
	{"224.0.0.251:5353", Address{}},
	{"my host", Address{}},
	{"a..b", Address{}},
	{"http://host:80", Address{}},
	{strings.Repeat("a", 64) + ".local", Address{}},
}

func TestParseAddress(t *testing.T) {
	for _, tt := range parseAddressCases {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseAddress(tt.in)
			if tt.want.Host == "" {
				if !errors.Is(err, ErrAddress) {
					t.Fatalf("ParseAddress(%q) = %+v, %v; want ErrAddress", tt.in, got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ParseAddress(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
			}
			// String is what net.Dial takes, and reads back the same.
			if h, p, err := net.SplitHostPort(got.String()); err != nil || h != got.Host || p == "" {
				t.Errorf("String() = %q does not split back: %q %q %v", got.String(), h, p, err)
			}
			if again, err := ParseAddress(got.String()); err != nil || again != got {
				t.Errorf("ParseAddress(String()) = %+v, %v", again, err)
			}
		})
	}
}

func FuzzParseAddress(f *testing.F) {
	for _, tt := range parseAddressCases {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAddress(s)
		if err != nil {
			if !errors.Is(err, ErrAddress) {
				t.Fatalf("error %v is not ErrAddress", err)
			}
			return
		}
		if a.Port == 0 || a.Host == "" {
			t.Fatalf("ParseAddress(%q) = %+v", s, a)
		}
		if again, err := ParseAddress(a.String()); err != nil || again != a {
			t.Fatalf("ParseAddress(%q) = %+v, %v; want %+v", a.String(), again, err, a)
		}
	})
}

func TestParseTarget(t *testing.T) {
	fp := Fingerprint{0x8f, 0x1c, 0x03, 0xa7, 0x5e}
	tests := []struct {
		in      string
		want    Target
		wantErr error
	}{
		{"60N0-0H9D-ZWHW-E079-TY50", Target{Address{"192.168.1.20", 47100}, fp, true}, nil},
		{" 60n0 0h9d zwhw e079 ty5o ", Target{Address{"192.168.1.20", 47100}, fp, true}, nil},
		{"60N00H9DZWHWE079TY50", Target{Address{"192.168.1.20", 47100}, fp, true}, nil},
		{"60N0-0H9D-ZWHW-E079-TY58", Target{}, ErrCodeCheck},
		{"60N0-0H9D-ZWHW-E079", Target{}, ErrCodeLength},
		{"60N0-0H9D-ZWHW-E079-TY50-0000", Target{}, ErrCodeLength},
		{"192.168.1.20:47100", Target{Address: Address{"192.168.1.20", 47100}}, nil},
		{"gamebox", Target{Address: Address{"gamebox", DefaultPort}}, nil},
		{"my-game-box", Target{Address: Address{"my-game-box", DefaultPort}}, nil},
		{"[fd00::1]:5", Target{Address: Address{"fd00::1", 5}}, nil},
		{"", Target{}, ErrAddress},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseTarget(tt.in)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("ParseTarget(%q) = %+v, %v; want %v", tt.in, got, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ParseTarget(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
			}
		})
	}
}
