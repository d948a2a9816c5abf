package lan_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/lan"
	"github.com/commandconsole/commandconsole/app/lorscreen"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/script"
	"github.com/commandconsole/commandconsole/console/store"
	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/sync/client"
)

// midgame creates the Lands of Ruin mid-game (alice's Action phase of turn
// 2) in st.
func midgame(t *testing.T, st console.Store) *console.Session {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "lorscreen", "testdata", "midgame.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	setup, lines, err := script.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	sess, err := console.Create(landsofruin.New(), *setup, console.Options{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		if l.Undo {
			_, err = sess.Undo(l.Seat)
		} else {
			_, err = sess.Do(l.Seat, l.Command())
		}
		if (err == nil) != (l.Reject == "") {
			t.Fatalf("midgame line %d: %v", l.Number, err)
		}
	}
	return sess
}

// lines are the distinct non-empty lines of a window's texts.
func lines(texts string) map[string]bool {
	out := map[string]bool{}
	for _, l := range strings.Split(texts, "\n") {
		if l = strings.TrimSpace(l); len(l) >= 3 {
			out[l] = true
		}
	}
	return out
}

// TestHostRestartShowsOnlyItsSeat: the host tablet keeps bob's seat of a
// Lands of Ruin game and is killed in the middle of alice's turn (no
// goodbye to the guest: its links are cut). The app started again on the
// same save shows the game, from Continue, as bob only: never alice's
// screen nor a hand-over to her; no line only alice's screen shows is
// ever in the widget tree, on the home screen, the game or the host
// panel. "Resume hosting" is one tap with the same key and seats, and
// alice's tablet comes back by itself.
func TestHostRestartShowsOnlyItsSeat(t *testing.T) {
	n := newLanNet(t)
	db, err := store.Open(filepath.Join(t.TempDir(), "host.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	host := n.newTablet(t, "host", db, apptest.LandscapeSize)
	sess := midgame(t, db)
	host.u.ShowGame(console.NewLocal(sess))
	var hostIt func()
	for _, a := range host.u.Game().Env().Actions() {
		if a.Label == "Host on the network" {
			hostIt = a.Run
		}
	}
	if hostIt == nil {
		t.Fatal("no Host on the network")
	}
	hostIt()
	apptest.TapButton(t, host.w, "bob")
	n.q.pump(t, "the host panel", func() bool { return host.shows("this tablet") })
	pin := string(host.svc.Hosted().PIN())
	fp := host.svc.Hosted().Fingerprint()
	apptest.TapButton(t, host.w, "Back")

	guest := n.newTablet(t, "guest", nil, apptest.LandscapeSize)
	joinAs(t, n, guest, pin, "alice \u2014 open")
	if s := apptest.GameScreen[*lorscreen.Screen](t, guest.u); s.Holder() != "alice" {
		t.Fatalf("the guest plays %q", s.Holder())
	}
	// What only alice's screen shows, in the same state: her secrets and
	// her turn's controls.
	bobs := lines(host.texts())
	aliceOnly := map[string]bool{}
	for l := range lines(guest.texts()) {
		if !bobs[l] {
			aliceOnly[l] = true
		}
	}
	if len(aliceOnly) < 5 {
		t.Fatalf("only %d lines tell alice's screen from bob's: the check would prove nothing", len(aliceOnly))
	}
	check := func(where string, tb *tablet) {
		t.Helper()
		for l := range lines(tb.texts()) {
			if aliceOnly[l] {
				t.Fatalf("%s shows %q, a line of alice's screen only", where, l)
			}
		}
		for _, prefix := range []string{"I am ", "Pass the tablet"} {
			if strings.Contains(apptest.ButtonTexts(tb.w), prefix) {
				t.Fatalf("%s offers %q: %s", where, prefix, apptest.ButtonTexts(tb.w))
			}
		}
	}

	// The host app is killed: its links cut, no goodbye; its listener
	// gone. The interface is dropped without stopping.
	n.nw.Down(hostAddr.String())
	if err := host.svc.Hosted().Close(); err != nil {
		t.Fatal(err)
	}
	n.nw.Up(hostAddr.String())
	n.q.pump(t, "the guest to lose the host", func() bool { return guest.svc.Joined().Link().State != client.LinkUp })
	if l := guest.svc.Joined().Link(); l.Why == client.WhyPaused || l.State == client.LinkClosed {
		t.Fatalf("a killed host's guest reads %v (%s), not a lost link", l.Why, l.Banner())
	}

	// Started again on the same save.
	again := n.newTablet(t, "host", db, apptest.LandscapeSize)
	check("the home screen", again)
	apptest.WantText(t, again.w, "Hosted on this tablet")
	apptest.WantText(t, again.w, "this tablet is bob")
	apptest.FindTile(t, again.w, "Two-player tutorial").Tapped(nil)
	s := apptest.GameScreen[*lorscreen.Screen](t, again.u)
	if _, handing := s.HandingOver(); handing || s.Holder() != "bob" {
		t.Fatalf("after a restart the host shows %q (handing over %v), want bob only", s.Holder(), handing)
	}
	check("the game after a restart", again)

	// Resume hosting: one tap, no seat asked, the same key.
	var resume func()
	for _, a := range again.u.Game().Env().Actions() {
		if a.Label == "Resume hosting" {
			resume = a.Run
		}
	}
	if resume == nil {
		t.Fatalf("the game offers no Resume hosting: %+v", again.u.Game().Env().Actions())
	}
	resume()
	n.q.pump(t, "hosting again", func() bool { return again.svc.Hosted() != nil })
	if got := again.svc.Hosted().Fingerprint(); got != fp {
		t.Fatalf("hosting resumed with key %s, want %s", got, fp)
	}
	n.q.pump(t, "alice back by herself", func() bool {
		c := guest.svc.Joined()
		return c != nil && c.Link().State == client.LinkUp && again.shows("alice: Guest's tablet, connected")
	})
	// Every other seat is held: the game stays on screen, the panel
	// (the PIN) is on request.
	check("the game hosted again", again)
	var panel func()
	for _, a := range again.u.Game().Env().Actions() {
		if strings.HasPrefix(a.Label, "Hosting") {
			panel = a.Run
		}
	}
	if panel == nil {
		t.Fatalf("the hosted game offers no host panel: %+v", again.u.Game().Env().Actions())
	}
	panel()
	if _, ok := again.u.Current().(*lan.HostPanel); !ok {
		t.Fatalf("the hosting action shows %T", again.u.Current())
	}
	check("the host panel", again)
	apptest.TapButton(t, again.w, "Back")
	s = apptest.GameScreen[*lorscreen.Screen](t, again.u)
	if s.Holder() != "bob" {
		t.Fatalf("after resuming the host shows %q", s.Holder())
	}
	check("the game hosted again", again)
	apptest.WantText(t, again.w, "Hosting \u00b7 alice: Guest's tablet, connected")

	// The device's back button leaves, after asking: hosting pauses and
	// the guest says so.
	again.u.Back()
	apptest.TapButton(t, again.w, "Leave")
	n.q.pump(t, "the guest to see the pause", func() bool { return guest.shows("The host has paused the game") })
	check("the home screen after leaving", again)
	apptest.WantText(t, again.w, "paused: the other tablets wait")
	apptest.TapButton(t, again.w, "Resume hosting")
	n.q.pump(t, "alice back after the pause", func() bool {
		c := guest.svc.Joined()
		return c != nil && c.Link().State == client.LinkUp && !guest.shows("paused")
	})
	check("the game after the pause", again)
}
