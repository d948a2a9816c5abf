package console

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestEncodeIsCanonical(t *testing.T) {
	type inner struct {
		M map[int]string
	}
	type state struct {
		BySeat map[Seat][]int
		Nested map[string]inner
		List   []map[string]int
	}
	build := func(order []int) state {
		s := state{BySeat: map[Seat][]int{}, Nested: map[string]inner{}, List: make([]map[string]int, len(order))}
		for _, i := range order {
			name := string(rune('a' + i))
			s.BySeat[Seat(name)] = []int{i, i * 2}
			s.Nested[name] = inner{M: map[int]string{i: name, i + 100: name}}
			s.List[i] = map[string]int{"x": i, "y": -i, "z": i * 3}
		}
		return s
	}
	want, err := Encode(build([]int{0, 1, 2, 3, 4, 5, 6, 7}))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 50; i++ {
		got, err := Encode(build([]int{7, 3, 5, 1, 0, 2, 6, 4}))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("run %d: equal values encoded to different bytes", i)
		}
	}
	var back state
	if err := Decode(want, &back); err != nil {
		t.Fatal(err)
	}
	if len(back.BySeat) != 8 || back.Nested["c"].M[102] != "c" {
		t.Fatalf("round trip lost data: %+v", back)
	}
}

func FuzzCanonical(f *testing.F) {
	b, _ := Encode(map[string]any{"a": []any{1, "x", map[string]int{"q": 1, "p": 2}}, "b": nil})
	f.Add(b)
	f.Add([]byte{0x81, 0xa1, 0x61})
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		if Decode(data, &v) != nil {
			return
		}
		a, err := Encode(v)
		if err != nil {
			return
		}
		var w any
		if err := Decode(a, &w); err != nil {
			t.Fatalf("canonical bytes do not decode: %v", err)
		}
		c, err := Encode(w)
		if err != nil || !bytes.Equal(a, c) {
			t.Fatalf("encoding is not stable: %v", err)
		}
	})
}

// TestDecodeNilTimeIsAnError: a nil where a time.Time is expected made the
// msgpack library panic (found by sync/wire's fuzzing); Decode says what
// was wrong instead.
func TestDecodeNilTimeIsAnError(t *testing.T) {
	var v struct {
		Created time.Time `msgpack:"created"`
	}
	err := Decode([]byte("\x81\xa7created\xc0"), &v)
	if err == nil || !strings.Contains(err.Error(), "decode") {
		t.Errorf("Decode of a nil time: %v, want an error that says it was the decoding", err)
	}
}
