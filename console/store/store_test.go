package store

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// seqs returns the sequence numbers of events.
func seqs(evs []console.Event) []uint64 {
	out := []uint64{}
	for _, e := range evs {
		out = append(out, e.Seq)
	}
	return out
}

// span returns from..to.
func span(from, to uint64) []uint64 {
	out := []uint64{}
	for s := from; s <= to; s++ {
		out = append(out, s)
	}
	return out
}

func TestCreateAppendLoad(t *testing.T) {
	tests := []struct {
		name      string
		commands  []int
		snapshots []uint64
		wantSnap  int64 // -1: no snapshot
		wantTail  []uint64
	}{
		{"empty game", nil, nil, -1, span(1, 0)},
		{"no snapshot", []int{3, 1, 2}, nil, -1, span(1, 6)},
		{"snapshot at start", []int{3, 3}, []uint64{0}, 0, span(1, 6)},
		{"snapshot mid-log", []int{3, 3, 3}, []uint64{3, 6}, 6, span(7, 9)},
		{"snapshot at end", []int{3, 3, 3}, []uint64{9}, 9, span(1, 0)},
		{"snapshots out of order", []int{2, 2, 2}, []uint64{4, 2}, 4, span(5, 6)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openTest(t)
			meta := mustCreate(t, db, "g1", 5, tt.commands...)
			for _, s := range tt.snapshots {
				if err := db.PutSnapshot("g1", console.Snapshot{Seq: s, State: []byte{byte(s)}, Dice: []byte{1}}); err != nil {
					t.Fatalf("PutSnapshot(%d): %v", s, err)
				}
			}
			// Reopen, so that everything checked comes from the file.
			path := db.Path()
			if err := db.Close(); err != nil {
				t.Fatal(err)
			}
			db, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()

			gotMeta, snap, evs, err := db.Load("g1")
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			checkSame(t, "meta", gotMeta, meta)
			switch {
			case tt.wantSnap < 0 && snap != nil:
				t.Errorf("snapshot = %+v, want none", snap)
			case tt.wantSnap >= 0 && snap == nil:
				t.Errorf("snapshot = nil, want one at %d", tt.wantSnap)
			case snap != nil:
				want := console.Snapshot{Seq: uint64(tt.wantSnap), State: []byte{byte(tt.wantSnap)}, Dice: []byte{1}}
				checkSame(t, "snapshot", *snap, want)
			}
			if got := seqs(evs); !slices.Equal(got, tt.wantTail) {
				t.Errorf("tail = %v, want %v", got, tt.wantTail)
			}
			all, err := db.Events("g1", 1, 0)
			if err != nil {
				t.Fatalf("Events: %v", err)
			}
			var want []console.Event
			next := uint64(1)
			for _, n := range tt.commands {
				want = append(want, mkEvents(next, n)...)
				next += uint64(n)
			}
			if len(all) != len(want) {
				t.Fatalf("Events returned %d events, want %d", len(all), len(want))
			}
			for i := range all {
				checkSame(t, "event", all[i], want[i])
			}
			m, err := db.Meta("g1")
			if err != nil {
				t.Fatalf("Meta: %v", err)
			}
			checkSame(t, "Meta", m, meta)
		})
	}
}

func TestEvents(t *testing.T) {
	db := openTest(t)
	mustCreate(t, db, "g", 0, 3, 3, 3, 1) // events 1..10
	tests := []struct {
		from, to uint64
		want     []uint64
	}{
		{1, 0, span(1, 10)},
		{0, 0, span(1, 10)},
		{4, 6, span(4, 6)},
		{10, 10, []uint64{10}},
		{7, 0, span(7, 10)},
		{8, 99, span(8, 10)},
		{11, 0, span(1, 0)},
		{6, 5, span(1, 0)},
	}
	for _, tt := range tests {
		got, err := db.Events("g", tt.from, tt.to)
		if err != nil {
			t.Errorf("Events(%d, %d): %v", tt.from, tt.to, err)
			continue
		}
		if !slices.Equal(seqs(got), tt.want) {
			t.Errorf("Events(%d, %d) = %v, want %v", tt.from, tt.to, seqs(got), tt.want)
		}
	}
}

// export returns the export of game id, which covers every record of it.
func export(t testing.TB, db *DB, id string) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := db.Export(id, &buf); err != nil {
		t.Fatalf("Export(%s): %v", id, err)
	}
	return buf.Bytes()
}

func TestAppendRejects(t *testing.T) {
	withSeq := func(evs []console.Event, seqs ...uint64) []console.Event {
		for i := range evs {
			evs[i].Seq = seqs[i]
		}
		return evs
	}
	tests := []struct {
		name    string
		id      string
		events  []console.Event
		lastSeq uint64
		metaID  string
		want    error // errors.Is target; nil means just an error
	}{
		{"gap", "g", mkEvents(8, 2), 9, "g", ErrSequence},
		{"repeat last", "g", mkEvents(6, 2), 7, "g", ErrSequence},
		{"from zero", "g", withSeq(mkEvents(1, 1), 0), 6, "g", ErrSequence},
		{"hole inside the command", "g", withSeq(mkEvents(7, 3), 7, 8, 10), 10, "g", ErrSequence},
		{"reversed", "g", withSeq(mkEvents(7, 2), 8, 7), 8, "g", ErrSequence},
		{"meta LastSeq short", "g", mkEvents(7, 3), 8, "g", ErrSequence},
		{"meta LastSeq long", "g", mkEvents(7, 3), 10, "g", ErrSequence},
		{"meta-only update moves LastSeq", "g", nil, 7, "g", ErrSequence},
		{"meta of another game", "g", mkEvents(7, 1), 7, "h", nil},
		{"unknown game", "nope", mkEvents(1, 1), 1, "nope", console.ErrNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openTest(t)
			mustCreate(t, db, "g", 1, 3, 3)
			mustCreate(t, db, "h", 2, 1)
			before := [][]byte{export(t, db, "g"), export(t, db, "h")}
			meta := newMeta(tt.metaID, 9)
			meta.LastSeq = tt.lastSeq
			err := db.Append(tt.id, tt.events, meta)
			if err == nil {
				t.Fatal("Append succeeded, want an error")
			}
			if tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("Append error = %v, want %v", err, tt.want)
			}
			if !strings.Contains(err.Error(), `"`+tt.id+`"`) {
				t.Errorf("Append error %q does not name game %q", err, tt.id)
			}
			after := [][]byte{export(t, db, "g"), export(t, db, "h")}
			for i := range before {
				if !bytes.Equal(before[i], after[i]) {
					t.Errorf("game %d changed by a refused Append", i)
				}
			}
		})
	}
}

func TestAppendMetaOnly(t *testing.T) {
	db := openTest(t)
	meta := mustCreate(t, db, "g", 1, 3)
	meta.Status = console.StatusFinished
	meta.Summary = "Alice wins"
	if err := db.Append("g", nil, meta); err != nil {
		t.Fatalf("Append(no events): %v", err)
	}
	got, err := db.Meta("g")
	if err != nil {
		t.Fatal(err)
	}
	checkSame(t, "meta", got, meta)
}

func TestTruncate(t *testing.T) {
	tests := []struct {
		name     string
		after    uint64
		wantSnap int64
		wantTail []uint64
	}{
		{"nothing to remove", 9, 6, span(7, 9)},
		{"last command", 6, 6, span(1, 0)},
		{"into the snapshot", 5, 3, span(4, 5)},
		{"before every snapshot", 2, -1, span(1, 2)},
		{"everything", 0, -1, span(1, 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openTest(t)
			meta := mustCreate(t, db, "g", 1, 3, 3, 3)
			for _, s := range []uint64{3, 6} {
				if err := db.PutSnapshot("g", console.Snapshot{Seq: s, State: []byte("s")}); err != nil {
					t.Fatal(err)
				}
			}
			meta.LastSeq = tt.after
			meta.Undos++
			if err := db.Truncate("g", tt.after, meta); err != nil {
				t.Fatalf("Truncate(%d): %v", tt.after, err)
			}
			got, snap, evs, err := db.Load("g")
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			checkSame(t, "meta", got, meta)
			if snap == nil && tt.wantSnap >= 0 || snap != nil && int64(snap.Seq) != tt.wantSnap {
				t.Errorf("snapshot = %+v, want at %d", snap, tt.wantSnap)
			}
			if !slices.Equal(seqs(evs), tt.wantTail) {
				t.Errorf("tail = %v, want %v", seqs(evs), tt.wantTail)
			}
			// The log continues from the cut.
			next := mkEvents(tt.after+1, 2)
			meta.LastSeq = tt.after + 2
			if err := db.Append("g", next, meta); err != nil {
				t.Fatalf("Append after Truncate: %v", err)
			}
			all, err := db.Events("g", 0, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(seqs(all), span(1, tt.after+2)) {
				t.Errorf("events after re-append = %v", seqs(all))
			}
		})
	}
}

func TestTruncateRejects(t *testing.T) {
	tests := []struct {
		name          string
		after, metaLS uint64
	}{
		{"beyond the log", 7, 7},
		{"meta disagrees", 3, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openTest(t)
			meta := mustCreate(t, db, "g", 1, 3, 3)
			before := export(t, db, "g")
			meta.LastSeq = tt.metaLS
			err := db.Truncate("g", tt.after, meta)
			if !errors.Is(err, ErrSequence) {
				t.Errorf("Truncate error = %v, want ErrSequence", err)
			}
			if !bytes.Equal(before, export(t, db, "g")) {
				t.Error("refused Truncate changed the game")
			}
		})
	}
}

func TestPutSnapshotBeyondLog(t *testing.T) {
	db := openTest(t)
	mustCreate(t, db, "g", 1, 3)
	if err := db.PutSnapshot("g", console.Snapshot{Seq: 4}); !errors.Is(err, ErrSequence) {
		t.Errorf("PutSnapshot beyond the log: error = %v, want ErrSequence", err)
	}
}

func TestList(t *testing.T) {
	db := openTest(t)
	for _, g := range []struct {
		id      string
		updated int
	}{{"b", 5}, {"a", 5}, {"old", 1}, {"new", 9}, {"c", 5}} {
		mustCreate(t, db, g.id, g.updated)
	}
	metas, damages, err := db.List()
	if err != nil || len(damages) != 0 {
		t.Fatalf("List: %v, damaged %v", err, damages)
	}
	var ids []string
	for _, m := range metas {
		ids = append(ids, m.ID)
	}
	if want := []string{"new", "a", "b", "c", "old"}; !slices.Equal(ids, want) {
		t.Errorf("List order = %v, want %v", ids, want)
	}
}

func TestListEmpty(t *testing.T) {
	db := openTest(t)
	metas, damages, err := db.List()
	if err != nil || len(metas) != 0 || len(damages) != 0 {
		t.Errorf("List of a new file = %v, %v, %v; want nothing", metas, damages, err)
	}
}

func TestDelete(t *testing.T) {
	db := openTest(t)
	mustCreate(t, db, "g", 1, 3, 3)
	mustCreate(t, db, "keep", 2, 2)
	if err := db.PutSnapshot("g", console.Snapshot{Seq: 3}); err != nil {
		t.Fatal(err)
	}
	if err := db.Delete("g"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	if _, _, _, err := db.Load("g"); !errors.Is(err, console.ErrNotFound) {
		t.Errorf("Load after Delete: %v, want ErrNotFound", err)
	}
	if err := db.Delete("g"); !errors.Is(err, console.ErrNotFound) {
		t.Errorf("second Delete: %v, want ErrNotFound", err)
	}
	// The id can be used again, from an empty log.
	mustCreate(t, db, "g", 3, 1)
	_, snap, evs, err := db.Load("g")
	if err != nil || snap != nil || !slices.Equal(seqs(evs), []uint64{1}) {
		t.Errorf("recreated game: snapshot %v, events %v, %v", snap, seqs(evs), err)
	}
	if _, _, evs, err := db.Load("keep"); err != nil || len(evs) != 2 {
		t.Errorf("other game after Delete: %d events, %v", len(evs), err)
	}
}

func TestCreateRejects(t *testing.T) {
	db := openTest(t)
	mustCreate(t, db, "taken", 1)
	withLast := newMeta("fresh", 1)
	withLast.LastSeq = 3
	tests := []struct {
		name string
		meta console.GameMeta
		want error
	}{
		{"taken id", newMeta("taken", 2), ErrExists},
		{"empty id", newMeta("", 2), nil},
		{"control character", newMeta("a\nb", 2), nil},
		{"invalid UTF-8", newMeta("a\xffb", 2), nil},
		{"too long", newMeta(strings.Repeat("x", 256), 2), nil},
		{"non-empty log", withLast, nil},
	}
	for _, tt := range tests {
		err := db.Create(tt.meta)
		if err == nil || tt.want != nil && !errors.Is(err, tt.want) {
			t.Errorf("%s: Create error = %v, want %v", tt.name, err, tt.want)
		}
	}
	metas, _, _ := db.List()
	if len(metas) != 1 {
		t.Errorf("after refused Creates the file holds %d games, want 1", len(metas))
	}
}

func TestNotFound(t *testing.T) {
	db := openTest(t)
	mustCreate(t, db, "other", 1, 1)
	meta := newMeta("ghost", 1)
	calls := map[string]func() error{
		"Meta":        func() error { _, err := db.Meta("ghost"); return err },
		"Load":        func() error { _, _, _, err := db.Load("ghost"); return err },
		"Events":      func() error { _, err := db.Events("ghost", 1, 0); return err },
		"Append":      func() error { return db.Append("ghost", nil, meta) },
		"Truncate":    func() error { return db.Truncate("ghost", 0, meta) },
		"PutSnapshot": func() error { return db.PutSnapshot("ghost", console.Snapshot{}) },
		"Delete":      func() error { return db.Delete("ghost") },
		"Export":      func() error { return db.Export("ghost", &bytes.Buffer{}) },
	}
	for _, name := range console.SortedKeys(calls) {
		err := calls[name]()
		if !errors.Is(err, console.ErrNotFound) {
			t.Errorf("%s: error = %v, want ErrNotFound", name, err)
			continue
		}
		if !strings.Contains(err.Error(), `"ghost"`) {
			t.Errorf("%s: error %q does not name the game", name, err)
		}
	}
}

func TestRosters(t *testing.T) {
	db := openTest(t)
	puts := []struct{ kind, name, data string }{
		{"character", "Vex", "v1"},
		{"character", "Aria", "a1"},
		{"team", "Crows", "c"},
		{"character", "Vex", "v2"},
		{"character", "Empty", ""},
	}
	for _, p := range puts {
		if err := db.PutRoster(p.kind, p.name, []byte(p.data)); err != nil {
			t.Fatalf("PutRoster(%s, %s): %v", p.kind, p.name, err)
		}
	}
	names, err := db.Rosters("character")
	if want := []string{"Aria", "Empty", "Vex"}; err != nil || !slices.Equal(names, want) {
		t.Errorf("Rosters(character) = %v, %v; want %v", names, err, want)
	}
	if names, err := db.Rosters("campaign"); err != nil || len(names) != 0 {
		t.Errorf("Rosters(campaign) = %v, %v; want none", names, err)
	}
	for _, tt := range []struct{ kind, name, want string }{
		{"character", "Vex", "v2"}, {"team", "Crows", "c"}, {"character", "Empty", ""},
	} {
		got, err := db.Roster(tt.kind, tt.name)
		if err != nil || string(got) != tt.want || got == nil {
			t.Errorf("Roster(%s, %s) = %q (nil %t), %v; want %q", tt.kind, tt.name, got, got == nil, err, tt.want)
		}
	}
	if _, err := db.Roster("team", "Vex"); !errors.Is(err, ErrNoRoster) {
		t.Errorf("Roster of a missing name: %v, want ErrNoRoster", err)
	}
	if err := db.DeleteRoster("character", "Vex"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Roster("character", "Vex"); !errors.Is(err, ErrNoRoster) {
		t.Errorf("Roster after DeleteRoster: %v, want ErrNoRoster", err)
	}
	if err := db.PutRoster("", "x", nil); err == nil {
		t.Error("PutRoster with an empty kind succeeded")
	}
}

func TestBackup(t *testing.T) {
	db := openTest(t)
	mustCreate(t, db, "g", 1, 3, 2)
	var buf bytes.Buffer
	n, err := db.Backup(&buf)
	if err != nil || n != int64(buf.Len()) {
		t.Fatalf("Backup = %d, %v (wrote %d)", n, err, buf.Len())
	}
	path := filepath.Join(t.TempDir(), "copy.db")
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	cp, err := Open(path)
	if err != nil {
		t.Fatalf("Open backup: %v", err)
	}
	defer cp.Close()
	if !bytes.Equal(export(t, db, "g"), export(t, cp, "g")) {
		t.Error("backup holds a different game")
	}
}

func TestConcurrentUse(t *testing.T) {
	db := openTest(t)
	ids := []string{"a", "b", "c", "d"}
	errs := make(chan error, len(ids))
	for _, id := range ids {
		go func() {
			meta := newMeta(id, 1)
			if err := db.Create(meta); err != nil {
				errs <- err
				return
			}
			for range 10 {
				evs := mkEvents(meta.LastSeq+1, 2)
				meta.LastSeq += 2
				if err := db.Append(id, evs, meta); err != nil {
					errs <- err
					return
				}
				if _, _, err := db.List(); err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range ids {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	for _, id := range ids {
		if evs, err := db.Events(id, 0, 0); err != nil || len(evs) != 20 {
			t.Errorf("game %s: %d events, %v", id, len(evs), err)
		}
	}
}
