package runeball

import (
	"strings"
	"testing"
)

// RB-D68: corrections between resolutions, refused inside one, with the
// spec's refusals, recorded with before and after.
func TestCorrect(t *testing.T) {
	g := caught(t)
	// the free-activation prompt is between resolutions
	g.refuse("12:16 is taken by H1", "home", CmdCorrect, "player=A5", "hex=12:16")
	g.refuse("A4 must stand on the field to hold the ball", "away", CmdCorrect, "player=A4", "stance=prone")
	g.refuse("away would have 8 players on the field", "away", CmdCorrect, "player=A8", "hex=24:24")
	g.refuse("A4 holds the ball: move the ball first", "away", CmdCorrect, "player=A4", "hex=bench")
	g.refuse(`"blead:1" is not a status`, "home", CmdCorrect, "player=H2", "statuses=blead:1")
	g.refuse("nothing to correct", "home", CmdCorrect)
	g.do("home", CmdCorrect, "player=H2", "hex=13:15", "stance=prone", "hp=20", "statuses=bleed:1,bruise:2,stun")
	p, _, _ := g.st().place("H2")
	if p.Cell.String() != "13:15" || !p.Prone || p.HP != 20 || p.St.Bleed != 1 || p.St.Bruise != 2 || !p.St.Stun {
		t.Fatalf("H2 after the correction: %+v", p)
	}
	g.do("away", CmdCorrect, "ball=H1", "score=0-2")
	if st := g.st(); st.Ball.Holder != "H1" || st.Score != [2]int{0, 2} {
		t.Fatalf("ball %+v score %v", st.Ball, st.Score)
	}
	if !strings.Contains(g.log(), "correction by home: H2 13:15 prone, 20 HP, Bleed 1, Bruise 2, Stunned (was H2 12:18,") {
		t.Errorf("log:\n%s", tail(g.log(), 4))
	}
}

func TestCorrectInsideResolution(t *testing.T) {
	g := caught(t)
	g.do("away", CmdFreeActivate, "player=A4")
	g.do("away", CmdPass, "player=A4", "to=A7")
	g.refuse("finish the current resolution first (waiting for d12 A4 Pass vs DL 10 (to A7))", "home", CmdCorrect, "score=1-0")
}

func FuzzParseStatuses(f *testing.F) {
	for _, s := range []string{"none", "bleed:1,bruise:2,stun", "out", "slow:9,weak", "pain:x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		st, err := ParseStatuses(s)
		if err != nil {
			return
		}
		back, err := ParseStatuses(st.String())
		if err != nil || back != st {
			t.Fatalf("%q → %+v → %q → %+v, %v", s, st, st.String(), back, err)
		}
	})
}
