//go:build linux

package lan_test

import (
	"bytes"
	"errors"
	"net"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/lan"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/sync/client"
)

// netnsEnv marks the copy of the test binary that runs inside a fresh
// network namespace.
const netnsEnv = "CC_LAN_APP_IN_NETNS"

// TestRealNetworkInNamespace: two tablets with LAN play as the app
// installs it (lan.Options zero: real mDNS, TCP, the interfaces'
// addresses, the loopback seat holder) find each other by mDNS and play,
// inside a fresh network namespace holding only loopback, so no packet
// leaves the machine.
func TestRealNetworkInNamespace(t *testing.T) {
	if os.Getenv(netnsEnv) != "1" {
		runInNetns(t, "TestRealNetworkInNamespace")
		return
	}
	loopbackOnly(t)
	q := &queue{}
	start := func(device string) *tablet {
		st := console.NewMemStore()
		u, w := apptest.NewUI(t, st, apptest.LandscapeSize, home.New)
		svc := lan.Install(u, lan.Options{Device: device, Do: q.do,
			Client: func(c *client.Config) { c.MinBackoff, c.MaxBackoff = 10*time.Millisecond, 50*time.Millisecond },
		})
		t.Cleanup(u.Stop)
		u.Home()
		return &tablet{u: u, w: w, svc: svc, st: st}
	}
	host := start("Host's tablet")
	sess := apptest.NewPad(t, host.st, "Namespace pad", nil, "alice", "bob")
	n := &lanNet{q: q}
	n.hostGame(t, host, sess, "alice")
	q.pump(t, "alice held by the host itself", func() bool { return host.shows("this tablet") })
	t.Logf("hosting on %v, codes %v", host.svc.Hosted().Addresses(), host.svc.Hosted().JoinCodes())
	guest := start("Guest's tablet")
	joinAs(t, n, guest, string(host.svc.Hosted().PIN()), "bob \u2014 open")
	apptest.TapButton(t, guest.w, "+5")
	if total(t, sess) != 5 {
		t.Fatal("the joined tablet's command did not reach the host")
	}
	// The host leaves the game: hosting stops and the game leaves the
	// guest's nearby list.
	host.u.Home()
	guest.u.Home()
	p := joinPage(t, guest)
	q.pump(t, "the game to leave the nearby list", func() bool { return len(p.Tiles) == 0 })
}

// runInNetns runs the test name again in a copy of the test binary inside
// a fresh network namespace (as sync/discovery's real-mDNS test does); it
// skips when namespaces are unavailable.
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
		t.Skipf("network namespaces are unavailable here (%v)", err)
	case err != nil:
		t.Fatalf("%s in a fresh network namespace: %v\n%s", name, err, out)
	case !bytes.Contains(out, []byte("--- PASS: "+name)):
		t.Fatalf("%s in a fresh network namespace did not pass:\n%s", name, out)
	}
	t.Logf("in a fresh network namespace:\n%s", out)
}

// loopbackOnly brings the namespace's loopback up and multicast-capable,
// after checking it is the only interface (so nothing can leave the
// machine).
func loopbackOnly(t *testing.T) {
	t.Helper()
	ifaces, err := net.Interfaces()
	if err != nil {
		t.Fatalf("list interfaces: %v", err)
	}
	if len(ifaces) != 1 || ifaces[0].Name != "lo" {
		t.Fatalf("refusing to run: %s is set but this is not a fresh network namespace (interfaces %v)", netnsEnv, ifaces)
	}
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
	ifr.flags |= syscall.IFF_UP | syscall.IFF_MULTICAST
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.SIOCSIFFLAGS, uintptr(unsafe.Pointer(&ifr))); e != 0 {
		t.Fatalf("bring lo up: %v", e)
	}
}
