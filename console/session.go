package console

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// DefaultSnapshotEvery is how many events a Session lets pass between
// snapshots when Options.SnapshotEvery is zero.
const DefaultSnapshotEvery = 100

// recentCommands bounds the command IDs a Session remembers for idempotency.
const recentCommands = 256

// recentEvents is how far back into the log a resumed Session reads to
// recall recent command ids.
const recentEvents = 1024

// generatedIDPrefix starts the ids the Session gives commands that came
// without one; callers may not use it, so the two never collide.
const generatedIDPrefix = "~"

// Options configure a Session.
type Options struct {
	// Store keeps the game; nil means a fresh MemStore.
	Store Store
	// Clock gives the wall-clock time for save metadata and history only;
	// nil means time.Now. Rules never see it.
	Clock func() time.Time
	// SnapshotEvery is the number of events between snapshots; 0 means
	// DefaultSnapshotEvery.
	SnapshotEvery int
	// NewID makes a new game's id; nil means a random 12-hex-digit id.
	NewID func() string
}

func (o Options) withDefaults() Options {
	if o.Store == nil {
		o.Store = NewMemStore()
	}
	if o.Clock == nil {
		o.Clock = time.Now
	}
	if o.SnapshotEvery <= 0 {
		o.SnapshotEvery = DefaultSnapshotEvery
	}
	if o.NewID == nil {
		o.NewID = func() string { return "g" + randomHex(6) }
	}
	return o
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("crypto/rand: %v", err)) // never fails on supported platforms
	}
	return hex.EncodeToString(b)
}

// RandomSeed returns a fresh dice seed for a new game.
func RandomSeed() uint64 {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("crypto/rand: %v", err))
	}
	// Keep seeds within 2^53 so they survive JSON numbers unchanged, and
	// never 0, which means "pick one".
	return binary.BigEndian.Uint64(b)>>11 | 1
}

// Result is the outcome of one accepted command.
type Result struct {
	// Seq is the log position of the command's last event (or of the log's
	// end when the command produced none).
	Seq    uint64  `json:"seq"`
	Events []Event `json:"events"`
	Status Status  `json:"status"`
	// Duplicate is true when the command's ID had already been applied and
	// this is the earlier result.
	Duplicate bool `json:"duplicate,omitempty"`
	// Warning reports a non-fatal problem (a snapshot that could not be
	// saved); the command itself is safely stored.
	Warning string `json:"warning,omitempty"`
	// Lines are the history lines the command added (Do) or took back
	// (Undo) for the seat that gave it, numbered in that seat's history.
	Lines []HistoryLine `json:"lines,omitempty"`
}

// ChangeKind says what changed a game.
type ChangeKind string

// The kinds of change a subscriber is told about.
const (
	ChangeCommand ChangeKind = "command"
	ChangeUndo    ChangeKind = "undo"
)

// Change tells subscribers that a game moved on; they read the new view with
// Session.View.
type Change struct {
	Kind   ChangeKind
	Seat   Seat
	Seq    uint64
	Status Status
}

// Session owns one running game. It is safe for concurrent use: commands
// are serialised, and subscribers are told of every change after it is
// stored.
type Session struct {
	mu sync.Mutex
	// hist caches each seat's history lines and the state after the last
	// line's event, so History describes only new events; histGen counts
	// the times the log was cut (undo, take-back, reload), which makes
	// every cache stale.
	hist    map[Seat]*historyCache
	histGen uint64
	// version counts every change of the in-memory game (commands,
	// undos, take-backs, reloads), so a state read with it can be told
	// from an older one (SeatStateVersion). It never leaves the device.
	version   uint64
	rules     Rules
	opt       Options
	meta      GameMeta
	state     State
	dice      *Dice
	lastSnap  uint64
	recent    map[string]remembered
	recentIDs []string

	subMu   sync.Mutex
	subs    map[int]func(Change)
	nextSub int
}

// Create starts a new game from setup and records it in the store.
func Create(rules Rules, setup Setup, opt Options) (*Session, error) {
	opt = opt.withDefaults()
	setup, err := ValidateSetup(rules, setup)
	if err != nil {
		return nil, err
	}
	state, err := rules.New(setup)
	if err != nil {
		return nil, fmt.Errorf("new %s game: %w", setup.System, err)
	}
	now := opt.Clock()
	st := rules.Status(state)
	meta := withStatus(GameMeta{ID: opt.NewID(), Setup: setup, Created: now, Updated: now}, st)
	if err := opt.Store.Create(meta); err != nil {
		return nil, fmt.Errorf("create game %s: %w", meta.ID, err)
	}
	s := newSession(rules, opt)
	s.meta, s.state, s.dice = meta, state, NewDice(setup.Seed)
	return s, nil
}

// Open resumes a stored game: its latest snapshot plus the events after it.
func Open(rules Rules, id string, opt Options) (*Session, error) {
	opt = opt.withDefaults()
	s := newSession(rules, opt)
	if err := s.reload(id); err != nil {
		return nil, err
	}
	if s.meta.Setup.System != rules.Info().ID {
		return nil, fmt.Errorf("open game %s: it is a %s game, not %s", id, s.meta.Setup.System, rules.Info().ID)
	}
	if err := s.recallRecent(); err != nil {
		return nil, err
	}
	if s.meta.Seen == nil && s.meta.LastSeq > 0 {
		// A save from before per-seat sequence numbers: count them once;
		// the next command stores them.
		evs, err := s.opt.Store.Events(id, 1, 0)
		if err != nil {
			return nil, fmt.Errorf("open game %s: read log: %w", id, err)
		}
		state, err := rules.New(s.meta.Setup)
		if err != nil {
			return nil, fmt.Errorf("open game %s: %w", id, err)
		}
		if s.meta.Seen, _, err = s.seenIn(state, evs, ""); err != nil {
			return nil, fmt.Errorf("open game %s: count each seat's events: %w", id, err)
		}
	}
	if tb, ok := rules.(TakeBacker); ok {
		// A take-back every seat agreed to, stored but not carried out
		// (the app was killed between the two): carry it out now.
		if cmd, ok := tb.ApprovedTakeBack(s.state); ok {
			if err := s.takeBack(cmd); err != nil {
				return nil, fmt.Errorf("open game %s: take back command %q: %w", id, cmd, err)
			}
		}
	}
	return s, nil
}

// seenAfter counts, per seat, the events of evs each seat can see, played
// on a copy of state.
func (s *Session) seenAfter(state State, evs []Event, seat Seat) (map[Seat]uint64, []HistoryLine, error) {
	b, err := s.rules.EncodeState(state)
	if err != nil {
		return nil, nil, err
	}
	cp, err := s.rules.DecodeState(b)
	if err != nil {
		return nil, nil, err
	}
	return s.seenIn(cp, evs, seat)
}

// seenIn counts, per seat, the events of evs each seat can see, playing
// them on state (which Apply may modify: callers pass a state they no longer
// need), and returns the history lines of evs for seat lines (none when
// lines is "").
func (s *Session) seenIn(state State, evs []Event, lines Seat) (seen map[Seat]uint64, out []HistoryLine, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("rules panicked: %v", p)
		}
	}()
	seats := s.seatsAndPublic()
	seen = make(map[Seat]uint64, len(seats))
	for _, e := range evs {
		for _, seat := range seats {
			text, ok := s.rules.Describe(state, e, seat)
			if !ok {
				continue
			}
			seen[seat]++
			if seat == lines {
				out = append(out, HistoryLine{Seat: e.Seat, Type: e.Type, Text: text, At: e.At})
			}
		}
		if state, err = s.rules.Apply(state, e); err != nil {
			return nil, nil, fmt.Errorf("event %d (%s): %w", e.Seq, e.Type, err)
		}
	}
	return seen, out, nil
}

func newSession(rules Rules, opt Options) *Session {
	return &Session{rules: rules, opt: opt, recent: map[string]remembered{}, subs: map[int]func(Change){}}
}

// ValidateSetup checks a setup against the system's seat limits and option
// schema and fills in defaults (title, seed).
func ValidateSetup(rules Rules, setup Setup) (Setup, error) {
	info := rules.Info()
	if setup.System == "" {
		setup.System = info.ID
	}
	if setup.System != info.ID {
		return setup, Reject("setup is for system %q, not %q", setup.System, info.ID)
	}
	if setup.Title == "" {
		setup.Title = info.Name
	}
	if len(setup.Title) > 120 {
		return setup, RejectWith(ReasonBadInput, "title is %d bytes long; at most 120 allowed", len(setup.Title))
	}
	if err := checkText("the title", setup.Title); err != nil {
		return setup, err
	}
	if setup.Seed == 0 {
		setup.Seed = RandomSeed()
	}
	if err := CheckSeats(info, setup.Seats); err != nil {
		return setup, err
	}
	if _, err := SetupOptions(info, setup); err != nil {
		return setup, err
	}
	return setup, nil
}

// CheckSeats checks a game's seat names against the system's limits: the
// right number, each non-empty, valid UTF-8, at most 24 bytes, distinct,
// and not the spectator's "public".
func CheckSeats(info SystemInfo, seats []Seat) error {
	if n := len(seats); n < info.MinSeats || n > info.MaxSeats {
		return RejectWith(ReasonBadInput, "%s needs %d to %d seats, got %d", info.Name, info.MinSeats, info.MaxSeats, n)
	}
	seen := map[Seat]bool{}
	for _, seat := range seats {
		switch {
		case strings.TrimSpace(string(seat)) == "":
			return RejectWith(ReasonBadInput, "a seat name is empty")
		case !utf8.ValidString(string(seat)):
			return RejectWith(ReasonBadInput, "seat name %q is not valid UTF-8", seat)
		case checkText("seat name", string(seat)) != nil:
			return checkText(fmt.Sprintf("seat name %q", seat), string(seat))
		case strings.TrimSpace(string(seat)) != string(seat):
			return RejectWith(ReasonBadInput, "seat name %q starts or ends with a space", seat)
		case seat == Public:
			return RejectWith(ReasonBadInput, "%q is reserved for the spectator view; choose another seat name", Public)
		case len(seat) > 24:
			return RejectWith(ReasonBadInput, "seat name %q is longer than 24 bytes", seat)
		case seen[seat]:
			return RejectWith(ReasonBadInput, "seat %q is given twice", seat)
		}
		seen[seat] = true
	}
	return nil
}

// SetupOptions validates a setup's options against the system's option
// schema and returns them typed, defaults filled in: what Rules.New reads.
func SetupOptions(info SystemInfo, setup Setup) (Args, error) {
	raw := make(map[string]any, len(setup.Options))
	for k, v := range setup.Options {
		raw[k] = v
	}
	args, err := ValidateArgs(info.Options, raw, setup.Seats)
	if err != nil {
		return nil, Reject("setup option: %v", err)
	}
	return args, nil
}

// ID is the game's id.
func (s *Session) ID() string { s.mu.Lock(); defer s.mu.Unlock(); return s.meta.ID }

// Rules returns the game's rule set.
func (s *Session) Rules() Rules { return s.rules }

// Meta returns the game's current metadata.
func (s *Session) Meta() GameMeta { s.mu.Lock(); defer s.mu.Unlock(); return s.meta }

// Seats returns the game's seats in setup order.
func (s *Session) Seats() []Seat {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Seat(nil), s.meta.Setup.Seats...)
}

// Status returns the game's status.
func (s *Session) Status() Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rules.Status(s.state)
}

func (s *Session) hasSeat(seat Seat) bool {
	for _, x := range s.meta.Setup.Seats {
		if x == seat {
			return true
		}
	}
	return false
}

// Do decides and applies one command for seat, stores its events in one
// transaction and then tells subscribers. A refused command returns a
// Rejection and changes nothing.
func (s *Session) Do(seat Seat, cmd Command) (Result, error) {
	res, changed, err := s.do(seat, cmd)
	if err == nil && changed {
		s.notify(Change{Kind: ChangeCommand, Seat: seat, Seq: res.Seq, Status: res.Status})
	}
	return res, err
}

func (s *Session) do(seat Seat, cmd Command) (res Result, changed bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if cmd.ID != "" {
		if len(cmd.ID) > 64 {
			return res, false, RejectWith(ReasonBadInput, "command id is longer than 64 bytes")
		}
		if strings.HasPrefix(cmd.ID, generatedIDPrefix) {
			return res, false, RejectWith(ReasonBadInput, "command ids starting with %q are reserved for the engine", generatedIDPrefix)
		}
		if err := checkText("command id", cmd.ID); err != nil {
			return res, false, err
		}
	}
	if !s.hasSeat(seat) {
		return res, false, RejectWith(ReasonNotFound, "%q is not a seat of this game (seats: %s)", seat, seatList(s.meta.Setup.Seats))
	}
	specs := s.rules.Commands()
	spec, ok := FindCommand(specs, cmd.Name)
	if !ok {
		return res, false, RejectWith(ReasonBadInput, "unknown command %q for %s (commands: %s)", cmd.Name, s.rules.Info().Name, strings.Join(CommandNames(specs), ", "))
	}
	args, err := ValidateArgs(spec.Args, cmd.Args, s.meta.Setup.Seats)
	if err != nil {
		return res, false, RejectWith(ReasonBadInput, "%s: %v", cmd.Name, err)
	}
	cmd.Args = args
	var sum []byte
	if cmd.ID != "" {
		if sum, err = commandSum(cmd); err != nil {
			return res, false, fmt.Errorf("game %s: %w", s.meta.ID, err)
		}
		if r, found, err := s.earlier(cmd.ID); err != nil {
			return res, false, err
		} else if found {
			if r.seat != seat {
				return res, false, RejectWith(ReasonConflict, "command id %q was already used by another seat; use a new id", cmd.ID)
			}
			if len(r.sum) > 0 && string(r.sum) != string(sum) {
				return res, false, RejectWith(ReasonConflict, "command id %q was already used for a different command; use a new id for %s", cmd.ID, cmd.Name)
			}
			r.res.Duplicate = true
			r.res.Status = s.rules.Status(s.state)
			return r.res, false, nil
		}
	} else {
		cmd.ID = fmt.Sprintf("%s%d", generatedIDPrefix, s.meta.LastSeq+1)
	}

	savedDice := s.dice.Marshal()
	rolls := s.dice.Rolls()
	events, err := s.decide(seat, cmd)
	if err != nil {
		if rerr := s.restoreDice(savedDice); rerr != nil {
			return res, false, rerr
		}
		if IsRejection(err) {
			return res, false, err
		}
		return res, false, fmt.Errorf("game %s: decide %s: %w", s.meta.ID, cmd.Name, err)
	}
	if len(events) == 0 {
		// Nothing happened, so nothing may have been rolled either: the
		// dice go back to where they were, as for a refusal.
		if err := s.restoreDice(savedDice); err != nil {
			return res, false, err
		}
		return Result{Seq: s.meta.LastSeq, Status: s.rules.Status(s.state)}, false, nil
	}
	at := s.opt.Clock().UnixMilli()
	for i := range events {
		events[i].Seq = s.meta.LastSeq + uint64(i) + 1
		events[i].Seat = seat
		events[i].Cmd = cmd.ID
		events[i].At = at
		events[i].Dice = nil
	}
	if s.dice.Rolls() != rolls {
		events[len(events)-1].Dice = s.dice.Marshal()
	}
	events[0].Sum = sum
	seen, lines, err := s.applyAll(events, seat)
	if err != nil {
		return res, false, s.recover(fmt.Errorf("game %s: apply %s: %w", s.meta.ID, cmd.Name, err))
	}
	st := s.rules.Status(s.state)
	meta := s.meta
	meta.Seen = addSeen(meta.Seen, seen, 1)
	meta.LastSeq = events[len(events)-1].Seq
	meta.Updated = s.opt.Clock()
	meta = withStatus(meta, st)
	if err := s.opt.Store.Append(meta.ID, events, meta); err != nil {
		return res, false, s.recover(fmt.Errorf("game %s: save %s: %w", meta.ID, cmd.Name, err))
	}
	for i := range lines {
		lines[i].Seq = s.meta.Seen[seat] + uint64(i) + 1
	}
	s.meta = meta
	res = Result{Seq: meta.LastSeq, Events: events, Status: st, Lines: lines}
	if meta.LastSeq-s.lastSnap >= uint64(s.opt.SnapshotEvery) {
		if err := s.snapshot(); err != nil {
			res.Warning = err.Error()
		}
	}
	if !strings.HasPrefix(cmd.ID, generatedIDPrefix) {
		s.remember(cmd.ID, seat, sum, res)
	}
	if tb, ok := s.rules.(TakeBacker); ok {
		if id, ok := tb.ApprovedTakeBack(s.state); ok {
			if err := s.takeBack(id); err != nil {
				return res, false, s.recover(fmt.Errorf("game %s: take back command %q: %w", s.meta.ID, id, err))
			}
			res.Seq, res.Status, res.Lines = s.meta.LastSeq, s.rules.Status(s.state), nil
		}
	}
	return res, true, nil
}

// takeBack removes command id and every command after it from the log,
// every seat having agreed (TakeBacker), and rebuilds the game as it stood
// before it.
func (s *Session) takeBack(id string) error {
	first, _, ok, err := s.opt.Store.CommandSpan(s.meta.ID, id)
	if err != nil {
		return err
	}
	if !ok || first == 0 {
		return fmt.Errorf("the rules took back command %q, which is not in the log", id)
	}
	removed, err := s.opt.Store.Events(s.meta.ID, first, s.meta.LastSeq)
	if err != nil {
		return fmt.Errorf("read log: %w", err)
	}
	var before []Event
	if first > 1 {
		if before, err = s.opt.Store.Events(s.meta.ID, 1, first-1); err != nil {
			return fmt.Errorf("read log: %w", err)
		}
	}
	state, dice, err := Replay(s.rules, s.meta.Setup, before)
	if err != nil {
		return err
	}
	undone, _, err := s.seenAfter(state, removed, "")
	if err != nil {
		return err
	}
	meta := withStatus(s.meta, s.rules.Status(state))
	meta.LastSeq = first - 1
	meta.Undos++
	meta.Updated = s.opt.Clock()
	meta.Seen = addSeen(meta.Seen, undone, -1)
	if err := s.opt.Store.Truncate(meta.ID, meta.LastSeq, meta); err != nil {
		return err
	}
	s.meta, s.state, s.dice = meta, state, dice
	s.histGen++
	s.version++
	if s.lastSnap > meta.LastSeq {
		s.lastSnap = 0
	}
	for _, e := range removed {
		s.forget(e.Cmd)
	}
	return nil
}

// commandSum is the digest of a command's name and validated arguments
// that tells a retry from a different command reusing an id.
func commandSum(cmd Command) ([]byte, error) {
	b, err := Encode(struct {
		Name string         `msgpack:"n"`
		Args map[string]any `msgpack:"a"`
	}{cmd.Name, cmd.Args})
	if err != nil {
		return nil, fmt.Errorf("digest of command %s: %w", cmd.Name, err)
	}
	h := sha256.Sum256(b)
	return h[:12], nil
}

// earlier finds a command id in the recent commands or, failing that, in
// the store's index of every command id of the log, so a command retried
// long after is still applied at most once.
func (s *Session) earlier(id string) (remembered, bool, error) {
	if r, ok := s.recent[id]; ok {
		return r, true, nil
	}
	first, last, ok, err := s.opt.Store.CommandSpan(s.meta.ID, id)
	if err != nil {
		return remembered{}, false, fmt.Errorf("game %s: look up command id %q: %w", s.meta.ID, id, err)
	}
	if !ok {
		return remembered{}, false, nil
	}
	evs, err := s.opt.Store.Events(s.meta.ID, first, last)
	if err != nil || len(evs) == 0 {
		return remembered{}, false, fmt.Errorf("game %s: read command %q (events %d to %d): %v", s.meta.ID, id, first, last, err)
	}
	return remembered{seat: evs[0].Seat, sum: evs[0].Sum, res: Result{Seq: last, Events: evs}}, true, nil
}

// seatsAndPublic lists the seats whose sequence numbers the session keeps.
func (s *Session) seatsAndPublic() []Seat {
	return append(append([]Seat(nil), s.meta.Setup.Seats...), Public)
}

// addSeen returns base plus sign times delta, as a new map.
func addSeen(base, delta map[Seat]uint64, sign int) map[Seat]uint64 {
	out := make(map[Seat]uint64, len(base)+len(delta))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range delta {
		if sign > 0 {
			out[k] += v
		} else if out[k] >= v {
			out[k] -= v
		} else {
			out[k] = 0
		}
	}
	return out
}

// restoreDice puts the dice back to a state saved before Decide.
func (s *Session) restoreDice(saved []byte) error {
	d, err := RestoreDice(saved)
	if err != nil {
		return fmt.Errorf("game %s: %w", s.meta.ID, err)
	}
	s.dice = d
	return nil
}

// decide calls the rules, turning a panic into an error so one bad command
// cannot take the app down.
func (s *Session) decide(seat Seat, cmd Command) (events []Event, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("rules panicked: %v\n%s", p, debug.Stack())
		}
	}()
	return s.rules.Decide(s.state, seat, cmd, s.dice)
}

// applyAll folds events into the state and counts, per seat, the events
// each seat can see (Describe against the state just before each).
func (s *Session) applyAll(events []Event, by Seat) (seen map[Seat]uint64, lines []HistoryLine, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("rules panicked: %v", p)
		}
	}()
	s.version++
	seats := s.seatsAndPublic()
	seen = make(map[Seat]uint64, len(seats))
	for _, e := range events {
		for _, seat := range seats {
			text, ok := s.rules.Describe(s.state, e, seat)
			if !ok {
				continue
			}
			seen[seat]++
			if seat == by {
				lines = append(lines, HistoryLine{Seat: e.Seat, Type: e.Type, Text: text, At: e.At})
			}
		}
		if s.state, err = s.rules.Apply(s.state, e); err != nil {
			return nil, nil, fmt.Errorf("event %d (%s): %w", e.Seq, e.Type, err)
		}
		if len(e.Dice) > 0 {
			if s.dice, err = RestoreDice(e.Dice); err != nil {
				return nil, nil, fmt.Errorf("event %d: %w", e.Seq, err)
			}
		}
	}
	return seen, lines, nil
}

// recover rebuilds the in-memory game from the store after a failure half
// way through a command, so memory never runs ahead of what is saved.
func (s *Session) recover(cause error) error {
	if err := s.reload(s.meta.ID); err != nil {
		return fmt.Errorf("%w; reloading the game also failed: %v", cause, err)
	}
	return cause
}

// recallRecent reads the end of the log so that a command retried after the
// app or the command line restarted is still recognised by its id.
func (s *Session) recallRecent() error {
	end := s.meta.LastSeq
	if end == 0 {
		return nil
	}
	from := uint64(1)
	if end > recentEvents {
		from = end - recentEvents + 1
	}
	evs, err := s.opt.Store.Events(s.meta.ID, from, end)
	if err != nil {
		return fmt.Errorf("open game %s: read recent commands: %w", s.meta.ID, err)
	}
	st := s.rules.Status(s.state)
	for i := 0; i < len(evs); {
		j := i
		for j+1 < len(evs) && evs[j+1].Cmd == evs[i].Cmd {
			j++
		}
		if !strings.HasPrefix(evs[i].Cmd, generatedIDPrefix) {
			s.remember(evs[i].Cmd, evs[i].Seat, evs[i].Sum, Result{Seq: evs[j].Seq, Events: evs[i : j+1], Status: st})
		}
		i = j + 1
	}
	return nil
}

// remembered is a command id's earlier result and the seat that gave it: a
// retry is answered only for the same seat, so one seat never reads another
// seat's result by reusing its id.
type remembered struct {
	seat Seat
	sum  []byte
	res  Result
}

func (s *Session) remember(id string, seat Seat, sum []byte, r Result) {
	if _, ok := s.recent[id]; !ok {
		s.recentIDs = append(s.recentIDs, id)
	}
	s.recent[id] = remembered{seat: seat, sum: sum, res: r}
	for len(s.recentIDs) > recentCommands {
		delete(s.recent, s.recentIDs[0])
		s.recentIDs = s.recentIDs[1:]
	}
}

func (s *Session) forget(id string) {
	delete(s.recent, id)
	for i, x := range s.recentIDs {
		if x == id {
			s.recentIDs = append(s.recentIDs[:i], s.recentIDs[i+1:]...)
			break
		}
	}
}

// withStatus returns meta updated from the rules' status.
func withStatus(meta GameMeta, st Status) GameMeta {
	meta.Status, meta.Summary, meta.Result = StatusActive, st.Summary, nil
	if st.Finished {
		meta.Status = StatusFinished
		meta.Result = append([]Placement(nil), st.Placements...)
	}
	return meta
}

func statusOf(st Status) GameStatus {
	if st.Finished {
		return StatusFinished
	}
	return StatusActive
}

// reload replaces the in-memory game with the stored one.
func (s *Session) reload(id string) error {
	meta, snap, tail, err := s.opt.Store.Load(id)
	if err != nil {
		return fmt.Errorf("load game %s: %w", id, err)
	}
	state, dice, err := restore(s.rules, meta, snap, tail)
	if err != nil {
		return fmt.Errorf("load game %s: %w", id, err)
	}
	s.meta, s.state, s.dice = meta, state, dice
	s.histGen++
	s.version++
	s.lastSnap = 0
	if snap != nil {
		s.lastSnap = snap.Seq
	}
	return nil
}

func restore(rules Rules, meta GameMeta, snap *Snapshot, tail []Event) (State, *Dice, error) {
	var (
		state State
		dice  *Dice
		err   error
		next  uint64 = 1
	)
	if snap == nil {
		if state, err = rules.New(meta.Setup); err != nil {
			return nil, nil, fmt.Errorf("set up: %w", err)
		}
		dice = NewDice(meta.Setup.Seed)
	} else {
		if state, err = rules.DecodeState(snap.State); err != nil {
			return nil, nil, fmt.Errorf("snapshot at %d: %w", snap.Seq, err)
		}
		if dice, err = RestoreDice(snap.Dice); err != nil {
			return nil, nil, fmt.Errorf("snapshot at %d: %w", snap.Seq, err)
		}
		next = snap.Seq + 1
	}
	state, dice, err = replay(rules, state, dice, next, tail)
	if err != nil {
		return nil, nil, err
	}
	if last := next - 1 + uint64(len(tail)); last != meta.LastSeq {
		return nil, nil, fmt.Errorf("log ends at event %d but the index says %d", last, meta.LastSeq)
	}
	return state, dice, nil
}

func replay(rules Rules, state State, dice *Dice, next uint64, events []Event) (st State, d *Dice, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("replay: rules panicked: %v", p)
		}
	}()
	for _, e := range events {
		if e.Seq != next {
			return nil, nil, fmt.Errorf("event %d found where %d was expected", e.Seq, next)
		}
		next++
		if state, err = rules.Apply(state, e); err != nil {
			return nil, nil, fmt.Errorf("replay event %d (%s): %w", e.Seq, e.Type, err)
		}
		if len(e.Dice) > 0 {
			if dice, err = RestoreDice(e.Dice); err != nil {
				return nil, nil, fmt.Errorf("replay event %d: %w", e.Seq, err)
			}
		}
	}
	return state, dice, nil
}

// Replay rebuilds a game's state and dice from its setup and its whole log,
// without rolling: the reference the conformance suite compares against.
func Replay(rules Rules, setup Setup, events []Event) (State, *Dice, error) {
	state, err := rules.New(setup)
	if err != nil {
		return nil, nil, fmt.Errorf("set up: %w", err)
	}
	return replay(rules, state, NewDice(setup.Seed), 1, events)
}

// Checkpoint stores a snapshot now (the app calls it when going to the
// background), so the next resume replays nothing.
func (s *Session) Checkpoint() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lastSnap == s.meta.LastSeq {
		return nil
	}
	return s.snapshot()
}

func (s *Session) snapshot() error {
	b, err := s.rules.EncodeState(s.state)
	if err != nil {
		return fmt.Errorf("snapshot game %s: %w", s.meta.ID, err)
	}
	snap := Snapshot{Seq: s.meta.LastSeq, State: b, Dice: s.dice.Marshal()}
	if err := s.opt.Store.PutSnapshot(s.meta.ID, snap); err != nil {
		return fmt.Errorf("snapshot game %s at %d: %w", s.meta.ID, snap.Seq, err)
	}
	s.lastSnap = snap.Seq
	return nil
}

// EncodedState returns the game's state as the rules serialise it, for
// comparing two replicas byte for byte.
func (s *Session) EncodedState() ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rules.EncodeState(s.state)
}

// View returns what seat may know now. Public gives the spectator view; an
// unknown seat is refused.
func (s *Session) View(seat Seat) (v View, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if seat != Public && !s.hasSeat(seat) {
		return nil, Reject("%q is not a seat of this game (seats: %s, or %s)", seat, seatList(s.meta.Setup.Seats), Public)
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("game %s: view for %s: rules panicked: %v", s.meta.ID, seat, p)
		}
	}()
	return s.rules.View(s.state, seat), nil
}

// LastCommand returns the events of the most recent command, oldest first,
// or nil when the log is empty.
func (s *Session) LastCommand() ([]Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastCommand()
}

func (s *Session) lastCommand() ([]Event, error) {
	end := s.meta.LastSeq
	if end == 0 {
		return nil, nil
	}
	for window := uint64(64); ; window *= 4 {
		from := uint64(1)
		if end > window {
			from = end - window + 1
		}
		evs, err := s.opt.Store.Events(s.meta.ID, from, end)
		if err != nil {
			return nil, fmt.Errorf("game %s: read log: %w", s.meta.ID, err)
		}
		if len(evs) == 0 {
			return nil, fmt.Errorf("game %s: log is empty but the index says it ends at %d", s.meta.ID, end)
		}
		cmd := evs[len(evs)-1].Cmd
		i := len(evs) - 1
		for i > 0 && evs[i-1].Cmd == cmd {
			i--
		}
		if i > 0 || from == 1 {
			return evs[i:], nil
		}
	}
}

// Undo takes back seat's most recent command, when the rules allow: never
// a command whose events carry a Barrier (a dice result the other side has
// seen), and never past what Rules.Undoable refuses.
func (s *Session) Undo(seat Seat) (Result, error) {
	res, err := s.undo(seat)
	if err == nil {
		s.notify(Change{Kind: ChangeUndo, Seat: seat, Seq: res.Seq, Status: res.Status})
	}
	return res, err
}

func (s *Session) undo(seat Seat) (Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.hasSeat(seat) {
		return Result{}, Reject("%q is not a seat of this game (seats: %s)", seat, seatList(s.meta.Setup.Seats))
	}
	last, err := s.lastCommand()
	if err != nil {
		return Result{}, err
	}
	if len(last) == 0 {
		return Result{}, Reject("nothing to undo: no command has been played yet")
	}
	// Another seat's command is judged by the rules first, so that what
	// the refusal says does not depend on what the command was (a barrier
	// or not), which the asking seat may not know.
	if last[0].Seat != seat {
		if err := s.rules.Undoable(s.state, seat, last); err != nil {
			if IsRejection(err) {
				return Result{}, err
			}
			return Result{}, fmt.Errorf("game %s: undo: %w", s.meta.ID, err)
		}
	}
	for _, e := range last {
		if e.Barrier {
			if last[0].Seat != seat {
				return Result{}, Reject("the last command cannot be taken back: it is final (a result or a reveal every player has seen)")
			}
			return Result{}, Reject("your last command cannot be taken back: it revealed something the other side has seen")
		}
	}
	if err := s.rules.Undoable(s.state, seat, last); err != nil {
		if IsRejection(err) {
			return Result{}, err
		}
		return Result{}, fmt.Errorf("game %s: undo: %w", s.meta.ID, err)
	}
	// Rebuild the game as it was before the command from the log, so the
	// index (an undo can reopen a finished game) is written together with
	// the truncation, in one transaction.
	target := last[0].Seq - 1
	var before []Event
	if target > 0 { // Events(id, 1, 0) would mean the whole log
		if before, err = s.opt.Store.Events(s.meta.ID, 1, target); err != nil {
			return Result{}, fmt.Errorf("game %s: undo: read log: %w", s.meta.ID, err)
		}
	}
	state, dice, err := Replay(s.rules, s.meta.Setup, before)
	if err != nil {
		return Result{}, fmt.Errorf("game %s: undo: %w", s.meta.ID, err)
	}
	undone, lines, err := s.seenAfter(state, last, seat)
	if err != nil {
		return Result{}, fmt.Errorf("game %s: undo: %w", s.meta.ID, err)
	}
	st := s.rules.Status(state)
	meta := withStatus(s.meta, st)
	meta.Seen = addSeen(meta.Seen, undone, -1)
	meta.LastSeq = target
	meta.Undos++
	meta.Updated = s.opt.Clock()
	if err := s.opt.Store.Truncate(meta.ID, meta.LastSeq, meta); err != nil {
		return Result{}, fmt.Errorf("game %s: undo: %w", meta.ID, err)
	}
	s.meta, s.state, s.dice = meta, state, dice
	s.histGen++
	s.version++
	if s.lastSnap > target {
		s.lastSnap = 0 // the snapshots after target are gone; take a new one soon
	}
	s.forget(last[0].Cmd)
	for i := range lines {
		lines[i].Seq = meta.Seen[seat] + uint64(i) + 1
	}
	return Result{Seq: s.meta.LastSeq, Events: last, Status: st, Lines: lines}, nil
}

// HistoryLine is one event of a game's history as a seat may see it. Seq
// is the line's number in that seat's history (1, 2, 3 …), not the event's
// place in the log: the numbers never show where hidden events were.
type HistoryLine struct {
	Seq  uint64 `json:"seq"`
	Seat Seat   `json:"seat"`
	Type string `json:"type"`
	Text string `json:"text"`
	At   int64  `json:"at"`
}

// History returns the game's log as lines seat may see (Public: what every
// seat may see).
func (s *Session) History(seat Seat) ([]HistoryLine, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if seat != Public && !s.hasSeat(seat) {
		return nil, Reject("%q is not a seat of this game", seat)
	}
	return s.historyLocked(seat)
}

// historyCache is one seat's history as far as it has been described:
// its lines, the state after the last described event and that event's
// sequence number.
type historyCache struct {
	gen   uint64
	last  uint64
	state State
	lines []HistoryLine
}

// historyLocked returns seat's history lines, describing only the events
// since the last call (the whole log the first time, and after the log was
// cut). s.mu is held.
func (s *Session) historyLocked(seat Seat) ([]HistoryLine, error) {
	c := s.hist[seat]
	if c == nil || c.gen != s.histGen || c.last > s.meta.LastSeq {
		state, err := s.rules.New(s.meta.Setup)
		if err != nil {
			return nil, fmt.Errorf("game %s: history: %w", s.meta.ID, err)
		}
		c = &historyCache{gen: s.histGen, state: state, lines: []HistoryLine{}}
	}
	if c.last < s.meta.LastSeq {
		evs, err := s.opt.Store.Events(s.meta.ID, c.last+1, 0)
		if err != nil {
			return nil, fmt.Errorf("game %s: read log: %w", s.meta.ID, err)
		}
		state, lines, err := describeFrom(s.rules, c.state, evs, seat, c.lines)
		if err != nil {
			// Apply may have changed the cached state half way: drop
			// the cache, the next call starts again from the beginning.
			delete(s.hist, seat)
			return nil, fmt.Errorf("game %s: %w", s.meta.ID, err)
		}
		c = &historyCache{gen: c.gen, state: state, lines: lines, last: s.meta.LastSeq}
		if len(evs) > 0 {
			c.last = evs[len(evs)-1].Seq
		}
	}
	if s.hist == nil {
		s.hist = map[Seat]*historyCache{}
	}
	s.hist[seat] = c
	// A copy the caller may keep or change.
	return append([]HistoryLine(nil), c.lines...), nil
}

// describeFrom describes evs for seat from state (the state before the
// first of them), appending to lines, and returns the state after them.
// state is the caller's own: Apply may change it. The lines are numbered
// after those already in lines.
func describeFrom(rules Rules, state State, evs []Event, seat Seat, lines []HistoryLine) (_ State, _ []HistoryLine, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("history: rules panicked: %v", p)
		}
	}()
	// lines may be a cache's: appending past its length leaves the cache
	// as it was (its callers get copies).
	for _, e := range evs {
		if text, ok := rules.Describe(state, e, seat); ok {
			lines = append(lines, HistoryLine{Seq: uint64(len(lines)) + 1, Seat: e.Seat, Type: e.Type, Text: text, At: e.At})
		}
		if state, err = rules.Apply(state, e); err != nil {
			return nil, nil, fmt.Errorf("history: event %d: %w", e.Seq, err)
		}
	}
	return state, lines, nil
}

// Subscribe registers fn to be called after every stored change; cancel
// removes it. fn runs on the goroutine that made the change, outside the
// session's lock, so it may call View; a GUI must hop to its own thread.
func (s *Session) Subscribe(fn func(Change)) (cancel func()) {
	s.subMu.Lock()
	defer s.subMu.Unlock()
	id := s.nextSub
	s.nextSub++
	s.subs[id] = fn
	return func() {
		s.subMu.Lock()
		defer s.subMu.Unlock()
		delete(s.subs, id)
	}
}

func (s *Session) notify(c Change) {
	s.subMu.Lock()
	ids := make([]int, 0, len(s.subs))
	for id := range s.subs {
		ids = append(ids, id)
	}
	fns := make([]func(Change), 0, len(ids))
	sort.Ints(ids)
	for _, id := range ids {
		fns = append(fns, s.subs[id])
	}
	s.subMu.Unlock()
	for _, fn := range fns {
		fn(c)
	}
}

// ErrClosed is returned by a Store used after Close.
var ErrClosed = errors.New("save file is closed")

// SeatState returns what seat may know now (view, own sequence number,
// status), read under one lock so the three agree.
func (s *Session) SeatState(seat Seat) (st SeatState, err error) {
	st, _, err = s.SeatStateVersion(seat)
	return st, err
}

// SeatStateVersion is SeatState with the game's version: a count of its
// changes, which is larger for a later state. The version counts every
// change, hidden ones included, so it must never be shown or sent; it
// only orders states on the device that read them (the LAN host shares
// one seat's view among that seat's connections with it).
func (s *Session) SeatStateVersion(seat Seat) (st SeatState, version uint64, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	version = s.version
	if seat != Public && !s.hasSeat(seat) {
		return st, 0, RejectWith(ReasonNotFound, "%q is not a seat of this game (seats: %s, or %s)", seat, seatList(s.meta.Setup.Seats), Public)
	}
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("game %s: view for %s: rules panicked: %v", s.meta.ID, seat, p)
		}
	}()
	return SeatState{Seat: seat, Seq: s.meta.Seen[seat], Status: s.rules.Status(s.state), View: s.rules.View(s.state, seat)}, version, nil
}
