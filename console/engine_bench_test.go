package console_test

import (
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

// The engine's headline benchmarks, on a MemStore so that only the engine
// is measured; ccctl bench prints the same figures next to the bbolt ones.

// benchSeats are the four players of every benchmark game.
var benchSeats = []console.Seat{"alice", "bob", "carol", "dave"}

func benchSetup() console.Setup {
	return console.Setup{System: scorepad.ID, Title: "bench", Seed: 1, Seats: benchSeats}
}

// benchAdd returns the i-th add of a benchmark: each seat in turn adds 1,
// then takes it back on its next turn, so no score cell ever overflows.
func benchAdd(i int) (console.Seat, console.Command) {
	seat := benchSeats[i%len(benchSeats)]
	points := 1
	if (i/len(benchSeats))%2 == 1 {
		points = -1
	}
	return seat, console.Command{Name: scorepad.CmdAdd, Args: map[string]any{"player": string(seat), "points": points}}
}

// BenchmarkCommand measures one scorepad add as the host plays it: decide,
// apply, store (MemStore) and a fresh view for every seat.
func BenchmarkCommand(b *testing.B) {
	s, err := console.Create(scorepad.New(), benchSetup(), console.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		seat, cmd := benchAdd(i)
		if _, err := s.Do(seat, cmd); err != nil {
			b.Fatalf("command %d: %v", i+1, err)
		}
		for _, v := range benchSeats {
			if _, err := s.View(v); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkView measures one seat's view of a game forty rounds in, for
// every seat and the public view.
func BenchmarkView(b *testing.B) {
	s, err := console.Create(scorepad.New(), benchSetup(), console.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 40*13; i++ {
		seat, cmd := longMove(i)
		if _, err := s.Do(seat, cmd); err != nil {
			b.Fatalf("command %d: %v", i+1, err)
		}
	}
	for _, seat := range append(append([]console.Seat(nil), benchSeats...), console.Public) {
		b.Run(string(seat), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := s.View(seat); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// longMove returns the i-th command of a long game: each player adds three
// times a round, then the round closes; every command is one event.
func longMove(i int) (console.Seat, console.Command) {
	const perRound = 13
	pos := i % perRound
	if pos == perRound-1 {
		return benchSeats[0], console.Command{Name: scorepad.CmdNextRound}
	}
	seat := benchSeats[pos%len(benchSeats)]
	return seat, console.Command{Name: scorepad.CmdAdd,
		Args: map[string]any{"player": string(seat), "points": (i*7)%11 + 1}}
}

// longGame plays a 10,000-event game into a MemStore, with a snapshot every
// snapshotEvery events (none when it is larger than the game).
func longGame(b *testing.B, id string, snapshotEvery int) *console.MemStore {
	b.Helper()
	mem := console.NewMemStore()
	fixed := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	s, err := console.Create(scorepad.New(), benchSetup(), console.Options{
		Store: mem, SnapshotEvery: snapshotEvery,
		Clock: func() time.Time { return fixed }, NewID: func() string { return id },
	})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 10000; i++ {
		seat, cmd := longMove(i)
		if _, err := s.Do(seat, cmd); err != nil {
			b.Fatalf("command %d: %v", i+1, err)
		}
	}
	return mem
}

// benchOpen measures console.Open of game id from mem.
func benchOpen(b *testing.B, mem *console.MemStore, id string) {
	rules := scorepad.New()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := console.Open(rules, id, console.Options{Store: mem})
		if err != nil {
			b.Fatal(err)
		}
		if got := s.Meta().LastSeq; got != 10000 {
			b.Fatalf("resumed at event %d, want 10000", got)
		}
	}
}

// BenchmarkReplay10k measures resuming a 10,000-event game that has no
// snapshot: a full replay from setup.
func BenchmarkReplay10k(b *testing.B) {
	benchOpen(b, longGame(b, "replay", 1<<30), "replay")
}

// BenchmarkResume10k measures resuming the same game with a snapshot every
// 100 events: decode the last snapshot (at event 10,000) and replay the
// empty tail.
func BenchmarkResume10k(b *testing.B) {
	benchOpen(b, longGame(b, "resume", 100), "resume")
}
