package hosting

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/sync/client"
	"github.com/commandconsole/commandconsole/sync/discovery"
	"github.com/commandconsole/commandconsole/sync/linktest"
)

// keeper is an in-memory Keeper.
type keeper struct {
	mu  sync.Mutex
	m   map[string][]byte
	err error // returned by PutRoster when set
}

func (k *keeper) PutRoster(kind, name string, data []byte) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.err != nil {
		return k.err
	}
	if k.m == nil {
		k.m = map[string][]byte{}
	}
	k.m[kind+"/"+name] = append([]byte(nil), data...)
	return nil
}

func (k *keeper) Roster(kind, name string) ([]byte, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	b, ok := k.m[kind+"/"+name]
	if !ok {
		return nil, fmt.Errorf("roster %s: %w", name, ErrNoRecord)
	}
	return b, nil
}

func (k *keeper) Rosters(kind string) ([]string, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	var out []string
	for key := range k.m {
		if n, ok := strings.CutPrefix(key, kind+"/"); ok {
			out = append(out, n)
		}
	}
	return out, nil
}

func (k *keeper) DeleteRoster(kind, name string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	delete(k.m, kind+"/"+name)
	return nil
}

func newGame(t *testing.T) console.Game {
	t.Helper()
	sess, err := console.Create(landsofruin.New(), console.Setup{System: landsofruin.ID, Title: "Fight", Seed: 3,
		Seats: []console.Seat{"ana", "ben"}}, console.Options{Store: console.NewMemStore()})
	if err != nil {
		t.Fatal(err)
	}
	return console.NewLocal(sess)
}

// lanOptions hosts on an in-memory network at host:<port>.
func lanOptions(nw *linktest.Network, game console.Game, k Keeper, adv discovery.Advertiser) Options {
	return Options{Game: game, Keep: k, Advertiser: adv, Addrs: []netip.Addr{netip.MustParseAddr("192.168.1.20")},
		App: "0.1.0", Device: "table",
		Listen: func(network, addr string) (net.Listener, error) {
			_, port, _ := net.SplitHostPort(addr)
			if port == "0" {
				port = "9"
			}
			return nw.Listen("host:" + port)
		}}
}

func TestRehostKeepsKeyAndSeats(t *testing.T) {
	linktest.NoLeaks(t)
	nw := linktest.NewNetwork()
	defer nw.Close()
	game := newGame(t)
	k := &keeper{}
	mem := discovery.NewMemory(netip.MustParseAddr("192.168.1.20"))
	h, err := Start(lanOptions(nw, game, k, mem))
	if err != nil {
		t.Fatal(err)
	}
	if h.Port() != discovery.DefaultPort {
		t.Errorf("port %d, want the default %d", h.Port(), discovery.DefaultPort)
	}
	if p := string(h.PIN()); len(p) != 4 {
		t.Errorf("PIN %q", p)
	}
	codes := h.JoinCodes()
	if len(codes) != 1 {
		t.Fatalf("join codes %v", codes)
	}
	jc, err := discovery.DecodeJoinCode(codes[0])
	if err != nil || jc.Fingerprint != h.Fingerprint() || jc.Addr.Port() != h.Port() {
		t.Fatalf("join code %s: %+v, %v", codes[0], jc, err)
	}
	if got := h.Addresses(); len(got) != 1 || got[0] != fmt.Sprintf("192.168.1.20:%d", h.Port()) {
		t.Errorf("addresses %v", got)
	}

	// The nearby list sees the game with both seats open, then one.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	feed, err := mem.Browse(ctx)
	if err != nil {
		t.Fatal(err)
	}
	waitOpen := func(open int) {
		t.Helper()
		for {
			select {
			case list := <-feed:
				if len(list) == 1 && list[0].Game.Open == open && list[0].Game.ID == game.Info().ID &&
					list[0].Game.Fingerprint == h.Fingerprint() {
					return
				}
			case <-ctx.Done():
				t.Fatalf("the nearby list never showed %d open seats", open)
			}
		}
	}
	waitOpen(2)

	addr := fmt.Sprintf("host:%d", h.Port())
	var rec client.Record
	cfg := client.Config{Addr: addr, Fingerprint: h.Fingerprint(), Seat: "ana", PIN: string(h.PIN()), App: "0.1.0",
		Dial: nw.Node("seatA").DialContext, OnRecord: func(r client.Record) { rec = r },
		MinBackoff: 5 * time.Millisecond, MaxBackoff: 20 * time.Millisecond}
	c, err := client.Join(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	waitOpen(1)
	if seats := h.Seats(); !seats[0].Connected || seats[1].Taken {
		t.Errorf("seats %+v", seats)
	}
	fp := h.Fingerprint()
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	for gone := false; !gone; {
		select {
		case list := <-feed:
			gone = len(list) == 0
		case <-ctx.Done():
			t.Fatal("the game stayed in the nearby list after Close")
		}
	}

	// Hosted again: the same key, and ana's device rejoins by its token.
	h2, err := Start(lanOptions(nw, game, k, mem))
	if err != nil {
		t.Fatal(err)
	}
	defer h2.Close()
	if h2.Fingerprint() != fp || h2.PIN() == "" {
		t.Fatalf("fingerprint %s, was %s", h2.Fingerprint(), fp)
	}
	if rec.Token == "" {
		t.Fatal("no record kept on the joining side")
	}
	for c.Link().State != client.LinkUp || !h2.Seats()[0].Connected {
		select {
		case <-ctx.Done():
			t.Fatalf("ana did not rejoin: %+v", c.Link())
		case <-time.After(5 * time.Millisecond):
		}
	}
	if _, err := c.Do("ana", console.Command{Name: landsofruin.CmdChooseSide, Args: map[string]any{"side": "south"}}); err != nil {
		t.Fatalf("a command after the re-host: %v", err)
	}
}

func TestStartErrors(t *testing.T) {
	linktest.NoLeaks(t)
	nw := linktest.NewNetwork()
	defer nw.Close()
	game := newGame(t)
	k := &keeper{}
	k.PutRoster(RecordKind, game.Info().ID, []byte("{not json"))
	if _, err := Start(lanOptions(nw, game, k, nil)); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("a damaged record: %v", err)
	}
	k.PutRoster(RecordKind, game.Info().ID, []byte(`{"identity":"bm90IGEga2V5"}`))
	if _, err := Start(lanOptions(nw, game, k, nil)); err == nil || !strings.Contains(err.Error(), "host key is damaged") {
		t.Errorf("a damaged key: %v", err)
	}
	if _, err := Start(Options{}); err == nil {
		t.Error("no game")
	}
	// A record that cannot be read now is not replaced by a new key.
	if _, err := Start(lanOptions(nw, game, brokenKeeper{}, nil)); err == nil || !strings.Contains(err.Error(), "read the saved host record") {
		t.Errorf("an unreadable record: %v", err)
	}
	// The default port taken: any other.
	ln, err := nw.Listen(fmt.Sprintf("host:%d", discovery.DefaultPort))
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	h, err := Start(lanOptions(nw, game, &keeper{}, nil))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if h.Port() == discovery.DefaultPort {
		t.Error("listened on a taken port")
	}
	// A port asked for and taken is an error, not another port.
	opts := lanOptions(nw, game, &keeper{}, nil)
	opts.Port = discovery.DefaultPort
	if _, err := Start(opts); err == nil || !strings.Contains(err.Error(), "listen") {
		t.Errorf("a taken port: %v", err)
	}
}

// TestLocalSeatReleaseAndNewPIN: the host's own seat is never open nor
// joinable; a freed seat's token is dropped from the record; a new PIN
// replaces the old one.
func TestLocalSeatReleaseAndNewPIN(t *testing.T) {
	linktest.NoLeaks(t)
	nw := linktest.NewNetwork()
	defer nw.Close()
	game := newGame(t)
	k := &keeper{}
	mem := discovery.NewMemory(netip.MustParseAddr("192.168.1.20"))
	opts := lanOptions(nw, game, k, mem)
	opts.LocalSeats = []console.Seat{"ana"}
	h, err := Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if got := h.record().Open; got != 1 {
		t.Errorf("open seats %d, want 1 (ana is the host's)", got)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cfg := client.Config{Addr: fmt.Sprintf("host:%d", h.Port()), Fingerprint: h.Fingerprint(), Seat: "ana",
		PIN: string(h.PIN()), App: "0.1.0", Dial: nw.Node("laptop").DialContext}
	if _, err := client.Join(ctx, cfg); err == nil || !strings.Contains(err.Error(), "host's own device") {
		t.Fatalf("joining the host's seat: %v", err)
	}
	cfg.Seat = ""
	c, err := client.Join(ctx, cfg)
	if err != nil || c.Seat() != "ben" {
		t.Fatalf("any seat: %v", err)
	}
	defer c.Close()
	if rec, _ := load(k, game.Info().ID); rec.Tokens["ben"] == "" {
		t.Fatalf("ben's token not kept: %+v", rec.Tokens)
	}
	h.Release("ben")
	if rec, _ := load(k, game.Info().ID); rec.Tokens["ben"] != "" {
		t.Errorf("a freed seat's token kept: %+v", rec.Tokens)
	}
	old := h.PIN()
	pin, err := h.NewPIN()
	if err != nil || pin == "" || h.PIN() != pin {
		t.Fatalf("NewPIN: %q, %v", pin, err)
	}
	cfg.Seat, cfg.PIN = console.Public, string(pin)
	tv, err := client.Join(ctx, cfg)
	if err != nil {
		t.Fatalf("the new PIN: %v", err)
	}
	tv.Close()
	if old != pin {
		cfg.PIN = string(old)
		if _, err := client.Join(ctx, cfg); err == nil {
			t.Error("the old PIN still works")
		}
	}
}

// brokenKeeper fails every read as a damaged disk would.
type brokenKeeper struct{}

func (brokenKeeper) PutRoster(kind, name string, data []byte) error { return nil }
func (brokenKeeper) Roster(kind, name string) ([]byte, error) {
	return nil, errors.New("input/output error")
}
