package ruunara

import (
	"bytes"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// BenchmarkView is one seat's view in a combat phase with three heroes and
// five enemies: the hero actions are asked of Decide, so this is the cost
// a screen pays after every change.
func BenchmarkView(b *testing.B) {
	t := &testing.T{}
	g := solo(t, []string{"naali", "graam", "tarok"}, "saarok", "saarok", "saarok", "saarok", "saarok-archer")
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H3", "enemies=E4")
	g.to(PhaseCombat)
	b.ResetTimer()
	for range b.N {
		_ = g.r.View(g.s, "p1")
	}
}

// BenchmarkReplaySolo is the replay of the golden solo mission's events
// (rules.Apply only, as a resume without snapshot does).
func BenchmarkReplaySolo(b *testing.B) {
	t := &testing.T{}
	g := soloMission(t)
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

// BenchmarkCommand is one end-phase of a quiet seat turn: Decide on a copy
// of the state and Apply of its events.
func BenchmarkCommand(b *testing.B) {
	t := &testing.T{}
	g := solo(t, []string{"naali", "graam", "tarok"}, "saarok", "saarok", "saarok", "saarok", "saarok-archer")
	r := New()
	cmd := console.Command{Name: CmdAdjust, Args: map[string]any{"unit": "H1", "hp": "9"}}
	b.ResetTimer()
	for range b.N {
		evs, err := r.Decide(g.s, "p1", cmd, g.d)
		if err != nil {
			b.Fatal(err)
		}
		_ = evs
	}
}

// TestCloneIsDeep: the hand-written clone equals the original at every
// step of the golden missions, and changing the clone (by applying the
// next command's events to it) leaves the original as it was.
func TestCloneIsDeep(t *testing.T) {
	for _, play := range []func(*testing.T) *tgame{soloMission, duoMission} {
		g := play(t)
		r := New()
		s, err := r.New(g.setup)
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range g.evs {
			st := s.(*state)
			c, _ := st.clone()
			cb, _ := console.Encode(c)
			rb, _ := console.Encode(st)
			if !bytes.Equal(cb, rb) {
				t.Fatalf("event %d: the clone differs from the original", i)
			}
			before, _ := console.Encode(st)
			if err := c.apply(e); err != nil {
				t.Fatal(err)
			}
			if i+1 < len(g.evs) {
				_ = c.apply(g.evs[i+1]) // two events deep: appends and filters too
			}
			after, _ := console.Encode(st)
			if !bytes.Equal(before, after) {
				t.Fatalf("event %d (%s): applying to the clone changed the original", i, e.Type)
			}
			if s, err = r.Apply(s, e); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// BenchmarkClone compares the hand-written copy Decide works on with a copy
// through the codec (what it replaced), on the solo mission's last state.
func BenchmarkClone(b *testing.B) {
	t := &testing.T{}
	g := soloMission(t).st()
	b.Run("hand", func(b *testing.B) {
		for range b.N {
			if _, err := g.clone(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("codec", func(b *testing.B) {
		for range b.N {
			enc, err := console.Encode(g)
			if err != nil {
				b.Fatal(err)
			}
			var c state
			if err := console.Decode(enc, &c); err != nil {
				b.Fatal(err)
			}
		}
	})
}
