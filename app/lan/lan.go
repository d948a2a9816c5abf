// Package lan is the app's room for LAN play: hosting the game on screen
// so that other tablets can join it, the page that finds and joins a game
// hosted nearby (the live list, a typed address or join code, the PIN pad,
// the seat picker), the games joined before on the home screen's Continue
// list, and the link banner of a joined game.
//
// It builds on sync/hosting, sync/client and sync/discovery; the screens
// know nothing of the rules: a joined game is a console.Game like any other
// and opens in its system's registered screen. Install wires it into a
// shell.UI (the app's root does it); the shell then asks it what a game's
// frame offers (shell.Network).
//
// Slow steps (listening, finding the host, checking the PIN, joining) run
// off the Fyne thread with a progress message; their results come back
// through Options.Do (fyne.Do).
package lan

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/sync/client"
	"github.com/commandconsole/commandconsole/sync/discovery"
	"github.com/commandconsole/commandconsole/sync/hosting"
	"github.com/commandconsole/commandconsole/sync/secure"
	"github.com/commandconsole/commandconsole/version"
)

// Options are the services LAN play runs on. The zero value is the real
// network: mDNS, TCP, this device's addresses and name.
type Options struct {
	// Advertiser announces a hosted game; nil is mDNS (discovery.MDNS).
	Advertiser discovery.Advertiser
	// Browser lists the games nearby; nil is mDNS (discovery.MDNS).
	Browser discovery.Browser
	// Listen opens a hosted game's listener; nil is net.Listen.
	Listen func(network, addr string) (net.Listener, error)
	// Dial connects to a host; nil is a net.Dialer.
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
	// Addrs are this device's addresses, for the join codes; nil asks the
	// network interfaces.
	Addrs []netip.Addr
	// Port is the port to host on; zero is the game's last port, else
	// discovery.DefaultPort, else any free port.
	Port uint16
	// PIN is the PIN to ask when hosting; empty makes a new one each time.
	PIN secure.PIN
	// Device names this device to the other players; "" is the player's
	// name from Settings, else the host name.
	Device string
	// Client, when set, adjusts every client configuration before use
	// (tests shorten the heartbeats and the backoff).
	Client func(*client.Config)
	// Do runs fn on the Fyne thread; nil is fyne.Do. Tests queue the
	// calls and run them on the test's goroutine.
	Do func(fn func())
	// Logf is told about links that fail; nil logs nothing.
	Logf func(format string, args ...any)
}

// Service is LAN play in one window: it implements shell.Network.
type Service struct {
	u    *shell.UI
	opts Options

	// hosted is the game this tablet hosts, or nil; joined the game it
	// joined on another device, or nil. Only the Fyne thread touches them.
	hosted *hosted
	joined *joined
	// onHosted, when set, is told once hosting has started (AtStart logs).
	onHosted func()
	// mem keeps hosted games' records when the store keeps none.
	mem *memKeeper
}

var _ shell.Network = (*Service)(nil)

// Install wires LAN play into u and returns it.
func Install(u *shell.UI, opts Options) *Service {
	if opts.Advertiser == nil || opts.Browser == nil {
		m := &discovery.MDNS{}
		if opts.Advertiser == nil {
			opts.Advertiser = m
		}
		if opts.Browser == nil {
			opts.Browser = m
		}
	}
	if opts.Dial == nil {
		d := &net.Dialer{Timeout: 10 * time.Second}
		opts.Dial = d.DialContext
	}
	if opts.Do == nil {
		opts.Do = fyne.Do
	}
	s := &Service{u: u, opts: opts}
	u.SetNetwork(s)
	return s
}

// Hosted returns the hosting of the game this tablet hosts, or nil.
func (s *Service) Hosted() *hosting.Hosting {
	if s.hosted == nil {
		return nil
	}
	return s.hosted.h
}

// Joined returns the client of the game this tablet joined, or nil.
func (s *Service) Joined() *client.Client {
	if s.joined == nil {
		return nil
	}
	return s.joined.c
}

// do runs fn on the Fyne thread.
func (s *Service) do(fn func()) { s.opts.Do(fn) }

// device is the name this device gives the other players.
func (s *Service) device() string {
	if s.opts.Device != "" {
		return s.opts.Device
	}
	if n := strings.TrimSpace(s.u.Settings().Name); n != "" {
		return n + "'s tablet"
	}
	if h, err := os.Hostname(); err == nil && h != "" {
		return h
	}
	return "Command Console"
}

// keeper is the store as a keeper of joined games' records, or nil when
// the store keeps none (games kept in memory).
func (s *Service) keeper() client.Keeper {
	k, _ := s.u.Store().(client.Keeper)
	return k
}

// hostKeeper is the store as the keeper of hosted games' keys, seat
// tokens and bindings; a store that keeps no records (games in memory)
// gets one in memory, so hosting paused and resumed in this run keeps its
// key and its guests.
func (s *Service) hostKeeper() client.Keeper {
	if k, ok := s.u.Store().(client.Keeper); ok {
		return k
	}
	if s.mem == nil {
		s.mem = &memKeeper{rec: map[string][]byte{}}
	}
	return s.mem
}

// memKeeper keeps records in memory, for a store that keeps none. Only
// the Fyne thread and hosting's calls (under its own lock) use it.
type memKeeper struct {
	mu  sync.Mutex
	rec map[string][]byte
}

// PutRoster keeps data under kind and name.
func (m *memKeeper) PutRoster(kind, name string, data []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.rec[kind+"\x00"+name] = slices.Clone(data)
	return nil
}

// Roster returns what is kept under kind and name.
func (m *memKeeper) Roster(kind, name string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.rec[kind+"\x00"+name]
	if !ok {
		return nil, fmt.Errorf("%s %s: %w", kind, name, hosting.ErrNoRecord)
	}
	return slices.Clone(b), nil
}

// Rosters lists the names kept under kind, sorted.
func (m *memKeeper) Rosters(kind string) ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []string
	for k := range m.rec {
		if name, ok := strings.CutPrefix(k, kind+"\x00"); ok {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out, nil
}

// DeleteRoster forgets what is kept under kind and name.
func (m *memKeeper) DeleteRoster(kind, name string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.rec, kind+"\x00"+name)
	return nil
}

// clientConfig completes cfg with this device's dialer, version and name.
func (s *Service) clientConfig(cfg client.Config) client.Config {
	cfg.Dial = s.opts.Dial
	cfg.App = version.App
	cfg.Device = s.device()
	cfg.Logf = s.opts.Logf
	if s.opts.Client != nil {
		s.opts.Client(&cfg)
	}
	return cfg
}

// Dress returns a game frame's actions and notice: for a joined game, its
// link banner; for a local game in play, "Host on the network" (or, while
// it is hosted, the host panel).
func (s *Service) Dress(g console.Game, seat console.Seat) ([]play.Action, fyne.CanvasObject) {
	if j := s.joined; j != nil && sameClient(j.c, g) {
		return nil, j.banner
	}
	if _, ok := g.(*client.Client); ok {
		return nil, nil
	}
	if h := s.hosted; h != nil && same(h.game, g) {
		return []play.Action{{Label: "Hosting \u00b7 PIN " + string(h.h.PIN()), Icon: hostIcon(), Run: s.showPanel}}, h.notice
	}
	if g.Info().Status == console.StatusFinished {
		return nil, nil
	}
	if b := s.BoundSeat(g); b != "" {
		return []play.Action{{Label: "Resume hosting", Icon: hostIcon(), Run: func() { s.startHosting(g, b) }}}, pausedNotice()
	}
	return []play.Action{{Label: "Host on the network", Icon: hostIcon(), Run: func() { s.askHost(g, seat) }}}, nil
}

// sameClient reports whether g is c.
func sameClient(c *client.Client, g console.Game) bool {
	gc, ok := g.(*client.Client)
	return ok && gc == c
}

// pausedNotice is the line above a game hosted here while it is not
// hosted: the other tablets wait.
func pausedNotice() fyne.CanvasObject {
	b := kit.NewBanner()
	b.Warning = true
	b.Set("Paused: the other tablets wait until you resume hosting; they then come back by themselves.")
	return b
}
