package client

import (
	"io"
	"net"
	"reflect"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/sync/wire"
)

// FuzzHandle: any frame from a host (decoded by the wire package, then
// taken by the client) changes the client's state or is refused with an
// error, never a panic; the state stays readable.
func FuzzHandle(f *testing.F) {
	rules := landsofruin.New()
	view, _ := console.Encode(rules.View(nil, console.Public))
	seeds := []wire.Message{
		wire.View{Seat: "ana", Seq: 1, Full: view},
		wire.View{Seat: "ana", Seq: 2, Delta: wire.Diff(view, append(view[:len(view):len(view)], 0xc0))},
		wire.History{After: 0, Lines: []console.HistoryLine{{Seq: 1, Text: "a"}}},
		wire.Result{ID: "x"}, wire.Lobby{Seats: []wire.SeatInfo{{Seat: "ana"}}},
		wire.Heartbeat{N: 3}, wire.Bye{Code: wire.ByeLeaving},
	}
	for _, m := range seeds {
		b, err := wire.Encode(m)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(runOne)
}

// runOne is FuzzHandle's body.
func runOne(t *testing.T, b []byte) {
	rules := landsofruin.New()
	m, err := wire.Decode(b)
	if err != nil {
		return
	}
	a, z := net.Pipe()
	defer a.Close()
	defer z.Close()
	go io.Copy(io.Discard, z)
	l := &link{nc: a, r: wire.NewReader(a, 0), w: wire.NewWriter(a, 0), dead: make(chan struct{})}
	c := &Client{cfg: Config{Timeout: DefaultTimeout, MaxFrame: wire.DefaultMaxFrame}, rules: rules,
		viewType: reflect.TypeOf(rules.View(nil, console.Public)), seat: "ana",
		pending: map[string]*pending{}, subs: map[int]*subscriber{}, linkSubs: map[int]func(Link){}}
	c.handle(l, m)
	c.handle(l, m)
	c.State("ana")
	c.History("ana", 0)
}
