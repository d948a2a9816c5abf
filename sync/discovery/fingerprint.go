package discovery

import (
	"crypto/sha256"
	"crypto/subtle"
	"crypto/x509"
	"errors"
	"fmt"
)

// FingerprintSize is the length of a Fingerprint in bytes: 40 bits, 8
// typed characters. Forging a key with a given fingerprint takes about 2^40
// key generations, far more than a player takes to join.
const FingerprintSize = 5

// Fingerprint is a short fingerprint of a host's TLS key: the first
// FingerprintSize bytes of the SHA-256 of the certificate's
// SubjectPublicKeyInfo. A join code and the TXT record carry it; the client
// checks it when it connects (VerifyPeerCertificate). The zero value means
// "no fingerprint".
type Fingerprint [FingerprintSize]byte

// ErrFingerprintMismatch is the error (wrapped) for a host whose TLS key
// does not have the expected fingerprint: another device may be posing as
// the host.
var ErrFingerprintMismatch = errors.New("the host's key does not match the expected fingerprint")

// FingerprintOfKey returns the fingerprint of a DER-encoded
// SubjectPublicKeyInfo (x509.Certificate.RawSubjectPublicKeyInfo, or
// x509.MarshalPKIXPublicKey of the key).
func FingerprintOfKey(spki []byte) Fingerprint {
	sum := sha256.Sum256(spki)
	var f Fingerprint
	copy(f[:], sum[:])
	return f
}

// FingerprintOf returns the fingerprint of a certificate's public key.
func FingerprintOf(cert *x509.Certificate) Fingerprint {
	return FingerprintOfKey(cert.RawSubjectPublicKeyInfo)
}

// IsZero reports whether f is the zero value (no fingerprint).
func (f Fingerprint) IsZero() bool { return f == Fingerprint{} }

// String returns f as 8 Crockford base-32 characters in two groups, as a
// person would compare it: "HWE0-79TY".
func (f Fingerprint) String() string {
	return format(toSymbols(f[:], FingerprintSize*8))
}

// compact is String without the '-' (the TXT record's form).
func (f Fingerprint) compact() string {
	syms := toSymbols(f[:], FingerprintSize*8)
	for i, v := range syms {
		syms[i] = crockford[v]
	}
	return string(syms)
}

// MarshalText writes f as String does, and the zero Fingerprint as "", so
// that a fingerprint is a string in JSON (`ccctl browse`, saved joins).
func (f Fingerprint) MarshalText() ([]byte, error) {
	if f.IsZero() {
		return []byte{}, nil
	}
	return []byte(f.String()), nil
}

// UnmarshalText reads what MarshalText writes ("" is the zero value).
func (f *Fingerprint) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*f = Fingerprint{}
		return nil
	}
	v, err := ParseFingerprint(string(b))
	if err != nil {
		return err
	}
	*f = v
	return nil
}

// ParseFingerprint reads a fingerprint as String writes it; case, '-' and
// spaces do not matter, and O, I and L are read as 0, 1 and 1.
func ParseFingerprint(s string) (Fingerprint, error) {
	syms, err := symbols("fingerprint", s)
	if err != nil {
		return Fingerprint{}, err
	}
	if len(syms) != FingerprintSize*8/5 {
		return Fingerprint{}, fmt.Errorf("fingerprint: has %d characters, want %d", len(syms), FingerprintSize*8/5)
	}
	var f Fingerprint
	copy(f[:], fromSymbols(syms))
	return f, nil
}

// Matches reports whether cert's public key has fingerprint f, in
// constant time. The zero Fingerprint matches nothing.
func (f Fingerprint) Matches(cert *x509.Certificate) bool {
	if f.IsZero() || cert == nil {
		return false
	}
	got := FingerprintOf(cert)
	return subtle.ConstantTimeCompare(got[:], f[:]) == 1
}

// VerifyPeerCertificate checks that the peer's leaf certificate has
// fingerprint f. Its signature is that of tls.Config.VerifyPeerCertificate,
// for a client that pins the host's key (with InsecureSkipVerify set, since
// the host's certificate is self-signed):
//
//	cfg := &tls.Config{InsecureSkipVerify: true, VerifyPeerCertificate: fp.VerifyPeerCertificate}
//
// It fails with ErrFingerprintMismatch when the key differs, and refuses
// everything when f is zero, so a missing fingerprint never means "accept
// any key".
func (f Fingerprint) VerifyPeerCertificate(rawCerts [][]byte, _ [][]*x509.Certificate) error {
	if f.IsZero() {
		return errors.New("verify host key: no fingerprint to check against")
	}
	if len(rawCerts) == 0 {
		return errors.New("verify host key: the host sent no certificate")
	}
	cert, err := x509.ParseCertificate(rawCerts[0])
	if err != nil {
		return fmt.Errorf("verify host key: %w", err)
	}
	if !f.Matches(cert) {
		return fmt.Errorf("verify host key: %w: the host's is %s, expected %s (another device may be posing as the host)", ErrFingerprintMismatch, FingerprintOf(cert), f)
	}
	return nil
}
