// Package conformance is the test suite every game system's Rules must pass:
// determinism across replays, snapshot plus tail equal to a full replay,
// exact undo, views that never panic and encode, unknown and malformed
// commands rejected with a clear error, and a fuzz target that feeds
// commands built from the system's own schema.
//
// A system's test calls Run with a few scripts (sequences of commands that
// walk through the game) and Fuzz from a fuzz test.
package conformance

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
)

// Step is one command of a script.
type Step struct {
	Seat console.Seat    `json:"seat"`
	Cmd  console.Command `json:"cmd"`
	// Reject is true when the rules must refuse this step.
	Reject bool `json:"reject,omitempty"`
}

// Script is a game walked through command by command.
type Script struct {
	Name  string
	Setup console.Setup
	Steps []Step
}

// fixedClock keeps metadata identical between runs.
func fixedClock() time.Time { return time.Unix(1700000000, 0).UTC() }

func opts(store console.Store, every int) console.Options {
	n := 0
	return console.Options{
		Store: store, Clock: fixedClock, SnapshotEvery: every,
		NewID: func() string { n++; return fmt.Sprintf("game-%d", n) },
	}
}

// Run checks rules against every property of the engine contract, driving
// each script through a Session.
func Run(t *testing.T, rules console.Rules, scripts []Script) {
	t.Helper()
	if len(scripts) == 0 {
		t.Fatal("conformance: no scripts")
	}
	t.Run("schema", func(t *testing.T) { checkSchema(t, rules) })
	for _, sc := range scripts {
		sc := sc
		t.Run(sc.Name, func(t *testing.T) {
			t.Run("determinism", func(t *testing.T) { checkDeterminism(t, rules, sc) })
			t.Run("snapshot-tail", func(t *testing.T) { checkSnapshots(t, rules, sc) })
			t.Run("undo", func(t *testing.T) { checkUndo(t, rules, sc) })
			t.Run("views", func(t *testing.T) { checkViews(t, rules, sc) })
			t.Run("rejections", func(t *testing.T) { checkRejections(t, rules, sc) })
			t.Run("game", func(t *testing.T) { checkGame(t, rules, sc) })
		})
	}
}

func checkSchema(t *testing.T, rules console.Rules) {
	info := rules.Info()
	if info.ID == "" || info.Name == "" || info.MinSeats < 1 || info.MaxSeats < info.MinSeats {
		t.Errorf("Info() = %+v: want an id, a name and 1 <= MinSeats <= MaxSeats", info)
	}
	seen := map[string]bool{}
	for _, c := range rules.Commands() {
		if c.Name == "" || c.Doc == "" || c.When == "" {
			t.Errorf("command %q: want a name, a Doc and a When", c.Name)
		}
		if seen[c.Name] {
			t.Errorf("command %q listed twice", c.Name)
		}
		seen[c.Name] = true
		for _, a := range c.Args {
			if a.Name == "" || a.Doc == "" {
				t.Errorf("command %q: argument %q needs a name and a Doc", c.Name, a.Name)
			}
			if a.Kind == console.ArgEnum && len(a.Enum) == 0 {
				t.Errorf("command %q: enum argument %q has no values", c.Name, a.Name)
			}
		}
	}
}

// play drives a script through a session and returns it; it fails the test
// on any step whose outcome differs from the script's expectation.
func play(t *testing.T, rules console.Rules, sc Script, opt console.Options, each func(i int, s *console.Session)) *console.Session {
	t.Helper()
	s, err := console.Create(rules, sc.Setup, opt)
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	for i, st := range sc.Steps {
		_, err := s.Do(st.Seat, st.Cmd)
		switch {
		case st.Reject && err == nil:
			t.Fatalf("step %d (%s by %s): accepted, want a rejection", i, st.Cmd.Name, st.Seat)
		case st.Reject && !console.IsRejection(err):
			t.Fatalf("step %d (%s by %s): %v; want a Rejection", i, st.Cmd.Name, st.Seat, err)
		case !st.Reject && err != nil:
			t.Fatalf("step %d (%s by %s): %v", i, st.Cmd.Name, st.Seat, err)
		}
		if each != nil {
			each(i, s)
		}
	}
	return s
}

func encoded(t *testing.T, s *console.Session) []byte {
	t.Helper()
	b, err := s.EncodedState()
	if err != nil {
		t.Fatalf("encode state: %v", err)
	}
	return b
}

func allEvents(t *testing.T, store console.Store, id string) []console.Event {
	t.Helper()
	evs, err := store.Events(id, 1, 0)
	if err != nil {
		t.Fatalf("events: %v", err)
	}
	return evs
}

func checkDeterminism(t *testing.T, rules console.Rules, sc Script) {
	a, b := console.NewMemStore(), console.NewMemStore()
	sa := play(t, rules, sc, opts(a, 1000), nil)
	sb := play(t, rules, sc, opts(b, 1000), nil)
	if !bytes.Equal(encoded(t, sa), encoded(t, sb)) {
		t.Fatal("two runs of the same script with the same seed reached different states")
	}
	ea, eb := allEvents(t, a, sa.ID()), allEvents(t, b, sb.ID())
	ja, _ := json.Marshal(ea)
	jb, _ := json.Marshal(eb)
	if !bytes.Equal(ja, jb) {
		t.Fatal("two runs of the same script produced different event logs")
	}
	state, _, err := console.Replay(rules, sa.Meta().Setup, ea)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	rb, err := rules.EncodeState(state)
	if err != nil {
		t.Fatalf("encode replayed state: %v", err)
	}
	if !bytes.Equal(rb, encoded(t, sa)) {
		t.Fatal("replaying the log from the setup gives a different state than playing it")
	}
	dec, err := rules.DecodeState(rb)
	if err != nil {
		t.Fatalf("decode state: %v", err)
	}
	if again, _ := rules.EncodeState(dec); !bytes.Equal(again, rb) {
		t.Fatal("EncodeState(DecodeState(b)) != b")
	}
}

func checkSnapshots(t *testing.T, rules console.Rules, sc Script) {
	full := console.NewMemStore()
	ref := play(t, rules, sc, opts(full, 1_000_000), nil)
	want := encoded(t, ref)
	for _, every := range []int{1, 2, 3, 7} {
		store := console.NewMemStore()
		s := play(t, rules, sc, opts(store, every), nil)
		if got := encoded(t, s); !bytes.Equal(got, want) {
			t.Fatalf("snapshot every %d: live state differs from the run without snapshots", every)
		}
		r, err := console.Open(rules, s.ID(), opts(store, every))
		if err != nil {
			t.Fatalf("snapshot every %d: resume: %v", every, err)
		}
		if got := encoded(t, r); !bytes.Equal(got, want) {
			t.Fatalf("snapshot every %d: snapshot + tail differs from full replay", every)
		}
		for _, seat := range append(append([]console.Seat(nil), sc.Setup.Seats...), console.Public) {
			if j1, j2 := ViewJSON(t, ref, seat), ViewJSON(t, r, seat); !bytes.Equal(j1, j2) {
				t.Fatalf("snapshot every %d: view for %s differs after resume", every, seat)
			}
		}
	}
}

// checkUndo verifies that an allowed undo restores exactly the state before
// the command, and that the command can then be played again.
func checkUndo(t *testing.T, rules console.Rules, sc Script) {
	store := console.NewMemStore()
	s, err := console.Create(rules, sc.Setup, opts(store, 2))
	if err != nil {
		t.Fatal(err)
	}
	undone := 0
	for i, st := range sc.Steps {
		before := encoded(t, s)
		res, err := s.Do(st.Seat, st.Cmd)
		switch {
		case err != nil && !st.Reject:
			t.Fatalf("step %d (%s by %s): %v", i, st.Cmd.Name, st.Seat, err)
		case err != nil || len(res.Events) == 0:
			continue
		}
		after := encoded(t, s)
		if _, err := s.Undo(st.Seat); err != nil {
			if !console.IsRejection(err) {
				t.Fatalf("step %d: undo failed: %v", i, err)
			}
			continue
		}
		undone++
		if got := encoded(t, s); !bytes.Equal(got, before) {
			t.Fatalf("step %d (%s): undo did not restore the state before the command", i, st.Cmd.Name)
		}
		if _, err := s.Do(st.Seat, st.Cmd); err != nil {
			t.Fatalf("step %d (%s): replaying after undo: %v", i, st.Cmd.Name, err)
		}
		if got := encoded(t, s); !bytes.Equal(got, after) {
			t.Fatalf("step %d (%s): the command played again after undo gave a different state", i, st.Cmd.Name)
		}
	}
	if undone == 0 && len(sc.Steps) > 0 {
		t.Fatalf("no step of %d could be undone: the undo check checked nothing", len(sc.Steps))
	}
	t.Logf("%d of %d steps undone and replayed", undone, len(sc.Steps))
}

// ViewJSON returns seat's view of s as JSON, failing the test when the
// view or its encoding fails (two failures must never compare equal).
func ViewJSON(t testing.TB, s *console.Session, seat console.Seat) []byte {
	t.Helper()
	v, err := s.View(seat)
	if err != nil {
		t.Fatalf("view for %s: %v", seat, err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("view for %s does not encode: %v", seat, err)
	}
	return b
}

func checkViews(t *testing.T, rules console.Rules, sc Script) {
	seats := append(append([]console.Seat(nil), sc.Setup.Seats...), console.Public, "no-such-seat", "")
	look := func(i int, s *console.Session) {
		for _, seat := range seats {
			// Straight to the rules: Session.View would hide a panic.
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Fatalf("after step %d: View(%q) panicked: %v", i, seat, p)
					}
				}()
				b, err := s.EncodedState()
				if err != nil {
					t.Fatal(err)
				}
				st, err := rules.DecodeState(b)
				if err != nil {
					t.Fatal(err)
				}
				v := rules.View(st, seat)
				if _, err := json.Marshal(v); err != nil {
					t.Fatalf("after step %d: view for %q does not encode as JSON: %v", i, seat, err)
				}
				if _, err := console.Encode(v); err != nil {
					t.Fatalf("after step %d: view for %q does not encode as msgpack: %v", i, seat, err)
				}
				_ = rules.Status(st)
			}()
		}
	}
	s := play(t, rules, sc, opts(console.NewMemStore(), 5), look)
	look(-1, s)
	for _, seat := range seats[:len(seats)-2] {
		if _, err := s.History(seat); err != nil {
			t.Fatalf("history for %s: %v", seat, err)
		}
	}
}

func checkRejections(t *testing.T, rules console.Rules, sc Script) {
	s, err := console.Create(rules, sc.Setup, opts(console.NewMemStore(), 5))
	if err != nil {
		t.Fatal(err)
	}
	seat := sc.Setup.Seats[0]
	mustReject := func(what string, seat console.Seat, cmd console.Command, mention string) {
		t.Helper()
		before := encoded(t, s)
		_, err := s.Do(seat, cmd)
		if err == nil || !console.IsRejection(err) {
			t.Errorf("%s: got %v, want a rejection", what, err)
			return
		}
		if mention != "" && !strings.Contains(err.Error(), mention) {
			t.Errorf("%s: message %q does not mention %q", what, err, mention)
		}
		if !bytes.Equal(before, encoded(t, s)) {
			t.Errorf("%s: a rejected command changed the state", what)
		}
	}
	mustReject("unknown command", seat, console.Command{Name: "no-such-command"}, "no-such-command")
	mustReject("empty command", seat, console.Command{}, "unknown command")
	mustReject("unknown seat", "no-such-seat", console.Command{Name: rules.Commands()[0].Name}, "no-such-seat")
	for _, c := range rules.Commands() {
		mustReject(c.Name+" with an unknown argument", seat,
			console.Command{Name: c.Name, Args: map[string]any{"no-such-arg": 1}}, "no-such-arg")
		for _, a := range c.Args {
			var wrong any
			switch a.Kind {
			case console.ArgInt:
				wrong = "many"
			case console.ArgBool:
				wrong = "perhaps"
			case console.ArgEnum, console.ArgSeat:
				wrong = "no-such-value"
			default:
				wrong = strings.Repeat("x", 100000)
			}
			args := validArgs(c, sc.Setup.Seats)
			args[a.Name] = wrong
			mustReject(c.Name+" with a malformed "+a.Name, seat, console.Command{Name: c.Name, Args: args}, a.Name)
			if a.Required && a.Default == "" {
				args := validArgs(c, sc.Setup.Seats)
				delete(args, a.Name)
				mustReject(c.Name+" without "+a.Name, seat, console.Command{Name: c.Name, Args: args}, a.Name)
			}
		}
	}
	if _, err := s.Undo("no-such-seat"); !console.IsRejection(err) {
		t.Errorf("undo by an unknown seat: got %v, want a rejection", err)
	}
}

// validArgs gives every required argument of c a value its schema accepts,
// so a test can break exactly one of them.
func validArgs(c console.CommandSpec, seats []console.Seat) map[string]any {
	args := map[string]any{}
	for _, a := range c.Args {
		if !a.Required {
			continue
		}
		switch a.Kind {
		case console.ArgInt:
			n := 0
			if a.Min != nil && n < *a.Min {
				n = *a.Min
			}
			if a.Max != nil && n > *a.Max {
				n = *a.Max
			}
			args[a.Name] = n
		case console.ArgBool:
			args[a.Name] = true
		case console.ArgEnum:
			args[a.Name] = a.Enum[0]
		case console.ArgSeat:
			args[a.Name] = string(seats[0])
		default:
			args[a.Name] = "x"
		}
	}
	return args
}

// Fuzz runs a fuzz target over commands built from the system's own schema:
// every byte string decodes to a sequence of commands with arguments that
// are mostly well-formed and sometimes not. Decide, Apply, View and Status
// must never panic; accepted commands must replay to the same state.
func Fuzz(f *testing.F, rules console.Rules, setup console.Setup, seeds ...[]byte) {
	f.Add([]byte{})
	f.Add([]byte("\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09"))
	for _, s := range seeds {
		f.Add(s)
	}
	specs := rules.Commands()
	f.Fuzz(func(t *testing.T, data []byte) {
		state, err := rules.New(setup)
		if err != nil {
			t.Fatalf("new: %v", err)
		}
		dice := console.NewDice(setup.Seed)
		var log []console.Event
		r := &byteReader{b: data}
		for steps := 0; steps < 64 && !r.done(); steps++ {
			spec := specs[r.next()%len(specs)]
			seat := setup.Seats[r.next()%len(setup.Seats)]
			raw := map[string]any{}
			for _, a := range spec.Args {
				if r.next()%4 == 0 {
					continue
				}
				raw[a.Name] = fuzzValue(r, a, setup.Seats)
			}
			args, err := console.ValidateArgs(spec.Args, raw, setup.Seats)
			if err != nil {
				if !console.IsRejection(err) {
					t.Fatalf("ValidateArgs returned a non-rejection error: %v", err)
				}
				continue
			}
			cmd := console.Command{ID: fmt.Sprintf("f%d", steps), Name: spec.Name, Args: args}
			saved := dice.Marshal()
			events, err := rules.Decide(state, seat, cmd, dice)
			if err != nil {
				dice, _ = console.RestoreDice(saved)
				continue
			}
			for i := range events {
				events[i].Seq = uint64(len(log) + 1)
				events[i].Seat, events[i].Cmd = seat, cmd.ID
				if i == len(events)-1 {
					events[i].Dice = dice.Marshal()
				}
				if state, err = rules.Apply(state, events[i]); err != nil {
					t.Fatalf("apply of a decided %s event failed: %v", events[i].Type, err)
				}
				log = append(log, events[i])
			}
			for _, s := range append(append([]console.Seat(nil), setup.Seats...), console.Public) {
				if _, err := json.Marshal(rules.View(state, s)); err != nil {
					t.Fatalf("view for %s does not encode: %v", s, err)
				}
			}
			_ = rules.Status(state)
		}
		replayed, _, err := console.Replay(rules, setup, log)
		if err != nil {
			t.Fatalf("replay: %v", err)
		}
		a, err := rules.EncodeState(state)
		if err != nil {
			t.Fatalf("encode state: %v", err)
		}
		b, err := rules.EncodeState(replayed)
		if err != nil {
			t.Fatalf("encode replayed state: %v", err)
		}
		if !bytes.Equal(a, b) {
			t.Fatal("replay of the accepted commands differs from playing them")
		}
	})
}

type byteReader struct {
	b []byte
	i int
}

func (r *byteReader) done() bool { return r.i >= len(r.b) }

func (r *byteReader) next() int {
	if r.i >= len(r.b) {
		return 0
	}
	r.i++
	return int(r.b[r.i-1])
}

func (r *byteReader) int32() int {
	var buf [4]byte
	for i := range buf {
		buf[i] = byte(r.next())
	}
	return int(int32(binary.BigEndian.Uint32(buf[:])))
}

// fuzzValue makes a value for argument a: usually a valid one, sometimes a
// value of the wrong type or out of range.
func fuzzValue(r *byteReader, a console.ArgSpec, seats []console.Seat) any {
	mode := r.next() % 8
	if mode == 0 {
		return []any{"junk", r.next()} // wrong type entirely
	}
	switch a.Kind {
	case console.ArgInt:
		if mode < 5 {
			lo, hi := -10, 30
			if a.Min != nil {
				lo = *a.Min
			}
			if a.Max != nil && *a.Max-lo < 1000 {
				hi = *a.Max
			} else {
				hi = lo + 40
			}
			return lo + r.next()%(hi-lo+1)
		}
		return r.int32()
	case console.ArgBool:
		return r.next()%2 == 0
	case console.ArgEnum:
		if mode < 7 {
			return a.Enum[r.next()%len(a.Enum)]
		}
		return "bogus"
	case console.ArgSeat:
		if mode < 7 {
			return string(seats[r.next()%len(seats)])
		}
		return "nobody"
	}
	n := r.next() % 12
	var sb strings.Builder
	for i := 0; i < n; i++ {
		sb.WriteByte(byte('a' + r.next()%26))
	}
	return sb.String()
}
