package console

import (
	"time"
)

// Game is one game in play, as the screens and the command line see it. The
// local Session implements it through Local; the LAN client implements it
// over the network. A screen holds a Game and never knows which it has.
//
// Everything a Game returns for a seat is what that seat may know: its
// view, its own sequence numbers (which count only the events it can see,
// so gaps never reveal how many hidden things happened), its history, its
// refusals. The dice seed and dice state never leave the host while the
// game is running.
type Game interface {
	// Info describes the game: id, system, title, seats, status.
	Info() GameInfo
	// Commands lists the system's command vocabulary with argument schemas.
	Commands() []CommandSpec
	// State returns what seat may know now: its view, its sequence number
	// and the game's status. Public is the spectator's.
	State(seat Seat) (SeatState, error)
	// Do asks for one command as seat. A refusal is a *Rejection whose
	// Reason says why; a retry with the same command id returns the first
	// outcome, marked Duplicate.
	Do(seat Seat, cmd Command) (Outcome, error)
	// Undo takes back seat's last command when the rules allow.
	Undo(seat Seat) (Outcome, error)
	// LastActor is the seat whose command Undo would take back (for a
	// hot-seat tablet, where whoever taps undoes for that seat); a LAN
	// client knows only its own seat, and returns it.
	LastActor() (Seat, error)
	// History returns seat's history lines with a sequence number after
	// after (0: all), oldest first.
	History(seat Seat, after uint64) ([]HistoryLine, error)
	// Subscribe calls fn with seat's new state after every change that
	// changes what seat may know, in order, on a goroutine of its own
	// (never the one that committed the change); cancel stops it. A change
	// seat cannot see is not delivered at all, so even the timing of the
	// other side's hidden actions stays hidden.
	Subscribe(seat Seat, fn func(Update)) (cancel func())
	// Checkpoint makes the next resume fast (the app calls it when going to
	// the background); every command is already durable without it.
	Checkpoint() error
}

// GameInfo describes a game in play, without any secret: the dice seed, the
// time of the last change and the number of undos (either may be of a
// hidden command) are given only once the game has finished.
type GameInfo struct {
	ID      string            `json:"id" msgpack:"id"`
	System  SystemInfo        `json:"system" msgpack:"system"`
	Title   string            `json:"title" msgpack:"title"`
	Seats   []Seat            `json:"seats" msgpack:"seats"`
	Options map[string]string `json:"options,omitempty" msgpack:"options,omitempty"`
	Status  GameStatus        `json:"status" msgpack:"status"`
	Summary string            `json:"summary" msgpack:"summary"`
	Created time.Time         `json:"created" msgpack:"created"`
	Updated time.Time         `json:"updated" msgpack:"updated"`
	Undos   int               `json:"undos" msgpack:"undos"`
	// Seed is the dice seed, set only when the game has finished, so that
	// anyone may then check the dice.
	Seed uint64 `json:"seed,omitempty" msgpack:"seed,omitempty"`
}

// PublicMeta returns meta without its secrets: the seed is cleared while
// the game is running. Anything that shows a saves entry to a person uses
// it.
func PublicMeta(meta GameMeta) GameMeta {
	if meta.Status != StatusFinished {
		meta.Setup.Seed = 0
	}
	return meta
}

// SeatState is what one seat may know of a game at one moment.
type SeatState struct {
	Seat Seat `json:"seat" msgpack:"seat"`
	// Seq counts the events of the log this seat can see: the number of
	// its history lines. It grows by one per line and never tells how many
	// events the seat could not see.
	Seq    uint64 `json:"seq" msgpack:"seq"`
	Status Status `json:"status" msgpack:"status"`
	View   View   `json:"view" msgpack:"view"`
}

// Outcome is the answer to an accepted command or undo, for the seat that
// gave it.
type Outcome struct {
	SeatState
	// Lines are the seat's history lines the command added (for Do) or
	// took back (for Undo).
	Lines []HistoryLine `json:"lines,omitempty" msgpack:"lines,omitempty"`
	// Duplicate is true when the command id had already been applied and
	// this is the game as it stands now.
	Duplicate bool `json:"duplicate,omitempty" msgpack:"duplicate,omitempty"`
	// Warning reports a non-fatal problem (a snapshot not saved); the
	// command itself is safely stored.
	Warning string `json:"warning,omitempty" msgpack:"warning,omitempty"`
}

// Update is one change delivered to a subscriber: what it was and the
// seat's state after it.
type Update struct {
	Kind ChangeKind `json:"kind" msgpack:"kind"`
	SeatState
	// Encoded is the view's canonical bytes (Encode), when the game has
	// them at hand (Local does), so a subscriber that sends them on need
	// not encode again. Never serialised.
	Encoded []byte `json:"-" msgpack:"-"`
	// Version orders updates on this device (Versioned); zero when the
	// game has no versions. Never serialised: it counts hidden changes
	// too.
	Version uint64 `json:"-" msgpack:"-"`
}

// Versioned is a Game that can tell a later state from an earlier one: the
// LAN host uses it to share one seat's view among that seat's connections
// without ever sending an older view after a newer one. The version counts
// every change, hidden ones included: it never leaves the device.
type Versioned interface {
	// StateVersion is State with the game's version.
	StateVersion(seat Seat) (SeatState, uint64, error)
}
