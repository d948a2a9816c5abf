package client

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/games/scorepad"
	"github.com/commandconsole/commandconsole/sync/discovery"
	"github.com/commandconsole/commandconsole/sync/host"
	"github.com/commandconsole/commandconsole/sync/linktest"
	"github.com/commandconsole/commandconsole/sync/secure"
	"github.com/commandconsole/commandconsole/sync/wire"
)

const (
	testPIN = secure.PIN("4821")
	wait    = 15 * time.Second
)

// fixture is a Lands of Ruin game (seats ana and ben) hosted on an
// in-memory network at host:1, with the tokens the host gave kept so a
// restarted host knows them.
type fixture struct {
	t    *testing.T
	nw   *linktest.Network
	game *console.Local
	id   *secure.Identity

	mu sync.Mutex
	// addr is where start hosts the game: host:1 unless a test moves it.
	addr   string
	host   *host.Host
	served chan error
	tokens map[console.Seat]secure.Token
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	return newFixtureFor(t, landsofruin.New(), console.Setup{System: landsofruin.ID, Title: "Fight", Seed: 3,
		Seats: []console.Seat{"ana", "ben"}})
}

func newFixtureFor(t *testing.T, rules console.Rules, setup console.Setup) *fixture {
	t.Helper()
	sess, err := console.Create(rules, setup, console.Options{Store: console.NewMemStore()})
	if err != nil {
		t.Fatal(err)
	}
	id, err := secure.NewIdentity("Fight")
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, nw: linktest.NewNetwork(), game: console.NewLocal(sess), id: id, addr: "host:1",
		tokens: map[console.Seat]secure.Token{}}
	f.start()
	t.Cleanup(func() {
		f.stop()
		f.nw.Close()
	})
	return f
}

// start hosts the game (again) at f.addr with the tokens given so far.
func (f *fixture) start() {
	f.t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	ln, err := f.nw.Listen(f.addr)
	if err != nil {
		f.t.Fatal(err)
	}
	tokens := map[console.Seat]secure.Token{}
	for s, tok := range f.tokens {
		tokens[s] = tok
	}
	f.host = host.New(host.Config{Game: f.game, Identity: f.id, PIN: testPIN, App: "0.1.0", Device: "table",
		Tokens: tokens, OnToken: func(s console.Seat, tok secure.Token) {
			f.mu.Lock()
			f.tokens[s] = tok
			f.mu.Unlock()
		}})
	f.served = make(chan error, 1)
	h, served := f.host, f.served
	go func() { served <- h.Serve(ln) }()
}

// stop closes the host (its clients are told it is closing).
func (f *fixture) stop() {
	f.mu.Lock()
	h, served := f.host, f.served
	f.host = nil
	f.mu.Unlock()
	if h == nil {
		return
	}
	h.Close()
	<-served
}

func (f *fixture) config(node string, seat console.Seat) Config {
	return Config{Addr: "host:1", Fingerprint: f.id.Fingerprint(), Seat: seat, PIN: string(testPIN),
		App: "0.1.0", Device: node, Dial: f.nw.Node(node).DialContext,
		Heartbeat: 50 * time.Millisecond, Timeout: 2 * time.Second,
		MinBackoff: 5 * time.Millisecond, MaxBackoff: 40 * time.Millisecond, CommandTimeout: wait}
}

func (f *fixture) join(node string, seat console.Seat) *Client {
	f.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	c, err := Join(ctx, f.config(node, seat))
	if err != nil {
		f.t.Fatalf("join %s as %s: %v", node, seat, err)
	}
	f.t.Cleanup(func() { c.Close() })
	return c
}

// converge waits until c holds the host's state and history of its seat.
func (f *fixture) converge(c *Client) {
	f.t.Helper()
	seat := c.Seat()
	deadline := time.Now().Add(wait)
	for {
		want, err := f.game.State(seat)
		if err != nil {
			f.t.Fatal(err)
		}
		got, err := c.State(seat)
		if err != nil {
			f.t.Fatal(err)
		}
		wantLines, _ := f.game.History(seat, 0)
		gotLines, _ := c.History(seat, 0)
		if got.Seq == want.Seq && reflect.DeepEqual(got.View, want.View) && reflect.DeepEqual(got.Status, want.Status) &&
			reflect.DeepEqual(gotLines, wantLines) {
			return
		}
		if time.Now().After(deadline) {
			f.t.Fatalf("%s: seq %d (want %d), same view %v, %d lines (want %d)", seat, got.Seq, want.Seq,
				reflect.DeepEqual(got.View, want.View), len(gotLines), len(wantLines))
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// step is one command of the scripted game; seat "" is whoever may end
// the phase.
type step struct {
	seat console.Seat
	cmd  string
	kv   []any
}

// script is a Fight to the Death with an infiltrator on each side, then
// sixteen phase ends.
func script() []step {
	steps := []step{
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
		steps = append(steps, step{"", landsofruin.CmdEndPhase, nil})
	}
	return steps
}

// play runs step i through the clients, with command id id.
func play(t *testing.T, clients map[console.Seat]*Client, i int, st step, id string) {
	t.Helper()
	args := map[string]any{}
	for j := 0; j+1 < len(st.kv); j += 2 {
		args[st.kv[j].(string)] = st.kv[j+1]
	}
	seats := []console.Seat{st.seat}
	if st.seat == "" {
		seats = []console.Seat{"ana", "ben"}
	}
	var refusals []string
	for _, seat := range seats {
		_, err := clients[seat].Do(seat, console.Command{ID: fmt.Sprintf("%s-%s", id, seat), Name: st.cmd, Args: args})
		if err == nil {
			return
		}
		if !console.IsRejection(err) {
			t.Fatalf("step %d (%s) as %s: %v", i, st.cmd, seat, err)
		}
		refusals = append(refusals, string(seat)+": "+err.Error())
	}
	t.Fatalf("step %d (%s): refused: %v", i, st.cmd, refusals)
}

func TestPlayAGameThroughClients(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t)
	ana, ben := f.join("seatA", "ana"), f.join("seatB", "ben")
	tv := f.join("tv", console.Public)
	clients := map[console.Seat]*Client{"ana": ana, "ben": ben}

	var mu sync.Mutex
	updates := 0
	cancel := ana.Subscribe("ana", func(u console.Update) {
		mu.Lock()
		updates++
		mu.Unlock()
	})
	defer cancel()

	for i, st := range script() {
		play(t, clients, i, st, fmt.Sprint(i))
	}
	for _, c := range []*Client{ana, ben, tv} {
		f.converge(c)
	}
	// The outcome of a command is the seat's state after it.
	out, err := ana.Do("ana", console.Command{Name: landsofruin.CmdEndPhase})
	if err != nil && !console.IsRejection(err) {
		t.Fatal(err)
	}
	if err == nil {
		want, _ := f.game.State("ana")
		if out.Seq != want.Seq || !reflect.DeepEqual(out.View, want.View) {
			t.Errorf("outcome at seq %d, the host's at %d", out.Seq, want.Seq)
		}
	}
	mu.Lock()
	if updates == 0 {
		t.Error("the subscriber heard of no change")
	}
	mu.Unlock()

	// A client answers for its own seat only.
	if _, err := ana.State("ben"); err == nil {
		t.Error("ana's client gave ben's state")
	}
	if _, err := ana.History(console.Public, 0); err == nil {
		t.Error("ana's client gave the public history")
	}
	if _, err := ana.Do("ben", console.Command{Name: landsofruin.CmdEndPhase}); err == nil {
		t.Error("ana's client played for ben")
	}
	if _, err := tv.Do(console.Public, console.Command{Name: landsofruin.CmdEndPhase}); !console.IsRejection(err) {
		t.Errorf("the spectator's command: %v, want a refusal", err)
	}
	if got := ana.Info(); got.ID != f.game.Info().ID || got.Title != "Fight" || got.System.ID != landsofruin.ID {
		t.Errorf("Info = %+v", got)
	}
	if len(ana.Commands()) == 0 {
		t.Error("no commands")
	}
	if a, _ := ana.LastActor(); a != "ana" {
		t.Errorf("LastActor = %s", a)
	}
}

func TestCommandIDAppliedOnce(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t)
	ana := f.join("seatA", "ana")
	before, _ := f.game.History("ana", 0)
	cmd := console.Command{ID: "double-tap", Name: landsofruin.CmdChooseSide, Args: map[string]any{"side": "south"}}
	var wg sync.WaitGroup
	outs := make([]console.Outcome, 3)
	errs := make([]error, 3)
	for i := range outs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i], errs[i] = ana.Do("ana", cmd)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("tap %d: %v", i, err)
		}
	}
	// Sent again later: the first outcome, marked as a duplicate.
	out, err := ana.Do("ana", cmd)
	if err != nil || !out.Duplicate {
		t.Fatalf("retry: %+v, %v", out, err)
	}
	after, _ := f.game.History("ana", 0)
	if len(after) != len(before)+1 {
		t.Fatalf("%d lines before, %d after: want one more", len(before), len(after))
	}
}

// TestUndoIDAppliedOnce: a retried undo (the same id) takes back one
// command only.
func TestUndoIDAppliedOnce(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixtureFor(t, scorepad.New(), console.Setup{System: scorepad.ID, Title: "Pad", Seats: []console.Seat{"ana", "ben"}})
	ana := f.join("seatA", "ana")
	for range 2 {
		if _, err := ana.Do("ana", console.Command{Name: scorepad.CmdAdd, Args: map[string]any{"player": "ana", "points": 3}}); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := f.game.History("ana", 0)
	u := wire.Command{ID: "undo-1", Undo: true}
	for i := range 2 {
		out, err := ana.ask("ana", u)
		if err != nil {
			t.Fatalf("undo: %v", err)
		}
		if out.Duplicate != (i == 1) {
			t.Errorf("undo %d: duplicate %v", i, out.Duplicate)
		}
	}
	f.converge(ana)
	if got, _ := f.game.History("ana", 0); len(got) != len(before)-1 {
		t.Fatalf("after undo: %d lines, want %d", len(got), len(before)-1)
	}
}

// TestLinkCuts cuts both players' links twenty times while they play: the
// clients reconnect with their tokens, catch up, and in the end hold the
// host's views and histories, with no command applied twice.
func TestLinkCuts(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t)
	ana, ben := f.join("seatA", "ana"), f.join("seatB", "ben")
	clients := map[console.Seat]*Client{"ana": ana, "ben": ben}
	var links sync.Mutex
	reconnects := map[console.Seat]int{}
	for seat, c := range clients {
		c.OnLink(func(l Link) {
			if l.State == LinkReconnecting && l.Attempt == 1 {
				links.Lock()
				reconnects[seat]++
				links.Unlock()
			}
		})
	}
	steps := script()
	cuts := 0
	for i, st := range steps {
		play(t, clients, i, st, fmt.Sprint(i))
		if cuts < 20 {
			for _, l := range f.nw.Links("seatA") {
				l.Cut()
			}
			if cuts%2 == 0 {
				for _, l := range f.nw.Links("seatB") {
					l.Cut()
				}
			}
			cuts++
		}
	}
	// The rest of the cuts while nothing is played.
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	for ; cuts < 20; cuts++ {
		ls, err := f.nw.WaitLinks(ctx, "seatA", 1)
		if err != nil {
			t.Fatal(err)
		}
		ls[0].Cut()
	}
	f.converge(ana)
	f.converge(ben)
	links.Lock()
	if reconnects["ana"] < 10 {
		t.Errorf("ana reconnected %d times, want at least 10 (the cuts went unnoticed?)", reconnects["ana"])
	}
	links.Unlock()
	// Nothing applied twice: each step is one accepted command, and the
	// log holds each command id once.
	lines, _ := f.game.History("ana", 0)
	seen := map[string]bool{}
	for _, l := range lines {
		if seen[l.Text] && strings.Contains(l.Text, "chose") {
			t.Errorf("line %q twice", l.Text)
		}
		seen[l.Text] = true
	}
	if ana.Link().State != LinkUp || ana.Link().Banner() != "" {
		t.Errorf("ana's link: %+v", ana.Link())
	}
}

// TestHostRestart: the host stops (killed: no Bye) and comes back with the
// same key and tokens; the clients rejoin their seats without the PIN and
// play on. Commands given while the host is away are applied once it is
// back.
func TestHostRestart(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t)
	ana, ben := f.join("seatA", "ana"), f.join("seatB", "ben")
	clients := map[console.Seat]*Client{"ana": ana, "ben": ben}
	steps := script()
	for i, st := range steps[:6] {
		play(t, clients, i, st, fmt.Sprint(i))
	}
	f.nw.Down("host")
	f.stop()
	waitLink(t, ana, LinkReconnecting)
	if b := ana.Link().Banner(); !strings.Contains(b, "Reconnecting") {
		t.Errorf("banner %q", b)
	}
	// A command given while away waits for the host.
	done := make(chan error, 1)
	go func() {
		_, err := ben.Do("ben", console.Command{ID: "away", Name: landsofruin.CmdInfiltrate,
			Args: map[string]any{"character": "whisper", "section": "crossing"}})
		done <- err
	}()
	time.Sleep(50 * time.Millisecond)
	f.nw.Up("host")
	f.start()
	if err := <-done; err != nil {
		t.Fatalf("the command given while the host was away: %v", err)
	}
	for i, st := range steps[7:] {
		play(t, clients, i+7, st, fmt.Sprint(i+7))
	}
	f.converge(ana)
	f.converge(ben)
}

func waitLink(t *testing.T, c *Client, want LinkState) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for c.Link().State != want {
		if time.Now().After(deadline) {
			t.Fatalf("link %+v, want state %d", c.Link(), want)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func TestJoinRefusals(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t)
	other, err := secure.NewIdentity("other")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		change func(*Config)
		want   string
		check  func(error) bool
	}{
		{"wrong PIN", func(c *Config) { c.PIN = "0000" }, "wrong PIN", func(err error) bool {
			var ref wire.Refuse
			return errors.As(err, &ref) && ref.Code == wire.RefuseWrongPIN
		}},
		{"wrong fingerprint", func(c *Config) { c.Fingerprint, c.Game = other.Fingerprint(), f.game.Info().ID }, "not the one expected",
			func(err error) bool { return errors.Is(err, discovery.ErrFingerprintMismatch) }},
		{"no such seat", func(c *Config) { c.Seat = "carl" }, `no seat "carl"`, nil},
		{"old app", func(c *Config) { c.App = "0.0.1" }, "", nil}, // the app version alone is no mismatch
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := f.config(fmt.Sprintf("dev%d", i), "ana")
			tt.change(&cfg)
			c, err := Join(context.Background(), cfg)
			if tt.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				c.Close()
				return
			}
			if err == nil {
				c.Close()
				t.Fatal("joined")
			}
			if !strings.Contains(err.Error(), tt.want) || (tt.check != nil && !tt.check(err)) {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
		})
	}
}

// TestReplacedEndsTheLink: the same seat joined on another device with
// the token ends the first device's link for good.
func TestReplacedEndsTheLink(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t)
	var rec Record
	cfg := f.config("seatA", "ana")
	cfg.OnRecord = func(r Record) { rec = r }
	ana, err := Join(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ana.Close()
	if rec.Token == "" || rec.Seat != "ana" || rec.Game != f.game.Info().ID || rec.Fingerprint != f.id.Fingerprint() {
		t.Fatalf("record %+v", rec)
	}
	cfg2 := rec.Config()
	cfg2.Dial, cfg2.App = f.nw.Node("tablet2").DialContext, "0.1.0"
	again, err := Join(context.Background(), cfg2)
	if err != nil {
		t.Fatalf("rejoin with the token and no PIN: %v", err)
	}
	defer again.Close()
	waitLink(t, ana, LinkClosed)
	if b := ana.Link().Banner(); !strings.Contains(b, "another device") {
		t.Errorf("banner %q", b)
	}
	if _, err := ana.Do("ana", console.Command{Name: landsofruin.CmdEndPhase}); !errors.Is(err, ErrClosed) {
		t.Errorf("Do after the link ended: %v", err)
	}
}

func TestProbe(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t)
	fp, hello, err := Probe(context.Background(), "host:1", "0.1.0", "probe", f.nw.Node("probe").DialContext)
	if err != nil {
		t.Fatal(err)
	}
	if fp != f.id.Fingerprint() || hello.Device != "table" || hello.Role != wire.RoleHost {
		t.Fatalf("probe: %s %+v", fp, hello)
	}
}

func TestBanner(t *testing.T) {
	fp := discovery.Fingerprint{1, 2, 3}
	tests := []struct {
		link Link
		want string
	}{
		{Link{State: LinkUp}, ""},
		{Link{State: LinkReconnecting, Attempt: 1}, "Reconnecting to the host…"},
		{Link{State: LinkReconnecting, Why: WhyDropped, Attempt: 4}, "Reconnecting to the host… (attempt 4)"},
		{Link{State: LinkReconnecting, Why: WhyUnreachable, Attempt: 3},
			"Reconnecting to the host… its tablet cannot be reached just now (attempt 3)."},
		{Link{State: LinkReconnecting, Why: WhyPaused, Attempt: 7},
			"The host has paused the game. This tablet comes back by itself when the host resumes hosting."},
		{Link{State: LinkReconnecting, Why: WhyOtherGame, Attempt: 2, Title: "Fight", Other: "Pad"},
			"The host's tablet now hosts another game (“Pad”). This tablet comes back by itself when “Fight” is hosted again."},
		{Link{State: LinkReconnecting, Why: WhyOtherGame, Attempt: 2},
			"The host's tablet now hosts another game. This tablet comes back by itself when this game is hosted again."},
		{Link{State: LinkClosed, Why: WhyLeft, Err: ErrClosed}, "Disconnected from the host"},
		{Link{State: LinkClosed, Why: WhyEnded, Err: byeError{wire.Bye{Code: wire.ByeReplaced, Message: "taken on another device"}}},
			"Disconnected: Taken on another device."},
		{Link{State: LinkClosed, Why: WhyEnded, Err: byeError{wire.Bye{Code: wire.ByeReplaced}}},
			"Disconnected: This seat was taken up on another device."},
		{Link{State: LinkClosed, Why: WhyImpostor, Err: &KeyMismatchError{Addr: "10.0.0.2:47100", Want: fp,
			Err: discovery.ErrFingerprintMismatch}},
			"Disconnected: The device at 10.0.0.2:47100 does not have the host's key (expected " + fp.String() +
				"): another device may be posing as the host. Ask the host for its join code."},
		{Link{State: LinkClosed, Why: WhyEnded, Err: wire.Refuse{Code: wire.RefuseBadToken, Message: "the host no longer keeps seat ana"}},
			"Disconnected: The host no longer keeps seat ana."},
	}
	for _, tt := range tests {
		if got := tt.link.Banner(); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.link, got, tt.want)
		}
	}
}

func TestHistoryReplacesAfter(t *testing.T) {
	c := &Client{}
	line := func(n uint64, text string) console.HistoryLine { return console.HistoryLine{Seq: n, Text: text} }
	c.takeHistory(wire.History{After: 0, Lines: []console.HistoryLine{line(1, "a"), line(2, "b"), line(3, "c")}})
	c.takeHistory(wire.History{After: 1, Lines: []console.HistoryLine{line(2, "B")}})
	c.takeHistory(wire.History{After: 2, Lines: []console.HistoryLine{line(3, "C"), line(3, "dup"), line(5, "gap")}})
	c.takeHistory(wire.History{After: 9, Lines: []console.HistoryLine{line(10, "far")}})
	var got []string
	for _, l := range c.lines {
		got = append(got, fmt.Sprint(l.Seq, l.Text))
	}
	if want := []string{"1a", "2B", "3C"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("lines %v, want %v", got, want)
	}
}

// TestViewBytesSeenByOtherSeat: everything ana's client received decodes
// to views; none names ben's hidden infiltrator.
func TestNoSecretsInWhatAClientHolds(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t)
	capB := f.nw.Capture("host:1", "seatB")
	ana, ben := f.join("seatA", "ana"), f.join("seatB", "ben")
	clients := map[console.Seat]*Client{"ana": ana, "ben": ben}
	for i, st := range script() {
		play(t, clients, i, st, fmt.Sprint(i))
	}
	f.converge(ben)
	capB.Stop()
	st, _ := f.game.State("ana")
	var hidden []string
	for _, c := range st.View.(landsofruin.View).Characters {
		if c.Own != nil && c.Own.Hidden {
			hidden = append(hidden, c.Name)
		}
	}
	if len(hidden) == 0 {
		t.Fatal("ana has no hidden character: the test checks nothing")
	}
	bst, _ := ben.State("ben")
	enc, _ := console.Encode(bst.View)
	lines, _ := ben.History("ben", 0)
	all := append(enc, fmt.Sprint(lines)...)
	for _, name := range hidden {
		if bytes.Contains(all, []byte(name)) {
			t.Errorf("ben's client holds %q", name)
		}
	}
	if capB.Len() == 0 {
		t.Error("nothing captured")
	}
	// The link is encrypted: not even ben's own team is readable on it.
	if bytes.Contains(capB.Bytes(), []byte("night")) || bytes.Contains(capB.Bytes(), []byte("Night")) {
		t.Error("the captured bytes hold plain text")
	}
}

// TestOfflineCommandIsNotSent: with the host away longer than OfflineWait,
// Do fails fast with ErrOffline and the command is not applied later.
func TestOfflineCommandIsNotSent(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t)
	cfg := f.config("seatA", "ana")
	cfg.OfflineWait = 50 * time.Millisecond
	ana, err := Join(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ana.Close()
	f.nw.Down("host")
	waitLink(t, ana, LinkReconnecting)
	start := time.Now()
	_, err = ana.Do("ana", console.Command{ID: "offline", Name: landsofruin.CmdChooseSide, Args: map[string]any{"side": "south"}})
	if !errors.Is(err, ErrOffline) || !strings.Contains(err.Error(), "Reconnecting") {
		t.Fatalf("Do while away: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Do took %v to give up", d)
	}
	f.nw.Up("host")
	waitLink(t, ana, LinkUp)
	f.converge(ana)
	if lines, _ := f.game.History("ana", 0); len(lines) != 0 {
		t.Errorf("the offline command was applied: %v", lines)
	}
}
