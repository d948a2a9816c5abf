package store

import (
	"encoding/binary"

	"github.com/commandconsole/commandconsole/console"
)

// Records are encoded with console.Encode (canonical msgpack) and decoded
// with console.Decode, which checks every declared length first.

// seqKey encodes a sequence number as an 8-byte big-endian key, so that
// bbolt's byte order is numeric order (as raft-boltdb does).
func seqKey(seq uint64) []byte {
	k := make([]byte, 8)
	binary.BigEndian.PutUint64(k, seq)
	return k
}

// keySeq decodes a key written by seqKey; ok is false for any other length.
func keySeq(k []byte) (seq uint64, ok bool) {
	if len(k) != 8 {
		return 0, false
	}
	return binary.BigEndian.Uint64(k), true
}

// decodeStrict decodes exactly one msgpack value from b into v through
// console.Decode, which rejects declared lengths that do not fit in b,
// deep nesting and trailing bytes before the decoder allocates anything.
func decodeStrict(b []byte, v any) error { return console.Decode(b, v) }

// decodeEvent decodes one stored event.
func decodeEvent(b []byte) (console.Event, error) {
	var e console.Event
	err := decodeStrict(b, &e)
	return e, err
}

// decodeMeta decodes one index record.
func decodeMeta(b []byte) (console.GameMeta, error) {
	var m console.GameMeta
	err := decodeStrict(b, &m)
	return m, err
}

// decodeSnapshot decodes one stored snapshot.
func decodeSnapshot(b []byte) (console.Snapshot, error) {
	var s console.Snapshot
	err := decodeStrict(b, &s)
	return s, err
}
