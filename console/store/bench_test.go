package store

import (
	"path/filepath"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// BenchmarkAppend measures one command of three events appended and
// committed (fsync on), as a Session does per command.
func BenchmarkAppend(b *testing.B) {
	db, err := Open(filepath.Join(b.TempDir(), "saves.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	meta := BenchMeta("bench")
	if err := db.Create(meta); err != nil {
		b.Fatal(err)
	}
	evs := make([]console.Event, 3)
	b.ReportAllocs()
	for b.Loop() {
		for i := range evs {
			if evs[i], err = BenchEvent(meta.LastSeq + 1 + uint64(i)); err != nil {
				b.Fatal(err)
			}
		}
		meta.LastSeq += 3
		if err := db.Append("bench", evs, meta); err != nil {
			b.Fatal(err)
		}
	}
}

// resumeFile builds a save file holding one game of 10,000 events with a
// snapshot every 100, and returns its path.
func resumeFile(b *testing.B) string {
	b.Helper()
	path := filepath.Join(b.TempDir(), "saves.db")
	db, err := Open(path)
	if err != nil {
		b.Fatal(err)
	}
	if err := PopulateForBench(db, "bench", 10_000, 100); err != nil {
		b.Fatal(err)
	}
	if err := db.Close(); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkResume10k measures opening the save file and reading a game of
// 10,000 events: "tail" is Load (the latest snapshot and the events after
// it), what a resume does; "all" reads every event, what a full replay or
// a battle report does.
func BenchmarkResume10k(b *testing.B) {
	path := resumeFile(b)
	b.Run("tail", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			db, err := Open(path)
			if err != nil {
				b.Fatal(err)
			}
			meta, snap, evs, err := db.Load("bench")
			if err != nil || snap == nil || snap.Seq+uint64(len(evs)) != meta.LastSeq {
				b.Fatalf("Load: snapshot %v, %d events, %v", snap, len(evs), err)
			}
			db.Close()
		}
	})
	b.Run("all", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			db, err := Open(path)
			if err != nil {
				b.Fatal(err)
			}
			evs, err := db.Events("bench", 1, 0)
			if err != nil || len(evs) != 10_000 {
				b.Fatalf("Events: %d, %v", len(evs), err)
			}
			db.Close()
		}
	})
}

func TestPopulateForBench(t *testing.T) {
	tests := []struct {
		events, every int
		wantSnap      int64
	}{
		{0, 100, -1},
		{10, 0, -1},
		{2500, 100, 2500},
		{2501, 100, 2500},
		{99, 100, -1},
	}
	for _, tt := range tests {
		db := openTest(t)
		if err := PopulateForBench(db, "b", tt.events, tt.every); err != nil {
			t.Fatalf("PopulateForBench(%d, %d): %v", tt.events, tt.every, err)
		}
		meta, snap, tail, err := db.Load("b")
		if err != nil {
			t.Fatalf("Load: %v", err)
		}
		if meta.LastSeq != uint64(tt.events) || meta.Setup.System != "scorepad" {
			t.Errorf("PopulateForBench(%d, %d): meta %+v", tt.events, tt.every, meta)
		}
		gotSnap := int64(-1)
		if snap != nil {
			gotSnap = int64(snap.Seq)
			if s := BenchSnapshot(snap.Seq); !same(t, *snap, s) {
				t.Errorf("snapshot = %+v, want %+v", *snap, s)
			}
		}
		if gotSnap != tt.wantSnap || uint64(int64(len(tail))+max(gotSnap, 0)) != meta.LastSeq {
			t.Errorf("PopulateForBench(%d, %d): snapshot at %d and %d events, want snapshot at %d", tt.events, tt.every, gotSnap, len(tail), tt.wantSnap)
		}
		for _, e := range tail {
			want, _ := BenchEvent(e.Seq)
			if !same(t, e, want) {
				t.Fatalf("event %d = %+v, want %+v", e.Seq, e, want)
			}
		}
		if err := PopulateForBench(db, "b", 3, 0); err == nil {
			t.Error("PopulateForBench over an existing game succeeded")
		}
	}
}
