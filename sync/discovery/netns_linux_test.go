//go:build linux

package discovery

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

// netnsEnv marks the copy of the test binary that runs inside a fresh
// network namespace.
const netnsEnv = "CC_DISCOVERY_IN_NETNS"

// inNetns reports whether this process is the copy of the test binary
// started by runInNetns.
func inNetns() bool { return os.Getenv(netnsEnv) == "1" }

// runInNetns runs the test name again in a copy of the test binary inside
// a fresh network namespace (CLONE_NEWNET; as non-root, inside a user
// namespace too), where only a loopback interface exists, so no packet can
// leave the machine. The namespace dies with the process. The test skips
// when namespaces are unavailable, and fails with the copy's output when
// the copy fails.
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
		t.Skipf("network namespaces are unavailable here (%v): this real-mDNS test needs root or unprivileged user namespaces, and never runs on the machine's own network", err)
	case err != nil:
		t.Fatalf("%s in a fresh network namespace: %v\n%s", name, err, out)
	case bytes.Contains(out, []byte("--- SKIP: "+name)):
		t.Skipf("skipped inside the network namespace:\n%s", out)
	case !bytes.Contains(out, []byte("--- PASS: "+name)):
		t.Fatalf("%s in a fresh network namespace did not pass:\n%s", name, out)
	}
	t.Logf("in a fresh network namespace:\n%s", out)
}

// loopbackOnly brings the namespace's loopback interface up and marks it
// multicast-capable, after checking that it is the only interface (so the
// test cannot reach any network), and returns it.
func loopbackOnly(t *testing.T) net.Interface {
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
	lo, err := net.InterfaceByName("lo")
	if err != nil {
		t.Fatalf("lo: %v", err)
	}
	if lo.Flags&net.FlagUp == 0 || lo.Flags&net.FlagMulticast == 0 {
		t.Fatalf("lo is not up and multicast after the ioctl: %v", lo.Flags)
	}
	return *lo
}
