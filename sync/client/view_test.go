package client

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
	"github.com/commandconsole/commandconsole/games"
)

// TestDecodeViewEverySystem: for every system, each view of every seat
// along its conformance scripts decodes, from its bytes, into a value
// equal to the view the host has, of the type the client takes from
// Rules.View(nil, Public).
func TestDecodeViewEverySystem(t *testing.T) {
	for _, rules := range games.All() {
		id := rules.Info().ID
		t.Run(id, func(t *testing.T) {
			vt := reflect.TypeOf(rules.View(nil, console.Public))
			if vt == nil {
				t.Fatal("Rules.View(nil, Public) is nil: the client cannot know the view type")
			}
			files, _ := filepath.Glob(filepath.Join("..", "..", "games", id, "testdata", "*.jsonl"))
			if len(files) == 0 {
				t.Fatalf("no scripts for %s: the test checks nothing", id)
			}
			checked := 0
			for _, path := range files[:min(len(files), 2)] {
				setup, lines := conformance.ReadFile(t, path)
				sess, err := console.Create(rules, setup, console.Options{Store: console.NewMemStore()})
				if err != nil {
					t.Fatalf("%s: %v", path, err)
				}
				seats := append([]console.Seat{console.Public}, setup.Seats...)
				for _, l := range lines[:min(len(lines), 60)] {
					sess.Do(l.Seat, l.Command()) // refusals are part of the scripts
					for _, seat := range seats {
						st, err := sess.SeatState(seat)
						if err != nil {
							t.Fatal(err)
						}
						b, err := console.Encode(st.View)
						if err != nil {
							t.Fatal(err)
						}
						got, err := DecodeView(vt, b)
						if err != nil {
							t.Fatalf("%s line %d seat %s: %v", path, l.Number, seat, err)
						}
						if !reflect.DeepEqual(got, st.View) {
							t.Fatalf("%s line %d seat %s: the decoded view differs", path, l.Number, seat)
						}
						checked++
					}
				}
			}
			if checked == 0 {
				t.Fatal("no view checked")
			}
		})
	}
}

// FuzzDecodeView: any bytes give a view or an error, never a panic.
func FuzzDecodeView(f *testing.F) {
	for _, rules := range games.All() {
		b, _ := console.Encode(rules.View(nil, console.Public))
		f.Add(b)
	}
	f.Add([]byte{0xde, 0xff, 0xff})
	types := []reflect.Type{}
	for _, rules := range games.All() {
		types = append(types, reflect.TypeOf(rules.View(nil, console.Public)))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, vt := range types {
			DecodeView(vt, b)
		}
	})
}
