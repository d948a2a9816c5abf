package secure

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/sync/discovery"
	"github.com/commandconsole/commandconsole/sync/linktest"
)

// handshake runs a TLS handshake between server and client configurations
// over an in-memory link, then, if both succeed, sends a secret from the
// host to the client. It returns both sides' errors and the bytes the host
// sent on the wire.
func handshake(t *testing.T, server, client *tls.Config) (serverErr, clientErr error, wire []byte) {
	t.Helper()
	linktest.NoLeaks(t)
	nw := linktest.NewNetwork(linktest.WithBuffer(512), linktest.WithSeed(12))
	t.Cleanup(func() { nw.Close() })
	ln, err := nw.Listen("host:1")
	if err != nil {
		t.Fatal(err)
	}
	toClient := nw.Capture("host:1", "seatA")
	c, err := nw.Node("seatA").Dial("host:1")
	if err != nil {
		t.Fatal(err)
	}
	s, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range nw.Links("seatA") {
		l.Fragment(7) // as TCP segments do
	}
	deadline := time.Now().Add(5 * time.Second)
	s.SetDeadline(deadline)
	c.SetDeadline(deadline)

	secret := []byte("Mordecai the hidden")
	srv := tls.Server(s, server)
	done := make(chan error, 1)
	go func() {
		err := srv.Handshake()
		if err == nil {
			_, err = srv.Write(secret)
		}
		done <- err
		srv.Close()
	}()
	cl := tls.Client(c, client)
	clientErr = cl.Handshake()
	if clientErr == nil {
		got := make([]byte, len(secret))
		if _, err := io.ReadFull(cl, got); err != nil {
			t.Fatalf("client read: %v", err)
		}
		if !bytes.Equal(got, secret) {
			t.Error("the client read other bytes than the host wrote")
		}
	}
	cl.Close()
	serverErr = <-done
	return serverErr, clientErr, toClient.Bytes()
}

func TestHandshake(t *testing.T) {
	id, other := newID(t, "host"), newID(t, "impostor")
	tls12 := &tls.Config{InsecureSkipVerify: true, MaxVersion: tls.VersionTLS12}
	tls12Server := ServerConfig(id)
	tls12Server.MinVersion, tls12Server.MaxVersion = tls.VersionTLS12, tls.VersionTLS12
	tests := []struct {
		name       string
		server     *tls.Config
		client     *tls.Config
		clientWant string // "" for success
		serverWant string // "" for any error: the client may close while the host still writes its first flight
		mismatch   bool   // the client's error wraps discovery.ErrFingerprintMismatch
	}{
		{name: "right fingerprint", server: ServerConfig(id), client: ClientConfig(id.Fingerprint())},
		{
			name: "wrong fingerprint", server: ServerConfig(other), client: ClientConfig(id.Fingerprint()),
			clientWant: "verify host key: the host's key does not match the expected fingerprint: the host's is " +
				other.Fingerprint().String() + ", expected " + id.Fingerprint().String(),
			mismatch: true,
		},
		{
			name: "zero fingerprint", server: ServerConfig(id), client: ClientConfig(discovery.Fingerprint{}),
			clientWant: "no fingerprint to check against",
		},
		{name: "TLS 1.2 client", server: ServerConfig(id), client: tls12, clientWant: "protocol version", serverWant: "unsupported versions"},
		{name: "TLS 1.2 host", server: tls12Server, client: ClientConfig(id.Fingerprint()), clientWant: "protocol version", serverWant: "unsupported versions"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			serverErr, clientErr, wire := handshake(t, tt.server, tt.client)
			if tt.clientWant == "" {
				if clientErr != nil || serverErr != nil {
					t.Fatalf("client: %v; host: %v", clientErr, serverErr)
				}
				if bytes.Contains(wire, []byte("Mordecai")) {
					t.Error("the plaintext crossed the wire")
				}
				return
			}
			if clientErr == nil || !strings.Contains(clientErr.Error(), tt.clientWant) {
				t.Errorf("client error %v, want one containing %q", clientErr, tt.clientWant)
			}
			if serverErr == nil || tt.serverWant != "" && !strings.Contains(serverErr.Error(), tt.serverWant) {
				t.Errorf("host error %v, want one containing %q", serverErr, tt.serverWant)
			}
			if got := errors.Is(clientErr, discovery.ErrFingerprintMismatch); got != tt.mismatch {
				t.Errorf("errors.Is(%v, ErrFingerprintMismatch) = %v", clientErr, got)
			}
		})
	}
}

func TestFirstUse(t *testing.T) {
	id := newID(t, "host")
	cfg, seen := FirstUseConfig()
	if !seen.Fingerprint().IsZero() {
		t.Fatal("a fingerprint before any handshake")
	}
	serverErr, clientErr, _ := handshake(t, ServerConfig(id), cfg)
	if clientErr != nil || serverErr != nil {
		t.Fatalf("client: %v; host: %v", clientErr, serverErr)
	}
	if got := seen.Fingerprint(); got != id.Fingerprint() {
		t.Errorf("first use saw %s, want %s", got, id.Fingerprint())
	}
	// The saved fingerprint pins the key from then on.
	if serverErr, clientErr, _ := handshake(t, ServerConfig(id), ClientConfig(seen.Fingerprint())); clientErr != nil || serverErr != nil {
		t.Fatalf("pinned rejoin: client: %v; host: %v", clientErr, serverErr)
	}
	if err := seen.verify(nil, nil); err == nil {
		t.Error("no certificate accepted")
	}
	if err := seen.verify([][]byte{{1, 2}}, nil); err == nil {
		t.Error("a malformed certificate accepted")
	}
}

func TestPeerFingerprint(t *testing.T) {
	id := newID(t, "host")
	if _, err := PeerFingerprint(tls.ConnectionState{}); err == nil {
		t.Error("no error without a certificate")
	}
	fp, err := PeerFingerprint(tls.ConnectionState{PeerCertificates: []*x509.Certificate{id.Certificate().Leaf}})
	if err != nil || fp != id.Fingerprint() {
		t.Errorf("PeerFingerprint = %s, %v; want %s", fp, err, id.Fingerprint())
	}
}
