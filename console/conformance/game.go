package conformance

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// checkGame drives a script through the Game interface (console.Local),
// the one the screens and the command line use, and checks at every step,
// for every seat and the spectator:
//   - the seat's sequence number is the length of its history, and
//     History(seat, after) is the tail of it, numbered 1, 2, 3 …;
//   - its view encodes to msgpack and decodes back into the same Go type
//     unchanged (the LAN wire format), and gives the same JSON;
//   - the game's description carries no dice seed while it runs;
//   - every refusal carries a reason.
func checkGame(t *testing.T, rules console.Rules, sc Script) {
	s, err := console.Create(rules, sc.Setup, opts(console.NewMemStore(), 5))
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	g := console.NewLocal(s)
	seats := append(append([]console.Seat(nil), sc.Setup.Seats...), console.Public)
	check := func(i int) {
		info := g.Info()
		if info.Status != console.StatusFinished && info.Seed != 0 {
			t.Fatalf("after step %d: Info() gives the dice seed %d mid-game", i, info.Seed)
		}
		for _, seat := range seats {
			st, err := g.State(seat)
			if err != nil {
				t.Fatalf("after step %d: State(%s): %v", i, seat, err)
			}
			hist, err := g.History(seat, 0)
			if err != nil {
				t.Fatalf("after step %d: History(%s): %v", i, seat, err)
			}
			if st.Seq != uint64(len(hist)) {
				t.Fatalf("after step %d: %s's seq is %d but its history has %d lines", i, seat, st.Seq, len(hist))
			}
			for j, l := range hist {
				if l.Seq != uint64(j)+1 {
					t.Fatalf("after step %d: %s's history line %d is numbered %d", i, seat, j+1, l.Seq)
				}
			}
			if n := len(hist); n > 0 {
				tail, err := g.History(seat, uint64(n-1))
				if err != nil || len(tail) != 1 || tail[0] != hist[n-1] {
					t.Fatalf("after step %d: History(%s, %d) = %v, %v; want the last line", i, seat, n-1, tail, err)
				}
			}
			roundTrip(t, i, seat, st.View)
		}
	}
	for i, step := range sc.Steps {
		_, err := g.Do(step.Seat, step.Cmd)
		switch {
		case step.Reject && console.ReasonOf(err) == "":
			t.Fatalf("step %d (%s by %s): %v; want a refusal with a reason", i, step.Cmd.Name, step.Seat, err)
		case !step.Reject && err != nil:
			t.Fatalf("step %d (%s by %s): %v", i, step.Cmd.Name, step.Seat, err)
		}
		check(i)
	}
}

// roundTrip checks that a view survives msgpack unchanged, decoded into a
// new value of its own type.
func roundTrip(t *testing.T, step int, seat console.Seat, v console.View) {
	t.Helper()
	if v == nil {
		return
	}
	b, err := console.Encode(v)
	if err != nil {
		t.Fatalf("after step %d: %s's view does not encode: %v", step, seat, err)
	}
	typ := reflect.TypeOf(v)
	ptr := typ.Kind() == reflect.Pointer
	if ptr {
		typ = typ.Elem()
	}
	back := reflect.New(typ)
	if err := console.Decode(b, back.Interface()); err != nil {
		t.Fatalf("after step %d: %s's view does not decode into %v: %v", step, seat, typ, err)
	}
	got := back.Interface()
	if !ptr {
		got = back.Elem().Interface()
	}
	j1, _ := json.Marshal(v)
	j2, _ := json.Marshal(got)
	if !bytes.Equal(j1, j2) {
		t.Fatalf("after step %d: %s's view changes through msgpack:\nbefore %s\nafter  %s", step, seat, j1, j2)
	}
	b2, err := console.Encode(got)
	if err != nil || !bytes.Equal(b, b2) {
		t.Fatalf("after step %d: %s's view re-encodes to other bytes (%v)", step, seat, err)
	}
}
