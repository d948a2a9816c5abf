package stats

import (
	"reflect"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

func game(system string, finished bool, ps ...console.Placement) console.GameMeta {
	m := console.GameMeta{Setup: console.Setup{System: system}, Status: console.StatusActive}
	if finished {
		m.Status, m.Result = console.StatusFinished, ps
	}
	return m
}

func pl(name string, place, score int) console.Placement {
	return console.Placement{Seat: console.Seat(name), Name: name, Place: place, Score: score}
}

func n(v int) *int { return &v }

func TestFromGames(t *testing.T) {
	metas := []console.GameMeta{
		game("scorepad", true, pl("Alice", 1, 40), pl("bob", 1, 40), pl("cy", 3, 12)), // tie for first
		game("runika", true, pl("bob", 1, 21), pl("alice ", 2, 18)),
		game("scorepad", true, pl("cy", 1, 3), pl("alice", 2, 20)), // low score wins
		game("scorepad", false, pl("alice", 1, 99)),                // unfinished: ignored
	}
	got := FromGames(metas)
	want := []Player{
		{Name: "bob", Games: 2, Wins: 2, Best: n(40), Total: 61, Systems: []string{"runika", "scorepad"}},
		{Name: "Alice", Games: 3, Wins: 1, Best: n(40), BestLow: n(20), Total: 78, Systems: []string{"runika", "scorepad"}},
		{Name: "cy", Games: 2, Wins: 1, Best: n(12), BestLow: n(3), Total: 15, Systems: []string{"scorepad"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("FromGames:\n got %+v\nwant %+v", got, want)
	}
	if avg := got[1].Average(); avg != 26 {
		t.Errorf("Alice's average = %v, want 26", avg)
	}
	if len(FromGames(nil)) != 0 || (Player{}).Average() != 0 {
		t.Error("no games should give no players and a zero average")
	}
}

func TestLowWins(t *testing.T) {
	cases := []struct {
		ps   []console.Placement
		want bool
	}{
		{[]console.Placement{pl("a", 1, 10), pl("b", 2, 5)}, false},
		{[]console.Placement{pl("a", 1, 5), pl("b", 2, 10)}, true},
		{[]console.Placement{pl("a", 1, 5), pl("b", 1, 5)}, false},
		{nil, false},
	}
	for i, c := range cases {
		if got := lowWins(c.ps); got != c.want {
			t.Errorf("case %d: lowWins = %v, want %v", i, got, c.want)
		}
	}
}
