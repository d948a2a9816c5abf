package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/commandconsole/commandconsole/console"
)

// The command index maps each command id in a game's log (Event.Cmd) to the
// sequence numbers of its first and last events, so that CommandSpan finds
// a command however old it is without reading the log. Append adds to it
// and Truncate removes the commands it cuts, each in its own transaction;
// Delete removes it with the game; Import rebuilds it from the events, so
// the export format does not carry it.

// maxCmdKey bounds a command id used as a key as it is; longer ids are
// keyed by their SHA-256 (bbolt keys are at most 32 KiB).
const maxCmdKey = 1024

// longCmdPrefix starts the key of a long command id. 0xff never starts
// valid UTF-8, so no id used as it is starts with it.
const longCmdPrefix = "\xff\xfe"

// cmdKey returns the index key of command id cmd, nil for the empty id,
// which is not indexed (an event without a command id cannot be retried).
func cmdKey(cmd string) []byte {
	switch {
	case cmd == "":
		return nil
	case len(cmd) <= maxCmdKey:
		return []byte(cmd)
	}
	sum := sha256.Sum256([]byte(cmd))
	return append([]byte(longCmdPrefix), sum[:]...)
}

// spanValue encodes a command's first and last sequence numbers.
func spanValue(first, last uint64) []byte {
	v := make([]byte, 16)
	binary.BigEndian.PutUint64(v, first)
	binary.BigEndian.PutUint64(v[8:], last)
	return v
}

// readSpan decodes a value written by spanValue.
func readSpan(v []byte) (first, last uint64, ok bool) {
	if len(v) != 16 {
		return 0, 0, false
	}
	return binary.BigEndian.Uint64(v), binary.BigEndian.Uint64(v[8:]), true
}

// indexEvents adds events, in log order, to a game's command index.
func indexEvents(cmds *bolt.Bucket, id string, events []console.Event) error {
	for _, e := range events {
		k := cmdKey(e.Cmd)
		if k == nil {
			continue
		}
		first := e.Seq
		if v := cmds.Get(k); v != nil {
			f, _, ok := readSpan(v)
			if !ok {
				return damaged(id, "command index entry for %q is malformed", e.Cmd)
			}
			first = f
		}
		if err := cmds.Put(k, spanValue(first, e.Seq)); err != nil {
			return fmt.Errorf("index command %q: %w", e.Cmd, err)
		}
	}
	return nil
}

// unindexAfter updates a game's command index for the removal of every
// event after seq after: a command that started after it is dropped, one
// that straddles it ends at its last event left in log. It reads the events
// to be removed for their command ids; when one of them is damaged it walks
// the whole index instead, so that a damaged event can still be undone.
func unindexAfter(cmds, log *bolt.Bucket, id string, after uint64) error {
	var keys [][]byte
	seen := map[string]bool{}
	c := log.Cursor()
	for k, v := c.Seek(seqKey(after + 1)); k != nil; k, v = c.Next() {
		e, err := decodeEvent(v)
		if err != nil {
			return unindexAfterByScan(cmds, log, id, after)
		}
		if key := cmdKey(e.Cmd); key != nil && !seen[e.Cmd] {
			seen[e.Cmd] = true
			keys = append(keys, key)
		}
	}
	for _, key := range keys {
		if err := unindexKey(cmds, log, id, key, after); err != nil {
			return err
		}
	}
	return nil
}

// unindexAfterByScan is unindexAfter reading the index rather than the
// events: every entry that ends after seq after is cut.
func unindexAfterByScan(cmds, log *bolt.Bucket, id string, after uint64) error {
	var keys [][]byte
	err := cmds.ForEach(func(k, v []byte) error {
		if _, last, ok := readSpan(v); !ok || last > after {
			keys = append(keys, slices.Clone(k))
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, key := range keys {
		if err := unindexKey(cmds, log, id, key, after); err != nil {
			return err
		}
	}
	return nil
}

// unindexKey cuts the index entry under key to the events up to after.
func unindexKey(cmds, log *bolt.Bucket, id string, key []byte, after uint64) error {
	first, _, ok := readSpan(cmds.Get(key))
	if !ok || first > after {
		if err := cmds.Delete(key); err != nil {
			return fmt.Errorf("unindex command %q: %w", key, err)
		}
		return nil
	}
	last, err := lastOf(log, id, key, first, after)
	if err != nil {
		return err
	}
	if err := cmds.Put(key, spanValue(first, last)); err != nil {
		return fmt.Errorf("index command %q: %w", key, err)
	}
	return nil
}

// lastOf returns the last event in log[first..after] of the command whose
// index key is key, searching backwards (it is normally event after
// itself).
func lastOf(log *bolt.Bucket, id string, key []byte, first, after uint64) (uint64, error) {
	c := log.Cursor()
	k, v := c.Seek(seqKey(after))
	for ; k != nil; k, v = c.Prev() {
		seq, ok := keySeq(k)
		if !ok || seq < first {
			break
		}
		if seq > after {
			continue
		}
		e, err := decodeEvent(v)
		if err != nil {
			return 0, damaged(id, "event %d: %w", seq, err)
		}
		if bytes.Equal(cmdKey(e.Cmd), key) {
			return seq, nil
		}
	}
	return first, nil
}

// buildIndex fills game id's empty command index from its whole log. An
// event that does not decode is passed over (its command id cannot be
// read): a damaged event behind a snapshot never stopped the game from
// loading, and the upgrade must not make it stop now.
func buildIndex(cmds, log *bolt.Bucket, id string) error {
	var batch []console.Event
	c := log.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		seq, ok := keySeq(k)
		if !ok {
			return damaged(id, "event log has a malformed key %x", k)
		}
		e, err := decodeEvent(v)
		if err != nil {
			continue
		}
		batch = append(batch, console.Event{Seq: seq, Cmd: e.Cmd})
		if len(batch) == 1024 {
			if err := indexEvents(cmds, id, batch); err != nil {
				return err
			}
			batch = batch[:0]
		}
	}
	return indexEvents(cmds, id, batch)
}

// migrate upgrades a save file from format version to SchemaVersion inside
// tx, the transaction that created any missing top-level bucket.
//
// Version 1 to 2 builds the command index of every game. A game that cannot
// be read (a damaged index record or log, damaged pages) is passed over
// without an index, so the others are upgraded and it stays reported as
// damaged by List and Load; deleting it clears it.
func migrate(tx *bolt.Tx, version uint64) error {
	if version >= SchemaVersion {
		return nil
	}
	idx := tx.Bucket(bucketIndex)
	var ids []string
	err := guard(func() error {
		return idx.ForEach(func(k, _ []byte) error {
			if idx.Bucket(k) == nil {
				ids = append(ids, string(k))
			}
			return nil
		})
	})
	if err != nil {
		return fmt.Errorf("upgrade to save format %d: read the list of games: %w", SchemaVersion, err)
	}
	parent := tx.Bucket(bucketCommands)
	for _, id := range ids {
		key := []byte(id)
		if parent.Bucket(key) != nil {
			continue // indexed by an upgrade that did not finish
		}
		err := guard(func() error {
			log := tx.Bucket(bucketLogs).Bucket(key)
			if log == nil {
				return errors.New("no log")
			}
			cmds, err := parent.CreateBucket(key)
			if err != nil {
				return err
			}
			cmds.FillPercent = logFillPercent
			return buildIndex(cmds, log, id)
		})
		if err != nil {
			// Leave no half-built index: the game is reported as missing
			// its index (damaged) instead.
			if derr := guard(func() error { return parent.DeleteBucket(key) }); derr != nil && !errors.Is(derr, berrors.ErrBucketNotFound) {
				return fmt.Errorf("upgrade to save format %d: game %q: %w", SchemaVersion, id, derr)
			}
		}
	}
	return tx.Bucket(bucketSchema).Put(keyVersion, seqKey(SchemaVersion))
}

// CommandSpan finds a command by its id in game id's log through the
// command index: the sequence numbers of its first and last events, and ok
// false when the log holds no such command (never played, undone, or the
// empty id).
func (db *DB) CommandSpan(id, cmdID string) (first, last uint64, ok bool, err error) {
	err = db.view(func(tx *bolt.Tx) error {
		gb, err := gameBuckets(tx, id)
		if err != nil {
			return err
		}
		key := cmdKey(cmdID)
		if key == nil {
			return nil
		}
		v := gb.cmds.Get(key)
		if v == nil {
			return nil
		}
		if first, last, ok = readSpan(v); !ok || first == 0 || last < first {
			ok = false
			return damaged(id, "command index entry for %q is malformed", cmdID)
		}
		return nil
	})
	if err != nil {
		return 0, 0, false, wrap("find command in", id, err)
	}
	return first, last, ok, nil
}
