package store

import (
	"errors"
	"fmt"
	"slices"

	bolt "go.etcd.io/bbolt"
)

// ErrNoRoster is returned (wrapped) by Roster for a name that is not stored.
var ErrNoRoster = errors.New("no such roster entry")

// Rosters hold what outlives one game: custom characters, teams, campaign
// progress. The store keeps them as opaque bytes under a kind ("character",
// "team", "campaign", …) and a name; the game systems own the encoding.

// checkRosterKey rejects empty kinds and names.
func checkRosterKey(kind, name string) error {
	if kind == "" {
		return errors.New("empty roster kind")
	}
	if name == "" {
		return errors.New("empty roster name")
	}
	return nil
}

// PutRoster stores data under kind and name, replacing what was there.
func (db *DB) PutRoster(kind, name string, data []byte) error {
	err := db.update(func(tx *bolt.Tx) error {
		if err := checkRosterKey(kind, name); err != nil {
			return err
		}
		b, err := tx.Bucket(bucketRosters).CreateBucketIfNotExists([]byte(kind))
		if err != nil {
			return err
		}
		if data == nil {
			data = []byte{}
		}
		return b.Put([]byte(name), data)
	})
	if err != nil {
		return fmt.Errorf("save roster %s %q: %w", kind, name, db.fileErr(err))
	}
	return nil
}

// Roster returns a copy of the data stored under kind and name, or an error
// wrapping ErrNoRoster.
func (db *DB) Roster(kind, name string) ([]byte, error) {
	var data []byte
	err := db.view(func(tx *bolt.Tx) error {
		if err := checkRosterKey(kind, name); err != nil {
			return err
		}
		b := tx.Bucket(bucketRosters).Bucket([]byte(kind))
		if b == nil {
			return ErrNoRoster
		}
		if !hasRecord(b, []byte(name)) {
			return ErrNoRoster
		}
		v := b.Get([]byte(name))
		data = slices.Clone(v)
		if data == nil {
			data = []byte{}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read roster %s %q: %w", kind, name, db.fileErr(err))
	}
	return data, nil
}

// Rosters returns the names stored under kind, sorted; none is not an error.
func (db *DB) Rosters(kind string) ([]string, error) {
	var names []string
	err := db.view(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketRosters).Bucket([]byte(kind))
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, _ []byte) error {
			if b.Bucket(k) == nil { // skip nested buckets; we never make any
				names = append(names, string(k))
			}
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("list rosters %s: %w", kind, db.fileErr(err))
	}
	return names, nil
}

// DeleteRoster removes the entry under kind and name; a missing entry is not
// an error.
func (db *DB) DeleteRoster(kind, name string) error {
	err := db.update(func(tx *bolt.Tx) error {
		if err := checkRosterKey(kind, name); err != nil {
			return err
		}
		b := tx.Bucket(bucketRosters).Bucket([]byte(kind))
		if b == nil {
			return nil
		}
		return b.Delete([]byte(name))
	})
	if err != nil {
		return fmt.Errorf("delete roster %s %q: %w", kind, name, db.fileErr(err))
	}
	return nil
}
