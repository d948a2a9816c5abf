// Package secure is the privacy of the LAN link (issue 12, "Privacy on the
// wire" and "Join"): the host's per-game key, the TLS 1.3 configurations
// of both ends, the join PIN with its rate limiter, and seat tokens.
//
// Nothing here touches the network or holds global state; the host and
// the client (sync/host, sync/client) put the pieces together:
//
//   - [Identity]: the host makes one per game with [NewIdentity] (an ECDSA
//     P-256 key and a self-signed certificate), saves [Identity.Encode]
//     beside the saved game and reads it back with [DecodeIdentity] when it
//     re-hosts, so the key, and the [discovery.Fingerprint] that join codes,
//     TXT records and rejoining devices carry, stay the same.
//   - [ServerConfig] is the host's tls.Config (TLS 1.3 only).
//     [ClientConfig] is a joining device's: it pins the host's key to a
//     fingerprint from a join code, the TXT record or an earlier join.
//     [FirstUseConfig] is for a typed address, which carries no
//     fingerprint: it accepts the host's key and reports its fingerprint,
//     which both screens show for the players to compare, and which the
//     client saves to pin the key from then on.
//   - [PIN]: the 4-digit code the host shows ([NewPIN]); a [Limiter]
//     checks a joining device's guess in constant time and, after
//     [FreeTries] wrong guesses from one remote, makes it wait, twice as
//     long after each further wrong guess, up to [MaxWait].
//   - [Token]: the 128-bit seat token the host gives a seat ([NewToken]),
//     which the device keeps and presents to reclaim its seat after a drop
//     or a host restart; [Token.Equal] compares in constant time.
//
// Why no certificate authority: tablets on a LAN have no name a CA could
// vouch for, so the client skips the usual chain check
// (InsecureSkipVerify) and does its own instead: the host's key must have
// the expected fingerprint. TLS still makes the host prove it holds that
// key (its handshake signature), so a device posing as the host fails.
// The PIN then travels inside the encrypted link, never in clear.
//
// A host:
//
//	id, err := secure.NewIdentity("Kitchen table") // or secure.DecodeIdentity(saved)
//	ln = tls.NewListener(ln, secure.ServerConfig(id))
//	pin, err := secure.NewPIN()                    // shown on the host's screen
//	lim := secure.NewLimiter(nil)
//	// per Join: err := lim.Check(secure.RemoteKey(conn.RemoteAddr()), pin, secure.PIN(join.PIN))
//	// then: tok, err := secure.NewToken(); reply with tok.String()
//
// A client:
//
//	conn := tls.Client(raw, secure.ClientConfig(code.Fingerprint))
//	err := conn.HandshakeContext(ctx) // wraps discovery.ErrFingerprintMismatch for an impostor
package secure
