package host

import (
	"bytes"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/sync/linktest"
	"github.com/commandconsole/commandconsole/sync/secure"
	"github.com/commandconsole/commandconsole/sync/wire"
)

const (
	testPIN = secure.PIN("4821")
	wait    = 10 * time.Second
)

// clock is a settable clock for the limiter.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// fixture is a Lands of Ruin game (seats ana and ben) hosted on an
// in-memory network at host:1.
type fixture struct {
	t    *testing.T
	nw   *linktest.Network
	game *console.Local
	host *Host
	id   *secure.Identity
	clk  *clock
}

// newFixture hosts a new game. Call linktest.NoLeaks(t) before it.
func newFixture(t *testing.T, cfg Config) *fixture {
	t.Helper()
	sess, err := console.Create(landsofruin.New(), console.Setup{System: landsofruin.ID, Title: "Fight", Seed: 3,
		Seats: []console.Seat{"ana", "ben"}}, console.Options{Store: console.NewMemStore()})
	if err != nil {
		t.Fatal(err)
	}
	id, err := secure.NewIdentity("Fight")
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, nw: linktest.NewNetwork(), game: console.NewLocal(sess), id: id,
		clk: &clock{now: time.Date(2026, 11, 25, 2, 0, 0, 0, time.UTC)}}
	ln, err := f.nw.Listen("host:1")
	if err != nil {
		t.Fatal(err)
	}
	if fg, ok := cfg.Game.(*failing); ok {
		fg.Game = f.game
	} else {
		cfg.Game = f.game
	}
	if cfg.Device == "" {
		cfg.Device = "table"
	}
	cfg.Identity, cfg.PIN, cfg.App, cfg.Now = id, testPIN, "0.1.0", f.clk.Now
	f.host = New(cfg)
	served := make(chan error, 1)
	go func() { served <- f.host.Serve(ln) }()
	t.Cleanup(func() {
		if err := f.host.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		if err := <-served; !errors.Is(err, ErrClosed) {
			t.Errorf("Serve returned %v, want ErrClosed", err)
		}
		f.nw.Close()
	})
	return f
}

// client is the test's client: TLS pinned to the host's key, the wire
// handshake, then a reader goroutine that decodes every frame the host
// sends, unpacks the views and keeps it all.
type client struct {
	t    *testing.T
	conn *tls.Conn
	r    *wire.Reader
	w    *wire.Writer
	in   chan wire.Message

	mu     sync.Mutex
	frames [][]byte // every frame body received
	views  [][]byte // every view unpacked
	prev   []byte
	err    error
	done   chan struct{}
}

// dial connects from node to the host and says Hello with hello (the
// zero Hello: this build's).
func (f *fixture) dial(node string, hello wire.Hello) (*client, error) {
	f.t.Helper()
	raw, err := f.nw.Node(node).Dial("host:1")
	if err != nil {
		return nil, err
	}
	tc := tls.Client(raw, secure.ClientConfig(f.id.Fingerprint()))
	tc.SetDeadline(time.Now().Add(wait))
	c := &client{t: f.t, conn: tc, r: wire.NewReader(tc, 0), w: wire.NewWriter(tc, 0),
		in: make(chan wire.Message, 1000), done: make(chan struct{})}
	if hello.Magic == "" {
		hello = wire.NewHello(wire.RoleClient, "0.1.0", node)
	}
	if _, _, err := wire.ClientHello(c.r, c.w, hello); err != nil {
		return c, err // the caller may read the host's Refuse, then closes
	}
	tc.SetDeadline(time.Time{})
	go c.read()
	f.t.Cleanup(c.close)
	return c, nil
}

func (c *client) close() {
	c.conn.Close()
	<-c.done
}

func (c *client) read() {
	defer close(c.done)
	defer close(c.in)
	for {
		b, err := c.r.ReadFrame()
		if err != nil {
			c.mu.Lock()
			c.err = err
			c.mu.Unlock()
			return
		}
		m, err := wire.Decode(b)
		c.mu.Lock()
		c.frames = append(c.frames, b)
		if err == nil {
			if v, ok := m.(wire.View); ok {
				var cur []byte
				if cur, err = v.Unpack(c.prev, 0); err == nil {
					c.prev = cur
					c.views = append(c.views, cur)
				}
			}
		}
		c.mu.Unlock()
		if err != nil {
			c.t.Errorf("client: %v", err)
			return
		}
		c.in <- m
	}
}

// next returns the next message of kind, skipping others.
func (c *client) next(kind wire.Kind) wire.Message {
	c.t.Helper()
	timeout := time.After(wait)
	for {
		select {
		case m, ok := <-c.in:
			if !ok {
				c.t.Fatalf("waiting for %s: the connection ended: %v", kind, c.lastErr())
			}
			if m.Kind() == kind {
				return m
			}
		case <-timeout:
			c.t.Fatalf("no %s within %s", kind, wait)
		}
	}
}

func (c *client) lastErr() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

func (c *client) send(m wire.Message) {
	c.t.Helper()
	if err := c.w.Send(m); err != nil {
		c.t.Fatalf("send %s: %v", m.Kind(), err)
	}
}

// view returns the view bytes last unpacked.
func (c *client) view() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.prev
}

// join sends j and returns Joined, or the host's Refuse as an error.
func (c *client) join(j wire.Join) (wire.Joined, error) {
	c.t.Helper()
	c.send(j)
	select {
	case m, ok := <-c.in:
		if !ok {
			return wire.Joined{}, fmt.Errorf("closed: %w", c.lastErr())
		}
		switch m := m.(type) {
		case wire.Joined:
			return m, nil
		case wire.Refuse:
			return wire.Joined{}, m
		default:
			return wire.Joined{}, fmt.Errorf("got %s", m.Kind())
		}
	case <-time.After(wait):
		return wire.Joined{}, errors.New("no answer to the join")
	}
}

// joinAs dials from node and joins seat with the PIN, failing the test on
// a refusal.
func (f *fixture) joinAs(node string, seat console.Seat) (*client, wire.Joined) {
	f.t.Helper()
	c, err := f.dial(node, wire.Hello{})
	if err != nil {
		f.t.Fatal(err)
	}
	j, err := c.join(wire.Join{Seat: seat, PIN: string(testPIN)})
	if err != nil {
		f.t.Fatalf("%s joining %s: %v", node, seat, err)
	}
	return c, j
}

// encoded returns seat's view as the game has it now.
func (f *fixture) encoded(seat console.Seat) []byte {
	f.t.Helper()
	st, err := f.game.State(seat)
	if err != nil {
		f.t.Fatal(err)
	}
	b, err := console.Encode(st.View)
	if err != nil {
		f.t.Fatal(err)
	}
	return b
}

// waitView waits until c's last view is seat's view as the game has it.
func (f *fixture) waitView(c *client, seat console.Seat) {
	f.t.Helper()
	deadline := time.Now().Add(wait)
	for !bytes.Equal(c.view(), f.encoded(seat)) {
		if time.Now().After(deadline) {
			f.t.Fatalf("%s's view never caught up with the game", seat)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// waitConnected waits until the host's seat i is connected or not.
func (f *fixture) waitConnected(i int, connected bool) {
	f.t.Helper()
	deadline := time.Now().Add(wait)
	for f.host.Seats()[i].Connected != connected {
		if time.Now().After(deadline) {
			f.t.Fatalf("seat %d: connected stays %v", i, !connected)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestJoinSeesFullView(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{})
	for _, seat := range []console.Seat{"ana", console.Public} {
		c, j := f.joinAs("dev-"+string(seat), seat)
		if j.Seat != seat || j.Game.ID != f.game.Info().ID || len(j.Seats) != 2 {
			t.Fatalf("Joined = %+v", j)
		}
		if (j.Token == "") != (seat == console.Public) {
			t.Fatalf("%s: token %q", seat, j.Token)
		}
		v := c.next(wire.KindView).(wire.View)
		if v.Full == nil || v.Seat != seat {
			t.Fatalf("first view: %+v", v)
		}
		if !bytes.Equal(v.Full, f.encoded(seat)) {
			t.Fatalf("%s: the first view is not the seat's full view", seat)
		}
		h := c.next(wire.KindHistory).(wire.History)
		if h.After != 0 {
			t.Fatalf("history after %d", h.After)
		}
	}
	if got := f.host.Seats(); !got[0].Connected || !got[0].Taken || got[0].Device != "dev-ana" || got[1].Taken {
		t.Fatalf("Seats = %+v", got)
	}
}

func TestJoinRefusals(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{})
	tests := []struct {
		name string
		join wire.Join
		code wire.RefuseCode
		msg  string
	}{
		{"wrong PIN", wire.Join{Seat: "ana", PIN: "0000"}, wire.RefuseWrongPIN, "wrong PIN"},
		{"no PIN", wire.Join{Seat: "ben"}, wire.RefuseWrongPIN, "wrong PIN"},
		{"no such seat", wire.Join{Seat: "carl", PIN: string(testPIN)}, wire.RefuseNoSuchSeat, `no seat "carl"`},
		{"wrong game", wire.Join{Game: "other", Seat: "ana", PIN: string(testPIN)}, wire.RefuseWrongGame, "another game"},
		{"bad token, no PIN", wire.Join{Seat: "ana", Token: "nonsense"}, wire.RefuseBadToken, "join again with the PIN"},
		{"bad token, wrong PIN", wire.Join{Seat: "ana", Token: "nonsense", PIN: "0000"}, wire.RefuseWrongPIN, "wrong PIN"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := f.dial(fmt.Sprintf("dev%d", i), wire.Hello{})
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.join(tt.join)
			var ref wire.Refuse
			if !errors.As(err, &ref) || ref.Code != tt.code || !strings.Contains(ref.Message, tt.msg) {
				t.Fatalf("join: %v (%+v), want %s %q", err, ref, tt.code, tt.msg)
			}
			if _, ok := <-c.in; ok {
				t.Fatal("the host did not close after refusing")
			}
		})
	}
}

func TestWrongPINLimiter(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{})
	try := func(pin string) error {
		t.Helper()
		c, err := f.dial("tablet", wire.Hello{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.join(wire.Join{Seat: "ana", PIN: pin})
		return err
	}
	for i := 1; i <= 3; i++ {
		var ref wire.Refuse
		if err := try("1111"); !errors.As(err, &ref) || !strings.Contains(ref.Message, "wrong PIN") {
			t.Fatalf("wrong PIN %d: %v", i, err)
		}
	}
	// The third wrong PIN started a 2 s wait: even the right PIN waits.
	var ref wire.Refuse
	if err := try(string(testPIN)); !errors.As(err, &ref) || ref.Code != wire.RefuseRateLimit ||
		ref.RetryAfterMs != 2000 || !strings.Contains(ref.Message, "try again in 2s") {
		t.Fatalf("during the wait: %v (%+v)", err, ref)
	}
	f.clk.Add(2 * time.Second)
	if err := try(string(testPIN)); err != nil {
		t.Fatalf("after the wait: %v", err)
	}
}

func TestVersionMismatch(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{})
	newer := wire.NewHello(wire.RoleClient, "9.0.0", "future")
	newer.Protocol, newer.MinProtocol = wire.ProtocolVersion+1, wire.ProtocolVersion+1
	c, err := f.dial("future", newer)
	defer c.conn.Close()
	var ve *wire.VersionError
	if !errors.As(err, &ve) || ve.LocalTooOld() || !strings.Contains(err.Error(), "Update Command Console on the host") {
		t.Fatalf("ClientHello: %v", err)
	}
	m, err := c.r.Read()
	if ref, ok := m.(wire.Refuse); err != nil || !ok || ref.Code != wire.RefuseVersion || !strings.Contains(ref.Message, "too old") {
		t.Fatalf("after the hello: %v %+v", err, m)
	}
	if _, err := c.r.Read(); err == nil {
		t.Fatal("the host did not close after refusing the version")
	}
}

func TestCommands(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{})
	ana, _ := f.joinAs("seatA", "ana")
	ben, _ := f.joinAs("seatB", "ben")
	ben.next(wire.KindHistory)
	full := len(f.encoded("ben"))

	ana.send(wire.Command{ID: "c1", Name: landsofruin.CmdChooseSide, Args: map[string]any{"side": "south"}})
	res := ana.next(wire.KindResult).(wire.Result)
	st, _ := f.game.State("ana")
	if !res.Accepted() || res.ID != "c1" || res.Seq != st.Seq || res.Seq == 0 {
		t.Fatalf("result %+v, ana's seq %d", res, st.Seq)
	}
	// ben sees ana's choice as a delta smaller than his full view.
	v := ben.next(wire.KindView).(wire.View)
	if v.Delta == nil || len(v.Delta) >= full {
		t.Fatalf("ben's view: %d delta bytes, %d full (full view %d)", len(v.Delta), len(v.Full), full)
	}
	f.waitView(ben, "ben")
	f.waitView(ana, "ana")

	// A retry of the same id is applied once.
	ana.send(wire.Command{ID: "c1", Name: landsofruin.CmdChooseSide, Args: map[string]any{"side": "south"}})
	if res := ana.next(wire.KindResult).(wire.Result); !res.Accepted() || !res.Duplicate {
		t.Fatalf("retry: %+v", res)
	}

	// A refusal is the rules' own.
	bad := console.Command{ID: "local", Name: landsofruin.CmdInfiltrate, Args: map[string]any{"character": "kestrel", "section": "sw-block"}}
	_, want := f.game.Do("ana", bad)
	var rej *console.Rejection
	if !errors.As(want, &rej) {
		t.Fatalf("local refusal: %v", want)
	}
	ana.send(wire.Command{ID: "c2", Name: bad.Name, Args: bad.Args})
	res = ana.next(wire.KindResult).(wire.Result)
	if res.Accepted() || *res.Refusal != *rej {
		t.Fatalf("refusal %+v, want %+v", res.Refusal, rej)
	}

	// Undo, heartbeat, history on request, catch-up.
	ana.send(wire.Command{ID: "u1", Undo: true})
	// ben has seen ana's choice: the rules want his consent.
	if res := ana.next(wire.KindResult).(wire.Result); res.Accepted() || res.Refusal.Reason != console.ReasonNeedsConsent {
		t.Fatalf("undo: %+v", res)
	}
	ben.send(wire.Heartbeat{N: 7})
	if a := ben.next(wire.KindAck).(wire.Ack); a.N != 7 {
		t.Fatalf("ack %d", a.N)
	}
	ana.send(wire.History{After: 0})
	h := ana.next(wire.KindHistory).(wire.History)
	lines, _ := f.game.History("ana", 0)
	if len(h.Lines) != len(lines) {
		t.Fatalf("history: %d lines, want %d", len(h.Lines), len(lines))
	}
	ana.send(wire.Catchup{Seq: 0})
	if v := ana.next(wire.KindView).(wire.View); !bytes.Equal(v.Full, f.encoded("ana")) {
		t.Fatal("catch-up: not a full view")
	}
}

func TestSpectatorCannotCommand(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{})
	c, _ := f.joinAs("tv", console.Public)
	c.send(wire.Command{ID: "x", Name: landsofruin.CmdChooseSide, Args: map[string]any{"side": "south"}})
	if res := c.next(wire.KindResult).(wire.Result); res.Accepted() || !strings.Contains(res.Refusal.Msg, "spectator") {
		t.Fatalf("spectator command: %+v", res)
	}
}

func TestReclaimAndSeatTaken(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{})
	_, j := f.joinAs("seatA", "ana")

	// Another device with the PIN but no token: the seat is taken.
	other, err := f.dial("seatC", wire.Hello{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = other.join(wire.Join{Seat: "ana", PIN: string(testPIN)})
	var ref wire.Refuse
	if !errors.As(err, &ref) || ref.Code != wire.RefuseSeatTaken || !strings.Contains(ref.Message, "taken") {
		t.Fatalf("second device: %v", err)
	}

	// The link is cut; ana comes back with her token and no PIN, and gets
	// the history she missed.
	for _, l := range f.nw.Links("seatA") {
		l.Cut()
	}
	f.game.Do("ben", console.Command{ID: "b1", Name: landsofruin.CmdChooseSide, Args: map[string]any{"side": "north"}})
	st, _ := f.game.State("ana")
	back, err := f.dial("seatA", wire.Hello{})
	if err != nil {
		t.Fatal(err)
	}
	j2, err := back.join(wire.Join{Seat: "ana", Token: j.Token, LastSeq: 0})
	if err != nil || j2.Token != j.Token {
		t.Fatalf("reclaim: %v, token %q want %q", err, j2.Token, j.Token)
	}
	if v := back.next(wire.KindView).(wire.View); !bytes.Equal(v.Full, f.encoded("ana")) || v.Seq != st.Seq {
		t.Fatalf("reclaim view %+v", v)
	}

	// The token also moves the seat to another device: the old one is
	// told it was replaced.
	moved, err := f.dial("seatD", wire.Hello{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := moved.join(wire.Join{Seat: "ana", Token: j.Token}); err != nil {
		t.Fatalf("move: %v", err)
	}
	if b := back.next(wire.KindBye).(wire.Bye); b.Code != wire.ByeReplaced {
		t.Fatalf("bye %+v", b)
	}
}

func TestIdleTimeout(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{IdleTimeout: 300 * time.Millisecond})
	c, _ := f.joinAs("seatA", "ana")
	// Heartbeats keep it open past the timeout.
	for i := range 5 {
		time.Sleep(100 * time.Millisecond)
		c.send(wire.Heartbeat{N: uint64(i)})
	}
	c.next(wire.KindAck)
	if b := c.next(wire.KindBye).(wire.Bye); b.Code != wire.ByeTimeout {
		t.Fatalf("bye %+v", b)
	}
	f.waitConnected(0, false)
	if got := f.host.Seats(); !got[0].Taken {
		t.Fatalf("after the timeout: %+v", got)
	}
}

// TestSecrets plays a Fight to the Death with infiltrators between two
// tablets and checks that no frame the host sent ben (decoded, and every
// view unpacked), nor the spectator, names a hidden character of ana's, and
// the other way round.
func TestSecrets(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{})
	ana, _ := f.joinAs("seatA", "ana")
	ben, _ := f.joinAs("seatB", "ben")
	tv, _ := f.joinAs("tv", console.Public)
	clients := map[console.Seat]*client{"ana": ana, "ben": ben}
	steps := []struct {
		seat console.Seat
		cmd  string
		kv   []any
	}{
		{"ana", landsofruin.CmdChooseSide, []any{"side", "south"}},
		{"ana", landsofruin.CmdChooseTeam, []any{"team", "dorians-detachment"}},
		{"ana", landsofruin.CmdReady, nil},
		{"ben", landsofruin.CmdChooseSide, []any{"side", "north"}},
		{"ben", landsofruin.CmdChooseTeam, []any{"team", "night-raiders"}},
		{"ben", landsofruin.CmdReady, nil},
		{"ben", landsofruin.CmdInfiltrate, []any{"character", "whisper", "section", "crossing"}},
		{"ben", landsofruin.CmdReady, nil},
		{"ana", landsofruin.CmdInfiltrate, []any{"character", "kestrel", "section", "sw-block"}},
		{"ana", landsofruin.CmdReady, nil},
	}
	for range 16 {
		steps = append(steps, struct {
			seat console.Seat
			cmd  string
			kv   []any
		}{"", landsofruin.CmdEndPhase, nil})
	}
	for i, st := range steps {
		args := map[string]any{}
		for j := 0; j+1 < len(st.kv); j += 2 {
			args[st.kv[j].(string)] = st.kv[j+1]
		}
		seats := []console.Seat{st.seat}
		if st.seat == "" {
			seats = []console.Seat{"ana", "ben"} // whoever may end the phase
		}
		var refusals []string
		for _, seat := range seats {
			c := clients[seat]
			c.send(wire.Command{ID: fmt.Sprintf("s%d", i), Name: st.cmd, Args: args})
			res := c.next(wire.KindResult).(wire.Result)
			if res.Accepted() {
				refusals = nil
				break
			}
			refusals = append(refusals, string(seat)+": "+res.Refusal.Msg)
		}
		if refusals != nil {
			t.Fatalf("step %d (%s): refused: %v", i, st.cmd, refusals)
		}
	}
	for seat, c := range clients {
		f.waitView(c, seat)
	}
	f.waitView(tv, console.Public)
	hidden := map[console.Seat][]string{}
	for _, seat := range []console.Seat{"ana", "ben"} {
		st, err := f.game.State(seat)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range st.View.(landsofruin.View).Characters {
			if c.Own != nil && c.Own.Hidden {
				hidden[seat] = append(hidden[seat], c.Name)
			}
		}
		if len(hidden[seat]) == 0 {
			t.Fatalf("%s has no hidden character: the test checks nothing", seat)
		}
	}
	received := func(c *client) []byte {
		c.mu.Lock()
		defer c.mu.Unlock()
		return bytes.Join(append(append([][]byte{}, c.frames...), c.views...), []byte{0})
	}
	check := func(who string, got []byte, names []string, want bool) {
		t.Helper()
		for _, name := range names {
			if bytes.Contains(got, []byte(name)) != want {
				t.Errorf("%s: contains %q: %v, want %v", who, name, !want, want)
			}
		}
	}
	check("ben's bytes", received(ben), hidden["ana"], false)
	check("ana's bytes", received(ana), hidden["ben"], false)
	check("the spectator's bytes", received(tv), append(hidden["ana"], hidden["ben"]...), false)
	// The check can see names: each seat receives its own.
	check("ana's bytes (own)", received(ana), hidden["ana"], true)
	check("ben's bytes (own)", received(ben), hidden["ben"], true)
}

// TestCloseTellsClients: Close sends Bye to every joined client and ends
// every connection, including ones still in the handshake.
func TestCloseTellsClients(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{})
	c, _ := f.joinAs("seatA", "ana")
	raw, err := f.nw.Node("idle").Dial("host:1") // never says a word
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if err := f.host.Close(); err != nil {
		t.Fatal(err)
	}
	if b := c.next(wire.KindBye).(wire.Bye); b.Code != wire.ByeHostClosing {
		t.Fatalf("bye %+v", b)
	}
	raw.SetReadDeadline(time.Now().Add(wait))
	if _, err := raw.Read(make([]byte, 1)); err == nil || errors.Is(err, net.ErrClosed) {
		t.Fatalf("idle connection: %v", err)
	}
}

// TestHandshakeTimeout: a connection that never finishes TLS, Hello and
// Join is closed after HandshakeTimeout, and one that joins in time is not.
func TestHandshakeTimeout(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{HandshakeTimeout: 300 * time.Millisecond})
	tests := []struct {
		name string
		do   func(net.Conn)
	}{
		{"silent", func(net.Conn) {}},
		{"TLS but no hello", func(raw net.Conn) {
			tc := tls.Client(raw, secure.ClientConfig(f.id.Fingerprint()))
			if err := tc.Handshake(); err != nil {
				t.Errorf("TLS: %v", err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := f.nw.Node("slow").Dial("host:1")
			if err != nil {
				t.Fatal(err)
			}
			defer raw.Close()
			start := time.Now()
			tt.do(raw)
			raw.SetReadDeadline(time.Now().Add(wait))
			if _, err := raw.Read(make([]byte, 1)); err == nil {
				t.Fatal("the host sent something")
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Fatalf("closed after %s", d)
			}
		})
	}
	// Joined in time: the handshake deadline no longer applies.
	c, _ := f.joinAs("quick", "ana")
	time.Sleep(500 * time.Millisecond)
	c.send(wire.Heartbeat{N: 1})
	c.next(wire.KindAck)
}

// TestRoughLinks: over fragmented, jittery links the views still arrive
// whole and in order, and a seat that stops reading neither blocks the game
// nor the other seat; its connection is dropped once it has been silent for
// the idle timeout.
func TestRoughLinks(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{IdleTimeout: time.Second})
	f.nw.OnLink(func(l *linktest.Link) {
		l.Fragment(7)
		l.Jitter(time.Millisecond)
	})
	ana, _ := f.joinAs("seatA", "ana")
	ben, _ := f.joinAs("seatB", "ben")
	f.nw.OnLink(nil)
	cmds := []struct{ name, k, v string }{
		{landsofruin.CmdChooseSide, "side", "south"},
		{landsofruin.CmdChooseTeam, "team", "dorians-detachment"},
	}
	for i, c := range cmds {
		ana.send(wire.Command{ID: fmt.Sprint("r", i), Name: c.name, Args: map[string]any{c.k: c.v}})
		if res := ana.next(wire.KindResult).(wire.Result); !res.Accepted() {
			t.Fatalf("%s: %+v", c.name, res.Refusal)
		}
	}
	f.waitView(ana, "ana")
	f.waitView(ben, "ben")

	// ben's tablet stops reading, ana keeps playing and keeps her
	// heartbeats going.
	for _, l := range f.nw.Links("seatB") {
		l.ToClient().Stall()
	}
	start := time.Now()
	ana.send(wire.Command{ID: "r9", Name: landsofruin.CmdReady})
	if res := ana.next(wire.KindResult).(wire.Result); !res.Accepted() {
		t.Fatalf("ready: %+v", res.Refusal)
	}
	for i := range 8 {
		ana.send(wire.Heartbeat{N: uint64(i)})
		ana.next(wire.KindAck)
		time.Sleep(100 * time.Millisecond)
	}
	f.waitView(ana, "ana")
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("ana waited %s", d)
	}
	f.waitConnected(1, false)
	if !f.host.Seats()[0].Connected {
		t.Fatal("ana was dropped too")
	}
}

// TestProtocolErrors: a frame the host cannot decode is skipped; a message
// out of place ends the connection with Bye "protocol".
func TestProtocolErrors(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{})
	c, _ := f.joinAs("seatA", "ana")
	if err := c.w.WriteFrame([]byte{0xc1, 0x00}); err != nil { // not msgpack
		t.Fatal(err)
	}
	c.send(wire.Heartbeat{N: 3})
	if a := c.next(wire.KindAck).(wire.Ack); a.N != 3 {
		t.Fatalf("ack %d", a.N)
	}
	c.send(wire.Lobby{})
	if b := c.next(wire.KindBye).(wire.Bye); b.Code != wire.ByeProtocol {
		t.Fatalf("bye %+v", b)
	}
}

// TestAwaySeatIsKept: a seat whose device is away is not taken with the
// PIN alone (another player could read its secrets); the host's player
// frees it (Release), then a new device joins it, and the old token no
// longer works.
func TestAwaySeatIsKept(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{})
	old, j1 := f.joinAs("seatA", "ana")
	old.send(wire.Bye{Code: wire.ByeLeaving, Message: "bye"})
	if _, ok := <-old.in; ok {
		for range old.in {
		}
	}
	f.waitConnected(0, false)
	c, err := f.dial("seatC", wire.Hello{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.join(wire.Join{Seat: "ana", PIN: string(testPIN)})
	var ref wire.Refuse
	if !errors.As(err, &ref) || ref.Code != wire.RefuseSeatTaken || !strings.Contains(ref.Message, "belongs to another device (seatA)") {
		t.Fatalf("the PIN took an away seat: %v", err)
	}
	f.host.Release("ana")
	_, j2 := f.joinAs("seatC", "ana")
	if j2.Token == "" || j2.Token == j1.Token {
		t.Fatalf("tokens %q then %q", j1.Token, j2.Token)
	}
	c, err = f.dial("seatA", wire.Hello{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.join(wire.Join{Seat: "ana", Token: j1.Token})
	if !errors.As(err, &ref) || ref.Code != wire.RefuseBadToken {
		t.Fatalf("old token: %v", err)
	}
}

// TestLocalSeatsAndPINFirst: the host device's own seat is never joinable
// and never picked for an any-seat join; a device without the PIN learns
// nothing (not the seat names, not the game); a new PIN works at once.
func TestLocalSeatsAndPINFirst(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{LocalSeats: []console.Seat{"ana"}, Device: "table"})
	if got := f.host.Seats(); !got[0].Connected || got[0].Device != "table" {
		t.Fatalf("the host's seat in the lobby: %+v", got[0])
	}
	tests := []struct {
		join wire.Join
		code wire.RefuseCode
		msg  string
	}{
		{wire.Join{Seat: "ana", PIN: string(testPIN)}, wire.RefuseSeatTaken, "host's own device"},
		{wire.Join{Seat: "zed"}, wire.RefuseWrongPIN, "wrong PIN"},
		{wire.Join{Game: "other", Seat: "ben"}, wire.RefuseWrongPIN, "wrong PIN"},
	}
	for i, tt := range tests {
		c, err := f.dial(fmt.Sprint("d", i), wire.Hello{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.join(tt.join)
		var ref wire.Refuse
		if !errors.As(err, &ref) || ref.Code != tt.code || !strings.Contains(ref.Message, tt.msg) {
			t.Errorf("%+v: %v, want %s %q", tt.join, err, tt.code, tt.msg)
		}
		if strings.Contains(err.Error(), "Fight") || strings.Contains(err.Error(), "zed") {
			t.Errorf("%+v: the refusal tells %q", tt.join, err)
		}
	}
	c, err := f.dial("any", wire.Hello{})
	if err != nil {
		t.Fatal(err)
	}
	if j, err := c.join(wire.Join{PIN: string(testPIN)}); err != nil || j.Seat != "ben" {
		t.Fatalf("any-seat join: %+v, %v", j, err)
	}
	if err := f.host.SetPIN("77"); err == nil {
		t.Error("a 2-digit PIN was set")
	}
	if err := f.host.SetPIN("7777"); err != nil {
		t.Fatal(err)
	}
	tv, err := f.dial("tv", wire.Hello{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tv.join(wire.Join{Seat: console.Public, PIN: "7777"}); err != nil {
		t.Fatalf("the new PIN: %v", err)
	}
}

// TestSpectatorLimit: spectators beyond MaxSpectators are refused.
func TestSpectatorLimit(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{MaxSpectators: 2})
	f.joinAs("tv1", console.Public)
	f.joinAs("tv2", console.Public)
	c, err := f.dial("tv3", wire.Hello{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.join(wire.Join{Seat: console.Public, PIN: string(testPIN)}); err == nil || !strings.Contains(err.Error(), "2 spectators") {
		t.Fatalf("a third spectator: %v", err)
	}
}

// TestInternalErrorsStayOnTheHost: a failure of the host (here the game's
// store) reaches the player as a sentence, and the host's log gets the
// details.
func TestInternalErrorsStayOnTheHost(t *testing.T) {
	linktest.NoLeaks(t)
	var mu sync.Mutex
	var logged []string
	f := newFixture(t, Config{Game: &failing{}, Logf: func(format string, args ...any) {
		mu.Lock()
		logged = append(logged, fmt.Sprintf(format, args...))
		mu.Unlock()
	}})
	ana, _ := f.joinAs("seatA", "ana")
	ana.send(wire.Command{ID: "x", Name: landsofruin.CmdReady})
	res := ana.next(wire.KindResult).(wire.Result)
	if res.Accepted() || strings.Contains(res.Refusal.Msg, "/work") || !strings.Contains(res.Refusal.Msg, "error on the host") {
		t.Fatalf("refusal %+v", res.Refusal)
	}
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(strings.Join(logged, "\n"), "/work/secret/path") {
		t.Errorf("the host's log lacks the details: %q", logged)
	}
}

// failing is a game whose Do fails as the host's store might.
type failing struct{ console.Game }

func (f *failing) Do(console.Seat, console.Command) (console.Outcome, error) {
	return console.Outcome{}, errors.New("append to /work/secret/path/saves.db: disk full")
}

func TestNewRefusesABadConfig(t *testing.T) {
	id, err := secure.NewIdentity("x")
	if err != nil {
		t.Fatal(err)
	}
	sess, err := console.Create(landsofruin.New(), console.Setup{System: landsofruin.ID, Title: "Fight", Seed: 3,
		Seats: []console.Seat{"ana", "ben"}}, console.Options{Store: console.NewMemStore()})
	if err != nil {
		t.Fatal(err)
	}
	g := console.NewLocal(sess)
	tests := []struct {
		name string
		cfg  Config
	}{
		{"no game", Config{Identity: id, PIN: testPIN}},
		{"no identity", Config{Game: g, PIN: testPIN}},
		{"no PIN", Config{Game: g, Identity: id}},
		{"short PIN", Config{Game: g, Identity: id, PIN: "123"}},
		{"PIN with spaces", Config{Game: g, Identity: id, PIN: "12 34"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Fatal("New did not panic")
				}
			}()
			New(tt.cfg)
		})
	}
}

// TestTCP serves on a real loopback TCP listener: a seat joins, commands
// and is acked.
func TestTCP(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- f.host.Serve(ln) }()
	raw, err := net.DialTimeout("tcp", ln.Addr().String(), wait)
	if err != nil {
		t.Fatal(err)
	}
	tc := tls.Client(raw, secure.ClientConfig(f.id.Fingerprint()))
	defer tc.Close()
	tc.SetDeadline(time.Now().Add(wait))
	r, w := wire.NewReader(tc, 0), wire.NewWriter(tc, 0)
	if _, _, err := wire.ClientHello(r, w, wire.NewHello(wire.RoleClient, "0.1.0", "laptop")); err != nil {
		t.Fatal(err)
	}
	want := []wire.Kind{wire.KindJoined, wire.KindView, wire.KindHistory, wire.KindResult, wire.KindAck}
	for _, m := range []wire.Message{
		wire.Join{Seat: "ana", PIN: string(testPIN)},
		wire.Command{ID: "t1", Name: landsofruin.CmdChooseSide, Args: map[string]any{"side": "south"}},
		wire.Heartbeat{N: 1},
	} {
		if err := w.Send(m); err != nil {
			t.Fatal(err)
		}
	}
	for len(want) > 0 {
		m, err := r.Read()
		if err != nil {
			t.Fatalf("waiting for %v: %v", want, err)
		}
		if m.Kind() == want[0] {
			want = want[1:]
		}
	}
	if err := f.host.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-served; !errors.Is(err, ErrClosed) {
		t.Fatalf("Serve on TCP: %v", err)
	}
}

// TestAnySeatLobbyAndSavedTokens: a Join without a seat takes the first
// open one and then the next; a full game says so; every joined device
// hears of the seats changing (Lobby) and the host's OnSeats too; OnToken
// reports each new token, and a host given those tokens lets the seats
// back without the PIN.
func TestAnySeatLobbyAndSavedTokens(t *testing.T) {
	linktest.NoLeaks(t)
	var mu sync.Mutex
	tokens := map[console.Seat]secure.Token{}
	var seatCalls int
	f := newFixture(t, Config{
		OnToken: func(s console.Seat, tok secure.Token) { mu.Lock(); tokens[s] = tok; mu.Unlock() },
		OnSeats: func([]wire.SeatInfo) { mu.Lock(); seatCalls++; mu.Unlock() },
	})
	first, err := f.dial("d1", wire.Hello{})
	if err != nil {
		t.Fatal(err)
	}
	j1, err := first.join(wire.Join{PIN: string(testPIN)})
	if err != nil || j1.Seat != "ana" {
		t.Fatalf("first any-seat join: %+v, %v", j1, err)
	}
	second, err := f.dial("d2", wire.Hello{})
	if err != nil {
		t.Fatal(err)
	}
	j2, err := second.join(wire.Join{PIN: string(testPIN)})
	if err != nil || j2.Seat != "ben" {
		t.Fatalf("second any-seat join: %+v, %v", j2, err)
	}
	// ana hears that ben's seat is now taken.
	deadline := time.Now().Add(wait)
	for {
		m := first.next(wire.KindLobby).(wire.Lobby)
		if len(m.Seats) == 2 && m.Seats[1].Connected && m.Seats[1].Device == "d2" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no lobby with ben connected")
		}
	}
	third, err := f.dial("d3", wire.Hello{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := third.join(wire.Join{PIN: string(testPIN)}); err == nil || !strings.Contains(err.Error(), "every seat") {
		t.Fatalf("a third any-seat join: %v", err)
	}
	mu.Lock()
	if len(tokens) != 2 || tokens["ana"].String() != j1.Token || tokens["ben"].String() != j2.Token {
		t.Errorf("OnToken reported %v", tokens)
	}
	if seatCalls < 2 {
		t.Errorf("OnSeats called %d times", seatCalls)
	}
	saved := map[console.Seat]secure.Token{"ana": tokens["ana"]}
	mu.Unlock()

	// A new host given the saved token.
	h2 := New(Config{Game: f.game, Identity: f.id, PIN: "9999", App: "0.1.0", Tokens: saved})
	ln, err := f.nw.Listen("host:2")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- h2.Serve(ln) }()
	defer func() { h2.Close(); <-done }()
	raw, err := f.nw.Node("d1").Dial("host:2")
	if err != nil {
		t.Fatal(err)
	}
	tc := tls.Client(raw, secure.ClientConfig(f.id.Fingerprint()))
	defer tc.Close()
	tc.SetDeadline(time.Now().Add(wait))
	r, w := wire.NewReader(tc, 0), wire.NewWriter(tc, 0)
	if _, _, err := wire.ClientHello(r, w, wire.NewHello(wire.RoleClient, "0.1.0", "d1")); err != nil {
		t.Fatal(err)
	}
	w.Send(wire.Join{Seat: "ana", Token: j1.Token})
	m, err := r.Read()
	if j, ok := m.(wire.Joined); err != nil || !ok || j.Seat != "ana" {
		t.Fatalf("rejoin by the saved token: %v %v", m, err)
	}
}

// flakyListener fails its first Accept with "too many open files".
type flakyListener struct {
	net.Listener
	failed atomic.Bool
}

func (l *flakyListener) Accept() (net.Conn, error) {
	if !l.failed.Swap(true) {
		return nil, &net.OpError{Op: "accept", Net: "tcp", Err: os.NewSyscallError("accept", syscall.EMFILE)}
	}
	return l.Listener.Accept()
}

// TestAcceptErrorIsRetried: a temporary Accept failure (out of file
// descriptors) does not stop the host.
func TestAcceptErrorIsRetried(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{})
	ln, err := f.nw.Listen("host:3")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- f.host.Serve(&flakyListener{Listener: ln}) }()
	raw, err := f.nw.Node("late").Dial("host:3")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	tc := tls.Client(raw, secure.ClientConfig(f.id.Fingerprint()))
	tc.SetDeadline(time.Now().Add(wait))
	r, w := wire.NewReader(tc, 0), wire.NewWriter(tc, 0)
	if _, _, err := wire.ClientHello(r, w, wire.NewHello(wire.RoleClient, "0.1.0", "late")); err != nil {
		t.Fatalf("after a failed Accept: %v", err)
	}
	tc.Close()
	f.host.Close()
	if err := <-done; !errors.Is(err, ErrClosed) {
		t.Errorf("Serve: %v", err)
	}
}

// TestHelloNamesTheGame: the host's Hello names the game it serves (its
// id and title), before any PIN.
func TestHelloNamesTheGame(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t, Config{})
	raw, err := f.nw.Node("probe").Dial("host:1")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	tc := tls.Client(raw, secure.ClientConfig(f.id.Fingerprint()))
	tc.SetDeadline(time.Now().Add(wait))
	peer, _, err := wire.ClientHello(wire.NewReader(tc, 0), wire.NewWriter(tc, 0), wire.NewHello(wire.RoleClient, "0.1.0", "probe"))
	if err != nil {
		t.Fatal(err)
	}
	if info := f.game.Info(); peer.Game != info.ID || peer.Title != "Fight" || peer.Device != "table" {
		t.Fatalf("the host's Hello: %+v, want game %s titled Fight", peer, info.ID)
	}
}

// tableLog keeps what OnTable was told.
type tableLog struct {
	mu    sync.Mutex
	calls []Table
}

func (l *tableLog) on(t Table) {
	l.mu.Lock()
	l.calls = append(l.calls, t)
	l.mu.Unlock()
}

func (l *tableLog) last() (Table, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.calls) == 0 {
		return Table{}, 0
	}
	return l.calls[len(l.calls)-1], len(l.calls)
}

// TestTable: the host's own screen is told of every change at the table:
// a seat joining, leaving and reconnecting, spectators coming and going
// (in join order), wrong PINs, a new PIN resetting their count, a seat
// freed. Each step's Table is both what Table returns and OnTable's last
// call.
func TestTable(t *testing.T) {
	linktest.NoLeaks(t)
	log := &tableLog{}
	var seatCalls atomic.Int32
	f := newFixture(t, Config{OnTable: log.on, OnSeats: func([]wire.SeatInfo) { seatCalls.Add(1) }})
	if tb := f.host.Table(); len(tb.Seats) != 2 || len(tb.Spectators) != 0 || tb.WrongPINs != 0 {
		t.Fatalf("a new host's table: %+v", tb)
	}
	var ana, tv1 *client
	var anaToken string
	try := func(pin string, want wire.RefuseCode) {
		c, err := f.dial("guesser", wire.Hello{})
		if err != nil {
			t.Fatal(err)
		}
		var ref wire.Refuse
		if _, err := c.join(wire.Join{Seat: "ben", PIN: pin}); !errors.As(err, &ref) || ref.Code != want {
			t.Fatalf("PIN %s: %v, want a refusal %s", pin, err, want)
		}
	}
	steps := []struct {
		name string
		do   func()
		want func(Table) bool
	}{
		{"ana joins", func() {
			var j wire.Joined
			ana, j = f.joinAs("seatA", "ana")
			anaToken = j.Token
		}, func(tb Table) bool {
			return tb.Seats[0].Connected && tb.Seats[0].Taken && tb.Seats[0].Device == "seatA" && !tb.Seats[1].Taken
		}},
		{"two spectators join", func() {
			tv1, _ = f.joinAs("tv1", console.Public)
			f.joinAs("tv2", console.Public)
		}, func(tb Table) bool { return slices.Equal(tb.Spectators, []string{"tv1", "tv2"}) }},
		{"the first spectator leaves", func() { tv1.close() },
			func(tb Table) bool { return slices.Equal(tb.Spectators, []string{"tv2"}) }},
		{"a wrong PIN", func() { try("0000", wire.RefuseWrongPIN) }, func(tb Table) bool { return tb.WrongPINs == 1 }},
		{"two more wrong PINs", func() {
			try("0001", wire.RefuseWrongPIN)
			try("0002", wire.RefuseWrongPIN) // the third: a wait starts
		}, func(tb Table) bool { return tb.WrongPINs == 3 }},
		{"during the wait a wrong PIN counts, the right one does not", func() {
			try("0003", wire.RefuseRateLimit)
			try(string(testPIN), wire.RefuseRateLimit)
		}, func(tb Table) bool { return tb.WrongPINs == 4 }},
		{"a new PIN resets the count", func() {
			if err := f.host.SetPIN("1234"); err != nil {
				t.Fatal(err)
			}
		}, func(tb Table) bool { return tb.WrongPINs == 0 }},
		{"ana leaves", func() { ana.close() }, func(tb Table) bool {
			return !tb.Seats[0].Connected && tb.Seats[0].Taken && slices.Equal(tb.Spectators, []string{"tv2"})
		}},
		{"ana reconnects with her token", func() {
			c, err := f.dial("seatA", wire.Hello{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := c.join(wire.Join{Seat: "ana", Token: anaToken}); err != nil {
				t.Fatal(err)
			}
		}, func(tb Table) bool { return tb.Seats[0].Connected && tb.Seats[0].Taken }},
		{"the host frees ana's seat", func() { f.host.Release("ana") },
			func(tb Table) bool { return !tb.Seats[0].Taken && !tb.Seats[0].Connected }},
	}
	for _, st := range steps {
		_, before := log.last()
		st.do()
		deadline := time.Now().Add(wait)
		for {
			last, n := log.last()
			now := f.host.Table()
			if n > before && st.want(now) && st.want(last) && reflect.DeepEqual(last, now) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: Table %+v, OnTable's last %+v (%d calls, %d before)", st.name, now, last, n, before)
			}
			time.Sleep(2 * time.Millisecond)
		}
	}
	if seatCalls.Load() == 0 {
		t.Error("OnSeats was not called")
	}
}

// TestOnTableMayCallTheHost: OnTable may call the Host, even change the
// table (SetPIN): the change is told by a later call, not a deadlock.
func TestOnTableMayCallTheHost(t *testing.T) {
	linktest.NoLeaks(t)
	var h atomic.Pointer[Host]
	log := &tableLog{}
	f := newFixture(t, Config{OnTable: func(tb Table) {
		log.on(tb)
		if tb.WrongPINs == 1 {
			h.Load().SetPIN("1234")
		}
		h.Load().Table()
	}})
	h.Store(f.host)
	c, err := f.dial("guess", wire.Hello{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.join(wire.Join{Seat: "ana", PIN: "0000"}); err == nil {
		t.Fatal("joined with a wrong PIN")
	}
	deadline := time.Now().Add(wait)
	for {
		last, n := log.last()
		if n >= 2 && last.WrongPINs == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("OnTable told %d times, last %+v", n, last)
		}
		time.Sleep(2 * time.Millisecond)
	}
	for _, pin := range []string{string(testPIN), "1234"} {
		c, err := f.dial("tablet", wire.Hello{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.join(wire.Join{Seat: "ana", PIN: pin})
		if (err == nil) != (pin == "1234") {
			t.Fatalf("join with PIN %s after SetPIN(1234): %v", pin, err)
		}
	}
}
