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
// A host announces its game and shows a join code:
//
//	adv, err := (&discovery.MDNS{}).Advertise(game, port) // game.Fingerprint = discovery.FingerprintOf(cert)
//	defer adv.Stop()
//	adv.Update(gameWithFewerOpenSeats)
//	addrs, _ := discovery.InterfaceAddrs(nil) // first IPv4 one for the code
//	code, err := discovery.JoinCode{Addr: netip.AddrPortFrom(addrs[0], port), Fingerprint: fp}.Encode()
//
// A client lists games, or reads what the player typed, and pins the key:
//
//	lists, err := (&discovery.MDNS{}).Browse(ctx, discovery.OnState(show)) // a []Entry at once, then after each change
//	target, err := discovery.ParseTarget(typed)   // address or join code
//	cfg := &tls.Config{InsecureSkipVerify: true, VerifyPeerCertificate: target.Fingerprint.VerifyPeerCertificate}
//
// A browser follows the network: with no network address it waits (its
// [BrowseState] says so, with an error wrapping [ErrNoNetwork] that has a
// sentence for a player) and listens as soon as an interface has one; a
// change of network restarts it on the new interfaces. It lists the
// interfaces again every Interval rather than waiting for a network-change
// callback: Fyne has none and the app has no Java code for Android's, and
// the listing is cheap and runs only while a browser does (see
// [MDNS.Browse]; sync/hosting does the same for a host's addresses).
//
// Tests use [NewMemory] in place of MDNS ([Memory.SetOffline] plays Wi-Fi
// going off and on). The real-mDNS test runs itself
// again inside a fresh network namespace (only loopback), so it sends
// nothing outside the machine; it skips where namespaces are unavailable.
//
// The package only finds hosts; the connection, the handshake and the PIN
// belong to sync/wire and the host and client packages.
package discovery
