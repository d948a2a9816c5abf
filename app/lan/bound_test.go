package lan_test

import (
	"encoding/json"
	"errors"
	"net"
	"testing"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/lan"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/sync/hosting"
)

// TestPlayOnOneTablet: a game hosted here stays its seat's on this
// tablet until the player chooses, on its Continue tile and after a
// confirmation, to play it on one tablet again: then it opens for every
// seat, and hosting it again asks for the seat again.
func TestPlayOnOneTablet(t *testing.T) {
	n := newLanNet(t)
	host := n.newTablet(t, "host", nil, apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Friday pad", nil, "alice", "bob")
	n.hostGame(t, host, sess, "alice")
	guest := n.newTablet(t, "guest", nil, apptest.LandscapeSize)
	joinAs(t, n, guest, string(host.svc.Hosted().PIN()), "bob \u2014 open")
	apptest.TapButton(t, host.w, "Back")

	host.u.Home()
	apptest.TapButton(t, host.w, "Leave")
	apptest.WantText(t, host.w, "this tablet is alice")
	if got := hostTokens(t, host, sess.ID()); len(got) != 1 {
		t.Fatalf("the host keeps seat tokens %v, want bob's", got)
	}
	apptest.FindTile(t, host.w, "Friday pad").Tapped(nil)
	if env := host.u.Game().Env(); !env.Fixed() || env.Seat() != "alice" {
		t.Fatalf("a game hosted here opens as %q (fixed %v), want alice only", env.Seat(), env.Fixed())
	}
	// Asked for another seat, it still opens as alice.
	host.u.ShowGameAs(host.u.Game().Game(), "bob")
	if env := host.u.Game().Env(); env.Seat() != "alice" {
		t.Fatalf("shown as bob, the bound game plays %q", env.Seat())
	}

	host.u.Home()
	apptest.TapButton(t, host.w, "Play on one tablet")
	apptest.WantText(t, host.w, "lose their seats")
	apptest.TapButton(t, host.w, "Keep it hosted")
	apptest.WantText(t, host.w, "this tablet is alice")
	apptest.TapButton(t, host.w, "Play on one tablet")
	bs := apptest.Buttons(host.w, "Play on one tablet")
	bs[len(bs)-1].OnTapped() // the dialog's confirm button, drawn last
	if len(apptest.Buttons(host.w, "Resume hosting")) != 0 {
		t.Fatal("the tile still offers Resume hosting after Play on one tablet")
	}
	if got := hostTokens(t, host, sess.ID()); len(got) != 0 {
		t.Fatalf("after Play on one tablet the host keeps seat tokens %v", got)
	}
	apptest.FindTile(t, host.w, "Friday pad").Tapped(nil)
	if env := host.u.Game().Env(); env.Fixed() {
		t.Fatalf("played on one tablet, the game is fixed to %q", env.Seat())
	}
	apptest.TapButton(t, host.w, "Host on the network")
	apptest.TapButton(t, host.w, "bob") // the seat is asked again
	n.q.pump(t, "the host panel", func() bool {
		_, ok := host.u.Current().(*lan.HostPanel)
		return ok
	})
	if got := host.svc.Hosted(); got == nil {
		t.Fatal("not hosting")
	}
	apptest.TapButton(t, host.w, "Back")
	if env := host.u.Game().Env(); env.Seat() != "bob" {
		t.Fatalf("hosted as bob, the tablet plays %q", env.Seat())
	}
}

// TestFailedFirstHostingBindsNothing: hosting that cannot start (the
// port is refused) says so in the player's words and leaves a game never
// hosted as it was: not bound to the seat picked.
func TestFailedFirstHostingBindsNothing(t *testing.T) {
	n := newLanNet(t)
	host := n.newTablet(t, "host", nil, apptest.LandscapeSize)
	lan.Install(host.u, lan.Options{
		Advertiser: n.mem, Browser: n.mem, Do: n.q.do,
		Listen: func(string, string) (net.Listener, error) { return nil, errors.New("address already in use") },
	})
	sess := apptest.NewPad(t, host.st, "Friday pad", nil, "alice", "bob")
	host.u.ShowGame(console.NewLocal(sess))
	apptest.TapButton(t, host.w, "Host on the network")
	apptest.TapButton(t, host.w, "alice")
	n.q.pump(t, "the error", func() bool { return host.shows("could not be opened to the network") })
	if host.shows("Something went wrong") {
		t.Errorf("an ordinary failure is headed as an internal error:\n%s", host.texts())
	}
	var g *play.Host
	if g = host.u.Game(); g == nil || g.Env().Fixed() {
		t.Fatal("after a failed first hosting the game is not shown for every seat")
	}
	host.u.ShowGame(g.Game())
	if host.u.Game().Env().Fixed() {
		t.Fatal("a failed first hosting bound the game to a seat")
	}
}

// TestNearbyListWaitsForTheNetwork: the nearby list opened with no
// network says so in the player's words (not as an internal error) and
// fills in by itself when the network comes, with no step back.
func TestNearbyListWaitsForTheNetwork(t *testing.T) {
	n := newLanNet(t)
	host := n.newTablet(t, "host", nil, apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Friday pad", nil, "alice", "bob")
	n.hostGame(t, host, sess, "alice")

	n.mem.SetOffline(true)
	guest := n.newTablet(t, "guest", nil, apptest.LandscapeSize)
	p := joinPage(t, guest)
	n.q.pump(t, "the waiting sentence", func() bool { return guest.shows("no network address") })
	if guest.shows("Something went wrong") || len(p.Tiles) != 0 {
		t.Fatalf("with no network the nearby list shows:\n%s", guest.texts())
	}
	n.mem.SetOffline(false)
	n.q.pump(t, "the game listed by itself", func() bool { return len(p.Tiles) == 1 })
	if guest.shows("no network address") {
		t.Errorf("the waiting sentence stays once the network is back:\n%s", guest.texts())
	}
}

// hostTokens are the seat tokens tb's store keeps for hosted game id.
func hostTokens(t *testing.T, tb *tablet, id string) map[string]string {
	t.Helper()
	k, ok := tb.st.(hosting.Keeper)
	if !ok {
		t.Fatal("the tablet's store keeps no records")
	}
	b, err := k.Roster(hosting.RecordKind, id)
	if err != nil {
		t.Fatal(err)
	}
	var rec hosting.Record
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	return rec.Tokens
}
