//go:build linux

package linktest_test

import (
	"net"
	"testing"

	"github.com/commandconsole/commandconsole/sync/linktest"
)

// netnsEnv marks the copy of this package's test binary that runs inside a
// fresh network namespace.
const netnsEnv = "CC_LINKTEST_IN_NETNS"

// TestLoopbackInNetns checks the namespace helpers themselves: outside, the
// variable is not set and the test re-runs in a fresh namespace; inside,
// loopback is the only interface, LoopbackOnly brings it up with
// multicast, and SetLoopback takes it down and up again.
func TestLoopbackInNetns(t *testing.T) {
	if !linktest.InNetns(netnsEnv) {
		linktest.RunInNetns(t, "TestLoopbackInNetns", netnsEnv)
		return
	}
	lo := linktest.LoopbackOnly(t, netnsEnv)
	if lo.Name != "lo" || lo.Flags&net.FlagLoopback == 0 {
		t.Fatalf("LoopbackOnly returned %+v", lo)
	}
	flags := func() net.Flags {
		t.Helper()
		i, err := net.InterfaceByName("lo")
		if err != nil {
			t.Fatalf("lo: %v", err)
		}
		return i.Flags
	}
	linktest.SetLoopback(t, false)
	if f := flags(); f&net.FlagUp != 0 {
		t.Fatalf("lo still up after SetLoopback(false): %v", f)
	}
	linktest.SetLoopback(t, true)
	if f := flags(); f&net.FlagUp == 0 || f&net.FlagMulticast == 0 {
		t.Fatalf("lo not up and multicast after SetLoopback(true): %v", f)
	}
}
