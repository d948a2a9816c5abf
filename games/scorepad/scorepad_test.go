package scorepad

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// step is one command of a test game.
type step struct {
	seat console.Seat
	cmd  string
	args map[string]any
}

func add(player string, points int) step {
	return step{console.Seat(player), CmdAdd, map[string]any{"player": player, "points": points}}
}

func addIn(player string, points, round int) step {
	return step{console.Seat(player), CmdAdd, map[string]any{"player": player, "points": points, "round": round}}
}

func set(player string, round, points int) step {
	return step{console.Seat(player), CmdSet, map[string]any{"player": player, "round": round, "points": points}}
}

func next(seat string) step { return step{console.Seat(seat), CmdNextRound, nil} }
func end(seat string) step  { return step{console.Seat(seat), CmdEnd, nil} }

func setupOf(opts map[string]string, seats ...console.Seat) console.Setup {
	return console.Setup{System: ID, Title: "test", Seed: 1, Seats: seats, Options: opts}
}

func newGame(t testing.TB, setup console.Setup) console.State {
	t.Helper()
	s, err := New().New(setup)
	if err != nil {
		t.Fatalf("New(%+v): %v", setup, err)
	}
	return s
}

// decide validates the step's arguments as the Session does and asks the
// rules for its events.
func decide(r *Rules, s console.State, st step) ([]console.Event, error) {
	spec, ok := console.FindCommand(r.Commands(), st.cmd)
	if !ok {
		return nil, console.Reject("unknown command %q", st.cmd)
	}
	g := s.(*state)
	seats := make([]console.Seat, len(g.Players))
	for i, p := range g.Players {
		seats[i] = console.Seat(p)
	}
	args, err := console.ValidateArgs(spec.Args, st.args, seats)
	if err != nil {
		return nil, err
	}
	return r.Decide(s, st.seat, console.Command{ID: "t", Name: st.cmd, Args: args}, nil)
}

// play runs one step: Decide then Apply of every event. It checks that
// Decide left the state untouched.
func play(t testing.TB, s console.State, st step) (console.State, []console.Event, error) {
	t.Helper()
	r := New()
	before, err := r.EncodeState(s)
	if err != nil {
		t.Fatalf("EncodeState: %v", err)
	}
	events, err := decide(r, s, st)
	after, err2 := r.EncodeState(s)
	if err2 != nil || !bytes.Equal(before, after) {
		t.Fatalf("%s %v: Decide modified the state", st.cmd, st.args)
	}
	if err != nil {
		return s, nil, err
	}
	for _, e := range events {
		if s, err = r.Apply(s, e); err != nil {
			t.Fatalf("%s %v: Apply(%s): %v", st.cmd, st.args, e.Type, err)
		}
	}
	return s, events, nil
}

func playAll(t testing.TB, s console.State, steps []step) console.State {
	t.Helper()
	for i, st := range steps {
		var err error
		if s, _, err = play(t, s, st); err != nil {
			t.Fatalf("step %d (%s %v): %v", i+1, st.cmd, st.args, err)
		}
	}
	return s
}

// placeList renders placements compactly as "name:place:score".
func placeList(ps []console.Placement) []string {
	out := []string{}
	for _, p := range ps {
		out = append(out, fmt.Sprintf("%s:%d:%d", p.Name, p.Place, p.Score))
	}
	return out
}

func TestRules(t *testing.T) {
	ab := []console.Seat{"alice", "bob"}
	abc := []console.Seat{"alice", "bob", "carol"}
	tests := []struct {
		name     string
		opts     map[string]string
		seats    []console.Seat
		steps    []step
		totals   []int
		scores   [][]int // per player, per round
		round    int
		finished bool
		reason   string
		leaders  []string
		summary  string
		places   []string
	}{
		{
			name: "new game", seats: ab,
			totals: []int{0, 0}, scores: [][]int{{0}, {0}}, round: 1,
			leaders: []string{"alice", "bob"}, summary: "Round 1 · all tied at 0", places: []string{},
		},
		{
			name: "adding", seats: ab,
			steps:  []step{add("alice", 5), add("bob", 3), add("alice", 2), next("bob"), add("bob", 10)},
			totals: []int{7, 13}, scores: [][]int{{7, 0}, {3, 10}}, round: 2,
			leaders: []string{"bob"}, summary: "Round 2 · bob leads with 13", places: []string{},
		},
		{
			name: "negative scores", seats: ab,
			steps:  []step{add("alice", -5), add("bob", 2), add("bob", -4)},
			totals: []int{-5, -2}, scores: [][]int{{-5}, {-2}}, round: 1,
			leaders: []string{"bob"}, summary: "Round 1 · bob leads with -2", places: []string{},
		},
		{
			name: "any seat writes any player", seats: ab,
			steps:  []step{{"bob", CmdAdd, map[string]any{"player": "alice", "points": 9}}},
			totals: []int{9, 0}, scores: [][]int{{9}, {0}}, round: 1,
			leaders: []string{"alice"}, summary: "Round 1 · alice leads with 9", places: []string{},
		},
		{
			name: "editing a past round", seats: ab,
			steps: []step{
				add("alice", 5), add("bob", 6), next("alice"),
				add("alice", 1), addIn("bob", 4, 1), set("alice", 1, 20), set("bob", 2, -3),
			},
			totals: []int{21, 7}, scores: [][]int{{20, 1}, {10, -3}}, round: 2,
			leaders: []string{"alice"}, summary: "Round 2 · alice leads with 21", places: []string{},
		},
		{
			name: "set the current round", seats: ab,
			steps:  []step{add("alice", 5), set("alice", 1, 2)},
			totals: []int{2, 0}, scores: [][]int{{2}, {0}}, round: 1,
			leaders: []string{"alice"}, summary: "Round 1 · alice leads with 2", places: []string{},
		},
		{
			name: "tied leaders", seats: abc,
			steps:  []step{add("alice", 4), add("carol", 4), add("bob", 1)},
			totals: []int{4, 1, 4}, scores: [][]int{{4}, {1}, {4}}, round: 1,
			leaders: []string{"alice", "carol"}, summary: "Round 1 · alice and carol lead with 4", places: []string{},
		},
		{
			name: "target in high mode ends at the end of the round", opts: map[string]string{"target": "20"}, seats: ab,
			steps: []step{
				add("alice", 15), add("bob", 5), next("alice"),
				add("alice", 10), add("bob", 30), next("alice"),
			},
			totals: []int{25, 35}, scores: [][]int{{15, 10}, {5, 30}}, round: 2, finished: true, reason: "target",
			leaders: []string{"bob"}, summary: "bob wins with 35", places: []string{"bob:1:35", "alice:2:25"},
		},
		{
			name: "target not reached goes on", opts: map[string]string{"target": "20"}, seats: ab,
			steps:  []step{add("alice", 19), next("alice")},
			totals: []int{19, 0}, scores: [][]int{{19, 0}, {0, 0}}, round: 2,
			leaders: []string{"alice"}, summary: "Round 2 · alice leads with 19", places: []string{},
		},
		{
			name: "target in low mode: lowest wins", opts: map[string]string{"target": "100", "wins": "low"}, seats: abc,
			steps: []step{
				add("alice", 40), add("bob", 60), add("carol", 26), next("carol"),
				add("alice", 20), add("bob", 45), add("carol", 0), next("carol"),
			},
			totals: []int{60, 105, 26}, scores: [][]int{{40, 20}, {60, 45}, {26, 0}}, round: 2, finished: true, reason: "target",
			leaders: []string{"carol"}, summary: "carol wins with 26", places: []string{"carol:1:26", "alice:2:60", "bob:3:105"},
		},
		{
			name: "low mode leader", opts: map[string]string{"wins": "low"}, seats: ab,
			steps:  []step{add("alice", 3), add("bob", 8)},
			totals: []int{3, 8}, scores: [][]int{{3}, {8}}, round: 1,
			leaders: []string{"alice"}, summary: "Round 1 · alice leads with 3", places: []string{},
		},
		{
			name: "fixed rounds", opts: map[string]string{"rounds": "3"}, seats: ab,
			steps: []step{
				add("alice", 1), next("bob"), add("bob", 2), next("bob"), add("alice", 5), next("alice"),
			},
			totals: []int{6, 2}, scores: [][]int{{1, 0, 5}, {0, 2, 0}}, round: 3, finished: true, reason: "rounds",
			leaders: []string{"alice"}, summary: "alice wins with 6", places: []string{"alice:1:6", "bob:2:2"},
		},
		{
			name: "fixed rounds in progress", opts: map[string]string{"rounds": "3"}, seats: ab,
			steps:  []step{add("bob", 1), next("bob")},
			totals: []int{0, 1}, scores: [][]int{{0, 0}, {1, 0}}, round: 2,
			leaders: []string{"bob"}, summary: "Round 2 of 3 · bob leads with 1", places: []string{},
		},
		{
			name: "target and rounds: target first", opts: map[string]string{"target": "10", "rounds": "5"}, seats: ab,
			steps:  []step{add("alice", 10), next("alice")},
			totals: []int{10, 0}, scores: [][]int{{10}, {0}}, round: 1, finished: true, reason: "target",
			leaders: []string{"alice"}, summary: "alice wins with 10", places: []string{"alice:1:10", "bob:2:0"},
		},
		{
			name: "target and rounds: rounds first", opts: map[string]string{"target": "100", "rounds": "2"}, seats: ab,
			steps:  []step{add("alice", 10), next("alice"), add("bob", 12), next("alice")},
			totals: []int{10, 12}, scores: [][]int{{10, 0}, {0, 12}}, round: 2, finished: true, reason: "rounds",
			leaders: []string{"bob"}, summary: "bob wins with 12", places: []string{"bob:1:12", "alice:2:10"},
		},
		{
			name: "ties share a place", seats: []console.Seat{"alice", "bob", "carol", "dave"},
			steps: []step{
				add("alice", 40), add("bob", 40), add("carol", 12), add("dave", 12), end("dave"),
			},
			totals: []int{40, 40, 12, 12}, scores: [][]int{{40}, {40}, {12}, {12}}, round: 1, finished: true, reason: "agreed",
			leaders: []string{"alice", "bob"}, summary: "alice and bob tie for first with 40",
			places: []string{"alice:1:40", "bob:1:40", "carol:3:12", "dave:3:12"},
		},
		{
			name: "ties in low mode", opts: map[string]string{"wins": "low"}, seats: abc,
			steps:  []step{add("alice", 7), add("bob", 2), add("carol", 2), end("alice")},
			totals: []int{7, 2, 2}, scores: [][]int{{7}, {2}, {2}}, round: 1, finished: true, reason: "agreed",
			leaders: []string{"bob", "carol"}, summary: "bob and carol tie for first with 2",
			places: []string{"bob:1:2", "carol:1:2", "alice:3:7"},
		},
		{
			name: "end by agreement", seats: ab,
			steps:  []step{add("alice", 3), next("alice"), end("bob")},
			totals: []int{3, 0}, scores: [][]int{{3, 0}, {0, 0}}, round: 2, finished: true, reason: "agreed",
			leaders: []string{"alice"}, summary: "alice wins with 3", places: []string{"alice:1:3", "bob:2:0"},
		},
		{
			name: "solo", seats: []console.Seat{"alice"},
			steps:  []step{add("alice", 12), end("alice")},
			totals: []int{12}, scores: [][]int{{12}}, round: 1, finished: true, reason: "agreed",
			leaders: []string{"alice"}, summary: "alice finishes with 12", places: []string{"alice:1:12"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := playAll(t, newGame(t, setupOf(tt.opts, tt.seats...)), tt.steps)
			r := New()
			v := r.View(s, console.Public).(View)
			var totals []int
			var scores [][]int
			var leaders []string
			for _, p := range v.Players {
				totals = append(totals, p.Total)
				scores = append(scores, p.Scores)
				if p.Leader {
					leaders = append(leaders, p.Name)
				}
			}
			if !reflect.DeepEqual(totals, tt.totals) {
				t.Errorf("totals = %v, want %v", totals, tt.totals)
			}
			if !reflect.DeepEqual(scores, tt.scores) {
				t.Errorf("scores = %v, want %v", scores, tt.scores)
			}
			if !reflect.DeepEqual(leaders, tt.leaders) {
				t.Errorf("leaders = %v, want %v", leaders, tt.leaders)
			}
			if v.Round != tt.round || v.RoundCount != tt.round {
				t.Errorf("round = %d, round_count = %d, want %d", v.Round, v.RoundCount, tt.round)
			}
			if v.Finished != tt.finished || v.EndReason != tt.reason {
				t.Errorf("finished, reason = %v, %q; want %v, %q", v.Finished, v.EndReason, tt.finished, tt.reason)
			}
			st := r.Status(s)
			if st.Finished != tt.finished {
				t.Errorf("Status.Finished = %v, want %v", st.Finished, tt.finished)
			}
			if st.Summary != tt.summary || v.Summary != tt.summary {
				t.Errorf("summary = %q (view %q), want %q", st.Summary, v.Summary, tt.summary)
			}
			if got := placeList(st.Placements); !reflect.DeepEqual(got, tt.places) {
				t.Errorf("Status.Placements = %v, want %v", got, tt.places)
			}
			if got := placeList(v.Placements); !reflect.DeepEqual(got, tt.places) {
				t.Errorf("View.Placements = %v, want %v", got, tt.places)
			}
			for _, p := range v.Placements {
				for _, pv := range v.Players {
					if pv.Seat == p.Seat && pv.Place != p.Place {
						t.Errorf("%s: player place = %d, want %d", pv.Seat, pv.Place, p.Place)
					}
				}
			}
			if !tt.finished {
				for _, pv := range v.Players {
					if pv.Place != 0 {
						t.Errorf("%s: place = %d before the end, want 0", pv.Seat, pv.Place)
					}
				}
			}
			// Every seat sees the same pad as the public; only the
			// commands it may give are its own.
			for _, seat := range append(tt.seats, "stranger") {
				got := r.View(s, seat).(View)
				got.Commands = v.Commands
				if !reflect.DeepEqual(got, v) {
					t.Errorf("View(%s) differs from the public view", seat)
				}
			}
		})
	}
}

func TestRefusals(t *testing.T) {
	ab := []console.Seat{"alice", "bob"}
	over := []step{add("alice", 1), end("bob")}
	tests := []struct {
		name  string
		opts  map[string]string
		steps []step
		try   step
		want  string
	}{
		{"add after the end", nil, over, add("alice", 1), "the game is over; undo to change it"},
		{"set after the end", nil, over, set("bob", 1, 1), "the game is over; undo to change it"},
		{"next-round after the end", nil, over, next("alice"), "the game is over; undo to change it"},
		{"end after the end", nil, over, end("alice"), "the game is over; undo to change it"},
		{"end after the target", map[string]string{"target": "5"}, []step{add("bob", 5), next("bob")}, end("alice"),
			"the game is over; undo to change it"},
		{"round that does not exist yet", nil, []step{next("alice"), next("alice")}, addIn("alice", 1, 7),
			"round 7 does not exist yet: the current round is 3"},
		{"set a future round", nil, nil, set("bob", 2, 1), "round 2 does not exist yet: the current round is 1"},
		{"round zero", nil, nil, addIn("alice", 1, 0), `argument "round": 0 is not a whole number from 1 to 1000`},
		{"cell would overflow", nil, []step{add("alice", 100000)}, add("alice", 1),
			"alice's score in round 1 would be 100001: a round score must stay between -100000 and 100000"},
		{"cell would underflow in a past round", nil, []step{add("bob", -99999), next("bob")}, addIn("bob", -2, 1),
			"bob's score in round 1 would be -100001: a round score must stay between -100000 and 100000"},
		{"points out of range", nil, nil, add("alice", 100001),
			`argument "points": 100001 is not a whole number from -100000 to 100000`},
		{"set out of range", nil, nil, set("alice", 1, -100001),
			`argument "points": -100001 is not a whole number from -100000 to 100000`},
		{"unknown player", nil, nil, step{"alice", CmdAdd, map[string]any{"player": "zed", "points": 1}},
			`argument "player": "zed" is not a seat of this game (seats: alice, bob)`},
		{"missing points", nil, nil, step{"alice", CmdAdd, map[string]any{"player": "bob"}},
			`missing argument "points": a whole number from -100000 to 100000`},
		{"set needs a round", nil, nil, step{"alice", CmdSet, map[string]any{"player": "bob", "points": 1}},
			`missing argument "round": a whole number from 1 to 1000`},
		{"unknown argument", nil, nil, step{"alice", CmdNextRound, map[string]any{"round": 2}},
			`argument "round"`},
		{"unknown command", nil, nil, step{"alice", "roll", nil},
			`unknown command "roll" (commands: add, end, next-round, set)`},
		{"not a player", nil, nil, step{"zed", CmdEnd, nil},
			`"zed" is not at this table; the players are alice, bob`},
		{"public may not write", nil, nil, step{console.Public, CmdAdd, map[string]any{"player": "bob", "points": 1}},
			`"public" is not at this table; the players are alice, bob`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := playAll(t, newGame(t, setupOf(tt.opts, ab...)), tt.steps)
			r := New()
			// Decide directly with raw arguments too: it re-validates them.
			_, err := r.Decide(s, tt.try.seat, console.Command{Name: tt.try.cmd, Args: tt.try.args}, nil)
			if err == nil {
				t.Fatalf("%s %v: no error, want %q", tt.try.cmd, tt.try.args, tt.want)
			}
			if !console.IsRejection(err) {
				t.Errorf("error %v is not a Rejection", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %q, want it to contain %q", err, tt.want)
			}
		})
	}
}

func TestRoundLimitOfThePad(t *testing.T) {
	s := newGame(t, setupOf(nil, "alice"))
	for i := 1; i < MaxRounds; i++ {
		s = playAll(t, s, []step{next("alice")})
	}
	_, _, err := play(t, s, next("alice"))
	want := "the pad holds at most 1000 rounds; end the game"
	if err == nil || err.Error() != want {
		t.Fatalf("next-round in round %d: got %v, want %q", MaxRounds, err, want)
	}
	s = playAll(t, s, []step{end("alice")})
	if v := New().View(s, console.Public).(View); !v.Finished || v.Round != MaxRounds {
		t.Errorf("after end: finished %v round %d, want true %d", v.Finished, v.Round, MaxRounds)
	}
}

func TestSetup(t *testing.T) {
	long := console.Seat(strings.Repeat("x", 25))
	tests := []struct {
		name  string
		seats []console.Seat
		opts  map[string]string
		want  string // "" for success
	}{
		{"ok", []console.Seat{"alice", "bob"}, nil, ""},
		{"eight players", []console.Seat{"a", "b", "c", "d", "e", "f", "g", "h"}, nil, ""},
		{"all options", []console.Seat{"a"}, map[string]string{"target": "100", "rounds": "10", "wins": "low"}, ""},
		{"no players", nil, nil, "Score pad needs 1 to 8 seats, got 0"},
		{"nine players", []console.Seat{"a", "b", "c", "d", "e", "f", "g", "h", "i"}, nil, "Score pad needs 1 to 8 seats, got 9"},
		{"empty name", []console.Seat{"alice", " "}, nil, "a seat name is empty"},
		{"long name", []console.Seat{long}, nil, "is longer than 24 bytes"},
		{"24 bytes is fine", []console.Seat{long[1:]}, nil, ""},
		{"twice", []console.Seat{"alice", "bob", "alice"}, nil, `seat "alice" is given twice`},
		{"public", []console.Seat{"public"}, nil, `"public" is reserved`},
		{"negative target", []console.Seat{"a"}, map[string]string{"target": "-1"}, `setup option: argument "target": -1 is not a whole number`},
		{"target not a number", []console.Seat{"a"}, map[string]string{"target": "lots"}, `argument "target": lots is not a whole number`},
		{"too many rounds", []console.Seat{"a"}, map[string]string{"rounds": "1001"}, `argument "rounds": 1001`},
		{"bad wins", []console.Seat{"a"}, map[string]string{"wins": "most"}, `argument "wins": most is not one of high, low`},
		{"unknown option", []console.Seat{"a"}, map[string]string{"timer": "5"}, `unknown argument "timer"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New().New(setupOf(tt.opts, tt.seats...))
			if tt.want == "" {
				if err != nil {
					t.Fatalf("New: %v", err)
				}
				if _, err := New().DecodeState(mustEncode(t, s)); err != nil {
					t.Errorf("a new pad does not pass DecodeState: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("New: got %v, want %q", err, tt.want)
			}
			if !console.IsRejection(err) {
				t.Errorf("error %v is not a Rejection", err)
			}
		})
	}
	if _, err := New().New(console.Setup{System: "runika", Seats: []console.Seat{"a"}}); err == nil {
		t.Error("New accepted another system's setup")
	}
}

func TestOptionsInView(t *testing.T) {
	s := newGame(t, setupOf(map[string]string{"target": "150", "rounds": "12", "wins": "low"}, "alice", "bob"))
	v := New().View(s, "alice").(View)
	if v.Target != 150 || v.RoundsLimit != 12 || v.Wins != "low" {
		t.Errorf("target, rounds_limit, wins = %d, %d, %q; want 150, 12, low", v.Target, v.RoundsLimit, v.Wins)
	}
	s = newGame(t, setupOf(nil, "alice"))
	v = New().View(s, "alice").(View)
	if v.Target != 0 || v.RoundsLimit != 0 || v.Wins != "high" {
		t.Errorf("defaults: target, rounds_limit, wins = %d, %d, %q; want 0, 0, high", v.Target, v.RoundsLimit, v.Wins)
	}
}

func mustEncode(t testing.TB, s console.State) []byte {
	t.Helper()
	b, err := New().EncodeState(s)
	if err != nil {
		t.Fatalf("EncodeState: %v", err)
	}
	return b
}

func TestDescribe(t *testing.T) {
	s := newGame(t, setupOf(map[string]string{"target": "10"}, "alice", "bob"))
	steps := []step{add("alice", 5), add("bob", -3), next("bob"), set("alice", 1, 12), add("bob", 0), next("alice")}
	want := []string{
		"alice +5 in round 1",
		"bob -3 in round 1",
		"round 1 closed",
		"alice's round 1 score set to 12 (was 5)",
		"bob +0 in round 2",
		"round 2 closed; the game ends",
		"game ended (target reached): alice wins with 12",
	}
	r := New()
	var got []string
	for _, st := range steps {
		var events []console.Event
		var err error
		before := s
		if s, events, err = play(t, s, st); err != nil {
			t.Fatalf("%s: %v", st.cmd, err)
		}
		for _, e := range events {
			for _, seat := range []console.Seat{"alice", "bob", console.Public} {
				line, ok := r.Describe(before, e, seat)
				if !ok {
					t.Errorf("%s hidden from %s", e.Type, seat)
				}
				if seat == console.Public {
					got = append(got, line)
				}
			}
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("history =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, e := range []console.Event{
		{Type: EventScoreAdded, Data: []byte{0xc1}},
		{Type: EventGameEnded},
		{Type: "mystery"},
	} {
		if line, ok := r.Describe(s, e, "alice"); line == "" || !ok {
			t.Errorf("Describe(%s with bad data) = %q, %v", e.Type, line, ok)
		}
	}
	evs, _ := decide(r, newGame(t, setupOf(nil, "alice", "bob")), end("bob"))
	if line, _ := r.Describe(nil, evs[0], "bob"); line != "game ended (by agreement): alice and bob tie for first with 0" {
		t.Errorf("end line = %q", line)
	}
	evs, _ = decide(r, playAll(t, newGame(t, setupOf(map[string]string{"rounds": "1"}, "alice", "bob")), []step{add("bob", 1)}), next("bob"))
	if line, _ := r.Describe(nil, evs[1], "bob"); line != "game ended (all rounds played): bob wins with 1" {
		t.Errorf("end line = %q", line)
	}
}

func TestEvents(t *testing.T) {
	r := New()
	s := newGame(t, setupOf(map[string]string{"rounds": "1"}, "alice", "bob"))
	evs, err := decide(r, s, add("alice", 4))
	if err != nil || len(evs) != 1 || evs[0].Type != EventScoreAdded || evs[0].Seat != "alice" || evs[0].Cmd != "t" {
		t.Fatalf("add: got %+v, %v", evs, err)
	}
	var d ScoreAdded
	if err := console.Decode(evs[0].Data, &d); err != nil || d != (ScoreAdded{Player: "alice", Round: 1, Points: 4}) {
		t.Errorf("add payload = %+v, %v", d, err)
	}
	evs, err = decide(r, s, next("bob"))
	if err != nil || len(evs) != 2 || evs[0].Type != EventRoundClosed || evs[1].Type != EventGameEnded {
		t.Fatalf("final next-round: got %+v, %v", evs, err)
	}
	var g GameEnded
	if err := console.Decode(evs[1].Data, &g); err != nil || g.Reason != "rounds" || len(g.Placements) != 2 {
		t.Errorf("game-ended payload = %+v, %v", g, err)
	}
	for _, e := range evs {
		if e.Barrier || e.Dice != nil {
			t.Errorf("%s: barrier %v dice %v, want neither", e.Type, e.Barrier, e.Dice)
		}
	}
}

func TestUndoable(t *testing.T) {
	r := New()
	s := playAll(t, newGame(t, setupOf(nil, "alice", "bob")), []step{add("alice", 3), end("alice")})
	last := []console.Event{{Type: EventGameEnded, Seat: "alice"}}
	for _, seat := range []console.Seat{"alice", "bob"} {
		if err := r.Undoable(s, seat, last); err != nil {
			t.Errorf("Undoable(%s) = %v, want nil", seat, err)
		}
	}
	if err := r.Undoable(s, "bob", nil); !console.IsRejection(err) {
		t.Errorf("Undoable(nothing) = %v, want a Rejection", err)
	}
}

// TestUndoByReplay undoes the end of a game as the Session does: replaying
// the log without the last command's events reopens the game.
func TestUndoByReplay(t *testing.T) {
	r := New()
	setup := setupOf(map[string]string{"target": "10"}, "alice", "bob")
	s := newGame(t, setup)
	var log []console.Event
	for _, st := range []step{add("alice", 11), next("alice")} {
		var evs []console.Event
		var err error
		if s, evs, err = play(t, s, st); err != nil {
			t.Fatal(err)
		}
		log = append(log, evs...)
	}
	if !r.Status(s).Finished {
		t.Fatal("game not finished")
	}
	s = newGame(t, setup)
	for _, e := range log[:1] {
		var err error
		if s, err = r.Apply(s, e); err != nil {
			t.Fatal(err)
		}
	}
	if st := r.Status(s); st.Finished || st.Summary != "Round 1 · alice leads with 11" {
		t.Errorf("after undo: %+v", st)
	}
	if _, _, err := play(t, s, add("bob", 1)); err != nil {
		t.Errorf("add after undo: %v", err)
	}
}

func TestApplyRefusesDamagedEvents(t *testing.T) {
	r := New()
	ev := func(typ string, data any) console.Event {
		e, err := console.NewEvent(typ, data)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	tests := []struct {
		name string
		e    console.Event
	}{
		{"garbage data", console.Event{Type: EventScoreAdded, Data: []byte("garbage")}},
		{"no data", console.Event{Type: EventScoreSet}},
		{"wrong shape", ev(EventRoundClosed, "round two")},
		{"unknown type", ev("score-doubled", ScoreAdded{Player: "alice", Round: 1, Points: 1})},
		{"unknown player", ev(EventScoreAdded, ScoreAdded{Player: "zed", Round: 1, Points: 1})},
		{"future round", ev(EventScoreAdded, ScoreAdded{Player: "alice", Round: 2, Points: 1})},
		{"round zero", ev(EventScoreSet, ScoreSet{Player: "alice", Round: 0, Points: 1})},
		{"cell overflow", ev(EventScoreAdded, ScoreAdded{Player: "alice", Round: 1, Points: MaxCell + 1})},
		{"set overflow", ev(EventScoreSet, ScoreSet{Player: "alice", Round: 1, Points: MinCell - 1})},
		{"close the wrong round", ev(EventRoundClosed, RoundClosed{Round: 3})},
		{"close past the limit", ev(EventRoundClosed, RoundClosed{Round: 1})},
		{"unknown end reason", ev(EventGameEnded, GameEnded{Reason: "boredom"})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newGame(t, setupOf(map[string]string{"rounds": "1"}, "alice", "bob"))
			if _, err := r.Apply(s, tt.e); err == nil {
				t.Errorf("Apply(%s) = nil error, want one", tt.e.Type)
			}
		})
	}
	if _, err := r.Apply("not a pad", console.Event{Type: EventRoundClosed}); err == nil {
		t.Error("Apply on a foreign state: no error")
	}
	if _, err := r.Decide(nil, "alice", console.Command{Name: CmdEnd}, nil); err == nil {
		t.Error("Decide on a nil state: no error")
	}
	if v := r.View(42, "alice"); !reflect.DeepEqual(v, View{}) {
		t.Errorf("View of a foreign state = %+v", v)
	}
	if _, err := r.EncodeState(nil); err == nil {
		t.Error("EncodeState(nil): no error")
	}
}

func TestInfoAndCommands(t *testing.T) {
	r := New()
	info := r.Info()
	if info.ID != "scorepad" || info.Name != "Score pad" || info.Kind != console.KindBoard ||
		info.MinSeats != 1 || info.MaxSeats != 8 || !info.Playable {
		t.Errorf("Info = %+v", info)
	}
	var opts []string
	for _, o := range info.Options {
		opts = append(opts, o.Name)
		if o.Doc == "" {
			t.Errorf("option %s has no doc", o.Name)
		}
	}
	if want := []string{"target", "rounds", "wins"}; !reflect.DeepEqual(opts, want) {
		t.Errorf("options = %v, want %v", opts, want)
	}
	if got, want := console.CommandNames(r.Commands()), []string{"add", "end", "next-round", "set"}; !reflect.DeepEqual(got, want) {
		t.Errorf("commands = %v, want %v", got, want)
	}
	for _, c := range r.Commands() {
		if c.Doc == "" || c.When == "" || c.Version < 1 {
			t.Errorf("command %s: doc %q when %q version %d", c.Name, c.Doc, c.When, c.Version)
		}
		for _, a := range c.Args {
			if a.Doc == "" {
				t.Errorf("command %s argument %s has no doc", c.Name, a.Name)
			}
		}
	}
}

func TestStateRoundTrip(t *testing.T) {
	r := New()
	s := playAll(t, newGame(t, setupOf(map[string]string{"target": "50", "wins": "low"}, "alice", "bob", "carol")),
		[]step{add("alice", 5), add("bob", -7), next("carol"), set("carol", 1, 3), add("alice", 60), next("alice")})
	b := mustEncode(t, s)
	s2, err := r.DecodeState(b)
	if err != nil {
		t.Fatalf("DecodeState: %v", err)
	}
	if !reflect.DeepEqual(s, s2) {
		t.Errorf("round trip: got %+v, want %+v", s2, s)
	}
	if b2 := mustEncode(t, s2); !bytes.Equal(b, b2) {
		t.Error("re-encoding gives different bytes")
	}
}

func TestDecodeStateRefusesDamage(t *testing.T) {
	good := func() *state {
		return &state{Players: []string{"alice", "bob"}, Scores: [][]int{{1, 2}, {3, 4}}, Limit: 3}
	}
	tests := []struct {
		name   string
		mutate func(g *state)
	}{
		{"no players", func(g *state) { g.Players = nil; g.Scores = [][]int{{}} }},
		{"duplicate players", func(g *state) { g.Players[1] = "alice" }},
		{"no rounds", func(g *state) { g.Scores = nil }},
		{"ragged row", func(g *state) { g.Scores[1] = []int{1} }},
		{"cell out of range", func(g *state) { g.Scores[0][1] = MaxCell + 1 }},
		{"past the limit", func(g *state) { g.Limit = 1 }},
		{"negative target", func(g *state) { g.Target = -1 }},
		{"finished without a reason", func(g *state) { g.Finished = true }},
		{"reason without finished", func(g *state) { g.Reason = "agreed" }},
		{"unknown reason", func(g *state) { g.Finished, g.Reason = true, "boredom" }},
	}
	r := New()
	if _, err := r.DecodeState(mustEncode(t, good())); err != nil {
		t.Fatalf("good state refused: %v", err)
	}
	for _, tt := range tests {
		g := good()
		tt.mutate(g)
		b, err := console.Encode(g)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.DecodeState(b); err == nil {
			t.Errorf("%s: DecodeState accepted %+v", tt.name, g)
		}
	}
	for _, b := range [][]byte{
		nil, []byte("garbage"), {0x80}, {0x81, 0xa7, 'p', 'l', 'a', 'y', 'e', 'r', 's', 0x05},
		{0xdd, 0xff, 0xff, 0xff, 0xff}, // an array claiming 4 billion elements
		// found by FuzzDecodeState: scores claiming 3.4 billion rounds (a fatal 27 GB allocation)
		[]byte("\x84\xa5000000\xa6scores\x92\xdd\xce\x00\x0100\x91\xd2\xfd000\xa60000000\xa7players\x91\xa10"),
	} {
		if _, err := r.DecodeState(b); err == nil {
			t.Errorf("DecodeState(%q) accepted garbage", b)
		}
	}
}

// TestViewTellsWhatUndoTakesBack plays through a Session (command ids,
// undo by replay): the view names the last command and its seat, every
// player may take it back and a spectator may not, a command of several
// events is named by its first, and a pad restored from a snapshot made
// before it kept its last command says it does not know.
func TestViewTellsWhatUndoTakesBack(t *testing.T) {
	sess, err := console.Create(New(), setupOf(map[string]string{"target": "10"}, "alice", "bob"),
		console.Options{Store: console.NewMemStore()})
	if err != nil {
		t.Fatal(err)
	}
	view := func(seat console.Seat) View {
		t.Helper()
		v, err := sess.View(seat)
		if err != nil {
			t.Fatal(err)
		}
		return v.(View)
	}
	may := func(when string, want map[console.Seat]bool) {
		t.Helper()
		for seat, w := range want {
			ok, why := view(seat).UndoBy(seat)
			if ok != w || (ok == (why != "")) {
				t.Errorf("%s: UndoBy(%s) = %v %q, want %v (a reason only when not)", when, seat, ok, why, w)
			}
		}
	}
	if v := view("alice"); v.Undo != nil || v.UndoUnknown {
		t.Fatalf("new pad: undo %+v (unknown %v), want nothing", v.Undo, v.UndoUnknown)
	}
	may("new pad", map[console.Seat]bool{"alice": false, "bob": false, console.Public: false})
	if ok, why := view("alice").UndoBy("alice"); ok || why != "Nothing to undo." {
		t.Errorf("new pad: UndoBy = %v %q, want the reason \"Nothing to undo.\"", ok, why)
	}
	if _, err := sess.Do("alice", console.Command{Name: CmdAdd, Args: map[string]any{"player": "alice", "points": 4}}); err != nil {
		t.Fatal(err)
	}
	if u := view(console.Public).Undo; u == nil || u.Seat != "alice" || u.Text != "alice +4 in round 1" {
		t.Fatalf("after alice's add: undo %+v", u)
	}
	may("after alice's add", map[console.Seat]bool{"alice": true, "bob": true, console.Public: false})
	if _, why := view(console.Public).UndoBy(console.Public); why != "Only the players undo." {
		t.Errorf("spectator: reason %q", why)
	}
	// bob's add reaches the target: two events, one command.
	if _, err := sess.Do("bob", console.Command{Name: CmdAdd, Args: map[string]any{"player": "bob", "points": 12}}); err != nil {
		t.Fatal(err)
	}
	if u := view("alice").Undo; u == nil || u.Seat != "bob" || u.Text != "bob +12 in round 1" {
		t.Fatalf("after bob's winning add: undo %+v", u)
	}
	may("after bob's add", map[console.Seat]bool{"alice": true, "bob": true})
	// Any player takes back any command (the rule the view follows).
	if _, err := sess.Undo("alice"); err != nil {
		t.Fatalf("alice undoes bob's add: %v", err)
	}
	if u := view("bob").Undo; u == nil || u.Seat != "alice" || u.Text != "alice +4 in round 1" {
		t.Fatalf("after the undo: undo %+v, want alice's add again", u)
	}
	if _, err := sess.Undo("bob"); err != nil {
		t.Fatal(err)
	}
	may("everything undone", map[console.Seat]bool{"alice": false, "bob": false})
	if _, err := sess.Undo("bob"); !console.IsRejection(err) {
		t.Errorf("undo with nothing left = %v, want a refusal", err)
	}

	// A snapshot from before the pad kept its last command.
	old := playAll(t, newGame(t, setupOf(nil, "alice", "bob")), []step{add("alice", 3)}).(*state)
	old.Last, old.Known = nil, false
	b := mustEncode(t, old)
	s, err := New().DecodeState(b)
	if err != nil {
		t.Fatal(err)
	}
	v := New().View(s, "bob").(View)
	if !v.UndoUnknown || v.Undo != nil {
		t.Fatalf("old snapshot: unknown %v undo %+v, want unknown", v.UndoUnknown, v.Undo)
	}
	if ok, _ := v.UndoBy("bob"); !ok {
		t.Errorf("old snapshot: UndoBy refuses; the game decides")
	}
	s = playAll(t, s, []step{add("bob", 1)})
	if v := New().View(s, "bob").(View); v.UndoUnknown || v.Undo == nil || v.Undo.Seat != "bob" {
		t.Errorf("old snapshot after a command: unknown %v undo %+v", v.UndoUnknown, v.Undo)
	}
}
