package runeball

import (
	"strings"
	"testing"
)

// RB-D44, RB-D45: a carrier runs off an edge hex: a turnover from his
// cell; a bench player takes his cell.
func TestRunOff(t *testing.T) {
	g := caught(t)
	g.do("away", CmdFreeActivate, "player=A4")
	g.refuse("A4 is not on an edge hex", "away", CmdRunOff, "player=A4")
	g.put("A4", "20:2")
	g.refuse("A4 has no move left", "away", CmdRunOff, "player=A4")
	g.do("away", CmdMove, "player=A4", "path=21:1", "as=half")
	if a := g.view("away").Acting; !strings.Contains(strings.Join(a.Commands, ","), CmdRunOff) {
		t.Errorf("run-off not offered on 21:1: %v", a.Commands)
	}
	g.do("away", CmdRunOff, "player=A4")
	// the turnover first (its give-ball), then the substitute (RB-D45)
	if p := g.st().Prompt; p != nil && p.Cmd == CmdGiveBall {
		g.do("home", CmdGiveBall, "player="+p.Options[0])
	}
	v := g.view("away")
	if v.Prompt == nil || v.Prompt.Cmd != CmdSubIn || strings.Join(v.Prompt.Options, ",") != "A8,A9,none" {
		t.Fatalf("no sub-in question: %+v", v.Prompt)
	}
	g.refuse("A1 is on the field", "away", CmdSubIn, "player=A1")
	g.do("away", CmdSubIn, "player=A8")
	st := g.st()
	a4, _, _ := st.place("A4")
	a8, _, _ := st.place("A8")
	if a4.OnField || !a8.OnField || a8.Cell.String() != "21:1" {
		t.Fatalf("A4 %+v, A8 %+v", a4, a8)
	}
	if st.Score != [2]int{1, 0} || teamOf(st.Ball.Holder) != Home {
		t.Fatalf("the carrier's run-off is no turnover: score %v, ball %+v\n%s", st.Score, st.Ball, g.log())
	}
	if st.Current != nil {
		t.Errorf("A4 still acts")
	}
}
