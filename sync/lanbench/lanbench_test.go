package lanbench

import (
	"strings"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/sync/linktest"
)

// tinyScript is a short script shared by the tests.
func tinyScript(t *testing.T, n int) *Script {
	t.Helper()
	s, err := NewScript(n)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestNewScript(t *testing.T) {
	s := tinyScript(t, 40)
	if len(s.Prelude) != 8 || len(s.Steps) != 40 {
		t.Fatalf("%d set-up and %d measured steps, want 8 and 40", len(s.Prelude), len(s.Steps))
	}
	ids := map[string]bool{}
	names := map[string]bool{}
	for i, st := range s.All() {
		if ids[st.Cmd.ID] {
			t.Errorf("step %d: id %s used twice", i, st.Cmd.ID)
		}
		ids[st.Cmd.ID] = true
		names[st.Cmd.Name] = true
		if st.Seat != SeatA && st.Seat != SeatB {
			t.Errorf("step %d: given by %s", i, st.Seat)
		}
		for _, seat := range scriptSeats {
			a, ok := st.After[seat]
			if !ok || len(a.View) == 0 || a.LastSeq == 0 {
				t.Errorf("step %d: nothing recorded for %s: %+v", i, seat, a)
			}
		}
		if !st.After[st.Seat].Changed {
			t.Errorf("step %d (%s %s): the player's own view did not change", i, st.Seat, st.Cmd.Name)
		}
	}
	// The measured part is a real turn: moves and phase ends at least.
	for _, want := range []string{"move", "end-phase"} {
		if !names[want] {
			t.Errorf("no %s in the script: %v", want, names)
		}
	}
	if _, err := NewScript(0); err == nil {
		t.Error("a script of no command was made")
	}
}

func TestRun(t *testing.T) {
	linktest.NoLeaks(t)
	r, err := Run(Config{Clients: []int{2, 3}, Commands: 5})
	if err != nil {
		t.Fatal(err)
	}
	designs := []Design{DesignOurs, DesignOursShared, DesignNaive}
	if len(r.Rows) != 6 || len(r.Compare) != 4 || r.Commands != 5 {
		t.Fatalf("%d rows, %d comparisons, %d commands; want 6, 4, 5", len(r.Rows), len(r.Compare), r.Commands)
	}
	for i, m := range r.Rows {
		if m.Design != designs[i%3] || m.Clients != 2+i/3 || m.Commands != 5 {
			t.Errorf("row %d: %+v", i, m)
		}
		if m.P50Ns <= 0 || m.P99Ns < m.P50Ns || m.MaxNs < m.P99Ns || m.BytesPerUpdate <= 0 {
			t.Errorf("row %d: implausible figures %+v", i, m)
		}
		// The naive design sends every device every change; ours only the
		// devices whose view changed, and always the player's.
		if m.Design == DesignNaive && m.Updates != m.Commands*m.Clients {
			t.Errorf("row %d: naive with %d updates, want %d", i, m.Updates, m.Commands*m.Clients)
		}
		if m.Updates < m.Commands || m.Updates > m.Commands*m.Clients {
			t.Errorf("row %d: %d updates", i, m.Updates)
		}
	}
	for i, c := range r.Compare {
		if c.P99Goal != nil {
			t.Errorf("comparison %d: a p99 goal judged with %d devices", i, c.Clients)
		}
	}
	if nr, err := Run(Config{Clients: []int{2}, Commands: 2, NoWhatIf: true, Script: tinyScript(t, 2)}); err != nil {
		t.Fatal(err)
	} else if len(nr.Rows) != 2 || nr.Rows[0].Design != DesignOurs || nr.Rows[1].Design != DesignNaive {
		t.Errorf("without the what-if: %+v", nr.Rows)
	}
}

// TestReplayIsChecked: a device holding anything other than what the
// recording says fails the run, so the figures are of the right updates.
func TestReplayIsChecked(t *testing.T) {
	linktest.NoLeaks(t)
	for _, tc := range []struct {
		name   string
		run    func(*Script, int) (Measure, error)
		tamper func(*Step)
		want   string
	}{
		{"ours: another view", RunOurs, func(st *Step) {
			a := st.After[console.Public]
			a.View = append([]byte(nil), a.View[:len(a.View)-1]...)
			st.After[console.Public] = a
		}, "holds a view other than the host's"},
		{"ours: another seq", RunOurs, func(st *Step) {
			a := st.After[SeatB]
			a.Seq += 7
			st.After[SeatB] = a
		}, "the host's at"},
		{"shared: another view", RunOursShared, func(st *Step) {
			a := st.After[SeatA]
			a.View = []byte{0x80}
			st.After[SeatA] = a
		}, "holds a view other than the host's"},
		{"naive: another event", RunNaive, func(st *Step) {
			a := st.After[st.Seat]
			a.LastSeq++
			st.After[st.Seat] = a
		}, "want"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tinyScript(t, 3)
			st := s.Steps[1]
			after := map[console.Seat]SeatAfter{}
			for k, v := range st.After {
				after[k] = v
			}
			st.After = after
			tc.tamper(&st)
			s.Steps[1] = st
			_, err := tc.run(s, 3)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}

func TestTooFewDevices(t *testing.T) {
	s := tinyScript(t, 1)
	for _, run := range []func(*Script, int) (Measure, error){RunOurs, RunOursShared, RunNaive} {
		if _, err := run(s, 1); err == nil {
			t.Error("one device played both seats")
		}
	}
}

func TestPercentile(t *testing.T) {
	ms := func(xs ...int) []time.Duration {
		out := make([]time.Duration, len(xs))
		for i, x := range xs {
			out[i] = time.Duration(x) * time.Millisecond
		}
		return out
	}
	for _, tc := range []struct {
		name string
		ds   []time.Duration
		p    float64
		want time.Duration
	}{
		{"empty", nil, 50, 0},
		{"one", ms(3), 99, 3 * time.Millisecond},
		{"median of odd", ms(5, 1, 3), 50, 3 * time.Millisecond},
		{"median of even: the lower", ms(4, 1, 3, 2), 50, 2 * time.Millisecond},
		{"p99 of 100 is the 99th", ms(seq(100)...), 99, 99 * time.Millisecond},
		{"p99 of 10 is the largest", ms(seq(10)...), 99, 10 * time.Millisecond},
		{"p100", ms(2, 9, 4), 100, 9 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := percentile(tc.ds, tc.p); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// seq is 1..n.
func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

func TestCompare(t *testing.T) {
	for _, tc := range []struct {
		name       string
		o, nv      Measure
		lat, bytes bool
		p99        *bool
	}{
		{"all goals met at 8", Measure{Design: DesignOurs, Clients: 8, P50Ns: 100, P99Ns: 1000, BytesPerUpdate: 10},
			Measure{Clients: 8, P50Ns: 500, P99Ns: 5000, BytesPerUpdate: 100}, true, true, ptr(true)},
		{"slower than naive", Measure{Design: DesignOurs, Clients: 8, P50Ns: 100, P99Ns: 6_000_000, BytesPerUpdate: 11},
			Measure{Clients: 8, P50Ns: 50, P99Ns: 9_000_000, BytesPerUpdate: 100}, false, false, ptr(false)},
		{"no p99 goal at 2", Measure{Design: DesignOurs, Clients: 2, P50Ns: 1, P99Ns: 1, BytesPerUpdate: 1},
			Measure{Clients: 2, P50Ns: 5, P99Ns: 5, BytesPerUpdate: 10}, true, true, nil},
		{"zero guarded", Measure{Design: DesignOurs, Clients: 2}, Measure{Clients: 2, P50Ns: 5}, false, false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := compare(tc.o, tc.nv)
			if c.LatencyGoal != tc.lat || c.BytesGoal != tc.bytes || (c.P99Goal == nil) != (tc.p99 == nil) ||
				(c.P99Goal != nil && *c.P99Goal != *tc.p99) || c.Design != tc.o.Design {
				t.Errorf("got %+v", c)
			}
		})
	}
}

func ptr(b bool) *bool { return &b }

// TestSharedViews: the cache answers as the game does, works a seat's
// state out once per change, and its subscriptions deliver each change.
func TestSharedViews(t *testing.T) {
	s := tinyScript(t, 4)
	sess, err := s.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	local := console.NewLocal(sess)
	g := NewSharedViews(local)
	defer g.Close()
	got := make(chan console.Update, 64)
	cancel := g.Subscribe(console.Public, func(u console.Update) { got <- u })
	defer cancel()
	for i, st := range s.All() {
		if _, err := g.Do(st.Seat, st.Cmd); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		for _, seat := range scriptSeats {
			a, err := g.State(seat)
			if err != nil {
				t.Fatal(err)
			}
			b, err := g.State(seat)
			if err != nil {
				t.Fatal(err)
			}
			enc, _ := console.Encode(a.View)
			if a.Seq != st.After[seat].Seq || string(enc) != string(st.After[seat].View) {
				t.Errorf("step %d, %s: the cached state is not the game's", i, seat)
			}
			if a.Seq != b.Seq {
				t.Errorf("step %d, %s: two answers", i, seat)
			}
		}
		if st.After[console.Public].Changed {
			select {
			case u := <-got:
				if u.Seq != st.After[console.Public].Seq {
					t.Errorf("step %d: update at seq %d, want %d", i, u.Seq, st.After[console.Public].Seq)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("step %d: no update", i)
			}
		}
	}
}
