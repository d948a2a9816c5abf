package store

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// pastTime is set as the mtime of files that must stay untouched, so that a
// write would show even on a file system with coarse timestamps.
var pastTime = time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)

// writeBolt creates a bbolt file at path and runs fn in one update on it.
func writeBolt(t *testing.T, path string, fn func(tx *bolt.Tx) error) {
	t.Helper()
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if fn != nil {
		if err := b.Update(fn); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
}

// checkUntouched asserts that Open refuses path with want and leaves its
// bytes and mtime as they were.
func checkUntouched(t *testing.T, path string, want error, wantMsg string) {
	t.Helper()
	if err := os.Chtimes(path, pastTime, pastTime); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	db, err := Open(path)
	if err == nil {
		db.Close()
		t.Fatalf("Open(%s) succeeded, want %v", filepath.Base(path), want)
	}
	if !errors.Is(err, want) {
		t.Errorf("Open error = %v, want %v", err, want)
	}
	if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), wantMsg) {
		t.Errorf("Open error %q does not name the file and say %q", err, wantMsg)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Errorf("Open changed the file (%d bytes before, %d after)", len(before), len(after))
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if !fi.ModTime().Equal(pastTime) {
		t.Errorf("Open changed the file's mtime to %v", fi.ModTime())
	}
}

func TestOpenRefusesOtherFiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 64<<10)
	for i := range random {
		random[i] = byte(rng.UintN(256))
	}
	tests := []struct {
		name  string
		write func(t *testing.T, path string)
		want  error
		msg   string
	}{
		{"random bytes", func(t *testing.T, path string) {
			os.WriteFile(path, random, 0o600)
		}, ErrNotSaveFile, "is not a Command Console save file: it is not a bbolt database"},
		{"one random byte", func(t *testing.T, path string) {
			os.WriteFile(path, random[:1], 0o600)
		}, ErrNotSaveFile, "is not a Command Console save file"},
		{"text file", func(t *testing.T, path string) {
			os.WriteFile(path, []byte(strings.Repeat("These are my notes about the campaign.\n", 300)), 0o600)
		}, ErrNotSaveFile, "is not a Command Console save file: it is not a bbolt database"},
		{"bbolt file of another program", func(t *testing.T, path string) {
			writeBolt(t, path, func(tx *bolt.Tx) error {
				b, err := tx.CreateBucket([]byte("widgets"))
				if err != nil {
					return err
				}
				return b.Put([]byte("k"), []byte("v"))
			})
		}, ErrNotSaveFile, `holding other data (buckets ["widgets"])`},
		{"schema bucket without a version", func(t *testing.T, path string) {
			writeBolt(t, path, func(tx *bolt.Tx) error {
				_, err := tx.CreateBucket(bucketSchema)
				return err
			})
		}, ErrNotSaveFile, "schema marker is malformed"},
		{"newer schema", func(t *testing.T, path string) {
			db, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			mustCreate(t, db, "g", 1, 3)
			db.Close()
			writeBolt(t, path, func(tx *bolt.Tx) error {
				return tx.Bucket(bucketSchema).Put(keyVersion, seqKey(SchemaVersion+1))
			})
		}, ErrNewerSchema, fmt.Sprintf("was written by a newer Command Console (save format %d; this version reads up to %d)", SchemaVersion+1, SchemaVersion)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "saves.db")
			tt.write(t, path)
			checkUntouched(t, path, tt.want, tt.msg)
		})
	}
}

func TestOpenInitialises(t *testing.T) {
	tests := []struct {
		name  string
		write func(t *testing.T, path string)
	}{
		{"missing file in missing folders", func(t *testing.T, path string) {}},
		{"empty bbolt database", func(t *testing.T, path string) {
			os.MkdirAll(filepath.Dir(path), 0o700)
			writeBolt(t, path, nil)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			path := filepath.Join(root, "a", "b", "saves.db")
			tt.write(t, path)
			db, err := Open(path)
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			if db.Path() != path {
				t.Errorf("Path() = %s, want %s", db.Path(), path)
			}
			mustCreate(t, db, "g", 1, 2)
			if err := db.Close(); err != nil {
				t.Fatal(err)
			}
			fi, err := os.Stat(filepath.Join(root, "a"))
			if err != nil {
				t.Fatal(err)
			}
			if tt.name == "missing file in missing folders" && fi.Mode().Perm() != 0o700 {
				t.Errorf("created folder mode = %v, want 0700", fi.Mode().Perm())
			}
			// Reopening a save file writes nothing.
			if err := os.Chtimes(path, pastTime, pastTime); err != nil {
				t.Fatal(err)
			}
			db, err = Open(path)
			if err != nil {
				t.Fatalf("reopen: %v", err)
			}
			if _, _, evs, err := db.Load("g"); err != nil || len(evs) != 2 {
				t.Errorf("Load after reopen: %d events, %v", len(evs), err)
			}
			db.Close()
			if fi, _ := os.Stat(path); !fi.ModTime().Equal(pastTime) {
				t.Errorf("reopening and reading changed the mtime to %v", fi.ModTime())
			}
		})
	}
}

func TestOpenInUse(t *testing.T) {
	db := openTest(t)
	start := time.Now()
	second, err := Open(db.Path())
	if err == nil {
		second.Close()
		t.Fatal("second Open of the same file succeeded")
	}
	if !errors.Is(err, ErrInUse) {
		t.Errorf("second Open: %v, want ErrInUse", err)
	}
	want := "save file " + db.Path() + " is in use by another Command Console (the app or ccctl)"
	if err.Error() != want {
		t.Errorf("second Open error = %q, want %q", err, want)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("second Open took %v to give up", d)
	}
	// Once the first closes, the file opens.
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := Open(db.Path())
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	again.Close()
}

func TestOpenFolder(t *testing.T) {
	dir := t.TempDir()
	if db, err := Open(dir); !errors.Is(err, ErrNotSaveFile) {
		if err == nil {
			db.Close()
		}
		t.Errorf("Open(folder) = %v, want ErrNotSaveFile", err)
	}
}
