package secure

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/sync/discovery"
)

// newID makes an identity or fails the test.
func newID(t testing.TB, name string) *Identity {
	t.Helper()
	id, err := NewIdentity(name)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// encode encodes id or fails the test.
func encode(t testing.TB, id *Identity) []byte {
	t.Helper()
	b, err := id.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestIdentityRoundTrip(t *testing.T) {
	for _, name := range []string{"", "Kitchen table", "Ünïcode ✓"} {
		t.Run(name, func(t *testing.T) {
			id := newID(t, name)
			if id.Fingerprint().IsZero() {
				t.Fatal("zero fingerprint")
			}
			if got := discovery.FingerprintOf(id.Certificate().Leaf); got != id.Fingerprint() {
				t.Errorf("Fingerprint %s, certificate's %s", id.Fingerprint(), got)
			}
			enc := encode(t, id)
			back, err := DecodeIdentity(enc)
			if err != nil {
				t.Fatalf("DecodeIdentity: %v", err)
			}
			if back.Fingerprint() != id.Fingerprint() {
				t.Errorf("fingerprint after round trip %s, want %s", back.Fingerprint(), id.Fingerprint())
			}
			if !back.key.Equal(id.key) {
				t.Error("key differs after round trip")
			}
			if again := encode(t, back); !bytes.Equal(again, enc) {
				t.Error("encoding differs after round trip")
			}
			if len(enc) > MaxIdentitySize/4 {
				t.Errorf("encoding is %d bytes", len(enc))
			}
		})
	}
	if a, b := newID(t, "x"), newID(t, "x"); a.Fingerprint() == b.Fingerprint() {
		t.Error("two identities with one fingerprint")
	}
}

// pemOf returns a PEM block's text.
func pemOf(typ string, der []byte, headers map[string]string) string {
	return string(pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der, Headers: headers}))
}

// decodeCase is a DecodeIdentity input and the error it gives ("" none).
type decodeCase struct{ name, in, want string }

// decodeCases returns DecodeIdentity's table, built around identity a.
func decodeCases(t testing.TB, a *Identity) []decodeCase {
	b := newID(t, "b")
	certA := pemOf(pemCert, a.cert.Certificate[0], nil)
	keyDER := func(id *Identity) []byte {
		der, err := x509.MarshalPKCS8PrivateKey(id.key)
		if err != nil {
			t.Fatal(err)
		}
		return der
	}
	keyA, keyB := pemOf(pemKey, keyDER(a), nil), pemOf(pemKey, keyDER(b), nil)
	_, edKey, _ := ed25519.GenerateKey(rand.Reader)
	edDER, _ := x509.MarshalPKCS8PrivateKey(edKey)
	p384, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	p384DER, _ := x509.MarshalPKCS8PrivateKey(p384)
	return []decodeCase{
		{"ok reversed", keyA + certA, ""},
		{"ok with text around", "saved game key\n" + certA + "\n" + keyA + "end\n", ""},
		{"empty", "", "want a CERTIFICATE and a PRIVATE KEY"},
		{"garbage", "hello", "want a CERTIFICATE and a PRIVATE KEY"},
		{"cert only", certA, "want a CERTIFICATE and a PRIVATE KEY"},
		{"key only", keyA, "want a CERTIFICATE and a PRIVATE KEY"},
		{"other key", certA + keyB, "not for the private key"},
		{"two certs", certA + certA + keyA, "two CERTIFICATE blocks"},
		{"two keys", certA + keyA + keyA, "two PRIVATE KEY blocks"},
		{"other block", certA + keyA + pemOf("EC PRIVATE KEY", []byte{1}, nil), `unexpected PEM block "EC PRIVATE KEY"`},
		{"headers", certA + pemOf(pemKey, keyDER(a), map[string]string{"Proc-Type": "4,ENCRYPTED"}), "has headers"},
		{"bad cert", pemOf(pemCert, []byte{0x30, 0}, nil) + keyA, "certificate:"},
		{"bad key", certA + pemOf(pemKey, []byte{0x30, 0}, nil), "key:"},
		{"ed25519 key", certA + pemOf(pemKey, edDER, nil), "want ECDSA P-256"},
		{"P-384 key", certA + pemOf(pemKey, p384DER, nil), "want ECDSA P-256"},
		{"too big", certA + keyA + strings.Repeat(" ", MaxIdentitySize), "more than the"},
	}
}

func TestDecodeIdentityErrors(t *testing.T) {
	a := newID(t, "a")
	for _, tt := range decodeCases(t, a) {
		t.Run(tt.name, func(t *testing.T) {
			id, err := DecodeIdentity([]byte(tt.in))
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("error %v", err)
			case tt.want == "" && id.Fingerprint() != a.Fingerprint():
				t.Errorf("fingerprint %s, want %s", id.Fingerprint(), a.Fingerprint())
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("error %v, want one containing %q", err, tt.want)
			case err != nil && !strings.HasPrefix(err.Error(), "host identity: "):
				t.Errorf("error %q lacks its context", err)
			}
		})
	}
}

// FuzzDecodeIdentity checks DecodeIdentity never panics, and that what it
// accepts encodes and decodes again to the same key.
func FuzzDecodeIdentity(f *testing.F) {
	id := newID(f, "fuzz")
	enc := encode(f, id)
	f.Add(enc)
	for _, c := range decodeCases(f, id) {
		f.Add([]byte(c.in))
	}
	f.Add(enc[:len(enc)/2])
	f.Add([]byte("-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := DecodeIdentity(b)
		if err != nil {
			return
		}
		again, err := DecodeIdentity(encode(t, got))
		if err != nil {
			t.Fatalf("re-decode: %v", err)
		}
		if again.Fingerprint() != got.Fingerprint() || !again.key.Equal(got.key) {
			t.Fatal("round trip changed the identity")
		}
	})
}
