package wire

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// deltaCases are base and target pairs worth a case of their own; the fuzz
// targets start from them too.
var deltaCases = []struct {
	name         string
	base, target []byte
	// smaller: the delta must be shorter than the target.
	smaller bool
}{
	{"both empty", nil, nil, false},
	{"empty base", nil, []byte("the whole view"), false},
	{"empty target", []byte("the whole view"), nil, false},
	{"short base", []byte("abc"), []byte("abcd"), false},
	{"short target", pattern(100), []byte("abcd"), false},
	{"identical", pattern(5000), pattern(5000), true},
	{"one byte changed", pattern(5000), replaceAt(pattern(5000), 2500, "X"), true},
	{"a number grows", []byte(strings.Repeat("round 3 of 6; ", 100)), []byte(strings.Repeat("round 3 of 6; ", 50) + "round 10 of 6; " + strings.Repeat("round 3 of 6; ", 49)), true},
	{"insert at the start", pattern(3000), append([]byte("new line!"), pattern(3000)...), true},
	{"insert in the middle", pattern(3000), slices.Concat(pattern(3000)[:1500], []byte("a hidden character revealed"), pattern(3000)[1500:]), true},
	{"append at the end", pattern(3000), append(pattern(3000), "and more"...), true},
	{"delete from the middle", pattern(3000), slices.Concat(pattern(3000)[:1000], pattern(3000)[2000:]), true},
	{"truncate", pattern(3000), pattern(2000), true},
	{"moved block", slices.Concat(pattern(1000), bytes.Repeat([]byte("z"), 1000)), slices.Concat(bytes.Repeat([]byte("z"), 1000), pattern(1000)), true},
	{"all different", pattern(2000), bytes.Repeat([]byte{0x5a, 0xa5, 0x3c}, 700), false},
	{"repeats", bytes.Repeat([]byte("ab"), 2000), bytes.Repeat([]byte("ab"), 2100), true},
}

func replaceAt(b []byte, at int, s string) []byte {
	out := slices.Clone(b)
	copy(out[at:], s)
	return out
}

func TestDeltaCases(t *testing.T) {
	for _, c := range deltaCases {
		t.Run(c.name, func(t *testing.T) {
			d := Diff(c.base, c.target)
			got, err := Patch(c.base, d, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, c.target) {
				t.Fatalf("rebuilt %q, want %q", got, c.target)
			}
			if len(d) > len(c.target)+19 {
				t.Errorf("delta of %d bytes for a %d-byte target: more than the target and a header", len(d), len(c.target))
			}
			if c.smaller && len(d) >= len(c.target) {
				t.Errorf("delta of %d bytes is not smaller than the %d-byte target", len(d), len(c.target))
			}
			t.Logf("%d → %d bytes: delta %d", len(c.base), len(c.target), len(d))
		})
	}
}

// The documented format, written by hand.
func TestDeltaFormat(t *testing.T) {
	base := []byte("0123456789abcdefghij")
	target := []byte("XY0123456789abcdefghij!")
	var d []byte
	d = append(d, 1)
	d = binary.AppendUvarint(d, uint64(len(base)))
	d = binary.BigEndian.AppendUint32(d, Checksum(base))
	d = binary.AppendUvarint(d, uint64(len(target)))
	d = binary.BigEndian.AppendUint32(d, Checksum(target))
	d = append(d, 2<<1, 'X', 'Y') // add "XY"
	d = append(d, 20<<1|1, 0)     // copy 20 bytes from offset 0+0
	d = append(d, 1<<1, '!')      // add "!"
	if got := Diff(base, target); !bytes.Equal(got, d) {
		t.Errorf("Diff gave %x, want %x", got, d)
	}
	got, err := Patch(base, d, 0)
	if err != nil || !bytes.Equal(got, target) {
		t.Fatalf("Patch: %q %v", got, err)
	}
	// A copy's offset is relative to the end of the previous copy: here
	// -10 from 20, then -20 from 20.
	target = []byte("abcdefghijabcdefghij0123456789")
	d = append([]byte{1}, binary.AppendUvarint(nil, uint64(len(base)))...)
	d = binary.BigEndian.AppendUint32(d, Checksum(base))
	d = binary.AppendUvarint(d, uint64(len(target)))
	d = binary.BigEndian.AppendUint32(d, Checksum(target))
	d = append(d, 10<<1|1)
	d = binary.AppendVarint(d, 10)
	d = append(d, 10<<1|1)
	d = binary.AppendVarint(d, -10)
	d = append(d, 10<<1|1)
	d = binary.AppendVarint(d, -20)
	if got, err := Patch(base, d, 0); err != nil || !bytes.Equal(got, target) {
		t.Fatalf("relative copies: %q %v", got, err)
	}
	// Addresses past the base are the target made so far; a copy may run
	// on into the bytes it makes: "ab" then 10 bytes from target offset 0.
	base, target = []byte("ab"), []byte("abababababab")
	d = append(header(base, len(target), Checksum(target)), 2<<1|1, 0, 10<<1|1, 0)
	if got, err := Patch(base, d, 0); err != nil || !bytes.Equal(got, target) {
		t.Fatalf("a copy of the target: %q %v", got, err)
	}
	if got := Diff([]byte("0123456789"), []byte("xyzxyzxyzxyzxyzxyz")); len(got) > 20 {
		t.Errorf("a repeated pattern is not copied from the target: %d bytes", len(got))
	}
}

// header returns a delta header for base and a target of n bytes with the
// checksum sum.
func header(base []byte, n int, sum uint32) []byte {
	d := append([]byte{1}, binary.AppendUvarint(nil, uint64(len(base)))...)
	d = binary.BigEndian.AppendUint32(d, Checksum(base))
	d = binary.AppendUvarint(d, uint64(n))
	return binary.BigEndian.AppendUint32(d, sum)
}

func TestPatchRefuses(t *testing.T) {
	base := pattern(1000)
	target := replaceAt(pattern(1000), 500, "changed")
	good := Diff(base, target)
	flipped := slices.Clone(good)
	flipped[bytes.Index(flipped, []byte("hang"))] ^= 0xff // a literal byte of the add op
	cases := []struct {
		name        string
		base, delta []byte
		max         int
		is          error
		say         string
	}{
		{"another base of the same length", pattern(1001)[1:], good, 0, ErrBadBase, "made against 1000 bytes with checksum"},
		{"another base of another length", pattern(999), good, 0, ErrBadBase, "have 999 bytes"},
		{"no base", nil, good, 0, ErrBadBase, "have 0 bytes"},
		{"empty", base, nil, 0, ErrBadDelta, "empty"},
		{"another format", base, append([]byte{2}, good[1:]...), 0, ErrBadDelta, "format 2 (want 1)"},
		{"truncated header", base, good[:5], 0, ErrBadDelta, "truncated header"},
		{"truncated op", base, good[:len(good)-3], 0, ErrBadDelta, ""},
		{"a damaged literal", base, flipped, 0, ErrBadDelta, "checksum"},
		{"over the limit", base, good, 999, ErrBadDelta, "the result would be 1000 bytes, above the limit of 999"},
		{"a huge claim", base, append(header(base, 1<<40, 0), 2, 'x'), 0, ErrBadDelta, "above the limit"},
		{"a copy past the base", base, append(header(base, 20, 0), 20<<1|1, 0xce, 0x0f), 0, ErrBadDelta, "a copy of 20 bytes from address 999 of a 1000-byte base"},
		{"a copy of the target not made", base, append(header(base, 20, 0), 20<<1|1, 0xd0, 0x0f), 0, ErrBadDelta, "a copy from target offset 0 where 0 bytes are made"},
		{"a copy before the base", base, append(header(base, 20, 0), 20<<1|1, 1), 0, ErrBadDelta, "from address -1"},
		{"an add past the delta", base, append(header(base, 20, 0), 20<<1, 'x'), 0, ErrBadDelta, "an add of 20 bytes with 1 left"},
		{"an op past the target", base, append(header(base, 2, 0), 3<<1, 'x', 'y', 'z'), 0, ErrBadDelta, "an op of 3 bytes where 2 remain"},
		{"an empty op", base, append(header(base, 2, 0), 0), 0, ErrBadDelta, "an op of 0 bytes"},
		{"too few bytes made", base, append(header(base, 4, 0), 2<<1, 'x', 'y'), 0, ErrBadDelta, "made 2 bytes of 4"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Patch(c.base, c.delta, c.max)
			if !errors.Is(err, c.is) || !strings.Contains(err.Error(), c.say) {
				t.Fatalf("got %d bytes, %v; want an error (%v) saying %q", len(got), err, c.is, c.say)
			}
		})
	}
}

// mutate returns b changed in a few random places, as a view changes: bytes
// replaced, inserted, deleted.
func mutate(r *rand.Rand, b []byte) []byte {
	out := slices.Clone(b)
	for range 1 + r.IntN(6) {
		at := 0
		if len(out) > 0 {
			at = r.IntN(len(out))
		}
		n := 1 + r.IntN(40)
		switch r.IntN(3) {
		case 0:
			for i := at; i < min(len(out), at+n); i++ {
				out[i] = byte(r.Uint32())
			}
		case 1:
			ins := make([]byte, n)
			for i := range ins {
				ins[i] = byte(r.Uint32())
			}
			out = slices.Insert(out, at, ins...)
		case 2:
			out = slices.Delete(out, at, min(len(out), at+n))
		}
	}
	return out
}

func TestDeltaRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 2026))
	smaller := 0
	const runs = 500
	for i := range runs {
		base := make([]byte, r.IntN(20000))
		for j := range base {
			base[j] = byte(r.IntN(16)) // a small alphabet: many false anchors
		}
		target := mutate(r, base)
		d := Diff(base, target)
		got, err := Patch(base, d, 0)
		if err != nil || !bytes.Equal(got, target) {
			t.Fatalf("run %d: %d → %d bytes: %v", i, len(base), len(target), err)
		}
		if len(d) < len(target) {
			smaller++
		}
	}
	if smaller < runs*9/10 {
		t.Errorf("only %d of %d deltas are smaller than their target", smaller, runs)
	}
}

// The views of the Lands of Ruin two-player tutorial, every seat at every
// step: each delta against the seat's previous view rebuilds it exactly and
// is smaller than the view; so do random pairs of views of one seat and of
// different seats.
func TestDeltaTutorialViews(t *testing.T) {
	views := tutorial(t)
	var fulls, deltas, frames []int
	var ratio float64
	smaller, n := 0, 0
	for _, seat := range tutorialSeats {
		vs := views[seat]
		for i := 1; i < len(vs); i++ {
			d := Diff(vs[i-1], vs[i])
			got, err := Patch(vs[i-1], d, 0)
			if err != nil || !bytes.Equal(got, vs[i]) {
				t.Fatalf("%s step %d: %v", seat, i, err)
			}
			fulls, deltas = append(fulls, len(vs[i])), append(deltas, len(d))
			ratio += float64(len(d)) / float64(len(vs[i]))
			n++
			if len(d) < len(vs[i]) {
				smaller++
			}
			var v View
			v.Seat = seat
			v.Pack(vs[i-1], vs[i])
			if len(v.Full)+len(v.Delta) > len(vs[i]) {
				t.Errorf("%s step %d: Pack sent %d bytes for a %d-byte view", seat, i, len(v.Full)+len(v.Delta), len(vs[i]))
			}
			if got, err := v.Unpack(vs[i-1], 0); err != nil || !bytes.Equal(got, vs[i]) {
				t.Fatalf("%s step %d: Unpack: %v", seat, i, err)
			}
			v.Seq, v.Change, v.Status = uint64(i), console.ChangeCommand, console.Status{Summary: "Round 2 of 6, Action phase"}
			frames = append(frames, HeaderSize+len(mustEncode(t, v)))
		}
	}
	slices.Sort(fulls)
	slices.Sort(deltas)
	slices.Sort(frames)
	t.Logf("tutorial, %d consecutive views of alice, bob and the spectator: full median %d bytes, delta median %d bytes (p90 %d, max %d); mean delta/full %.3f; %d of %d smaller; a View frame (prefix, envelope, seq, status, delta) median %d bytes",
		n, fulls[len(fulls)/2], deltas[len(deltas)/2], deltas[len(deltas)*9/10], deltas[len(deltas)-1], ratio/float64(n), smaller, n, frames[len(frames)/2])
	if smaller*4 < n*3 {
		t.Errorf("only %d of %d deltas are smaller than the view", smaller, n)
	}

	r := rand.New(rand.NewPCG(7, 12))
	var all [][]byte
	for _, seat := range tutorialSeats {
		all = append(all, views[seat]...)
	}
	smaller, ratio = 0, 0
	const pairs = 400
	for i := range pairs {
		var base, target []byte
		if i%2 == 0 { // one seat, any two steps
			vs := views[tutorialSeats[r.IntN(len(tutorialSeats))]]
			base, target = vs[r.IntN(len(vs))], vs[r.IntN(len(vs))]
		} else { // any two views
			base, target = all[r.IntN(len(all))], all[r.IntN(len(all))]
		}
		d := Diff(base, target)
		got, err := Patch(base, d, 0)
		if err != nil || !bytes.Equal(got, target) {
			t.Fatalf("pair %d: %v", i, err)
		}
		ratio += float64(len(d)) / float64(len(target))
		if len(d) < len(target) {
			smaller++
		}
	}
	t.Logf("tutorial, %d random pairs of views: mean delta/full %.3f; %d smaller", pairs, ratio/pairs, smaller)
	if smaller*2 < pairs {
		t.Errorf("only %d of %d random pairs give a smaller delta", smaller, pairs)
	}
}

func TestViewPackUnpack(t *testing.T) {
	base, cur := pattern(4000), replaceAt(pattern(4000), 100, "moved")
	var v View
	v.Pack(nil, cur)
	if !bytes.Equal(v.Full, cur) || v.Delta != nil {
		t.Fatal("without a previous view, Pack does not send the view whole")
	}
	v.Pack(base, cur)
	if v.Full != nil || len(v.Delta) == 0 || len(v.Delta) > 40 {
		t.Fatalf("Pack: full %d bytes, delta %d bytes", len(v.Full), len(v.Delta))
	}
	v.Seat, v.Seq = "alice", 9
	if _, err := v.Unpack(pattern(3999), 0); !errors.Is(err, ErrBadBase) || !strings.Contains(err.Error(), "view of alice at 9") {
		t.Fatalf("Unpack against another base: %v", err)
	}
	fresh := []byte("a short view with nothing in common with the last")
	v.Pack(base, fresh) // a delta would be longer: whole
	if v.Delta != nil || !bytes.Equal(v.Full, fresh) {
		t.Fatal("a delta no shorter than the view was sent")
	}
	if _, err := (View{Seat: "bob"}).Unpack(nil, 0); err == nil {
		t.Fatal("an empty view unpacked")
	}
	// Through the wire.
	v.Pack(base, cur)
	m, err := Decode(mustEncode(t, v))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := m.(View).Unpack(base, 0); err != nil || !bytes.Equal(got, cur) {
		t.Fatalf("after the wire: %v", err)
	}
}

// Views decode after the trip: the client's job, checked once here.
func TestTutorialViewsDecode(t *testing.T) {
	vs := tutorial(t)["alice"]
	var v map[string]any
	if err := console.Decode(vs[len(vs)-1], &v); err != nil || len(v) == 0 {
		t.Fatalf("the last view does not decode: %v", err)
	}
}

func BenchmarkDiffTutorial(b *testing.B) {
	vs := tutorial(b)["alice"]
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := 1 + i%(len(vs)-1)
		Diff(vs[k-1], vs[k])
		i++
	}
}

func BenchmarkPatchTutorial(b *testing.B) {
	vs := tutorial(b)["alice"]
	ds := make([][]byte, len(vs))
	for k := 1; k < len(vs); k++ {
		ds[k] = Diff(vs[k-1], vs[k])
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := 1 + i%(len(vs)-1)
		if _, err := Patch(vs[k-1], ds[k], 0); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
