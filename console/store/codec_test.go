package store

import (
	"strings"
	"testing"
	"time"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/commandconsole/commandconsole/console"
)

func TestCheckMsgpack(t *testing.T) {
	event, _ := console.Encode(mkEvents(1, 1)[0])
	meta, _ := console.Encode(newMeta("g", 1))
	snap, _ := console.Encode(console.Snapshot{Seq: 3, State: []byte("state"), Dice: []byte{1}})
	mixed, _ := console.Encode(map[string]any{
		"i": []any{int8(-3), uint16(500), int32(-70000), uint64(1 << 40), float32(1.5), 2.5, nil, true, false},
		"s": strings.Repeat("x", 300), "b": make([]byte, 70000), "t": time.Unix(1, 5),
		"m": map[string]int{"a": 1},
	})
	tests := []struct {
		name string
		b    []byte
		ok   bool
	}{
		{"event", event, true},
		{"meta", meta, true},
		{"snapshot", snap, true},
		{"every kind of value", mixed, true},
		{"fixext", []byte{0xd4, 1, 2}, true},
		{"ext8", []byte{0xc7, 2, 5, 1, 2}, true},
		{"empty", nil, false},
		{"invalid code", []byte{0xc1}, false},
		{"trailing", []byte{0xc0, 0xc0}, false},
		{"bin32 4 GiB", []byte{0xc6, 0xff, 0xff, 0xff, 0xff, 0}, false},
		{"str16 short", []byte{0xda, 0, 5, 'a'}, false},
		{"array32 of 4G", []byte{0xdd, 0xff, 0xff, 0xff, 0xff, 0xc0}, false},
		{"map with a key and no value", []byte{0x81, 0xc0}, false},
		{"too deep", []byte(strings.Repeat("\x91", maxNesting+1) + "\xc0"), false},
		{"deep but allowed", []byte(strings.Repeat("\x91", maxNesting) + "\xc0"), true},
		{"ext32 short", []byte{0xc9, 0, 0, 0, 9, 1}, false},
		{"uint64 short", []byte{0xcf, 1, 2}, false},
	}
	for _, tt := range tests {
		err := checkMsgpack(tt.b)
		if (err == nil) != tt.ok {
			t.Errorf("%s: checkMsgpack = %v, want ok %t", tt.name, err, tt.ok)
		}
		if err == nil {
			// The decoder agrees about where the value ends.
			checkSkip(t, tt.b)
		}
	}
}

// checkSkip asserts that msgpack's own Skip consumes exactly b.
func checkSkip(t *testing.T, b []byte) {
	t.Helper()
	r := strings.NewReader(string(b))
	dec := msgpack.NewDecoder(r)
	if err := dec.Skip(); err != nil {
		t.Errorf("checkMsgpack accepted %x, but msgpack cannot skip it: %v", b, err)
		return
	}
	if r.Len() != 0 {
		t.Errorf("checkMsgpack accepted %x whole, msgpack's Skip left %d bytes", b, r.Len())
	}
}

func TestSeqKeyOrder(t *testing.T) {
	seqs := []uint64{0, 1, 255, 256, 65535, 1 << 32, 1<<64 - 1}
	for i := 1; i < len(seqs); i++ {
		a, b := seqKey(seqs[i-1]), seqKey(seqs[i])
		if string(a) >= string(b) {
			t.Errorf("seqKey(%d) does not sort before seqKey(%d)", seqs[i-1], seqs[i])
		}
		if got, ok := keySeq(b); !ok || got != seqs[i] {
			t.Errorf("keySeq(seqKey(%d)) = %d, %t", seqs[i], got, ok)
		}
	}
	if _, ok := keySeq([]byte{1, 2}); ok {
		t.Error("keySeq accepted a 2-byte key")
	}
}
