package scorepad

import (
	"bytes"
	"flag"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

// scriptGlob matches the game scripts (see package console/script).
var scriptGlob = filepath.Join("testdata", "*.jsonl")

// replay folds events into a state: New(setup) when snap is nil, else the
// decoded snapshot.
func replay(t testing.TB, setup console.Setup, snap []byte, events []console.Event) console.State {
	t.Helper()
	r := New()
	var s console.State
	var err error
	if snap == nil {
		s, err = r.New(setup)
	} else {
		s, err = r.DecodeState(snap)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		if s, err = r.Apply(s, e); err != nil {
			t.Fatalf("replay event %d: %v", e.Seq, err)
		}
	}
	return s
}

// TestGolden plays every game script through a Session and compares the
// final view and the transcript and history with testdata/NAME.view.golden
// and NAME.log.golden. Run with -update to rewrite them.
func TestGolden(t *testing.T) {
	conformance.GoldenFiles(t, New(), scriptGlob, *update)
}

// TestReplay folds each script's log from New(setup) and checks the view
// after every accepted line equals the one seen while playing; then it
// checks that every snapshot plus the tail of the log gives the same state
// as the full replay.
func TestReplay(t *testing.T) {
	r := New()
	for _, path := range conformance.Files(t, scriptGlob) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			p := conformance.PlayFile(t, r, path)
			setup := p.Session.Meta().Setup
			for _, m := range p.Marks {
				got := r.View(replay(t, setup, nil, m.Log), console.Public)
				if !reflect.DeepEqual(got, m.View) {
					t.Errorf("after line %d: replayed view\n%+v\nwant\n%+v", m.Line, got, m.View)
				}
			}
			log, err := p.Store.Events(p.Session.ID(), 1, 0)
			if err != nil {
				t.Fatal(err)
			}
			want := mustEncode(t, replay(t, setup, nil, log))
			live, err := p.Session.EncodedState()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(live, want) {
				t.Fatal("full replay differs from live play")
			}
			for n := 0; n <= len(log); n++ {
				snap := mustEncode(t, replay(t, setup, nil, log[:n]))
				if got := mustEncode(t, replay(t, setup, snap, log[n:])); !bytes.Equal(got, want) {
					t.Errorf("snapshot at %d + tail differs from the full replay", n)
				}
			}
		})
	}
}
