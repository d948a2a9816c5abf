package home

import (
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
)

func TestStatsAfterTwoScorePadGames(t *testing.T) {
	st := console.NewMemStore()
	apptest.FinishPad(t, st, "Monday", []int{12, 9}, "Alice", "Bob")
	apptest.FinishPad(t, st, "Tuesday", []int{7, 7, 3}, "alice", "Bob", "Cy")
	apptest.NewPad(t, st, "Unfinished", nil, "Alice", "Zed")
	u, w := newTestUI(t, st, apptest.LandscapeSize)

	apptest.TapButton(t, w, "Stats")
	s, ok := u.Current().(*statsScreen)
	if !ok {
		t.Fatalf("Stats opened %T", u.Current())
	}
	if s.finished != 2 || len(s.players) != 3 {
		t.Fatalf("%d finished games, %d players; want 2 and 3 (the unfinished game left out)", s.finished, len(s.players))
	}
	apptest.WantText(t, w, "From 2 finished games in the saves")
	// Alice: two games, two wins (one shared), best 12, average 9.5.
	a := s.players[0]
	if !strings.EqualFold(a.Name, "alice") || a.Games != 2 || a.Wins != 2 || a.Best == nil || *a.Best != 12 {
		t.Errorf("first record = %+v, want alice with 2 games, 2 wins, best 12", a)
	}
	for _, want := range []string{a.Name, "Bob", "Cy", "9.5", "8.0", "3.0", "Played: Score pad"} {
		apptest.WantText(t, w, want)
	}
	apptest.TapButton(t, w, "Home")
	if _, ok := u.Current().(*Screen); !ok {
		t.Errorf("Home led to %T", u.Current())
	}
}

func TestStatsWithoutFinishedGames(t *testing.T) {
	u, w := newTestUI(t, console.NewMemStore(), apptest.LandscapeSize)
	ShowStats(u)
	apptest.WantText(t, w, "No finished games yet")
}
