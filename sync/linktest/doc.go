// Package linktest is the LAN play test kit: an in-memory network on
// which a host and several clients run in one test process, with faults
// a test injects while traffic flows.
//
// A Network holds listeners on named addresses ("host:1") and the links
// dialed to them. Each link is a pair of Conns (net.Conn) joined by two
// buffered Pipes, one each way: a writer does not wait for the reader
// until the pipe holds its buffer's worth (WithBuffer), each Write
// arrives contiguous even with concurrent writers, and deadlines work as
// on a socket (a net.Error whose Timeout is true, matching
// os.ErrDeadlineExceeded). Clients dial from a named Node ("seatA"), so a
// test can pick a seat's links, and its traffic, across reconnects.
//
// Faults, on a Link (both ways) or on one of its Pipes:
//   - Cut: both ends' reads and writes fail with ErrCut, which also
//     matches syscall.ECONNRESET; bytes in flight are lost.
//   - Stall and Resume: bytes stop flowing, the writer fills the buffer
//     and blocks; deadlines still fire.
//   - Delay and Jitter: each chunk arrives d (plus a seeded random part)
//     after it was written, in order.
//   - Fragment: reads return random short pieces, as TCP segments do.
//   - DropAfter(n): the link is cut once n more bytes went that way; the
//     reader gets exactly those n bytes, the writer is not told.
//   - Network.Down and Up: a name's links are cut and dials from or to it
//     refused (ErrRefused, matching syscall.ECONNREFUSED) until it is up;
//     a closed listener frees its address for a restarted host.
//
// Network.Capture records every byte written from one set of ends to
// another, across links and reconnects, for the secrets tests.
// Network.Links finds a node's live links, Network.WaitLinks waits for a
// client to dial again, and Network.OnLink sees each new link before any
// byte crosses it, to apply faults to the links a client will dial later.
//
// Nothing here starts a goroutine, and nothing draws from global
// randomness: Jitter and Fragment draw from a generator per link, seeded
// from WithSeed and the link's ID. Timing (Delay, deadlines) is the real
// clock's. NoLeaks checks that a test's goroutines end with it.
//
// Nothing a test does with this kit leaves the machine. The tests that
// need real sockets (mDNS, TCP on the interfaces' addresses) run, on
// Linux, in a fresh network namespace holding only loopback, never on the
// machine's own network: RunInNetns starts a copy of the test binary
// there (and waits for it), InNetns tells the copy it is one,
// LoopbackOnly refuses to run unless loopback is the only interface and
// brings it up, SetLoopback takes it down and up again. Each package
// names its own environment variable for the copy:
//
//	const netnsEnv = "CC_DISCOVERY_IN_NETNS"
//
//	func TestMDNSInNetns(t *testing.T) {
//		if !linktest.InNetns(netnsEnv) {
//			linktest.RunInNetns(t, "TestMDNSInNetns", netnsEnv)
//			return
//		}
//		lo := linktest.LoopbackOnly(t, netnsEnv) // the only interface, up and multicast
//		// listen, announce and browse on lo
//	}
//
// A host and client test looks like this (host.Serve and client.Dial
// stand for the sync/host and sync/client entry points; anything that
// takes a net.Listener and a DialContext-shaped function fits):
//
//	func TestSeatBReconnects(t *testing.T) {
//		linktest.NoLeaks(t) // first, so its check runs after every cleanup
//		nw := linktest.NewNetwork(linktest.WithSeed(7))
//		t.Cleanup(func() { nw.Close() })
//		ln, err := nw.Listen("host:1")
//		if err != nil {
//			t.Fatal(err)
//		}
//		h := host.Serve(ln, game) // closes ln when the host stops
//		t.Cleanup(h.Close)
//
//		toB := nw.Capture("host:1", "seatB") // all the host sends seat B, every reconnect included
//		a := client.Dial(ctx, nw.Node("seatA").DialContext, "host:1", "A")
//		b := client.Dial(ctx, nw.Node("seatB").DialContext, "host:1", "B")
//
//		for range 20 { // seat B's link dropped 20 times mid-game
//			for _, l := range nw.Links("seatB") {
//				l.Cut()
//			}
//			if _, err := nw.WaitLinks(ctx, "seatB", 1); err != nil { // B redialed
//				t.Fatal(err)
//			}
//			// play on from seat A, then check b caught up
//		}
//		nw.Links("seatB")[0].ToClient().DropAfter(3) // cut in the middle of the next frame
//		nw.Links("seatA")[0].ToClient().Stall()     // the host's heartbeats stop reaching A
//
//		nw.Down("host:1") // the host goes away: links cut, redials refused
//		h.Close()
//		ln, _ = nw.Listen("host:1") // and comes back on the same address
//		h = host.Serve(ln, resumed)
//		nw.Up("host:1")
//
//		if bytes.Contains(toB.Bytes(), []byte(secretOfA)) {
//			t.Error("seat B was sent one of seat A's secrets")
//		}
//	}
package linktest
