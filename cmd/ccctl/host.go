package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/store"
	"github.com/commandconsole/commandconsole/sync/discovery"
	"github.com/commandconsole/commandconsole/sync/hosting"
	"github.com/commandconsole/commandconsole/sync/secure"
	"github.com/commandconsole/commandconsole/sync/wire"
	"github.com/commandconsole/commandconsole/version"
)

// hostUsage is ccctl host's usage line.
const hostUsage = "host GAME [--port N] [--pin NNNN] [--no-mdns] [--device NAME]"

// advertiser is how ccctl host announces its game: mDNS (tests may put an
// in-memory network here, or nil).
var advertiser = func() discovery.Advertiser { return &discovery.MDNS{} }

// listen opens ccctl host's listener; nil is net.Listen on every
// interface (tests listen on loopback).
var listen func(network, addr string) (net.Listener, error)

// stopSignals is what ends ccctl host and ccctl join cleanly; tests may
// close the channel returned instead of sending a signal.
var stopSignals = func() (<-chan os.Signal, func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	return ch, func() { signal.Stop(ch) }
}

// lines writes JSON lines (one compact JSON value per line) from several
// goroutines.
type lines struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

// write prints v as one line; the first write error is kept (and later
// writes are dropped).
func (l *lines) write(v any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writeLocked(v)
}

func (l *lines) writeLocked(v any) {
	if l.err != nil {
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		l.err = fmt.Errorf("encode output: %w", err)
		return
	}
	b = append(b, '\n')
	if _, err := l.w.Write(b); err != nil {
		l.err = fmt.Errorf("write output: %w", err)
	}
}

// seatOut is one seat as ccctl host and join print it.
type seatOut struct {
	Seat      console.Seat `json:"seat"`
	Device    string       `json:"device,omitempty"`
	Taken     bool         `json:"taken"`
	Connected bool         `json:"connected"`
	Ready     bool         `json:"ready,omitempty"`
}

func seatsOut(seats []wire.SeatInfo) []seatOut {
	out := make([]seatOut, len(seats))
	for i, s := range seats {
		out[i] = seatOut{Seat: s.Seat, Device: s.Device, Taken: s.Taken, Connected: s.Connected, Ready: s.Ready}
	}
	return out
}

// hostingOut is ccctl host's first line.
type hostingOut struct {
	Event       string                `json:"event"`
	Game        string                `json:"game"`
	Title       string                `json:"title"`
	System      string                `json:"system"`
	PIN         secure.PIN            `json:"pin"`
	Port        uint16                `json:"port"`
	Fingerprint discovery.Fingerprint `json:"fingerprint"`
	Codes       []string              `json:"codes"`
	Addresses   []string              `json:"addresses"`
	MDNS        bool                  `json:"mdns"`
	Seats       []seatOut             `json:"seats"`
}

// seatsEvent is a line of ccctl host (and join) when the seats change.
type seatsEvent struct {
	Event string    `json:"event"`
	Seats []seatOut `json:"seats"`
}

// deviceName is the default device name: the machine's host name.
func deviceName() string {
	if h, err := os.Hostname(); err == nil && h != "" {
		return h
	}
	return "ccctl"
}

// host serves a saved game on the local network until SIGINT or SIGTERM.
// The game stays in the save file: every command a joined device gives is
// committed before it is answered, so a killed host loses nothing, and
// hosting the game again keeps its key fingerprint and the seat tokens.
func (c *cli) host(args []string) error {
	fs := c.verbFlags("host")
	port := fs.Uint("port", 0, "TCP port; 0 tries the game's last port, then 47100, then any free one")
	pinFlag := fs.String("pin", "", "the 4-digit PIN joining devices must enter; empty makes a new one")
	noMDNS := fs.Bool("no-mdns", false, "do not announce the game by mDNS (join codes and addresses still work)")
	device := fs.String("device", deviceName(), "this device's name, shown to joining devices")
	verbose := fs.Bool("verbose", false, "log failed connections on stderr")
	pos, err := parse(fs, args, hostUsage, 1, 1)
	if err != nil {
		return err
	}
	if *port > 65535 {
		return usagef("--port %d: a port is 1 to 65535 (0 for any)", *port)
	}
	var pin secure.PIN
	if *pinFlag != "" {
		if pin, err = secure.ParsePIN(*pinFlag); err != nil {
			return usagef("--pin: %v", err)
		}
	}
	return c.withDB(func(db *store.DB) error {
		s, err := openGame(db, pos[0])
		if err != nil {
			return err
		}
		game := console.NewLocal(s)
		info := game.Info()
		if info.Status == console.StatusFinished {
			return &usageError{msg: fmt.Sprintf("game %s (%s) is over: there is nothing to host", info.ID, info.Title)}
		}
		out := &lines{w: c.stdout}
		opts := hosting.Options{Game: game, Keep: db, Port: uint16(*port), PIN: pin, App: version.App, Device: *device, Listen: listen}
		if !*noMDNS && advertiser != nil {
			opts.Advertiser = advertiser()
		}
		// The seats line waits for the hosting line.
		var ready sync.WaitGroup
		ready.Add(1)
		opts.OnSeats = func(seats []wire.SeatInfo) {
			ready.Wait()
			out.write(seatsEvent{Event: "seats", Seats: seatsOut(seats)})
		}
		logf := func(format string, a ...any) {
			fmt.Fprintf(c.stderr, "ccctl host: "+format+"\n", a...)
		}
		if *verbose {
			opts.Logf = logf
		}
		sigs, stop := stopSignals()
		defer stop()
		h, err := hosting.Start(opts)
		if err != nil {
			ready.Done()
			return err
		}
		codes, addrs := h.JoinCodes(), h.Addresses()
		if codes == nil {
			codes = []string{}
		}
		if addrs == nil {
			addrs = []string{}
		}
		out.write(hostingOut{Event: "hosting", Game: info.ID, Title: info.Title, System: info.System.ID,
			PIN: h.PIN(), Port: h.Port(), Fingerprint: h.Fingerprint(), Codes: codes, Addresses: addrs,
			MDNS: opts.Advertiser != nil, Seats: seatsOut(h.Seats())})
		ready.Done()
		<-sigs
		err = h.Close()
		if serr := h.Err(); serr != nil {
			logf("%v", serr)
		}
		out.write(struct {
			Event string `json:"event"`
			Game  string `json:"game"`
		}{"stopped", info.ID})
		if err != nil {
			return fmt.Errorf("stop hosting %s: %w", info.ID, err)
		}
		return out.err
	})
}
