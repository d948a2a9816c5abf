package runeball

import (
	"strings"
	"testing"
)

// Flow P: a perfect pass caught; the pass ends the passer's turn (RB-F76,
// RB-F79, RB-F82).
func TestPass(t *testing.T) {
	g := caught(t)
	g.do("away", CmdFreeActivate, "player=A4")
	g.refuse("H2 is not your teammate", "away", CmdPass, "player=A4", "to=H2")
	g.refuse("A9 is not on the field", "away", CmdPass, "player=A4", "to=A9")
	g.refuse("A4 is acting now, not A1", "away", CmdPass, "player=A1", "to=A4")
	g.do("away", CmdPass, "player=A4", "to=A7")
	if p := g.st().Prompt; p == nil || !strings.Contains(p.Dice[0].Purpose, "A4 Pass vs DL 10 (to A7)") {
		t.Fatalf("pass prompt %+v", p)
	}
	g.do("away", CmdRoll, "values=12")
	if p := g.st().Prompt; p == nil || !strings.Contains(p.Dice[0].Purpose, "A7 Catch vs DL 8 (perfect pass)") {
		t.Fatalf("catch prompt %+v\n%s", p, g.log())
	}
	g.do("away", CmdRoll, "values=12")
	st := g.st()
	if st.Ball.Holder != "A7" || st.Current != nil {
		t.Fatalf("after the pass: ball %+v, acting %+v", st.Ball, st.Current)
	}
	if !strings.Contains(g.log(), "A4's activation ends (passing ends the turn)") {
		t.Errorf("log:\n%s", g.log())
	}
	g.keepScript("pass", "A4's kickoff free activation: a perfect pass to A7, caught; round 1 begins.")
}

// An interception by a defender on the flight path scores a turnover and
// gives the defenders a free activation (RB-F80, RB-F81, RB-D48).
func TestInterception(t *testing.T) {
	g := caught(t)
	g.do("away", CmdFreeActivate, "player=A4")
	g.put("H1", "22:16") // on the flight path 20:16 → 26:16
	g.do("away", CmdPass, "player=A4", "to=A7")
	g.do("away", CmdRoll, "values=12")
	v := g.view("home")
	if v.Prompt == nil || v.Prompt.Cmd != CmdIntercept || strings.Join(v.Prompt.Options, ",") != "H1,none" {
		t.Fatalf("no interception asked: %+v", v.Prompt)
	}
	g.refuse("H2 is not a standing defender on the flight path", "home", CmdIntercept, "player=H2")
	g.do("home", CmdIntercept, "player=H1")
	g.do("home", CmdRoll, "values=12")
	if p := g.st().Prompt; p != nil && p.Cmd == CmdExert {
		g.do("home", CmdExert, "points=0")
	}
	st := g.st()
	if st.Ball.Holder != "H1" || st.Score != [2]int{1, 0} {
		t.Fatalf("after the interception: ball %+v, score %v\n%s", st.Ball, st.Score, g.log())
	}
	if p := g.view("home").Prompt; p == nil || p.Cmd != CmdFreeActivate || p.Team != "home" {
		t.Fatalf("no free activation for the interceptors: %+v", p)
	}
}
