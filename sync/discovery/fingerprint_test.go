package discovery

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"
)

func selfSigned(t *testing.T) *x509.Certificate {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "host"}, NotBefore: time.Now(), NotAfter: time.Now().Add(time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return cert
}

func TestFingerprintVerify(t *testing.T) {
	cert, other := selfSigned(t), selfSigned(t)
	fp := FingerprintOf(cert)
	if fp.IsZero() {
		t.Fatal("fingerprint is zero")
	}
	spki, err := x509.MarshalPKIXPublicKey(cert.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	if FingerprintOfKey(spki) != fp {
		t.Error("FingerprintOfKey(MarshalPKIXPublicKey) differs from FingerprintOf(cert)")
	}
	if !fp.Matches(cert) || fp.Matches(other) || (Fingerprint{}).Matches(cert) || fp.Matches(nil) {
		t.Error("Matches is wrong")
	}
	if err := fp.VerifyPeerCertificate([][]byte{cert.Raw}, nil); err != nil {
		t.Errorf("own certificate: %v", err)
	}
	err = fp.VerifyPeerCertificate([][]byte{other.Raw}, nil)
	if !errors.Is(err, ErrFingerprintMismatch) || !strings.Contains(err.Error(), fp.String()) {
		t.Errorf("other certificate: %v, want ErrFingerprintMismatch naming %s", err, fp)
	}
	for name, raw := range map[string][][]byte{"none": nil, "garbage": {[]byte("x")}} {
		if err := fp.VerifyPeerCertificate(raw, nil); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if err := (Fingerprint{}).VerifyPeerCertificate([][]byte{cert.Raw}, nil); err == nil {
		t.Error("zero fingerprint accepted a certificate")
	}
}

var parseFingerprintCases = []struct {
	in   string
	want Fingerprint
	ok   bool
}{
	{"HWE0-79TY", Fingerprint{0x8f, 0x1c, 0x03, 0xa7, 0x5e}, true},
	{"hwe079ty", Fingerprint{0x8f, 0x1c, 0x03, 0xa7, 0x5e}, true},
	{"HWEO 79TY", Fingerprint{0x8f, 0x1c, 0x03, 0xa7, 0x5e}, true},
	{"0000-0000", Fingerprint{}, true},
	{"ZZZZ-ZZZZ", Fingerprint{0xff, 0xff, 0xff, 0xff, 0xff}, true},
	{"HWE0-79T", Fingerprint{}, false},
	{"HWE0-79TYY", Fingerprint{}, false},
	{"HWE0-79TU", Fingerprint{}, false},
	{"HWE0_79TY", Fingerprint{}, false},
	{"", Fingerprint{}, false},
}

func TestParseFingerprint(t *testing.T) {
	for _, tt := range parseFingerprintCases {
		got, err := ParseFingerprint(tt.in)
		if tt.ok != (err == nil) || got != tt.want {
			t.Errorf("ParseFingerprint(%q) = %v, %v; want %v ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
		if err == nil {
			if back, err := ParseFingerprint(got.String()); err != nil || back != got {
				t.Errorf("ParseFingerprint(String()) = %v, %v", back, err)
			}
			if back, err := ParseFingerprint(got.compact()); err != nil || back != got || len(got.compact()) != 8 {
				t.Errorf("ParseFingerprint(compact()) = %v, %v", back, err)
			}
		}
	}
}

func FuzzParseFingerprint(f *testing.F) {
	for _, tt := range parseFingerprintCases {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fp, err := ParseFingerprint(s)
		if err != nil {
			return
		}
		if back, err := ParseFingerprint(fp.String()); err != nil || back != fp {
			t.Fatalf("ParseFingerprint(%q) = %v, %v; want %v", fp.String(), back, err, fp)
		}
	})
}
