package home

import (
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

func TestStatsAfterTwoScorePadGames(t *testing.T) {
	st := console.NewMemStore()
	finishPad(t, st, "Monday", []int{12, 9}, "Alice", "Bob")
	finishPad(t, st, "Tuesday", []int{7, 7, 3}, "alice", "Bob", "Cy")
	newPad(t, st, "Unfinished", nil, "Alice", "Zed")
	u, w := newTestUI(t, st, landscapeSize)

	tapButton(t, w, "Stats")
	s, ok := u.Current().(*statsScreen)
	if !ok {
		t.Fatalf("Stats opened %T", u.Current())
	}
	if s.finished != 2 || len(s.players) != 3 {
		t.Fatalf("%d finished games, %d players; want 2 and 3 (the unfinished game left out)", s.finished, len(s.players))
	}
	wantText(t, w, "From 2 finished games in the saves")
	// Alice: two games, two wins (one shared), best 12, average 9.5.
	a := s.players[0]
	if !strings.EqualFold(a.Name, "alice") || a.Games != 2 || a.Wins != 2 || a.Best == nil || *a.Best != 12 {
		t.Errorf("first record = %+v, want alice with 2 games, 2 wins, best 12", a)
	}
	for _, want := range []string{a.Name, "Bob", "Cy", "9.5", "8.0", "3.0", "Played: Score pad"} {
		wantText(t, w, want)
	}
	tapButton(t, w, "Home")
	if _, ok := u.Current().(*Screen); !ok {
		t.Errorf("Home led to %T", u.Current())
	}
}

func TestStatsWithoutFinishedGames(t *testing.T) {
	u, w := newTestUI(t, console.NewMemStore(), landscapeSize)
	ShowStats(u)
	wantText(t, w, "No finished games yet")
}
