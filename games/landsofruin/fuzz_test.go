package landsofruin

import (
	"bytes"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

// fuzzSeeds returns encoded states: a new game and every twentieth state of
// each game script.
func fuzzSeeds(f *testing.F) [][]byte {
	out := [][]byte{mustEncode(f, start(f, fuzzSetup()).s)}
	for _, path := range conformance.Files(f, scriptGlob) {
		setup, lines := conformance.ReadFile(f, path)
		g := start(f, setup)
		for i, l := range lines {
			if l.Undo {
				continue
			}
			_, _ = g.try(step{l.Seat, l.Cmd, l.Args})
			if i%20 == 0 {
				out = append(out, mustEncode(f, g.s))
			}
		}
		out = append(out, mustEncode(f, g.s))
	}
	return out
}

// FuzzDecodeState checks DecodeState never panics, and that whatever it
// accepts can be viewed, described, encoded back to the same bytes and
// played on: each probe command is refused or applies cleanly.
func FuzzDecodeState(f *testing.F) {
	for _, b := range fuzzSeeds(f) {
		f.Add(b)
	}
	f.Add([]byte{})
	f.Add([]byte("garbage"))
	f.Add([]byte{0x87})
	f.Fuzz(func(t *testing.T, b []byte) {
		r := New()
		s, err := r.DecodeState(b)
		if err != nil {
			return
		}
		g := s.(*state)
		for _, seat := range append(g.seats(), console.Public) {
			_ = r.View(s, seat)
		}
		_ = r.Status(s)
		enc := mustEncode(t, s)
		s2, err := r.DecodeState(enc)
		if err != nil {
			t.Fatalf("re-decoding an accepted state: %v", err)
		}
		if !bytes.Equal(enc, mustEncode(t, s2)) {
			t.Fatal("encode, decode, encode is not stable")
		}
		probes := []step{}
		for _, seat := range g.seats() {
			probes = append(probes, do(seat, CmdEndPhase), do(seat, CmdReady), do(seat, CmdRoll, "d20", "20,20"),
				do(seat, CmdProposeEnd), do(seat, CmdAgreeEnd))
			for _, c := range g.Chars {
				probes = append(probes,
					do(seat, CmdMove, "character", c.ID, "section", "crossing"),
					do(seat, CmdAssign, "character", c.ID, "action", "shoot"),
					do(seat, CmdPerform, "character", c.ID, "action", "reveal"))
			}
		}
		for _, st := range probes {
			c, _ := r.DecodeState(enc)
			gm := &game{t: t, s: c, dice: console.NewDice(1)}
			if _, err := gm.try(st); err != nil {
				if !console.IsRejection(err) {
					t.Fatalf("%s %v: %v (not a refusal)", st.cmd, st.args, err)
				}
				continue
			}
			if _, err := r.DecodeState(mustEncode(t, gm.s)); err != nil {
				t.Fatalf("%s %v left a damaged game: %v", st.cmd, st.args, err)
			}
		}
	})
}
