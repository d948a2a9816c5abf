package secure

import (
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"
	"math/big"
	"net"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// PINLength is the number of digits of a PIN.
const PINLength = 4

// Limiter settings: FreeTries wrong PINs from one remote cost nothing; the
// next wrong one makes the remote wait BaseWait, and each further one twice
// as long as the previous wait, up to MaxWait. A right PIN clears the
// remote's record. With them, trying the 10,000 PINs from one remote takes
// weeks.
const (
	FreeTries = 3
	// GlobalFreeTries wrong PINs in all, from every remote together, cost
	// nothing; after that every wrong PIN, from anyone, makes everyone
	// wait as above, so that a device taking a new address every three
	// guesses gains nothing. A right PIN does not clear it (an attacker
	// would not have one); it is forgotten an hour after the last wrong
	// PIN, or when the host shows a new PIN (Limiter.Reset).
	GlobalFreeTries = 12
	BaseWait        = 2 * time.Second
	MaxWait         = 5 * time.Minute
)

// forgetAfter is how long a remote's record of wrong PINs is kept after its
// last wrong PIN (and its wait) are over.
const forgetAfter = time.Hour

// ErrWrongPIN is the error (wrapped) for a wrong PIN.
var ErrWrongPIN = errors.New("wrong PIN")

// ErrTooManyTries is the error (wrapped, by *WaitError) for a remote that
// must wait before it may try a PIN again.
var ErrTooManyTries = errors.New("too many wrong PINs")

// PIN is the join PIN the host shows: PINLength decimal digits.
type PIN string

// NewPIN returns a uniformly random PIN from crypto/rand.
func NewPIN() (PIN, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(10_000))
	if err != nil {
		return "", fmt.Errorf("new PIN: %w", err)
	}
	return PIN(fmt.Sprintf("%0*d", PINLength, n.Int64())), nil
}

// ParsePIN reads a PIN as a player typed it: PINLength digits, spaces
// around and between them ignored.
func ParsePIN(s string) (PIN, error) {
	p := strings.Join(strings.Fields(s), "")
	if len(p) != PINLength || strings.Trim(p, "0123456789") != "" {
		return "", fmt.Errorf("PIN %q: want %d digits", s, PINLength)
	}
	return PIN(p), nil
}

// Equal reports whether guess is p, in constant time (for PINs of
// PINLength).
func (p PIN) Equal(guess PIN) bool {
	return subtle.ConstantTimeCompare([]byte(p), []byte(guess)) == 1
}

// String returns p's digits.
func (p PIN) String() string { return string(p) }

// WaitError is the error a Limiter returns while a remote must wait. It
// wraps ErrTooManyTries.
type WaitError struct {
	Remote string        // the remote, as passed to Check
	Wrong  int           // its wrong PINs in a row
	Wait   time.Duration // how long until it may try again
}

// Error says how long to wait, in whole seconds rounded up: "too many wrong
// PINs (4): try again in 4s". It names no address (the player reads it).
func (e *WaitError) Error() string {
	secs := (e.Wait + time.Second - 1).Truncate(time.Second)
	if e.Remote == allRemotes {
		return fmt.Sprintf("%v on this game (%d): try again in %v, or ask the host for a new PIN", ErrTooManyTries, e.Wrong, secs)
	}
	return fmt.Sprintf("%v (%d): try again in %v", ErrTooManyTries, e.Wrong, secs)
}

// allRemotes is the key of the record of every remote's wrong PINs
// together (no RemoteKey is empty).
const allRemotes = ""

// Unwrap returns ErrTooManyTries.
func (e *WaitError) Unwrap() error { return ErrTooManyTries }

// Limiter checks PINs and rate-limits wrong ones per remote. The zero
// value is not usable; call NewLimiter. A Limiter is safe for concurrent
// use; it holds no state outside itself.
type Limiter struct {
	now func() time.Time

	mu      sync.Mutex
	remotes map[string]*record
}

// record is one remote's wrong PINs in a row and when it may try again.
type record struct {
	wrong int
	until time.Time // zero: may try now
	last  time.Time // its last wrong PIN
}

// NewLimiter returns a Limiter that reads the time from now (time.Now if
// nil; tests pass a fake clock).
func NewLimiter(now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{now: now, remotes: make(map[string]*record)}
}

// RemoteKey returns the key under which Limiter counts a connection's
// wrong PINs: its IPv4 address without the port (which changes with every
// connection); for IPv6 its /64 network, since a device can take any
// number of addresses in it, and one key for every link-local address;
// a net.Addr's String when it is no IP address.
func RemoteKey(a net.Addr) string {
	s := a.String()
	host := s
	if h, _, err := net.SplitHostPort(s); err == nil {
		host = h
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		if host == "" {
			return "?"
		}
		return host
	}
	ip = ip.Unmap().WithZone("")
	switch {
	case ip.Is4():
		return ip.String()
	case ip.IsLinkLocalUnicast():
		return "fe80::/10"
	default:
		return netip.PrefixFrom(ip, 64).Masked().String()
	}
}

// Check checks a PIN guess from remote (RemoteKey of its connection)
// against want. It returns nil for the right PIN, which clears remote's
// record; an error wrapping ErrWrongPIN, saying how many tries are left
// before a wait or how long the wait now is, for a wrong one; and a
// *WaitError while remote must wait, without looking at the guess (so a
// right PIN is refused too until the wait is over). Check, Allow and
// Forget may be called concurrently; each Check is one atomic step.
func (l *Limiter) Check(remote string, want, guess PIN) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.sweep(now)
	all := l.remotes[allRemotes]
	if all != nil && now.Sub(all.last) > forgetAfter && !now.Before(all.until) {
		delete(l.remotes, allRemotes)
		all = nil
	}
	if err := all.waiting(allRemotes, now); err != nil {
		return err
	}
	r := l.remotes[remote]
	if err := r.waiting(remote, now); err != nil {
		return err
	}
	if want.Equal(guess) && len(want) == PINLength {
		delete(l.remotes, remote)
		return nil
	}
	if r == nil {
		r = &record{}
		l.remotes[remote] = r
	}
	if all == nil {
		all = &record{}
		l.remotes[allRemotes] = all
	}
	r.wrong++
	r.last = now
	all.wrong++
	all.last = now
	if all.wrong > GlobalFreeTries {
		all.until = now.Add(waitFor(FreeTries + all.wrong - GlobalFreeTries - 1))
	}
	if left := FreeTries - r.wrong; left > 0 {
		return fmt.Errorf("%w: %d left before a wait", ErrWrongPIN, left)
	}
	w := waitFor(r.wrong)
	r.until = now.Add(w)
	return fmt.Errorf("%w: wait %v before the next try", ErrWrongPIN, w)
}

// Reset forgets every record (the host shows a new PIN).
func (l *Limiter) Reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	clear(l.remotes)
}

// Allow reports, without a guess, whether remote may try a PIN now: nil,
// or the *WaitError Check would return. A host can call it before asking
// for the PIN.
func (l *Limiter) Allow(remote string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.remotes[remote].waiting(remote, l.now())
}

// Forget clears remote's record (the host's player let it in by hand, or a
// new game with a new PIN).
func (l *Limiter) Forget(remote string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.remotes, remote)
}

// waiting returns the *WaitError for r at now, or nil (also for a nil r).
func (r *record) waiting(remote string, now time.Time) error {
	if r == nil || !now.Before(r.until) {
		return nil
	}
	return &WaitError{Remote: remote, Wrong: r.wrong, Wait: r.until.Sub(now)}
}

// waitFor returns the wait after the wrong-th wrong PIN in a row: none up
// to FreeTries, then BaseWait doubling up to MaxWait.
func waitFor(wrong int) time.Duration {
	if wrong < FreeTries {
		return 0
	}
	w := BaseWait
	for i := FreeTries; i < wrong && w < MaxWait; i++ {
		w *= 2
	}
	return min(w, MaxWait)
}

// sweep drops the records of remotes whose last wrong PIN, and wait, are
// over forgetAfter ago, so a host up for days keeps no more than the
// remotes of the last hour. It runs only when there are many records.
func (l *Limiter) sweep(now time.Time) {
	if len(l.remotes) < 256 {
		return
	}
	for k, r := range l.remotes {
		if k == allRemotes {
			continue
		}
		if now.Sub(r.last) > forgetAfter && !now.Before(r.until) {
			delete(l.remotes, k)
		}
	}
}
