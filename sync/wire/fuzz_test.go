package wire

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// fuzzMax is the frame limit of the fuzz targets: small, so the fuzzer
// reaches it.
const fuzzMax = 4096

// catalogStream is every catalog message framed, one after the other.
func catalogStream(tb testing.TB) []byte {
	var out []byte
	for _, c := range catalog {
		out = append(out, frame(mustEncode(tb, c.msg))...)
	}
	return out
}

// FuzzReadFrame: any byte stream gives frames within the limit, then an
// error (io.EOF at a clean end); never a panic, never more than the limit.
func FuzzReadFrame(f *testing.F) {
	f.Add(catalogStream(f))
	f.Add(prefix(0))
	f.Add(prefix(0xffffffff))
	f.Add(append(prefix(fuzzMax+1), pattern(10)...))
	f.Add(append(prefix(10), 1, 2, 3))
	f.Add([]byte("HTTP/1.1 400 Bad Request\r\n\r\n"))
	f.Add(append(frame(pattern(fuzzMax)), frame([]byte{1})...))
	f.Fuzz(func(t *testing.T, stream []byte) {
		r := NewReader(bytes.NewReader(stream), fuzzMax)
		read := 0
		for {
			body, err := r.ReadFrame()
			if err != nil {
				if err == io.EOF && read != len(stream) {
					t.Fatalf("io.EOF after %d of %d bytes", read, len(stream))
				}
				return
			}
			if len(body) == 0 || len(body) > fuzzMax {
				t.Fatalf("a frame of %d bytes passed a limit of %d", len(body), fuzzMax)
			}
			read += HeaderSize + len(body)
		}
	})
}

// FuzzDecode: the envelope decoder never panics; what it accepts
// re-encodes to a body that decodes to the same message.
func FuzzDecode(f *testing.F) {
	for _, c := range catalog {
		f.Add(mustEncode(f, c.msg))
	}
	for _, c := range badEnvelopes {
		f.Add(c.body)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		m, err := Decode(body)
		if err != nil {
			if m != nil {
				t.Fatal("a message with an error")
			}
			if !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrUnknownKind) {
				t.Fatalf("an error that is neither malformed nor unknown kind: %v", err)
			}
			return
		}
		again, err := Encode(m)
		if err != nil {
			t.Fatalf("decoded %#v does not re-encode: %v", m, err)
		}
		m2, err := Decode(again)
		if err != nil {
			t.Fatalf("re-encoded %#v does not decode: %v", m, err)
		}
		if third, _ := Encode(m2); !bytes.Equal(third, again) {
			t.Fatalf("not stable: %x then %x", again, third)
		}
	})
}

// FuzzPatch: the delta applier never panics and never returns more than the
// limit; a result it returns has the checksum the delta promised, so it is
// the target whenever the delta was made by Diff.
func FuzzPatch(f *testing.F) {
	for _, c := range deltaCases {
		f.Add(c.base, Diff(c.base, c.target))
	}
	views := tutorial(f)["bob"]
	for i := 1; i < len(views); i += 10 {
		f.Add(views[i-1], Diff(views[i-1], views[i]))
	}
	f.Add([]byte("base"), append(header([]byte("base"), 1<<40, 0), 2, 'x'))
	f.Fuzz(func(t *testing.T, base, delta []byte) {
		out, err := Patch(base, delta, fuzzMax)
		if err != nil {
			if !errors.Is(err, ErrBadBase) && !errors.Is(err, ErrBadDelta) {
				t.Fatalf("an error that is neither a bad base nor a bad delta: %v", err)
			}
			return
		}
		if len(out) > fuzzMax {
			t.Fatalf("%d bytes out, above the limit %d", len(out), fuzzMax)
		}
	})
}

// FuzzDiff: every delta Diff makes rebuilds its target exactly, and is
// never longer than the target and a header.
func FuzzDiff(f *testing.F) {
	for _, c := range deltaCases {
		f.Add(c.base, c.target)
	}
	views := tutorial(f)["alice"]
	for i := 1; i < len(views); i += 10 {
		f.Add(views[i-1], views[i])
	}
	f.Fuzz(func(t *testing.T, base, target []byte) {
		d := Diff(base, target)
		out, err := Patch(base, d, len(target)+1)
		if err != nil || !bytes.Equal(out, target) {
			t.Fatalf("%d → %d bytes: %v", len(base), len(target), err)
		}
		if len(d) > len(target)+19 {
			t.Fatalf("a delta of %d bytes for %d", len(d), len(target))
		}
	})
}

// handshakeSeeds are what a peer may answer a handshake with: a good
// Hello, bad ones, a refusal, other services' greetings.
func handshakeSeeds(tb testing.TB, role Role) [][]byte {
	var out [][]byte
	for _, h := range []Hello{
		NewHello(role, "0.1.0", "Ana's tablet"),
		hello(role, "0.9.0", 2, 3),
		{Magic: "CCNSX", Protocol: 1, Role: role},
		{Magic: Magic, Protocol: 1, Role: "referee"},
	} {
		out = append(out, frame(mustEncode(tb, h)))
	}
	out = append(out,
		frame(mustEncode(tb, Refuse{Code: RefuseFull, Message: "Every seat is taken."})),
		append(frame(mustEncode(tb, NewHello(role, "0.1.0", ""))), frame(mustEncode(tb, Refuse{Code: RefuseVersion, Message: "old"}))...),
		frame(mustEncode(tb, Heartbeat{N: 1})),
		[]byte("HTTP/1.1 400 Bad Request\r\n\r\n"),
		prefix(0),
		nil,
	)
	return out
}

// FuzzClientHello: whatever the host answers, the client's handshake ends
// without a panic, and succeeds only with a Command Console host's Hello.
func FuzzClientHello(f *testing.F) {
	for _, s := range handshakeSeeds(f, RoleHost) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, answer []byte) {
		peer, v, err := ClientHello(NewReader(bytes.NewReader(answer), fuzzMax), NewWriter(io.Discard, 0), NewHello(RoleClient, "0.1.0", ""))
		if err != nil {
			return
		}
		if peer.Magic != Magic || peer.Role != RoleHost || v == 0 || v > ProtocolVersion {
			t.Fatalf("accepted %+v at version %d", peer, v)
		}
	})
}

// FuzzServerHello: whatever the client sends, the host's handshake ends
// without a panic, and succeeds only with a Command Console client's Hello;
// it answers nothing but Hello and Refuse frames.
func FuzzServerHello(f *testing.F) {
	for _, s := range handshakeSeeds(f, RoleClient) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, greeting []byte) {
		var sent bytes.Buffer
		peer, v, err := ServerHello(NewReader(bytes.NewReader(greeting), fuzzMax), NewWriter(&sent, 0), NewHello(RoleHost, "0.1.0", ""))
		r := NewReader(&sent, 0)
		for {
			m, rerr := r.Read()
			if rerr == io.EOF {
				break
			}
			if rerr != nil {
				t.Fatalf("the host wrote a bad frame: %v", rerr)
			}
			if k := m.Kind(); k != KindHello && k != KindRefuse {
				t.Fatalf("the host answered a hello with a %s", k)
			}
		}
		if err != nil {
			return
		}
		if peer.Magic != Magic || (peer.Role != RoleClient && peer.Role != RoleSpectator) || v == 0 || v > ProtocolVersion {
			t.Fatalf("accepted %+v at version %d", peer, v)
		}
	})
}
