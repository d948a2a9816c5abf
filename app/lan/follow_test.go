package lan_test

import (
	"context"
	"fmt"
	"net/netip"
	"path/filepath"
	"sync"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/store"
	"github.com/commandconsole/commandconsole/games/scorepad"
	"github.com/commandconsole/commandconsole/sync/client"
	"github.com/commandconsole/commandconsole/sync/discovery"
)

// A joined tablet follows its host to another address (issue 22,
// "network changes are followed"): while its link is down it looks for
// the game in the nearby list (same game id, same key fingerprint) and
// its client tries the addresses announced there.

// addrAdvertiser announces games on n's in-memory discovery at addr (a
// Memory's own adverts carry the addresses it was made with): a tablet
// whose address is not the test network's hostAddr.
type addrAdvertiser struct {
	m    *discovery.Memory
	addr netip.Addr
}

var advertN struct {
	mu sync.Mutex
	n  int
}

// Advertise announces g at a.addr and port.
func (a addrAdvertiser) Advertise(g discovery.Game, port uint16) (discovery.Advert, error) {
	advertN.mu.Lock()
	advertN.n++
	inst := fmt.Sprintf("cc-test-%d", advertN.n)
	advertN.mu.Unlock()
	ad := &addrAdvert{a: a, instance: inst, port: port}
	if err := ad.Update(g); err != nil {
		return nil, err
	}
	return ad, nil
}

// addrAdvert is one game announced by an addrAdvertiser.
type addrAdvert struct {
	a        addrAdvertiser
	instance string
	port     uint16

	mu      sync.Mutex
	remove  func()
	stopped bool
}

// Update announces g instead.
func (ad *addrAdvert) Update(g discovery.Game) error {
	txt, err := discovery.EncodeTXT(g)
	if err != nil {
		return fmt.Errorf("advertise: %w", err)
	}
	ad.mu.Lock()
	defer ad.mu.Unlock()
	if ad.stopped {
		return discovery.ErrStopped
	}
	ad.remove = ad.a.m.Publish(ad.instance, txt, []netip.Addr{ad.a.addr}, ad.port)
	return nil
}

// Stop withdraws the announcement.
func (ad *addrAdvert) Stop() error {
	ad.mu.Lock()
	defer ad.mu.Unlock()
	if !ad.stopped && ad.remove != nil {
		ad.remove()
	}
	ad.stopped = true
	return nil
}

// browses counts the browses of a tablet's nearby list that run.
type browses struct {
	b discovery.Browser

	mu          sync.Mutex
	live, total int
}

// Browse browses b, counted until ctx ends.
func (c *browses) Browse(ctx context.Context, opts ...discovery.BrowseOption) (<-chan []discovery.Entry, error) {
	ch, err := c.b.Browse(ctx, opts...)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.live++
	c.total++
	c.mu.Unlock()
	go func() {
		<-ctx.Done()
		c.mu.Lock()
		c.live--
		c.mu.Unlock()
	}()
	return ch, nil
}

// running is the number of browses running, and started since the start.
func (c *browses) running() (live, total int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.live, c.total
}

// newTabletAt is newTablet (a tablet named node, its store st) listening
// and announced at addr instead of hostAddr: the tablet on another
// network address. Its nearby list is browsed through b (nil: n.mem).
func (n *lanNet) newTabletAt(t *testing.T, node string, st console.Store, size fyne.Size, addr netip.Addr, b discovery.Browser) *tablet {
	t.Helper()
	if b == nil {
		b = n.mem
	}
	return n.install(t, node, st, size, addr, addrAdvertiser{m: n.mem, addr: addr}, b)
}

// openDB opens a store on disk named name, closed at the test's end.
func openDB(t *testing.T, name string) *store.DB {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), name+".db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// padTotal is the sum of every player's total in g.
func padTotal(t *testing.T, g console.Game) int {
	t.Helper()
	st, err := g.State(console.Public)
	if err != nil {
		t.Fatal(err)
	}
	sum := 0
	for _, p := range st.View.(scorepad.View).Players {
		sum += p.Total
	}
	return sum
}

// keptAddr is the address of the joined game's Continue record in st.
func keptAddr(t *testing.T, st console.Store) string {
	t.Helper()
	recs, bad, err := client.Records(st.(client.Keeper))
	if err != nil || len(bad) > 0 || len(recs) != 1 {
		t.Fatalf("joined records %+v, %v, %v", recs, bad, err)
	}
	return recs[0].Addr
}

// TestGuestFollowsHostToNewAddress: the host's app is killed and started
// again at another address (its Wi-Fi back with a new lease); Resume
// hosting announces the game there. The guest, which only knew the old
// address, finds the game in the nearby list and comes back by itself:
// its banner goes back to nothing, a tap reaches the host, and its
// Continue record has the new address. The host then pauses and resumes
// from a third address: the paused guest follows it too.
func TestGuestFollowsHostToNewAddress(t *testing.T) {
	n := newLanNet(t)
	hostDB := openDB(t, "host")
	host := n.newTablet(t, "host", hostDB, apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Friday pad", nil, "alice", "bob")
	n.hostGame(t, host, sess, "alice")
	pin := string(host.svc.Hosted().PIN())
	apptest.TapButton(t, host.w, "Back")

	guestDB := openDB(t, "guest")
	nearby := &browses{b: n.mem}
	guest := n.newTabletAt(t, "guest", guestDB, apptest.LandscapeSize, netip.MustParseAddr("10.0.0.9"), nearby)
	joinAs(t, n, guest, pin, "bob \u2014 open")
	if got := keptAddr(t, guestDB); got != "10.0.0.1:47100" {
		t.Fatalf("joined at %s", got)
	}
	// While the link is up, nothing looks at the nearby list.
	quiet := func(what string) {
		t.Helper()
		n.q.pump(t, what, func() bool { live, _ := nearby.running(); return live == 0 })
	}
	quiet("no browsing while the link is up")
	_, joinBrowses := nearby.running()

	// The host app is killed, its old address gone with it.
	n.nw.Down(hostAddr.String())
	if err := host.svc.Hosted().Close(); err != nil {
		t.Fatal(err)
	}
	n.q.pump(t, "the guest to lose the host", func() bool { return guest.shows("cannot be reached") })
	// One look at the nearby list for the whole outage, not one per attempt.
	n.q.pump(t, "a few more attempts", func() bool { return guest.svc.Joined().Link().Attempt >= 5 })
	if live, total := nearby.running(); live != 1 || total != joinBrowses+1 {
		t.Errorf("%d browses running, %d started during the outage, want 1 and 1", live, total-joinBrowses)
	}

	// Started again on the same save, at 10.0.0.2: Resume hosting.
	again := n.newTabletAt(t, "host", hostDB, apptest.LandscapeSize, netip.MustParseAddr("10.0.0.2"), nil)
	apptest.TapButton(t, again.w, "Resume hosting")
	n.q.pump(t, "hosting again", func() bool { return again.svc.Hosted() != nil })
	backBy := func(what string) {
		t.Helper()
		n.q.pump(t, what, func() bool {
			c := guest.svc.Joined()
			return c != nil && c.Link().State == client.LinkUp && c.Link().Banner() == "" &&
				!guest.shows("Reconnecting") && !guest.shows("paused") && !guest.shows("cannot be reached")
		})
	}
	backBy("the guest back by itself at the new address")
	quiet("the nearby list left once the link is up")
	if got := keptAddr(t, guestDB); got != "10.0.0.2:47100" {
		t.Errorf("the guest's Continue record has %s, want 10.0.0.2:47100", got)
	}
	n.q.pump(t, "bob connected on the host", func() bool { return again.shows("bob: Guest's tablet, connected") })
	tap := func(h *tablet) {
		t.Helper()
		g := h.u.Game().Game()
		// The host's game screen would redraw on the game's goroutine
		// (fyne.Do runs at once under the test driver) while this one
		// draws the guest's: show the host panel meanwhile.
		apptest.TapButton(t, h.w, "Hosting \u00b7 PIN "+string(h.svc.Hosted().PIN()))
		before := padTotal(t, g)
		guest.u.Game().Locked(func() {})
		apptest.TapButton(t, guest.w, "+5")
		if got := padTotal(t, g); got != before+5 {
			t.Fatalf("the host's game after a tap on the guest: %d, want %d", got, before+5)
		}
		apptest.TapButton(t, h.w, "Back")
	}
	tap(again)

	// The host leaves the game (paused), and resumes from 10.0.0.3.
	again.u.Home()
	apptest.TapButton(t, again.w, "Leave")
	n.q.pump(t, "the guest to see the pause", func() bool { return guest.shows("The host has paused the game") })
	third := n.newTabletAt(t, "host", hostDB, apptest.LandscapeSize, netip.MustParseAddr("10.0.0.3"), nil)
	apptest.TapButton(t, third.w, "Resume hosting")
	n.q.pump(t, "hosting at the third address", func() bool { return third.svc.Hosted() != nil })
	backBy("the paused guest back by itself at the third address")
	quiet("the nearby list left once the link is up again")
	if got := keptAddr(t, guestDB); got != "10.0.0.3:47100" {
		t.Errorf("the guest's Continue record has %s, want 10.0.0.3:47100", got)
	}
	tap(third)

	// Leaving the game stops the look at the nearby list too.
	third.u.Home()
	apptest.TapButton(t, third.w, "Leave")
	n.q.pump(t, "the guest to see the pause again", func() bool { return guest.shows("The host has paused the game") })
	if live, _ := nearby.running(); live != 1 {
		t.Errorf("%d browses running while the host is paused, want 1", live)
	}
	guest.u.Home()
	quiet("the nearby list left with the game")
}

// TestRejoinFindsHostAtNewAddress: Rejoin from Continue, the kept address
// not answering, finds the game in the nearby list at its new address and
// rejoins there with the seat's token; the record follows.
func TestRejoinFindsHostAtNewAddress(t *testing.T) {
	n := newLanNet(t)
	hostDB := openDB(t, "host")
	host := n.newTablet(t, "host", hostDB, apptest.LandscapeSize)
	sess := apptest.NewPad(t, host.st, "Friday pad", nil, "alice", "bob")
	n.hostGame(t, host, sess, "alice")
	pin := string(host.svc.Hosted().PIN())
	apptest.TapButton(t, host.w, "Back")

	guestDB := openDB(t, "guest")
	guest := n.newTablet(t, "guest", guestDB, apptest.LandscapeSize)
	joinAs(t, n, guest, pin, "bob \u2014 open")
	guest.u.Home()
	n.q.pump(t, "the guest to leave", func() bool { return guest.svc.Joined() == nil })

	n.nw.Down(hostAddr.String())
	if err := host.svc.Hosted().Close(); err != nil {
		t.Fatal(err)
	}
	again := n.newTabletAt(t, "host", hostDB, apptest.LandscapeSize, netip.MustParseAddr("10.0.0.2"), nil)
	apptest.TapButton(t, again.w, "Resume hosting")
	n.q.pump(t, "hosting again", func() bool { return again.svc.Hosted() != nil })

	apptest.TapButton(t, guest.w, "Rejoin")
	n.q.pump(t, "the rejoined game", func() bool {
		c := guest.svc.Joined()
		return c != nil && c.Link().State == client.LinkUp
	})
	if c := guest.svc.Joined(); c.Seat() != "bob" || c.Record().Addr != "10.0.0.2:47100" {
		t.Errorf("rejoined as %s at %s", c.Seat(), c.Record().Addr)
	}
	if got := keptAddr(t, guestDB); got != "10.0.0.2:47100" {
		t.Errorf("the guest's Continue record has %s, want 10.0.0.2:47100", got)
	}
	if guest.shows("Could not rejoin") {
		t.Errorf("the rejoin failed:\n%s", guest.texts())
	}
}
