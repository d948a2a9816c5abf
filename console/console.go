// Package console is the Command Console engine: a deterministic, replicated
// state machine that every game system plugs into.
//
// A seat asks for a Command; the system's Rules decide it against the current
// State (rolling any dice it needs through the game's Dice) and answer with
// Events, facts with every random outcome already in them. Events are the only
// thing stored and the only thing replayed: Apply folds them into the State and
// never rolls dice. View cuts the State down to what one seat may know, which
// is where hidden information is enforced.
//
// A Session owns one running game. The GUI and the network layer both drive it:
// it serialises concurrent commands, persists each command's events through a
// Store before anybody is told, takes snapshots, undoes to the last allowed
// boundary and notifies subscribers of every change.
//
// The package imports no GUI, network, file-system or database code and never
// reads the wall clock in rules: the Session is handed a Clock for save
// metadata only.
package console

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
)

// Seat identifies one participant of a game (a player, a side, a tablet).
// Seat names are chosen at setup and are stable for the whole game.
type Seat string

// Public is the pseudo-seat of a spectator and of the battle report: it sees
// only what every seat may know.
const Public Seat = "public"

// Kind says whether a game system is a miniature game or a board game.
type Kind string

// The kinds of game system.
const (
	KindMiniature Kind = "miniature"
	KindBoard     Kind = "board"
)

// SystemInfo describes a game system for menus and the command line.
type SystemInfo struct {
	ID       string    `json:"id" msgpack:"id"`
	Name     string    `json:"name" msgpack:"name"`
	Kind     Kind      `json:"kind" msgpack:"kind"`
	MinSeats int       `json:"min_seats" msgpack:"min_seats"`
	MaxSeats int       `json:"max_seats" msgpack:"max_seats"`
	Doc      string    `json:"doc" msgpack:"doc"`
	Options  []ArgSpec `json:"options,omitempty" msgpack:"options,omitempty"`
	// Playable is false for a system whose rules are registered but not yet
	// complete enough to start a game from the home screen.
	Playable bool `json:"playable" msgpack:"playable"`
}

// Setup is everything a new game is created from. It is stored with the game
// so that a full replay can start from nothing.
type Setup struct {
	System  string            `json:"system" msgpack:"system"`
	Title   string            `json:"title" msgpack:"title"`
	Seed    uint64            `json:"seed" msgpack:"seed"`
	Seats   []Seat            `json:"seats" msgpack:"seats"`
	Options map[string]string `json:"options,omitempty" msgpack:"options,omitempty"`
}

// Command is what a seat asks for. ID makes it idempotent: a command whose ID
// the Session has already applied is answered with the earlier result and does
// not advance the game twice (a double tap, a network retry).
type Command struct {
	ID   string         `json:"id,omitempty" msgpack:"id,omitempty"`
	Name string         `json:"cmd" msgpack:"cmd"`
	Args map[string]any `json:"args,omitempty" msgpack:"args,omitempty"`
}

// Event is a fact produced by Decide and folded into the state by Apply.
// Type and Data are the game system's own; the other fields are the engine's.
type Event struct {
	// Seq is the 1-based position of the event in the game's log, assigned by
	// the Session.
	Seq uint64 `json:"seq" msgpack:"q"`
	// Type names the event within its system ("score-added").
	Type string `json:"type" msgpack:"t"`
	// Seat is the seat whose command produced the event.
	Seat Seat `json:"seat" msgpack:"s"`
	// Cmd is the ID of the command that produced the event; the events of one
	// command share it and are stored, undone and replayed together.
	Cmd string `json:"cmd" msgpack:"c"`
	// Data is the system's payload, msgpack-encoded (see Encode, Decode).
	Data []byte `json:"data,omitempty" msgpack:"d,omitempty"`
	// Barrier marks an event that must not be undone by one seat alone: a dice
	// result the other side has seen, a hidden character revealed.
	Barrier bool `json:"barrier,omitempty" msgpack:"b,omitempty"`
	// Dice is the dice state after the command, on the last event of a command
	// that rolled; replay restores it from here and never rolls.
	Dice []byte `json:"dice,omitempty" msgpack:"r,omitempty"`
	// At is the wall-clock time the command was accepted, in Unix
	// milliseconds; for history display only, never read by rules.
	At int64 `json:"at,omitempty" msgpack:"a,omitempty"`
	// Sum is a digest of the command's name and arguments, on the first
	// event of a command that came with an id: a retry with the same id and
	// other arguments is refused instead of answered with the old result.
	Sum []byte `json:"sum,omitempty" msgpack:"h,omitempty"`
}

// State is a game system's whole state. The engine treats it as opaque: it
// only hands it back to the same system's Rules.
type State any

// View is what one seat may know of a State, ready to be encoded as JSON or
// msgpack and sent to that seat.
type View any

// Rules is one game system's rule set. Every method must be deterministic:
// no global randomness, no wall clock, no map iteration where order reaches
// the result.
type Rules interface {
	// Info describes the system.
	Info() SystemInfo
	// Commands lists the command vocabulary with argument schemas.
	Commands() []CommandSpec
	// New builds the initial state from a validated setup.
	New(setup Setup) (State, error)
	// Decide validates cmd for seat against s and returns the events it
	// produces. Args have already been checked against the command's schema.
	// Decide must not modify s; it rolls every random number it needs on d.
	// A refusal is an error that says what was wrong and what is allowed now;
	// wrap it with Reject so callers can tell refusals from failures.
	Decide(s State, seat Seat, cmd Command, d *Dice) ([]Event, error)
	// Apply folds one event into the state and returns the new state. It may
	// modify and return s. It never rolls dice. It fails only on an event
	// that cannot be part of this game: one it cannot decode, or one that
	// does not fit the state (a damaged save); never on a decided event.
	Apply(s State, e Event) (State, error)
	// View returns what seat may know of s; Public gives the spectator view.
	// It must not modify s and must never panic.
	View(s State, seat Seat) View
	// Status tells whether the game is over, and the placements when it is.
	Status(s State) Status
	// Describe renders one event as a line of history for seat, and whether
	// seat may see it at all. s is the state just before the event.
	Describe(s State, e Event, seat Seat) (string, bool)
	// Undoable reports whether seat may undo the command whose events are
	// last (already applied to s). Return a Rejection saying why not.
	Undoable(s State, seat Seat, last []Event) error
	// EncodeState and DecodeState serialise the state for snapshots.
	EncodeState(s State) ([]byte, error)
	DecodeState(b []byte) (State, error)
}

// Status is the outcome of a game as far as it has gone.
type Status struct {
	Finished bool `json:"finished" msgpack:"finished"`
	// Summary is one line for the saves list ("Round 4 of 10", "Alice wins").
	Summary    string      `json:"summary" msgpack:"summary"`
	Placements []Placement `json:"placements,omitempty" msgpack:"placements,omitempty"`
}

// Placement is one seat's final place; tied seats share a place.
type Placement struct {
	Seat  Seat   `json:"seat" msgpack:"seat"`
	Name  string `json:"name" msgpack:"name"`
	Place int    `json:"place" msgpack:"place"`
	Score int    `json:"score" msgpack:"score"`
}

// GameStatus is a game's place in the saves list.
type GameStatus string

// The states of a saved game.
const (
	StatusActive   GameStatus = "active"
	StatusFinished GameStatus = "finished"
)

// GameMeta is a game's entry in the saves index.
type GameMeta struct {
	ID      string     `json:"id" msgpack:"id"`
	Setup   Setup      `json:"setup" msgpack:"setup"`
	Status  GameStatus `json:"status" msgpack:"status"`
	Summary string     `json:"summary" msgpack:"summary"`
	// Created and Updated are wall-clock times, for the saves list only.
	Created time.Time `json:"created" msgpack:"created"`
	Updated time.Time `json:"updated" msgpack:"updated"`
	// LastSeq is the sequence number of the last event in the log.
	LastSeq uint64 `json:"last_seq" msgpack:"last_seq"`
	// Undos counts the commands taken back, for the battle report.
	Undos int `json:"undos" msgpack:"undos"`
	// Result holds the final placements once the game is finished, so the
	// saves list and player statistics need not replay the game.
	Result []Placement `json:"result,omitempty" msgpack:"result,omitempty"`
	// Seen counts, per seat (and Public), the events of the log that seat
	// can see: its own sequence number (SeatState.Seq). Saves from before
	// it existed have none; a Session counts them when it opens the game.
	Seen map[Seat]uint64 `json:"seen,omitempty" msgpack:"seen,omitempty"`
}

// Snapshot is a game's state at one point of its log, so that a resume
// replays only the tail.
type Snapshot struct {
	Seq   uint64 `json:"seq" msgpack:"seq"`
	State []byte `json:"state" msgpack:"state"`
	Dice  []byte `json:"dice" msgpack:"dice"`
}

// Store keeps games durably. console/store is the bbolt implementation;
// MemStore keeps them in memory for tests and benchmarks.
//
// Every method that changes a game commits before it returns: when Append
// returns nil the events survive the process being killed.
type Store interface {
	// Create records a new game with an empty log.
	Create(meta GameMeta) error
	// Append adds the events of one command and the updated metadata in one
	// committed transaction.
	Append(id string, events []Event, meta GameMeta) error
	// Truncate removes every event after seq (and any snapshot after it) and
	// updates the metadata, in one transaction. Undo uses it.
	Truncate(id string, after uint64, meta GameMeta) error
	// PutSnapshot stores a snapshot of the game.
	PutSnapshot(id string, snap Snapshot) error
	// Meta returns one game's metadata.
	Meta(id string) (GameMeta, error)
	// Load returns the game's metadata, its latest snapshot (nil when it has
	// none) and the events after it.
	Load(id string) (GameMeta, *Snapshot, []Event, error)
	// Events returns the events with sequence numbers in [from, to];
	// to == 0 means to the end.
	Events(id string, from, to uint64) ([]Event, error)
	// List returns every game's metadata, newest update first. A damaged
	// entry does not stop the others: it is reported in the returned error
	// list, each error naming the game and what is wrong.
	List() ([]GameMeta, []error, error)
	// Delete removes a game and everything stored for it.
	Delete(id string) error
	// CommandSpan finds a command by its id in a game's log: the sequence
	// numbers of its first and last events, and false when the log holds no
	// such command (never played, or undone). Every command id in the log is
	// found, however old, so a retried command is applied at most once. The
	// store keeps an index of Event.Cmd, updated by Append and Truncate in
	// their own transactions.
	CommandSpan(id, cmdID string) (first, last uint64, ok bool, err error)
}

// ErrNotFound is returned (wrapped) by a Store asked for a game it does not
// have.
var ErrNotFound = errors.New("no such game")

// Reason is the structured cause of a Rejection, beside its message, so a
// screen or a network peer can react without parsing text (grey a button,
// ask for consent, re-read the view).
type Reason string

// The reasons a command is refused.
const (
	// ReasonNotAllowed: the rules do not allow this now (the default).
	ReasonNotAllowed Reason = "not-allowed"
	// ReasonBadInput: an unknown command, a bad argument, a malformed
	// name or id.
	ReasonBadInput Reason = "bad-input"
	// ReasonNotYourTurn: another seat must act first.
	ReasonNotYourTurn Reason = "not-your-turn"
	// ReasonWrongPhase: the command belongs to another phase or step.
	ReasonWrongPhase Reason = "wrong-phase"
	// ReasonNeedsConsent: another seat must agree first (an undo of a
	// result it has seen).
	ReasonNeedsConsent Reason = "needs-consent"
	// ReasonGameOver: the game has ended.
	ReasonGameOver Reason = "game-over"
	// ReasonNotFound: no such game, seat or saved item.
	ReasonNotFound Reason = "not-found"
	// ReasonConflict: a command id reused for a different command.
	ReasonConflict Reason = "conflict"
)

// Rejection is an error caused by the input (a command the rules do not
// allow now, a bad argument), as opposed to an internal failure. The command
// line exits with 1 on it; the GUI shows its message. Reason is its
// structured cause; Msg says what was wrong and what is allowed now. Neither
// may depend on anything the commanding seat may not know.
//
// Try is the command-line hint, when there is one: the command to run next
// by its command name ("request-undo"). Msg is written for a player and
// never names a command; ccctl prints Try in its own JSON field, and no
// screen shows it.
type Rejection struct {
	Msg    string `json:"message" msgpack:"message"`
	Reason Reason `json:"reason" msgpack:"reason"`
	Try    string `json:"try,omitempty" msgpack:"try,omitempty"`
}

func (r *Rejection) Error() string { return r.Msg }

// Reject returns a Rejection with a formatted message and the reason
// ReasonNotAllowed.
func Reject(format string, a ...any) error {
	return &Rejection{Msg: fmt.Sprintf(format, a...), Reason: ReasonNotAllowed}
}

// RejectWith returns a Rejection with a reason and a formatted message.
func RejectWith(reason Reason, format string, a ...any) error {
	return &Rejection{Msg: fmt.Sprintf(format, a...), Reason: reason}
}

// RejectTry returns a Rejection with a reason, a formatted message for a
// player and the command-line hint try (a command name).
func RejectTry(reason Reason, try, format string, a ...any) error {
	return &Rejection{Msg: fmt.Sprintf(format, a...), Reason: reason, Try: try}
}

// TryOf returns the command-line hint of a Rejection in err's chain, or "".
func TryOf(err error) string {
	var r *Rejection
	if errors.As(err, &r) {
		return r.Try
	}
	return ""
}

// ReasonOf returns the reason of a Rejection in err's chain, or "" when err
// is not a refusal.
func ReasonOf(err error) Reason {
	var r *Rejection
	if errors.As(err, &r) {
		if r.Reason == "" {
			return ReasonNotAllowed
		}
		return r.Reason
	}
	return ""
}

// IsRejection reports whether err (or anything it wraps) is a Rejection.
func IsRejection(err error) bool {
	var r *Rejection
	return errors.As(err, &r)
}

// SortedKeys returns the keys of m in ascending order, for deterministic
// iteration.
func SortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// seatList renders seats for messages.
func seatList(seats []Seat) string {
	s := make([]string, len(seats))
	for i, x := range seats {
		s[i] = string(x)
	}
	return strings.Join(s, ", ")
}

// TakeBacker is implemented by rules in which a command the other seats
// have seen may be taken back once they all agree (Lands of Ruin's undo by
// consent). Such an undo cannot be the engine's plain Undo: the agreement
// is itself a command, so the command to take back is no longer the log's
// last. After every command the Session asks ApprovedTakeBack; when it
// names a command, the Session removes that command and every command after
// it (the request and the approvals) from the log and rebuilds the game as
// it stood before it, as an undo does, dice included: the same command
// played again rolls the same dice. No state is copied while playing, so
// replay stays cheap.
type TakeBacker interface {
	// ApprovedTakeBack returns the id of a command every seat has agreed
	// to take back, if there is one.
	ApprovedTakeBack(s State) (cmdID string, ok bool)
}
