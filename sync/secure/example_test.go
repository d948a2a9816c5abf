package secure_test

import (
	"crypto/tls"
	"fmt"

	"github.com/commandconsole/commandconsole/sync/linktest"
	"github.com/commandconsole/commandconsole/sync/secure"
)

// A host makes (or reloads) its identity and serves TLS with it; a client
// that has the host's fingerprint (from the join code) pins it.
func Example() {
	id, err := secure.NewIdentity("Kitchen table")
	if err != nil {
		panic(err)
	}
	saved, _ := id.Encode() // beside the saved game
	id, err = secure.DecodeIdentity(saved)
	if err != nil {
		panic(err)
	}

	nw := linktest.NewNetwork()
	defer nw.Close()
	raw, _ := nw.Listen("host:1")
	ln := tls.NewListener(raw, secure.ServerConfig(id))
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		c.(*tls.Conn).Handshake()
		c.Close()
	}()

	fp := id.Fingerprint() // what the join code carries
	conn, _ := nw.Node("seatA").Dial("host:1")
	tc := tls.Client(conn, secure.ClientConfig(fp))
	err = tc.Handshake()
	got, _ := secure.PeerFingerprint(tc.ConnectionState())
	fmt.Println(err, got == fp, tc.ConnectionState().Version == tls.VersionTLS13)
	tc.Close()
	// Output: <nil> true true
}

// The host checks each joining device's PIN; a remote that keeps guessing
// wrong is made to wait.
func ExampleLimiter() {
	pin := secure.PIN("4711") // secure.NewPIN() in a real host
	lim := secure.NewLimiter(nil)
	for _, guess := range []secure.PIN{"1111", "2222", "3333", "4711"} {
		fmt.Println(lim.Check("192.0.2.7", pin, guess))
	}
	// Output:
	// wrong PIN: 2 left before a wait
	// wrong PIN: 1 left before a wait
	// wrong PIN: wait 2s before the next try
	// too many wrong PINs (3): try again in 2s
}
