package store

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/commandconsole/commandconsole/console"
)

// scanSpans is CommandSpan for every command of game id by reading the
// whole log, as MemStore does.
func scanSpans(t *testing.T, db *DB, id string) map[string][2]uint64 {
	t.Helper()
	evs, err := db.Events(id, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	spans := map[string][2]uint64{}
	for _, e := range evs {
		if e.Cmd == "" {
			continue
		}
		s, ok := spans[e.Cmd]
		if !ok {
			s[0] = e.Seq
		}
		s[1] = e.Seq
		spans[e.Cmd] = s
	}
	return spans
}

// checkSpan fails when CommandSpan(id, cmd) is not want.
func checkSpan(t *testing.T, db *DB, id, cmd string, first, last uint64, ok bool) {
	t.Helper()
	f, l, o, err := db.CommandSpan(id, cmd)
	if err != nil || f != first || l != last || o != ok {
		t.Errorf("CommandSpan(%s, %q) = %d, %d, %v, %v; want %d, %d, %v", id, cmd, f, l, o, err, first, last, ok)
	}
}

func TestCommandSpanIndex(t *testing.T) {
	path := filepath.Join(t.TempDir(), "saves.db")
	db, err := open(path, options{noSync: true})
	if err != nil {
		t.Fatal(err)
	}
	meta := newMeta("g", 1)
	if err := db.Create(meta); err != nil {
		t.Fatal(err)
	}
	// 2000 commands of one to three events, each its own transaction.
	for i := range 2000 {
		evs := mkEvents(meta.LastSeq+1, 1+i%3)
		for j := range evs {
			evs[j].Cmd = fmt.Sprintf("cmd-%d", i)
		}
		meta.LastSeq += uint64(len(evs))
		if err := db.Append("g", evs, meta); err != nil {
			t.Fatal(err)
		}
	}
	long := strings.Repeat("x", 5000) // longer than a bbolt key may be
	evs := mkEvents(meta.LastSeq+1, 2)
	evs[0].Cmd, evs[1].Cmd = long, long
	meta.LastSeq += 2
	if err := db.Append("g", evs, meta); err != nil {
		t.Fatalf("Append of a command with a 5000-byte id: %v", err)
	}
	end := meta.LastSeq // 3999 + 2 = 4001

	tests := []struct {
		cmd         string
		first, last uint64
		ok          bool
	}{
		{"cmd-0", 1, 1, true},
		{"cmd-1", 2, 3, true},
		{"cmd-2", 4, 6, true},
		{"cmd-1999", 3998, 3999, true},
		{long, end - 1, end, true},
		{strings.Repeat("x", 4999), 0, 0, false},
		{"cmd-2000", 0, 0, false},
		{"", 0, 0, false},
	}
	for _, tt := range tests {
		checkSpan(t, db, "g", tt.cmd, tt.first, tt.last, tt.ok)
	}

	// Undo into the middle of a command: it ends at its last event left;
	// the commands after it are gone.
	meta.LastSeq = 5
	if err := db.Truncate("g", 5, meta); err != nil {
		t.Fatal(err)
	}
	checkSpan(t, db, "g", "cmd-2", 4, 5, true)
	checkSpan(t, db, "g", "cmd-3", 0, 0, false)
	checkSpan(t, db, "g", "cmd-1999", 0, 0, false)
	checkSpan(t, db, "g", long, 0, 0, false)
	checkSpan(t, db, "g", "cmd-0", 1, 1, true)
	var keys []string
	err = db.view(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketCommands).Bucket([]byte("g")).ForEach(func(k, _ []byte) error {
			keys = append(keys, string(k))
			return nil
		})
	})
	if got := strings.Join(keys, " "); err != nil || got != "cmd-0 cmd-1 cmd-2" {
		t.Errorf("command index after the undo holds %q (%v), want cmd-0 cmd-1 cmd-2", got, err)
	}

	// CommandSpan reads the index, not the log: a damaged event elsewhere
	// in the log does not stop it.
	h := appendCommands(t, db, "h", 2, 3)
	poke(t, db, seqKey(2), []byte{0xc1}, bucketLogs, []byte("h"))
	checkSpan(t, db, "h", cmdName("h", 3), 3, 3, true)
	// A damaged event can still be undone: the index is cut by its own
	// entries then.
	h.LastSeq = 2
	poke(t, db, seqKey(3), []byte{0xc1}, bucketLogs, []byte("h"))
	if err := db.Truncate("h", 2, h); err != nil {
		t.Fatalf("Truncate over a damaged event: %v", err)
	}
	checkSpan(t, db, "h", cmdName("h", 3), 0, 0, false)
	checkSpan(t, db, "h", cmdName("h", 1), 1, 1, true)
	if err := db.Delete(h.ID); err != nil {
		t.Fatal(err)
	}

	// The index is in the file.
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	checkSpan(t, db, "g", "cmd-1", 2, 3, true)
	checkSpan(t, db, "g", "cmd-2", 4, 5, true)
	checkSpan(t, db, "g", "cmd-1999", 0, 0, false)

	// Export and import rebuild it; delete removes it.
	var file bytes.Buffer
	if err := db.Export("g", &file); err != nil {
		t.Fatal(err)
	}
	imported, err := db.Import(&file)
	if err != nil {
		t.Fatal(err)
	}
	checkSpan(t, db, imported.ID, "cmd-2", 4, 5, true)
	if err := db.Delete("g"); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := db.CommandSpan("g", "cmd-1"); !errors.Is(err, console.ErrNotFound) {
		t.Errorf("CommandSpan of a deleted game: %v, want ErrNotFound", err)
	}
	mustCreate(t, db, "g", 2)
	checkSpan(t, db, "g", "cmd-1", 0, 0, false)
}

// TestCommandSpanMatchesScan plays random appends and undos, with command
// ids drawn from a small pool so that ids come back after an undo and even
// recur, and checks the index answers as a scan of the log does.
func TestCommandSpanMatchesScan(t *testing.T) {
	db, err := open(filepath.Join(t.TempDir(), "saves.db"), options{noSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rng := rand.New(rand.NewPCG(7, 11))
	meta := newMeta("g", 1)
	if err := db.Create(meta); err != nil {
		t.Fatal(err)
	}
	ids := []string{"", "a", "b", "c", "d", "e", "f"}
	for step := range 300 {
		if meta.LastSeq > 0 && rng.IntN(4) == 0 {
			meta.LastSeq -= uint64(rng.IntN(int(min(meta.LastSeq, 6)))) + 1
			if err := db.Truncate("g", meta.LastSeq, meta); err != nil {
				t.Fatal(err)
			}
		} else {
			evs := mkEvents(meta.LastSeq+1, 1+rng.IntN(3))
			cmd := ids[rng.IntN(len(ids))]
			for i := range evs {
				evs[i].Cmd = cmd
			}
			meta.LastSeq += uint64(len(evs))
			if err := db.Append("g", evs, meta); err != nil {
				t.Fatal(err)
			}
		}
		spans := scanSpans(t, db, "g")
		for _, cmd := range ids {
			s, ok := spans[cmd]
			checkSpan(t, db, "g", cmd, s[0], s[1], ok)
		}
		if t.Failed() {
			t.Fatalf("step %d: the index and the log disagree", step)
		}
	}
}

// makeV1 turns the closed save file at path into one of save format 1, as
// the previous version wrote it: no commands bucket.
func makeV1(t *testing.T, path string) {
	t.Helper()
	writeBolt(t, path, func(tx *bolt.Tx) error {
		if err := tx.DeleteBucket(bucketCommands); err != nil {
			return err
		}
		return tx.Bucket(bucketSchema).Put(keyVersion, seqKey(1))
	})
}

func TestMigrateV1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "saves.db")
	db, err := open(path, options{noSync: true})
	if err != nil {
		t.Fatal(err)
	}
	appendCommands(t, db, "a", 1, 500)
	appendCommands(t, db, "b", 2, 30)
	mustCreate(t, db, "empty", 3)
	appendCommands(t, db, "bad", 4, 10)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	makeV1(t, path)
	// A record that does not decode in one game's log: the upgrade passes
	// that event over and upgrades the game and the others.
	writeBolt(t, path, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketLogs).Bucket([]byte("bad")).Put(seqKey(4), []byte{0xc1})
	})

	db, err = Open(path)
	if err != nil {
		t.Fatalf("Open of a save format 1 file: %v", err)
	}
	defer db.Close()
	err = db.view(func(tx *bolt.Tx) error {
		if v, _ := keySeq(tx.Bucket(bucketSchema).Get(keyVersion)); v != SchemaVersion {
			return fmt.Errorf("schema version after the upgrade = %d, want %d", v, SchemaVersion)
		}
		return nil
	})
	if err != nil {
		t.Error(err)
	}
	checkSpan(t, db, "a", cmdName("a", 1), 1, 1, true)
	checkSpan(t, db, "a", cmdName("a", 500), 500, 500, true)
	checkSpan(t, db, "b", cmdName("b", 17), 17, 17, true)
	checkSpan(t, db, "empty", "x", 0, 0, false)

	metas, damages, err := db.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(metas) != 4 || len(damages) != 0 {
		t.Errorf("List after the upgrade = %d games and damages %v, want a, b, empty and bad listed as before", len(metas), damages)
	}
	checkSpan(t, db, "bad", cmdName("bad", 9), 9, 9, true)
	// Its damaged event is still named when the game is loaded.
	if _, _, _, err := db.Load("bad"); err == nil || !strings.Contains(err.Error(), "event 4") {
		t.Errorf("Load(bad) = %v, want the damaged event 4 named", err)
	}
	if err := db.Delete("bad"); err != nil {
		t.Fatalf("Delete(bad): %v", err)
	}
	if _, damages, _ := db.List(); len(damages) != 0 {
		t.Errorf("after Delete(bad): %v", damages)
	}
}
