// Package wire is the bytes of LAN play (DESIGN.md section 5): frames, the
// message catalog and the handshake. It knows no sockets, TLS, games or
// timers: it reads and writes an io.Reader and an io.Writer (a net.Conn, a
// tls.Conn, a pipe in tests), and the host and the client (sync/host,
// sync/client) drive it.
//
// # Frames
//
// A frame is a 4-byte big-endian length, then that many bytes of body. A
// Reader refuses a zero-length frame (ErrEmptyFrame) and one above its limit
// (a *FrameSizeError, DefaultMaxFrame unless configured) from the prefix
// alone, and reads a body in 64 KiB chunks, so a peer that claims a large
// frame costs only the bytes it sends. A Writer sends each frame in one
// Write and is safe for concurrent senders. Deadlines are the caller's.
//
// # Messages
//
// A frame body is an envelope: a msgpack array of the message's Kind (an
// unsigned integer) and the message (a msgpack map with named fields, in
// console.Encode's canonical form). Encode and Decode convert; Decode checks
// the bytes before decoding (console.CheckMsgpack), so a hostile frame
// cannot make it allocate more than a small multiple of its size. The
// catalog of protocol version 1:
//
//	Hello      both ways   magic "CCNSL", protocol versions, app version, role; a host's names its game (id, title)
//	Refuse     both ways   a code and a message for the player
//	Join       client→host game id, PIN, seat wanted (or spectator), seat token, last seq
//	Joined     host→client seat, seat token, game info, seats with readiness
//	Lobby      host→client seats with readiness
//	Command    client→host id, name, args (or an undo)
//	Result     host→client id, accepted or the rules' refusal, the seat's seq
//	View       host→client seat, seq, status, the view's msgpack bytes whole or as a delta
//	History    both ways   a request for the lines after a seq; the lines
//	Catchup    client→host the last seq the client has: send a full view and the history after it
//	Heartbeat  both ways   keep the link alive; answered by Ack
//	Ack        both ways   the answer to a Heartbeat
//	Bye        both ways   closing on purpose, and why
//
// A new field is added with omitempty and ignored by older peers; a new kind
// or a change of meaning takes a new protocol version. Hello's frozen fields
// and the envelope never change, so two peers of any versions can tell each
// other theirs (the host's game and title were added with omitempty: a
// Hello without them has the bytes it always had).
//
// # A connection
//
//	client                                  host
//	Hello{client}                 ─────▶    ServerHello checks it
//	ClientHello checks it         ◀─────    Hello{host} (+ Refuse{version} on a mismatch)
//	Join{PIN or Token, Seat, LastSeq} ──▶
//	                              ◀─────    Joined{Seat, Token, Game, Seats} then View{Full}
//	                                        (and History after LastSeq), or Refuse
//	Command{ID, …}                ─────▶
//	                              ◀─────    Result{ID, Refusal?, Seq}, View{Delta or Full}
//	                              ◀─────    View (other seats' changes this seat may see), Lobby
//	Heartbeat{N} ⇄ Ack{N}, both ways; Catchup{Seq} when a delta does not apply; Bye.
//
// The link is TLS (the host's per-game key): the PIN and every view travel
// only inside it.
//
// # Views and deltas
//
// Views travel as the canonical msgpack bytes of the seat's view
// (console.Encode), which the client decodes into the system's view type.
// View.Pack sends a view as a delta against the previous view bytes sent on
// the same connection when that is shorter; View.Unpack rebuilds it. The
// delta format is documented in delta.go (Diff, Patch): copies from the base
// and literal bytes, with the lengths and CRC-32C checksums of the base and
// the result, so a client holding the wrong base finds out and sends a
// Catchup.
package wire
