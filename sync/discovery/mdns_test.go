package discovery

import (
	"context"
	"errors"
	"testing"
)

// MDNS's checks that need no network (the real exchange is
// TestMDNSInNetns).
func TestMDNSArguments(t *testing.T) {
	m := &MDNS{}
	if _, err := m.Advertise(Game{}, 47100); !errors.Is(err, ErrBadTXT) {
		t.Errorf("invalid game: %v, want ErrBadTXT", err)
	}
	if _, err := m.Advertise(sampleGame, 0); err == nil {
		t.Error("port 0 accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := m.Browse(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Browse with a cancelled context: %v", err)
	}
	if m.interval() != DefaultInterval || m.expiry() != DefaultExpiry {
		t.Error("zero MDNS does not use the default timings")
	}
}
