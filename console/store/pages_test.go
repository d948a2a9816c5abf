package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/commandconsole/commandconsole/console"
)

// These tests damage real save files the way a failing disk or a torn copy
// would, at the level of bbolt's pages, and check that nothing panics.

// pageLayout is where things are in a closed save file.
type pageLayout struct {
	pageSize int
	// root is the root page of each game's log bucket; leaves are the
	// leaf pages under it when it is a branch page.
	root   map[string]uint64
	leaves map[string][]uint64
	// freelist is the freelist page of the newest meta page.
	freelist uint64
}

// layout reads where game ids' log buckets and the freelist are in the
// closed save file at path. It parses bbolt's page format: a page header is
// id uint64, flags uint16, count uint16, overflow uint32; a branch element
// is pos uint32, ksize uint32, pgid uint64; a meta page holds, after the
// header, magic, version, page size and flags (uint32 each), the root
// bucket (pgid, sequence), the freelist pgid, the high-water pgid and the
// txid (uint64 each).
func layout(t *testing.T, path string, ids ...string) pageLayout {
	t.Helper()
	b, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	l := pageLayout{pageSize: b.Info().PageSize, root: map[string]uint64{}, leaves: map[string][]uint64{}}
	err = b.View(func(tx *bolt.Tx) error {
		for _, id := range ids {
			lb := tx.Bucket(bucketLogs).Bucket([]byte(id))
			if lb.RootPage() == 0 {
				t.Fatalf("game %s's log is inline; make it bigger", id)
			}
			l.root[id] = uint64(lb.RootPage())
		}
		return nil
	})
	b.Close()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	page := func(id uint64) []byte { return data[int(id)*l.pageSize : int(id+1)*l.pageSize] }
	for id, root := range l.root {
		p := page(root)
		if binary.LittleEndian.Uint16(p[8:]) != flagBranch {
			t.Fatalf("game %s's log root page %d is not a branch page; make it bigger", id, root)
		}
		for i := range int(binary.LittleEndian.Uint16(p[10:])) {
			l.leaves[id] = append(l.leaves[id], binary.LittleEndian.Uint64(p[16+16*i+8:]))
		}
	}
	newest := 0
	if binary.LittleEndian.Uint64(page(1)[64:]) > binary.LittleEndian.Uint64(page(0)[64:]) {
		newest = 1
	}
	l.freelist = binary.LittleEndian.Uint64(page(uint64(newest))[48:])
	return l
}

// damageFile rewrites the closed file at path with fn applied to its bytes.
func damageFile(t *testing.T, path string, fn func(data []byte) []byte) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, fn(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

// twoGames writes a save file with games "a" and "b" of n one-event
// commands each, big enough that each log has a branch root page.
func twoGames(t *testing.T, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "saves.db")
	db, err := open(path, options{noSync: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range []string{"a", "b"} {
		appendCommands(t, db, id, i, n)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// appendCommands creates game id and appends n one-event commands to it,
// in batches of 100 per transaction.
func appendCommands(t *testing.T, db *DB, id string, updated, n int) console.GameMeta {
	t.Helper()
	meta := newMeta(id, updated)
	if err := db.Create(meta); err != nil {
		t.Fatal(err)
	}
	return appendMore(t, db, meta, n)
}

// appendMore appends n one-event commands "<id>-<seq>" to the game of meta.
func appendMore(t *testing.T, db *DB, meta console.GameMeta, n int) console.GameMeta {
	t.Helper()
	for n > 0 {
		batch := min(n, 100)
		evs := mkEvents(meta.LastSeq+1, batch)
		for i := range evs {
			evs[i].Cmd = cmdName(meta.ID, evs[i].Seq)
		}
		meta.LastSeq += uint64(batch)
		if err := db.Append(meta.ID, evs, meta); err != nil {
			t.Fatalf("Append(%s): %v", meta.ID, err)
		}
		n -= batch
	}
	return meta
}

// cmdName is the command id of event seq of game id.
func cmdName(id string, seq uint64) string { return fmt.Sprintf("%s-%d", id, seq) }

func TestDamagedPagesOfOneGame(t *testing.T) {
	tests := []struct {
		name string
		// damage changes page p (a slice of the file) of game b's log.
		damage func(p []byte)
		// leaf damages a leaf page in the middle of b's log instead of
		// its root page.
		leaf bool
	}{
		{"root page of an unknown type", func(p []byte) { p[8], p[9] = 0x7f, 0 }, false},
		{"root page that names another page", func(p []byte) { binary.LittleEndian.PutUint64(p, 1<<20) }, false},
		{"root page with wild element offsets", func(p []byte) {
			for i := pageHeaderLen; i < len(p); i++ {
				p[i] = 0xff
			}
		}, false},
		{"leaf page of an unknown type", func(p []byte) { p[8], p[9] = 0x40, 0 }, true},
		{"leaf page with wild element offsets", func(p []byte) {
			for i := pageHeaderLen; i < len(p); i++ {
				p[i] = 0xfe
			}
		}, true},
		{"leaf page zeroed", func(p []byte) { clear(p) }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := twoGames(t, 400)
			l := layout(t, path, "a", "b")
			pg := l.root["b"]
			if tt.leaf {
				leaves := l.leaves["b"]
				if len(leaves) < 3 {
					t.Fatalf("game b's log has %d leaf pages, want at least 3", len(leaves))
				}
				pg = leaves[len(leaves)/2]
			}
			damageFile(t, path, func(data []byte) []byte {
				tt.damage(data[int(pg)*l.pageSize : int(pg+1)*l.pageSize])
				return data
			})

			db, err := Open(path)
			if err != nil {
				t.Fatalf("Open of a file with one damaged game: %v", err)
			}
			defer db.Close()
			checkDamagedB := func(what string, err error) {
				t.Helper()
				var d *DamagedError
				if !errors.As(err, &d) || d.ID != "b" || !strings.Contains(err.Error(), `game "b" is damaged`) {
					t.Errorf("%s: got %v, want a DamagedError naming game b", what, err)
				}
			}
			_, _, _, err = db.Load("b")
			checkDamagedB("Load(b)", err)
			_, err = db.Events("b", 0, 0)
			checkDamagedB("Events(b)", err)
			checkDamagedB("Export(b)", db.Export("b", &strings.Builder{}))
			// b's command index is a bucket of its own and undamaged:
			// it answers (and must not panic).
			if _, _, ok, err := db.CommandSpan("b", cmdName("b", 400)); err != nil || !ok {
				t.Errorf("CommandSpan(b) = %v, %v; want found", ok, err)
			}

			metas, damages, err := db.List()
			if err != nil {
				t.Fatalf("List: %v", err)
			}
			if len(metas) != 1 || metas[0].ID != "a" {
				t.Errorf("List = %v, want game a alone", metas)
			}
			if len(damages) != 1 {
				t.Fatalf("List damages = %v, want game b's", damages)
			}
			checkDamagedB("List", damages[0])

			// The other game still loads and grows, in the same process,
			// past the size the file was mapped at: the remap waits for
			// every read transaction, so a leaked one would hang here.
			meta, _, evs, err := db.Load("a")
			if err != nil || len(evs) != 400 {
				t.Fatalf("Load(a) = %d events, %v", len(evs), err)
			}
			done := make(chan error, 1)
			go func() {
				// The file grows from 256 KiB to over 600 KiB.
				for range 20 {
					evs := mkEvents(meta.LastSeq+1, 100)
					for i := range evs {
						evs[i].Cmd = cmdName("a", evs[i].Seq)
					}
					meta.LastSeq += 100
					if err := db.Append("a", evs, meta); err != nil {
						done <- err
						return
					}
				}
				done <- nil
			}()
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("Append(a) after game b's damage: %v", err)
				}
			case <-time.After(time.Minute):
				t.Fatal("appending to game a after game b's damage hangs: a transaction was left open")
			}
			if first, last, ok, err := db.CommandSpan("a", cmdName("a", 1)); err != nil || !ok || first != 1 || last != 1 {
				t.Errorf("CommandSpan(a, first command) = %d, %d, %v, %v", first, last, ok, err)
			}

			// Deleting the damaged game clears it, even when its pages
			// cannot be freed, and its id can be used again.
			if err := db.Delete("b"); err != nil {
				t.Fatalf("Delete(b): %v", err)
			}
			if metas, damages, err := db.List(); err != nil || len(damages) != 0 || len(metas) != 1 {
				t.Errorf("after Delete(b): List = %v, %v, %v", metas, damages, err)
			}
			mustCreate(t, db, "b", 9, 2)
			if _, _, evs, err := db.Load("b"); err != nil || len(evs) != 2 {
				t.Errorf("Load of the new game b = %d events, %v", len(evs), err)
			}
			if err := db.Close(); err != nil {
				t.Fatal(err)
			}
			db2, err := Open(path)
			if err != nil {
				t.Fatalf("reopen: %v", err)
			}
			defer db2.Close()
			if metas, damages, err := db2.List(); err != nil || len(damages) != 0 || len(metas) != 2 {
				t.Errorf("after reopening: List = %v, %v, %v", metas, damages, err)
			}
			if _, _, evs, err := db2.Load("a"); err != nil || len(evs) != 2400 {
				t.Errorf("after reopening: Load(a) = %d events, %v", len(evs), err)
			}
		})
	}
}

func TestOpenDamagedFile(t *testing.T) {
	tests := []struct {
		name   string
		damage func(t *testing.T, path string, l pageLayout)
		msg    string
	}{
		{"cut in half", func(t *testing.T, path string, l pageLayout) {
			damageFile(t, path, func(data []byte) []byte { return data[:len(data)/2] })
		}, "is damaged: it is cut short"},
		{"cut to one page", func(t *testing.T, path string, l pageLayout) {
			damageFile(t, path, func(data []byte) []byte { return data[:l.pageSize] })
		}, "is damaged: both of its header (meta) pages are unreadable"},
		{"both meta pages zeroed", func(t *testing.T, path string, l pageLayout) {
			damageFile(t, path, func(data []byte) []byte {
				clear(data[:2*l.pageSize])
				return data
			})
		}, "is damaged: both of its header (meta) pages are unreadable"},
		{"freelist page zeroed", func(t *testing.T, path string, l pageLayout) {
			damageFile(t, path, func(data []byte) []byte {
				clear(data[int(l.freelist)*l.pageSize : int(l.freelist+1)*l.pageSize])
				return data
			})
		}, "is damaged: its pages in the save file are damaged (bbolt: invalid freelist page"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := twoGames(t, 400)
			tt.damage(t, path, layout(t, path, "a", "b"))
			checkUntouched(t, path, ErrDamaged, tt.msg)
			// The failed open released the file: a second one fails the
			// same way, not with "in use".
			if _, err := Open(path); !errors.Is(err, ErrDamaged) {
				t.Errorf("second Open = %v, want ErrDamaged again", err)
			}
		})
	}
}

func TestOpenOneMetaPageZeroed(t *testing.T) {
	for _, meta := range []int{0, 1} {
		t.Run(string(rune('0'+meta)), func(t *testing.T) {
			path := twoGames(t, 400)
			l := layout(t, path, "a", "b")
			damageFile(t, path, func(data []byte) []byte {
				clear(data[meta*l.pageSize : (meta+1)*l.pageSize])
				return data
			})
			db, err := Open(path)
			if err != nil {
				t.Fatalf("Open with meta page %d zeroed: %v (bbolt should use the other)", meta, err)
			}
			defer db.Close()
			// Zeroing the newest meta page takes the file back to the
			// transaction before: b's last 100 events.
			for _, id := range []string{"a", "b"} {
				meta, _, evs, err := db.Load(id)
				if err != nil || uint64(len(evs)) != meta.LastSeq || len(evs) < 300 {
					t.Errorf("Load(%s) = %d events (LastSeq %d), %v; want a whole log of 300 or 400", id, len(evs), meta.LastSeq, err)
				}
			}
			mustCreate(t, db, "c", 5, 1)
		})
	}
}

func TestOpenEmptyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "saves.db")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	checkUntouched(t, path, ErrEmptyFile, "save file "+path+" is empty (0 bytes); it is not a Command Console save — move it away or delete it")
}

func TestOpenCreatesWholeFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "saves.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "saves.db" {
		t.Errorf("folder holds %v, want saves.db alone (no temporary file left)", entries)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() == 0 || fi.Mode().Perm() != 0o600 {
		t.Errorf("new save file: %v, %v; want a non-empty file with mode 0600", fi, err)
	}
}
