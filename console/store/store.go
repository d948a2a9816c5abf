// Package store keeps Command Console games in a single bbolt file: the
// durable implementation of console.Store.
//
// The layout follows hashicorp/raft-boltdb: sequence numbers are 8-byte
// big-endian keys, so bbolt's byte order is log order, and every value is
// msgpack (console.Encode). The file holds these top-level buckets:
//
//	schema     "version" → 8-byte big-endian save-format version (SchemaVersion)
//	index      game id → GameMeta
//	logs       one nested bucket per game id: seq → Event
//	snapshots  one nested bucket per game id: seq → Snapshot
//	rosters    one nested bucket per kind: name → opaque bytes
//
// Every change is one bbolt read-write transaction, and bbolt fsyncs on
// commit: when a method that changes a game returns nil, the change survives
// the process being killed or the tablet losing power.
//
// Open refuses, without writing a byte, a file that is not a save file (not a
// bbolt database, or a bbolt database holding something else), a file written
// by a newer save format, and a file another Command Console process (the app
// or ccctl) has open.
//
// A damaged record does not take the rest of the file down with it: List
// reports a game whose index record does not decode as a *DamagedError and
// lists every other game, and Load, Meta and Events of a damaged game fail
// with an error naming the game and the record.
package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/commandconsole/commandconsole/console"
)

// SchemaVersion is the save-format version this package writes and the
// newest it reads.
const SchemaVersion = 1

// lockTimeout is how long Open waits for another process to release the
// file before it gives up with ErrInUse.
const lockTimeout = time.Second

// Bucket and key names.
var (
	bucketSchema    = []byte("schema")
	bucketIndex     = []byte("index")
	bucketLogs      = []byte("logs")
	bucketSnapshots = []byte("snapshots")
	bucketRosters   = []byte("rosters")
	keyVersion      = []byte("version")
)

// topBuckets are the buckets every save file has.
var topBuckets = [][]byte{bucketSchema, bucketIndex, bucketLogs, bucketSnapshots, bucketRosters}

// Errors Open may return, wrapped in a message that names the file. Test
// them with errors.Is.
var (
	// ErrInUse means another process (the app or ccctl) holds the file.
	ErrInUse = errors.New("save file in use")
	// ErrNotSaveFile means the file is not a Command Console save file; it
	// has been left untouched.
	ErrNotSaveFile = errors.New("not a Command Console save file")
	// ErrNewerSchema means the file was written by a newer version of
	// Command Console; it has been left untouched.
	ErrNewerSchema = errors.New("save file from a newer Command Console")
)

// Errors the game methods may return, wrapped with the game and operation.
var (
	// ErrExists is returned by Create for an id that is already taken.
	ErrExists = errors.New("game already exists")
	// ErrSequence is returned by Append and Truncate when the events or the
	// metadata do not continue the stored log; nothing has been written.
	ErrSequence = errors.New("events out of sequence")
)

// DamagedError reports a game whose stored records cannot be read. List
// returns one for each game whose index record is damaged; Load, Meta, Events
// and Export return one (wrapped) for a damaged index record, event or
// snapshot. The other games in the file are not affected.
type DamagedError struct {
	// ID is the damaged game's id.
	ID string
	// Err says which record is damaged and how ("event 17: msgpack: ...").
	Err error
}

// Error names the game and what is wrong with it.
func (e *DamagedError) Error() string {
	return fmt.Sprintf("game %q is damaged: %v", e.ID, e.Err)
}

// Unwrap returns the underlying decode error.
func (e *DamagedError) Unwrap() error { return e.Err }

// damaged returns a *DamagedError for game id.
func damaged(id string, format string, a ...any) error {
	return &DamagedError{ID: id, Err: fmt.Errorf(format, a...)}
}

// fileError is an Open failure with a complete message of its own and a
// sentinel kind for errors.Is.
type fileError struct {
	msg  string
	kind error
	err  error
}

func (e *fileError) Error() string        { return e.msg }
func (e *fileError) Is(target error) bool { return target == e.kind }
func (e *fileError) Unwrap() error        { return e.err }

func errInUse(path string, err error) error {
	return &fileError{
		msg:  fmt.Sprintf("save file %s is in use by another Command Console (the app or ccctl)", path),
		kind: ErrInUse, err: err,
	}
}

func errNotSave(path, why string, err error) error {
	return &fileError{
		msg:  fmt.Sprintf("%s is not a Command Console save file: %s", path, why),
		kind: ErrNotSaveFile, err: err,
	}
}

func errNewer(path string, version uint64) error {
	return &fileError{
		msg: fmt.Sprintf("save file %s was written by a newer Command Console (save format %d; this version reads up to %d): update Command Console to open it",
			path, version, SchemaVersion),
		kind: ErrNewerSchema,
	}
}

// DB is an open save file. It implements console.Store and is safe for
// concurrent use.
type DB struct {
	bolt *bolt.DB
	path string
}

var _ console.Store = (*DB)(nil)

// options are the knobs tests may turn; Open uses the zero value.
type options struct {
	// noSync skips fsync on commit: only for fuzzing, where durability is
	// not under test.
	noSync bool
}

// Open opens the save file at path, creating it and its parent folders
// (mode 0700) when they do not exist. A new or empty file is initialised.
//
// The file is checked before anything is written: a file that is not a save
// file (ErrNotSaveFile) or is from a newer save format (ErrNewerSchema) is
// refused and left byte-for-byte untouched. A file another process has open
// is refused after one second (ErrInUse).
func Open(path string) (*DB, error) {
	return open(path, options{})
}

func open(path string, o options) (*DB, error) {
	if path == "" {
		return nil, errors.New("open save file: empty path")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("open save file %s: create folder: %w", path, err)
	}
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir():
		return nil, errNotSave(path, "it is a folder", nil)
	case err == nil && fi.Size() > 0:
		// Validate read-only first: opening read-write may write (bbolt
		// flushes an unsynced freelist on open), and a file that is not
		// ours must not be touched at all.
		if err := precheck(path); err != nil {
			return nil, err
		}
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("open save file %s: %w", path, err)
	}

	b, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: lockTimeout, NoSync: o.noSync})
	if err != nil {
		return nil, openErr(path, err)
	}
	db := &DB{bolt: b, path: path}
	if err := db.initSchema(); err != nil {
		_ = b.Close()
		return nil, err
	}
	return db, nil
}

// openErr turns a bbolt.Open failure into a message for the user.
func openErr(path string, err error) error {
	var pe *fs.PathError
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return errInUse(path, err)
	case errors.As(err, &pe):
		return fmt.Errorf("open save file %s: %w", path, err)
	default:
		return errNotSave(path, fmt.Sprintf("it is not a bbolt database (%v)", err), err)
	}
}

// precheck opens an existing, non-empty file read-only and checks that it is
// a save file this version can read.
func precheck(path string) error {
	b, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: lockTimeout})
	if err != nil {
		return openErr(path, err)
	}
	defer b.Close()
	return b.View(func(tx *bolt.Tx) error {
		_, err := checkSchema(tx, path)
		return err
	})
}

// checkSchema reports whether tx holds a save file, an empty database that
// may be initialised (fresh is true), or something else (an error).
func checkSchema(tx *bolt.Tx, path string) (fresh bool, err error) {
	defer func() {
		// bbolt trusts page contents; a file with valid meta pages but
		// damaged bucket pages can make it panic.
		if r := recover(); r != nil {
			fresh, err = false, errNotSave(path, fmt.Sprintf("it is damaged (%v)", r), nil)
		}
	}()
	sb := tx.Bucket(bucketSchema)
	if sb == nil {
		var names []string
		err := tx.ForEach(func(name []byte, _ *bolt.Bucket) error {
			if len(names) < 5 {
				names = append(names, fmt.Sprintf("%q", name))
			}
			return nil
		})
		if err != nil {
			return false, errNotSave(path, fmt.Sprintf("it cannot be read (%v)", err), err)
		}
		if len(names) == 0 {
			return true, nil
		}
		return false, errNotSave(path, fmt.Sprintf("it is a bbolt database holding other data (buckets %v) and no Command Console schema marker", names), nil)
	}
	v, ok := keySeq(sb.Get(keyVersion))
	switch {
	case !ok:
		return false, errNotSave(path, "its schema marker is malformed", nil)
	case v == 0:
		return false, errNotSave(path, "its schema version is 0", nil)
	case v > SchemaVersion:
		return false, errNewer(path, v)
	}
	return false, nil
}

// initSchema creates the buckets and the schema marker of a new file. An
// existing save file is only read.
func (db *DB) initSchema() error {
	complete := false
	err := db.bolt.View(func(tx *bolt.Tx) error {
		fresh, err := checkSchema(tx, db.path)
		if err != nil || fresh {
			return err
		}
		complete = true
		for _, name := range topBuckets {
			if tx.Bucket(name) == nil {
				complete = false
			}
		}
		return nil
	})
	if err != nil || complete {
		return err
	}
	err = db.bolt.Update(func(tx *bolt.Tx) error {
		fresh, err := checkSchema(tx, db.path)
		if err != nil {
			return err
		}
		for _, name := range topBuckets {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return fmt.Errorf("create bucket %s: %w", name, err)
			}
		}
		if fresh {
			return tx.Bucket(bucketSchema).Put(keyVersion, seqKey(SchemaVersion))
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("initialise save file %s: %w", db.path, err)
	}
	return nil
}

// Path returns the file the DB was opened from.
func (db *DB) Path() string { return db.path }

// Close releases the file. Other processes may open it afterwards.
func (db *DB) Close() error {
	if err := db.bolt.Close(); err != nil {
		return fmt.Errorf("close save file %s: %w", db.path, err)
	}
	return nil
}
