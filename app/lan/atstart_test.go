package lan_test

import (
	"testing"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/lan"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

// TestAtStart: a tablet told at start to host a saved game as one seat
// with a given PIN does so, and another told to join it by join code with
// that PIN and a seat opens the game; a command tapped on the joined
// tablet reaches the host.
func TestAtStart(t *testing.T) {
	n := newLanNet(t)
	host := n.newTablet(t, "host", nil, apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Start pad", nil, "alice", "bob")
	host.svc.AtStart(lan.Start{Host: sess.Meta().ID + "@alice", PIN: "2468"})
	n.q.pump(t, "hosting", func() bool { return host.svc.Hosted() != nil })
	h := host.svc.Hosted()
	if h.PIN() != "2468" {
		t.Fatalf("PIN %q", h.PIN())
	}
	guest := n.newTablet(t, "guest", nil, apptest.LandscapeSize)
	guest.svc.AtStart(lan.Start{Join: h.JoinCodes()[0] + "@bob", PIN: "2468"})
	n.q.pump(t, "the joined game", func() bool { return guest.svc.Joined() != nil && guest.u.Game() != nil })
	if seat := guest.svc.Joined().Seat(); seat != "bob" {
		t.Fatalf("joined as %s", seat)
	}
	apptest.TapButton(t, guest.w, "+1")
	// The host plays the game it opened from its save file: read it back.
	n.q.pump(t, "the command on the host", func() bool {
		s, err := console.Open(scorepad.New(), sess.Meta().ID, console.Options{Store: host.st})
		if err != nil {
			t.Fatal(err)
		}
		return total(t, s) == 1
	})

	// Bad starts say what was wrong.
	bad := n.newTablet(t, "bad", nil, apptest.LandscapeSize)
	bad.svc.AtStart(lan.Start{Join: "10.0.0.1:47100@bob", PIN: "2468"})
	n.q.pump(t, "the error", func() bool { return bad.shows("COMMANDCONSOLE_FINGERPRINT") })
}
