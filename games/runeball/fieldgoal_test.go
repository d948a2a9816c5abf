package runeball

import (
	"strings"
	"testing"
)

// Flow G (RB-F87…RB-F89, RB-D53): a field goal from the opponents' side;
// a hit scores 3 and the kickers kick off next.
func TestFieldGoal(t *testing.T) {
	g := caught(t)
	g.do("away", CmdFreeActivate, "player=A4")
	g.refuse("a field goal is kicked from the opponents' side (x 1–15)", "away", CmdKickGoal, "player=A4")
	g.put("A4", "7:15")
	if a := g.view("away").Acting; !strings.Contains(strings.Join(a.Commands, ","), CmdKickGoal) {
		t.Errorf("kick-goal not offered on 7:15: %v", a.Commands)
	}
	g.do("away", CmdKickGoal, "player=A4")
	p := g.st().Prompt
	if p == nil || !strings.Contains(p.Dice[0].Purpose, "Kick vs DL") {
		t.Fatalf("no kick test: %+v", p)
	}
	g.do("home", CmdRoll, "values=12")
	if st := g.st(); st.Score != [2]int{0, 3} || (st.Phase != PhaseStoppage && st.Phase != PhaseSetup) || st.Kicking != Away {
		t.Fatalf("after a hit: score %v, phase %s, kicking %d\n%s", st.Score, st.Phase, st.Kicking, g.log())
	}
	if !strings.Contains(g.log(), "FIELD GOAL: A4 scores, +3 for away") {
		t.Errorf("log:\n%s", g.log())
	}
}

// A miss scatters from the post; a ball left bouncing is a fumble on the
// kickers: the other team gets a free activation (RB-F89), and the kick
// ended the kicker's turn.
func TestFieldGoalMiss(t *testing.T) {
	g := caught(t)
	g.do("away", CmdFreeActivate, "player=A4")
	g.put("A4", "13:15") // 11 hexes: DL 17
	g.do("away", CmdKickGoal, "player=A4")
	g.do("home", CmdRoll, "values=1")
	if p := g.st().Prompt; p != nil && p.Cmd == CmdExert {
		g.do("away", CmdExert, "points=0")
	}
	g.do("home", CmdRoll, "values=1,1") // d8 1: 0 hexes, on the post's cell 2:16
	st := g.st()
	if st.Score != [2]int{} || st.Ball.State != BallBouncing || st.Ball.Cell.String() != "2:16" {
		t.Fatalf("after a miss: score %v ball %+v\n%s", st.Score, st.Ball, g.log())
	}
	if st.Current != nil {
		t.Errorf("A4 still acts after kicking")
	}
	if p := g.view("home").Prompt; p == nil || p.Cmd != CmdFreeActivate || p.Team != "home" {
		t.Fatalf("no free activation for home after the miss: %+v", p)
	}
}
