package lanbench

import (
	"bytes"
	"sync"

	"github.com/commandconsole/commandconsole/console"
)

// SharedViews is a console.Game in front of a console.Local that works out
// each seat's state (its view, sequence number and status) and the view's
// canonical encoding once per change, however many connections and
// subscriptions ask for it: the host's connections of one seat (every
// spectator is console.Public) and a connection's subscription and its
// own State call then share one computation.
//
// It exists to measure what sync/host would gain from doing this itself
// (DesignOursShared); the app does not use it. Subscriptions behave as
// console.Local's: in order, on a goroutine each, only when the seat's
// sequence number or view bytes changed, several quick changes possibly
// delivered as one.
type SharedViews struct {
	*console.Local
	stop func()

	mu    sync.Mutex
	gen   uint64 // bumped on every change of the game
	kind  console.ChangeKind
	seats map[console.Seat]*seatViews
	subs  map[int]*sharedSub
	next  int
}

var _ console.Game = (*SharedViews)(nil)

// seatViews is one seat's state as of a change.
type seatViews struct {
	mu    sync.Mutex // held while the state is worked out
	valid bool
	gen   uint64
	st    console.SeatState
	enc   []byte
	err   error
}

// NewSharedViews puts a per-seat state cache in front of l. Close stops
// it.
func NewSharedViews(l *console.Local) *SharedViews {
	g := &SharedViews{Local: l, seats: map[console.Seat]*seatViews{}, subs: map[int]*sharedSub{}}
	g.stop = l.Session().Subscribe(func(c console.Change) {
		g.mu.Lock()
		g.gen++
		g.kind = c.Kind
		subs := make([]*sharedSub, 0, len(g.subs))
		for _, s := range g.subs {
			subs = append(subs, s)
		}
		g.mu.Unlock()
		for _, s := range subs {
			select {
			case s.wake <- struct{}{}:
			default:
			}
		}
	})
	return g
}

// Close stops following the game and every subscription.
func (g *SharedViews) Close() {
	g.stop()
	g.mu.Lock()
	subs := g.subs
	g.subs = map[int]*sharedSub{}
	g.mu.Unlock()
	for _, s := range subs {
		s.cancel()
	}
}

// state is seat's state and its view's encoding as of the last change,
// worked out once per change.
func (g *SharedViews) state(seat console.Seat) (console.SeatState, []byte, error) {
	g.mu.Lock()
	sv := g.seats[seat]
	if sv == nil {
		sv = &seatViews{}
		g.seats[seat] = sv
	}
	g.mu.Unlock()
	sv.mu.Lock()
	defer sv.mu.Unlock()
	g.mu.Lock()
	gen := g.gen // read before the state: a change meanwhile makes it stale
	g.mu.Unlock()
	if sv.valid && sv.gen == gen {
		return sv.st, sv.enc, sv.err
	}
	st, err := g.Local.State(seat)
	var enc []byte
	if err == nil {
		enc, err = console.Encode(st.View)
	}
	sv.valid, sv.gen, sv.st, sv.enc, sv.err = true, gen, st, enc, err
	return st, enc, err
}

// State returns what seat may know now, worked out once per change.
func (g *SharedViews) State(seat console.Seat) (console.SeatState, error) {
	st, _, err := g.state(seat)
	return st, err
}

// Subscribe calls fn with seat's new state after every change that
// changes it, as console.Local does, from the shared state.
func (g *SharedViews) Subscribe(seat console.Seat, fn func(console.Update)) (cancel func()) {
	s := &sharedSub{g: g, seat: seat, fn: fn, wake: make(chan struct{}, 1), done: make(chan struct{})}
	if st, enc, err := g.state(seat); err == nil {
		s.seq, s.view = st.Seq, enc
	}
	g.mu.Lock()
	id := g.next
	g.next++
	g.subs[id] = s
	g.mu.Unlock()
	go s.run()
	return func() {
		g.mu.Lock()
		delete(g.subs, id)
		g.mu.Unlock()
		s.cancel()
	}
}

// sharedSub is one subscription's delivery loop.
type sharedSub struct {
	g    *SharedViews
	seat console.Seat
	fn   func(console.Update)
	wake chan struct{}
	done chan struct{}
	once sync.Once
	seq  uint64
	view []byte
}

func (s *sharedSub) cancel() { s.once.Do(func() { close(s.done) }) }

func (s *sharedSub) run() {
	for {
		select {
		case <-s.done:
			return
		case <-s.wake:
		}
		st, enc, err := s.g.state(s.seat)
		if err != nil || (st.Seq == s.seq && bytes.Equal(enc, s.view)) {
			continue
		}
		s.seq, s.view = st.Seq, enc
		s.g.mu.Lock()
		kind := s.g.kind
		s.g.mu.Unlock()
		select {
		case <-s.done:
			return
		default:
		}
		s.fn(console.Update{Kind: kind, SeatState: st})
	}
}
