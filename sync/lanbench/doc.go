// Package lanbench measures LAN play on the loopback interface: how long a
// command takes to reach every joined device's screen, and how many bytes
// each device is sent per change, for this app's design side by side with
// the naive design of the best-known companion apps (issue 12,
// "Benchmarks"). `ccctl bench` prints its figures in the "lan" section,
// and `go test -bench . ./sync/lanbench/` runs the same measure.
//
// The game is a Lands of Ruin battle (the two-player tutorial of
// landsofruin.LongGameSetup) played turn after turn by a Script: every
// character moves, the phases end, an action is assigned and taken back,
// a Rotter attack is entered and withdrawn, and one Sync phase in five is
// taken back by consent and ended again. The script is played once on a
// game of its own first (untimed) to record what each seat's view is after
// every command; the measured games then replay it, and every device's
// view is checked byte for byte against the recording after each command.
//
// Ours (DesignOurs): the game is hosted by sync/hosting (sync/host: TLS 1.3,
// each seat's own view pushed as a delta against the last view sent, then
// its new history lines) on a TCP listener at 127.0.0.1:0, with n
// sync/client devices joined: the two players' seats and n-2 spectators
// (console.Public; Lands of Ruin's battles have two sides). A command is
// timed from the player's Client.Do call until the Subscribe callback of
// every device whose view the command changed has been called with that
// view (devices whose view it did not change, such as the opponent of a
// hidden command, are sent nothing by design and are not waited for).
//
// Naive (DesignNaive): after every change the host sends the engine's whole
// game state as JSON (encoding/json of the rules' state value, the one the
// Lands of Ruin rules keep, with its hidden parts: exactly what a device of
// such an app holds) to every device over plain TCP (no TLS), one JSON
// document per line; each device decodes it into the state type. The host
// runs the same engine (a console.Session on a MemStore, like ours) and
// keeps its state value in step by applying each command's events, as the
// engine does. A command is timed from the player's send until every
// device has decoded the state that follows it.
//
// Bytes per update are counted on the host's side of each TCP connection
// (a counting net.Conn around every accepted connection): everything the
// host wrote to the device for the command, divided by the number of
// devices updated. For ours this includes TLS record overhead (a 5-byte
// header and a 16-byte tag per record) and, for the player who gave the
// command, its Result; heartbeats (every 5 s here) may add an Ack.
//
// Loopback is a link of unlimited bandwidth, and every device's decoding
// shares the host's CPUs. To see the designs on a slower shared link, run
// the benchmark in a network namespace of its own whose loopback is rate
// limited (nothing leaves the machine):
//
//	go test -c -o /tmp/lanbench.test ./sync/lanbench/
//	unshare -rn sh -c 'ip link set lo up mtu 1500 &&
//	  tc qdisc add dev lo root tbf rate 20mbit burst 16kb latency 200ms &&
//	  /tmp/lanbench.test -test.run XXX -test.bench LAN -test.benchtime 2x'
package lanbench
