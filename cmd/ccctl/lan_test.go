package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/sync/discovery"
	"github.com/commandconsole/commandconsole/sync/secure"
	"github.com/commandconsole/commandconsole/sync/wire"
)

// syncBuffer is a bytes.Buffer safe for a writer and a reader at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// lanHooks points ccctl host and join at loopback and an in-memory mDNS,
// and gives the test the stop signal of each call, in call order.
type lanHooks struct {
	mu    sync.Mutex
	stops []chan os.Signal
	mdns  *discovery.Memory
}

func useLANHooks(t *testing.T) *lanHooks {
	h := &lanHooks{mdns: discovery.NewMemory()}
	oldListen, oldAdv, oldStop := listen, advertiser, stopSignals
	listen = func(network, addr string) (net.Listener, error) {
		_, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		return net.Listen(network, net.JoinHostPort("127.0.0.1", port))
	}
	advertiser = func() discovery.Advertiser { return h.mdns }
	stopSignals = func() (<-chan os.Signal, func()) {
		ch := make(chan os.Signal, 1)
		h.mu.Lock()
		h.stops = append(h.stops, ch)
		h.mu.Unlock()
		return ch, func() {}
	}
	t.Cleanup(func() { listen, advertiser, stopSignals = oldListen, oldAdv, oldStop })
	return h
}

// stop sends the stop signal to the i-th call that asked for one.
func (h *lanHooks) stop(t *testing.T, i int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		h.mu.Lock()
		if len(h.stops) > i {
			h.stops[i] <- os.Interrupt
			h.mu.Unlock()
			return
		}
		h.mu.Unlock()
		if time.Now().After(deadline) {
			t.Fatalf("call %d never waited for a signal", i)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// jsonLines decodes the JSON lines of out.
func jsonLines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var evs []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not a JSON line: %q (%v)", line, err)
		}
		evs = append(evs, m)
	}
	return evs
}

// events returns the events named name.
func events(evs []map[string]any, name string) []map[string]any {
	var out []map[string]any
	for _, e := range evs {
		if e["event"] == name {
			out = append(out, e)
		}
	}
	return out
}

// startHost runs ccctl host in process until stopped; it returns the
// hosting line, the output and the exit status channel.
func startHost(t *testing.T, db, id string, args ...string) (map[string]any, *syncBuffer, <-chan int) {
	t.Helper()
	out, errb := &syncBuffer{}, &syncBuffer{}
	done := make(chan int, 1)
	go func() {
		c := &cli{stdin: strings.NewReader(""), stdout: out, stderr: errb}
		done <- c.main(append([]string{"--db", db, "host", id}, args...))
	}()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if s := out.String(); strings.Contains(s, "\n") {
			first, _, _ := strings.Cut(s, "\n")
			var m map[string]any
			if err := json.Unmarshal([]byte(first), &m); err != nil || m["event"] != "hosting" {
				t.Fatalf("host's first line %q (%v)", first, err)
			}
			return m, out, done
		}
		select {
		case code := <-done:
			t.Fatalf("host exited %d: %s", code, errb.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("host printed nothing; stderr %s", errb.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestHostAndJoin(t *testing.T) {
	hooks := useLANHooks(t)
	hostDB, joinDB := tempDB(t), tempDB(t)
	id := newGame(t, hostDB)
	hosting, hostOut, hostDone := startHost(t, hostDB, id, "--pin", "4821", "--device", "table")
	port := int(hosting["port"].(float64))
	fp := hosting["fingerprint"].(string)
	if hosting["pin"] != "4821" || hosting["game"] != id || port == 0 || fp == "" || hosting["mdns"] != true {
		t.Fatalf("hosting line %v", hosting)
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)

	// The in-memory mDNS heard it.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ch, err := hooks.mdns.Browse(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for list := range ch {
		if len(list) == 1 && list[0].Game.ID == id && list[0].Game.Fingerprint.String() == fp && list[0].Port == uint16(port) {
			cancel()
		}
	}
	if ctx.Err() != context.Canceled {
		t.Fatal("the game was not announced")
	}

	// alice joins and plays; a bad line, a JSON command and a refusal on
	// the way.
	stdin := strings.Join([]string{
		"# a comment, then a blank line",
		"",
		"add player=alice points=5",
		"add player=alice points",
		`{"cmd":"add","args":{"player":"alice","points":3},"id":"fixed-id"}`,
		`{"cmd":"add","args":{"player":"alice","points":3},"id":"fixed-id"}`,
		"no-such-command",
		"undo",
	}, "\n")
	r := ccctl(t, joinDB, stdin, "join", addr, "--fingerprint", fp, "--pin", "4821", "--seat", "alice", "--device", "tablet")
	if r.code != exitOK {
		t.Fatalf("join: exit %d, stderr %s", r.code, r.stderr)
	}
	evs := jsonLines(t, r.stdout)
	if evs[0]["event"] != "joined" || evs[0]["seat"] != "alice" || evs[0]["game"] != id || evs[0]["host"] != "table" || evs[0]["fingerprint"] != fp {
		t.Fatalf("first line %v", evs[0])
	}
	results, refused := events(evs, "result"), events(evs, "refused")
	if len(results) != 4 || results[1]["id"] != "fixed-id" || results[2]["duplicate"] != true || results[3]["cmd"] != "undo" {
		t.Errorf("results %v", results)
	}
	if len(refused) != 2 || refused[0]["reason"] != string(console.ReasonBadInput) || refused[1]["cmd"] != "no-such-command" {
		t.Errorf("refusals %v", refused)
	}
	views := events(evs, "view")
	if len(views) < 3 || views[len(views)-1]["seq"].(float64) < 1 {
		t.Errorf("views %v", views)
	}

	// Rejoined with the kept token: no PIN.
	r = ccctl(t, joinDB, "add player=alice points=1\n", "join", "--rejoin", id)
	if r.code != exitOK {
		t.Fatalf("join --rejoin: exit %d, stderr %s", r.code, r.stderr)
	}
	if evs := jsonLines(t, r.stdout); evs[0]["seat"] != "alice" || len(events(evs, "result")) != 1 {
		t.Errorf("rejoin printed %v", evs)
	}

	// Refusals.
	r = ccctl(t, tempDB(t), "", "join", addr, "--fingerprint", fp, "--pin", "0000", "--seat", "bob")
	refusal(t, r, "refused")
	if !strings.Contains(r.stdout, `"wrong-pin"`) {
		t.Errorf("wrong PIN: %s", r.stdout)
	}
	r = ccctl(t, tempDB(t), "", "join", addr, "--fingerprint", fp, "--pin", "4821", "--seat", "carl")
	refusal(t, r, "carl")
	if !strings.Contains(r.stdout, `"no-such-seat"`) {
		t.Errorf("no such seat: %s", r.stdout)
	}
	other, _ := secure.NewIdentity("other")
	r = ccctl(t, tempDB(t), "", "join", addr, "--fingerprint", other.Fingerprint().String(), "--pin", "4821")
	refusal(t, r, "is not the one expected")
	// Trusted on first use: the fingerprint is shown on stderr.
	r = ccctl(t, tempDB(t), "", "join", addr, "--pin", "4821", "--seat", "public")
	if r.code != exitOK || !strings.Contains(r.stderr, fp) {
		t.Errorf("join without a fingerprint: exit %d, stderr %q", r.code, r.stderr)
	}

	hooks.stop(t, 0)
	if code := <-hostDone; code != exitOK {
		t.Fatalf("host exited %d", code)
	}
	hevs := jsonLines(t, hostOut.String())
	if last := hevs[len(hevs)-1]; last["event"] != "stopped" {
		t.Errorf("host's last line %v", last)
	}
	if len(events(hevs, "seats")) < 2 {
		t.Errorf("host printed no seat changes: %v", hevs)
	}

	// Hosted again: the same fingerprint, and alice's token still works.
	hosting2, _, hostDone2 := startHost(t, hostDB, id, "--no-mdns")
	hooks.mu.Lock()
	host2 := len(hooks.stops) - 1 // its stop channel: the last asked for so far
	hooks.mu.Unlock()
	if hosting2["fingerprint"] != fp || hosting2["pin"] == "" || hosting2["mdns"] != false {
		t.Errorf("hosted again: %v", hosting2)
	}
	r = ccctl(t, joinDB, "", "join", "--rejoin", id, fmt.Sprintf("127.0.0.1:%d", int(hosting2["port"].(float64))))
	if r.code != exitOK {
		t.Errorf("rejoin after the re-host: exit %d, stderr %s", r.code, r.stderr)
	}
	hooks.stop(t, host2)
	if code := <-hostDone2; code != exitOK {
		t.Fatalf("host exited %d", code)
	}
}

func TestJoinAndHostUsage(t *testing.T) {
	useLANHooks(t)
	db := tempDB(t)
	id := newGame(t, db)
	code, err := discovery.JoinCode{Addr: netip.MustParseAddrPort("192.0.2.1:47100"), Fingerprint: discovery.Fingerprint{1, 2, 3, 4, 5}}.Encode()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"join"}, "missing the host's address"},
		{[]string{"join", "a:b:c:d:e:f:g:h:i"}, "not a host address"},
		{[]string{"join", "1.2.3.4", "5.6.7.8"}, "unexpected argument"},
		{[]string{"join", "--rejoin", "gnope"}, `no joined game "gnope"`},
		{[]string{"join", "--rejoin", "gnope", "--seat", "a"}, "--rejoin takes the seat"},
		{[]string{"join", "192.0.2.1", "--token", "abc"}, "--token reclaims a seat"},
		{[]string{"join", code, "--fingerprint", "AAAA-BBBB"}, "is not the join code's"},
		{[]string{"join", "192.0.2.1", "--fingerprint", "nonsense!"}, "--fingerprint"},
		{[]string{"host"}, "missing arguments"},
		{[]string{"host", "gnope"}, `no game "gnope"`},
		{[]string{"host", id, "--pin", "12"}, "--pin"},
		{[]string{"host", id, "--port", "70000"}, "a port is 1 to 65535"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			refusal(t, ccctl(t, db, "", tt.args...), tt.want)
		})
	}
}

func TestJoinError(t *testing.T) {
	other := discovery.Fingerprint{9}
	mismatch := fmt.Errorf("join x: this is not the host you joined before: %w", fmt.Errorf("verify host key: %w: the host's is %s, expected %s (another device may be posing as the host)",
		discovery.ErrFingerprintMismatch, discovery.Fingerprint{1}, other))
	tests := []struct {
		name   string
		err    error
		code   int
		reason console.Reason
		want   string
	}{
		{"wrong PIN", fmt.Errorf("join x: %w", wire.Refuse{Code: wire.RefuseWrongPIN, Message: "Wrong PIN."}), exitRefused, "wrong-pin", "refused: wrong PIN: check the four digits on the host's screen (Wrong PIN)"},
		{"rate limit", wire.Refuse{Code: wire.RefuseRateLimit, Message: "Too many wrong PINs.", RetryAfterMs: 4000}, exitRefused, "rate-limit", "try again in 4 s"},
		{"fingerprint", mismatch, exitRefused, reasonFingerprint, "the host's is"},
		{"version", &wire.VersionError{Local: wire.NewHello(wire.RoleClient, "0.1.0", ""), Peer: wire.Hello{Magic: wire.Magic, Protocol: 7, MinProtocol: 7, Role: wire.RoleHost}},
			exitRefused, "version", "Update Command Console on this device"},
		{"not a console", fmt.Errorf("x: %w", wire.ErrNotConsole), exitRefused, reasonNotConsole, "is not a Command Console host"},
		{"unreachable", &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}, exitEnv, "", "cannot reach the host"},
		{"timeout", fmt.Errorf("x: %w", context.DeadlineExceeded), exitEnv, "", "did not answer"},
		{"other", io.ErrUnexpectedEOF, exitEnv, "", "unexpected EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := joinError("10.0.0.1:47100", tt.err)
			if code := exitCode(err); code != tt.code || !strings.Contains(err.Error(), tt.want) || console.ReasonOf(err) != tt.reason {
				t.Errorf("%v: exit %d, reason %q; want %d, %q, a message with %q", err, code, console.ReasonOf(err), tt.code, tt.reason, tt.want)
			}
		})
	}
}
