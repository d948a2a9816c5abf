package ruunarascreen

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara"
)

// TestMain registers Ruunara's screen, as the app's root does, and runs the tests.
func TestMain(m *testing.M) {
	play.Register(ruunara.ID, New)
	apptest.Main(m)
}

// newTestUI starts the interface on a test app and window of the given
// size, with st as the save store.
func newTestUI(t *testing.T, st console.Store, size fyne.Size) (*shell.UI, fyne.Window) {
	t.Helper()
	return apptest.NewUI(t, st, size, home.New)
}

// newGame creates a Ruunara game in st (dice from the table first).
func newGame(t *testing.T, st console.Store, seats ...console.Seat) *console.Session {
	t.Helper()
	s, err := console.Create(ruunara.New(), console.Setup{Title: "Darkest Path", Seed: 7, Seats: seats, Options: map[string]string{"dice": "table"}},
		console.Options{Store: st, Clock: apptest.Clock})
	if err != nil {
		t.Fatalf("create ruunara: %v", err)
	}
	return s
}

// testCards is the §5 test card set as one define-card json= record list.
func testCards(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/cards.json")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// soloGame is a solo game with the test cards, Naali (H1) and Tarok (H2)
// against two Saarok (E1, E2), started when start is set.
func soloGame(t *testing.T, st console.Store, start bool) *console.Session {
	t.Helper()
	sess := newGame(t, st, "p1")
	apptest.DoAs(t, sess, "p1", ruunara.CmdDefineCard, map[string]any{"json": testCards(t)})
	apptest.DoAs(t, sess, "p1", ruunara.CmdAddHero, map[string]any{"card": "naali"})
	apptest.DoAs(t, sess, "p1", ruunara.CmdAddHero, map[string]any{"card": "tarok"})
	apptest.DoAs(t, sess, "p1", ruunara.CmdAddEnemy, map[string]any{"card": "saarok", "count": 2})
	if start {
		apptest.DoAs(t, sess, "p1", ruunara.CmdStart, nil)
	}
	return sess
}

// screenOf returns the Ruunara screen on show.
func screenOf(t *testing.T, u *shell.UI) *Screen {
	t.Helper()
	switch s := u.Game().Screen().(type) {
	case *Screen:
		return s
	case hotScreen:
		return s.Screen
	}
	t.Fatalf("game screen is %T", u.Game().Screen())
	return nil
}

// promptOf returns the open prompt, failing when none is open or it is
// of another kind.
func promptOf(t *testing.T, s *Screen, kind string) *ruunara.PromptView {
	t.Helper()
	p := s.view.Prompt
	if p == nil {
		t.Fatalf("no prompt open, want %s; next: %s", kind, s.view.Next)
	}
	if p.Kind != kind {
		t.Fatalf("prompt is %s (%s %q), want %s", p.Kind, p.QKind, p.Text, kind)
	}
	return p
}
