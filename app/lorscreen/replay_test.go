package lorscreen

import (
	"os"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/script"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// replay creates the game of a script (testdata/*.jsonl) in memory and
// plays its lines, checking the refusals it expects.
func replay(tb testing.TB, path string) *console.Session {
	tb.Helper()
	return replayInto(tb, path, console.NewMemStore())
}

// replayInto is replay in the store st.
func replayInto(tb testing.TB, path string, st console.Store) *console.Session {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	setup, lines, err := script.Read(f)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	sess, err := console.Create(landsofruin.New(), *setup, console.Options{Store: st})
	if err != nil {
		tb.Fatal(err)
	}
	for _, l := range lines {
		if l.Undo {
			_, err = sess.Undo(l.Seat)
		} else {
			_, err = sess.Do(l.Seat, l.Command())
		}
		switch {
		case l.Reject == "" && err != nil:
			tb.Fatalf("%s:%d: %v", path, l.Number, err)
		case l.Reject != "" && (err == nil || !strings.Contains(err.Error(), l.Reject)):
			tb.Fatalf("%s:%d: got %v, want a refusal with %q", path, l.Number, err, l.Reject)
		}
	}
	return sess
}
