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
//	commands   one nested bucket per game id: command id → the sequence
//	           numbers of its first and last events (two 8-byte big-endian
//	           numbers), the index behind CommandSpan (save format 2)
//	rosters    one nested bucket per kind: name → opaque bytes
//	damaged    the buckets of damaged games Delete could not free, set
//	           aside (made on demand; never read)
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
// reports a game whose index record does not decode, or whose log or index
// buckets are broken, as a *DamagedError and lists every other game, and
// Load, Meta and Events of a damaged game fail with an error naming the game
// and the record. bbolt panics on damaged pages instead of returning an
// error; every transaction here is guarded (safe.go), so a damaged page
// becomes a *DamagedError for the game being read, or ErrDamaged for the file
// when Open meets it, and never a panic.
package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/commandconsole/commandconsole/console"
)

// SchemaVersion is the save-format version this package writes and the
// newest it reads. Version 2 added the commands bucket; Open upgrades a
// version 1 file (migrate).
const SchemaVersion = 2

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
	bucketCommands  = []byte("commands")
	bucketDamaged   = []byte("damaged")
	keyVersion      = []byte("version")
)

// topBuckets are the buckets every save file has.
var topBuckets = [][]byte{bucketSchema, bucketIndex, bucketLogs, bucketSnapshots, bucketRosters, bucketCommands}

// gameParents are the top-level buckets that hold one nested bucket per
// game.
var gameParents = [][]byte{bucketLogs, bucketSnapshots, bucketCommands}

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
	// ErrEmptyFile means the file is empty (0 bytes): not a save file, and
	// not initialised either; it has been left untouched.
	ErrEmptyFile = errors.New("empty save file")
	// ErrDamaged means the save file is damaged beyond one game (both
	// header pages unreadable, cut short, a damaged page that every game
	// needs); Open leaves it untouched. Damage confined to one game is a
	// *DamagedError from that game's methods instead.
	ErrDamaged = errors.New("save file damaged")
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
// returns one for each game whose index record, buckets or log pages are
// damaged; Load, Meta, Events, Export and CommandSpan return one (wrapped)
// for a damaged index record, event, snapshot or page. The other games in
// the file are not affected.
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

func errEmpty(path string) error {
	return &fileError{
		msg:  fmt.Sprintf("save file %s is empty (0 bytes); it is not a Command Console save — move it away or delete it", path),
		kind: ErrEmptyFile,
	}
}

func errDamagedFile(path, why string, err error) error {
	return &fileError{
		msg:  fmt.Sprintf("save file %s is damaged: %s; restore a backup or move it away", path, why),
		kind: ErrDamaged, err: err,
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
	// poisoned is set when rolling back a write hit damaged pages (txn).
	poisoned atomic.Bool
}

var _ console.Store = (*DB)(nil)

// options are the knobs tests may turn; Open uses the zero value.
type options struct {
	// noSync skips fsync on commit: only for fuzzing, where durability is
	// not under test.
	noSync bool
}

// Open opens the save file at path, creating it and its parent folders
// (mode 0700) when they do not exist. A new file is written whole under a
// temporary name and then linked into place, so a crash never leaves an
// empty file behind; an existing empty (0-byte) file is refused
// (ErrEmptyFile) and left alone, because it is not a save file and
// initialising it could hide what went wrong.
//
// The file is checked before anything is written: a file that is not a save
// file (ErrNotSaveFile), is from a newer save format (ErrNewerSchema) or is
// damaged beyond one game (ErrDamaged: both header pages unreadable, cut
// short, a damaged top-level page) is refused and left byte-for-byte
// untouched. A file another process has open is refused after one second
// (ErrInUse). A file from an older save format is upgraded in one
// transaction (see migrate).
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
	case err == nil && fi.Size() == 0:
		return nil, errEmpty(path)
	case err == nil:
		// Validate read-only first: opening read-write may write (bbolt
		// flushes an unsynced freelist on open), and a file that is not
		// ours must not be touched at all.
		if err := precheck(path, fi.Size()); err != nil {
			return nil, err
		}
	case errors.Is(err, fs.ErrNotExist):
		if err := createFile(path, o); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("open save file %s: %w", path, err)
	}

	b, err := boltOpen(path, bolt.Options{Timeout: lockTimeout, NoSync: o.noSync})
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

// createFile writes a new, initialised save file at path: under a temporary
// name in the same folder first, then hard-linked into place (renamed where
// links are not supported), so that path never names a half-made file. When
// another process created path meanwhile, its file is kept.
func createFile(path string, o options) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.new")
	if err != nil {
		return fmt.Errorf("create save file %s: %w", path, err)
	}
	name := tmp.Name()
	_ = tmp.Close()
	defer os.Remove(name)
	// bbolt initialises a 0-byte file.
	b, err := boltOpen(name, bolt.Options{Timeout: lockTimeout, NoSync: o.noSync})
	if err != nil {
		return fmt.Errorf("create save file %s: %w", path, err)
	}
	db := &DB{bolt: b, path: path}
	err = db.initSchema()
	if cerr := b.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("create save file %s: %w", path, err)
	}
	if err := os.Link(name, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil
		}
		if err := os.Rename(name, path); err != nil {
			return fmt.Errorf("create save file %s: %w", path, err)
		}
	}
	return nil
}

// boltOpen is bolt.Open made safe against damaged files: bbolt trusts page
// contents and panics (or faults on the mapped file) on a damaged freelist
// page, which the read-write open loads. The panic becomes a *pageError and
// the file opened so far is closed, which releases its lock.
func boltOpen(path string, opts bolt.Options) (b *bolt.DB, err error) {
	var files []*os.File
	opts.OpenFile = func(name string, flag int, perm os.FileMode) (*os.File, error) {
		f, err := os.OpenFile(name, flag, perm)
		if err == nil {
			files = append(files, f)
		}
		return f, err
	}
	err = guard(func() error {
		var err error
		b, err = bolt.Open(path, 0o600, &opts)
		return err
	})
	var pe *pageError
	if errors.As(err, &pe) {
		// The mapping of a half-opened file stays until the process
		// ends; the file itself and its lock are released.
		for _, f := range files {
			unlockFile(f)
			_ = f.Close()
		}
		b = nil
	}
	return b, err
}

// openErr turns a bbolt.Open failure into a message for the user.
func openErr(path string, err error) error {
	var (
		pe   *fs.PathError
		page *pageError
	)
	switch {
	case errors.Is(err, berrors.ErrTimeout):
		return errInUse(path, err)
	case errors.As(err, &page):
		return errDamagedFile(path, page.Error(), err)
	case errors.As(err, &pe):
		return fmt.Errorf("open save file %s: %w", path, err)
	case looksLikeBolt(path):
		return errDamagedFile(path, fmt.Sprintf("both of its header (meta) pages are unreadable (%v)", err), err)
	default:
		return errNotSave(path, fmt.Sprintf("it is not a bbolt database (%v)", err), err)
	}
}

// precheck opens an existing, non-empty file of size bytes read-only and
// checks that it is a whole save file this version can read.
func precheck(path string, size int64) error {
	b, err := boltOpen(path, bolt.Options{ReadOnly: true, Timeout: lockTimeout})
	if err != nil {
		return openErr(path, err)
	}
	defer b.Close()
	db := &DB{bolt: b, path: path}
	return db.fileErr(db.view(func(tx *bolt.Tx) error {
		// Pages beyond the end of the file would fault when read.
		if need := tx.Size(); size < need {
			return errDamagedFile(path, fmt.Sprintf("it is cut short: it has %d bytes but its pages need %d", size, need), nil)
		}
		_, _, err := checkSchema(tx, path)
		return err
	}))
}

// checkSchema reports whether tx holds a save file (version is its save
// format), an empty database that may be initialised (fresh is true), or
// something else (an error).
func checkSchema(tx *bolt.Tx, path string) (fresh bool, version uint64, err error) {
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
			return false, 0, errNotSave(path, fmt.Sprintf("it cannot be read (%v)", err), err)
		}
		if len(names) == 0 {
			return true, 0, nil
		}
		return false, 0, errNotSave(path, fmt.Sprintf("it is a bbolt database holding other data (buckets %v) and no Command Console schema marker", names), nil)
	}
	v, ok := keySeq(sb.Get(keyVersion))
	switch {
	case !ok:
		return false, 0, errNotSave(path, "its schema marker is malformed", nil)
	case v == 0:
		return false, 0, errNotSave(path, "its schema version is 0", nil)
	case v > SchemaVersion:
		return false, v, errNewer(path, v)
	}
	return false, v, nil
}

// initSchema creates the buckets and the schema marker of a new file and
// upgrades a file from an older save format. An up-to-date save file is
// only read.
func (db *DB) initSchema() error {
	complete := false
	err := db.view(func(tx *bolt.Tx) error {
		fresh, version, err := checkSchema(tx, db.path)
		if err != nil || fresh || version < SchemaVersion {
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
		return db.fileErr(err)
	}
	err = db.update(func(tx *bolt.Tx) error {
		fresh, version, err := checkSchema(tx, db.path)
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
		return migrate(tx, version)
	})
	if err = db.fileErr(err); err != nil {
		if errors.Is(err, ErrNotSaveFile) || errors.Is(err, ErrNewerSchema) || errors.Is(err, ErrDamaged) {
			return err
		}
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
