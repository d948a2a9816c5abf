package landsofruin

import (
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

// Replay and resume benchmarks: a Lands of Ruin event against a score-pad
// event, and resuming a 10,000-event Lands of Ruin game (ccctl bench shows
// the same figures).

// benchEvents is the length of the benchmark games.
const benchEvents = 10000

// longLog is a recorded game: its setup and events.
type longLog struct {
	setup  console.Setup
	events []console.Event
}

var (
	benchOnce          sync.Once
	benchLoR, benchPad longLog
	benchErr           error
)

// benchLogs plays the two benchmark games once per test binary.
func benchLogs(tb testing.TB) (lor, pad longLog) {
	tb.Helper()
	benchOnce.Do(func() {
		benchLoR, benchErr = record(New(), LongGameSetup(), func(s *console.Session) error { return LongGame(s, benchEvents) })
		if benchErr != nil {
			return
		}
		benchPad, benchErr = record(scorepad.New(), padSetup(), func(s *console.Session) error { return padGame(s, benchEvents) })
	})
	if benchErr != nil {
		tb.Fatal(benchErr)
	}
	return benchLoR, benchPad
}

// record plays a game on a MemStore and returns its log.
func record(r console.Rules, setup console.Setup, play func(*console.Session) error) (longLog, error) {
	st := console.NewMemStore()
	s, err := console.Create(r, setup, console.Options{Store: st, NewID: func() string { return "bench" }})
	if err != nil {
		return longLog{}, err
	}
	if err := play(s); err != nil {
		return longLog{}, err
	}
	events, err := st.Events("bench", 1, 0)
	if err != nil {
		return longLog{}, err
	}
	return longLog{setup: s.Meta().Setup, events: events}, nil
}

// padSetup is the score pad's benchmark game: four players.
func padSetup() console.Setup {
	return console.Setup{System: scorepad.ID, Title: "bench", Seed: 1, Seats: []console.Seat{"alice", "bob", "carol", "dave"}}
}

// padGame plays the score pad until the log holds events events: each
// player adds three times a round, then the round closes.
func padGame(s *console.Session, events int) error {
	seats := []console.Seat{"alice", "bob", "carol", "dave"}
	for i := 0; s.Meta().LastSeq < uint64(events); i++ {
		cmd, seat := console.Command{Name: scorepad.CmdNextRound}, seats[0]
		if pos := i % 13; pos != 12 {
			seat = seats[pos%4]
			cmd = console.Command{Name: scorepad.CmdAdd, Args: map[string]any{"player": string(seat), "points": (i*7)%11 + 1}}
		}
		if _, err := s.Do(seat, cmd); err != nil {
			return fmt.Errorf("score pad, command %d: %w", i+1, err)
		}
	}
	return nil
}

// replayTimes replays l from a new state and returns each event's Apply
// time.
func replayTimes(r console.Rules, l longLog) ([]time.Duration, error) {
	st, err := r.New(l.setup)
	if err != nil {
		return nil, err
	}
	out := make([]time.Duration, len(l.events))
	for i, e := range l.events {
		t0 := time.Now()
		st, err = r.Apply(st, e)
		out[i] = time.Since(t0)
		if err != nil {
			return nil, fmt.Errorf("event %d (%s): %w", e.Seq, e.Type, err)
		}
	}
	return out, nil
}

// median of ds (sorted in place).
func median(ds []time.Duration) time.Duration {
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[len(ds)/2]
}

// BenchmarkReplayEvent replays the whole 10,000-event log of each game per
// iteration and reports the median and the mean time of one event's Apply.
func BenchmarkReplayEvent(b *testing.B) {
	lor, pad := benchLogs(b)
	for _, c := range []struct {
		name string
		r    console.Rules
		l    longLog
	}{{"landsofruin", New(), lor}, {"scorepad", scorepad.New(), pad}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var all []time.Duration
			var total time.Duration
			for i := 0; i < b.N; i++ {
				ds, err := replayTimes(c.r, c.l)
				if err != nil {
					b.Fatal(err)
				}
				for _, d := range ds {
					total += d
				}
				all = append(all, ds...)
			}
			b.ReportMetric(float64(median(all).Nanoseconds()), "median-ns/event")
			b.ReportMetric(float64(total.Nanoseconds())/float64(len(all)), "mean-ns/event")
		})
	}
}

// BenchmarkResume10k resumes the 10,000-event Lands of Ruin game from a
// MemStore: with snapshots (every console.DefaultSnapshotEvery events: the
// last one plus the tail) and with none (a full replay).
func BenchmarkResume10k(b *testing.B) {
	lor, _ := benchLogs(b)
	for _, c := range []struct {
		name  string
		every int
	}{{"snapshots", console.DefaultSnapshotEvery}, {"full-replay", len(lor.events) + 1}} {
		b.Run(c.name, func(b *testing.B) {
			st := console.NewMemStore()
			s, err := console.Create(New(), lor.setup, console.Options{Store: st, SnapshotEvery: c.every, NewID: func() string { return "resume" }})
			if err != nil {
				b.Fatal(err)
			}
			if err := LongGame(s, benchEvents); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := console.Open(New(), "resume", console.Options{Store: st, SnapshotEvery: c.every}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
