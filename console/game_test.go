package console_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
)

// TestSeatSequenceHidesHiddenEvents: b's sequence numbers and history count
// only what b can see, so a's secret rolls leave no gap (issue 10,
// "Sequence numbers reveal hidden actions").
func TestSeatSequenceHidesHiddenEvents(t *testing.T) {
	play := func(secretRolls int) (console.SeatState, []console.HistoryLine) {
		s := newToy(t, nil)
		g := console.NewLocal(s)
		mustDo(t, g, "a", cmd("add", "n", 1))
		for i := 0; i < secretRolls; i++ {
			mustDo(t, g, "a", cmd("roll", "sides", 6))
		}
		mustDo(t, g, "b", cmd("add", "n", 2))
		st, err := g.State("b")
		if err != nil {
			t.Fatal(err)
		}
		h, err := g.History("b", 0)
		if err != nil {
			t.Fatal(err)
		}
		return st, h
	}
	none, hNone := play(0)
	three, hThree := play(3)
	if none.Seq != 2 || three.Seq != 2 {
		t.Fatalf("b's seq = %d without and %d with a's 3 secret rolls; want 2 both times", none.Seq, three.Seq)
	}
	a, b := fmt.Sprint(hNone), fmt.Sprint(hThree)
	if a != b {
		t.Fatalf("b's history differs with a's secret rolls:\n%s\n%s", a, b)
	}
	for i, l := range hThree {
		if l.Seq != uint64(i)+1 {
			t.Fatalf("b's line %d has seq %d; want %d (numbered in b's history)", i, l.Seq, i+1)
		}
	}
}

// TestSeatSequenceSurvivesUndoAndResume: per-seat numbers are stored with
// the game, taken back by undo and counted for saves that predate them.
func TestSeatSequenceSurvivesUndoAndResume(t *testing.T) {
	store := console.NewMemStore()
	s := newToy(t, store)
	g := console.NewLocal(s)
	mustDo(t, g, "a", cmd("roll", "sides", 6))
	mustDo(t, g, "a", cmd("add", "n", 1))
	out, err := g.Undo("a")
	if err != nil {
		t.Fatal(err)
	}
	if out.Seq != 1 || len(out.Lines) != 1 || out.Lines[0].Seq != 2 {
		t.Fatalf("a after undo: seq %d, lines %+v; want seq 1 and the undone line 2", out.Seq, out.Lines)
	}
	if st, _ := g.State("b"); st.Seq != 0 {
		t.Fatalf("b's seq after undo = %d; want 0 (a's roll is secret)", st.Seq)
	}
	mustDo(t, g, "b", cmd("add", "n", 1))
	// A save without per-seat counts (as written before they existed).
	meta, _ := store.Meta(s.ID())
	meta.Seen = nil
	if err := store.Append(s.ID(), nil, meta); err != nil {
		t.Fatal(err)
	}
	r, err := console.Open(toy{}, s.ID(), console.Options{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	for seat, want := range map[console.Seat]uint64{"a": 2, "b": 1, console.Public: 1} {
		st, err := console.NewLocal(r).State(seat)
		if err != nil || st.Seq != want {
			t.Fatalf("%s's seq after resume = %d (%v); want %d", seat, st.Seq, err, want)
		}
	}
}

// TestInfoHidesSeedUntilFinished: the dice seed leaves the host only when
// the game is over (issue 10, "The dice seed is readable mid-game").
func TestInfoHidesSeedUntilFinished(t *testing.T) {
	s := newToy(t, nil)
	g := console.NewLocal(s)
	if seed := g.Info().Seed; seed != 0 {
		t.Fatalf("Info().Seed = %d mid-game; want 0", seed)
	}
	if m := console.PublicMeta(s.Meta()); m.Setup.Seed != 0 {
		t.Fatalf("PublicMeta seed = %d mid-game; want 0", m.Setup.Seed)
	}
	mustDo(t, g, "a", cmd("roll", "sides", 6)) // secret: its time must not show either
	if up := g.Info().Updated; !up.IsZero() {
		t.Fatalf("Info().Updated = %v mid-game; want zero (it would time a hidden roll)", up)
	}
	mustDo(t, g, "a", cmd("finish"))
	if seed := g.Info().Seed; seed != toySetup.Seed {
		t.Fatalf("Info().Seed = %d after the end; want %d", seed, toySetup.Seed)
	}
}

func TestCommandIDReusedWithOtherArgsIsRefused(t *testing.T) {
	store := console.NewMemStore()
	s := newToy(t, store)
	c := cmd("add", "n", 2)
	c.ID = "tap-1"
	if _, err := s.Do("a", c); err != nil {
		t.Fatal(err)
	}
	other := cmd("add", "n", 3)
	other.ID = "tap-1"
	_, err := s.Do("a", other)
	if console.ReasonOf(err) != console.ReasonConflict || !strings.Contains(err.Error(), "different command") {
		t.Fatalf("same id, other arguments: %v; want a conflict refusal", err)
	}
	if got := total(t, s, "a").Total; got != 5 {
		t.Fatalf("total = %d; want 5 (the second command must not apply)", got)
	}
}

// TestOldCommandIDAppliedAtMostOnce: an id far older than the remembered
// window is found in the store's index, across a restart.
func TestOldCommandIDAppliedAtMostOnce(t *testing.T) {
	store := console.NewMemStore()
	s := newToy(t, store)
	c := cmd("add", "n", 2)
	c.ID = "first-tap"
	if _, err := s.Do("a", c); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 1500; i++ {
		x := cmd("add", "n", 0)
		x.ID = fmt.Sprintf("t%d", i)
		if _, err := s.Do("b", x); err != nil {
			t.Fatal(err)
		}
	}
	r, err := console.Open(toy{}, s.ID(), console.Options{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	res, err := r.Do("a", c)
	if err != nil || !res.Duplicate {
		t.Fatalf("retry of a 1500-commands-old id: %+v, %v; want a duplicate", res, err)
	}
	if got := total(t, r, "a").Total; got != 5 {
		t.Fatalf("total = %d; want 5", got)
	}
}

func TestNamesRefuseControlCharacters(t *testing.T) {
	bad := []console.Setup{
		{System: "toy", Seats: []console.Seat{"a\nb", "c"}},
		{System: "toy", Seats: []console.Seat{"a\x00", "c"}},
		{System: "toy", Seats: []console.Seat{"\xff\xfe", "c"}},
		{System: "toy", Seats: []console.Seat{" padded", "c"}},
		{System: "toy", Seats: []console.Seat{"a", "c"}, Title: "bell\a"},
		{System: "toy", Seats: []console.Seat{console.Seat(strings.Repeat("x", 25)), "c"}},
	}
	for _, setup := range bad {
		_, err := console.Create(toy{}, setup, console.Options{})
		if console.ReasonOf(err) != console.ReasonBadInput {
			t.Errorf("setup %q / %q: %v; want a bad-input refusal", setup.Seats, setup.Title, err)
		}
	}
	if _, err := console.Create(toy{}, console.Setup{System: "toy", Seats: []console.Seat{"Zoë", "李"}}, console.Options{}); err != nil {
		t.Fatalf("printable UTF-8 names refused: %v", err)
	}
}

// TestSubscribeDeliversInOrderOffTheCommitGoroutine: updates arrive in
// order, on another goroutine, and only when the seat's state changed.
func TestSubscribeDeliversInOrderOffTheCommitGoroutine(t *testing.T) {
	s := newToy(t, nil)
	g := console.NewLocal(s)
	var mu sync.Mutex
	var got []uint64
	committing := make(chan struct{})
	blocked := make(chan struct{}, 100)
	cancel := g.Subscribe("b", func(u console.Update) {
		select {
		case <-committing: // the committer has returned: fine
		default:
			blocked <- struct{}{}
		}
		mu.Lock()
		got = append(got, u.Seq)
		mu.Unlock()
	})
	defer cancel()
	for i := 0; i < 20; i++ {
		mustDo(t, g, "a", cmd("add", "n", 1))
		mustDo(t, g, "a", cmd("roll", "sides", 6)) // secret: b's state does not change
	}
	close(committing)
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := len(got)
		last := uint64(0)
		if n > 0 {
			last = got[n-1]
		}
		mu.Unlock()
		if last == 20 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("b's updates: %v; want them to reach seq 20", got)
		}
		time.Sleep(5 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	for i := 1; i < len(got); i++ {
		if got[i] <= got[i-1] {
			t.Fatalf("updates out of order or repeated: %v", got)
		}
	}
}

// TestSubscribeIgnoresHiddenChanges: a change b cannot see is not
// delivered to b at all, so its timing stays hidden.
func TestSubscribeIgnoresHiddenChanges(t *testing.T) {
	s := newToy(t, nil)
	g := console.NewLocal(s)
	updates := make(chan console.Update, 10)
	cancel := g.Subscribe("b", func(u console.Update) { updates <- u })
	defer cancel()
	mustDo(t, g, "a", cmd("roll", "sides", 6))
	mustDo(t, g, "b", cmd("add", "n", 1)) // a marker b does see
	select {
	case u := <-updates:
		if u.Seq != 1 {
			t.Fatalf("first update to b has seq %d; want 1 (the secret roll must not be delivered)", u.Seq)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no update for b's own command")
	}
}

func mustDo(t *testing.T, g console.Game, seat console.Seat, c console.Command) console.Outcome {
	t.Helper()
	out, err := g.Do(seat, c)
	if err != nil {
		t.Fatalf("%s %s: %v", seat, c.Name, err)
	}
	return out
}

// TestUndoRefusalSameForAnyOtherSeatsCommand: asking to undo another
// seat's command gets the rules' refusal whatever that command was, so the
// answer does not tell a barrier (a secret roll, a reveal) from any other
// command.
func TestUndoRefusalSameForAnyOtherSeatsCommand(t *testing.T) {
	refusal := func(c console.Command) string {
		s := newToy(t, nil)
		g := console.NewLocal(s)
		mustDo(t, g, "a", c)
		_, err := g.Undo("b")
		if err == nil {
			t.Fatalf("b undid a's %s", c.Name)
		}
		return err.Error()
	}
	barrier, plain := refusal(cmd("roll", "sides", 6, "open", true)), refusal(cmd("add", "n", 1))
	if barrier != plain {
		t.Fatalf("b's undo refusals differ:\nafter a barrier: %s\nafter a plain command: %s", barrier, plain)
	}
}
