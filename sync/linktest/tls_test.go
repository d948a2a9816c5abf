package linktest

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"io"
	"math/big"
	"testing"
	"time"
)

// selfSigned returns a certificate for "host" and a pool that trusts it.
func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "host"},
		DNSNames:     []string{"host"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, pub, priv)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: priv, Leaf: leaf}, pool
}

// TestTLS runs TLS 1.3 over a fragmented, delayed link, as the host will,
// and checks the capture of the host's bytes to the client carries no
// plaintext, and that a cut reaches both TLS ends as ErrCut.
func TestTLS(t *testing.T) {
	cert, pool := selfSigned(t)
	nw, _, c, s, l := setup(t, WithBuffer(512), WithSeed(5))
	l.Fragment(7)
	l.Delay(time.Millisecond)
	toClient := nw.Capture("host:1", "seatA")

	server := tls.Server(s, &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS13})
	client := tls.Client(c, &tls.Config{RootCAs: pool, ServerName: "host", MinVersion: tls.VersionTLS13})
	secret := bytes.Repeat([]byte("Mordecai the hidden; "), 100)
	served := async(func() error {
		if err := server.Handshake(); err != nil {
			return err
		}
		_, err := server.Write(secret)
		return err
	})
	got := make([]byte, len(secret))
	if _, err := io.ReadFull(client, got); err != nil {
		t.Fatal(err)
	}
	if err := within(t, served, 5*time.Second, "server"); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, secret) {
		t.Error("the client read other bytes than the server wrote")
	}
	if toClient.Len() < len(secret) || bytes.Contains(toClient.Bytes(), []byte("Mordecai")) {
		t.Errorf("capture of %d bytes: holds the plaintext or too little", toClient.Len())
	}

	reading := async(func() error { _, err := server.Read(make([]byte, 10)); return err })
	l.Cut()
	if err := within(t, reading, time.Second, "server read"); !isCut(err) {
		t.Errorf("TLS read after a cut: %v, want ErrCut", err)
	}
	if _, err := client.Write([]byte("x")); !isCut(err) {
		t.Errorf("TLS write after a cut: %v, want ErrCut", err)
	}
}
