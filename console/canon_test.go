package console

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
	"github.com/vmihailenco/msgpack/v5/msgpcode"
)

// canonicalRef is the first canonical form (a decoder per value, the map
// entries re-encoded and sorted): the reference the single pass must match
// byte for byte, since saves and goldens hold its bytes.
func canonicalRef(raw []byte) ([]byte, error) {
	var out bytes.Buffer
	if err := canonicalRefValue(msgpack.NewDecoder(bytes.NewReader(raw)), &out, 0); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

func canonicalRefValue(d *msgpack.Decoder, w *bytes.Buffer, depth int) error {
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
			if err := canonicalRefValue(d, &kb, depth+1); err != nil {
				return err
			}
			if err := canonicalRefValue(d, &vb, depth+1); err != nil {
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
			if err := canonicalRefValue(d, w, depth+1); err != nil {
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

// randomValue builds a nested value of maps (string, int and bool keys),
// arrays and scalars of every msgpack kind.
func randomValue(r *rand.Rand, depth int) any {
	k := r.IntN(12)
	if depth > 4 {
		k = r.IntN(8)
	}
	switch k {
	case 0:
		return nil
	case 1:
		return r.IntN(2) == 0
	case 2:
		return r.Int64N(1<<40) - 1<<39
	case 3:
		return r.Float64()
	case 4:
		return string(make([]byte, r.IntN(300)))
	case 5:
		return make([]byte, r.IntN(70000)%300)
	case 6:
		return uint64(r.Uint32())
	case 7:
		return float32(r.Float64())
	case 8:
		m := map[string]any{}
		for i := range r.IntN(20) {
			m[fmt.Sprint("k", r.IntN(50), i)] = randomValue(r, depth+1)
		}
		return m
	case 9:
		m := map[int]any{}
		for range r.IntN(20) {
			m[r.IntN(1000)-500] = randomValue(r, depth+1)
		}
		return m
	case 10:
		a := make([]any, r.IntN(20))
		for i := range a {
			a[i] = randomValue(r, depth+1)
		}
		return a
	default:
		return struct {
			Z, A any
			M    map[bool]any
		}{randomValue(r, depth+1), randomValue(r, depth+1), map[bool]any{true: 1, false: randomValue(r, depth+1)}}
	}
}

func TestCanonicalizeMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 2000 {
		v := randomValue(r, 0)
		raw, err := msgpack.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		want, err := canonicalRef(raw)
		if err != nil {
			t.Fatal(err)
		}
		got, err := canonicalize(raw)
		if err != nil {
			t.Fatalf("value %d: %v", i, err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("value %d: %x\nwant %x", i, got, want)
		}
	}
	// A big map and a long array take 16- and 32-bit headers.
	big := map[int]int{}
	for i := range 70000 {
		big[i] = i
	}
	raw, _ := msgpack.Marshal([]any{big, make([]int, 70000)})
	want, _ := canonicalRef(raw)
	got, err := canonicalize(raw)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("big values: %v (equal %v)", err, bytes.Equal(got, want))
	}
}

// FuzzCanonicalize: on any bytes the single pass fails or agrees with the
// reference, and its output is its own canonical form.
func FuzzCanonicalize(f *testing.F) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		raw, _ := msgpack.Marshal(randomValue(r, 0))
		f.Add(raw)
	}
	f.Add([]byte{0xdf, 0xff, 0xff, 0xff, 0xff})
	f.Add([]byte{0xc1})
	f.Fuzz(func(t *testing.T, raw []byte) {
		got, err := canonicalize(raw)
		if err != nil {
			return
		}
		want, rerr := canonicalRef(raw)
		if rerr == nil && !bytes.Equal(got, want) {
			t.Fatalf("%x: %x, reference %x", raw, got, want)
		}
		again, err := canonicalize(got)
		if err != nil || !bytes.Equal(again, got) {
			t.Fatalf("not idempotent: %x -> %x (%v)", got, again, err)
		}
	})
}

func BenchmarkCanonicalize(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	var vals [][]byte
	for range 50 {
		raw, _ := msgpack.Marshal(randomValue(r, 0))
		vals = append(vals, raw)
	}
	b.Run("single-pass", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			canonicalize(vals[i%len(vals)])
		}
	})
	b.Run("reference", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			canonicalRef(vals[i%len(vals)])
		}
	})
}
