package secure

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock a test moves by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *fakeClock) advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

func TestNewPIN(t *testing.T) {
	seen := map[PIN]bool{}
	for range 200 {
		p, err := NewPIN()
		if err != nil {
			t.Fatal(err)
		}
		if q, err := ParsePIN(p.String()); err != nil || q != p {
			t.Fatalf("NewPIN gave %q, which ParsePIN reads as %q, %v", p, q, err)
		}
		seen[p] = true
	}
	if len(seen) < 150 { // 200 draws from 10,000: about 198 distinct
		t.Errorf("only %d distinct PINs in 200", len(seen))
	}
}

func TestParsePIN(t *testing.T) {
	tests := []struct{ in, want, err string }{
		{"0042", "0042", ""},
		{" 12 34 ", "1234", ""},
		{"9999", "9999", ""},
		{"123", "", "want 4 digits"},
		{"12345", "", "want 4 digits"},
		{"12a4", "", "want 4 digits"},
		{"١٢٣٤", "", "want 4 digits"}, // Arabic-Indic digits
		{"", "", "want 4 digits"},
	}
	for _, tt := range tests {
		got, err := ParsePIN(tt.in)
		if string(got) != tt.want || (err == nil) != (tt.err == "") || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("ParsePIN(%q) = %q, %v; want %q, %q", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestPINEqual(t *testing.T) {
	tests := []struct {
		a, b PIN
		want bool
	}{
		{"1234", "1234", true},
		{"1234", "1235", false},
		{"1234", "123", false},
		{"1234", "", false},
		{"0000", "0000", true},
	}
	for _, tt := range tests {
		if got := tt.a.Equal(tt.b); got != tt.want {
			t.Errorf("%q.Equal(%q) = %v", tt.a, tt.b, got)
		}
	}
}

func TestLimiter(t *testing.T) {
	const pin PIN = "4711"
	type step struct {
		advance time.Duration
		guess   PIN
		want    string // "" ok, "wrong: ..." or "wait: ..." (substring of the error)
		wait    time.Duration
	}
	tests := []struct {
		name  string
		steps []step
	}{
		{"right first", []step{{guess: pin}}},
		{"three wrong then wait", []step{
			{guess: "0000", want: "wrong PIN: 2 left before a wait"},
			{guess: "0001", want: "wrong PIN: 1 left before a wait"},
			{guess: "0002", want: "wrong PIN: wait 2s before the next try"},
			{guess: pin, want: "too many wrong PINs (3): try again in 2s", wait: 2 * time.Second},
			{advance: 1500 * time.Millisecond, guess: pin, want: "try again in 1s", wait: 500 * time.Millisecond},
			{advance: 500 * time.Millisecond, guess: pin},
			{guess: "0000", want: "2 left before a wait"}, // the right PIN cleared the record
		}},
		{"backoff doubles and is capped", []step{
			{guess: "1"}, {guess: "2"}, {guess: "3", want: "wait 2s"},
			{advance: 2 * time.Second, guess: "4", want: "wait 4s"},
			{advance: 4 * time.Second, guess: "5", want: "wait 8s"},
			{advance: 8 * time.Second, guess: "6", want: "wait 16s"},
			{advance: 16 * time.Second, guess: "7", want: "wait 32s"},
			{advance: 32 * time.Second, guess: "8", want: "wait 1m4s"},
			{advance: 64 * time.Second, guess: "9", want: "wait 2m8s"},
			{advance: 128 * time.Second, guess: "10", want: "wait 4m16s"},
			{advance: 256 * time.Second, guess: "11", want: "wait 5m0s"},
			{advance: 5 * time.Minute, guess: "12", want: "wait 5m0s"},
			{advance: 5*time.Minute - time.Millisecond, guess: pin, want: "too many wrong PINs (12): try again in 1s", wait: time.Millisecond},
			{advance: time.Millisecond, guess: pin},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clk := &fakeClock{t: time.Date(2026, 11, 25, 2, 0, 0, 0, time.UTC)}
			l := NewLimiter(clk.now)
			for i, s := range tt.steps {
				clk.advance(s.advance)
				err := l.Check("r", pin, s.guess)
				switch {
				case s.guess == pin && s.want == "":
					if err != nil {
						t.Fatalf("step %d: right PIN: %v", i, err)
					}
				case s.guess != pin:
					if !errors.Is(err, ErrWrongPIN) || !strings.Contains(err.Error(), s.want) {
						t.Fatalf("step %d: %v, want ErrWrongPIN containing %q", i, err, s.want)
					}
				default:
					var we *WaitError
					if !errors.As(err, &we) || !errors.Is(err, ErrTooManyTries) || we.Wait != s.wait || err.Error() != s.want && !strings.Contains(err.Error(), s.want) {
						t.Fatalf("step %d: %v (%#v), want a wait of %v containing %q", i, err, we, s.wait, s.want)
					}
					if aerr := l.Allow("r"); aerr == nil || aerr.Error() != err.Error() {
						t.Fatalf("step %d: Allow = %v, want %v", i, aerr, err)
					}
				}
			}
		})
	}
}

func TestLimiterPerRemote(t *testing.T) {
	clk := &fakeClock{t: time.Unix(0, 0)}
	l := NewLimiter(clk.now)
	for i := range FreeTries {
		l.Check("a", "1234", PIN(fmt.Sprint(i)))
	}
	if err := l.Check("a", "1234", "1234"); !errors.Is(err, ErrTooManyTries) {
		t.Fatalf("remote a: %v, want a wait", err)
	}
	if err := l.Allow("b"); err != nil {
		t.Errorf("remote b waits for a's wrong PINs: %v", err)
	}
	if err := l.Check("b", "1234", "1234"); err != nil {
		t.Errorf("remote b: %v", err)
	}
	l.Forget("a")
	if err := l.Check("a", "1234", "1234"); err != nil {
		t.Errorf("after Forget: %v", err)
	}
}

// TestLimiterGlobal: wrong PINs from many remotes count together: after
// GlobalFreeTries everyone waits, so a device that takes a new address
// every few guesses gains nothing, and a flood of remotes keeps few
// records. An hour after the last wrong PIN, or after Reset, it is
// forgotten.
func TestLimiterGlobal(t *testing.T) {
	clk := &fakeClock{t: time.Unix(0, 0)}
	l := NewLimiter(clk.now)
	for i := range GlobalFreeTries {
		if err := l.Check(fmt.Sprint("addr", i), "1234", "0000"); !errors.Is(err, ErrWrongPIN) {
			t.Fatalf("wrong PIN %d: %v", i, err)
		}
	}
	if err := l.Check("next", "1234", "1234"); err != nil {
		t.Fatalf("a right PIN within the budget: %v", err)
	}
	if err := l.Check("addr-13", "1234", "0000"); !errors.Is(err, ErrWrongPIN) {
		t.Fatalf("the budget's last wrong PIN: %v", err)
	}
	// Everyone waits now, even with the right PIN, from a new address.
	err := l.Check("fresh", "1234", "1234")
	var we *WaitError
	if !errors.As(err, &we) || !strings.Contains(err.Error(), "ask the host for a new PIN") {
		t.Fatalf("after the budget: %v", err)
	}
	for i := range 300 {
		l.Check(fmt.Sprint("flood", i), "1234", "0000")
	}
	if n := len(l.remotes); n > GlobalFreeTries+2 {
		t.Errorf("%d records after a flood of 300 remotes, want at most %d", n, GlobalFreeTries+2)
	}
	clk.advance(forgetAfter + MaxWait + time.Second)
	if err := l.Check("fresh", "1234", "1234"); err != nil {
		t.Errorf("an hour later: %v", err)
	}
	for i := range GlobalFreeTries + 1 {
		l.Check(fmt.Sprint("again", i), "1234", "0000")
	}
	l.Reset()
	if err := l.Check("fresh", "1234", "1234"); err != nil {
		t.Errorf("after Reset: %v", err)
	}
}

func TestLimiterConcurrent(t *testing.T) {
	l := NewLimiter(nil)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 50 {
				l.Check(fmt.Sprint(i%2), "1234", "0000")
			}
		})
	}
	wg.Wait()
	if err := l.Allow("0"); !errors.Is(err, ErrTooManyTries) {
		t.Errorf("after 200 wrong PINs: %v", err)
	}
}

func TestRemoteKey(t *testing.T) {
	tests := []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv4(192, 0, 2, 7), Port: 50123}, "192.0.2.7"},
		{net.TCPAddrFromAddrPort(netip.MustParseAddrPort("[fe80::1%eth0]:9")), "fe80::/10"},
		{net.TCPAddrFromAddrPort(netip.MustParseAddrPort("[fe80::abcd%wlan0]:9")), "fe80::/10"},
		{net.TCPAddrFromAddrPort(netip.MustParseAddrPort("[2001:db8:1:2:aaaa::1]:9")), "2001:db8:1:2::/64"},
		{net.TCPAddrFromAddrPort(netip.MustParseAddrPort("[2001:db8:1:2:bbbb::7]:9")), "2001:db8:1:2::/64"},
		{net.TCPAddrFromAddrPort(netip.MustParseAddrPort("[::ffff:192.0.2.9]:9")), "192.0.2.9"},
		{&net.UnixAddr{Name: "seatA", Net: "unix"}, "seatA"},
	}
	for _, tt := range tests {
		if got := RemoteKey(tt.addr); got != tt.want {
			t.Errorf("RemoteKey(%v) = %q, want %q", tt.addr, got, tt.want)
		}
	}
}
