package console_test

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
)

func newToy(t *testing.T, store console.Store) *console.Session {
	t.Helper()
	s, err := console.Create(toy{}, toySetup, console.Options{Store: store, Clock: func() time.Time { return time.Unix(1, 0) }})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func total(t *testing.T, s *console.Session, seat console.Seat) toyView {
	t.Helper()
	v, err := s.View(seat)
	if err != nil {
		t.Fatal(err)
	}
	return v.(toyView)
}

func TestCommandIDIsIdempotent(t *testing.T) {
	s := newToy(t, nil)
	c := cmd("add", "n", 2)
	c.ID = "tap-1"
	first, err := s.Do("a", c)
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.Do("a", c)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Duplicate || again.Seq != first.Seq {
		t.Fatalf("second Do of the same id: got %+v, want the first result marked duplicate", again)
	}
	if got := total(t, s, "a").Total; got != 5 {
		t.Fatalf("total = %d after a double tap, want 5 (3 + 2 once)", got)
	}
}

func TestCommandIDSurvivesResume(t *testing.T) {
	store := console.NewMemStore()
	s := newToy(t, store)
	c := cmd("add", "n", 2)
	c.ID = "tap-1"
	if _, err := s.Do("a", c); err != nil {
		t.Fatal(err)
	}
	s.Do("b", cmd("add", "n", 1)) // no id: the engine makes one
	r, err := console.Open(toy{}, s.ID(), console.Options{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	again, err := r.Do("a", c)
	if err != nil || !again.Duplicate || again.Seq != 1 {
		t.Fatalf("retry after resume: %+v, %v; want the first result marked duplicate", again, err)
	}
	if got := total(t, r, "a").Total; got != 6 {
		t.Fatalf("total = %d after a retry across a restart, want 6", got)
	}
	bad := cmd("add", "n", 1)
	bad.ID = "~2"
	if _, err := r.Do("a", bad); !console.IsRejection(err) || !strings.Contains(err.Error(), "reserved") {
		t.Fatalf("a caller id in the engine's namespace: %v; want a rejection", err)
	}
}

func TestRejectedDecideDoesNotConsumeDice(t *testing.T) {
	// gamble rolls a d6 and refuses on a 1. A refused command must leave the
	// dice where they were, or a player could burn rolls with commands the
	// rules refuse and fish for a better one.
	s := newToy(t, nil)
	refusedAt := -1
	for i := 0; i < 60 && refusedAt < 0; i++ {
		if _, err := s.Do("a", cmd("gamble")); err != nil {
			if !console.IsRejection(err) {
				t.Fatal(err)
			}
			refusedAt = i
		}
	}
	if refusedAt < 0 {
		t.Fatal("seed 42 never rolled a 1 in 60 gambles: pick a seed that exercises a refusal")
	}
	// A twin game plays the same accepted gambles without the refused one.
	twin := newToy(t, nil)
	for i := 0; i < refusedAt; i++ {
		if _, err := twin.Do("a", cmd("gamble")); err != nil {
			t.Fatal(err)
		}
	}
	s.Do("a", cmd("roll", "sides", 100))
	twin.Do("a", cmd("roll", "sides", 100))
	if got, want := total(t, s, "a").Mine, total(t, twin, "a").Mine; len(got) != 1 || got[0] != want[0] {
		t.Fatalf("roll after a refused command = %v, without it = %v: the refusal moved the dice", got, want)
	}
}

func TestNoEventCommandDoesNotConsumeDice(t *testing.T) {
	s, twin := newToy(t, nil), newToy(t, nil)
	if res, err := s.Do("a", cmd("peek")); err != nil || len(res.Events) != 0 {
		t.Fatalf("peek: %+v, %v", res, err)
	}
	s.Do("a", cmd("roll", "sides", 100))
	twin.Do("a", cmd("roll", "sides", 100))
	if got, want := total(t, s, "a").Mine, total(t, twin, "a").Mine; got[0] != want[0] {
		t.Fatalf("roll after a command with no events = %v, without it = %v", got, want)
	}
}

func TestCommandIDIsBoundToItsSeat(t *testing.T) {
	s := newToy(t, nil)
	c := cmd("roll", "sides", 20)
	c.ID = "x1"
	if _, err := s.Do("a", c); err != nil {
		t.Fatal(err)
	}
	res, err := s.Do("b", c)
	if !console.IsRejection(err) || !strings.Contains(err.Error(), "another seat") || len(res.Events) != 0 {
		t.Fatalf("b reusing a's id: %+v, %v; want a rejection that shows b nothing", res, err)
	}
}

func TestUndo(t *testing.T) {
	s := newToy(t, nil)
	if _, err := s.Undo("a"); !console.IsRejection(err) || !strings.Contains(err.Error(), "nothing to undo") {
		t.Fatalf("undo on an empty log: %v", err)
	}
	s.Do("a", cmd("add", "n", 4))
	if _, err := s.Undo("b"); !console.IsRejection(err) || !strings.Contains(err.Error(), "only a") {
		t.Fatalf("undo of a's command by b: %v; want the rules' refusal", err)
	}
	if _, err := s.Undo("a"); err != nil {
		t.Fatal(err)
	}
	if got := total(t, s, "a").Total; got != 3 {
		t.Fatalf("total after undo = %d, want 3", got)
	}
	s.Do("a", cmd("roll", "sides", 6, "open", true))
	if _, err := s.Undo("a"); !console.IsRejection(err) || !strings.Contains(err.Error(), "seen") {
		t.Fatalf("undo of an open roll: %v; want a refusal (barrier)", err)
	}
	if m := s.Meta(); m.Undos != 1 || m.LastSeq != 1 {
		t.Fatalf("meta after undos: %+v", m)
	}
}

func TestUndoReopensFinishedGame(t *testing.T) {
	store := console.NewMemStore()
	s := newToy(t, store)
	s.Do("a", cmd("finish"))
	if m, _ := store.Meta(s.ID()); m.Status != console.StatusFinished {
		t.Fatalf("stored status %q after finish", m.Status)
	}
	if _, err := s.Undo("a"); err != nil {
		t.Fatal(err)
	}
	if m, _ := store.Meta(s.ID()); m.Status != console.StatusActive {
		t.Fatalf("stored status %q after undoing the finish, want active", m.Status)
	}
}

func TestViewsHideOtherSeatsSecrets(t *testing.T) {
	s := newToy(t, nil)
	s.Do("a", cmd("add", "n", 1))
	s.Do("a", cmd("roll", "sides", 20))
	if got := total(t, s, "b").Mine; len(got) != 0 {
		t.Fatalf("b sees a's secret roll: %v", got)
	}
	if got := total(t, s, "a").Mine; len(got) != 1 {
		t.Fatalf("a does not see its own roll: %v", got)
	}
	h, err := s.History("b")
	if err != nil || len(h) != 1 {
		t.Fatalf("history for b: %d lines, %v; want only a's public add", len(h), err)
	}
	for _, l := range h {
		if l.Type == "rolled" {
			t.Fatalf("b's history shows a's secret roll: %+v", l)
		}
	}
	if _, err := s.View("nobody"); !console.IsRejection(err) {
		t.Fatalf("view for an unknown seat: %v", err)
	}
}

// failingStore refuses appends on demand, to prove memory never runs ahead
// of what is saved.
type failingStore struct {
	*console.MemStore
	fail bool
}

func (f *failingStore) Append(id string, evs []console.Event, m console.GameMeta) error {
	if f.fail {
		return errors.New("disk full")
	}
	return f.MemStore.Append(id, evs, m)
}

func TestFailedSaveLeavesGameAsSaved(t *testing.T) {
	fs := &failingStore{MemStore: console.NewMemStore()}
	s := newToy(t, fs)
	s.Do("a", cmd("add", "n", 1))
	fs.fail = true
	_, err := s.Do("a", cmd("add", "n", 5))
	if err == nil || console.IsRejection(err) || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("Do with a failing store: %v; want an internal error naming the cause", err)
	}
	if got := total(t, s, "a").Total; got != 4 {
		t.Fatalf("total = %d after a failed save, want 4 (the saved state)", got)
	}
	fs.fail = false
	if _, err := s.Do("a", cmd("add", "n", 5)); err != nil {
		t.Fatal(err)
	}
	if got := total(t, s, "a").Total; got != 9 {
		t.Fatalf("total = %d, want 9", got)
	}
}

func TestConcurrentCommandsAreSerialised(t *testing.T) {
	s := newToy(t, nil)
	var mu sync.Mutex
	seen := map[uint64]bool{}
	cancel := s.Subscribe(func(c console.Change) {
		mu.Lock()
		seen[c.Seq] = true
		mu.Unlock()
		if _, err := s.View("a"); err != nil { // subscribers may read
			t.Error(err)
		}
	})
	defer cancel()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(seat console.Seat) {
			defer wg.Done()
			for i := 0; i < 25; i++ {
				if _, err := s.Do(seat, cmd("add", "n", 1)); err != nil {
					t.Error(err)
				}
			}
		}([]console.Seat{"a", "b"}[g%2])
	}
	wg.Wait()
	if got := total(t, s, "a").Total; got != 3+200 {
		t.Fatalf("total = %d, want 203", got)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 200 {
		t.Fatalf("subscriber saw %d changes, want 200", len(seen))
	}
}

func TestSetupValidation(t *testing.T) {
	cases := []struct {
		name  string
		setup console.Setup
		want  string
	}{
		{"too many seats", console.Setup{Seats: []console.Seat{"a", "b", "c", "d", "e"}}, "1 to 4 seats"},
		{"no seats", console.Setup{}, "1 to 4 seats"},
		{"duplicate", console.Setup{Seats: []console.Seat{"a", "a"}}, "twice"},
		{"public", console.Setup{Seats: []console.Seat{"public"}}, "reserved"},
		{"blank", console.Setup{Seats: []console.Seat{" "}}, "empty"},
		{"bad option", console.Setup{Seats: []console.Seat{"a"}, Options: map[string]string{"start": "lots"}}, "start"},
		{"unknown option", console.Setup{Seats: []console.Seat{"a"}, Options: map[string]string{"speed": "1"}}, "speed"},
		{"other system", console.Setup{System: "chess", Seats: []console.Seat{"a"}}, "chess"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := console.Create(toy{}, c.setup, console.Options{})
			if !console.IsRejection(err) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want a rejection mentioning %q", err, c.want)
			}
		})
	}
	s, err := console.Create(toy{}, console.Setup{Seats: []console.Seat{"a"}}, console.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if m := s.Meta(); m.Setup.Seed == 0 || m.Setup.Title != "Toy" {
		t.Fatalf("defaults not filled in: %+v", m.Setup)
	}
}

func TestCheckpointMakesResumeReplayNothing(t *testing.T) {
	store := console.NewMemStore()
	s := newToy(t, store)
	for i := 0; i < 5; i++ {
		s.Do("a", cmd("add", "n", 1))
	}
	if err := s.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	_, snap, tail, err := store.Load(s.ID())
	if err != nil || snap == nil || snap.Seq != 5 || len(tail) != 0 {
		t.Fatalf("after checkpoint: snap %+v, tail %d, err %v", snap, len(tail), err)
	}
}

// TestHistoryCacheFollowsUndo: History describes only the events since
// its last call, and an undo (which cuts the log) makes it start again, so
// its lines are always those of the game opened afresh from the store.
func TestHistoryCacheFollowsUndo(t *testing.T) {
	store := console.NewMemStore()
	s := newToy(t, store)
	seat := s.Meta().Setup.Seats[0]
	check := func(when string) {
		t.Helper()
		got, err := s.History(seat)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := console.Open(toy{}, s.ID(), console.Options{Store: store})
		if err != nil {
			t.Fatal(err)
		}
		want, err := fresh.History(seat)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%s: history %v, the game opened afresh has %v", when, got, want)
		}
		if len(got) > 0 {
			got[0].Text = "changed by the caller" // must not reach the cache
		}
	}
	check("new game")
	for i := 1; i <= 3; i++ {
		if _, err := s.Do(seat, console.Command{Name: "add", Args: map[string]any{"n": i}}); err != nil {
			t.Fatal(err)
		}
		check(fmt.Sprintf("after add %d", i))
	}
	// An undo and a new command between two calls: the log is as long as
	// before, but its last event is another.
	if _, err := s.Undo(seat); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Do(seat, console.Command{Name: "roll", Args: map[string]any{"sides": 6}}); err != nil {
		t.Fatal(err)
	}
	check("after an undo and another command")
	if _, err := s.Undo(seat); err != nil {
		t.Fatal(err)
	}
	check("after the undo")
}
