package wire

import (
	"errors"
	"fmt"

	"github.com/commandconsole/commandconsole/console"
)

// Kind names a message type on the wire. The numbers are part of the
// protocol and never change meaning; a new message type takes a new number
// and a new protocol version.
type Kind uint8

// The message kinds of protocol version 1. Each is documented on its type;
// "host→client" says who sends it.
const (
	KindHello     Kind = 1  // Hello: both ways, first frame of each side
	KindRefuse    Kind = 2  // Refuse: both ways
	KindJoin      Kind = 3  // Join: client→host
	KindJoined    Kind = 4  // Joined: host→client
	KindLobby     Kind = 5  // Lobby: host→client
	KindCommand   Kind = 6  // Command: client→host
	KindResult    Kind = 7  // Result: host→client
	KindView      Kind = 8  // View: host→client
	KindHistory   Kind = 9  // History: client→host (a request), host→client (the lines)
	KindCatchup   Kind = 10 // Catchup: client→host
	KindHeartbeat Kind = 11 // Heartbeat: both ways
	KindAck       Kind = 12 // Ack: both ways, the answer to a Heartbeat
	KindBye       Kind = 13 // Bye: both ways, the last frame before closing
)

var kindNames = [...]string{
	KindHello: "hello", KindRefuse: "refuse", KindJoin: "join", KindJoined: "joined",
	KindLobby: "lobby", KindCommand: "command", KindResult: "result", KindView: "view",
	KindHistory: "history", KindCatchup: "catchup", KindHeartbeat: "heartbeat", KindAck: "ack",
	KindBye: "bye",
}

// String names the kind ("view"), or gives its number for an unknown one.
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("kind %d", uint8(k))
}

// Known reports whether k is one of the kinds of this protocol version.
func (k Kind) Known() bool { return k >= KindHello && k <= KindBye }

// Kinds returns every known kind, in order.
func Kinds() []Kind {
	out := make([]Kind, 0, KindBye)
	for k := KindHello; k <= KindBye; k++ {
		out = append(out, k)
	}
	return out
}

// Message is one of the message types of the catalog: Hello, Refuse, Join,
// Joined, Lobby, Command, Result, View, History, Catchup, Heartbeat, Ack,
// Bye. Decode returns them as values (wire.View, not *wire.View); Encode
// takes either.
type Message interface {
	// Kind is the message's kind on the wire.
	Kind() Kind
	// Validate reports what is wrong with a message that must not be sent
	// or accepted (a View with both a full view and a delta, a Command
	// without an id). Encode and Decode call it.
	Validate() error
}

// Role says what a peer is in the handshake.
type Role string

// The roles of a Hello.
const (
	// RoleHost serves a game to the others.
	RoleHost Role = "host"
	// RoleClient joins a game to play a seat.
	RoleClient Role = "client"
	// RoleSpectator joins a game to watch what every seat may know.
	RoleSpectator Role = "spectator"
)

// Hello is the first frame each side sends (since protocol 1). The client
// sends its Hello, the host answers with its own, and each side checks the
// other's (see ClientHello, ServerHello). Its fields are frozen for every
// protocol version, so two peers of any versions can always tell each other
// which versions they speak.
type Hello struct {
	// Magic is always "CCNSL" (the constant Magic): a peer with anything
	// else is not a Command Console.
	Magic string `msgpack:"magic"`
	// Protocol is the newest protocol version the peer speaks.
	Protocol uint32 `msgpack:"protocol"`
	// MinProtocol is the oldest protocol version it still speaks; the two
	// peers use the newest version both speak.
	MinProtocol uint32 `msgpack:"min_protocol"`
	// App is the application's version, for the messages a person reads
	// ("the host runs Command Console 1.4").
	App string `msgpack:"app"`
	// Role is host, client or spectator.
	Role Role `msgpack:"role"`
	// Device optionally names the device ("Ana's tablet"), for the host's
	// lobby.
	Device string `msgpack:"device,omitempty"`
	// Game is, in a host's Hello, the id of the game it serves, and Title
	// that game's title: public facts (the mDNS record carries them too),
	// so a client whose pinned key does not match can tell a host tablet
	// that now serves another game from a device posing as the host. Both
	// are optional and omitted when empty: a Hello without them (an older
	// peer, or a client) has the same bytes as before.
	Game  string `msgpack:"game,omitempty"`
	Title string `msgpack:"title,omitempty"`
}

// Kind is KindHello.
func (Hello) Kind() Kind { return KindHello }

// Validate checks nothing: a Hello is judged by the handshake, which must be
// able to read any peer's, even a wrong one.
func (Hello) Validate() error { return nil }

// RefuseCode is the structured cause of a Refuse, so a screen can react
// (ask the PIN again, wait, pick another seat) without parsing its message.
type RefuseCode string

// The causes of a Refuse.
const (
	// RefuseVersion: the two peers speak no common protocol version.
	RefuseVersion RefuseCode = "version"
	// RefuseWrongPIN: the PIN of a Join is wrong.
	RefuseWrongPIN RefuseCode = "wrong-pin"
	// RefuseRateLimit: too many attempts; RetryAfterMs says when to try
	// again.
	RefuseRateLimit RefuseCode = "rate-limit"
	// RefuseSeatTaken: another device holds the seat (reclaim it with its
	// token).
	RefuseSeatTaken RefuseCode = "seat-taken"
	// RefuseFull: no seat is open.
	RefuseFull RefuseCode = "full"
	// RefuseNoSuchSeat: the game has no such seat.
	RefuseNoSuchSeat RefuseCode = "no-such-seat"
	// RefuseBadToken: the seat token is not this game's.
	RefuseBadToken RefuseCode = "bad-token"
	// RefuseWrongGame: the host serves another game than the one asked for.
	RefuseWrongGame RefuseCode = "wrong-game"
	// RefuseProtocol: a message that cannot be understood or is not
	// allowed now (a Command before Joined).
	RefuseProtocol RefuseCode = "protocol"
)

// Refuse says no to the peer (since protocol 1), both ways: a version
// mismatch, a wrong PIN, a rate limit, a seat taken, a full game. After a
// Refuse of a Hello or a Join the sender closes the connection.
//
// Refuse is also an error: the client returns the host's refusal as is, and
// its message is shown to the player.
type Refuse struct {
	Code RefuseCode `msgpack:"code"`
	// Message says in the player's words what happened and what to do
	// ("Wrong PIN: check the four digits on the host's screen").
	Message string `msgpack:"message"`
	// RetryAfterMs, with RefuseRateLimit, is how long to wait before trying
	// again, in milliseconds.
	RetryAfterMs uint32 `msgpack:"retry_after_ms,omitempty"`
}

// Kind is KindRefuse.
func (Refuse) Kind() Kind { return KindRefuse }

// Validate requires a code and a message.
func (r Refuse) Validate() error {
	if r.Code == "" || r.Message == "" {
		return errors.New("a refusal needs a code and a message")
	}
	return nil
}

// Error is the refusal's message.
func (r Refuse) Error() string { return r.Message }

// ForPlayer is the refusal's message as a sentence for the player (it is
// written in the player's words already): its first letter upper case, a
// full stop at the end.
func (r Refuse) ForPlayer() string { return Sentence(r.Message) }

// Join asks the host for a seat (since protocol 1), after the Hellos. The
// host answers with Joined (then a full View) or with a Refuse.
type Join struct {
	// Game is the id of the game the client means to join, when it knows
	// it (a rejoin, a join code); empty joins whatever the host serves.
	Game string `msgpack:"game,omitempty"`
	// PIN is the four digits the host shows. It travels only inside the
	// encrypted link (TLS); it is never sent on a plain connection.
	PIN string `msgpack:"pin,omitempty"`
	// Seat is the seat wanted: a seat of the game, console.Public to
	// watch as a spectator, or empty for any open seat.
	Seat console.Seat `msgpack:"seat,omitempty"`
	// Token is the seat token a previous Joined gave this device, to
	// reclaim its seat (after a dropped link or a host restart); the PIN
	// is then not needed.
	Token string `msgpack:"token,omitempty"`
	// LastSeq is the seat's last sequence number the device has seen (0:
	// none); the host then sends the history lines after it.
	LastSeq uint64 `msgpack:"last_seq,omitempty"`
	// LastSum is LineSum of the device's history line LastSeq: when the
	// host's line LastSeq differs (an undo while the device was away took
	// it back), the host sends the whole history instead.
	LastSum uint32 `msgpack:"last_sum,omitempty"`
}

// Kind is KindJoin.
func (Join) Kind() Kind { return KindJoin }

// Validate accepts every Join: the host judges it and answers with a
// Refuse.
func (Join) Validate() error { return nil }

// SeatInfo is one seat as the lobby shows it: who holds it and whether
// they are ready. It carries no secret.
type SeatInfo struct {
	Seat console.Seat `msgpack:"seat"`
	// Device names the device that holds the seat, if any.
	Device string `msgpack:"device,omitempty"`
	// Taken is true when a device has claimed the seat (connected or
	// not); Connected when its link is up now.
	Taken     bool `msgpack:"taken,omitempty"`
	Connected bool `msgpack:"connected,omitempty"`
	// Ready is reserved: hosts of protocol 1 never set it. A player's
	// readiness is the game's own (Lands of Ruin's ready command, which
	// the engine waits for from every seat, shown in each seat's view),
	// so it travels, like every other part of the game, in the views.
	Ready bool `msgpack:"ready,omitempty"`
}

// Joined admits a client to a seat (since protocol 1). A full View of the
// seat follows it.
type Joined struct {
	// Seat is the seat given (console.Public for a spectator).
	Seat console.Seat `msgpack:"seat"`
	// Token reclaims the seat later (Join.Token); the client keeps it
	// with the game. Empty for a spectator.
	Token string `msgpack:"token,omitempty"`
	// Game describes the game, without secrets (console.Local.Info).
	Game console.GameInfo `msgpack:"game"`
	// Seats are the seats with their readiness, as in Lobby.
	Seats []SeatInfo `msgpack:"seats,omitempty"`
}

// Kind is KindJoined.
func (Joined) Kind() Kind { return KindJoined }

// Validate requires a seat, and a token for a player's seat.
func (j Joined) Validate() error {
	switch {
	case j.Seat == "":
		return errors.New("joined without a seat")
	case j.Seat != console.Public && j.Token == "":
		return fmt.Errorf("joined seat %q without a seat token", j.Seat)
	}
	return nil
}

// Lobby is the seats and their readiness (since protocol 1), sent to every
// client whenever they change.
type Lobby struct {
	Seats []SeatInfo `msgpack:"seats"`
}

// Kind is KindLobby.
func (Lobby) Kind() Kind { return KindLobby }

// Validate accepts every Lobby.
func (Lobby) Validate() error { return nil }

// Command asks the host to play a command, or an undo, for the client's
// seat (since protocol 1). The host answers with a Result of the same id,
// and the seat's View when the game changed.
type Command struct {
	// ID makes the command idempotent: a retry with the same id (a double
	// tap, a resend after a reconnect or a host restart) is applied once
	// and answered with the first outcome. Required.
	ID string `msgpack:"id"`
	// Name and Args are the command (console.Command); empty with Undo.
	Name string         `msgpack:"name,omitempty"`
	Args map[string]any `msgpack:"args,omitempty"`
	// Undo asks to take back the seat's last command instead
	// (console.Game.Undo).
	Undo bool `msgpack:"undo,omitempty"`
}

// Kind is KindCommand.
func (Command) Kind() Kind { return KindCommand }

// Validate requires an id, and a name unless it is an undo (and none with
// one).
func (c Command) Validate() error {
	switch {
	case c.ID == "":
		return errors.New("a command without an id")
	case c.Undo && (c.Name != "" || len(c.Args) > 0):
		return fmt.Errorf("command %s: an undo takes no name or arguments", c.ID)
	case !c.Undo && c.Name == "":
		return fmt.Errorf("command %s: no name", c.ID)
	}
	return nil
}

// Console returns the command as the engine takes it (for Do; an undo has
// no console.Command).
func (c Command) Console() console.Command {
	return console.Command{ID: c.ID, Name: c.Name, Args: c.Args}
}

// Result answers a Command (since protocol 1): accepted, or refused with the
// rules' reason.
type Result struct {
	// ID is the command's id.
	ID string `msgpack:"id"`
	// Refusal is nil when the command was accepted, else the rules'
	// refusal (its Reason and its message for the player).
	Refusal *console.Rejection `msgpack:"refusal,omitempty"`
	// Seq is the seat's sequence number after the command.
	Seq uint64 `msgpack:"seq"`
	// Duplicate is true when the id had already been applied: the game
	// did not move again.
	Duplicate bool `msgpack:"duplicate,omitempty"`
	// Warning reports a non-fatal problem on the host (a snapshot not
	// saved); the command itself is safely stored.
	Warning string `msgpack:"warning,omitempty"`
	// Lines are the seat's history lines the command added (or an undo
	// took back) (console.Outcome.Lines).
	Lines []console.HistoryLine `msgpack:"lines,omitempty"`
}

// Kind is KindResult.
func (Result) Kind() Kind { return KindResult }

// Validate requires an id.
func (r Result) Validate() error {
	if r.ID == "" {
		return errors.New("a result without a command id")
	}
	return nil
}

// Accepted reports whether the command was accepted.
func (r Result) Accepted() bool { return r.Refusal == nil }

// View is one seat's view of the game after a change (since protocol 1):
// the view's canonical msgpack bytes (console.Encode of the system's view),
// either whole (Full) or as a delta against the previous view bytes sent to
// this connection (Delta, see Diff and Patch). Exactly one is set. The
// client decodes the bytes into the system's view type.
//
// A client that cannot apply a Delta (Patch fails: not the base the host
// meant, or damaged) sends a Catchup; the host answers with a full View.
type View struct {
	// Seat is the seat the view is for (console.Public for a spectator).
	Seat console.Seat `msgpack:"seat"`
	// Seq is the seat's sequence number (console.SeatState.Seq).
	Seq uint64 `msgpack:"seq"`
	// Change is what changed the game (console.ChangeCommand,
	// console.ChangeUndo); empty for a view sent on joining or catching up.
	Change console.ChangeKind `msgpack:"change,omitempty"`
	// Status is the game's status: finished, summary, placements.
	Status console.Status `msgpack:"status"`
	// Full is the whole view; Delta a delta against the previous one.
	Full  []byte `msgpack:"full,omitempty"`
	Delta []byte `msgpack:"delta,omitempty"`
}

// Kind is KindView.
func (View) Kind() Kind { return KindView }

// Validate requires a seat and exactly one of Full and Delta.
func (v View) Validate() error {
	switch {
	case v.Seat == "":
		return errors.New("a view without a seat")
	case len(v.Full) > 0 && len(v.Delta) > 0:
		return fmt.Errorf("view of %s at %d: both a full view and a delta", v.Seat, v.Seq)
	case len(v.Full) == 0 && len(v.Delta) == 0:
		return fmt.Errorf("view of %s at %d: neither a full view nor a delta", v.Seat, v.Seq)
	}
	return nil
}

// History is the seat's history lines after a sequence number (since
// protocol 1). From the host it also replaces: the client drops every line
// it holds numbered after After (an undo took them back) and appends
// Lines. From the client it asks for them (Lines empty); the host
// answers with a History of the same After holding the lines, oldest first.
type History struct {
	// After is the sequence number the lines follow (0: from the start).
	After uint64 `msgpack:"after"`
	// Lines are the lines, numbered in the seat's history.
	Lines []console.HistoryLine `msgpack:"lines,omitempty"`
}

// Kind is KindHistory.
func (History) Kind() Kind { return KindHistory }

// Validate checks that the lines follow After.
func (h History) Validate() error {
	for _, l := range h.Lines {
		if l.Seq <= h.After {
			return fmt.Errorf("history after %d holds line %d", h.After, l.Seq)
		}
	}
	return nil
}

// Catchup asks the host for what the client missed (since protocol 1):
// after a reconnect it goes with the Join (Join.LastSeq), and any time a
// delta does not apply. The host answers with a full View and a History
// after Seq.
type Catchup struct {
	// Seq is the seat's last sequence number the client has.
	Seq uint64 `msgpack:"seq"`
	// Sum is LineSum of the client's line Seq (see Join.LastSum).
	Sum uint32 `msgpack:"sum,omitempty"`
}

// Kind is KindCatchup.
func (Catchup) Kind() Kind { return KindCatchup }

// Validate accepts every Catchup.
func (Catchup) Validate() error { return nil }

// Heartbeat keeps the link alive and measures it (since protocol 1). Either
// side may send one; the other answers at once with an Ack of the same N.
// A side that hears nothing (no frame at all) for its timeout drops the
// link.
type Heartbeat struct {
	// N numbers the heartbeats of one side.
	N uint64 `msgpack:"n"`
}

// Kind is KindHeartbeat.
func (Heartbeat) Kind() Kind { return KindHeartbeat }

// Validate accepts every Heartbeat.
func (Heartbeat) Validate() error { return nil }

// Ack answers a Heartbeat (since protocol 1).
type Ack struct {
	// N is the Heartbeat's number.
	N uint64 `msgpack:"n"`
}

// Kind is KindAck.
func (Ack) Kind() Kind { return KindAck }

// Validate accepts every Ack.
func (Ack) Validate() error { return nil }

// ByeCode is why a peer closes the link.
type ByeCode string

// The causes of a Bye.
const (
	// ByeLeaving: the player left (the seat stays theirs to reclaim).
	ByeLeaving ByeCode = "leaving"
	// ByeHostClosing: the host stops serving the game.
	ByeHostClosing ByeCode = "host-closing"
	// ByeReplaced: the seat was reclaimed by the same token on another
	// link (this one is stale).
	ByeReplaced ByeCode = "replaced"
	// ByeProtocol: the peer broke the protocol.
	ByeProtocol ByeCode = "protocol"
	// ByeTimeout: nothing was heard from the peer for too long.
	ByeTimeout ByeCode = "timeout"
)

// Bye is the last frame before closing a link on purpose (since protocol
// 1), so the other side need not try to reconnect.
type Bye struct {
	Code ByeCode `msgpack:"code"`
	// Message says in the player's words what happened.
	Message string `msgpack:"message,omitempty"`
}

// Kind is KindBye.
func (Bye) Kind() Kind { return KindBye }

// Validate requires a code.
func (b Bye) Validate() error {
	if b.Code == "" {
		return errors.New("a bye without a code")
	}
	return nil
}

// LineSum is a checksum of one history line (its number, seat, type and
// text), by which a host and a client tell whether they hold the same line
// under the same number (Join.LastSum, Catchup.Sum).
func LineSum(l console.HistoryLine) uint32 {
	b := make([]byte, 0, 64+len(l.Text))
	b = fmt.Appendf(b, "%d\x00%s\x00%s\x00", l.Seq, l.Seat, l.Type)
	b = append(b, l.Text...)
	return Checksum(b)
}
