package store

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// bbolt trusts the pages of the file: a damaged page makes it panic ("invalid
// page type", "Page expected to be …") or read through a wild offset, which
// faults on the memory-mapped file. Every transaction of this package runs
// under guard, which turns both into a *pageError, and txn always releases
// the transaction, so one damaged game costs only its own operations: the
// other games still list, load and save in the same process.

// pageError is a bbolt panic, or a memory fault on the mapped file, caught
// by guard: the pages read were damaged.
type pageError struct {
	v any
}

func (e *pageError) Error() string {
	return fmt.Sprintf("its pages in the save file are damaged (bbolt: %s)", panicText(e.v))
}

// panicText is the first line of a panic value.
func panicText(v any) string {
	s := fmt.Sprint(v)
	if err, ok := v.(error); ok {
		s = err.Error()
	}
	first, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return first
}

// guard runs fn, turning a panic, or a memory fault on the mapped file
// (debug.SetPanicOnFault, for this goroutine only), into a *pageError.
func guard(fn func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = &pageError{v: r}
		}
	}()
	return fn()
}

// errPoisoned is returned by every write after a rollback that itself hit
// damaged pages: bbolt's writer lock may still be held, and a write would
// wait for ever.
var errPoisoned = errors.New("an earlier write hit damaged pages and could not be rolled back; close and reopen the save file")

// txn runs fn in a bbolt transaction under guard: it commits a writable one
// when fn returns nil and rolls back otherwise, and always releases the
// transaction, even after a panic, so that no lock is left held.
func (db *DB) txn(writable bool, fn func(*bolt.Tx) error) error {
	if writable && db.poisoned.Load() {
		return errPoisoned
	}
	var tx *bolt.Tx
	err := guard(func() error {
		var err error
		if tx, err = db.bolt.Begin(writable); err != nil {
			return err
		}
		if err := fn(tx); err != nil {
			return err
		}
		if writable {
			return tx.Commit() // releases tx, also when it fails
		}
		return nil
	})
	if tx != nil && tx.DB() != nil {
		if rerr := guard(tx.Rollback); rerr != nil && writable {
			db.poisoned.Store(true)
		}
	}
	return err
}

// view runs fn in a guarded read-only transaction.
func (db *DB) view(fn func(*bolt.Tx) error) error { return db.txn(false, fn) }

// update runs fn in a guarded read-write transaction.
func (db *DB) update(fn func(*bolt.Tx) error) error { return db.txn(true, fn) }

// fileErr turns damaged pages met outside any one game into ErrDamaged
// naming the file; other errors pass.
func (db *DB) fileErr(err error) error {
	var pe *pageError
	if errors.As(err, &pe) {
		return errDamagedFile(db.path, pe.Error(), err)
	}
	return err
}

// bbolt's file layout, for looksLikeBolt: each page starts with its id
// (uint64) and flags (uint16); a meta page holds the magic number right
// after that 16-byte header. bbolt writes them in the machine's byte order,
// little-endian on every platform Command Console runs on.
const (
	boltMagic     = 0xED0CDAED
	pageHeaderLen = 16
	flagBranch    = 0x01
	flagLeaf      = 0x02
	flagFreelist  = 0x10
)

// looksLikeBolt reports whether the file at path has the shape of a bbolt
// database even though bbolt will not open it: a meta page with bbolt's
// magic number, or data pages that carry their own page numbers. It tells
// a damaged save file (both meta pages lost) from a file of something else.
func looksLikeBolt(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, 4<<20) // page sizes from 1 KiB to 1 MiB
	n, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return false
	}
	buf = buf[:n]
	magicAt := func(off int) bool {
		return off+pageHeaderLen+4 <= len(buf) &&
			binary.LittleEndian.Uint32(buf[off+pageHeaderLen:]) == boltMagic
	}
	if magicAt(0) {
		return true
	}
	for size := 1 << 10; size <= 1<<20; size <<= 1 {
		if magicAt(size) {
			return true
		}
		for id := 2; id <= 3; id++ {
			off := id * size
			if off+pageHeaderLen > len(buf) {
				break
			}
			flags := binary.LittleEndian.Uint16(buf[off+8:])
			if binary.LittleEndian.Uint64(buf[off:]) == uint64(id) &&
				(flags == flagBranch || flags == flagLeaf || flags == flagFreelist) {
				return true
			}
		}
	}
	return false
}
