package linktest

import (
	"runtime"
	"testing"
	"time"
)

// LeakWait is how long NoLeaks lets goroutines wind down before it
// reports them.
var LeakWait = 5 * time.Second

// NoLeaks checks that the test leaves no goroutine behind: it counts the
// goroutines now and checks again in a cleanup. Cleanups run last
// registered first, so call NoLeaks first in the test and its check runs
// after every later cleanup (closing the host, the Network). The check
// waits up to LeakWait for the count to
// fall back, then fails the test with every goroutine's stack. It counts
// the whole process's goroutines, so do not use it in a test that runs in
// parallel with others (t.Parallel).
func NoLeaks(t testing.TB) {
	t.Helper()
	// The least of a few counts, so a goroutine of the previous test still
	// on its way out does not raise the baseline and hide a leak.
	before := runtime.NumGoroutine()
	for range 5 {
		time.Sleep(2 * time.Millisecond)
		before = min(before, runtime.NumGoroutine())
	}
	t.Cleanup(func() {
		if n, ok := Settle(before, LeakWait); !ok {
			buf := make([]byte, 1<<20)
			buf = buf[:runtime.Stack(buf, true)]
			t.Errorf("linktest: %d goroutines at the start, %d after %v; the stacks:\n%s", before, n, LeakWait, buf)
		}
	})
}

// Settle waits up to timeout for the number of goroutines to fall to at
// most want, polling every few milliseconds, and returns the last count
// and whether it did.
func Settle(want int, timeout time.Duration) (int, bool) {
	deadline := time.Now().Add(timeout)
	for {
		n := runtime.NumGoroutine()
		if n <= want {
			return n, true
		}
		if !time.Now().Before(deadline) {
			return n, false
		}
		time.Sleep(5 * time.Millisecond)
	}
}
