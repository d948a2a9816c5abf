package secure

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/commandconsole/commandconsole/sync/discovery"
)

// MaxIdentitySize is the largest encoded Identity DecodeIdentity reads;
// Encode writes well under 2 KiB.
const MaxIdentitySize = 16 << 10

// certLifetime is how long a host certificate is valid. No client checks
// it (the key is pinned, see the package doc), but a saved game may be
// re-hosted years later, so it is long.
const certLifetime = 100 * 365 * 24 * time.Hour

// PEM block types of the encoding.
const (
	pemCert = "CERTIFICATE"
	pemKey  = "PRIVATE KEY"
)

// Identity is a host's per-game TLS identity: an ECDSA P-256 private key
// and a self-signed certificate for it. The key is what counts: its
// [discovery.Fingerprint] is what clients pin. An Identity is immutable and
// safe for concurrent use.
type Identity struct {
	key  *ecdsa.PrivateKey
	cert tls.Certificate // Leaf set
	fp   discovery.Fingerprint
}

// NewIdentity makes a new identity with a fresh key (crypto/rand). name
// is the certificate's subject common name (the game's title or the host's
// name; informative only, no client checks it; "" gives "Command Console
// host").
func NewIdentity(name string) (*Identity, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("host identity: generate key: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, fmt.Errorf("host identity: serial number: %w", err)
	}
	if name == "" {
		name = "Command Console host"
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: name, Organization: []string{"Command Console"}},
		NotBefore:             now.Add(-24 * time.Hour), // a client's clock may lag
		NotAfter:              now.Add(certLifetime),
		KeyUsage:              x509.KeyUsageDigitalSignature,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, fmt.Errorf("host identity: create certificate: %w", err)
	}
	return newIdentity(key, der)
}

// newIdentity joins a key and its certificate, checking they belong
// together.
func newIdentity(key *ecdsa.PrivateKey, der []byte) (*Identity, error) {
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, fmt.Errorf("host identity: certificate: %w", err)
	}
	pub, ok := leaf.PublicKey.(*ecdsa.PublicKey)
	if !ok || !pub.Equal(&key.PublicKey) {
		return nil, errors.New("host identity: the certificate is not for the private key")
	}
	return &Identity{
		key:  key,
		cert: tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf},
		fp:   discovery.FingerprintOf(leaf),
	}, nil
}

// Fingerprint returns the fingerprint of the identity's key, for the join
// code, the TXT record and the host's screen.
func (id *Identity) Fingerprint() discovery.Fingerprint { return id.fp }

// Certificate returns the identity as a tls.Certificate (Leaf set), for a
// tls.Config built by hand; ServerConfig uses it.
func (id *Identity) Certificate() tls.Certificate { return id.cert }

// Encode returns the identity as PEM text: a "CERTIFICATE" block (the
// DER certificate) then a "PRIVATE KEY" block (the PKCS #8 DER key). It
// holds the private key: the host keeps it beside the saved game, readable
// by the app only, and never sends it.
func (id *Identity) Encode() ([]byte, error) {
	keyDER, err := x509.MarshalPKCS8PrivateKey(id.key)
	if err != nil {
		return nil, fmt.Errorf("host identity: encode key: %w", err)
	}
	var b bytes.Buffer
	// pem.Encode to a bytes.Buffer cannot fail.
	_ = pem.Encode(&b, &pem.Block{Type: pemCert, Bytes: id.cert.Certificate[0]})
	_ = pem.Encode(&b, &pem.Block{Type: pemKey, Bytes: keyDER})
	return b.Bytes(), nil
}

// DecodeIdentity reads what Encode writes: exactly one "CERTIFICATE" and
// one "PRIVATE KEY" block, in either order, the key ECDSA P-256 and the
// certificate for it. Text outside the blocks is ignored, as PEM allows;
// anything longer than MaxIdentitySize is refused.
func DecodeIdentity(b []byte) (*Identity, error) {
	if len(b) > MaxIdentitySize {
		return nil, fmt.Errorf("host identity: %d bytes, more than the %d an identity takes", len(b), MaxIdentitySize)
	}
	var certDER, keyDER []byte
	for rest := b; ; {
		var blk *pem.Block
		blk, rest = pem.Decode(rest)
		if blk == nil {
			break
		}
		if len(blk.Headers) != 0 {
			return nil, fmt.Errorf("host identity: %s block has headers (encrypted?)", blk.Type)
		}
		var dst *[]byte
		switch blk.Type {
		case pemCert:
			dst = &certDER
		case pemKey:
			dst = &keyDER
		default:
			return nil, fmt.Errorf("host identity: unexpected PEM block %q", blk.Type)
		}
		if *dst != nil {
			return nil, fmt.Errorf("host identity: two %s blocks", blk.Type)
		}
		*dst = blk.Bytes
	}
	if certDER == nil || keyDER == nil {
		return nil, errors.New("host identity: want a CERTIFICATE and a PRIVATE KEY PEM block")
	}
	k, err := x509.ParsePKCS8PrivateKey(keyDER)
	if err != nil {
		return nil, fmt.Errorf("host identity: key: %w", err)
	}
	key, ok := k.(*ecdsa.PrivateKey)
	if !ok || key.Curve != elliptic.P256() {
		return nil, fmt.Errorf("host identity: key is %T, want ECDSA P-256", k)
	}
	return newIdentity(key, certDER)
}
