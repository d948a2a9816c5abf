package console_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// TestRejectTry: the command-line hint rides beside the player's message,
// through wrapping, and into the JSON only when there is one.
func TestRejectTry(t *testing.T) {
	tests := []struct {
		name     string
		err      error
		try, js  string
		isRefuse bool
	}{
		{"with a hint", console.RejectTry(console.ReasonNeedsConsent, "request-undo", "Bob saw your %s", "move"),
			"request-undo", `{"message":"Bob saw your move","reason":"needs-consent","try":"request-undo"}`, true},
		{"wrapped", fmt.Errorf("do: %w", console.RejectTry(console.ReasonNotAllowed, "end-phase", "not now")),
			"end-phase", `{"message":"not now","reason":"not-allowed","try":"end-phase"}`, true},
		{"without a hint", console.Reject("not now"), "", `{"message":"not now","reason":"not-allowed"}`, true},
		{"not a refusal", fmt.Errorf("disk full"), "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := console.TryOf(tt.err); got != tt.try {
				t.Errorf("TryOf = %q, want %q", got, tt.try)
			}
			if console.IsRejection(tt.err) != tt.isRefuse {
				t.Fatalf("IsRejection = %v", !tt.isRefuse)
			}
			if !tt.isRefuse {
				return
			}
			var r *console.Rejection
			if !errors.As(tt.err, &r) {
				t.Fatal("no Rejection in the chain")
			}
			b, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.js {
				t.Errorf("JSON = %s, want %s", b, tt.js)
			}
		})
	}
}
