package console

import (
	"strings"
	"testing"
	"time"

	"github.com/vmihailenco/msgpack/v5"
)

func TestCheckMsgpack(t *testing.T) {
	event, _ := Encode(Event{Seq: 1, Type: "x", Seat: "a", Cmd: "c1", Data: []byte{1, 2}})
	meta, _ := Encode(GameMeta{ID: "g", LastSeq: 1, Created: time.Unix(5, 0)})
	snap, _ := Encode(Snapshot{Seq: 3, State: []byte("state"), Dice: []byte{1}})
	mixed, _ := Encode(map[string]any{
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
		{"too deep", []byte(strings.Repeat("\x91", maxDepth+1) + "\xc0"), false},
		{"deep but allowed", []byte(strings.Repeat("\x91", maxDepth) + "\xc0"), true},
		{"ext32 short", []byte{0xc9, 0, 0, 0, 9, 1}, false},
		{"uint64 short", []byte{0xcf, 1, 2}, false},
	}
	for _, tt := range tests {
		err := CheckMsgpack(tt.b)
		if (err == nil) != tt.ok {
			t.Errorf("%s: CheckMsgpack = %v, want ok %t", tt.name, err, tt.ok)
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
		t.Errorf("CheckMsgpack accepted %x, but msgpack cannot skip it: %v", b, err)
		return
	}
	if r.Len() != 0 {
		t.Errorf("CheckMsgpack accepted %x whole, msgpack's Skip left %d bytes", b, r.Len())
	}
}

// FuzzCheckMsgpack checks the length walker against msgpack's own Skip:
// whatever the walker accepts, Skip must skip exactly, and Decode must not
// fail for want of bytes.
func FuzzCheckMsgpack(f *testing.F) {
	for _, v := range []any{
		Event{Seq: 7, Type: "t", Data: []byte{1}}, GameMeta{ID: "g"}, map[string]any{"a": []any{1, "x", nil}},
	} {
		b, _ := Encode(v)
		f.Add(b)
	}
	f.Add([]byte{0xdd, 0xff, 0xff, 0xff, 0xff, 0xc0})
	f.Add([]byte{0xc6, 0xff, 0xff, 0xff, 0xff, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if CheckMsgpack(data) == nil {
			checkSkip(t, data)
			var v any
			_ = Decode(data, &v)
		}
	})
}

func TestCheckMsgpackAcceptsEncodings(t *testing.T) {
	values := []any{
		nil, true, false, 0, 1, -1, 127, 128, -33, 255, 65535, 1 << 20, -1 << 40, 1.5, float32(2.5),
		"", "x", strings.Repeat("s", 31), strings.Repeat("s", 300), strings.Repeat("s", 70000),
		[]byte{}, []byte{1, 2, 3}, make([]byte, 300), make([]byte, 70000),
		[]int{}, make([]int, 15), make([]int, 16), make([]int, 70000),
		map[string]int{}, map[string]int{"a": 1, "b": 2}, map[string]any{"n": []any{1, "x", nil, map[string]any{"y": true}}},
		Status{Finished: true, Placements: []Placement{{Seat: "a", Name: "a", Place: 1, Score: 9}}},
		Event{Seq: 3, Type: "x", Data: []byte{1}, Dice: make([]byte, 20)},
	}
	for _, v := range values {
		b, err := Encode(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckMsgpack(b); err != nil {
			t.Errorf("CheckMsgpack(Encode(%T)) = %v, want nil", v, err)
		}
		if len(b) > 1 {
			if err := CheckMsgpack(b[:len(b)-1]); err == nil {
				t.Errorf("CheckMsgpack accepts Encode(%T) cut by one byte", v)
			}
		}
	}
}
