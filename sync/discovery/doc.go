// Package discovery finds nearby games on the local network and tells a
// joining device where a host is (DESIGN.md section 5, "Discovery").
//
// It offers three ways to reach a host, because guest Wi-Fi and convention
// halls often block multicast:
//
//   - mDNS/DNS-SD: a host announces its game as a [ServiceType] service
//     whose TXT record (see [EncodeTXT]) carries the protocol version, the
//     game system, the title, the host's name, the seats and the game id; a
//     [Browser] keeps a live list of the nearby games. [MDNS] is the real
//     implementation (github.com/grandcat/zeroconf); [Memory] is an
//     in-memory one for tests of the host and the client.
//   - A typed address: [ParseAddress] reads "host:port", "[v6]:port" or a
//     bare host (with [DefaultPort]).
//   - A join code: [JoinCode] is a short typeable code the host shows
//     ("60N0-0H9D-ZWHW-E079-TY50": 20 characters) that carries the host's IPv4 address,
//     its port and a [Fingerprint] of its TLS key, which the client checks
//     when it connects ([Fingerprint.VerifyPeerCertificate]).
//
// [ParseTarget] takes whatever a player typed (an address or a join code).
//
// The package only finds hosts; the connection, the handshake and the PIN
// belong to sync/wire and the host and client packages.
package discovery
