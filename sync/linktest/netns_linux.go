//go:build linux

package linktest

import (
	"bytes"
	"errors"
	"net"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"unsafe"
)

// InNetns reports whether this process is the copy of the test binary that
// RunInNetns started with the same env: the environment variable env is
// "1". The test then runs inside the fresh network namespace.
func InNetns(env string) bool { return os.Getenv(env) == "1" }

// RunInNetns runs the test name (-test.run=^name$) again in a copy of the
// test binary, with env=1 in its environment, inside a fresh network
// namespace (CLONE_NEWNET; when not root, inside a new user namespace too,
// mapping the caller's user and group to root), where only a loopback
// interface exists, still down: no packet can leave the machine. The copy
// is killed if the test process dies (Pdeathsig), and the namespace dies
// with the copy.
//
// The test skips when namespaces are unavailable (no root and no
// unprivileged user namespaces) and when the copy skipped; it fails with
// the copy's output when the copy failed or did not pass, and logs the
// output when it passed. The caller returns after RunInNetns: the body
// runs only in the copy, where InNetns(env) is true.
func RunInNetns(t *testing.T, name, env string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Skipf("cannot re-run the test binary in a network namespace: %v", err)
	}
	cmd := exec.Command(exe, "-test.run=^"+name+"$", "-test.v", "-test.count=1", "-test.timeout=120s")
	cmd.Env = append(os.Environ(), env+"=1")
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
		t.Skipf("network namespaces are unavailable here (%v): this test needs root or unprivileged user namespaces, and never runs on the machine's own network", err)
	case err != nil:
		t.Fatalf("%s in a fresh network namespace: %v\n%s", name, err, out)
	case bytes.Contains(out, []byte("--- SKIP: "+name)):
		t.Skipf("skipped inside the network namespace:\n%s", out)
	case !bytes.Contains(out, []byte("--- PASS: "+name)):
		t.Fatalf("%s in a fresh network namespace did not pass:\n%s", name, out)
	}
	t.Logf("in a fresh network namespace:\n%s", out)
}

// SetLoopback brings the loopback interface ("lo") up and
// multicast-capable (IFF_UP|IFF_MULTICAST), or down (clearing IFF_UP).
// Call it only in the copy RunInNetns started, where lo is the
// namespace's own.
func SetLoopback(t testing.TB, up bool) {
	t.Helper()
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_DGRAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		t.Fatalf("socket: %v", err)
	}
	defer syscall.Close(fd)
	var ifr struct { // struct ifreq: the name, then ifr_flags in the union
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

// LoopbackOnly checks that loopback is the only interface, so the test
// cannot reach any network (it fails, refusing to run, otherwise: env is
// set but this is not a fresh network namespace), brings it up and
// multicast-capable, checks that its flags say so, and returns it.
func LoopbackOnly(t testing.TB, env string) net.Interface {
	t.Helper()
	ifaces, err := net.Interfaces()
	if err != nil {
		t.Fatalf("list interfaces: %v", err)
	}
	if len(ifaces) != 1 || ifaces[0].Name != "lo" {
		t.Fatalf("refusing to run: %s is set but this is not a fresh network namespace (interfaces %v)", env, ifaces)
	}
	SetLoopback(t, true)
	lo, err := net.InterfaceByName("lo")
	if err != nil {
		t.Fatalf("lo: %v", err)
	}
	if lo.Flags&net.FlagUp == 0 || lo.Flags&net.FlagMulticast == 0 {
		t.Fatalf("lo is not up and multicast after the ioctl: %v", lo.Flags)
	}
	return *lo
}
