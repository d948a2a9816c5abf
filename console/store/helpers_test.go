package store

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
)

// testTime is the base wall-clock time of test games.
var testTime = time.Date(2025, 3, 1, 18, 30, 0, 0, time.UTC)

// openTest opens a fresh save file in t's temporary folder and closes it at
// the end of the test.
func openTest(t testing.TB) *DB {
	t.Helper()
	db, err := Open(filepath.Join(t.TempDir(), "saves.db"))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// newMeta returns the metadata of a new game updated at minute updated.
func newMeta(id string, updated int) console.GameMeta {
	return console.GameMeta{
		ID: id,
		Setup: console.Setup{
			System:  "scorepad",
			Title:   "Game " + id,
			Seed:    42,
			Seats:   []console.Seat{"alice", "bob"},
			Options: map[string]string{"target": "100"},
		},
		Status:  console.StatusActive,
		Summary: "Round 1",
		Created: testTime,
		Updated: testTime.Add(time.Duration(updated) * time.Minute),
	}
}

// mkEvents returns n events numbered from, in commands of up to three.
func mkEvents(from uint64, n int) []console.Event {
	evs := make([]console.Event, n)
	for i := range evs {
		seq := from + uint64(i)
		data, err := console.Encode(map[string]any{"points": seq})
		if err != nil {
			panic(err)
		}
		evs[i] = console.Event{
			Seq:  seq,
			Type: "score-added",
			Seat: "alice",
			Cmd:  fmt.Sprintf("c%d", from),
			Data: data,
			At:   testTime.UnixMilli() + int64(seq),
		}
	}
	if n > 0 {
		evs[n-1].Dice = []byte{9, 8, 7}
		evs[n-1].Barrier = true
	}
	return evs
}

// mustCreate creates a game and appends commands of the given sizes.
func mustCreate(t testing.TB, db *DB, id string, updated int, commands ...int) console.GameMeta {
	t.Helper()
	meta := newMeta(id, updated)
	if err := db.Create(meta); err != nil {
		t.Fatalf("Create(%s): %v", id, err)
	}
	for _, n := range commands {
		evs := mkEvents(meta.LastSeq+1, n)
		meta.LastSeq += uint64(n)
		if err := db.Append(id, evs, meta); err != nil {
			t.Fatalf("Append(%s, %d events): %v", id, n, err)
		}
	}
	return meta
}

// same reports whether got and want encode to the same msgpack, which
// treats equal instants in different locations, and nil and empty
// omitempty fields, as equal.
func same(t testing.TB, got, want any) bool {
	t.Helper()
	g, err := console.Encode(got)
	if err != nil {
		t.Fatalf("encode got: %v", err)
	}
	w, err := console.Encode(want)
	if err != nil {
		t.Fatalf("encode want: %v", err)
	}
	return bytes.Equal(g, w)
}

// checkSame fails the test when got and want differ.
func checkSame(t testing.TB, what string, got, want any) {
	t.Helper()
	if !same(t, got, want) {
		t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
	}
}
