package linktest

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// recorder is a testing.TB that keeps cleanups and errors to itself.
type recorder struct {
	testing.TB
	cleanups []func()
	errors   []string
}

func (r *recorder) Helper()          {}
func (r *recorder) Cleanup(f func()) { r.cleanups = append(r.cleanups, f) }
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func TestNoLeaksCatchesALeak(t *testing.T) {
	defer func(w time.Duration) { LeakWait = w }(LeakWait)
	LeakWait = 50 * time.Millisecond
	tests := []struct {
		name    string
		release bool // the goroutine ends before the check
		want    bool // the check reports a leak
	}{
		{"a goroutine left blocked", false, true},
		{"a goroutine that ends", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &recorder{TB: t}
			NoLeaks(r)
			stop := make(chan struct{})
			go func() { <-stop }()
			if tt.release {
				close(stop)
			}
			for _, f := range r.cleanups {
				f()
			}
			if !tt.release {
				close(stop)
			}
			if got := len(r.errors) > 0; got != tt.want {
				t.Errorf("reported a leak: %v, want %v (%v)", got, tt.want, r.errors)
			}
			if tt.want && len(r.errors) > 0 && !strings.Contains(r.errors[0], "goroutine ") {
				t.Errorf("the report has no stacks: %.200s", r.errors[0])
			}
		})
	}
}
