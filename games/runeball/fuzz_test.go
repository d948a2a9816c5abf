package runeball

import (
	"encoding/json"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// FuzzDecodeState: a damaged snapshot is refused, or gives a match whose
// views, status and commands never panic.
func FuzzDecodeState(f *testing.F) {
	g := setup(&testing.T{})
	r := New()
	s, err := r.New(g.setup)
	if err != nil {
		f.Fatal(err)
	}
	for i, e := range g.evs {
		if s, err = r.Apply(s, e); err != nil {
			f.Fatal(err)
		}
		if i%9 == 0 {
			b, err := r.EncodeState(s)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
	f.Add([]byte("garbage"))
	f.Fuzz(func(t *testing.T, b []byte) {
		r := New()
		s, err := r.DecodeState(b)
		if err != nil {
			return
		}
		for _, seat := range []console.Seat{"home", "away", console.Public} {
			if _, err := json.Marshal(r.View(s, seat)); err != nil {
				t.Fatal(err)
			}
		}
		_ = r.Status(s)
		for _, c := range []console.Command{{Name: CmdRoll}, {Name: CmdLockRoster}, {Name: CmdReadySetup},
			{Name: CmdKick, Args: map[string]any{"target": "24:16"}}, {Name: CmdExert, Args: map[string]any{"points": 1}},
			{Name: CmdGiveBall, Args: map[string]any{"player": "A1"}}, {Name: CmdLandChoice, Args: map[string]any{"choice": "catch"}}} {
			for _, seat := range []console.Seat{"home", "away"} {
				evs, err := r.Decide(s, seat, c, console.NewDice(1))
				if err != nil {
					continue
				}
				enc, _ := r.EncodeState(s)
				c2, _ := r.DecodeState(enc)
				for _, e := range evs {
					if c2, err = r.Apply(c2, e); err != nil {
						t.Fatalf("%s: Apply(%s) of a decided event: %v", c.Name, e.Type, err)
					}
				}
			}
		}
	})
}
