package landsofruin

import (
	"os"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/script"
)

// TestAppRollsTheAttackDice: roll d20=app rolls one d20 per target with the
// game's dice (the same again on replay) and the log says so. The game is
// the two-player tutorial up to its first roll, which the app makes.
func TestAppRollsTheAttackDice(t *testing.T) {
	lines := func() string {
		f, err := os.Open("testdata/two-player-tutorial.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		setup, steps, err := script.Read(f)
		if err != nil {
			t.Fatal(err)
		}
		sess, err := console.Create(New(), *setup, console.Options{Store: console.NewMemStore()})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range steps {
			if l.Reject != "" || l.Undo {
				continue
			}
			cmd := l.Command()
			if l.Cmd == CmdRoll {
				cmd.Args = map[string]any{"d20": AppRoll}
			}
			if _, err := sess.Do(l.Seat, cmd); err != nil {
				t.Fatalf("line %d: %v", l.Number, err)
			}
			if l.Cmd == CmdRoll {
				break
			}
		}
		hist, err := sess.History(console.Public)
		if err != nil {
			t.Fatal(err)
		}
		return hist[len(hist)-1].Text
	}
	a, b := lines(), lines()
	if !strings.Contains(a, "(the app rolled)") {
		t.Errorf("log line %q does not say the app rolled", a)
	}
	if a != b {
		t.Errorf("the same game rolled differently: %q vs %q", a, b)
	}
}
