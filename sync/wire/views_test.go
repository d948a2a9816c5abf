package wire

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/script"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// tutorialSeats are the seats whose views the tests encode: the two players
// and the spectator.
var tutorialSeats = []console.Seat{"alice", "bob", console.Public}

var (
	tutorialOnce  sync.Once
	tutorialViews map[console.Seat][][]byte
	tutorialErr   error
)

// tutorial returns, for every seat, the canonical msgpack bytes of its view
// before the first command and after every line of the Lands of Ruin
// two-player tutorial (games/landsofruin/testdata/two-player-tutorial.jsonl),
// played through console/script: the real views a host sends.
func tutorial(tb testing.TB) map[console.Seat][][]byte {
	tb.Helper()
	tutorialOnce.Do(func() { tutorialViews, tutorialErr = playTutorial() })
	if tutorialErr != nil {
		tb.Fatal(tutorialErr)
	}
	return tutorialViews
}

func playTutorial() (map[console.Seat][][]byte, error) {
	f, err := os.Open(filepath.Join("..", "..", "games", "landsofruin", "testdata", "two-player-tutorial.jsonl"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	setup, lines, err := script.Read(f)
	if err != nil {
		return nil, err
	}
	s, err := console.Create(landsofruin.New(), *setup, console.Options{})
	if err != nil {
		return nil, err
	}
	views := map[console.Seat][][]byte{}
	snap := func() error {
		for _, seat := range tutorialSeats {
			v, err := s.View(seat)
			if err != nil {
				return err
			}
			b, err := console.Encode(v)
			if err != nil {
				return err
			}
			views[seat] = append(views[seat], b)
		}
		return nil
	}
	if err := snap(); err != nil {
		return nil, err
	}
	for _, l := range lines {
		if _, _, err := l.Play(s); err != nil {
			return nil, err
		}
		if err := snap(); err != nil {
			return nil, err
		}
	}
	return views, nil
}
