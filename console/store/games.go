package store

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/commandconsole/commandconsole/console"
)

// maxIDLen bounds a game id, a bbolt key shown in lists and messages.
const maxIDLen = 255

// logFillPercent packs log and snapshot pages tightly: keys only ever grow
// at the end (raft-boltdb's workload), so bbolt's default half-empty split
// wastes space.
const logFillPercent = 0.9

// wrap adds the operation and game to err. Damaged pages met by the guard
// (a *pageError) become a DamagedError for game id. A DamagedError already
// names the game, so it only gets the operation.
func wrap(op, id string, err error) error {
	if err == nil {
		return nil
	}
	var pe *pageError
	if errors.As(err, &pe) {
		err = &DamagedError{ID: id, Err: pe}
	}
	var d *DamagedError
	if errors.As(err, &d) {
		// "append to: game …" would read oddly.
		op = strings.TrimSuffix(strings.TrimSuffix(op, " to"), " of")
		return fmt.Errorf("%s: %w", op, err)
	}
	return fmt.Errorf("%s game %q: %w", op, id, err)
}

// validateID checks a new game's id.
func validateID(id string) error {
	switch {
	case id == "":
		return errors.New("empty game id")
	case len(id) > maxIDLen:
		return fmt.Errorf("game id is %d bytes long; the limit is %d", len(id), maxIDLen)
	case !utf8.ValidString(id):
		return fmt.Errorf("game id %q is not valid UTF-8", id)
	case strings.ContainsFunc(id, unicode.IsControl):
		return fmt.Errorf("game id %q contains control characters", id)
	}
	return nil
}

// buckets are one game's nested buckets in a transaction.
type buckets struct {
	index, log, snaps, cmds *bolt.Bucket
}

// gameBuckets returns the top-level index and game id's log, snapshot and
// command index buckets. It fails with ErrNotFound when the game has no
// index record and with a DamagedError when it has one but lacks a nested
// bucket.
func gameBuckets(tx *bolt.Tx, id string) (buckets, error) {
	gb := buckets{index: tx.Bucket(bucketIndex)}
	if !hasRecord(gb.index, []byte(id)) {
		return gb, console.ErrNotFound
	}
	gb.log = tx.Bucket(bucketLogs).Bucket([]byte(id))
	gb.snaps = tx.Bucket(bucketSnapshots).Bucket([]byte(id))
	gb.cmds = tx.Bucket(bucketCommands).Bucket([]byte(id))
	switch {
	case gb.log == nil:
		return gb, damaged(id, "its event log is missing")
	case gb.snaps == nil:
		return gb, damaged(id, "its snapshot bucket is missing")
	case gb.cmds == nil:
		return gb, damaged(id, "its command index is missing")
	}
	if tx.Writable() {
		gb.log.FillPercent = logFillPercent
		gb.snaps.FillPercent = logFillPercent
		gb.cmds.FillPercent = logFillPercent
	}
	return gb, nil
}

// hasRecord reports whether b holds a value (not a nested bucket) under key,
// even an empty one, which Get may not tell from a missing key.
func hasRecord(b *bolt.Bucket, key []byte) bool {
	k, _ := b.Cursor().Seek(key)
	return bytes.Equal(k, key) && k != nil && b.Bucket(key) == nil
}

// getMeta reads and checks game id's index record.
func getMeta(idx *bolt.Bucket, id string) (console.GameMeta, error) {
	if !hasRecord(idx, []byte(id)) {
		return console.GameMeta{}, console.ErrNotFound
	}
	return metaRecord(id, idx.Get([]byte(id)))
}

// metaRecord decodes and checks game id's index record v.
func metaRecord(id string, v []byte) (console.GameMeta, error) {
	m, err := decodeMeta(v)
	if err != nil {
		return m, damaged(id, "index record: %w", err)
	}
	if m.ID != id {
		return m, damaged(id, "index record names game %q", m.ID)
	}
	return m, nil
}

// putMeta stores game meta.ID's index record.
func putMeta(idx *bolt.Bucket, meta console.GameMeta) error {
	b, err := console.Encode(meta)
	if err != nil {
		return err
	}
	return idx.Put([]byte(meta.ID), b)
}

// lastKey returns the highest sequence number in b, 0 when it is empty.
func lastKey(b *bolt.Bucket, id, what string) (uint64, error) {
	k, _ := b.Cursor().Last()
	if k == nil {
		return 0, nil
	}
	seq, ok := keySeq(k)
	if !ok {
		return 0, damaged(id, "%s has a malformed key %x", what, k)
	}
	return seq, nil
}

// loadGame reads game id's metadata and checks that its log ends where the
// metadata says.
func loadGame(tx *bolt.Tx, id string) (buckets, console.GameMeta, error) {
	gb, err := gameBuckets(tx, id)
	if err != nil {
		return gb, console.GameMeta{}, err
	}
	meta, err := getMeta(gb.index, id)
	if err != nil {
		return gb, meta, err
	}
	last, err := lastKey(gb.log, id, "event log")
	if err != nil {
		return gb, meta, err
	}
	if last != meta.LastSeq {
		return gb, meta, damaged(id, "its log ends at event %d but its index record says %d", last, meta.LastSeq)
	}
	return gb, meta, nil
}

// Create records a new game with an empty log. meta.ID must be a non-empty
// id not already in the file and meta.LastSeq must be 0.
func (db *DB) Create(meta console.GameMeta) error {
	err := db.update(func(tx *bolt.Tx) error {
		if err := validateID(meta.ID); err != nil {
			return err
		}
		if meta.LastSeq != 0 {
			return fmt.Errorf("a new game's LastSeq must be 0, not %d", meta.LastSeq)
		}
		if hasRecord(tx.Bucket(bucketIndex), []byte(meta.ID)) {
			return ErrExists
		}
		return createGame(tx, meta)
	})
	return wrap("create", meta.ID, err)
}

// createGame writes an index record and fresh nested buckets for meta.ID,
// replacing any orphaned buckets left under that id.
func createGame(tx *bolt.Tx, meta console.GameMeta) error {
	id := []byte(meta.ID)
	for _, name := range gameParents {
		parent := tx.Bucket(name)
		if err := parent.DeleteBucket(id); err != nil && !errors.Is(err, berrors.ErrBucketNotFound) {
			return fmt.Errorf("clear %s bucket: %w", name, err)
		}
		if _, err := parent.CreateBucket(id); err != nil {
			return fmt.Errorf("create %s bucket: %w", name, err)
		}
	}
	return putMeta(tx.Bucket(bucketIndex), meta)
}

// Append stores the events of one command and the updated metadata in one
// committed transaction. The events must continue the log: the first has
// Seq equal to the stored LastSeq+1, each next one more, and meta.LastSeq
// is the last event's Seq (the stored LastSeq when events is empty, which
// updates the metadata alone). Otherwise Append fails with ErrSequence and
// writes nothing.
func (db *DB) Append(id string, events []console.Event, meta console.GameMeta) error {
	err := db.update(func(tx *bolt.Tx) error {
		return appendTx(tx, id, events, meta)
	})
	return wrap("append to", id, err)
}

// appendTx is Append inside tx.
func appendTx(tx *bolt.Tx, id string, events []console.Event, meta console.GameMeta) error {
	if meta.ID != id {
		return fmt.Errorf("metadata is for game %q", meta.ID)
	}
	gb, stored, err := loadGame(tx, id)
	if err != nil {
		return err
	}
	if err := console.CheckContiguous(stored.LastSeq, events, meta); err != nil {
		return fmt.Errorf("%w: %v", ErrSequence, err)
	}
	for _, e := range events {
		b, err := console.Encode(e)
		if err != nil {
			return fmt.Errorf("event %d: %w", e.Seq, err)
		}
		if err := gb.log.Put(seqKey(e.Seq), b); err != nil {
			return fmt.Errorf("event %d: %w", e.Seq, err)
		}
	}
	if err := indexEvents(gb.cmds, id, events); err != nil {
		return err
	}
	return putMeta(gb.index, meta)
}

// Truncate removes every event after seq after and every snapshot after it,
// and stores meta, in one transaction. meta.LastSeq must equal after, which
// must not be beyond the end of the log (ErrSequence).
func (db *DB) Truncate(id string, after uint64, meta console.GameMeta) error {
	err := db.update(func(tx *bolt.Tx) error {
		if meta.ID != id {
			return fmt.Errorf("metadata is for game %q", meta.ID)
		}
		gb, stored, err := loadGame(tx, id)
		if err != nil {
			return err
		}
		if after > stored.LastSeq {
			return fmt.Errorf("%w: cannot truncate after event %d, the log ends at %d", ErrSequence, after, stored.LastSeq)
		}
		if meta.LastSeq != after {
			return fmt.Errorf("%w: metadata says LastSeq %d, want %d", ErrSequence, meta.LastSeq, after)
		}
		if err := unindexAfter(gb.cmds, gb.log, id, after); err != nil {
			return fmt.Errorf("command index: %w", err)
		}
		if err := deleteAfter(gb.log, after); err != nil {
			return fmt.Errorf("events: %w", err)
		}
		if err := deleteAfter(gb.snaps, after); err != nil {
			return fmt.Errorf("snapshots: %w", err)
		}
		return putMeta(gb.index, meta)
	})
	return wrap("truncate", id, err)
}

// deleteAfter removes the keys of b greater than seqKey(after).
func deleteAfter(b *bolt.Bucket, after uint64) error {
	var keys [][]byte
	c := b.Cursor()
	for k, _ := c.Seek(seqKey(after + 1)); k != nil; k, _ = c.Next() {
		keys = append(keys, slices.Clone(k))
	}
	// Deleting while a cursor walks can skip keys; delete afterwards.
	for _, k := range keys {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// PutSnapshot stores a snapshot of the game, replacing any at the same Seq.
// snap.Seq must not be beyond the end of the log.
func (db *DB) PutSnapshot(id string, snap console.Snapshot) error {
	err := db.update(func(tx *bolt.Tx) error {
		gb, meta, err := loadGame(tx, id)
		if err != nil {
			return err
		}
		return putSnapshot(gb.snaps, meta, snap)
	})
	return wrap("snapshot", id, err)
}

// putSnapshot is PutSnapshot inside a transaction.
func putSnapshot(b *bolt.Bucket, meta console.GameMeta, snap console.Snapshot) error {
	if snap.Seq > meta.LastSeq {
		return fmt.Errorf("%w: snapshot at event %d is beyond the end of the log (%d)", ErrSequence, snap.Seq, meta.LastSeq)
	}
	v, err := console.Encode(snap)
	if err != nil {
		return fmt.Errorf("snapshot at event %d: %w", snap.Seq, err)
	}
	return b.Put(seqKey(snap.Seq), v)
}

// Meta returns one game's metadata.
func (db *DB) Meta(id string) (console.GameMeta, error) {
	var meta console.GameMeta
	err := db.view(func(tx *bolt.Tx) (err error) {
		meta, err = getMeta(tx.Bucket(bucketIndex), id)
		return err
	})
	return meta, wrap("read", id, err)
}

// Load returns the game's metadata, its latest snapshot (nil when it has
// none) and the events after the snapshot, in order. Every record it reads
// is checked: a damaged one fails the load with a *DamagedError naming the
// game and the sequence number.
func (db *DB) Load(id string) (console.GameMeta, *console.Snapshot, []console.Event, error) {
	var (
		meta   console.GameMeta
		snap   *console.Snapshot
		events []console.Event
	)
	err := db.view(func(tx *bolt.Tx) error {
		gb, m, err := loadGame(tx, id)
		if err != nil {
			return err
		}
		meta = m
		// Snapshots are a cache of the log: a damaged one (or one beyond
		// the end of the log) is passed over for an older one, or for a
		// replay from the start, so it never costs the game. The log
		// itself must be whole.
		from := uint64(1)
		c := gb.snaps.Cursor()
		for k, v := c.Last(); k != nil; k, v = c.Prev() {
			s, err := readSnapshot(id, k, v)
			if err != nil || s.Seq > meta.LastSeq {
				continue
			}
			snap = &s
			from = s.Seq + 1
			break
		}
		events, err = readEvents(gb.log, id, from, meta.LastSeq)
		return err
	})
	if err != nil {
		return console.GameMeta{}, nil, nil, wrap("load", id, err)
	}
	return meta, snap, events, nil
}

// readSnapshot decodes the snapshot stored under k and checks it is the one
// the key says.
func readSnapshot(id string, k, v []byte) (console.Snapshot, error) {
	seq, ok := keySeq(k)
	if !ok {
		return console.Snapshot{}, damaged(id, "snapshot with malformed key %x", k)
	}
	s, err := decodeSnapshot(v)
	if err != nil {
		return s, damaged(id, "snapshot at event %d: %w", seq, err)
	}
	if s.Seq != seq {
		return s, damaged(id, "snapshot stored at event %d says it is at %d", seq, s.Seq)
	}
	return s, nil
}

// readEvents decodes the events from..to of log, which must all be present.
func readEvents(log *bolt.Bucket, id string, from, to uint64) ([]console.Event, error) {
	if from > to {
		return nil, nil
	}
	events := make([]console.Event, 0, min(to-from+1, 1<<14))
	want := from
	c := log.Cursor()
	for k, v := c.Seek(seqKey(from)); k != nil && want <= to; k, v = c.Next() {
		seq, ok := keySeq(k)
		if !ok {
			return nil, damaged(id, "event log has a malformed key %x after event %d", k, want-1)
		}
		if seq != want {
			return nil, damaged(id, "event %d is missing from the log", want)
		}
		e, err := decodeEvent(v)
		if err != nil {
			return nil, damaged(id, "event %d: %w", seq, err)
		}
		if e.Seq != seq {
			return nil, damaged(id, "event stored at %d says it is event %d", seq, e.Seq)
		}
		events = append(events, e)
		want++
	}
	if want <= to {
		return nil, damaged(id, "event %d is missing from the log", want)
	}
	return events, nil
}

// Events returns the events with sequence numbers in [from, to], in order;
// to == 0 means to the end of the log and from == 0 is taken as 1. A range
// beyond the end of the log is cut at the end.
func (db *DB) Events(id string, from, to uint64) ([]console.Event, error) {
	var events []console.Event
	err := db.view(func(tx *bolt.Tx) error {
		gb, meta, err := loadGame(tx, id)
		if err != nil {
			return err
		}
		from := max(from, 1)
		if to == 0 || to > meta.LastSeq {
			to = meta.LastSeq
		}
		events, err = readEvents(gb.log, id, from, to)
		return err
	})
	if err != nil {
		return nil, wrap("read events of", id, err)
	}
	return events, nil
}

// List returns every game's metadata, most recently updated first (ties by
// id). A damaged game is left out of the list and reported as a
// *DamagedError in the second result, in id order: one whose index record
// does not decode, whose log, snapshot or command buckets are missing, whose
// log keys do not run 1..LastSeq, or whose pages make bbolt fail. Event
// records themselves are not decoded here; Load checks them. When the list
// of games itself is damaged part-way, the games read before the damage are
// listed and the damage is reported as one more error. The third result is
// an error only when the file cannot be read at all.
func (db *DB) List() ([]console.GameMeta, []error, error) {
	var (
		metas   []console.GameMeta
		damages []error
	)
	err := db.view(func(tx *bolt.Tx) error {
		idx := tx.Bucket(bucketIndex)
		type record struct{ k, v []byte }
		var records []record
		ierr := guard(func() error {
			return idx.ForEach(func(k, v []byte) error {
				if idx.Bucket(k) == nil { // the index has no nested buckets
					records = append(records, record{k, v})
				}
				return nil
			})
		})
		for _, r := range records {
			id := string(r.k)
			m, err := metaRecord(id, r.v)
			if err == nil {
				err = guard(func() error { return checkGame(tx, id, m) })
			}
			if err != nil {
				var pe *pageError
				if errors.As(err, &pe) {
					err = &DamagedError{ID: id, Err: pe}
				}
				damages = append(damages, err)
				continue
			}
			metas = append(metas, m)
		}
		if ierr != nil {
			after := "at its start"
			if n := len(records); n > 0 {
				after = fmt.Sprintf("after game %q", records[n-1].k)
			}
			damages = append(damages, fmt.Errorf("the list of games in %s is damaged %s; games after it cannot be listed: %w", db.path, after, ierr))
		}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("list games in %s: %w", db.path, db.fileErr(err))
	}
	console.SortMetas(metas)
	return metas, damages, nil
}

// checkGame checks the structure of game id without decoding its events:
// its buckets are there and its log keys run from 1 to meta.LastSeq. It
// reads every log page (keys only), so damaged pages show here.
func checkGame(tx *bolt.Tx, id string, meta console.GameMeta) error {
	gb, err := gameBuckets(tx, id)
	if err != nil {
		return err
	}
	want := uint64(1)
	c := gb.log.Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		seq, ok := keySeq(k)
		switch {
		case !ok:
			return damaged(id, "event log has a malformed key %x after event %d", k, want-1)
		case seq != want:
			return damaged(id, "event %d is missing from the log", want)
		}
		want++
	}
	if last := want - 1; last != meta.LastSeq {
		return damaged(id, "its log ends at event %d but its index record says %d", last, meta.LastSeq)
	}
	return nil
}

// Delete removes a game and everything stored for it. It works on a damaged
// game too, so that the player can clear it from the list: when its pages
// are too damaged for bbolt to free them, its buckets are moved aside into
// the damaged bucket instead (their space is not reused) and the game is
// gone all the same.
func (db *DB) Delete(id string) error {
	err := db.update(func(tx *bolt.Tx) error {
		if err := removeIndexRecord(tx, id); err != nil {
			return err
		}
		for _, name := range gameParents {
			err := tx.Bucket(name).DeleteBucket([]byte(id))
			if err != nil && !errors.Is(err, berrors.ErrBucketNotFound) {
				return fmt.Errorf("delete %s: %w", name, err)
			}
		}
		return nil
	})
	var pe *pageError
	if errors.As(err, &pe) {
		err = db.update(func(tx *bolt.Tx) error { return setAside(tx, id) })
	}
	return wrap("delete", id, err)
}

// removeIndexRecord deletes game id's index record.
func removeIndexRecord(tx *bolt.Tx, id string) error {
	idx := tx.Bucket(bucketIndex)
	if !hasRecord(idx, []byte(id)) {
		return console.ErrNotFound
	}
	return idx.Delete([]byte(id))
}

// setAside removes game id's index record and moves its nested buckets,
// without reading their pages, under a new numbered bucket of the damaged
// bucket.
func setAside(tx *bolt.Tx, id string) error {
	if err := removeIndexRecord(tx, id); err != nil {
		return err
	}
	top, err := tx.CreateBucketIfNotExists(bucketDamaged)
	if err != nil {
		return err
	}
	n, err := top.NextSequence()
	if err != nil {
		return err
	}
	dst, err := top.CreateBucket(seqKey(n))
	if err != nil {
		return err
	}
	if err := dst.Put([]byte("id"), []byte(id)); err != nil {
		return err
	}
	for _, name := range gameParents {
		b, err := dst.CreateBucket(name)
		if err != nil {
			return err
		}
		err = tx.Bucket(name).MoveBucket([]byte(id), b)
		if err != nil && !errors.Is(err, berrors.ErrBucketNotFound) {
			return fmt.Errorf("set aside %s: %w", name, err)
		}
	}
	return nil
}
