package secure

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"sync"

	"github.com/commandconsole/commandconsole/sync/discovery"
)

// ServerConfig returns the host's TLS configuration: id's certificate,
// TLS 1.3 only (a client offering only older versions fails the
// handshake with a protocol version alert). No client certificate is
// asked for: a device proves itself with the PIN, then its seat token,
// inside the encrypted link.
func ServerConfig(id *Identity) *tls.Config {
	return &tls.Config{
		Certificates: []tls.Certificate{id.Certificate()},
		MinVersion:   tls.VersionTLS13,
		MaxVersion:   tls.VersionTLS13,
	}
}

// ClientConfig returns a joining device's TLS configuration, TLS 1.3 only,
// that accepts only a host whose key has fingerprint expected (from a join
// code, the TXT record or a saved earlier join).
//
// It sets InsecureSkipVerify, which turns off only the certificate chain
// and host name check, and does its own check in VerifyPeerCertificate
// ([discovery.Fingerprint.VerifyPeerCertificate]): on a LAN there is no CA
// and no name to vouch for the host, and the pinned key is a stronger
// check than a chain. TLS 1.3 still makes the host sign the handshake with
// that key. A different key fails the handshake with an error wrapping
// [discovery.ErrFingerprintMismatch] that names both fingerprints; a zero
// expected fingerprint refuses every host (never "accept any").
func ClientConfig(expected discovery.Fingerprint) *tls.Config {
	return &tls.Config{
		MinVersion:            tls.VersionTLS13,
		MaxVersion:            tls.VersionTLS13,
		InsecureSkipVerify:    true, // see the doc comment: the key is pinned below
		VerifyPeerCertificate: expected.VerifyPeerCertificate,
	}
}

// FirstUse records the fingerprint a FirstUseConfig handshake saw. It is
// safe for concurrent use.
type FirstUse struct {
	mu sync.Mutex
	fp discovery.Fingerprint
}

// Fingerprint returns the fingerprint of the host's key seen by the last
// handshake that used the configuration, or the zero Fingerprint if none
// got that far. Read it after the handshake succeeded; show it on the
// client's screen next to the host's (Identity.Fingerprint), and save it to
// pin the key with ClientConfig on the next join.
func (u *FirstUse) Fingerprint() discovery.Fingerprint {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.fp
}

// verify is FirstUseConfig's VerifyPeerCertificate: it accepts any
// well-formed certificate and records its key's fingerprint.
func (u *FirstUse) verify(rawCerts [][]byte, _ [][]*x509.Certificate) error {
	if len(rawCerts) == 0 {
		return errors.New("verify host key: the host sent no certificate")
	}
	cert, err := x509.ParseCertificate(rawCerts[0])
	if err != nil {
		return fmt.Errorf("verify host key: %w", err)
	}
	u.mu.Lock()
	u.fp = discovery.FingerprintOf(cert)
	u.mu.Unlock()
	return nil
}

// FirstUseConfig returns a TLS configuration (TLS 1.3 only) for a typed
// address, which carries no fingerprint: trust on first use. It accepts
// whatever key the host presents (the link is still encrypted, and the
// host still proves it holds the key) and records the key's fingerprint in
// the returned FirstUse. Since a device posing as the host would pass too,
// the client must show FirstUse.Fingerprint for the players to compare with
// the host's screen before it sends the PIN, and save it so later joins use
// ClientConfig. Use one configuration per connection attempt.
func FirstUseConfig() (*tls.Config, *FirstUse) {
	u := &FirstUse{}
	return &tls.Config{
		MinVersion:            tls.VersionTLS13,
		MaxVersion:            tls.VersionTLS13,
		InsecureSkipVerify:    true, // no fingerprint to pin yet: see the doc comment
		VerifyPeerCertificate: u.verify,
	}, u
}

// PeerFingerprint returns the fingerprint of the key of a TLS connection's
// peer, from its state after the handshake (tls.Conn.ConnectionState).
func PeerFingerprint(cs tls.ConnectionState) (discovery.Fingerprint, error) {
	if len(cs.PeerCertificates) == 0 {
		return discovery.Fingerprint{}, errors.New("peer fingerprint: no peer certificate (handshake not done?)")
	}
	return discovery.FingerprintOf(cs.PeerCertificates[0]), nil
}
