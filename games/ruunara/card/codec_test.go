package card

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/vmihailenco/msgpack/v5"
)

// TestCardCodecs: the engine form of a card (events, snapshots, views)
// survives msgpack and JSON, with the snake-case names.
func TestCardCodecs(t *testing.T) {
	d, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	cards, err := DecodeRecords(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	cards = append(cards, d.Cards...)
	crawler, err := DefineFields(nil, map[string]string{"id": "crawler", "faction": "enemy", "range": "13cm", "size": "large", "ranged": "0D4+"}, "cm")
	if err != nil {
		t.Fatal(err)
	}
	cards = append(cards, crawler)
	for _, c := range cards {
		mb, err := msgpack.Marshal(c)
		if err != nil {
			t.Fatalf("%s: msgpack: %v", c.ID, err)
		}
		var m Card
		if err := msgpack.Unmarshal(mb, &m); err != nil || !reflect.DeepEqual(m, c) {
			t.Errorf("%s: msgpack round trip = %+v, %v; want %+v", c.ID, m, err, c)
		}
		jb, err := json.Marshal(c)
		if err != nil {
			t.Fatalf("%s: json: %v", c.ID, err)
		}
		var j Card
		if err := json.Unmarshal(jb, &j); err != nil || !reflect.DeepEqual(j, c) {
			t.Errorf("%s: json round trip = %+v, %v; want %+v", c.ID, j, err, c)
		}
	}
	jb, _ := json.Marshal(cards[2]) // graam
	for _, want := range []string{`"id":"graam"`, `"faction":"ally"`, `"race":"sanbari"`, `"hp":8`, `"move":50`, `"vision":100`,
		`"ranged":{"n":2,"hit":4}`, `"cycle":{"per":"game","uses":1}`, `"trigger":4`, `"effect":{"type":"instant-kill"}`} {
		if !strings.Contains(string(jb), want) {
			t.Errorf("json of graam lacks %s: %s", want, jb)
		}
	}
}
