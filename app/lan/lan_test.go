package lan_test

import (
	"context"
	"net/netip"
	"strings"
	"testing"

	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/lan"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/scorepad"
	"github.com/commandconsole/commandconsole/sync/client"
	"github.com/commandconsole/commandconsole/sync/discovery"
)

// TestHostPanel: hosting a game from its screen shows the PIN in large
// type, the join code and address, the fingerprint, and every seat with
// who holds it; the tablet keeps the seat it picked (held on its own host,
// so the game is announced with the other seat open).
func TestHostPanel(t *testing.T) {
	n := newLanNet(t)
	host := n.newTablet(t, "host", console.NewMemStore(), apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Friday pad", nil, "alice", "bob")
	n.hostGame(t, host, sess, "alice")

	h := host.svc.Hosted()
	if h == nil {
		t.Fatal("nothing hosted")
	}
	n.q.pump(t, "alice held by this tablet", func() bool { return host.shows("this tablet") })
	pin := string(h.PIN())
	for _, want := range []string{
		"Friday pad", "Join code: " + h.JoinCodes()[0], "Address: 10.0.0.1:47100",
		h.Fingerprint().String(), "alice", "bob", "open: waiting for a player",
	} {
		if !host.shows(want) {
			t.Errorf("host panel does not show %q:\n%s", want, host.texts())
		}
	}
	var pinShown bool
	for _, o := range apptest.Objects(host.w) {
		if ct, ok := o.(*canvas.Text); ok && ct.Text == strings.Join(strings.Split(pin, ""), " ") && ct.TextSize >= 64 {
			pinShown = true
		}
	}
	if !pinShown {
		t.Errorf("the PIN %s is not shown in large type", pin)
	}
	// The announcement: one of two seats open (alice is this tablet's).
	list := browseOnce(t, n.mem)
	if len(list) != 1 || list[0].Game.Open != 1 || list[0].Game.Seats != 2 || list[0].Game.Title != "Friday pad" {
		t.Fatalf("announced %+v, want Friday pad with 1 of 2 seats open", list)
	}
	// Back to the game: the tablet plays alice only, and the bar offers
	// the panel again.
	apptest.TapButton(t, host.w, "Back")
	if env := host.u.Game().Env(); !env.Fixed() || env.Seat() != "alice" {
		t.Fatalf("after hosting the tablet plays %q (fixed %v), want alice only", env.Seat(), env.Fixed())
	}
	// The battle report and back is not leaving the game.
	host.u.Game().Env().ShowReport()
	apptest.TapButton(t, host.w, "Back to game")
	if host.svc.Hosted() == nil {
		t.Fatal("hosting stopped when the battle report was shown")
	}
	apptest.TapButton(t, host.w, "Hosting \u00b7 PIN "+pin)
	if _, ok := host.u.Current().(*lan.HostPanel); !ok {
		t.Fatalf("the host action shows %T, not the panel", host.u.Current())
	}
	// Stop hosting: the announcement goes; the tablet stays alice's (the
	// game is bound to the seat it kept) and offers to resume hosting.
	apptest.TapButton(t, host.w, "Stop hosting")
	apptest.TapButton(t, host.w, "Stop hosting")
	if host.svc.Hosted() != nil {
		t.Fatal("still hosting after Stop hosting")
	}
	if env := host.u.Game().Env(); !env.Fixed() || env.Seat() != "alice" {
		t.Fatalf("after hosting stopped the tablet plays %q (fixed %v), want alice only", env.Seat(), env.Fixed())
	}
	n.q.pump(t, "the announcement to go", func() bool { return len(browseOnce(t, n.mem)) == 0 })
	apptest.WantText(t, host.w, "Friday pad")
	apptest.WantText(t, host.w, "Paused: the other tablets wait")
	// Resume hosting: one tap, no seat asked, the same key.
	fp := list[0].Game.Fingerprint
	apptest.TapButton(t, host.w, "Resume hosting")
	n.q.pump(t, "hosting again", func() bool { return host.svc.Hosted() != nil })
	if got := host.svc.Hosted().Fingerprint(); got != fp {
		t.Fatalf("resumed hosting with key %s, want the same key %s", got, fp)
	}
	apptest.TapButton(t, host.w, "Back")
	if env := host.u.Game().Env(); !env.Fixed() || env.Seat() != "alice" {
		t.Fatalf("after resuming the tablet plays %q (fixed %v), want alice only", env.Seat(), env.Fixed())
	}
}

// TestJoinPlayAndLeave: a second tablet finds the hosted game in its
// nearby list, enters the PIN, picks the open seat and plays it: a tap on
// its screen changes the host's game. Leaving it says goodbye, and the
// game is on Continue to rejoin without the PIN.
func TestJoinPlayAndLeave(t *testing.T) {
	n := newLanNet(t)
	host := n.newTablet(t, "host", console.NewMemStore(), apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Friday pad", nil, "alice", "bob")
	n.hostGame(t, host, sess, "alice")
	pin := string(host.svc.Hosted().PIN())

	guest := n.newTablet(t, "guest", nil, apptest.LandscapeSize)
	p := joinPage(t, guest)
	n.q.pump(t, "the hosted game in the nearby list", func() bool { return len(p.Tiles) == 1 })
	if got := p.Tiles[0].Detail; !strings.Contains(got, "1 of 2 seats open") || !strings.Contains(got, "Host's tablet") {
		t.Errorf("nearby tile says %q", got)
	}
	p.Tiles[0].Tapped(nil)
	apptest.WantText(t, guest.w, "Enter the PIN")
	typePIN(p, pin)
	n.q.pump(t, "the seat picker", func() bool { return len(apptest.Buttons(guest.w, "Watch (spectator)")) > 0 })
	// alice is this host's own seat: taken, not offered.
	apptest.WantDisabled(t, guest.w, "alice \u2014 taken by Host's tablet")
	apptest.TapButton(t, guest.w, "bob \u2014 open")
	n.q.pump(t, "the joined game", func() bool { return guest.u.Game() != nil })
	c := guest.svc.Joined()
	if c == nil || c.Seat() != "bob" {
		t.Fatalf("joined %v", c)
	}
	if env := guest.u.Game().Env(); !env.Fixed() || env.Seat() != "bob" {
		t.Fatalf("joined tablet plays %q fixed %v", env.Seat(), env.Fixed())
	}
	// The host's panel shows bob connected.
	n.q.pump(t, "bob on the host panel", func() bool { return host.shows("Guest's tablet, connected") })

	// A tap on the joined tablet changes the host's game.
	guest.u.Game().Locked(func() {})
	apptest.TapButton(t, guest.w, "+5")
	if got := total(t, sess); got != 5 {
		t.Fatalf("host's game after the tap: alice has %d, want 5", got)
	}

	// Leaving: home, the client closes; the host sees bob away.
	guest.u.Home()
	n.q.pump(t, "bob away on the host", func() bool { return host.shows("Guest's tablet, away") })
	if guest.svc.Joined() != nil {
		t.Fatal("the joined game is still open after home")
	}
	// Continue lists it; Rejoin takes the seat back with its token.
	apptest.TapButton(t, guest.w, "Rejoin")
	n.q.pump(t, "the rejoined game", func() bool { return guest.u.Game() != nil })
	if c := guest.svc.Joined(); c == nil || c.Seat() != "bob" {
		t.Fatalf("rejoined %v", c)
	}
	n.q.pump(t, "bob back on the host", func() bool { return host.shows("Guest's tablet, connected") })

	// Leaving the hosted game asks first (the guests will wait), then
	// pauses hosting; nothing of it is lost.
	host.u.Home()
	if host.svc.Hosted() == nil {
		t.Fatal("hosting stopped before the host confirmed leaving")
	}
	apptest.WantText(t, host.w, "Leave and pause the game?")
	apptest.TapButton(t, host.w, "Leave")
	if host.svc.Hosted() != nil {
		t.Fatal("still hosting after leaving the game")
	}
	n.q.pump(t, "the guest to see the pause", func() bool { return guest.shows("paused") })
	// A tap meanwhile is not sent, and says why in the player's words.
	apptest.TapButton(t, guest.w, "+5")
	n.q.pump(t, "the answer to a tap while paused", func() bool { return guest.shows("Not sent: the host has paused the game") })
	if guest.shows("Something went wrong") {
		t.Errorf("a tap while the host paused is shown as an internal error:\n%s", guest.texts())
	}
	n.q.pump(t, "the announcement to go", func() bool { return len(browseOnce(t, n.mem)) == 0 })
	if got := total(t, sess); got != 5 {
		t.Fatalf("host's game after hosting stopped: alice has %d, want 5", got)
	}
}

// TestWrongPIN: a wrong PIN is refused with a clear message, the pad is
// cleared, and after three the pad waits.
func TestWrongPIN(t *testing.T) {
	n := newLanNet(t)
	host := n.newTablet(t, "host", console.NewMemStore(), apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Friday pad", nil, "alice", "bob")
	n.hostGame(t, host, sess, "alice")
	wrong := "0000"
	if string(host.svc.Hosted().PIN()) == wrong {
		wrong = "1111"
	}
	guest := n.newTablet(t, "guest", console.NewMemStore(), apptest.LandscapeSize)
	p := joinPage(t, guest)
	n.q.pump(t, "the nearby game", func() bool { return len(p.Tiles) == 1 })
	p.Tiles[0].Tapped(nil)
	typePIN(p, wrong)
	n.q.pump(t, "the wrong PIN message", func() bool { return strings.Contains(p.Message.Text, "Wrong PIN") })
	if !strings.Contains(p.Message.Text, "check the four digits on the host's screen") {
		t.Errorf("message %q", p.Message.Text)
	}
	if p.PIN() != "" {
		t.Errorf("the PIN pad still holds %q after a wrong PIN", p.PIN())
	}
	for i := 0; i < 3; i++ {
		p.Message.SetText("")
		typePIN(p, wrong)
		n.q.pump(t, "a refusal", func() bool { return p.Message.Text != "" && !strings.Contains(p.Message.Text, "Checking") })
	}
	if !strings.Contains(p.Message.Text, "Too many wrong PINs: wait") {
		t.Errorf("after four wrong PINs: %q", p.Message.Text)
	}
	apptest.WantDisabled(t, guest.w, "5")
}

// TestLinkBanner: a joined tablet whose link is cut shows "Reconnecting to
// the host…" above the game, and the banner goes once it is back.
func TestLinkBanner(t *testing.T) {
	n := newLanNet(t)
	host := n.newTablet(t, "host", console.NewMemStore(), apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Friday pad", nil, "alice", "bob")
	n.hostGame(t, host, sess, "alice")
	pin := string(host.svc.Hosted().PIN())
	guest := n.newTablet(t, "guest", console.NewMemStore(), apptest.LandscapeSize)
	joinAs(t, n, guest, pin, "bob \u2014 open")

	n.nw.Down("guest")
	n.q.pump(t, "the reconnecting banner", func() bool { return guest.shows("Reconnecting to the host") })
	n.nw.Up("guest")
	n.q.pump(t, "the banner to go", func() bool { return !guest.shows("Reconnecting") })
	// Still playing.
	apptest.TapButton(t, guest.w, "+1")
	if total(t, sess) != 1 {
		t.Fatalf("command after reconnect not applied")
	}
}

// TestSpectatorIsRefused: a spectator's screen works; its commands are
// refused by the host with a clear message.
func TestSpectatorIsRefused(t *testing.T) {
	n := newLanNet(t)
	host := n.newTablet(t, "host", console.NewMemStore(), apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Friday pad", nil, "alice", "bob")
	n.hostGame(t, host, sess, "alice")
	pin := string(host.svc.Hosted().PIN())
	guest := n.newTablet(t, "guest", console.NewMemStore(), apptest.LandscapeSize)
	joinAs(t, n, guest, pin, "Watch (spectator)")
	if c := guest.svc.Joined(); c.Seat() != console.Public {
		t.Fatalf("joined as %q", c.Seat())
	}
	apptest.TapButton(t, guest.w, "+5")
	n.q.pump(t, "the refusal", func() bool { return guest.shows("a spectator cannot give commands") })
	if total(t, sess) != 0 {
		t.Fatal("a spectator's command was applied")
	}
}

// TestTypedAddressAndCode: a typed address shows the host key's
// fingerprint to compare before the PIN; a join code (which carries the
// fingerprint) goes straight to the PIN; a typo is explained.
func TestTypedAddressAndCode(t *testing.T) {
	n := newLanNet(t)
	host := n.newTablet(t, "host", console.NewMemStore(), apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Friday pad", nil, "alice", "bob")
	n.hostGame(t, host, sess, "alice")
	h := host.svc.Hosted()
	guest := n.newTablet(t, "guest", console.NewMemStore(), apptest.LandscapeSize)
	p := joinPage(t, guest)

	test.Type(p.Typed, "not an address!")
	apptest.TapButton(t, guest.w, "Connect")
	if !strings.Contains(p.Message.Text, "not a join code or an address") {
		t.Errorf("typo: %q", p.Message.Text)
	}

	p.Typed.SetText("10.0.0.1:47100")
	apptest.TapButton(t, guest.w, "Connect")
	n.q.pump(t, "the fingerprint", func() bool { return guest.shows(h.Fingerprint().String()) })
	apptest.WantText(t, guest.w, "Compare it with the key fingerprint on the host's screen")
	apptest.TapButton(t, guest.w, "It is the same: go on")
	apptest.WantText(t, guest.w, "Enter the PIN")
	apptest.TapButton(t, guest.w, "Back")

	// Nothing listens there: unreachable.
	p = guest.u.Current().(*lan.JoinPage)
	p.Typed.SetText("10.0.0.9:47100")
	apptest.TapButton(t, guest.w, "Connect")
	n.q.pump(t, "unreachable", func() bool { return strings.Contains(p.Message.Text, "cannot be reached") })

	p.Typed.SetText(h.JoinCodes()[0])
	apptest.TapButton(t, guest.w, "Connect")
	apptest.WantText(t, guest.w, "Enter the PIN")
	typePIN(p, string(h.PIN()))
	n.q.pump(t, "the seat picker", func() bool { return len(apptest.Buttons(guest.w, "Watch (spectator)")) > 0 })
}

// TestFingerprintMismatch: a join code whose fingerprint is not the host's
// is refused as another device posing as the host.
func TestFingerprintMismatch(t *testing.T) {
	n := newLanNet(t)
	host := n.newTablet(t, "host", console.NewMemStore(), apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Friday pad", nil, "alice", "bob")
	n.hostGame(t, host, sess, "alice")
	h := host.svc.Hosted()
	fp := h.Fingerprint()
	fp[0] ^= 0xff
	code, err := discovery.JoinCode{Addr: mustAddrPort(t, h.Addresses()[0]), Fingerprint: fp}.Encode()
	if err != nil {
		t.Fatal(err)
	}
	guest := n.newTablet(t, "guest", console.NewMemStore(), apptest.LandscapeSize)
	p := joinPage(t, guest)
	p.Typed.SetText(code)
	apptest.TapButton(t, guest.w, "Connect")
	typePIN(p, string(h.PIN()))
	n.q.pump(t, "the mismatch", func() bool { return strings.Contains(p.Message.Text, "fingerprint differs") })
}

// joinAs joins the game hosted on the test network from guest's join
// page, tapping the seat button labelled seat.
func joinAs(t *testing.T, n *lanNet, guest *tablet, pin, seat string) {
	t.Helper()
	p := joinPage(t, guest)
	n.q.pump(t, "the nearby game", func() bool { return len(p.Tiles) == 1 })
	p.Tiles[0].Tapped(nil)
	typePIN(p, pin)
	n.q.pump(t, "the seat picker", func() bool { return len(apptest.Buttons(guest.w, "Watch (spectator)")) > 0 })
	apptest.TapButton(t, guest.w, seat)
	n.q.pump(t, "the joined game", func() bool { return guest.u.Game() != nil })
}

// browseOnce is the nearby list now.
func browseOnce(t *testing.T, m *discovery.Memory) []discovery.Entry {
	t.Helper()
	c, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch, err := m.Browse(c)
	if err != nil {
		t.Fatal(err)
	}
	return <-ch
}

func mustAddrPort(t *testing.T, s string) netip.AddrPort {
	t.Helper()
	a, err := netip.ParseAddrPort(s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// total is alice's total in the host's game.
func total(t *testing.T, sess *console.Session) int {
	t.Helper()
	v, err := sess.View(console.Public)
	if err != nil {
		t.Fatal(err)
	}
	return v.(scorepad.View).Players[0].Total
}

// TestQuitStopsHosting: when the app stops, hosting and the joined
// tablet's link end before Stop returns.
func TestQuitStopsHosting(t *testing.T) {
	n := newLanNet(t)
	host := n.newTablet(t, "host", console.NewMemStore(), apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Friday pad", nil, "alice", "bob")
	n.hostGame(t, host, sess, "alice")
	pin := string(host.svc.Hosted().PIN())
	guest := n.newTablet(t, "guest", console.NewMemStore(), apptest.LandscapeSize)
	joinAs(t, n, guest, pin, "bob \u2014 open")
	c := guest.svc.Joined()
	guest.u.Stop()
	if l := c.Link(); l.State != client.LinkClosed {
		t.Errorf("the joined link is %v after the app stopped", l.State)
	}
	h := host.svc.Hosted()
	host.u.Stop()
	if host.svc.Hosted() != nil || len(browseOnce(t, n.mem)) != 0 {
		t.Error("still hosting after the app stopped")
	}
	if _, err := n.nw.Node("late").DialContext(ctx(t), "tcp", h.Addresses()[0]); err == nil {
		t.Error("the host still listens after the app stopped")
	}
}

// TestPINFromKeyboard: the PIN pad takes digits typed on a keyboard.
func TestPINFromKeyboard(t *testing.T) {
	n := newLanNet(t)
	host := n.newTablet(t, "host", console.NewMemStore(), apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Friday pad", nil, "alice", "bob")
	n.hostGame(t, host, sess, "alice")
	guest := n.newTablet(t, "guest", console.NewMemStore(), apptest.LandscapeSize)
	p := joinPage(t, guest)
	n.q.pump(t, "the nearby game", func() bool { return len(p.Tiles) == 1 })
	p.Tiles[0].Tapped(nil)
	test.TypeOnCanvas(guest.w.Canvas(), "12")
	if p.PIN() != "12" {
		t.Fatalf("typed 12, the pad holds %q", p.PIN())
	}
	apptest.TapButton(t, guest.w, "Back")
	if guest.w.Canvas().OnTypedRune() != nil {
		t.Fatal("the keyboard still types into the PIN pad after leaving it")
	}
}

// TestRehostKeepsPlayers: a game hosted again after Stop hosting has the
// same key (kept with the game in the store), and a joined tablet, which
// kept trying, is back in its seat by itself, without the PIN.
func TestRehostKeepsPlayers(t *testing.T) {
	n := newLanNet(t)
	host := n.newTablet(t, "host", nil, apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Friday pad", nil, "alice", "bob")
	n.hostGame(t, host, sess, "alice")
	fp := host.svc.Hosted().Fingerprint()
	guest := n.newTablet(t, "guest", nil, apptest.LandscapeSize)
	joinAs(t, n, guest, string(host.svc.Hosted().PIN()), "bob \u2014 open")

	apptest.TapButton(t, host.w, "Stop hosting")
	apptest.TapButton(t, host.w, "Stop hosting")
	n.q.pump(t, "the paused banner", func() bool {
		return guest.shows("The host has paused the game. This tablet comes back by itself")
	})
	if guest.shows("Reconnecting") {
		t.Errorf("a paused game's guest shows a reconnect:\n%s", guest.texts())
	}

	// One tap: the tablet keeps alice's seat, no seat is asked; every
	// other seat is held, so the game stays on screen (the PIN is on
	// request, behind the hosting button).
	apptest.TapButton(t, host.w, "Resume hosting")
	n.q.pump(t, "hosting again", func() bool { return host.svc.Hosted() != nil })
	if _, ok := host.u.Current().(*lan.HostPanel); ok || host.u.Game() == nil {
		t.Fatalf("resuming with every seat held shows %T, not the game", host.u.Current())
	}
	if got := host.svc.Hosted().Fingerprint(); got != fp {
		t.Fatalf("re-hosted with fingerprint %v, want %v", got, fp)
	}
	n.q.pump(t, "the guest back by itself", func() bool { return !guest.shows("paused") })
	n.q.pump(t, "bob connected on the host", func() bool { return host.shows("Guest's tablet, connected") })
	// The PIN on request: the hosting button shows the panel. (While the
	// guest taps, the host shows the panel rather than the game: the test
	// driver would redraw the host's game on the session's goroutine, at
	// the same time as the guest's window on this one.)
	apptest.TapButton(t, host.w, "Hosting \u00b7 PIN "+string(host.svc.Hosted().PIN()))
	if _, ok := host.u.Current().(*lan.HostPanel); !ok {
		t.Fatalf("the hosting button shows %T, not the panel", host.u.Current())
	}
	apptest.TapButton(t, guest.w, "+5")
	if total(t, sess) != 5 {
		t.Fatal("the rejoined tablet's command did not reach the host")
	}
}

// TestSeatTakenMeanwhile: a seat taken by another tablet while this one
// was choosing is refused with a clear message, and the seats are listed
// again with it greyed.
func TestSeatTakenMeanwhile(t *testing.T) {
	n := newLanNet(t)
	host := n.newTablet(t, "host", console.NewMemStore(), apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Friday pad", nil, "alice", "bob", "carol")
	n.hostGame(t, host, sess, "alice")
	pin := string(host.svc.Hosted().PIN())
	slow := n.newTablet(t, "slow", console.NewMemStore(), apptest.LandscapeSize)
	p := joinPage(t, slow)
	n.q.pump(t, "the nearby game", func() bool { return len(p.Tiles) == 1 })
	p.Tiles[0].Tapped(nil)
	typePIN(p, pin)
	n.q.pump(t, "the seat picker", func() bool { return len(apptest.Buttons(slow.w, "Watch (spectator)")) > 0 })

	quick := n.newTablet(t, "quick", console.NewMemStore(), apptest.LandscapeSize)
	joinAs(t, n, quick, pin, "bob \u2014 open")

	apptest.TapButton(t, slow.w, "bob \u2014 open")
	n.q.pump(t, "the refusal", func() bool { return strings.Contains(p.Message.Text, "just been taken") })
	apptest.WantDisabled(t, slow.w, "bob \u2014 taken by Quick's tablet")
	apptest.TapButton(t, slow.w, "carol \u2014 open")
	n.q.pump(t, "the joined game", func() bool { return slow.u.Game() != nil })
}
