package store

import (
	"errors"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/commandconsole/commandconsole/console"
)

// garbage records: an invalid msgpack code, a length that claims 4 GiB
// (which must not be allocated), a valid value of the wrong shape, and a
// good record with bytes after it.
var garbage = map[string][]byte{
	"invalid code":    {0xc1, 0xff, 0x00, 0x13},
	"4 GiB length":    {0xc6, 0xff, 0xff, 0xff, 0xff, 1, 2, 3},
	"wrong shape":     {0x93, 0x01, 0x02, 0x03},
	"trailing":        {0x80, 0x00},
	"empty":           {},
	"deep nesting":    []byte(strings.Repeat("\x91", 100) + "\xc0"),
	"map of 1M pairs": {0xdf, 0x00, 0x0f, 0x42, 0x40, 0xc0},
}

// poke writes v under key in the bucket at path (top-level names first).
func poke(t *testing.T, db *DB, key, v []byte, path ...[]byte) {
	t.Helper()
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(path[0])
		for _, name := range path[1:] {
			b = b.Bucket(name)
		}
		return b.Put(key, v)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestDamagedRecords(t *testing.T) {
	for _, kind := range console.SortedKeys(garbage) {
		bad := garbage[kind]
		t.Run(kind, func(t *testing.T) {
			db := openTest(t)
			mustCreate(t, db, "good", 1, 3, 3)
			mustCreate(t, db, "bad-index", 2, 3)
			mustCreate(t, db, "bad-event", 3, 3, 3)
			mustCreate(t, db, "bad-snapshot", 4, 3, 3)
			mustCreate(t, db, "zz-good", 5, 1)
			if err := db.PutSnapshot("bad-snapshot", console.Snapshot{Seq: 3}); err != nil {
				t.Fatal(err)
			}
			poke(t, db, []byte("bad-index"), bad, bucketIndex)
			poke(t, db, seqKey(5), bad, bucketLogs, []byte("bad-event"))
			poke(t, db, seqKey(3), bad, bucketSnapshots, []byte("bad-snapshot"))

			metas, damages, err := db.List()
			if err != nil {
				t.Fatalf("List: %v", err)
			}
			var ids []string
			for _, m := range metas {
				ids = append(ids, m.ID)
			}
			if got, want := strings.Join(ids, " "), "zz-good bad-snapshot bad-event good"; got != want {
				t.Errorf("List = %s, want %s", got, want)
			}
			if len(damages) != 1 {
				t.Fatalf("List reported %d damaged games, want 1: %v", len(damages), damages)
			}
			var d *DamagedError
			if !errors.As(damages[0], &d) || d.ID != "bad-index" {
				t.Fatalf("damage = %#v, want a DamagedError for bad-index", damages[0])
			}
			if msg := d.Error(); !strings.Contains(msg, `game "bad-index" is damaged: index record`) {
				t.Errorf("damage message %q does not name the game and the record", msg)
			}

			for _, id := range []string{"good", "zz-good"} {
				if _, _, _, err := db.Load(id); err != nil {
					t.Errorf("Load(%s): %v", id, err)
				}
			}
			// The damaged event is outside this range, so it reads.
			if evs, err := db.Events("bad-event", 1, 4); err != nil || len(evs) != 4 {
				t.Errorf("Events(bad-event, 1, 4) = %d events, %v", len(evs), err)
			}
			if _, err := db.Meta("bad-event"); err != nil {
				t.Errorf("Meta(bad-event): %v", err)
			}

			loads := []struct {
				name string
				err  error
				want string
			}{
				{"Load(bad-index)", loadErr(db, "bad-index"), `game "bad-index" is damaged: index record`},
				{"Meta(bad-index)", metaErr(db, "bad-index"), `game "bad-index" is damaged: index record`},
				{"Load(bad-event)", loadErr(db, "bad-event"), `game "bad-event" is damaged: event 5`},
				{"Events(bad-event)", eventsErr(db, "bad-event"), `game "bad-event" is damaged: event 5`},
			}
			// A snapshot is a cache of the log: a damaged one is passed
			// over and the game loads from the whole log instead.
			if _, snap, evs, err := db.Load("bad-snapshot"); err != nil || snap != nil || len(evs) != 6 {
				t.Errorf("Load(bad-snapshot) = snapshot %v, %d events, %v; want no snapshot and all 6 events", snap, len(evs), err)
			}
			for _, l := range loads {
				if l.err == nil {
					t.Errorf("%s succeeded, want an error", l.name)
					continue
				}
				if !strings.Contains(l.err.Error(), l.want) {
					t.Errorf("%s error %q does not say %q", l.name, l.err, l.want)
				}
				if !errors.As(l.err, &d) {
					t.Errorf("%s error %v is not a DamagedError", l.name, l.err)
				}
			}

			// Appending to a game with a damaged index record is refused;
			// deleting it works, and clears it from the damage list.
			meta := newMeta("bad-index", 9)
			meta.LastSeq = 4
			if err := db.Append("bad-index", mkEvents(4, 1), meta); err == nil {
				t.Error("Append to a damaged game succeeded")
			}
			if err := db.Delete("bad-index"); err != nil {
				t.Fatalf("Delete(bad-index): %v", err)
			}
			if _, damages, _ := db.List(); len(damages) != 0 {
				t.Errorf("after Delete, List still reports %v", damages)
			}
		})
	}
}

func TestDamagedStructure(t *testing.T) {
	tests := []struct {
		name   string
		damage func(t *testing.T, db *DB)
		want   string
	}{
		{"missing event", func(t *testing.T, db *DB) {
			db.bolt.Update(func(tx *bolt.Tx) error {
				return tx.Bucket(bucketLogs).Bucket([]byte("g")).Delete(seqKey(2))
			})
		}, "event 2 is missing"},
		{"event under the wrong key", func(t *testing.T, db *DB) {
			v, _ := console.Encode(mkEvents(9, 1)[0])
			poke(t, db, seqKey(2), v, bucketLogs, []byte("g"))
		}, "event stored at 2 says it is event 9"},
		{"log longer than the index says", func(t *testing.T, db *DB) {
			v, _ := console.Encode(mkEvents(4, 1)[0])
			poke(t, db, seqKey(4), v, bucketLogs, []byte("g"))
		}, "its log ends at event 4 but its index record says 3"},
		{"malformed key", func(t *testing.T, db *DB) {
			poke(t, db, []byte{1}, []byte{0xc0}, bucketLogs, []byte("g"))
		}, "malformed key"},
		{"index record of another game", func(t *testing.T, db *DB) {
			v, _ := console.Encode(newMeta("h", 1))
			poke(t, db, []byte("g"), v, bucketIndex)
		}, `index record names game "h"`},
		{"missing log bucket", func(t *testing.T, db *DB) {
			db.bolt.Update(func(tx *bolt.Tx) error {
				return tx.Bucket(bucketLogs).DeleteBucket([]byte("g"))
			})
		}, "its event log is missing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openTest(t)
			mustCreate(t, db, "g", 1, 3)
			tt.damage(t, db)
			err := loadErr(db, "g")
			var d *DamagedError
			if !errors.As(err, &d) || d.ID != "g" || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Load error = %v, want a DamagedError for g saying %q", err, tt.want)
			}
			if err := db.Delete("g"); err != nil {
				t.Errorf("Delete of the damaged game: %v", err)
			}
		})
	}
}

func loadErr(db *DB, id string) error {
	_, _, _, err := db.Load(id)
	return err
}

func metaErr(db *DB, id string) error {
	_, err := db.Meta(id)
	return err
}

func eventsErr(db *DB, id string) error {
	_, err := db.Events(id, 0, 0)
	return err
}

func TestDamagedLatestSnapshotFallsBack(t *testing.T) {
	db := openTest(t)
	mustCreate(t, db, "g", 1, 3, 3, 3)
	for _, seq := range []uint64{3, 6} {
		if err := db.PutSnapshot("g", console.Snapshot{Seq: seq, State: []byte{byte(seq)}}); err != nil {
			t.Fatal(err)
		}
	}
	poke(t, db, seqKey(6), []byte{0xc1}, bucketSnapshots, []byte("g"))
	_, snap, evs, err := db.Load("g")
	if err != nil || snap == nil || snap.Seq != 3 || len(evs) != 6 || evs[0].Seq != 4 {
		t.Fatalf("Load = snapshot %+v, %d events, %v; want the snapshot at 3 and events 4..9", snap, len(evs), err)
	}
}
