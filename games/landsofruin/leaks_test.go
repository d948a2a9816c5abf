package landsofruin

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
)

// Leaks a review found after the first pass of issue 10, each a pair of
// games that differ only in ben's secret, where ana must receive the same
// bytes (DESIGN.md §4; rulebook "Hidden characters").

// TestHiddenEnvEntryLeavesOthersUndoAlone: ben entering his own hidden
// character as caught in an explosion is a command ana is never told of,
// so her own request-undo must not come and go with it.
func TestHiddenEnvEntryLeavesOthersUndoAlone(t *testing.T) {
	got := map[string][]byte{}
	for _, hidden := range []bool{false, true} {
		g := toAction(t)
		st := g.st()
		st.Phase = PhaseEnvironment
		st.Throwables, st.NextThrowable = []throwable{{ID: 1, Item: "frag-grenade", By: "p1-dorian", Section: "crossing", Counter: 2}}, 1
		g.must(do("ana", CmdExplosionHit, "throwable", 1, "rotters", 1))
		if hidden {
			g.must(do("ben", CmdExplosionHit, "throwable", 1, "character", "whisper"))
		}
		got[fmt.Sprint(hidden)] = seatBytes(t, g.s, "ana")
	}
	sameBytes(t, "ana's view", got)
}

// TestHiddenEnvOnlyEntryGivesNoLine: when the only Environment attacks are
// on characters ana cannot see, the resolution gives her no line at all
// (a bare "the Environment attacks are resolved" told her one was caught).
func TestHiddenEnvOnlyEntryGivesNoLine(t *testing.T) {
	got := map[string][]byte{}
	for _, hidden := range []bool{false, true} {
		g := toAction(t)
		st := g.st()
		st.Phase = PhaseEnvironment
		st.Throwables, st.NextThrowable = []throwable{{ID: 1, Item: "frag-grenade", By: "p1-dorian", Section: "crossing", Counter: 2}}, 1
		if hidden {
			g.must(do("ben", CmdExplosionHit, "throwable", 1, "character", "whisper"))
		}
		before, err := New().DecodeState(mustEncode(t, g.s))
		if err != nil {
			t.Fatal(err)
		}
		end, err := g.try(do("ana", CmdEndPhase))
		if err != nil {
			t.Fatal(err)
		}
		var lines []byte
		r := New()
		for _, e := range end {
			if l, ok := r.Describe(before, e, "ana"); ok {
				lines = append(append(lines, l...), '\n')
			}
			if before, err = r.Apply(before, e); err != nil {
				t.Fatal(err)
			}
		}
		got[fmt.Sprint(hidden)] = lines
	}
	sameBytes(t, "ana's history lines", got)
}

// localGame is a Lands of Ruin game behind the Game interface, set up to
// the pre-game with ana's infiltrator placed and ana ready.
func localGame(t *testing.T) *console.Local {
	t.Helper()
	s, err := console.Create(New(), twoPlayers(5, nil), console.Options{Store: console.NewMemStore(), Clock: func() time.Time { return time.Unix(1700000000, 0) }})
	if err != nil {
		t.Fatal(err)
	}
	l := console.NewLocal(s)
	for _, st := range []step{
		do("ana", CmdChooseSide, "side", "south"), do("ana", CmdChooseTeam, "team", "dorians-detachment"),
		do("ben", CmdChooseSide, "side", "north"), do("ben", CmdChooseTeam, "team", "night-raiders"),
		do("ana", CmdReady), do("ben", CmdReady),
		do("ana", CmdInfiltrate, "character", "kestrel", "section", "sw-block"), do("ana", CmdReady),
	} {
		if _, err := l.Do(st.seat, console.Command{Name: st.cmd, Args: st.args}); err != nil {
			t.Fatalf("%s %s: %v", st.seat, st.cmd, err)
		}
	}
	return l
}

// seatGets is everything seat receives through the Game interface.
func seatGets(t *testing.T, l *console.Local, seat console.Seat) string {
	t.Helper()
	st, err := l.State(seat)
	if err != nil {
		t.Fatal(err)
	}
	h, err := l.History(seat, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := l.Info()
	info.ID = "" // two games, two ids
	b, err := json.Marshal([]any{st, h, info})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestHiddenInfiltrationNotPushed: ben secretly placing an infiltrator, or
// taking it back, changes nothing ana receives (view, history, game
// description) and pushes her no update.
func TestHiddenInfiltrationNotPushed(t *testing.T) {
	quiet := localGame(t)
	busy := localGame(t)
	updates := make(chan console.Update, 10)
	cancel := busy.Subscribe("ana", func(u console.Update) { updates <- u })
	defer cancel()
	do := func(seat console.Seat, name string, args map[string]any) {
		if _, err := busy.Do(seat, console.Command{Name: name, Args: args}); err != nil {
			t.Fatalf("%s %s: %v", seat, name, err)
		}
	}
	do("ben", CmdInfiltrate, map[string]any{"character": "whisper", "section": "crossing"})
	if _, err := busy.Undo("ben"); err != nil {
		t.Fatal(err)
	}
	do("ben", CmdInfiltrate, map[string]any{"character": "whisper", "section": "nw-block"})
	if a, b := seatGets(t, quiet, "ana"), seatGets(t, busy, "ana"); a != b {
		t.Fatalf("ana receives other bytes after ben's hidden infiltration and its undo:\n%s\n---\n%s", a, b)
	}
	select {
	case u := <-updates:
		t.Fatalf("ana was pushed an update (%s, seq %d) by ben's hidden infiltration", u.Kind, u.Seq)
	case <-time.After(300 * time.Millisecond):
	}
}
