package store

import (
	"path/filepath"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	bolt "go.etcd.io/bbolt"
)

// TestMigrateKeepsGameWithDamageBehindSnapshot: a damaged event behind a
// snapshot never stopped a game from loading; the upgrade to the command
// index must not make it stop (it passes the event over).
func TestMigrateKeepsGameWithDamageBehindSnapshot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "saves.db")
	db, err := open(path, options{noSync: true})
	if err != nil {
		t.Fatal(err)
	}
	appendCommands(t, db, "s", 1, 10)
	if err := db.PutSnapshot("s", console.Snapshot{Seq: 8, State: []byte{1}}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	writeBolt(t, path, func(tx *bolt.Tx) error {
		return tx.Bucket(bucketLogs).Bucket([]byte("s")).Put(seqKey(4), []byte{0xc1})
	})
	db, _ = Open(path)
	if _, _, _, err := db.Load("s"); err != nil {
		t.Fatalf("v2 load with damage behind snapshot: %v", err)
	}
	db.Close()
	makeV1(t, path)
	db, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, _, _, err := db.Load("s"); err != nil {
		t.Errorf("after migrate, Load of a game loadable before: %v", err)
	}
	if _, dm, err := db.List(); err != nil || len(dm) != 0 {
		t.Errorf("after migrate, List reports %v (%v); want the game listed as before", dm, err)
	}
}
