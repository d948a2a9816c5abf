package client

import (
	"context"
	"crypto/tls"
	"errors"
	"slices"
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

// The host's life cycle as a joined tablet sees it (issue 22): a host that
// pauses (Stop hosting: Bye "host-closing") and resumes, a host that
// vanished, the host's tablet serving another game on the same address,
// and a device posing as the host.

// otherHost serves game (with its own identity) at host:1 of f's network,
// the fixture's host stopped first; stop closes it.
func otherHost(t *testing.T, f *fixture, game console.Game, id *secure.Identity) (stop func()) {
	t.Helper()
	f.stop()
	ln, err := f.nw.Listen("host:1")
	if err != nil {
		t.Fatal(err)
	}
	h := host.New(host.Config{Game: game, Identity: id, PIN: "1111", App: "0.1.0", Device: "table"})
	served := make(chan error, 1)
	go func() { served <- h.Serve(ln) }()
	stopped := false
	stop = func() {
		if !stopped {
			stopped = true
			h.Close()
			<-served
		}
	}
	t.Cleanup(stop)
	return stop
}

// otherGame is a score pad titled title, with its own key.
func otherGame(t *testing.T, title string) (console.Game, *secure.Identity) {
	t.Helper()
	sess, err := console.Create(scorepad.New(), console.Setup{System: scorepad.ID, Title: title,
		Seats: []console.Seat{"ana", "ben"}}, console.Options{Store: console.NewMemStore()})
	if err != nil {
		t.Fatal(err)
	}
	id, err := secure.NewIdentity(title)
	if err != nil {
		t.Fatal(err)
	}
	return console.NewLocal(sess), id
}

// waitWhy waits until c's link is in state with why.
func waitWhy(t *testing.T, c *Client, state LinkState, why LinkWhy) Link {
	t.Helper()
	deadline := time.Now().Add(wait)
	for {
		l := c.Link()
		if l.State == state && l.Why == why {
			return l
		}
		if time.Now().After(deadline) {
			t.Fatalf("link %+v (why %v), want state %d why %v", l, l.Why, state, why)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// linkLog records every Link a client reports.
type linkLog struct {
	ch chan Link
}

func watch(c *Client) *linkLog {
	l := &linkLog{ch: make(chan Link, 10000)}
	c.OnLink(func(lk Link) {
		select {
		case l.ch <- lk:
		default:
		}
	})
	return l
}

// until reads the log until a Link with state and why past attempt min,
// failing on any Link for which bad is true meanwhile.
func (l *linkLog) until(t *testing.T, state LinkState, why LinkWhy, minAttempt int, bad func(Link) bool) Link {
	t.Helper()
	timeout := time.After(wait)
	for {
		select {
		case lk := <-l.ch:
			if bad != nil && bad(lk) {
				t.Fatalf("link %+v (why %v)", lk, lk.Why)
			}
			if lk.State == state && lk.Why == why && lk.Attempt >= minAttempt {
				return lk
			}
		case <-timeout:
			t.Fatalf("no link in state %d why %v at attempt %d or later", state, why, minAttempt)
		}
	}
}

// TestHostPausesAndResumes: the host stops hosting (Bye "host-closing");
// the guest's link is paused, through the refused reconnections that
// follow, with a banner in the player's words; a command is not sent and
// says why; once the game is hosted again the guest is back in its seat by
// itself, with its token.
func TestHostPausesAndResumes(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t)
	cfg := f.config("seatA", "ana")
	cfg.OfflineWait = 20 * time.Millisecond
	var records []Record
	cfg.OnRecord = func(r Record) { records = append(records, r) }
	ana, err := Join(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ana.Close()
	token := ana.Record().Token
	log := watch(ana)

	f.stop()
	notPaused := func(l Link) bool { return l.State != LinkReconnecting || l.Why != WhyPaused }
	first := log.until(t, LinkReconnecting, WhyPaused, 1, nil)
	if !hostClosing(first.Err) || first.Title != "Fight" {
		t.Errorf("paused link %+v", first)
	}
	// The refused reconnections that follow keep it paused.
	l := log.until(t, LinkReconnecting, WhyPaused, 4, notPaused)
	if !errors.As(l.Err, new(*UnreachableError)) {
		t.Errorf("attempt %d failed with %v, want an unreachable host", l.Attempt, l.Err)
	}
	if b := l.Banner(); b != "The host has paused the game. This tablet comes back by itself when the host resumes hosting." {
		t.Errorf("banner %q", b)
	}
	if !l.Since.Equal(first.Since) {
		t.Errorf("since %v, then %v: want the time it dropped", first.Since, l.Since)
	}
	_, err = ana.Do("ana", console.Command{ID: "paused", Name: landsofruin.CmdChooseSide, Args: map[string]any{"side": "south"}})
	var off *OfflineError
	if !errors.Is(err, ErrOffline) || !errors.As(err, &off) || !strings.Contains(off.ForPlayer(), "the host has paused the game") {
		t.Fatalf("Do while paused: %v", err)
	}

	f.start()
	log.until(t, LinkUp, WhyNone, 0, func(l Link) bool { return l.State == LinkClosed })
	if got := ana.Record().Token; got != token || ana.Seat() != "ana" {
		t.Errorf("back with token %q seat %s, want %q ana", got, ana.Seat(), token)
	}
	if len(records) != 1 {
		t.Errorf("%d records, want the first join's only (the same token)", len(records))
	}
	if _, err := ana.Do("ana", console.Command{Name: landsofruin.CmdChooseSide, Args: map[string]any{"side": "south"}}); err != nil {
		t.Fatalf("a command after the host resumed: %v", err)
	}
	f.converge(ana)
}

// TestHostVanishes: a host gone without a Bye (its app killed) is a host
// whose tablet cannot be reached, not a paused game; the client keeps
// trying and is back when it is.
func TestHostVanishes(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t)
	ana := f.join("seatA", "ana")
	log := watch(ana)
	f.nw.Down("host")
	log.until(t, LinkReconnecting, WhyDropped, 1, nil)
	l := log.until(t, LinkReconnecting, WhyUnreachable, 3, func(l Link) bool { return l.Why == WhyPaused || l.State == LinkClosed })
	if b := l.Banner(); !strings.Contains(b, "cannot be reached") || !strings.Contains(b, "Reconnecting to the host") {
		t.Errorf("banner %q", b)
	}
	var un *UnreachableError
	if !errors.As(l.Err, &un) || !strings.Contains(un.ForPlayer(), "cannot be reached") {
		t.Errorf("err %v", l.Err)
	}
	f.nw.Up("host")
	waitLink(t, ana, LinkUp)
	f.converge(ana)
}

// TestAnotherGameOnTheAddress: the host's tablet hosts another game (its
// own key) on the same address: the guest says so and keeps trying (not a
// device posing as the host, not the end of the link); when the first game
// is hosted there again, the guest is back in it by itself.
func TestAnotherGameOnTheAddress(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t)
	ana := f.join("seatA", "ana")
	log := watch(ana)
	game, id := otherGame(t, "Pad B")
	stopB := otherHost(t, f, game, id)
	log.until(t, LinkReconnecting, WhyPaused, 1, nil)
	l := log.until(t, LinkReconnecting, WhyOtherGame, 1, func(l Link) bool { return l.State == LinkClosed })
	if l.Other != "Pad B" || l.Title != "Fight" {
		t.Errorf("link %+v", l)
	}
	var og *OtherGameError
	if !errors.As(l.Err, &og) || !errors.Is(l.Err, ErrOtherGame) || errors.Is(l.Err, discovery.ErrFingerprintMismatch) ||
		og.Game != game.Info().ID || og.Want != f.game.Info().ID {
		t.Errorf("err %#v", l.Err)
	}
	want := "The host's tablet now hosts another game (“Pad B”). This tablet comes back by itself when “Fight” is hosted again."
	if b := l.Banner(); b != want {
		t.Errorf("banner %q\nwant   %q", b, want)
	}
	// It stays so, trying again.
	log.until(t, LinkReconnecting, WhyOtherGame, l.Attempt+2, func(l Link) bool { return l.State == LinkClosed })
	if _, err := ana.Do("ana", console.Command{Name: landsofruin.CmdEndPhase}); !errors.Is(err, ErrOffline) ||
		!strings.Contains(playerText(err), "another game (“Pad B”)") {
		t.Errorf("Do meanwhile: %v (%s)", err, playerText(err))
	}

	stopB()
	f.start()
	log.until(t, LinkUp, WhyNone, 0, func(l Link) bool { return l.State == LinkClosed })
	if _, err := ana.Do("ana", console.Command{Name: landsofruin.CmdChooseSide, Args: map[string]any{"side": "south"}}); err != nil {
		t.Fatalf("a command back in the game: %v", err)
	}
	f.converge(ana)
}

// TestImpostor: a device at the host's address with another key that
// serves the same game is a device posing as the host: the link ends for
// good, and says so.
func TestImpostor(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixture(t)
	ana := f.join("seatA", "ana")
	fake, err := secure.NewIdentity("Fight")
	if err != nil {
		t.Fatal(err)
	}
	otherHost(t, f, f.game, fake)
	l := waitWhy(t, ana, LinkClosed, WhyImpostor)
	var km *KeyMismatchError
	if !errors.As(l.Err, &km) || !errors.Is(l.Err, discovery.ErrFingerprintMismatch) ||
		km.Want != f.id.Fingerprint() || km.Got != fake.Fingerprint() {
		t.Fatalf("err %#v", l.Err)
	}
	if b := l.Banner(); !strings.Contains(b, "posing as the host") || !strings.Contains(b, fake.Fingerprint().String()) {
		t.Errorf("banner %q", b)
	}
	if _, err := ana.Do("ana", console.Command{Name: landsofruin.CmdEndPhase}); !errors.Is(err, ErrClosed) {
		t.Errorf("Do after the end: %v", err)
	}
}

// fakeHost is a host at host:1 with identity id whose Hello names game
// and title (an older build's names none); it answers the Hello only and
// records the kinds of everything a client sends after it.
type fakeHost struct {
	mu    sync.Mutex
	sent  []wire.Kind
	conns int
}

// accepted is the number of connections the fake host accepted.
func (h *fakeHost) accepted() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.conns
}

func (h *fakeHost) kinds() []wire.Kind {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.sent)
}

func serveFake(t *testing.T, f *fixture, id *secure.Identity, game, title string) *fakeHost {
	t.Helper()
	f.stop()
	return serveFakeAt(t, f, "host:1", id, game, title)
}

// serveFakeAt is serveFake at addr, the fixture's host left alone.
func serveFakeAt(t *testing.T, f *fixture, addr string, id *secure.Identity, game, title string) *fakeHost {
	t.Helper()
	ln, err := f.nw.Listen(addr)
	if err != nil {
		t.Fatal(err)
	}
	h := &fakeHost{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			nc, err := ln.Accept()
			if err != nil {
				return
			}
			h.mu.Lock()
			h.conns++
			h.mu.Unlock()
			tc := tls.Server(nc, secure.ServerConfig(id))
			tc.SetDeadline(time.Now().Add(wait))
			if tc.Handshake() == nil {
				hello := wire.NewHello(wire.RoleHost, "0.1.0", "table")
				hello.Game, hello.Title = game, title
				r := wire.NewReader(tc, 0)
				if _, _, err := wire.ServerHello(r, wire.NewWriter(tc, 0), hello); err == nil {
					for {
						m, err := r.Read()
						if err != nil {
							break
						}
						h.mu.Lock()
						h.sent = append(h.sent, m.Kind())
						h.mu.Unlock()
					}
				}
			}
			tc.Close()
		}
	}()
	t.Cleanup(func() { ln.Close(); <-done })
	return h
}

// TestFirstJoinTellsAnotherGame: a first join (Join, Lookup) with a
// fingerprint that is not the key of the device at the address: another
// game served there is ErrOtherGame, naming it, when the client knows the
// game it wants (not from a join code, which names none); the same game, or a host
// that names no game (an older build), is a key mismatch. Either way the
// client sends that device nothing after its Hello but a Bye: no Join, so
// no PIN and no token.
func TestFirstJoinTellsAnotherGame(t *testing.T) {
	linktest.NoLeaks(t)
	tests := []struct {
		name        string
		game, title string // what the device's Hello names
		ours        bool   // the config names our game (else: a join code)
		otherGame   string // the title ErrOtherGame names; "" wants a key mismatch
	}{
		{"another game, ours named", "g-other", "Pad B", true, "Pad B"},
		// A join code names no game: the client cannot tell another game
		// from a device posing as the host, so it warns.
		{"another game, none named (a join code)", "g-other", "Pad B", false, ""},
		{"the same game with another key", "", "Fight", true, ""},
		{"a host that names no game", "", "", true, ""},
	}
	for _, tt := range tests {
		for _, lookup := range []bool{false, true} {
			name := tt.name
			if lookup {
				name += ", lookup"
			}
			t.Run(name, func(t *testing.T) {
				f := newFixture(t)
				id, err := secure.NewIdentity("fake")
				if err != nil {
					t.Fatal(err)
				}
				game := tt.game
				if tt.title == "Fight" {
					game = f.game.Info().ID
				}
				fake := serveFake(t, f, id, game, tt.title)
				cfg := f.config("guest", "ana")
				if tt.ours {
					cfg.Game = f.game.Info().ID
				}
				if lookup {
					_, _, err = Lookup(context.Background(), cfg)
				} else {
					var c *Client
					c, err = Join(context.Background(), cfg)
					if err == nil {
						c.Close()
					}
				}
				var og *OtherGameError
				var km *KeyMismatchError
				switch {
				case err == nil:
					t.Fatal("joined")
				case tt.otherGame != "":
					if !errors.Is(err, ErrOtherGame) || !errors.As(err, &og) || og.Title != tt.otherGame ||
						errors.Is(err, discovery.ErrFingerprintMismatch) {
						t.Fatalf("err %v, want ErrOtherGame naming %q", err, tt.otherGame)
					}
					if want := "That tablet now hosts another game (“" + tt.otherGame + "”)."; og.ForPlayer() != want {
						t.Errorf("ForPlayer %q, want %q", og.ForPlayer(), want)
					}
				default:
					if !errors.As(err, &km) || !errors.Is(err, discovery.ErrFingerprintMismatch) || errors.Is(err, ErrOtherGame) ||
						km.Got != id.Fingerprint() || !strings.Contains(km.ForPlayer(), "posing as the host") {
						t.Fatalf("err %v, want a key mismatch", err)
					}
				}
				deadline := time.Now().Add(wait)
				for len(fake.kinds()) == 0 && time.Now().Before(deadline) {
					time.Sleep(2 * time.Millisecond)
				}
				if got := fake.kinds(); !slices.Equal(got, []wire.Kind{wire.KindBye}) {
					t.Errorf("the client sent %v after its Hello, want a Bye only", got)
				}
			})
		}
	}
}

// TestBackoffCap: the default cap on the wait between reconnections keeps
// a paused guest back within seconds of the host resuming.
func TestBackoffCap(t *testing.T) {
	if DefaultMaxBackoff > 5*time.Second || DefaultMinBackoff > DefaultMaxBackoff {
		t.Fatalf("backoff %v to %v: want a cap of 5 s at most", DefaultMinBackoff, DefaultMaxBackoff)
	}
	var cfg Config
	cfg.defaults()
	if cfg.MaxBackoff != DefaultMaxBackoff {
		t.Fatalf("MaxBackoff defaults to %v", cfg.MaxBackoff)
	}
}

// TestForPlayer: every error a player can meet has its sentence, and
// Error keeps the details for the log.
func TestForPlayer(t *testing.T) {
	paused := Link{State: LinkReconnecting, Why: WhyPaused, Attempt: 3, Title: "Fight"}
	tests := []struct {
		err      error
		is       error
		player   string
		errorHas string
	}{
		{&OfflineError{Command: "c1", Link: paused}, ErrOffline,
			"Not sent: the host has paused the game. Try again when the host resumes hosting.", "command c1 was not sent"},
		{&OfflineError{Command: "c2", Link: Link{State: LinkReconnecting, Why: WhyUnreachable, Attempt: 2}}, ErrOffline,
			"Not sent: this tablet is not connected to the host just now (its tablet cannot be reached). Try again when the link is back.", "cannot be reached"},
		{&OfflineError{Command: "c3", Link: Link{State: LinkReconnecting, Why: WhyOtherGame, Title: "Fight", Other: "Pad"}}, ErrOffline,
			"Not sent: the host's tablet now hosts another game (“Pad”). Try again when “Fight” is hosted again.", "not connected to the host"},
		{&OfflineError{Command: "c4", Link: Link{State: LinkReconnecting, Why: WhyDropped}}, ErrOffline,
			"Not sent: this tablet is not connected to the host just now (reconnecting…). Try again when the link is back.", "Reconnecting"},
		{&OtherGameError{Addr: "h:1", Game: "g2", Title: "Pad", Want: "g1"}, ErrOtherGame,
			"That tablet now hosts another game (“Pad”).", `"Pad", id g2`},
		{&UnreachableError{Addr: "h:1", Err: errors.New("connection refused")}, nil,
			"The host's tablet cannot be reached: is it still hosting, and on the same Wi-Fi as this tablet?", "connection refused"},
		{byeError{wire.Bye{Code: wire.ByeHostClosing, Message: "the host stopped the game"}}, nil,
			"The host has paused the game. This tablet comes back by itself when the host resumes hosting.", "stopped"},
		{ErrClosed, ErrClosed, "This tablet is no longer connected to that game: join it again from the home screen.", "closed"},
		{errors.Join(errors.New("command c9"), ErrNoAnswer), ErrNoAnswer, "The host did not answer in time", "did not answer"},
		{ErrUndoLost, ErrUndoLost, "The link to the host dropped during the undo", "undo"},
	}
	for _, tt := range tests {
		if tt.is != nil && !errors.Is(tt.err, tt.is) {
			t.Errorf("%v: not %v", tt.err, tt.is)
		}
		var p interface{ ForPlayer() string }
		if !errors.As(tt.err, &p) || !strings.HasPrefix(p.ForPlayer(), tt.player) {
			t.Errorf("%v: ForPlayer %q, want %q", tt.err, playerText(tt.err), tt.player)
		}
		if !strings.Contains(tt.err.Error(), tt.errorHas) {
			t.Errorf("Error() %q lacks %q", tt.err.Error(), tt.errorHas)
		}
	}
}
