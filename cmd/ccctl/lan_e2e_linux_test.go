//go:build linux

package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/store"
	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/sync/discovery"
	"github.com/commandconsole/commandconsole/sync/secure"
	"github.com/commandconsole/commandconsole/sync/wire"
)

// The end-to-end test of LAN play runs real ccctl processes in network
// namespaces joined by veth pairs to a bridge, so that nothing it sends can
// leave the machine:
//
//	               the test process, in a fresh network namespace
//	               (bridge br0 10.77.0.254, the relays of seats A and B)
//	             /                  |                    \
//	host 10.77.0.1          seat A 10.77.0.2          seat B 10.77.0.3
//	ccctl host              ccctl browse, join        ccctl browse, join
//	                        (ana), join (public)      (ben)
//
// The go test process re-runs itself (this test only) in a fresh network
// namespace (as root; else inside a user namespace too), which holds the
// bridge; each node is a namespace of its own, held by a sleeping child
// process, and its commands run there through nsenter. Everything dies with
// the test process. Seats A and B reach the host through relays in the test
// process, which cut their links on demand and record every byte the host
// sends to seat B.
const (
	e2eInnerEnv = "CC_E2E_IN_NETNS"
	e2eCcctlEnv = "CC_E2E_CCCTL"
	e2eWait     = 20 * time.Second
)

func TestLANEndToEnd(t *testing.T) {
	if os.Getenv(e2eInnerEnv) == "1" {
		lanEndToEnd(t)
		return
	}
	for _, tool := range []string{"ip", "nsenter", "sleep"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("the LAN end-to-end test needs %s (iproute2, util-linux, coreutils): %v", tool, err)
		}
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool in PATH to build ccctl")
	}
	start := time.Now()
	bin := filepath.Join(t.TempDir(), "ccctl")
	build := []string{"build", "-o", bin}
	if raceEnabled {
		build = append(build, "-race")
	}
	if out, err := exec.Command(goTool, append(build, ".")...).CombinedOutput(); err != nil {
		t.Fatalf("go build ccctl: %v\n%s", err, out)
	}
	t.Logf("built ccctl (race %v) in %v", raceEnabled, time.Since(start).Round(time.Millisecond))

	exe, err := os.Executable()
	if err != nil {
		t.Skipf("cannot re-run the test binary in a network namespace: %v", err)
	}
	cmd := exec.Command(exe, "-test.run=^TestLANEndToEnd$", "-test.v", "-test.count=1", "-test.timeout=150s")
	cmd.Env = append(os.Environ(), e2eInnerEnv+"=1", e2eCcctlEnv+"="+bin)
	attr := &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWNET, Pdeathsig: syscall.SIGKILL}
	if uid, gid := os.Geteuid(), os.Getegid(); uid != 0 {
		attr.Cloneflags |= syscall.CLONE_NEWUSER
		attr.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: uid, Size: 1}}
		attr.GidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: gid, Size: 1}}
	}
	cmd.SysProcAttr = attr
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	const name = "TestLANEndToEnd"
	switch {
	case err != nil && !errors.As(err, &exit):
		t.Skipf("network namespaces are unavailable here (%v): this test needs root or unprivileged user namespaces, and never runs on the machine's own network", err)
	case err != nil:
		t.Fatalf("%s in a network namespace: %v\n%s", name, err, out)
	case bytes.Contains(out, []byte("--- SKIP: "+name)):
		t.Skipf("skipped inside the network namespace:\n%s", out)
	case !bytes.Contains(out, []byte("--- PASS: "+name)):
		t.Fatalf("%s in a network namespace did not pass:\n%s", name, out)
	}
	t.Logf("in network namespaces (%v in all):\n%s", time.Since(start).Round(time.Millisecond), out)
}

// lab is the namespaces, the relays and the processes of one run.
type lab struct {
	t     *testing.T
	dir   string
	ccctl string
	start time.Time
}

// node is a network namespace on the bridge, held by a sleeping process.
type node struct {
	name string
	pid  int
	addr netip.Addr
}

// logf logs with the time since the start.
func (l *lab) logf(format string, a ...any) {
	l.t.Helper()
	l.t.Logf("%6.2fs "+format, append([]any{time.Since(l.start).Seconds()}, a...)...)
}

// sh runs a command in the test's own namespace.
func (l *lab) sh(args ...string) {
	l.t.Helper()
	if out, err := exec.Command(args[0], args[1:]...).CombinedOutput(); err != nil {
		l.t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// in returns args run inside n's namespace.
func (n *node) in(args ...string) *exec.Cmd {
	cmd := exec.Command("nsenter", append([]string{"-t", strconv.Itoa(n.pid), "-n", "--"}, args...)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if raceEnabled {
		// A race-enabled ccctl sleeps a second at exit unless told not to.
		cmd.Env = append(os.Environ(), "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	}
	return cmd
}

// newNode makes a namespace with address 10.77.0.i on the bridge.
func (l *lab) newNode(name string, i int) *node {
	l.t.Helper()
	holder := exec.Command("sleep", "600")
	holder.SysProcAttr = &syscall.SysProcAttr{Cloneflags: syscall.CLONE_NEWNET, Pdeathsig: syscall.SIGKILL}
	if err := holder.Start(); err != nil {
		l.t.Skipf("cannot make a network namespace for %s: %v", name, err)
	}
	l.t.Cleanup(func() {
		holder.Process.Kill()
		holder.Wait()
	})
	n := &node{name: name, pid: holder.Process.Pid, addr: netip.AddrFrom4([4]byte{10, 77, 0, byte(i)})}
	veth := "v" + name
	l.sh("ip", "link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", strconv.Itoa(n.pid))
	l.sh("ip", "link", "set", veth, "master", "br0", "up")
	cmd := n.in("ip", "-batch", "-")
	cmd.Stdin = strings.NewReader(fmt.Sprintf("addr add %s/24 dev eth0\nlink set eth0 up\nlink set lo up\n", n.addr))
	if out, err := cmd.CombinedOutput(); err != nil {
		l.t.Fatalf("set up %s: %v\n%s", name, err, out)
	}
	return n
}

// evt is one JSON line of ccctl host or join.
type evt struct {
	Event       string          `json:"event"`
	ID          string          `json:"id"`
	Cmd         string          `json:"cmd"`
	Reason      string          `json:"reason"`
	Error       string          `json:"error"`
	State       string          `json:"state"`
	Banner      string          `json:"banner"`
	Seq         uint64          `json:"seq"`
	Duplicate   bool            `json:"duplicate"`
	View        json.RawMessage `json:"view"`
	Game        string          `json:"game"`
	Seat        string          `json:"seat"`
	PIN         string          `json:"pin"`
	Port        uint16          `json:"port"`
	Fingerprint string          `json:"fingerprint"`
	Codes       []string        `json:"codes"`
	Addresses   []string        `json:"addresses"`
	Seats       []struct {
		Seat      string `json:"seat"`
		Device    string `json:"device"`
		Connected bool   `json:"connected"`
	} `json:"seats"`
}

// proc is a running ccctl process.
type proc struct {
	l     *lab
	name  string
	cmd   *exec.Cmd
	stdin io.WriteCloser

	mu      sync.Mutex
	events  []evt
	stdout  bytes.Buffer
	stderr  bytes.Buffer
	notify  chan struct{}
	exited  chan struct{}
	waitErr error
}

// lockedWriter is an io.Writer under the proc's lock.
type lockedWriter struct {
	mu *sync.Mutex
	b  *bytes.Buffer
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

// startCcctl starts ccctl in n's namespace with a pipe on stdin.
func (l *lab) startCcctl(n *node, name string, args ...string) *proc {
	l.t.Helper()
	p := &proc{l: l, name: name, notify: make(chan struct{}, 1), exited: make(chan struct{})}
	p.cmd = n.in(append([]string{l.ccctl}, args...)...)
	p.cmd.Stderr = lockedWriter{&p.mu, &p.stderr}
	stdin, err := p.cmd.StdinPipe()
	if err != nil {
		l.t.Fatal(err)
	}
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		l.t.Fatal(err)
	}
	p.stdin = stdin
	if err := p.cmd.Start(); err != nil {
		l.t.Fatalf("start %s: %v", name, err)
	}
	l.t.Cleanup(func() {
		select {
		case <-p.exited:
		default:
			p.cmd.Process.Kill()
			<-p.exited
		}
	})
	read := make(chan struct{})
	go func() {
		defer close(read)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for sc.Scan() {
			line := sc.Bytes()
			var e evt
			jerr := json.Unmarshal(line, &e)
			p.mu.Lock()
			p.stdout.Write(line)
			p.stdout.WriteByte('\n')
			if jerr == nil {
				p.events = append(p.events, e)
			}
			p.mu.Unlock()
			select {
			case p.notify <- struct{}{}:
			default:
			}
		}
	}()
	go func() {
		<-read
		err := p.cmd.Wait()
		p.mu.Lock()
		p.waitErr = err
		p.mu.Unlock()
		close(p.exited)
	}()
	return p
}

// count is the number of events read so far.
func (p *proc) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.events)
}

// waitFor returns the first event at or after index from that pred
// accepts, and its index.
func (p *proc) waitFor(from int, what string, pred func(evt) bool) (evt, int) {
	p.l.t.Helper()
	deadline := time.After(e2eWait)
	for {
		p.mu.Lock()
		for i := from; i < len(p.events); i++ {
			if pred(p.events[i]) {
				e := p.events[i]
				p.mu.Unlock()
				return e, i
			}
		}
		from = len(p.events)
		p.mu.Unlock()
		select {
		case <-p.notify:
		case <-p.exited:
			// One last look at what it printed before it exited.
			p.mu.Lock()
			for i := from; i < len(p.events); i++ {
				if pred(p.events[i]) {
					e := p.events[i]
					p.mu.Unlock()
					return e, i
				}
			}
			p.mu.Unlock()
			p.l.t.Fatalf("%s exited (%v) before %s; stderr:\n%s", p.name, p.waitErr, what, p.stderrText())
		case <-deadline:
			p.l.t.Fatalf("%s: no %s within %s; stderr:\n%s", p.name, what, e2eWait, p.stderrText())
		}
	}
}

func (p *proc) stdoutText() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stdout.String()
}

func (p *proc) stderrText() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.String()
}

// send writes one line on the process's stdin.
func (p *proc) send(line string) {
	p.l.t.Helper()
	if _, err := io.WriteString(p.stdin, line+"\n"); err != nil {
		p.l.t.Fatalf("%s: write %q: %v", p.name, line, err)
	}
}

// answer waits for the result or refusal of the command sent after event
// index from.
func (p *proc) answer(from int, cmd string) evt {
	p.l.t.Helper()
	e, _ := p.waitFor(from, "the answer to "+cmd, func(e evt) bool { return e.Event == "result" || e.Event == "refused" })
	return e
}

// lastView is the last view the process printed.
func (p *proc) lastView() evt {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i := len(p.events) - 1; i >= 0; i-- {
		if p.events[i].Event == "view" {
			return p.events[i]
		}
	}
	return evt{}
}

// end closes stdin (or signals) and waits for exit status 0.
func (p *proc) end(sig os.Signal) {
	p.l.t.Helper()
	if sig == nil {
		p.stdin.Close()
	} else {
		p.cmd.Process.Signal(sig)
	}
	select {
	case <-p.exited:
	case <-time.After(e2eWait):
		p.cmd.Process.Kill()
		p.l.t.Fatalf("%s did not exit within %s; stderr:\n%s", p.name, e2eWait, p.stderrText())
	}
	if p.waitErr != nil {
		p.l.t.Fatalf("%s exited with %v; stderr:\n%s", p.name, p.waitErr, p.stderrText())
	}
}

// kill kills the process with SIGKILL.
func (p *proc) kill() {
	p.cmd.Process.Kill()
	<-p.exited
}

// ran is what a short ccctl call printed.
type ran struct {
	stdout, stderr string
	code           int
}

// run runs one ccctl call in n's namespace to its end.
func (l *lab) run(n *node, stdin string, args ...string) ran {
	l.t.Helper()
	cmd := n.in(append([]string{l.ccctl}, args...)...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	code := 0
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		l.t.Fatalf("ccctl %s: %v", strings.Join(args, " "), err)
	}
	return ran{out.String(), errb.String(), code}
}

// relay forwards TCP connections to the host, records what the host sends
// and cuts every connection on demand.
type relay struct {
	ln     net.Listener
	target string

	mu       sync.Mutex
	conns    map[net.Conn]struct{}
	accepted int
	down     bytes.Buffer // every byte sent towards the seat
	wg       sync.WaitGroup
}

func newRelay(t *testing.T, addr, target string) *relay {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("relay: %v", err)
	}
	r := &relay{ln: ln, target: target, conns: map[net.Conn]struct{}{}}
	r.wg.Add(1)
	go r.serve()
	t.Cleanup(r.close)
	return r
}

func (r *relay) serve() {
	defer r.wg.Done()
	for {
		c, err := r.ln.Accept()
		if err != nil {
			return
		}
		r.wg.Add(1)
		go r.pipe(c)
	}
}

func (r *relay) pipe(seat net.Conn) {
	defer r.wg.Done()
	defer seat.Close()
	host, err := net.DialTimeout("tcp", r.target, 2*time.Second)
	if err != nil {
		return
	}
	defer host.Close()
	r.mu.Lock()
	r.accepted++
	r.conns[seat], r.conns[host] = struct{}{}, struct{}{}
	r.mu.Unlock()
	defer func() {
		r.mu.Lock()
		delete(r.conns, seat)
		delete(r.conns, host)
		r.mu.Unlock()
	}()
	done := make(chan struct{})
	go func() {
		io.Copy(host, seat)
		host.Close()
		close(done)
	}()
	buf := make([]byte, 32<<10)
	for {
		n, err := host.Read(buf)
		if n > 0 {
			r.mu.Lock()
			r.down.Write(buf[:n])
			r.mu.Unlock()
			if _, werr := seat.Write(buf[:n]); werr != nil {
				break
			}
		}
		if err != nil {
			break
		}
	}
	seat.Close()
	<-done
}

// cut closes every connection through the relay.
func (r *relay) cut() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for c := range r.conns {
		c.Close()
	}
}

func (r *relay) captured() []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.down.Bytes())
}

func (r *relay) connections() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.accepted
}

func (r *relay) close() {
	r.ln.Close()
	r.cut()
	r.wg.Wait()
}

// e2eStep is one command of the scripted game (sync/client's script()):
// seat "" is whoever may end the phase.
type e2eStep struct {
	seat string
	line string
}

func e2eScript() []e2eStep {
	steps := []e2eStep{
		{"ana", landsofruin.CmdChooseSide + " side=south"},
		{"ana", landsofruin.CmdChooseTeam + " team=dorians-detachment"},
		{"ana", landsofruin.CmdReady},
		{"ben", landsofruin.CmdChooseSide + " side=north"},
		{"ben", landsofruin.CmdChooseTeam + " team=night-raiders"},
		{"ben", landsofruin.CmdReady},
		{"ben", landsofruin.CmdInfiltrate + " character=whisper section=crossing"},
		{"ben", landsofruin.CmdReady},
		{"ana", landsofruin.CmdInfiltrate + " character=kestrel section=sw-block"},
		{"ana", landsofruin.CmdReady},
	}
	for range 16 {
		steps = append(steps, e2eStep{"", landsofruin.CmdEndPhase})
	}
	return steps
}

// played is a command the host accepted, to replay it locally.
type played struct {
	seat console.Seat
	line string
}

var e2eSetup = console.Setup{System: landsofruin.ID, Title: "Fight", Seed: 3, Seats: []console.Seat{"ana", "ben"}}

func lanEndToEnd(t *testing.T) {
	l := &lab{t: t, dir: t.TempDir(), ccctl: os.Getenv(e2eCcctlEnv), start: time.Now()}
	if l.ccctl == "" {
		t.Fatalf("%s is set but %s is not", e2eInnerEnv, e2eCcctlEnv)
	}
	// Refuse to touch a namespace that is not fresh.
	ifaces, err := net.Interfaces()
	if err != nil {
		t.Fatal(err)
	}
	if len(ifaces) != 1 || ifaces[0].Name != "lo" {
		t.Fatalf("refusing to run: %s is set but this is not a fresh network namespace (interfaces %v)", e2eInnerEnv, ifaces)
	}
	l.sh("ip", "link", "set", "lo", "up")
	l.sh("ip", "link", "add", "br0", "type", "bridge")
	l.sh("ip", "addr", "add", "10.77.0.254/24", "dev", "br0")
	l.sh("ip", "link", "set", "br0", "up")
	nh, na, nb := l.newNode("host", 1), l.newNode("seata", 2), l.newNode("seatb", 3)
	l.logf("namespaces ready")

	// The game, in the host's save file.
	hostDB, aDB, bDB, tvDB := filepath.Join(l.dir, "host.db"), filepath.Join(l.dir, "a.db"), filepath.Join(l.dir, "b.db"), filepath.Join(l.dir, "tv.db")
	r := l.run(nh, "", "--db", hostDB, "new", "--system", e2eSetup.System, "--title", e2eSetup.Title, "--seed", "3", "--seats", "ana,ben")
	var created struct{ ID string }
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &created) != nil || created.ID == "" {
		t.Fatalf("ccctl new: %d %s %s", r.code, r.stdout, r.stderr)
	}
	gameID := created.ID

	// Host it.
	host := l.startCcctl(nh, "host", "--db", hostDB, "host", gameID, "--device", "table")
	hosting, _ := host.waitFor(0, "the hosting line", func(e evt) bool { return e.Event == "hosting" })
	hostAddr := netip.AddrPortFrom(nh.addr, hosting.Port)
	if hosting.Game != gameID || len(hosting.PIN) != 4 || hosting.Port == 0 || hosting.Fingerprint == "" ||
		!slices.Contains(hosting.Addresses, hostAddr.String()) || len(hosting.Codes) == 0 {
		t.Fatalf("hosting line %+v (want %s among the addresses and a join code)", hosting, hostAddr)
	}
	code, err := discovery.DecodeJoinCode(hosting.Codes[0])
	if err != nil || code.Addr != hostAddr || code.Fingerprint.String() != hosting.Fingerprint {
		t.Fatalf("join code %s = %+v (%v), want %s and %s", hosting.Codes[0], code, err, hostAddr, hosting.Fingerprint)
	}
	pin := hosting.PIN
	l.logf("hosting %s on %s, fingerprint %s", gameID, hostAddr, hosting.Fingerprint)

	// Each seat's namespace finds the game by mDNS.
	found := map[string]discovery.Entry{}
	var fmu sync.Mutex
	var wg sync.WaitGroup
	for _, n := range []*node{na, nb} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for try := 0; try < 4; try++ {
				cmd := n.in(l.ccctl, "browse", "--seconds", "1.5")
				out, err := cmd.Output()
				if err != nil {
					t.Errorf("browse in %s: %v", n.name, err)
					return
				}
				var list []discovery.Entry
				if err := json.Unmarshal(out, &list); err != nil {
					t.Errorf("browse in %s printed %s: %v", n.name, out, err)
					return
				}
				for _, e := range list {
					if e.Game.ID == gameID {
						fmu.Lock()
						found[n.name] = e
						fmu.Unlock()
						return
					}
				}
			}
			t.Errorf("browse in %s never heard the game", n.name)
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	for name, e := range found {
		if e.Game.Fingerprint.String() != hosting.Fingerprint || e.Game.Open != 2 || e.Game.Seats != 2 ||
			e.Game.System != landsofruin.ID || e.Game.Title != "Fight" || e.Game.Host != "table" || !slices.Contains(e.Targets(), hostAddr) {
			t.Fatalf("%s heard %+v, want the game with fingerprint %s, 2 open seats, at %s", name, e, hosting.Fingerprint, hostAddr)
		}
	}
	l.logf("both seats heard the game by mDNS")

	// Refusals, each with a clear message.
	other, err := secure.NewIdentity("impostor")
	if err != nil {
		t.Fatal(err)
	}
	wrongPIN := fmt.Sprintf("%04d", (mustAtoi(t, pin)+1)%10000)
	badCode, err := discovery.JoinCode{Addr: hostAddr, Fingerprint: other.Fingerprint()}.Encode()
	if err != nil {
		t.Fatal(err)
	}
	refusals := []struct {
		name   string
		args   []string
		code   int
		reason string
		want   string
	}{
		{"wrong PIN", []string{"join", hostAddr.String(), "--fingerprint", hosting.Fingerprint, "--pin", wrongPIN, "--seat", "ana"},
			1, "wrong-pin", "wrong PIN"},
		{"wrong fingerprint", []string{"join", badCode, "--pin", pin, "--seat", "ana"},
			1, "fingerprint-mismatch", "its key does not match the fingerprint"},
		{"unreachable", []string{"join", netip.AddrPortFrom(nh.addr, 1).String(), "--fingerprint", hosting.Fingerprint, "--pin", pin},
			2, "", "cannot reach the host"},
	}
	for _, rt := range refusals {
		r := l.run(na, "", append([]string{"--db", aDB}, rt.args...)...)
		if r.code != rt.code || !strings.Contains(r.stderr, rt.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q; want exit %d and one line with %q", rt.name, r.code, r.stderr, rt.code, rt.want)
		}
		if rt.reason != "" {
			var out struct{ Error, Reason string }
			if err := json.Unmarshal([]byte(r.stdout), &out); err != nil || out.Reason != rt.reason {
				t.Errorf("%s: stdout %q, want reason %q", rt.name, r.stdout, rt.reason)
			}
		}
		l.logf("%s: %s", rt.name, strings.TrimSpace(r.stderr))
	}
	// A device speaking a protocol this host does not know.
	if msg := helloOfProtocol99(t, hostAddr.String(), hosting.Fingerprint); !strings.Contains(msg, "Update Command Console on the host") {
		t.Errorf("protocol 99: refused with %q, want it to say which side to update", msg)
	} else {
		l.logf("protocol 99: %s", msg)
	}

	// A spectator at the address heard, trusting the key on first use.
	tv := l.startCcctl(na, "tv", "--db", tvDB, "join", found[na.name].Targets()[0].String(), "--seat", "public", "--pin", pin, "--device", "tv")
	tv.waitFor(0, "the spectator's first view", func(e evt) bool { return e.Event == "view" })
	if s := tv.stderrText(); !strings.Contains(s, hosting.Fingerprint) {
		t.Errorf("the spectator's stderr %q does not show the fingerprint %s", s, hosting.Fingerprint)
	}

	// The seats join through the relays: A with a join code, B with the
	// address and the fingerprint its browse heard.
	relayA := newRelay(t, "10.77.0.254:0", hostAddr.String())
	relayB := newRelay(t, "10.77.0.254:0", hostAddr.String())
	relayAddr := func(r *relay) netip.AddrPort { return netip.MustParseAddrPort(r.ln.Addr().String()) }
	codeA, err := discovery.JoinCode{Addr: relayAddr(relayA), Fingerprint: found[na.name].Game.Fingerprint}.Encode()
	if err != nil {
		t.Fatal(err)
	}
	ana := l.startCcctl(na, "ana", "--db", aDB, "join", codeA, "--seat", "ana", "--pin", pin, "--device", "tablet-a")
	ben := l.startCcctl(nb, "ben", "--db", bDB, "join", relayAddr(relayB).String(), "--fingerprint", found[nb.name].Game.Fingerprint.String(),
		"--seat", "ben", "--pin", pin, "--device", "tablet-b")
	players := map[string]*proc{"ana": ana, "ben": ben}
	relays := map[string]*relay{"ana": relayA, "ben": relayB}
	for seat, p := range players {
		j, _ := p.waitFor(0, "the joined line", func(e evt) bool { return e.Event == "joined" })
		if j.Seat != seat || j.Game != gameID {
			t.Fatalf("%s joined %+v", seat, j)
		}
		p.waitFor(0, "the first view", func(e evt) bool { return e.Event == "view" })
	}
	// The host's seat lines name both devices once both are in.
	host.waitFor(0, "both seats taken", func(e evt) bool {
		if e.Event != "seats" {
			return false
		}
		devices := map[string]string{}
		for _, s := range e.Seats {
			if s.Connected {
				devices[s.Seat] = s.Device
			}
		}
		return devices["ana"] == "tablet-a" && devices["ben"] == "tablet-b"
	})
	l.logf("ana, ben and the spectator joined")

	// The game, with the links cut and the host killed on the way.
	var accepted []played
	cuts, duplicates := 0, 0
	rng := rand.New(rand.NewPCG(7, 7))
	steps := e2eScript()
	var away *proc // a command given while the host was down
	var tvOut []string
	newPIN := fmt.Sprintf("%04d", (mustAtoi(t, pin)+5000)%10000)
	for i, st := range steps {
		seats := []string{st.seat}
		if st.seat == "" {
			seats = []string{"ana", "ben"}
		}
		var refused []string
		for k, seat := range seats {
			p := players[seat]
			if i == 22 && k == 0 {
				host.kill()
				l.logf("host killed (SIGKILL)")
			}
			from := p.count()
			p.send(st.line)
			switch {
			case i < 20 && k == 0:
				// Cut the link while the command may be on its way: the
				// client sends it again on the next link, with the
				// same id, and it is applied once.
				time.Sleep(time.Duration(rng.IntN(3000)) * time.Microsecond)
				relays[seat].cut()
				if i%2 == 0 {
					relays[otherSeat(seat)].cut()
				}
				cuts++
			case (i == 20 || i == 21) && k == 0:
				// Seat B's cable unplugged for a moment: the link stays
				// up, TCP carries on once it is back.
				l.sh("ip", "link", "set", "vseatb", "down")
				time.Sleep(300 * time.Millisecond)
				l.sh("ip", "link", "set", "vseatb", "up")
			}
			if i == 22 && k == 0 {
				// The command was given while the host was down: a new
				// host process resumes the saved game, and the command
				// is applied then.
				away = p
				time.Sleep(100 * time.Millisecond)
				host = l.startCcctl(nh, "host (again)", "--db", hostDB, "host", gameID, "--device", "table", "--pin", newPIN)
				again, _ := host.waitFor(0, "the hosting line", func(e evt) bool { return e.Event == "hosting" })
				if again.Fingerprint != hosting.Fingerprint || again.Port != hosting.Port || again.PIN != newPIN {
					t.Fatalf("re-hosted with fingerprint %s on port %d, PIN %s; want %s on %d, PIN %s", again.Fingerprint, again.Port, again.PIN,
						hosting.Fingerprint, hosting.Port, newPIN)
				}
				l.logf("hosting again, same fingerprint and port, new PIN")
				// The players come back with their tokens; the spectator
				// has none, and its PIN is the old one.
				tv.waitFor(0, "the end of the spectator's link", func(e evt) bool { return e.Event == "link" && e.State == "closed" })
				<-tv.exited
				if code := tv.cmd.ProcessState.ExitCode(); code != 2 || !strings.Contains(strings.ToLower(tv.stderrText()), "wrong pin") {
					t.Errorf("the spectator after the re-host: exit %d, stderr %q; want 2 and the wrong PIN", code, tv.stderrText())
				}
				tvOut = append(tvOut, tv.stdoutText())
				tv = l.startCcctl(na, "tv (again)", "--db", tvDB, "join", again.Codes[0], "--seat", "public", "--pin", newPIN, "--device", "tv")
				tv.waitFor(0, "the spectator's first view", func(e evt) bool { return e.Event == "view" })
				l.logf("a spectator joined with the join code and the new PIN")
			}
			ans := p.answer(from, st.line)
			if ans.Event == "result" {
				accepted = append(accepted, played{console.Seat(seat), st.line})
				if ans.Duplicate {
					duplicates++
				}
				refused = nil
				break
			}
			refused = append(refused, seat+": "+ans.Error)
		}
		if refused != nil {
			t.Fatalf("step %d (%s) refused: %v", i, st.line, refused)
		}
	}
	if away == nil {
		t.Fatal("the host was never killed")
	}
	l.logf("script played: %d commands, %d cuts, %d answered as duplicates", len(accepted), cuts, duplicates)

	// Every device ends on the same phase as the last player to act.
	last := players[string(accepted[len(accepted)-1].seat)].lastView()
	want := phaseOf(t, last.View)
	for _, p := range []*proc{ana, ben, tv} {
		deadline := time.Now().Add(e2eWait)
		for phaseOf(t, p.lastView().View) != want {
			if time.Now().After(deadline) {
				t.Fatalf("%s's last view is at %+v, want %+v", p.name, phaseOf(t, p.lastView().View), want)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	time.Sleep(300 * time.Millisecond) // anything still on its way
	for _, p := range []*proc{ana, ben, tv} {
		p.end(nil)
	}

	// ben rejoins with the token kept in b.db, without the PIN.
	r = l.run(nb, "", "--db", bDB, "join", "--rejoin", gameID, "--device", "tablet-b")
	if r.code != 0 {
		t.Fatalf("join --rejoin: exit %d, stderr %s", r.code, r.stderr)
	}
	var rejoined []evt
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var e evt
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("join --rejoin printed %q", line)
		}
		rejoined = append(rejoined, e)
	}
	if len(rejoined) < 2 || rejoined[0].Event != "joined" || rejoined[0].Seat != "ben" || rejoined[1].Event != "view" ||
		rejoined[1].Seq != ben.lastView().Seq {
		t.Fatalf("join --rejoin printed %s", r.stdout)
	}
	l.logf("ben rejoined with the kept token")

	host.end(syscall.SIGTERM)
	if e := host.events[len(host.events)-1]; e.Event != "stopped" { // the reader is done: no lock needed
		t.Errorf("the host's last line is %+v, want stopped", e)
	}
	l.logf("host stopped")

	// Each device's last view is the host's projection for its seat.
	db, err := store.Open(hostDB)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, err := openGame(db, gameID)
	if err != nil {
		t.Fatal(err)
	}
	game := console.NewLocal(s)
	for seat, p := range map[console.Seat]*proc{"ana": ana, "ben": ben, console.Public: tv} {
		st, err := game.State(seat)
		if err != nil {
			t.Fatal(err)
		}
		got := p.lastView()
		if got.Seq != st.Seq || !sameJSON(t, got.View, st.View) {
			t.Errorf("%s's last view (seq %d) is not the host's (seq %d)", seat, got.Seq, st.Seq)
		}
	}

	// Nothing lost, nothing applied twice: the host's game is the same
	// commands played once each on a local copy.
	ref, err := console.Create(landsofruin.New(), e2eSetup, console.Options{Store: console.NewMemStore()})
	if err != nil {
		t.Fatal(err)
	}
	local := console.NewLocal(ref)
	for _, pl := range accepted {
		words := strings.Fields(pl.line)
		args, err := console.ParseKeyValues(words[1:])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := local.Do(pl.seat, console.Command{Name: words[0], Args: args}); err != nil {
			t.Fatalf("local replay of %s %s: %v", pl.seat, pl.line, err)
		}
	}
	for _, seat := range []console.Seat{"ana", "ben", console.Public} {
		hs, _ := game.State(seat)
		rs, _ := local.State(seat)
		hh, _ := game.History(seat, 0)
		rh, _ := local.History(seat, 0)
		if hs.Seq != rs.Seq || !reflect.DeepEqual(hs.View, rs.View) || !reflect.DeepEqual(texts(hh), texts(rh)) {
			t.Errorf("%s: the host's game (seq %d, %d lines) is not the script played once (seq %d, %d lines)", seat, hs.Seq, len(hh), rs.Seq, len(rh))
		}
	}

	// Secrets: nothing sent to seat B, and nothing B's ccctl printed,
	// names ana's hidden characters.
	ast, _ := game.State("ana")
	var hidden []string
	for _, c := range ast.View.(landsofruin.View).Characters {
		if c.Own != nil && c.Own.Hidden {
			hidden = append(hidden, c.Name, c.ID)
		}
	}
	if len(hidden) == 0 {
		t.Fatal("ana has no hidden character: the secrets check checks nothing")
	}
	sent := relayB.captured()
	if len(sent) < 10_000 {
		t.Errorf("only %d bytes captured on the way to ben", len(sent))
	}
	ben.mu.Lock()
	benOut := ben.stdout.String() + ben.stderr.String()
	ben.mu.Unlock()
	tvOut = append(tvOut, tv.stdoutText())
	for _, h := range hidden {
		for what, b := range map[string]string{"the bytes sent to ben": string(sent), "ben's output": benOut, "the spectators' output": strings.Join(tvOut, "")} {
			if strings.Contains(b, h) {
				t.Errorf("%s hold ana's hidden %q", what, h)
			}
		}
	}
	// The link is encrypted: even ben's own team is not readable on it,
	// though ben's views name it.
	if !strings.Contains(benOut, "Night Raiders") && !strings.Contains(benOut, "night-raiders") {
		t.Error("ben's views never name ben's own team: the check below checks nothing")
	}
	if bytes.Contains(sent, []byte("Night")) || bytes.Contains(sent, []byte("night-raiders")) {
		t.Error("the bytes sent to ben hold plain text")
	}

	// The cuts were real: each seat came back many times.
	for seat, p := range players {
		p.mu.Lock()
		reconnecting := 0
		for _, e := range p.events {
			if e.Event == "link" && e.State == "reconnecting" && !strings.Contains(e.Banner, "attempt") {
				reconnecting++
			}
		}
		p.mu.Unlock()
		if n := relays[seat].connections(); reconnecting < 10 || n < 10 {
			t.Errorf("%s: %d reconnections printed, %d connections through its relay; want at least 10", seat, reconnecting, n)
		}
		l.logf("%s: %d reconnections, %d connections through its relay", seat, reconnecting, relays[seat].connections())
	}
	l.logf("%d bytes sent to ben, none naming ana's hidden %v", len(sent), hidden)
}

func otherSeat(s string) string {
	if s == "ana" {
		return "ben"
	}
	return "ana"
}

func mustAtoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// phase is where a Lands of Ruin game stands.
type phase struct {
	Phase   string `json:"phase"`
	Turn    int    `json:"turn"`
	Current string `json:"current"`
}

func phaseOf(t *testing.T, view json.RawMessage) phase {
	var p phase
	if err := json.Unmarshal(view, &p); err != nil {
		t.Fatalf("view %s: %v", view, err)
	}
	return p
}

// sameJSON reports whether the JSON got is the JSON of v.
func sameJSON(t *testing.T, got json.RawMessage, v any) bool {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var a, w any
	if json.Unmarshal(got, &a) != nil || json.Unmarshal(b, &w) != nil {
		return false
	}
	return reflect.DeepEqual(a, w)
}

func texts(lines []console.HistoryLine) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = fmt.Sprintf("%d %s %s", l.Seq, l.Seat, l.Text)
	}
	return out
}

// helloOfProtocol99 speaks TLS to the host, sends a Hello of protocol 99
// and returns the host's refusal.
func helloOfProtocol99(t *testing.T, addr, fp string) string {
	t.Helper()
	f, err := discovery.ParseFingerprint(fp)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), e2eWait)
	defer cancel()
	var d net.Dialer
	nc, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.SetDeadline(time.Now().Add(e2eWait))
	tc := tls.Client(nc, secure.ClientConfig(f))
	if err := tc.HandshakeContext(ctx); err != nil {
		t.Fatalf("TLS: %v", err)
	}
	r, w := wire.NewReader(tc, 0), wire.NewWriter(tc, 0)
	hello := wire.Hello{Magic: wire.Magic, Protocol: 99, MinProtocol: 99, App: "9.0.0", Role: wire.RoleClient, Device: "future"}
	if err := w.Send(hello); err != nil {
		t.Fatal(err)
	}
	for {
		m, err := r.Read()
		if err != nil {
			t.Fatalf("read the host's answer to protocol 99: %v", err)
		}
		switch m := m.(type) {
		case wire.Hello:
			continue
		case wire.Refuse:
			if m.Code != wire.RefuseVersion {
				t.Errorf("protocol 99: refused with code %s", m.Code)
			}
			return m.Message
		default:
			t.Fatalf("protocol 99: the host answered %s", m.Kind())
		}
	}
}
