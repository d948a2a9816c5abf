package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// ViewsRoundTrip plays every script file that matches glob (see PlayFile)
// and, after each line, checks every seat's view and the public view
// survive the LAN wire format: console.Encode, then console.Decode into a
// value of the view's own Go type, gives a value equal to the view
// (reflect.DeepEqual) with the same JSON.
func ViewsRoundTrip(t *testing.T, rules console.Rules, glob string) {
	t.Helper()
	for _, path := range Files(t, glob) {
		path := path
		t.Run(scriptName(path), func(t *testing.T) {
			setup, lines := ReadFile(t, path)
			s, err := console.Create(rules, setup, goldenOptions(console.NewMemStore()))
			if err != nil {
				t.Fatalf("create: %v", err)
			}
			seats := append([]console.Seat{console.Public}, s.Seats()...)
			check := func(where string) {
				for _, seat := range seats {
					v, err := s.View(seat)
					if err != nil {
						t.Fatalf("%s: view for %s: %v", where, seat, err)
					}
					if err := RoundTrip(v); err != nil {
						t.Fatalf("%s: %s's view: %v", where, seat, err)
					}
				}
			}
			check(path + ": at the start")
			for _, l := range lines {
				if _, _, err := l.Play(s); err != nil {
					t.Fatalf("%s:%d: %v", path, l.Number, err)
				}
				check(fmt.Sprintf("%s:%d", path, l.Number))
			}
		})
	}
}

// RoundTrip encodes v with console.Encode, decodes it into a new value of
// v's type and says how the two differ, if they do.
func RoundTrip(v any) error {
	b, err := console.Encode(v)
	if err != nil {
		return err
	}
	p := reflect.New(reflect.TypeOf(v))
	if err := console.Decode(b, p.Interface()); err != nil {
		return err
	}
	back := p.Elem().Interface()
	j1, err := json.Marshal(v)
	if err != nil {
		return err
	}
	j2, err := json.Marshal(back)
	if err != nil {
		return err
	}
	if !bytes.Equal(j1, j2) {
		return fmt.Errorf("%T: JSON differs after the msgpack round trip:\n%s\n%s", v, j1, j2)
	}
	if !reflect.DeepEqual(v, back) {
		return fmt.Errorf("%T: not DeepEqual after the msgpack round trip (same JSON %s)", v, j1)
	}
	return nil
}
