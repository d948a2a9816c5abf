package runeball

import (
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/games/runeball/data"
)

// Wounds and statuses (RB-F63…RB-F73, RB-D37) as pure functions the block
// flow will use: every row of the wound table applies in full; Bruise,
// Bleed, Pain and Slow are counts, Stun, Weak and Out flags; a row that
// says "roll again" asks for another d12 (11 Break, 12 KO), as long as 11
// or 12 comes up.

// Statuses are a player's wound effects.
type Statuses struct {
	Bruise int  `msgpack:"bruise"` // −1 to every skill each (RB-F69)
	Bleed  int  `msgpack:"bleed"`  // 1 HP per action each (RB-F67)
	Pain   int  `msgpack:"pain"`   // 1d4 HP per action each (RB-F72)
	Slow   int  `msgpack:"slow"`   // −2 INI and −1 MOVE each (RB-F70)
	Stun   bool `msgpack:"stun"`   // loses the next turn (RB-F68)
	Weak   bool `msgpack:"weak"`   // no d4 on block damage (RB-F71)
	Out    bool `msgpack:"out"`    // unconscious (RB-F73)
}

// Wound applies one wound row and reports whether another d12 is due.
func (s Statuses) Wound(r data.WoundRow) (Statuses, bool) {
	s.Bruise += r.Bruise
	s.Bleed += r.Bleed
	s.Pain += r.Pain
	s.Slow += r.Slow
	s.Stun = s.Stun || r.Stun > 0
	s.Weak = s.Weak || r.Weak > 0
	s.Out = s.Out || r.Out
	return s, r.RollAgain
}

// String lists the statuses as `correct` writes them: "bleed:1,bruise:2,stun".
func (s Statuses) String() string {
	var out []string
	for _, c := range []struct {
		name string
		n    int
	}{{"bleed", s.Bleed}, {"pain", s.Pain}, {"bruise", s.Bruise}, {"slow", s.Slow}} {
		if c.n > 0 {
			out = append(out, fmt.Sprintf("%s:%d", c.name, c.n))
		}
	}
	for _, f := range []struct {
		name string
		on   bool
	}{{"stun", s.Stun}, {"weak", s.Weak}, {"out", s.Out}} {
		if f.on {
			out = append(out, f.name)
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ",")
}

// WoundFaces applies the wound table to a sequence of d12 faces (the first
// and each roll again), and reports how many faces it used and whether it
// still needs another (the last face was 11 or 12).
func WoundFaces(tb data.Tables, s Statuses, faces []int) (Statuses, int, bool, error) {
	for i, f := range faces {
		row, ok := tb.Wounds.ForD12(f)
		if !ok {
			return s, i, false, fmt.Errorf("%d is not a d12 result (1–12)", f)
		}
		var again bool
		s, again = s.Wound(row)
		if !again {
			return s, i + 1, false, nil
		}
	}
	return s, len(faces), true, nil
}
