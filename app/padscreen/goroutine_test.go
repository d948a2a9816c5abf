package padscreen

import (
	"testing"
	"time"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

// TestSubscriptionRefreshesFromOtherGoroutines: a command from elsewhere (a
// network goroutine, later) reaches the screen through the subscription.
func TestSubscriptionRefreshesFromOtherGoroutines(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewPad(t, st, "Remote", nil, "alice", "bob")
	u, _ := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := padScreen(t, u)
	done := make(chan error)
	go func() {
		_, err := sess.Do("bob", console.Command{Name: scorepad.CmdAdd, Args: map[string]any{"player": "bob", "points": 9}})
		done <- err
	}()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	// The update arrives on the subscription's own goroutine and is drawn
	// through fyne.Do: wait for it.
	read := func() (got string) {
		u.Game().Locked(func() { got = total(s, 1).Text })
		return got
	}
	deadline := time.Now().Add(5 * time.Second)
	for read() != "9" && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if got := read(); got != "9" {
		t.Errorf("bob's total = %q after a command from another goroutine, want 9", got)
	}
}
