package lanbench

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"sync"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/sync/client"
	"github.com/commandconsole/commandconsole/sync/hosting"
	"github.com/commandconsole/commandconsole/sync/secure"
	"github.com/commandconsole/commandconsole/version"
)

// benchPIN is the PIN of every benchmark game.
const benchPIN = secure.PIN("4821")

// stepTimeout bounds the wait for one command to reach every device.
const stepTimeout = 20 * time.Second

// Heartbeats of the benchmark's clients: rare, so an Ack seldom falls
// inside a measured command, and under the host's 15 s idle timeout.
const (
	benchHeartbeat = 5 * time.Second
	benchTimeout   = 30 * time.Second
)

// DeviceSeat is the seat of device i (0-based) of n: the two players
// first, then spectators.
func DeviceSeat(i int) console.Seat {
	switch i {
	case 0:
		return SeatA
	case 1:
		return SeatB
	}
	return console.Public
}

// arrivals records when a device's updates arrived.
type arrivals struct {
	mu   sync.Mutex
	at   []time.Time
	wake chan struct{}
}

func newArrivals() *arrivals { return &arrivals{wake: make(chan struct{})} }

// arrived records an update now.
func (a *arrivals) arrived() {
	now := time.Now()
	a.mu.Lock()
	a.at = append(a.at, now)
	wake := a.wake
	a.wake = make(chan struct{})
	a.mu.Unlock()
	close(wake)
}

// count is the number of updates so far.
func (a *arrivals) count() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.at)
}

// wait returns when update n (1-based) arrived, waiting for it until
// deadline.
func (a *arrivals) wait(n int, deadline time.Time) (time.Time, error) {
	for {
		a.mu.Lock()
		if len(a.at) >= n {
			at := a.at[n-1]
			a.mu.Unlock()
			return at, nil
		}
		wake := a.wake
		a.mu.Unlock()
		d := time.Until(deadline)
		if d <= 0 {
			return time.Time{}, fmt.Errorf("update %d did not arrive within %s", n, stepTimeout)
		}
		t := time.NewTimer(d)
		select {
		case <-wake:
		case <-t.C:
		}
		t.Stop()
	}
}

// device is one joined client with its arrivals.
type device struct {
	seat console.Seat
	c    *client.Client
	arr  *arrivals
	stop func()
}

// ours is a game hosted with sync/hosting on 127.0.0.1 and its devices.
type ours struct {
	hosting *hosting.Hosting
	ln      *countingListener
	devices []*device
	shared  *SharedViews
}

// startOurs hosts a new game of s on 127.0.0.1:0 and joins n devices;
// shared puts SharedViews in front of the game.
func startOurs(s *Script, n int, shared bool) (*ours, error) {
	sess, err := s.NewSession()
	if err != nil {
		return nil, err
	}
	o := &ours{}
	var game console.Game = console.NewLocal(sess)
	if shared {
		o.shared = NewSharedViews(console.NewLocal(sess))
		game = o.shared
	}
	listen := func(network, addr string) (net.Listener, error) {
		ln, err := net.Listen("tcp4", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		o.ln = &countingListener{Listener: ln}
		return o.ln, nil
	}
	o.hosting, err = hosting.Start(hosting.Options{Game: game, Listen: listen,
		Addrs: []netip.Addr{netip.MustParseAddr("127.0.0.1")}, PIN: benchPIN, App: version.App, Device: "lanbench host"})
	if err != nil {
		return nil, fmt.Errorf("lanbench: host: %w", err)
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(int(o.hosting.Port())))
	for i := range n {
		seat := DeviceSeat(i)
		ctx, cancel := context.WithTimeout(context.Background(), stepTimeout)
		c, err := client.Join(ctx, client.Config{Addr: addr, Fingerprint: o.hosting.Fingerprint(), Seat: seat,
			PIN: string(benchPIN), App: version.App, Device: fmt.Sprintf("device %d", i+1),
			Heartbeat: benchHeartbeat, Timeout: benchTimeout})
		cancel()
		if err != nil {
			o.close()
			return nil, fmt.Errorf("lanbench: join device %d as %s: %w", i+1, seat, err)
		}
		d := &device{seat: seat, c: c, arr: newArrivals()}
		d.stop = c.Subscribe(seat, func(console.Update) { d.arr.arrived() })
		o.devices = append(o.devices, d)
	}
	return o, nil
}

// close leaves every device and stops hosting.
func (o *ours) close() error {
	var errs []error
	for _, d := range o.devices {
		d.stop()
		errs = append(errs, d.c.Close())
	}
	if o.hosting != nil {
		errs = append(errs, o.hosting.Close())
	}
	if o.shared != nil {
		o.shared.Close()
	}
	return errors.Join(errs...)
}

// actor is the device of a player's seat.
func (o *ours) actor(seat console.Seat) (*device, error) {
	for _, d := range o.devices {
		if d.seat == seat {
			return d, nil
		}
	}
	return nil, fmt.Errorf("lanbench: no device plays %s", seat)
}

// play gives step st through its player's device and waits until every
// device whose view it changes has its update. It returns the time from
// the Do call to the last update, the bytes the host wrote meanwhile and
// the number of devices updated; then checks every device's view against
// the recording.
func (o *ours) play(i int, st Step) (time.Duration, int64, int, error) {
	actor, err := o.actor(st.Seat)
	if err != nil {
		return 0, 0, 0, err
	}
	base := make([]int, len(o.devices))
	for j, d := range o.devices {
		base[j] = d.arr.count()
	}
	b0 := o.ln.written()
	t0 := time.Now()
	if _, err := actor.c.Do(st.Seat, st.Cmd); err != nil {
		return 0, 0, 0, fmt.Errorf("lanbench: command %d (%s %s): %w", i+1, st.Seat, st.Cmd.Name, err)
	}
	done := time.Now()
	deadline := t0.Add(stepTimeout)
	last, updated := time.Time{}, 0
	for j, d := range o.devices {
		if !st.After[d.seat].Changed {
			continue
		}
		at, err := d.arr.wait(base[j]+1, deadline)
		if err != nil {
			return 0, 0, 0, fmt.Errorf("lanbench: command %d (%s %s), device %d (%s): %w", i+1, st.Seat, st.Cmd.Name, j+1, d.seat, err)
		}
		updated++
		if at.After(last) {
			last = at
		}
	}
	if updated == 0 {
		last = done
	}
	lat := last.Sub(t0)
	// Untimed: the history lines follow the view; once every device holds
	// them the host has written everything for this command.
	for j, d := range o.devices {
		want := st.After[d.seat]
		for {
			lines, err := d.c.History(d.seat, 0)
			if err != nil {
				return 0, 0, 0, err
			}
			if len(lines) == want.Lines {
				break
			}
			if time.Now().After(deadline) {
				return 0, 0, 0, fmt.Errorf("lanbench: command %d, device %d (%s): %d history lines, want %d", i+1, j+1, d.seat, len(lines), want.Lines)
			}
			time.Sleep(200 * time.Microsecond)
		}
		if err := checkView(d, want, base[j]); err != nil {
			return 0, 0, 0, fmt.Errorf("lanbench: command %d (%s %s), device %d: %w", i+1, st.Seat, st.Cmd.Name, j+1, err)
		}
	}
	return lat, o.ln.written() - b0, updated, nil
}

// checkView checks that device d holds the recorded view and got exactly
// one update if its view changed, none otherwise.
func checkView(d *device, want SeatAfter, base int) error {
	ss, err := d.c.State(d.seat)
	if err != nil {
		return err
	}
	b, err := console.Encode(ss.View)
	if err != nil {
		return err
	}
	if ss.Seq != want.Seq {
		return fmt.Errorf("seat %s is at seq %d, the host's at %d", d.seat, ss.Seq, want.Seq)
	}
	if string(b) != string(want.View) {
		return fmt.Errorf("seat %s holds a view other than the host's (%d bytes, want %d)", d.seat, len(b), len(want.View))
	}
	wantN := base
	if want.Changed {
		wantN++
	}
	if n := d.arr.count(); n != wantN {
		return fmt.Errorf("seat %s got %d updates, want %d", d.seat, n-base, wantN-base)
	}
	return nil
}

// RunOurs replays s on a game hosted with sync/hosting on 127.0.0.1 with n
// devices joined with sync/client, and measures its Steps (the Prelude is
// played first, unmeasured).
func RunOurs(s *Script, n int) (Measure, error) { return runOurs(s, n, false) }

// RunOursShared is RunOurs with SharedViews in front of the hosted game
// (DesignOursShared).
func RunOursShared(s *Script, n int) (Measure, error) { return runOurs(s, n, true) }

func runOurs(s *Script, n int, shared bool) (Measure, error) {
	if n < 2 {
		return Measure{}, fmt.Errorf("lanbench: %d devices: the two players need two", n)
	}
	o, err := startOurs(s, n, shared)
	if err != nil {
		return Measure{}, err
	}
	var t tally
	for i, st := range s.All() {
		lat, bytes, updates, err := o.play(i, st)
		if err != nil {
			o.close()
			return Measure{}, err
		}
		if i >= len(s.Prelude) {
			t.add(lat, bytes, updates)
		}
	}
	if err := o.close(); err != nil {
		return Measure{}, fmt.Errorf("lanbench: close: %w", err)
	}
	d := DesignOurs
	if shared {
		d = DesignOursShared
	}
	return t.measure(d, n), nil
}
