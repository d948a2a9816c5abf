package lan

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/sync/discovery"
	"github.com/commandconsole/commandconsole/sync/wire"
)

// TestJoinError: every way a join fails is told in the player's words.
func TestJoinError(t *testing.T) {
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"wrong PIN", wire.Refuse{Code: wire.RefuseWrongPIN, Message: "wrong PIN from guest: 2 left before a wait"},
			"Wrong PIN: check the four digits on the host's screen. 2 more tries before a wait."},
		{"wrong PIN, then a wait", wire.Refuse{Code: wire.RefuseWrongPIN, Message: "wrong PIN from guest: wait 2s before the next try"},
			"Wait 2s before the next try."},
		{"rate limit", fmt.Errorf("join x: %w", wire.Refuse{Code: wire.RefuseRateLimit, Message: "too many", RetryAfterMs: 3500}),
			"Too many wrong PINs: wait 4 seconds before the next try."},
		{"seat taken", wire.Refuse{Code: wire.RefuseSeatTaken, Message: "seat bob is taken"}, "just been taken by another tablet"},
		{"full", wire.Refuse{Code: wire.RefuseFull, Message: "full"}, "you can still watch it"},
		{"version", &wire.VersionError{Local: wire.Hello{Protocol: 1, MinProtocol: 1, Role: wire.RoleClient}, Peer: wire.Hello{Protocol: 3, MinProtocol: 2, Role: wire.RoleHost}},
			"Update Command Console on this device"},
		{"fingerprint", fmt.Errorf("join: %w", discovery.ErrFingerprintMismatch), "does not have the host's key"},
		{"not a console", fmt.Errorf("join: %w", wire.ErrNotConsole), "is not hosting a Command Console game"},
		{"unreachable", &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}, "cannot be reached"},
		{"timeout", fmt.Errorf("join: %w", context.DeadlineExceeded), "cannot be reached"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := joinError(c.err, "10.0.0.1:47100"); !strings.Contains(got, c.want) {
				t.Errorf("joinError = %q, want it to contain %q", got, c.want)
			}
		})
	}
}
