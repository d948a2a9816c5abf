package wire

import (
	"errors"
	"io"
	"net"
	"strings"
	"testing"
	"time"
)

// hello is a Hello of role with the protocol versions lo..hi.
func hello(role Role, app string, lo, hi uint32) Hello {
	return Hello{Magic: Magic, Protocol: hi, MinProtocol: lo, App: app, Role: role}
}

type sideResult struct {
	peer Hello
	v    uint32
	err  error
}

// handshake runs ClientHello and ServerHello on the two ends of a net.Pipe;
// each side closes its end when its handshake returns, as a caller does on
// an error.
func handshake(t *testing.T, client, host Hello) (c, s sideResult) {
	t.Helper()
	ce, se := net.Pipe()
	deadline := time.Now().Add(5 * time.Second)
	ce.SetDeadline(deadline)
	se.SetDeadline(deadline)
	done := make(chan sideResult)
	go func() {
		defer se.Close()
		var r sideResult
		r.peer, r.v, r.err = ServerHello(NewReader(se, 0), NewWriter(se, 0), host)
		done <- r
	}()
	c.peer, c.v, c.err = ClientHello(NewReader(ce, 0), NewWriter(ce, 0), client)
	ce.Close()
	s = <-done
	return c, s
}

func TestHandshake(t *testing.T) {
	cases := []struct {
		name         string
		client, host Hello
		version      uint32
	}{
		{"same build", NewHello(RoleClient, "0.1.0", "Ana's tablet"), NewHello(RoleHost, "0.1.0", "Ben's laptop"), ProtocolVersion},
		{"spectator", NewHello(RoleSpectator, "0.1.0", "projector"), NewHello(RoleHost, "0.1.0", ""), ProtocolVersion},
		{"newer client", hello(RoleClient, "0.9.0", 1, 3), hello(RoleHost, "0.1.0", 1, 1), 1},
		{"newer host", hello(RoleClient, "0.1.0", 1, 2), hello(RoleHost, "0.9.0", 2, 4), 2},
		{"no min protocol", Hello{Magic: Magic, Protocol: 2, App: "x", Role: RoleClient}, hello(RoleHost, "y", 1, 2), 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cr, sr := handshake(t, c.client, c.host)
			if cr.err != nil || sr.err != nil {
				t.Fatalf("client: %v; host: %v", cr.err, sr.err)
			}
			if cr.v != c.version || sr.v != c.version {
				t.Errorf("agreed on %d (client) and %d (host), want %d", cr.v, sr.v, c.version)
			}
			if cr.peer != c.host || sr.peer != c.client {
				t.Errorf("peers: client saw %+v, host saw %+v", cr.peer, sr.peer)
			}
		})
	}
}

// A version mismatch is refused both ways, each side told in words which
// one to update.
func TestHandshakeVersionMismatch(t *testing.T) {
	cases := []struct {
		name             string
		client, host     Hello
		clientTooOld     bool
		clientSays       []string
		hostSays         []string
		refusalForClient []string
	}{
		{"client too old", hello(RoleClient, "0.1.0", 1, 1), hello(RoleHost, "0.4.0", 2, 3), true,
			[]string{"Command Console on this device is too old for the host", "the host (app 0.4.0, protocol 3) needs protocol 2 or newer", "this device has app 0.1.0, protocol 1", "Update Command Console on this device."},
			[]string{"Command Console on the joining device is too old for this device", "the joining device has app 0.1.0, protocol 1", "Update Command Console on the joining device."},
			[]string{"Command Console on this device is too old for the host", "Update Command Console on this device."}},
		{"host too old", hello(RoleSpectator, "0.4.0", 3, 3), hello(RoleHost, "0.1.0", 1, 2), false,
			[]string{"Command Console on the host is too old for this device", "the host has app 0.1.0, protocol 2", "this device needs protocol 3 or newer", "Update Command Console on the host."},
			[]string{"Command Console on this device is too old for the spectator's device", "Update Command Console on this device."},
			[]string{"Command Console on the host is too old for this device", "Update Command Console on the host."}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cr, sr := handshake(t, c.client, c.host)
			var cv, sv *VersionError
			if !errors.As(cr.err, &cv) || !errors.As(sr.err, &sv) {
				t.Fatalf("client: %v; host: %v; want version errors", cr.err, sr.err)
			}
			if cv.LocalTooOld() != c.clientTooOld || sv.LocalTooOld() == c.clientTooOld {
				t.Errorf("client too old: client says %v, host says %v", cv.LocalTooOld(), !sv.LocalTooOld())
			}
			if cr.peer != c.host {
				t.Errorf("the client did not get the host's hello: %+v", cr.peer)
			}
			for _, s := range c.clientSays {
				if !strings.Contains(cr.err.Error(), s) {
					t.Errorf("client's error %q does not say %q", cr.err, s)
				}
			}
			for _, s := range c.hostSays {
				if !strings.Contains(sr.err.Error(), s) {
					t.Errorf("host's error %q does not say %q", sr.err, s)
				}
			}
			ref := sv.Refuse()
			if ref.Code != RefuseVersion {
				t.Errorf("refusal code %q", ref.Code)
			}
			for _, s := range c.refusalForClient {
				if !strings.Contains(ref.Message, s) {
					t.Errorf("the host's refusal %q does not say %q", ref.Message, s)
				}
			}
		})
	}
}

// On a mismatch the host sends its Hello, then the Refuse.
func TestServerHelloSendsRefuse(t *testing.T) {
	ce, se := net.Pipe()
	defer ce.Close()
	go func() {
		defer se.Close()
		ServerHello(NewReader(se, 0), NewWriter(se, 0), hello(RoleHost, "0.4.0", 2, 3))
	}()
	w, r := NewWriter(ce, 0), NewReader(ce, 0)
	if err := w.Send(hello(RoleClient, "0.1.0", 1, 1)); err != nil {
		t.Fatal(err)
	}
	if m, err := r.Read(); err != nil || m.Kind() != KindHello {
		t.Fatalf("first answer: %#v %v", m, err)
	}
	m, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	ref, ok := m.(Refuse)
	if !ok || ref.Code != RefuseVersion || !strings.Contains(ref.Message, "Update Command Console on this device") {
		t.Fatalf("second answer: %#v", m)
	}
	if _, err := r.Read(); err != io.EOF {
		t.Fatalf("after the refusal: %v, want the host to close", err)
	}
}

// rawPeer plays the other side with bytes: it writes out while reading
// whatever comes, for a moment, then closes.
func rawPeer(conn net.Conn, out []byte) {
	defer conn.Close()
	conn.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
	go io.Copy(io.Discard, conn)
	conn.Write(out)
	time.Sleep(200 * time.Millisecond)
}

func TestHandshakeNotConsole(t *testing.T) {
	wrongMagic := mustEncode(t, Hello{Magic: "CCNSX", Protocol: 1, MinProtocol: 1, App: "0.1.0", Role: RoleHost})
	cases := []struct {
		name    string
		peerOut []byte
		is      error
		say     string
	}{
		{"a web server", []byte("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"), ErrNotConsole, "frame of 1213486160 bytes is larger than the limit"},
		{"an SSH server", []byte("SSH-2.0-OpenSSH_9.6\r\n"), ErrNotConsole, "larger than the limit"},
		{"wrong magic", frame(wrongMagic), ErrNotConsole, `magic "CCNSX", want "CCNSL"`},
		{"garbage in a frame", frame([]byte{0xc1, 0xc1}), ErrNotConsole, "not a msgpack value"},
		{"a message before the hello", frame(mustEncode(t, Heartbeat{N: 1})), ErrNotConsole, "its first message is heartbeat"},
		{"an unknown kind", frame([]byte{0x92, 77, 0x80}), ErrNotConsole, "unknown message kind 77"},
		{"an empty frame", prefix(0), ErrNotConsole, "empty frame"},
		{"silence then close", nil, io.EOF, "closed the connection without answering"},
		{"half a frame", append(prefix(100), 1, 2, 3), io.ErrUnexpectedEOF, "closed the connection without answering"},
		{"another client", frame(mustEncode(t, NewHello(RoleClient, "0.1.0", ""))), ErrWrongRole, `the other side is a "client", not a host`},
	}
	for _, c := range cases {
		t.Run("client meets "+c.name, func(t *testing.T) {
			ce, pe := net.Pipe()
			defer ce.Close()
			go rawPeer(pe, c.peerOut)
			_, _, err := ClientHello(NewReader(ce, 0), NewWriter(ce, 0), NewHello(RoleClient, "0.1.0", ""))
			if !errors.Is(err, c.is) || !strings.Contains(err.Error(), c.say) {
				t.Fatalf("got %v; want %v saying %q", err, c.is, c.say)
			}
		})
	}
	// The host side: a client that is not a Command Console gets no answer.
	hostCases := []struct {
		name    string
		peerOut []byte
		is      error
		say     string
	}{
		{"a browser", []byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), ErrNotConsole, "frame of 1195725856 bytes"},
		{"wrong magic", frame(mustEncode(t, Hello{Magic: "ccnsl", Protocol: 1, Role: RoleClient})), ErrNotConsole, `magic "ccnsl"`},
		{"a command before the hello", frame(mustEncode(t, Command{ID: "c1", Name: "move"})), ErrNotConsole, "its first message is command"},
		{"another host", frame(mustEncode(t, NewHello(RoleHost, "0.1.0", ""))), ErrWrongRole, `the other side is a "host"`},
		{"silence then close", nil, io.EOF, "closed the connection before its hello"},
	}
	for _, c := range hostCases {
		t.Run("host meets "+c.name, func(t *testing.T) {
			se, pe := net.Pipe()
			defer se.Close()
			go rawPeer(pe, c.peerOut)
			_, _, err := ServerHello(NewReader(se, 0), NewWriter(se, 0), NewHello(RoleHost, "0.1.0", ""))
			if !errors.Is(err, c.is) || !strings.Contains(err.Error(), c.say) {
				t.Fatalf("got %v; want %v saying %q", err, c.is, c.say)
			}
		})
	}
}

// A host may refuse at once (busy, rate limit): the client returns the
// Refuse as its error.
func TestClientHelloRefused(t *testing.T) {
	ce, pe := net.Pipe()
	defer ce.Close()
	refusal := Refuse{Code: RefuseRateLimit, Message: "Too many attempts: wait a minute.", RetryAfterMs: 60000}
	go rawPeer(pe, frame(mustEncode(t, refusal)))
	_, _, err := ClientHello(NewReader(ce, 0), NewWriter(ce, 0), NewHello(RoleClient, "0.1.0", ""))
	var got Refuse
	if !errors.As(err, &got) || got != refusal {
		t.Fatalf("got %v", err)
	}
}

// Each side's own role is checked before anything is sent.
func TestHandshakeOwnRole(t *testing.T) {
	if _, _, err := ClientHello(nil, nil, NewHello(RoleHost, "0.1.0", "")); !errors.Is(err, ErrWrongRole) {
		t.Errorf("client hello as a host: %v", err)
	}
	if _, _, err := ServerHello(nil, nil, NewHello(RoleClient, "0.1.0", "")); !errors.Is(err, ErrWrongRole) {
		t.Errorf("server hello as a client: %v", err)
	}
}

func TestAgree(t *testing.T) {
	cases := []struct {
		name        string
		local, peer Hello
		want        uint32
		is          error
	}{
		{"equal", hello(RoleClient, "a", 1, 1), hello(RoleHost, "a", 1, 1), 1, nil},
		{"overlap", hello(RoleClient, "a", 1, 5), hello(RoleHost, "a", 3, 7), 5, nil},
		{"disjoint", hello(RoleClient, "a", 1, 2), hello(RoleHost, "a", 3, 4), 0, &VersionError{}},
		{"no protocol", hello(RoleClient, "a", 1, 1), Hello{Magic: Magic}, 0, ErrNotConsole},
		{"no magic", hello(RoleClient, "a", 1, 1), Hello{Protocol: 1}, 0, ErrNotConsole},
		{"inverted range", hello(RoleClient, "a", 1, 2), hello(RoleHost, "a", 9, 2), 2, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, err := Agree(c.local, c.peer)
			var ve *VersionError
			switch {
			case c.is == nil && (err != nil || v != c.want):
				t.Fatalf("got %d %v, want %d", v, err, c.want)
			case c.is != nil && errors.As(c.is, &ve):
				if !errors.As(err, &ve) {
					t.Fatalf("got %v, want a version error", err)
				}
			case c.is != nil && !errors.Is(err, c.is):
				t.Fatalf("got %v, want %v", err, c.is)
			}
		})
	}
}
