package lanbench

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/sync/client"
	"github.com/commandconsole/commandconsole/sync/wire"
	"github.com/vmihailenco/msgpack/v5"
)

// position is the game after one measured step of the script.
type position struct {
	seat  console.Seat  // who gave the step
	state console.State // the rules' state value (a copy)
	view  console.View  // seat's view
	enc   []byte        // its canonical encoding
	json  []byte        // the state as JSON (the naive design's update)
}

// positions replays the script and keeps every measured position.
func positions(b *testing.B, s *Script) (console.Rules, []position) {
	b.Helper()
	sess, err := s.NewSession()
	if err != nil {
		b.Fatal(err)
	}
	var out []position
	for i, st := range s.All() {
		if _, err := sess.Do(st.Seat, st.Cmd); err != nil {
			b.Fatal(err)
		}
		if i < len(s.Prelude) {
			continue
		}
		p := position{seat: st.Seat, state: decodedState(b, sess)}
		p.view = sess.Rules().View(p.state, st.Seat)
		if p.enc, err = console.Encode(p.view); err != nil {
			b.Fatal(err)
		}
		if p.json, err = json.Marshal(p.state); err != nil {
			b.Fatal(err)
		}
		out = append(out, p)
	}
	return sess.Rules(), out
}

// BenchmarkBreakdown times the pieces of a command's trip, cycling through
// the benchmark script's positions (one position per operation): a
// player's view (with its affordances) and the spectators' view, as the
// host works them out for every change; the canonical encoding of a
// player's view (the host encodes every view it sends) and a client's
// decoding of it (and msgpack's plain encoding, without the canonical
// pass, for comparison); and, for the naive design, the state's JSON both ways.
// The wire sub-benchmark reports the mean frame sizes of one seat's update
// (TLS not included).
func BenchmarkBreakdown(b *testing.B) {
	s := script(b)
	rules, ps := positions(b, s)
	b.Run("player-view", func(b *testing.B) {
		for i := range b.N {
			p := ps[i%len(ps)]
			rules.View(p.state, p.seat)
		}
	})
	b.Run("public-view", func(b *testing.B) {
		for i := range b.N {
			rules.View(ps[i%len(ps)].state, console.Public)
		}
	})
	b.Run("encode-player-view", func(b *testing.B) {
		for i := range b.N {
			if _, err := console.Encode(ps[i%len(ps)].view); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("msgpack-marshal-player-view", func(b *testing.B) {
		// console.Encode's first pass alone: what its canonical pass (map
		// entries and struct fields sorted by re-decoding) adds is the rest.
		for i := range b.N {
			if _, err := msgpack.Marshal(ps[i%len(ps)].view); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decode-player-view", func(b *testing.B) {
		t := reflect.TypeOf(rules.View(nil, console.Public))
		for i := range b.N {
			if _, err := client.DecodeView(t, ps[i%len(ps)].enc); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("json-marshal-state", func(b *testing.B) {
		for i := range b.N {
			if _, err := json.Marshal(ps[i%len(ps)].state); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("json-unmarshal-state", func(b *testing.B) {
		t := reflect.TypeOf(ps[0].state).Elem()
		for i := range b.N {
			if err := json.Unmarshal(ps[i%len(ps)].json, reflect.New(t).Interface()); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("wire", func(b *testing.B) {
		var view, full, hist, res, updates, commands int
		for range b.N {
			prev := map[console.Seat][]byte{}
			lines := map[console.Seat]int{}
			sess, err := s.NewSession()
			if err != nil {
				b.Fatal(err)
			}
			for i, st := range s.All() {
				out, err := sess.Do(st.Seat, st.Cmd)
				if err != nil {
					b.Fatal(err)
				}
				measured := i >= len(s.Prelude)
				for _, seat := range scriptSeats {
					a := st.After[seat]
					if !a.Changed {
						continue
					}
					v := wire.View{Seat: seat, Seq: a.Seq}
					v.Pack(prev[seat], a.View)
					vb, err := wire.Encode(v)
					if err != nil {
						b.Fatal(err)
					}
					all, err := sess.History(seat)
					if err != nil {
						b.Fatal(err)
					}
					hb, err := wire.Encode(wire.History{After: uint64(lines[seat]), Lines: all[lines[seat]:]})
					if err != nil {
						b.Fatal(err)
					}
					if measured {
						view, full, hist = view+len(vb)+4, full+len(a.View), hist+len(hb)+4
						updates++
					}
					prev[seat], lines[seat] = a.View, len(all)
				}
				rb, err := wire.Encode(wire.Result{ID: st.Cmd.ID, Seq: out.Seq, Lines: out.Lines})
				if err != nil {
					b.Fatal(err)
				}
				if measured {
					res += len(rb) + 4
					commands++
				}
			}
		}
		b.ReportMetric(float64(view)/float64(updates), "view-frame-B")
		b.ReportMetric(float64(full)/float64(updates), "full-view-B")
		b.ReportMetric(float64(hist)/float64(updates), "history-frame-B")
		b.ReportMetric(float64(res)/float64(commands), "result-frame-B")
	})
}

// decodedState is the rules' state value of sess (a copy).
func decodedState(b *testing.B, sess *console.Session) console.State {
	b.Helper()
	enc, err := sess.EncodedState()
	if err != nil {
		b.Fatal(err)
	}
	st, err := sess.Rules().DecodeState(enc)
	if err != nil {
		b.Fatal(err)
	}
	return st
}
