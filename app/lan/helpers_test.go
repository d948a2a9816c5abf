package lan_test

import (
	"context"
	"net"
	"net/netip"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/lan"
	"github.com/commandconsole/commandconsole/app/lorscreen"
	"github.com/commandconsole/commandconsole/app/padscreen"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/store"
	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/games/scorepad"
	"github.com/commandconsole/commandconsole/sync/client"
	"github.com/commandconsole/commandconsole/sync/discovery"
	"github.com/commandconsole/commandconsole/sync/linktest"
)

func TestMain(m *testing.M) {
	play.Register(scorepad.ID, padscreen.New)
	play.Register(landsofruin.ID, lorscreen.New)
	apptest.Main(m)
}

// hostAddr is the host tablet's address on the test network.
var hostAddr = netip.AddrFrom4([4]byte{10, 0, 0, 1})

// queue runs the LAN room's calls to the Fyne thread on the test's
// goroutine (pump), so the widgets they change are never touched from two
// goroutines at once.
type queue struct {
	mu  sync.Mutex
	fns []func()
}

func (q *queue) do(fn func()) {
	q.mu.Lock()
	q.fns = append(q.fns, fn)
	q.mu.Unlock()
}

// pump runs the queued calls until cond holds, failing the test after 10 s.
func (q *queue) pump(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		q.mu.Lock()
		fns := q.fns
		q.fns = nil
		q.mu.Unlock()
		for _, fn := range fns {
			fn()
		}
		if cond() {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited 10 s for %s", what)
		}
		if len(fns) == 0 {
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// lanNet is one test's network: in-memory links and discovery, shared by
// every tablet of the test.
type lanNet struct {
	nw  *linktest.Network
	mem *discovery.Memory
	q   *queue
}

func newLanNet(t *testing.T) *lanNet {
	t.Helper()
	nw := linktest.NewNetwork(linktest.WithSeed(1))
	t.Cleanup(func() { nw.Close() })
	return &lanNet{nw: nw, mem: discovery.NewMemory(hostAddr), q: &queue{}}
}

// tablet is one device of the test: its interface, window and LAN room.
type tablet struct {
	u   *shell.UI
	w   fyne.Window
	svc *lan.Service
	st  console.Store
}

// newTablet starts an interface named node on the test network, with st
// its store (nil: a store on disk, which keeps joined games' records).
func (n *lanNet) newTablet(t *testing.T, node string, st console.Store, size fyne.Size) *tablet {
	t.Helper()
	if st == nil {
		db, err := store.Open(filepath.Join(t.TempDir(), node+".db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		st = db
	}
	return n.install(t, node, st, size, hostAddr, n.mem, n.mem)
}

// install starts an interface named node with store st on the test
// network, listening and announced (through adv) at addr, its nearby list
// browsed through b.
func (n *lanNet) install(t *testing.T, node string, st console.Store, size fyne.Size, addr netip.Addr, adv discovery.Advertiser, b discovery.Browser) *tablet {
	t.Helper()
	u, w := apptest.NewUI(t, st, size, home.New)
	svc := lan.Install(u, lan.Options{
		Advertiser: adv, Browser: b,
		Listen: func(_, a string) (net.Listener, error) {
			_, port, _ := net.SplitHostPort(a)
			if port == "0" {
				port = "47101"
			}
			return n.nw.Listen(addr.String() + ":" + port)
		},
		Dial:   n.nw.Node(node).DialContext,
		Addrs:  []netip.Addr{addr},
		Device: strings.ToUpper(node[:1]) + node[1:] + "'s tablet",
		Do:     n.q.do,
		Client: func(c *client.Config) {
			c.MinBackoff, c.MaxBackoff = 10*time.Millisecond, 50*time.Millisecond
			c.Heartbeat, c.Timeout = 200*time.Millisecond, 2*time.Second
		},
	})
	t.Cleanup(u.Stop)
	u.Home()
	return &tablet{u: u, w: w, svc: svc, st: st}
}

// texts is what w shows, read while no redraw of its game runs.
func (tb *tablet) texts() string {
	var s string
	if g := tb.u.Game(); g != nil {
		g.Locked(func() { s = apptest.Texts(tb.w) })
		return s
	}
	return apptest.Texts(tb.w)
}

// shows reports whether w shows text.
func (tb *tablet) shows(text string) bool { return strings.Contains(tb.texts(), text) }

// hostGame opens sess on the host tablet and hosts it, keeping seat; it
// returns once the host panel shows.
func (n *lanNet) hostGame(t *testing.T, tb *tablet, sess *console.Session, seat string) {
	t.Helper()
	tb.u.ShowGame(console.NewLocal(sess))
	apptest.TapButton(t, tb.w, "Host on the network")
	apptest.TapButton(t, tb.w, seat)
	n.q.pump(t, "the host panel", func() bool {
		_, ok := tb.u.Current().(*lan.HostPanel)
		return ok
	})
}

// joinPage opens the join page on tb from its home screen.
func joinPage(t *testing.T, tb *tablet) *lan.JoinPage {
	t.Helper()
	test := apptest.FindTile(t, tb.w, "Join a game")
	test.Tapped(nil)
	p, ok := tb.u.Current().(*lan.JoinPage)
	if !ok {
		t.Fatalf("the join page is not shown: %T", tb.u.Current())
	}
	return p
}

// typePIN presses pin's digits on the PIN pad.
func typePIN(p *lan.JoinPage, pin string) {
	for _, d := range pin {
		p.Key(string(d))
	}
}

// buttonWithPrefix taps the topmost visible button whose text starts with
// prefix.
func tapPrefix(t *testing.T, w fyne.Window, prefix string) {
	t.Helper()
	var found *widget.Button
	for _, o := range apptest.Objects(w) {
		if b, ok := o.(*widget.Button); ok && strings.HasPrefix(b.Text, prefix) {
			found = b
		}
	}
	if found == nil {
		t.Fatalf("no button starting %q; buttons: %s", prefix, apptest.ButtonTexts(w))
	}
	if found.Disabled() {
		t.Fatalf("button %q is disabled", found.Text)
	}
	found.OnTapped()
}

// ctx is a test context.
func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return c
}
