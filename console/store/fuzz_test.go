package store

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// importSeeds are real exports and near misses: an empty game, a game with
// snapshots, the golden file, and cut or bent copies of them.
func importSeeds(f *testing.F) [][]byte {
	f.Helper()
	src, err := open(filepath.Join(f.TempDir(), "seed.db"), options{noSync: true})
	if err != nil {
		f.Fatal(err)
	}
	defer src.Close()
	mustCreate(f, src, "empty", 1)
	buildGame(f, src, "battle")
	seeds := [][]byte{export(f, src, "empty"), export(f, src, "battle")}
	if golden, err := os.ReadFile(goldenGame); err == nil {
		seeds = append(seeds, golden)
	}
	full := seeds[1]
	seeds = append(seeds,
		nil,
		[]byte(Magic),
		full[:len(full)/2],
		append([]byte(Magic), 0xc6, 0xff, 0xff, 0xff, 0xff),
		bytes.Replace(full, []byte("battle"), []byte("b\x00ttle"), 1),
	)
	return seeds
}

// FuzzImport feeds arbitrary bytes to Import: it must never panic, a
// refused file must leave the store as it was, and an accepted one must
// load and export back to an equivalent file.
func FuzzImport(f *testing.F) {
	for _, s := range importSeeds(f) {
		f.Add(s)
	}
	db, err := open(filepath.Join(f.TempDir(), "fuzz.db"), options{noSync: true})
	if err != nil {
		f.Fatal(err)
	}
	defer db.Close()
	mustCreate(f, db, "battle", 1, 2) // so that imports also take the -N path
	f.Fuzz(func(t *testing.T, data []byte) {
		before, _, err := db.List()
		if err != nil {
			t.Fatal(err)
		}
		meta, err := db.Import(bytes.NewReader(data))
		after, damages, err2 := db.List()
		if err2 != nil || len(damages) != 0 {
			t.Fatalf("List after Import: %v, %v", err2, damages)
		}
		if err != nil {
			if len(after) != len(before) {
				t.Fatalf("refused Import (%v) left %d games, had %d", err, len(after), len(before))
			}
			return
		}
		defer func() {
			if err := db.Delete(meta.ID); err != nil {
				t.Fatal(err)
			}
		}()
		if len(after) != len(before)+1 {
			t.Fatalf("Import added %d games", len(after)-len(before))
		}
		if _, _, _, err := db.Load(meta.ID); err != nil {
			t.Fatalf("Load of an imported game: %v", err)
		}
		var out bytes.Buffer
		if err := db.Export(meta.ID, &out); err != nil {
			t.Fatalf("Export of an imported game: %v", err)
		}
		in, err := parseGameFile(data)
		if err != nil {
			t.Fatal(err)
		}
		re, err := parseGameFile(out.Bytes())
		if err != nil {
			t.Fatalf("re-export does not parse: %v", err)
		}
		in.Meta.ID = meta.ID
		if !same(t, re, in) {
			t.Fatalf("re-export differs:\n got %+v\nwant %+v", re, in)
		}
	})
}

// fuzzDecoder checks one record decoder: no panic, and a record that
// decodes re-encodes to a record that decodes to the same value.
func fuzzDecoder[T any](f *testing.F, decode func([]byte) (T, error), seeds ...T) {
	for _, s := range seeds {
		b, err := console.Encode(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(b[:len(b)-1])
	}
	for _, g := range garbage {
		f.Add(g)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := decode(data)
		if err != nil {
			return
		}
		b, err := console.Encode(v)
		if err != nil {
			t.Fatalf("decoded %+v does not encode: %v", v, err)
		}
		w, err := decode(b)
		if err != nil {
			t.Fatalf("re-encoded %x does not decode: %v", b, err)
		}
		if !same(t, w, v) {
			t.Fatalf("round trip changed %+v into %+v", v, w)
		}
	})
}

// FuzzDecodeEvent fuzzes the decoder of log records.
func FuzzDecodeEvent(f *testing.F) {
	fuzzDecoder(f, decodeEvent, mkEvents(1, 3)...)
}

// FuzzDecodeMeta fuzzes the decoder of index records.
func FuzzDecodeMeta(f *testing.F) {
	m := newMeta("g", 1)
	m.LastSeq = 9
	fuzzDecoder(f, decodeMeta, newMeta("g", 1), m, BenchMeta("bench"))
}

// FuzzDecodeSnapshot fuzzes the decoder of snapshot records.
func FuzzDecodeSnapshot(f *testing.F) {
	fuzzDecoder(f, decodeSnapshot, console.Snapshot{Seq: 4, State: []byte{1}, Dice: []byte{2}}, BenchSnapshot(100))
}
