package ruunara

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// The dice generator's seed and state never leave the host: not in any
// view, in JSON or msgpack, nor in any line of history (RU-D7, §6.4).
func TestViewsHoldNoSeed(t *testing.T) {
	const seed = 0x5eed5eed12345678
	g := newGame(t, []string{"p1", "p2"}, nil)
	g.d = console.NewDice(seed)
	g.do("p1", "add-hero", "card=graam")
	g.do("p2", "add-hero", "card=naali")
	g.do("p1", "add-enemy", "card=saarok", "count=3")
	g.do("p1", "start")
	g.do("p1", "use", "hero=H1", "ability=between-the-eyes", "target=E1")
	g.do("p1", "roll") // the app rolls
	for r := 0; r < 3; r++ {
		g.endRound()
	}
	le, be := make([]byte, 8), make([]byte, 8)
	binary.LittleEndian.PutUint64(le, seed)
	binary.BigEndian.PutUint64(be, seed)
	secrets := [][]byte{le, be, []byte("6838185893066135160"), []byte("5eed5eed"), g.d.Marshal()}
	var all [][]byte
	for _, seat := range []console.Seat{"p1", "p2", console.Public} {
		v := g.r.View(g.s, seat)
		js, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		mp, err := console.Encode(v)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, js, mp)
		if bytes.Contains(js, []byte(`"seed"`)) {
			t.Errorf("%s's view names a seed", seat)
		}
		var hist []string
		for _, e := range g.evs {
			if line, ok := g.r.Describe(g.s, e, seat); ok {
				hist = append(hist, line)
			}
		}
		all = append(all, []byte(strings.Join(hist, "\n")))
	}
	for i, b := range all {
		for _, s := range secrets {
			if bytes.Contains(b, s) {
				t.Errorf("output %d holds a secret of the dice (% x)", i, s)
			}
		}
	}
}
