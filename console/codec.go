package console

import (
	"bytes"
	"fmt"
	"sort"

	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// Encode serialises v as canonical msgpack, the one binary encoding of
// events, state, snapshots and wire frames. The entries of every map, of any
// key type, are sorted by their encoded key, so equal values always give
// equal bytes: two tablets can compare states byte for byte.
func Encode(v any) ([]byte, error) {
	raw, err := msgpack.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode %T: %w", v, err)
	}
	var out bytes.Buffer
	out.Grow(len(raw))
	if err := canonical(msgpack.NewDecoder(bytes.NewReader(raw)), &out, 0); err != nil {
		return nil, fmt.Errorf("encode %T: canonical form: %w", v, err)
	}
	return out.Bytes(), nil
}

// maxDepth bounds nesting, so a hostile input cannot exhaust the stack.
const maxDepth = 64

// canonical copies one msgpack value from d to w with map entries sorted.
func canonical(d *msgpack.Decoder, w *bytes.Buffer, depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("nested deeper than %d", maxDepth)
	}
	c, err := d.PeekCode()
	if err != nil {
		return err
	}
	enc := msgpack.NewEncoder(w)
	switch {
	case msgpcode.IsFixedMap(c) || c == msgpcode.Map16 || c == msgpcode.Map32:
		n, err := d.DecodeMapLen()
		if err != nil {
			return err
		}
		type entry struct{ k, v []byte }
		entries := make([]entry, 0, n)
		for i := 0; i < n; i++ {
			var kb, vb bytes.Buffer
			if err := canonical(d, &kb, depth+1); err != nil {
				return err
			}
			if err := canonical(d, &vb, depth+1); err != nil {
				return err
			}
			entries = append(entries, entry{kb.Bytes(), vb.Bytes()})
		}
		sort.SliceStable(entries, func(i, j int) bool { return bytes.Compare(entries[i].k, entries[j].k) < 0 })
		if err := enc.EncodeMapLen(n); err != nil {
			return err
		}
		for _, e := range entries {
			w.Write(e.k)
			w.Write(e.v)
		}
		return nil
	case msgpcode.IsFixedArray(c) || c == msgpcode.Array16 || c == msgpcode.Array32:
		n, err := d.DecodeArrayLen()
		if err != nil {
			return err
		}
		if err := enc.EncodeArrayLen(n); err != nil {
			return err
		}
		for i := 0; i < n; i++ {
			if err := canonical(d, w, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	raw, err := d.DecodeRaw()
	if err != nil {
		return err
	}
	w.Write(raw)
	return nil
}

// Decode parses one msgpack value produced by Encode into v. It first checks
// the bytes with CheckMsgpack, so damaged or hostile input is refused with an
// error instead of a huge allocation.
func Decode(b []byte, v any) (err error) {
	if err := CheckMsgpack(b); err != nil {
		return fmt.Errorf("decode %T: %w", v, err)
	}
	// The msgpack library panics on some well-formed but ill-typed input
	// (a nil where a time.Time is expected, found by sync/wire's fuzzing):
	// bad input is an error, never a panic.
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("decode %T: the msgpack decoder failed: %v", v, p)
		}
	}()
	if err := msgpack.Unmarshal(b, v); err != nil {
		return fmt.Errorf("decode %T: %w", v, err)
	}
	return nil
}

// NewEvent builds an event of the given type with data encoded as its
// payload. It is a convenience for Decide implementations.
func NewEvent(typ string, data any) (Event, error) {
	b, err := Encode(data)
	if err != nil {
		return Event{}, fmt.Errorf("event %s: %w", typ, err)
	}
	return Event{Type: typ, Data: b}, nil
}
