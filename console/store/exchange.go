package store

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	bolt "go.etcd.io/bbolt"

	"github.com/commandconsole/commandconsole/console"
)

// Magic is the first line of an exported game file.
const Magic = "COMMANDCONSOLE-GAME\n"

// MaxImportSize bounds the size of a game file Import accepts, header
// included.
const MaxImportSize = 256 << 20

// ExportVersion is the version of the exported game format Export writes
// and the newest Import reads. It is apart from SchemaVersion: the command
// index added in save format 2 is rebuilt on import, so exports stay
// readable by older versions.
const ExportVersion = 1

// maxImport is MaxImportSize, lowered by tests.
var maxImport int64 = MaxImportSize

// maxImportSuffix bounds the "-N" suffixes Import tries for a taken id.
const maxImportSuffix = 100000

// ErrBadGameFile is wrapped by every Import error caused by the file itself
// (not a game file, damaged, too large, from a newer version).
var ErrBadGameFile = errors.New("not a valid Command Console game file")

// exportFile is the body of an exported game, after Magic.
type exportFile struct {
	Schema    int                `msgpack:"schema"`
	Meta      console.GameMeta   `msgpack:"meta"`
	Snapshots []console.Snapshot `msgpack:"snapshots"`
	Events    []console.Event    `msgpack:"events"`
}

// Export writes game id to w as one self-contained file: the Magic line,
// then msgpack of the save-format version, the metadata, every snapshot and
// every event. Import reads it back, on this tablet or another.
func (db *DB) Export(id string, w io.Writer) error {
	f := exportFile{Schema: ExportVersion}
	err := db.view(func(tx *bolt.Tx) error {
		gb, meta, err := loadGame(tx, id)
		if err != nil {
			return err
		}
		f.Meta = meta
		err = gb.snaps.ForEach(func(k, v []byte) error {
			s, err := readSnapshot(id, k, v)
			if err != nil {
				return err
			}
			f.Snapshots = append(f.Snapshots, s)
			return nil
		})
		if err != nil {
			return err
		}
		f.Events, err = readEvents(gb.log, id, 1, meta.LastSeq)
		return err
	})
	if err != nil {
		return wrap("export", id, err)
	}
	body, err := console.Encode(f)
	if err != nil {
		return wrap("export", id, err)
	}
	if _, err := io.WriteString(w, Magic); err != nil {
		return wrap("export", id, err)
	}
	if _, err := w.Write(body); err != nil {
		return wrap("export", id, err)
	}
	return nil
}

// Import reads a game file written by Export and stores the game in one
// transaction. The whole file is read and checked first (header, save-format
// version, size at most MaxImportSize, metadata, events numbered 1..LastSeq,
// snapshots within the log): a file that fails any check wraps
// ErrBadGameFile and nothing is written.
//
// When the file's game id is already taken, the game is stored under the
// first free id of id-2, id-3, … Import returns the metadata as stored,
// with the id it got.
func (db *DB) Import(r io.Reader) (console.GameMeta, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxImport+1))
	if err != nil {
		return console.GameMeta{}, fmt.Errorf("import: read: %w", err)
	}
	f, err := parseGameFile(data)
	if err != nil {
		return console.GameMeta{}, fmt.Errorf("import: %w", err)
	}
	meta := f.Meta
	err = db.update(func(tx *bolt.Tx) error {
		id, err := freeID(tx, meta.ID)
		if err != nil {
			return err
		}
		meta.ID = id
		if err := createGame(tx, meta); err != nil {
			return err
		}
		gb, err := gameBuckets(tx, id)
		if err != nil {
			return err
		}
		for _, e := range f.Events {
			v, err := console.Encode(e)
			if err != nil {
				return fmt.Errorf("event %d: %w", e.Seq, err)
			}
			if err := gb.log.Put(seqKey(e.Seq), v); err != nil {
				return fmt.Errorf("event %d: %w", e.Seq, err)
			}
		}
		if err := indexEvents(gb.cmds, id, f.Events); err != nil {
			return err
		}
		for _, s := range f.Snapshots {
			if err := putSnapshot(gb.snaps, meta, s); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return console.GameMeta{}, wrap("import", meta.ID, err)
	}
	return meta, nil
}

// badFile wraps ErrBadGameFile with what is wrong.
func badFile(format string, a ...any) error {
	return fmt.Errorf("%w: %s", ErrBadGameFile, fmt.Sprintf(format, a...))
}

// parseGameFile decodes and checks a whole exported game file.
func parseGameFile(data []byte) (exportFile, error) {
	var f exportFile
	if int64(len(data)) > maxImport {
		return f, badFile("it is larger than %d MiB", maxImport>>20)
	}
	body, ok := bytes.CutPrefix(data, []byte(Magic))
	if !ok {
		return f, badFile("it does not start with the %q header", Magic[:len(Magic)-1])
	}
	// Read the version alone first: a newer format may not decode as ours.
	var head struct {
		Schema int `msgpack:"schema"`
	}
	if err := decodeStrict(body, &head); err != nil {
		return f, badFile("it is damaged: %v", err)
	}
	switch {
	case head.Schema > ExportVersion:
		return f, badFile("it was exported by a newer Command Console (export format %d; this version reads up to %d)", head.Schema, ExportVersion)
	case head.Schema < 1:
		return f, badFile("its export format %d is unknown", head.Schema)
	}
	if err := decodeStrict(body, &f); err != nil {
		return f, badFile("it is damaged: %v", err)
	}
	if err := validateID(f.Meta.ID); err != nil {
		return f, badFile("%v", err)
	}
	if uint64(len(f.Events)) != f.Meta.LastSeq {
		return f, badFile("it holds %d events but its metadata says the log ends at %d", len(f.Events), f.Meta.LastSeq)
	}
	for i, e := range f.Events {
		if e.Seq != uint64(i)+1 {
			return f, badFile("event %d of the file has seq %d, want %d", i+1, e.Seq, i+1)
		}
	}
	for i, s := range f.Snapshots {
		if s.Seq > f.Meta.LastSeq {
			return f, badFile("snapshot at event %d is beyond the end of the log (%d)", s.Seq, f.Meta.LastSeq)
		}
		if i > 0 && s.Seq <= f.Snapshots[i-1].Seq {
			return f, badFile("snapshots are out of order (%d after %d)", s.Seq, f.Snapshots[i-1].Seq)
		}
	}
	return f, nil
}

// freeID returns id when no game uses it, else the first free id-N.
func freeID(tx *bolt.Tx, id string) (string, error) {
	taken := func(id string) bool {
		k := []byte(id)
		if hasRecord(tx.Bucket(bucketIndex), k) {
			return true
		}
		for _, name := range gameParents {
			if tx.Bucket(name).Bucket(k) != nil {
				return true
			}
		}
		return false
	}
	if !taken(id) {
		return id, nil
	}
	for n := 2; n <= maxImportSuffix; n++ {
		if c := fmt.Sprintf("%s-%d", id, n); !taken(c) {
			return c, nil
		}
	}
	return "", fmt.Errorf("ids %s-2 to %s-%d are all taken", id, id, maxImportSuffix)
}

// Backup writes a consistent copy of the whole save file to w, while other
// transactions go on, and returns the number of bytes written. The copy can
// be opened with Open.
func (db *DB) Backup(w io.Writer) (int64, error) {
	var n int64
	err := db.view(func(tx *bolt.Tx) (err error) {
		n, err = tx.WriteTo(w)
		return err
	})
	if err != nil {
		return n, fmt.Errorf("back up %s: %w", db.path, db.fileErr(err))
	}
	return n, nil
}
