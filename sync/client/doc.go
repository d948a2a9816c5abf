// Package client plays one seat of a game hosted on another device: the
// joining side of LAN play (DESIGN.md section 5, issue 12).
//
// A *Client is a console.Game, so every screen and ccctl work unchanged on
// a joined tablet. It holds only what the host sent to its seat: the seat's
// own view (decoded into the system's view type, from the local registry
// of game systems), its sequence number, its history lines and the game's
// public Info. State, History and Subscribe answer for the client's seat
// only; asking for another seat (even console.Public) is an error, because
// the host never sends it.
//
// Join connects (TCP or any Dial), runs TLS 1.3 pinned to the host's key
// fingerprint (from the join code or the mDNS record; Probe first for a
// typed address, so the players compare the fingerprint on both screens
// before the PIN is sent), the handshake and the Join, and returns once the
// seat's first view has arrived. From then on the client keeps the link:
//
//   - heartbeats every Config.Heartbeat; nothing heard for Config.Timeout
//     drops the link;
//   - a dropped link is retried with exponential backoff
//     (Config.MinBackoff to Config.MaxBackoff, with jitter) using the seat
//     token, so no PIN is asked again, and the last sequence number and
//     its line's checksum, so the host sends only what was missed;
//   - a command in flight when the link dropped is sent again on the new
//     link with the same id, so it is applied once (the engine answers a
//     repeated id with the first outcome);
//   - Link and OnLink tell a screen the link's state, why it is down
//     (Link.Why) and a banner sentence in the player's words.
//
// While the link is down (LinkReconnecting), Why tells the cases apart:
//
//   - WhyPaused: the host said it was closing (Bye "host-closing": Stop
//     hosting, or its player left the game). The client keeps trying, the
//     link stays paused through the refused reconnections, and the seat is
//     back by itself (its token) within seconds of the host hosting the
//     game again: "The host has paused the game. This tablet comes back by
//     itself when the host resumes hosting."
//   - WhyUnreachable: a host gone without a Bye (its app killed) or off the
//     network: "Reconnecting to the host… its tablet cannot be reached just
//     now (attempt 3)."
//   - WhyOtherGame: the host's address answers with another key, and its
//     Hello names another game: each game has its own key, so the tablet
//     now hosts another game (or another tablet took the address). That is
//     no device posing as the host; the client keeps trying, for when this
//     game is hosted there again.
//   - WhyDropped: the link dropped (a cut, a silence) and no reconnection
//     has failed yet.
//
// A host key that is not the expected one is judged by a probe of the
// address (TLS taking any key, its Hello read, nothing secret sent: no
// PIN, no token): another game named is an *OtherGameError (ErrOtherGame);
// the same game, or no game named (an older host), with another key is a
// *KeyMismatchError: another device may be posing as the host, and the
// link ends for good (WhyImpostor). A first join (Join, Lookup) returns the
// same errors. A join that names no game (a join code) and meets a host
// naming a game under another key takes it for another game: the key was
// another game's.
//
// A host whose address changed (Wi-Fi back with a new DHCP lease,
// another network) is followed when the client's owner says where the
// game is announced now (SetAddrs, from the nearby list's entry with the
// game's id and key fingerprint): each reconnection tries those addresses,
// then the kept one, and a link that comes up at one of them keeps it
// (Record.Addr, told to Config.OnRecord). A located address is only a
// hint: TLS there is pinned to the game's key, the token goes out only
// after it, and a device with another key is skipped, not judged.
//
// The link ends for good (LinkClosed) on Close, when another device takes
// the seat with its token (Bye "replaced"), when the host refuses the
// token on a reconnect (it forgot the seat: rejoin with the PIN), or when a
// device may be posing as the host.
//
// The errors a player can meet carry their sentence (a ForPlayer() string
// method, which the app's kit.ErrorText finds in a chain): Do and Undo
// while the link is down (*OfflineError, errors.Is ErrOffline), the other
// game, the key mismatch, the host unreachable, ErrClosed, ErrNoAnswer,
// ErrUndoLost; Error() keeps the details for logs.
package client
