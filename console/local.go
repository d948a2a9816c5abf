package console

import (
	"bytes"
	"sync"
	"time"
)

// Local is a Game played on this device: a Session, seen one seat at a
// time. It is what the screens and the command line hold for a local game;
// the LAN client is the other Game.
type Local struct {
	s *Session
}

var _ Game = (*Local)(nil)

// NewLocal returns the Game interface of a session.
func NewLocal(s *Session) *Local { return &Local{s: s} }

// Session returns the session behind the game, for the host side of LAN
// play and for tests; screens never use it.
func (l *Local) Session() *Session { return l.s }

// Info describes the game; the seed only once it has finished.
func (l *Local) Info() GameInfo {
	meta := PublicMeta(l.s.Meta())
	if meta.Status != StatusFinished {
		// The time of the last change would tell when the other side did
		// something hidden, and the undo count that it took a hidden
		// command back.
		meta.Updated, meta.Undos = time.Time{}, 0
	}
	return GameInfo{
		ID: meta.ID, System: l.s.rules.Info(), Title: meta.Setup.Title,
		Seats: append([]Seat(nil), meta.Setup.Seats...), Options: copyOptions(meta.Setup.Options),
		Status: meta.Status, Summary: meta.Summary, Created: meta.Created, Updated: meta.Updated,
		Undos: meta.Undos, Seed: meta.Setup.Seed,
	}
}

func copyOptions(m map[string]string) map[string]string {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Commands lists the system's commands.
func (l *Local) Commands() []CommandSpec { return l.s.rules.Commands() }

// State returns what seat may know now.
func (l *Local) State(seat Seat) (SeatState, error) { return l.s.SeatState(seat) }

// StateVersion returns what seat may know now, with the game's version
// (Versioned).
func (l *Local) StateVersion(seat Seat) (SeatState, uint64, error) { return l.s.SeatStateVersion(seat) }

var _ Versioned = (*Local)(nil)

// Do plays one command as seat.
func (l *Local) Do(seat Seat, cmd Command) (Outcome, error) {
	res, err := l.s.Do(seat, cmd)
	if err != nil {
		return Outcome{}, err
	}
	return l.outcome(seat, res)
}

// Undo takes back seat's last command.
func (l *Local) Undo(seat Seat) (Outcome, error) {
	res, err := l.s.Undo(seat)
	if err != nil {
		return Outcome{}, err
	}
	return l.outcome(seat, res)
}

func (l *Local) outcome(seat Seat, res Result) (Outcome, error) {
	st, err := l.s.SeatState(seat)
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{SeatState: st, Lines: res.Lines, Duplicate: res.Duplicate, Warning: res.Warning}, nil
}

// LastActor is the seat that gave the last command (Public when none has).
func (l *Local) LastActor() (Seat, error) {
	last, err := l.s.LastCommand()
	if err != nil || len(last) == 0 {
		return Public, err
	}
	return last[0].Seat, nil
}

// History returns seat's lines numbered after after.
func (l *Local) History(seat Seat, after uint64) ([]HistoryLine, error) {
	lines, err := l.s.History(seat)
	if err != nil {
		return nil, err
	}
	if after >= uint64(len(lines)) {
		return []HistoryLine{}, nil
	}
	return lines[after:], nil
}

// Checkpoint stores a snapshot now.
func (l *Local) Checkpoint() error { return l.s.Checkpoint() }

// Subscribe delivers seat's new state after each change that changes it,
// in order, on a goroutine of its own. Several changes in quick
// succession may arrive as one update (the latest state); an update is
// never older than one delivered before it.
func (l *Local) Subscribe(seat Seat, fn func(Update)) (cancel func()) {
	sub := &subscriber{l: l, seat: seat, fn: fn, wake: make(chan struct{}, 1), done: make(chan struct{})}
	if st, err := l.s.SeatState(seat); err == nil {
		sub.seq = st.Seq
		sub.view, _ = Encode(st.View) // nil when it cannot be encoded: the first change is delivered
	}
	stop := l.s.Subscribe(func(c Change) {
		sub.mu.Lock()
		sub.kind = c.Kind
		sub.mu.Unlock()
		select {
		case sub.wake <- struct{}{}:
		default: // a wake-up is already pending; it will read the latest state
		}
	})
	go sub.run()
	var once sync.Once
	return func() {
		once.Do(func() {
			stop()
			sub.mu.Lock()
			sub.closed = true
			sub.mu.Unlock()
			close(sub.done)
		})
	}
}

// subscriber is one Subscribe call's delivery loop.
type subscriber struct {
	l    *Local
	seat Seat
	fn   func(Update)
	wake chan struct{}
	done chan struct{}

	mu     sync.Mutex
	kind   ChangeKind
	closed bool
	// seq and view are what was last delivered (or current at Subscribe).
	seq  uint64
	view []byte
}

func (sub *subscriber) run() {
	for {
		select {
		case <-sub.done:
			return
		case <-sub.wake:
		}
		st, version, err := sub.l.s.SeatStateVersion(sub.seat)
		if err != nil {
			// The seat's view failed (rules that panic, or a seat that is
			// not in the game): nothing to deliver; the subscriber reads
			// the error itself from State, and the next change tries again.
			continue
		}
		enc, err := Encode(st.View)
		sub.mu.Lock()
		// A view that cannot be encoded counts as changed (enc is nil).
		same := err == nil && st.Seq == sub.seq && bytes.Equal(enc, sub.view)
		kind, closed := sub.kind, sub.closed
		sub.seq, sub.view = st.Seq, enc
		sub.mu.Unlock()
		if same || closed {
			continue
		}
		sub.fn(Update{Kind: kind, SeatState: st, Encoded: enc, Version: version})
	}
}
