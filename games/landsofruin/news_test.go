package landsofruin

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
)

// charNamed returns the character of g called name.
func charNamed(t *testing.T, g *state, name string) *character {
	t.Helper()
	for i := range g.Chars {
		if g.Chars[i].Name == name {
			return &g.Chars[i]
		}
	}
	t.Fatalf("no character %q", name)
	return nil
}

// TestUndoWhat: a request to take back a move names the move alone in
// words (the screen names the asker beside it), with the section's
// letter, for the asker and the players asked to agree;
// a request to undo the phase change names the phase; none without a
// request.
func TestUndoWhat(t *testing.T) {
	g := toAction(t)
	if v := New().View(g.s, "ben").(View); v.UndoWhat != "" {
		t.Fatalf("UndoWhat %q without a request", v.UndoWhat)
	}
	g.must(do("ana", CmdMove, "character", "dorian", "section", "crossing"), do("ana", CmdRequestUndo))
	tests := []struct {
		seat console.Seat
		want string
	}{
		{"ana", "Dorian's move to section F (crossing)"},
		{"ben", "Dorian's move to section F (crossing)"},
		{console.Public, "Dorian's move to section F (crossing)"},
	}
	for _, tt := range tests {
		if got := New().View(g.s, tt.seat).(View).UndoWhat; got != tt.want {
			t.Errorf("%s's UndoWhat = %q, want %q", tt.seat, got, tt.want)
		}
	}
	g.must(do("ben", CmdDenyUndo))
	g.endPhases(1) // → Sync
	g.must(do("ana", CmdRequestUndo, "what", "phase"))
	if got, want := New().View(g.s, "ben").(View).UndoWhat, "the end of the Action phase: the game returns to it as it was ended"; got != want {
		t.Errorf("phase undo: UndoWhat = %q, want %q", got, want)
	}
}

// TestUndoWhatKeepsHiddenMoves: a command naming a hidden character is
// named to its owner only; another seat reads "a command".
func TestUndoWhatKeepsHiddenMoves(t *testing.T) {
	g := battle(t, 3)
	st := g.st()
	k := charNamed(t, st, "Kestrel")
	data, err := console.Encode(Moved{Char: k.ID, From: "sw-block", To: "crossing"})
	if err != nil {
		t.Fatal(err)
	}
	e := console.Event{Type: EventMoved, Seat: "ana", Data: data}
	if got := st.commandWhat([]console.Event{e}, k.Owner); !strings.Contains(got, "Kestrel") {
		t.Errorf("the owner reads %q", got)
	}
	for _, p := range []int{1 - k.Owner, -1} {
		if got := st.commandWhat([]console.Event{e}, p); got != "a command" {
			t.Errorf("player %d reads %q, want %q", p, got, "a command")
		}
	}
}

// TestNews: a fall is news to every seat that sees the character, as the
// rules tell each: dead to its owner, down to the others; a hidden
// character's fall and a leader's fall only to the owner; a panic to all.
func TestNews(t *testing.T) {
	g := battle(t, 3)
	st := g.st()
	dorian, kestrel := charNamed(t, st, "Dorian"), charNamed(t, st, "Kestrel")
	ana, ben := dorian.Owner, 1-dorian.Owner
	st.Players[ana].Leader = dorian.ID
	e := console.Event{Type: EventResolution, Seat: "ana", Cmd: "c1"}
	b := st.beforeNews(e)
	dorian.Effects = append(dorian.Effects, effect{ID: "dead"})
	kestrel.Effects = append(kestrel.Effects, effect{ID: "unconscious"})
	st.recordNews(e, b)
	tests := []struct {
		p          int
		want, lack []string
	}{
		{ana, []string{"Dorian is dead", "Your leader Dorian has fallen", "Kestrel is down (unconscious)"}, nil},
		{ben, []string{"Dorian is down"}, []string{"dead", "leader", "Kestrel", "unconscious"}},
		{-1, []string{"Dorian is down"}, []string{"dead", "leader", "Kestrel", "unconscious"}},
	}
	for _, tt := range tests {
		got := strings.Join(st.newsFor(tt.p), "\n")
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("player %d's news %q lacks %q", tt.p, got, w)
			}
		}
		for _, w := range tt.lack {
			if strings.Contains(got, w) {
				t.Errorf("player %d's news %q tells %q", tt.p, got, w)
			}
		}
	}
	// The view carries them, and the other seat's bytes hold no secret.
	v := New().View(st, st.seat(ben)).(View)
	blob, err := json.Marshal(v.News)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.News) == 0 || strings.Contains(string(blob), "Kestrel") || strings.Contains(string(blob), "dead") {
		t.Errorf("ben's View.News %s", blob)
	}
	// A private command of ana's (an assignment) keeps the news: its
	// going would tell ben that she did something.
	st.recordNews(console.Event{Type: EventAssigned, Seat: "ana", Cmd: "c2"}, nil)
	if len(st.newsFor(ben)) == 0 {
		t.Error("a private command cleared the news")
	}
	// The next command others see starts afresh.
	st.recordNews(console.Event{Type: EventMoved, Seat: "ana", Cmd: "c3"}, nil)
	if n := st.newsFor(ana); len(n) != 0 {
		t.Errorf("news after the next command: %q", n)
	}
	// A panic is told to everyone.
	e = console.Event{Type: EventResolution, Seat: "ben", Cmd: "c4"}
	b = st.beforeNews(e)
	st.Players[ben].Morale = int(rules.Panicked)
	st.recordNews(e, b)
	if got := strings.Join(st.newsFor(ana), "\n"); !strings.Contains(got, "ben's team panics") {
		t.Errorf("ana's news %q lacks ben's panic", got)
	}
	if got := strings.Join(st.newsFor(ben), "\n"); !strings.Contains(got, "Your team panics") {
		t.Errorf("ben's news %q lacks the panic", got)
	}
}

// TestNewsOfAFullSizeGame plays the full-size golden game and gathers the
// headlines each seat was shown: Aurel's death is news to alice, who owns
// her, and only a fall to bob and the public; Skarn's unconsciousness
// likewise for bob; the end to all.
func TestNewsOfAFullSizeGame(t *testing.T) {
	setup, lines := conformance.ReadFile(t, "testdata/full-size.jsonl")
	s, err := console.Create(New(), setup, console.Options{})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[console.Seat][]string{}
	for _, l := range lines {
		if _, refusal, err := l.Play(s); err != nil || refusal != nil {
			continue
		}
		for _, seat := range []console.Seat{"alice", "bob", console.Public} {
			v, err := s.View(seat)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range v.(View).News {
				if !contains(seen[seat], n) {
					seen[seat] = append(seen[seat], n)
				}
			}
		}
	}
	tests := []struct {
		seat       console.Seat
		want, lack []string
	}{
		{"alice", []string{"Sister Aurel is dead", "Skarn is down", "The game is over: alice wins with 1000 points"}, []string{"Skarn is down (", "Berserkers 1 is dead"}},
		{"bob", []string{"Sister Aurel is down", "Skarn is down (unconscious)", "Androphage's Berserkers 1 is dead"}, []string{"Aurel is dead"}},
		{console.Public, []string{"Sister Aurel is down", "Skarn is down"}, []string{"dead", "unconscious"}},
	}
	for _, tt := range tests {
		all := strings.Join(seen[tt.seat], "\n")
		for _, w := range tt.want {
			if !strings.Contains(all, w) {
				t.Errorf("%s was not told %q; told:\n%s", tt.seat, w, all)
			}
		}
		for _, w := range tt.lack {
			if strings.Contains(all, w) {
				t.Errorf("%s was told %q:\n%s", tt.seat, w, all)
			}
		}
	}
}

// TestNoSeatReadsAnEnemysDeath plays the full-size golden game and checks
// every text shown to a seat (view, refusals, history, report for the
// public): none tells a death, an unconsciousness or a pin of a character
// the seat does not own; the owners are told.
func TestNoSeatReadsAnEnemysDeath(t *testing.T) {
	owner := map[string]string{"Sister Aurel": "alice", "Androphage's Berserkers 1": "bob", "Skarn": "bob"}
	told := map[string]bool{}
	wordsOfScriptWhere(t, "testdata/full-size.jsonl", func(where, text string) {
		for name, own := range owner {
			for _, word := range []string{" is dead", " is down (unconscious)", " is down (pinned)"} {
				if !strings.Contains(text, name+word) {
					continue
				}
				if strings.Contains(where, own+"'s ") {
					told[name] = true
					continue
				}
				t.Errorf("%s: %q tells the fall of %s, not the reader's", where, text, name)
			}
		}
	})
	for name := range owner {
		if !told[name] {
			t.Errorf("%s's owner was never told of the fall", name)
		}
	}
}
