//go:build linux

package hosting

import (
	"bytes"
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/commandconsole/commandconsole/sync/discovery"
)

// netnsEnv marks the copy of the test binary that runs inside a fresh
// network namespace (as sync/discovery's real-mDNS tests do).
const netnsEnv = "CC_HOSTING_IN_NETNS"

// runInNetns runs the test name again in a copy of the test binary inside
// a fresh network namespace (in a user namespace when not root), where
// only a loopback interface exists, still down: no packet can leave the
// machine. It skips where namespaces are unavailable.
func runInNetns(t *testing.T, name string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Skipf("cannot re-run the test binary in a network namespace: %v", err)
	}
	cmd := exec.Command(exe, "-test.run=^"+name+"$", "-test.v", "-test.count=1", "-test.timeout=120s")
	cmd.Env = append(os.Environ(), netnsEnv+"=1")
	attr := &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWNET, Pdeathsig: syscall.SIGKILL}
	if uid, gid := os.Geteuid(), os.Getegid(); uid != 0 {
		attr.Cloneflags |= syscall.CLONE_NEWUSER
		attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: uid, Size: 1}}
		attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: gid, Size: 1}}
	}
	cmd.SysProcAttr = attr
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err != nil && !errors.As(err, &exit):
		t.Skipf("network namespaces are unavailable here (%v): this real-mDNS test never runs on the machine's own network", err)
	case err != nil:
		t.Fatalf("%s in a fresh network namespace: %v\n%s", name, err, out)
	case bytes.Contains(out, []byte("--- SKIP: "+name)):
		t.Skipf("skipped inside the network namespace:\n%s", out)
	case !bytes.Contains(out, []byte("--- PASS: "+name)):
		t.Fatalf("%s in a fresh network namespace did not pass:\n%s", name, out)
	}
	t.Logf("in a fresh network namespace:\n%s", out)
}

// setLoopback brings the namespace's loopback interface up (and
// multicast-capable) or down.
func setLoopback(t *testing.T, up bool) {
	t.Helper()
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_DGRAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatalf("socket: %v", err)
	}
	defer syscall.Close(fd)
	var ifr struct {
		name  [syscall.IFNAMSIZ]byte
		flags uint16
		_     [22]byte
	}
	copy(ifr.name[:], "lo")
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.SIOCGIFFLAGS, uintptr(unsafe.Pointer(&ifr))); e != 0 {
		t.Fatalf("get lo flags: %v", e)
	}
	if up {
		ifr.flags |= syscall.IFF_UP | syscall.IFF_MULTICAST
	} else {
		ifr.flags &^= syscall.IFF_UP
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.SIOCSIFFLAGS, uintptr(unsafe.Pointer(&ifr))); e != 0 {
		t.Fatalf("set lo flags: %v", e)
	}
}

// TestLateNetworkInNetns is issue 22 end to end with real interfaces and
// real mDNS: hosting starts while the only interface (loopback, in a fresh
// network namespace) is down, so there is no join code and nothing is
// announced, and a browser waits; when loopback comes up, OnAddrs is told,
// the join code appears (127.0.0.1 and the port), and the browser lists
// the game, with no re-host; when loopback goes down the join code goes.
func TestLateNetworkInNetns(t *testing.T) {
	if os.Getenv(netnsEnv) != "1" {
		runInNetns(t, "TestLateNetworkInNetns")
		return
	}
	ifaces, err := net.Interfaces()
	if err != nil || len(ifaces) != 1 || ifaces[0].Name != "lo" {
		t.Fatalf("refusing to run: %s is set but this is not a fresh network namespace (interfaces %v, %v)", netnsEnv, ifaces, err)
	}
	if ifaces[0].Flags&net.FlagUp != 0 {
		t.Skip("loopback is already up in a fresh namespace here")
	}
	told := make(chan struct{}, 8)
	game := newGame(t)
	h, err := Start(Options{Game: game, Advertiser: &discovery.MDNS{}, App: "0.1.0", Device: "table",
		AddrInterval: 100 * time.Millisecond, OnAddrs: func() { told <- struct{}{} }})
	if err != nil {
		t.Fatalf("Start with no network: %v", err)
	}
	defer h.Close()
	if codes := h.JoinCodes(); len(codes) != 0 {
		t.Fatalf("join codes with no network: %v", codes)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	lists, err := (&discovery.MDNS{Interval: 300 * time.Millisecond, Expiry: 1500 * time.Millisecond}).Browse(ctx)
	if err != nil {
		t.Fatalf("Browse with no network: %v", err)
	}

	start := time.Now()
	setLoopback(t, true)
	select {
	case <-told:
	case <-ctx.Done():
		t.Fatal("OnAddrs not told when loopback came up")
	}
	codes := h.JoinCodes()
	if len(codes) != 1 {
		t.Fatalf("join codes %v", codes)
	}
	jc, err := discovery.DecodeJoinCode(codes[0])
	if err != nil || jc.Addr.Addr().String() != "127.0.0.1" || jc.Addr.Port() != h.Port() || jc.Fingerprint != h.Fingerprint() {
		t.Fatalf("join code %s: %+v, %v", codes[0], jc, err)
	}
	t.Logf("join code %s after %v", codes[0], time.Since(start).Round(time.Millisecond))
	for found := false; !found; {
		select {
		case l := <-lists:
			for _, e := range l {
				found = found || (e.Game.ID == game.Info().ID && e.Game.Fingerprint == h.Fingerprint() && e.Port == h.Port())
			}
		case <-ctx.Done():
			t.Fatal("the browser never listed the game")
		}
	}
	t.Logf("listed after %v", time.Since(start).Round(time.Millisecond))

	setLoopback(t, false)
	select {
	case <-told:
	case <-ctx.Done():
		t.Fatal("OnAddrs not told when loopback went down")
	}
	if codes := h.JoinCodes(); len(codes) != 0 {
		t.Errorf("join codes with loopback down: %v", codes)
	}
	if err := h.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	cancel()
	for range lists {
	}
}
