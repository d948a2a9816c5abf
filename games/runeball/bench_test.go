package runeball

import (
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// BenchmarkView is one coach's view in round 1 with H4 acting next to
// two opponents: the cost a screen pays after every change.
func BenchmarkView(b *testing.B) {
	g := h4Blocks(&testing.T{})
	b.ResetTimer()
	for range b.N {
		_ = g.r.View(g.s, "home")
	}
}

// BenchmarkCommand is Decide of a half move: the copy of the state, the
// path's checks and the events.
func BenchmarkCommand(b *testing.B) {
	g := roundOne(&testing.T{})
	g.do("away", CmdLetAct)
	cmd := console.Command{Name: CmdMove, Args: map[string]any{"player": "H4", "path": "15:15,16:16,17:17", "as": "half"}}
	b.ResetTimer()
	for range b.N {
		if _, err := g.r.Decide(g.s, "home", cmd, g.d); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReplayMatch replays a whole match's events (rules.Apply only,
// as a resume without a snapshot does).
func BenchmarkReplayMatch(b *testing.B) {
	t := &testing.T{}
	g := caught(t)
	g.st().RoundsPerHalf = 2
	playMonkey(t, g, 1)
	r := New()
	b.ResetTimer()
	for range b.N {
		s, err := r.New(g.setup)
		if err != nil {
			b.Fatal(err)
		}
		for _, e := range g.evs {
			if s, err = r.Apply(s, e); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(g.evs)), "events/op")
}
