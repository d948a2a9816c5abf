package store

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

var update = flag.Bool("update", false, "rewrite testdata/v1.ccgame")

// goldenGame is the export pinned in testdata: a file written by save
// format 1 must import in every later version.
const goldenGame = "testdata/v1.ccgame"

// buildGame fills db with a game with two snapshots and returns its meta.
func buildGame(t testing.TB, db *DB, id string) console.GameMeta {
	t.Helper()
	meta := mustCreate(t, db, id, 3, 3, 1, 3, 2)
	for _, s := range []uint64{4, 7} {
		if err := db.PutSnapshot(id, console.Snapshot{Seq: s, State: []byte{0x81, 0xa1, 'n', byte(s)}, Dice: []byte{byte(s), 0}}); err != nil {
			t.Fatal(err)
		}
	}
	return meta
}

func TestExportImport(t *testing.T) {
	src := openTest(t)
	meta := buildGame(t, src, "battle")
	file := export(t, src, "battle")
	if !bytes.HasPrefix(file, []byte(Magic)) {
		t.Fatalf("export starts %q, want the magic line", file[:min(len(file), 30)])
	}

	dst := openTest(t)
	wantIDs := []string{"battle", "battle-2", "battle-3"}
	for i, wantID := range wantIDs {
		got, err := dst.Import(bytes.NewReader(file))
		if err != nil {
			t.Fatalf("Import #%d: %v", i+1, err)
		}
		want := meta
		want.ID = wantID
		checkSame(t, "imported meta", got, want)
		_, snap, evs, err := dst.Load(wantID)
		if err != nil {
			t.Fatalf("Load(%s): %v", wantID, err)
		}
		if snap == nil || snap.Seq != 7 || !slices.Equal(seqs(evs), span(8, 9)) {
			t.Errorf("Load(%s): snapshot %+v, tail %v", wantID, snap, seqs(evs))
		}
		srcEvents, _ := src.Events("battle", 0, 0)
		dstEvents, _ := dst.Events(wantID, 0, 0)
		checkSame(t, "events", dstEvents, srcEvents)
	}
	// Re-exporting the first copy gives the same bytes.
	if again := export(t, dst, "battle"); !bytes.Equal(again, file) {
		t.Error("export → import → export changed the file")
	}
	// Deleting the original frees its id, but the -N copies stay.
	if err := dst.Delete("battle"); err != nil {
		t.Fatal(err)
	}
	got, err := dst.Import(bytes.NewReader(file))
	if err != nil || got.ID != "battle" {
		t.Errorf("Import after Delete: id %q, %v; want battle", got.ID, err)
	}
}

func TestExportEmptyGame(t *testing.T) {
	src := openTest(t)
	mustCreate(t, src, "fresh", 1)
	dst := openTest(t)
	got, err := dst.Import(bytes.NewReader(export(t, src, "fresh")))
	if err != nil || got.ID != "fresh" || got.LastSeq != 0 {
		t.Fatalf("Import of an empty game = %+v, %v", got, err)
	}
	if _, snap, evs, err := dst.Load("fresh"); err != nil || snap != nil || len(evs) != 0 {
		t.Errorf("Load = %v, %v, %v", snap, evs, err)
	}
}

func TestGoldenImport(t *testing.T) {
	if *update {
		db := openTest(t)
		buildGame(t, db, "golden")
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenGame, export(t, db, "golden"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	file, err := os.ReadFile(goldenGame)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	db := openTest(t)
	meta, err := db.Import(bytes.NewReader(file))
	if err != nil {
		t.Fatalf("Import(%s): %v", goldenGame, err)
	}
	if meta.ID != "golden" || meta.LastSeq != 9 || meta.Setup.System != "scorepad" {
		t.Errorf("golden meta = %+v", meta)
	}
	if again := export(t, db, "golden"); !bytes.Equal(again, file) {
		t.Error("the export format changed: the golden file no longer round-trips (bump ExportVersion if meant, and keep importing v1)")
	}
}

// gameFile builds an export file body from f.
func gameFile(t testing.TB, f exportFile) []byte {
	t.Helper()
	body, err := console.Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	return append([]byte(Magic), body...)
}

func TestImportRejects(t *testing.T) {
	good := func() exportFile {
		m := newMeta("g", 1)
		m.LastSeq = 4
		return exportFile{
			Schema:    ExportVersion,
			Meta:      m,
			Snapshots: []console.Snapshot{{Seq: 2}, {Seq: 4}},
			Events:    mkEvents(1, 4),
		}
	}
	change := func(fn func(f *exportFile)) []byte {
		f := good()
		fn(&f)
		return gameFile(t, f)
	}
	valid := gameFile(t, good())
	tests := []struct {
		name string
		file []byte
		want string
	}{
		{"empty", nil, "does not start with"},
		{"no magic", valid[len(Magic):], "does not start with"},
		{"wrong magic", append([]byte("COMMANDCONSOLE-SAVE\n"), valid[len(Magic):]...), "does not start with"},
		{"magic only", []byte(Magic), "damaged"},
		{"truncated", valid[:len(valid)-5], "damaged"},
		{"trailing bytes", append(slices.Clone(valid), 0), "damaged"},
		{"length bomb", append([]byte(Magic), 0xc6, 0xff, 0xff, 0xff, 0xff), "damaged"},
		{"newer schema", change(func(f *exportFile) { f.Schema = ExportVersion + 1 }), "newer Command Console (export format 2"},
		{"schema 0", change(func(f *exportFile) { f.Schema = 0 }), "export format 0 is unknown"},
		{"no id", change(func(f *exportFile) { f.Meta.ID = "" }), "empty game id"},
		{"LastSeq too high", change(func(f *exportFile) { f.Meta.LastSeq = 5 }), "holds 4 events but"},
		{"LastSeq too low", change(func(f *exportFile) { f.Meta.LastSeq = 3 }), "holds 4 events but"},
		{"events from 0", change(func(f *exportFile) {
			for i := range f.Events {
				f.Events[i].Seq--
			}
		}), "event 1 of the file has seq 0"},
		{"duplicate event", change(func(f *exportFile) { f.Events[2].Seq = 2 }), "event 3 of the file has seq 2"},
		{"snapshot beyond the log", change(func(f *exportFile) { f.Snapshots[1].Seq = 5 }), "beyond the end of the log"},
		{"snapshots out of order", change(func(f *exportFile) { f.Snapshots[0].Seq = 4 }), "out of order"},
		{"not a struct", append([]byte(Magic), 0x93, 1, 2, 3), "damaged"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := openTest(t)
			mustCreate(t, db, "g", 1, 1)
			before := export(t, db, "g")
			_, err := db.Import(bytes.NewReader(tt.file))
			if err == nil {
				t.Fatal("Import succeeded, want an error")
			}
			if !errors.Is(err, ErrBadGameFile) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Import error = %v, want ErrBadGameFile saying %q", err, tt.want)
			}
			metas, damages, _ := db.List()
			if len(metas) != 1 || len(damages) != 0 || !bytes.Equal(before, export(t, db, "g")) {
				t.Errorf("refused Import changed the file: %d games, %d damaged", len(metas), len(damages))
			}
		})
	}
	// The good file itself imports (as g-2, since g is taken).
	db := openTest(t)
	mustCreate(t, db, "g", 1)
	if m, err := db.Import(bytes.NewReader(valid)); err != nil || m.ID != "g-2" {
		t.Errorf("Import of the good file = %q, %v", m.ID, err)
	}
}

// endless is a reader of zeros that never ends.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	clear(p)
	e.n += int64(len(p))
	return len(p), nil
}

func TestImportTooLarge(t *testing.T) {
	defer func(old int64) { maxImport = old }(maxImport)
	maxImport = 1 << 20 // the real 256 MiB would only make the test slow
	db := openTest(t)
	r := &endless{}
	_, err := db.Import(r)
	if !errors.Is(err, ErrBadGameFile) || !strings.Contains(err.Error(), "larger than 1 MiB") {
		t.Errorf("Import of an endless stream: %v", err)
	}
	if r.n > maxImport+64<<10 {
		t.Errorf("Import read %d bytes, want at most about %d", r.n, maxImport)
	}
}

func TestExportDamagedGame(t *testing.T) {
	db := openTest(t)
	mustCreate(t, db, "g", 1, 3)
	poke(t, db, seqKey(2), []byte{0xc1}, bucketLogs, []byte("g"))
	var buf bytes.Buffer
	err := db.Export("g", &buf)
	var d *DamagedError
	if !errors.As(err, &d) || !strings.Contains(err.Error(), "event 2") {
		t.Errorf("Export of a damaged game: %v", err)
	}
	if buf.Len() != 0 {
		t.Errorf("Export of a damaged game wrote %d bytes", buf.Len())
	}
}

func TestExportThroughFile(t *testing.T) {
	// Exports round-trip through a real file too.
	db := openTest(t)
	buildGame(t, db, "g")
	path := filepath.Join(t.TempDir(), "g.ccgame")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Export("g", f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	r, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if m, err := openTest(t).Import(r); err != nil || m.ID != "g" {
		t.Errorf("Import from file = %q, %v", m.ID, err)
	}
}
