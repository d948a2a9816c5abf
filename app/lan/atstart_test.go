package lan_test

import (
	"strings"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/lan"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/scorepad"
	"github.com/commandconsole/commandconsole/sync/discovery"
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

// TestAtStartNearby: a tablet told at start to join "nearby" waits for the
// game to show in its nearby list (the in-memory discovery here, mDNS in
// the real binary), joins it with the fingerprint and addresses it
// announces and the PIN, as the seat named; a game that does not show in
// time, or that announces another key than the one given, is an error in
// the player's words.
func TestAtStartNearby(t *testing.T) {
	n := newLanNet(t)
	guest := n.newTablet(t, "guest", nil, apptest.LandscapeSize)
	// Told before the game is hosted: it waits for it.
	host := n.newTablet(t, "host", nil, apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Start pad", nil, "alice", "bob")
	id := sess.Meta().ID
	guest.svc.AtStart(lan.Start{Join: "nearby:" + id + "@bob", PIN: "2468", NearbyWait: 10 * time.Second})
	time.Sleep(50 * time.Millisecond)
	host.svc.AtStart(lan.Start{Host: id + "@alice", PIN: "2468"})
	n.q.pump(t, "the joined game", func() bool { return guest.svc.Joined() != nil && guest.u.Game() != nil })
	if seat := guest.svc.Joined().Seat(); seat != "bob" {
		t.Fatalf("joined as %s", seat)
	}
	apptest.TapButton(t, guest.w, "+1")
	n.q.pump(t, "the command on the host", func() bool {
		s, err := console.Open(scorepad.New(), id, console.Options{Store: host.st})
		if err != nil {
			t.Fatal(err)
		}
		return total(t, s) == 1
	})

	// By title, with the host's fingerprint given: the seat alice is
	// the host's, so the other tablet gets the host's refusal.
	other := n.newTablet(t, "other", nil, apptest.LandscapeSize)
	other.svc.AtStart(lan.Start{Join: "nearby:Start pad@alice", PIN: "2468",
		Fingerprint: host.svc.Hosted().Fingerprint().String(), NearbyWait: 5 * time.Second})
	n.q.pump(t, "the refusal", func() bool { return other.svc.Joined() == nil && other.shows("Could not join the game") })

	// A game that is not there, within the wait.
	late := n.newTablet(t, "late", nil, apptest.LandscapeSize)
	late.svc.AtStart(lan.Start{Join: "nearby:No such game@bob", PIN: "2468", NearbyWait: 300 * time.Millisecond})
	n.q.pump(t, "the timeout", func() bool { return showsWrapped(late, "within 1 second") })

	// Another key than the one given: not joined, and why.
	wrong := n.newTablet(t, "wrong", nil, apptest.LandscapeSize)
	wrong.svc.AtStart(lan.Start{Join: "nearby@bob", PIN: "2468",
		Fingerprint: discovery.Fingerprint{1, 2, 3}.String(), NearbyWait: 5 * time.Second})
	n.q.pump(t, "the fingerprint refusal", func() bool { return showsWrapped(wrong, "posing as the host") })
	if wrong.svc.Joined() != nil {
		t.Fatal("joined a game with another key")
	}

	// A fingerprint mistyped.
	typo := n.newTablet(t, "typo", nil, apptest.LandscapeSize)
	typo.svc.AtStart(lan.Start{Join: "nearby@bob", PIN: "2468", Fingerprint: "AAAA"})
	n.q.pump(t, "the bad fingerprint", func() bool { return showsWrapped(typo, "is not a key fingerprint") })

	// No seat named.
	bare := n.newTablet(t, "bare", nil, apptest.LandscapeSize)
	bare.svc.AtStart(lan.Start{Join: "nearby", PIN: "2468"})
	n.q.pump(t, "the missing seat", func() bool { return showsWrapped(bare, "names the seat to take") })
}

// showsWrapped reports whether tb shows text, maybe wrapped over lines.
func showsWrapped(tb *tablet, text string) bool {
	return strings.Contains(strings.Join(strings.Fields(tb.texts()), " "), text)
}
