package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/commandconsole/commandconsole/console"
)

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
