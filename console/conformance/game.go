package conformance

import (
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// checkGame drives a script through the Game interface (console.Local),
// the one the screens and the command line use, and checks at every step,
// for every seat and the spectator:
//   - the seat's sequence number is the length of its history, and
//     History(seat, after) is the tail of it, numbered 1, 2, 3 …;
//   - its view encodes to msgpack and decodes back into the same Go type
//     unchanged (the LAN wire format, RoundTrip), also before the first
//     step;
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
			if st.View != nil {
				if err := RoundTrip(st.View); err != nil {
					t.Fatalf("after step %d: %s's view: %v", i, seat, err)
				}
			}
		}
	}
	check(-1)
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
