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
//   - Link and OnLink tell a screen the link's state and a banner sentence
//     ("Reconnecting… attempt 3").
//
// The link ends for good (LinkClosed) on Close, when another device takes
// the seat with its token (Bye "replaced"), or when the host refuses the
// token on a reconnect (it forgot the seat: rejoin with the PIN). A host
// that says it is closing is retried like a dropped link: it may be
// re-hosting the saved game.
package client
