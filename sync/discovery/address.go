package discovery

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"strings"
)

// DefaultPort is the TCP port a host listens on unless told otherwise, and
// the port of a typed address that names none.
const DefaultPort = 47100

// ErrAddress is the error (wrapped) for a typed address ParseAddress
// cannot read.
var ErrAddress = errors.New("not a host address")

// Address is a host a player typed: an IP address or a host name, and a
// port.
type Address struct {
	// Host is an IP address (IPv6 without brackets, possibly with a
	// "%zone") or a DNS name.
	Host string
	// Port is the TCP port (never 0).
	Port uint16
}

// String returns a in the form net.Dial takes: "host:port" or
// "[v6]:port".
func (a Address) String() string {
	return net.JoinHostPort(a.Host, strconv.Itoa(int(a.Port)))
}

// ParseAddress reads a typed address: "host:port", "[v6]:port", "[v6]",
// a bare IPv6 address, or a bare host (an IPv4 address or a name) with
// DefaultPort. Surrounding spaces are ignored. Its errors (ErrAddress,
// wrapped) say what to type instead.
func ParseAddress(s string) (Address, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Address{}, fmt.Errorf("%w: empty; type the address the host shows, like 192.168.1.20:%d", ErrAddress, DefaultPort)
	}
	host, portStr := s, ""
	switch {
	case strings.HasPrefix(s, "["):
		end := strings.IndexByte(s, ']')
		if end < 0 {
			return Address{}, fmt.Errorf("%w: %q has '[' without ']'; an IPv6 address is typed as [fd00::1]:%d", ErrAddress, s, DefaultPort)
		}
		host, rest := s[1:end], s[end+1:]
		if !isIPv6(host) {
			return Address{}, fmt.Errorf("%w: %q in brackets is not an IPv6 address", ErrAddress, host)
		}
		switch {
		case rest == "":
			return Address{Host: host, Port: DefaultPort}, nil
		case strings.HasPrefix(rest, ":"):
			port, err := parsePort(rest[1:])
			if err != nil {
				return Address{}, err
			}
			return Address{Host: host, Port: port}, nil
		default:
			return Address{}, fmt.Errorf("%w: %q after ']' (want :port)", ErrAddress, rest)
		}
	case strings.Count(s, ":") > 1:
		// A bare IPv6 address; with a port it needs brackets.
		if !isIPv6(s) {
			return Address{}, fmt.Errorf("%w: %q is not an IPv6 address; with a port, type it as [address]:port", ErrAddress, s)
		}
		return Address{Host: s, Port: DefaultPort}, nil
	case strings.Contains(s, ":"):
		host, portStr, _ = strings.Cut(s, ":")
		if host == "" {
			return Address{}, fmt.Errorf("%w: %q has a port but no host", ErrAddress, s)
		}
	}
	if err := checkHost(host); err != nil {
		return Address{}, err
	}
	port := uint16(DefaultPort)
	if portStr != "" || strings.HasSuffix(s, ":") {
		var err error
		if port, err = parsePort(portStr); err != nil {
			return Address{}, err
		}
	}
	return Address{Host: host, Port: port}, nil
}

// isIPv6 reports whether s is an IPv6 address, with at most a zone of
// letters, digits, '.', '_' and '-' (an interface name or index).
func isIPv6(s string) bool {
	ip, err := netip.ParseAddr(s)
	if err != nil || !ip.Is6() {
		return false
	}
	for _, c := range []byte(ip.Zone()) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

func parsePort(s string) (uint16, error) {
	n, err := strconv.ParseUint(s, 10, 16)
	if err != nil || n == 0 || len(s) > 5 {
		return 0, fmt.Errorf("%w: port %q: a port is a number from 1 to 65535", ErrAddress, s)
	}
	return uint16(n), nil
}

// checkHost accepts an IPv4 address or a DNS name (letters, digits, '-'
// and '.'; labels of 1 to 63 characters; at most 253 characters).
func checkHost(h string) error {
	if ip, err := netip.ParseAddr(h); err == nil {
		if ip.Is4() && (ip.IsUnspecified() || ip.IsMulticast()) {
			return fmt.Errorf("%w: %v is not a host's address", ErrAddress, ip)
		}
		return nil
	}
	name := strings.TrimSuffix(h, ".")
	if name == "" || len(name) > 253 {
		return fmt.Errorf("%w: %q is not a host name or IP address", ErrAddress, h)
	}
	for _, label := range strings.Split(name, ".") {
		if label == "" || len(label) > 63 {
			return fmt.Errorf("%w: %q is not a host name or IP address", ErrAddress, h)
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
				return fmt.Errorf("%w: %q is not a host name or IP address (the character %q)", ErrAddress, h, printable(label[i:]))
			}
		}
	}
	return nil
}

// Target is where a player asked to join: an address, with the host key's
// fingerprint when it came from a join code.
type Target struct {
	// Address is the host to dial.
	Address Address
	// Fingerprint is the host's key fingerprint from a join code; zero for
	// a typed address (the client then has nothing to pin).
	Fingerprint Fingerprint
	// FromCode reports whether the target was a join code.
	FromCode bool
}

// ParseTarget reads what a player typed in the join box (or `ccctl join`'s
// argument): a join code when it is 20 code characters once '-' and spaces
// are dropped and has no '.', ':' or '['; otherwise an address
// (ParseAddress).
func ParseTarget(s string) (Target, error) {
	t := strings.TrimSpace(s)
	if looksLikeCode(t) {
		c, err := DecodeJoinCode(t)
		if err != nil {
			return Target{}, err
		}
		return Target{Address: Address{Host: c.Addr.Addr().String(), Port: c.Addr.Port()}, Fingerprint: c.Fingerprint, FromCode: true}, nil
	}
	a, err := ParseAddress(t)
	if err != nil {
		return Target{}, err
	}
	return Target{Address: a}, nil
}

// looksLikeCode reports whether s is shaped like a join code: no address
// punctuation and, without '-' and spaces, at least 16 characters (a
// mistyped code of 16 to 24 characters is reported as a code, not as a
// strange host name).
func looksLikeCode(s string) bool {
	if strings.ContainsAny(s, ".:[]") {
		return false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '-' || c == ' ':
		case c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			n++
		default:
			return false
		}
	}
	return n >= JoinCodeLen-4 && n <= JoinCodeLen+4 && (strings.Count(s, "-") >= 2 || n == JoinCodeLen)
}
