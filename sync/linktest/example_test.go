package linktest_test

import (
	"errors"
	"fmt"
	"io"
	"net"
	"time"

	"github.com/commandconsole/commandconsole/sync/linktest"
)

// A host listens, a seat dials; the test cuts the link, takes the host
// down and brings it back.
func Example() {
	nw := linktest.NewNetwork()
	defer nw.Close()
	ln, _ := nw.Listen("host:1")
	toB := nw.Capture("host:1", "seatB")

	b, _ := nw.Node("seatB").Dial("host:1")
	h, _ := ln.Accept()
	fmt.Println(h.RemoteAddr(), "->", h.LocalAddr())
	h.Write([]byte("your view"))
	buf := make([]byte, 9)
	io.ReadFull(b, buf)
	fmt.Printf("seat B reads %q\n", buf)

	for _, l := range nw.Links("seatB") {
		l.Cut()
	}
	_, err := b.Read(buf)
	fmt.Println("after the cut:", errors.Is(err, linktest.ErrCut))

	nw.Down("host:1")
	_, err = nw.Node("seatB").Dial("host:1")
	fmt.Println("while down:", errors.Is(err, linktest.ErrRefused))
	nw.Up("host:1")
	b, _ = nw.Node("seatB").Dial("host:1")
	fmt.Println("redialed from", b.LocalAddr())
	fmt.Printf("the host sent seat B %q\n", toB.Bytes())
	// Output:
	// seatB:1 -> host:1
	// seat B reads "your view"
	// after the cut: true
	// while down: true
	// redialed from seatB:3
	// the host sent seat B "your view"
}

// A stalled link and a read deadline: the read times out as on a socket.
func ExamplePipe_Stall() {
	nw := linktest.NewNetwork()
	defer nw.Close()
	ln, _ := nw.Listen("host:1")
	c, _ := nw.Dial("host:1")
	h, _ := ln.Accept()

	c.(*linktest.Conn).Link().ToClient().Stall()
	h.Write([]byte("heartbeat"))
	c.SetReadDeadline(time.Now().Add(10 * time.Millisecond))
	_, err := c.Read(make([]byte, 16))
	var ne net.Error
	fmt.Println(errors.As(err, &ne) && ne.Timeout())
	// Output: true
}
