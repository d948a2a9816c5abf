package scorepad

import (
	"bytes"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

// fuzzSeeds returns encoded states: a new pad, the end of every game script
// and a few hand-made ones.
func fuzzSeeds(f *testing.F) [][]byte {
	r := New()
	var out [][]byte
	out = append(out, mustEncode(f, newGame(f, setupOf(map[string]string{"target": "10", "rounds": "3", "wins": "low"}, "a", "b"))))
	for _, path := range conformance.Files(f, scriptGlob) {
		b, err := conformance.PlayFile(f, r, path).Session.EncodedState()
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, b)
	}
	s := playAll(f, newGame(f, setupOf(nil, "alice", "bob", "carol")),
		[]step{add("alice", 5), add("bob", -7), next("carol"), set("carol", 1, 3), end("bob")})
	out = append(out, mustEncode(f, s))
	b, _ := r.EncodeState(&state{Players: []string{"x"}, Scores: [][]int{{MaxCell}, {MinCell}}})
	out = append(out, b)
	return out
}

// FuzzDecodeState checks DecodeState never panics, and that whatever it
// accepts can be viewed, played on and encoded back to the same bytes.
func FuzzDecodeState(f *testing.F) {
	for _, b := range fuzzSeeds(f) {
		f.Add(b)
	}
	f.Add([]byte{})
	f.Add([]byte("garbage"))
	f.Add([]byte{0x87})
	f.Add([]byte{0xdd, 0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, b []byte) {
		r := New()
		s, err := r.DecodeState(b)
		if err != nil {
			return
		}
		g := s.(*state)
		_ = r.View(s, console.Public)
		_ = r.Status(s)
		enc := mustEncode(t, s)
		s2, err := r.DecodeState(enc)
		if err != nil {
			t.Fatalf("re-decoding an accepted state: %v", err)
		}
		if enc2 := mustEncode(t, s2); !bytes.Equal(enc, enc2) {
			t.Fatal("encode, decode, encode is not stable")
		}
		// Every command either is refused or applies cleanly.
		p := g.Players[0]
		for _, st := range []step{add(p, 1), addIn(p, -1, 1), set(p, 1, 0), next(p), end(p)} {
			evs, err := decide(r, s, st)
			if err != nil {
				continue
			}
			c, _ := r.DecodeState(enc)
			for _, e := range evs {
				if c, err = r.Apply(c, e); err != nil {
					t.Fatalf("%s: Apply(%s) of a decided event: %v", st.cmd, e.Type, err)
				}
			}
			if err := c.(*state).check(); err != nil {
				t.Fatalf("%s left a damaged pad: %v", st.cmd, err)
			}
		}
	})
}

// FuzzApply checks Apply never panics on damaged event data and never
// leaves a pad that DecodeState would refuse.
func FuzzApply(f *testing.F) {
	types := []string{EventScoreAdded, EventScoreSet, EventRoundClosed, EventGameEnded, "mystery"}
	for i := range types {
		for _, d := range []any{
			ScoreAdded{Player: "alice", Round: 1, Points: 5},
			ScoreSet{Player: "bob", Round: 1, Points: -5, Was: 0},
			RoundClosed{Round: 1},
			RoundClosed{Round: 1, Final: true},
			GameEnded{Reason: "agreed"},
		} {
			b, err := console.Encode(d)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(uint8(i), b)
		}
	}
	f.Add(uint8(0), []byte("garbage"))
	f.Fuzz(func(t *testing.T, typ uint8, data []byte) {
		r := New()
		s := newGame(t, setupOf(map[string]string{"rounds": "2"}, "alice", "bob"))
		s2, err := r.Apply(s, console.Event{Type: types[int(typ)%len(types)], Data: data})
		_, _ = r.Describe(s, console.Event{Type: types[int(typ)%len(types)], Data: data}, "alice")
		if err != nil {
			return
		}
		if err := s2.(*state).check(); err != nil {
			t.Fatalf("Apply left a damaged pad: %v", err)
		}
		_ = r.View(s2, "alice")
	})
}
