package client

import (
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
	"github.com/commandconsole/commandconsole/games/ruunara"
	"github.com/commandconsole/commandconsole/sync/linktest"
)

// A Ruunara duo mission played on two tablets (issue 13): the golden duo
// script of games/ruunara, each command sent by its seat's client; both
// joined tablets end on the host's views, which show the same game to both
// seats (RU-D7) in each seat's own unit, with the mission won.
func TestRuunaraDuoOnTwoTablets(t *testing.T) {
	linktest.NoLeaks(t)
	setup, lines := conformance.ReadFile(t, filepath.Join("..", "..", "games", "ruunara", "testdata", "duo-mission.jsonl"))
	f := newFixtureFor(t, ruunara.New(), setup)
	clients := map[console.Seat]*Client{"p1": f.join("p1-tablet", "p1"), "p2": f.join("p2-tablet", "p2")}
	for i, l := range lines {
		c := clients[l.Seat]
		if _, err := c.Do(l.Seat, console.Command{ID: fmt.Sprintf("r%d", i), Name: l.Cmd, Args: l.Args}); err != nil {
			t.Fatalf("line %d (%s %s): %v", l.Number, l.Seat, l.Cmd, err)
		}
	}
	for _, c := range clients {
		f.converge(c)
	}
	st, err := clients["p2"].State("p2")
	if err != nil {
		t.Fatal(err)
	}
	v, ok := st.View.(ruunara.View)
	if !ok {
		t.Fatalf("p2's view is a %T", st.View)
	}
	if v.Result != "victory" || v.Unit != "cm" || !st.Status.Finished {
		t.Errorf("p2 sees result %q in %s, finished %v", v.Result, v.Unit, st.Status.Finished)
	}
	st1, _ := clients["p1"].State("p1")
	v1 := st1.View.(ruunara.View)
	if !reflect.DeepEqual(len(v1.Enemies), len(v.Enemies)) || v1.Heroes[0].HP != v.Heroes[0].HP || v1.Unit != "in" {
		t.Errorf("the seats see different games: p1 %+v / p2 %+v", v1.Heroes, v.Heroes)
	}
}
