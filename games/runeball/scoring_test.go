package runeball

import (
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/games/runeball/field"
)

// put moves a player (and the ball if he holds it) straight to a cell: a
// test's shortcut across the field.
func (g *tgame) put(id string, cell string) {
	g.t.Helper()
	c, err := field.Parse(cell)
	if err != nil {
		g.t.Fatal(err)
	}
	p, _, _ := g.st().place(id)
	p.Cell = c
	if g.st().Ball.Holder == id {
		g.st().Ball.Cell = c
	}
}

// Flow Z and S (RB-D54, RB-D55, RB-F90): a carrier stepping into the
// opponents' end zone scores 7 at once, the rest of his path is not
// walked, the round ends, and after the stoppage the scorers kick off.
func TestTouchdown(t *testing.T) {
	g := caught(t)
	g.do("away", CmdFreeActivate, "player=A4")
	g.put("A4", "4:16")
	g.do("away", CmdMove, "player=A4", "path=3:15,2:16", "as=half")
	st := g.st()
	if st.Score != [2]int{0, 7} {
		t.Fatalf("score %v after A4 reached 3:15 with the ball", st.Score)
	}
	if p, _, _ := st.place("A4"); p.OnField {
		t.Errorf("A4 still on the field at the stoppage")
	}
	for _, seat := range []string{"home", "away", "public"} {
		if got, want := g.view(seat).Scored, "Touchdown! A4 scores 7 for away: home 0 – away 7"; got != want {
			t.Errorf("%s's view announces %q, want %q", seat, got, want)
		}
	}
	if st.Phase == PhaseStoppage {
		v := g.view("home")
		if !strings.Contains(v.Next, "stoppage") {
			t.Errorf("next: %s", v.Next)
		}
		g.refuse("H4 has no Pain", "home", CmdTreat, "player=H4", "status=pain") // H9 is home's doctor
		if v.Teams[1].Doctor == "" {
			g.refuse("away has no team doctor", "away", CmdTreat, "player=A4", "status=out")
		}
		for _, team := range []string{"home", "away"} {
			if g.st().Phase == PhaseStoppage && !g.st().Stop.Ready[teamIndex2(team)] {
				g.do(team, CmdReadyStoppage)
			}
		}
	} else {
		t.Fatalf("home has a doctor: the stoppage waits for him, but phase is %s", st.Phase)
	}
	st = g.st()
	if st.Phase != PhaseSetup || st.Kicking != Away || st.Round != 0 || st.Half != 1 {
		t.Fatalf("after the stoppage: phase %s, kicking %d, round %d, half %d", st.Phase, st.Kicking, st.Round, st.Half)
	}
	if got := g.view("home").Scored; got == "" {
		t.Errorf("the touchdown is no longer announced at the set-up")
	}
	if len(g.view("home").Order) != 0 || g.view("home").Ball.State != BallNone {
		t.Errorf("the round was not dropped: %+v", g.view("home"))
	}
	var log []string
	for _, e := range g.evs {
		if l, ok := g.r.Describe(g.s, e, "home"); ok {
			log = append(log, l)
		}
	}
	if all := strings.Join(log, "\n"); !strings.Contains(all, "TOUCHDOWN: A4 scores on 3:15, +7 for away") || !strings.Contains(all, "away kicks off next") {
		t.Errorf("log:\n%s", strings.Join(log[len(log)-6:], "\n"))
	}
}

func teamIndex2(team string) int {
	if team == "away" {
		return Away
	}
	return Home
}

// Halftime (Flow Z, S step 3, RB-F24): after the first half's last round
// the second-choice team chooses; the second half starts at round 0;
// after the second half the match is over and the higher score wins
// (RB-D57).
func TestHalftimeAndEnd(t *testing.T) {
	g := caught(t)
	g.st().RoundsPerHalf = 1
	g.do("home", CmdWindows, "mode=pass")
	g.do("away", CmdWindows, "mode=pass")
	// H8, on the bench, has 5 HP of damage: he heals at the round start (RB-D43)
	g.st().Field[Home].Pos[7].HP -= 5
	g.do("away", CmdFreeActivate, "player=none")
	if p := g.st().Prompt; p == nil || len(p.Dice) != 1 || p.Dice[0].Purpose != "shake-off H8" {
		t.Fatalf("no bench healing for H8: %+v", p)
	}
	g.do("home", CmdRoll, "values=3")
	if p := g.view("home").Teams[0].Players[7]; p.CurrentHP != p.HP-2 {
		t.Errorf("H8 at %d of %d after healing 3 of 5", p.CurrentHP, p.HP)
	}
	g.do("home", CmdRoll) // initiative: the app rolls
	for g.st().Prompt != nil {
		g.do("home", CmdRoll)
	}
	for a := g.view("home").Acting; a != nil; a = g.view("home").Acting {
		g.do(a.Team, CmdEndActivation, "player="+a.Player)
	}
	// the half's only round is over: halftime, H8 heals fully at the stoppage
	if p := g.st().Prompt; p == nil || p.Dice[0].Purpose != "shake-off H8" {
		t.Fatalf("no stoppage shake-off: %+v", p)
	}
	g.do("home", CmdRoll, "values=6")
	v := g.view("home")
	if p := v.Teams[0].Players[7]; p.CurrentHP != p.HP {
		t.Errorf("H8 at %d of %d after the stoppage", p.CurrentHP, p.HP)
	}
	if v.Prompt == nil || v.Prompt.Cmd != CmdChooseKick || v.Prompt.Team != v.SecondChoice {
		t.Fatalf("halftime: no choice for the second-choice team %s: %+v", v.SecondChoice, v.Prompt)
	}
	if v.Half != 2 || v.Round != 0 {
		t.Errorf("half %d round %d at halftime", v.Half, v.Round)
	}
	g.do(v.SecondChoice, CmdChooseKick, "choice=kick")
	if g.st().Phase == PhaseStoppage {
		g.refuse("the next kickoff is already decided", v.SecondChoice, CmdChooseKick, "choice=receive")
	}
	for _, team := range []string{"home", "away"} {
		if g.st().Phase == PhaseStoppage && !g.st().Stop.Ready[teamIndex2(team)] {
			g.do(team, CmdReadyStoppage)
		}
	}
	if st := g.st(); st.Phase != PhaseSetup || st.Kicking != teamIndex2(v.SecondChoice) {
		t.Fatalf("after halftime: phase %s kicking %d", st.Phase, st.Kicking)
	}
}

// The end of the second half ends the match (RB-D57).
func TestMatchEnds(t *testing.T) {
	g := caught(t)
	g.st().RoundsPerHalf, g.st().Half = 1, 2
	g.do("home", CmdWindows, "mode=pass")
	g.do("away", CmdWindows, "mode=pass")
	g.do("away", CmdFreeActivate, "player=none")
	for g.st().Prompt != nil {
		g.do("home", CmdRoll)
	}
	for a := g.view("home").Acting; a != nil; a = g.view("home").Acting {
		g.do(a.Team, CmdEndActivation, "player="+a.Player)
	}
	st := g.st()
	if st.Phase != PhaseOver {
		t.Fatalf("phase %s after the second half", st.Phase)
	}
	s := g.r.Status(g.s)
	if !s.Finished || len(s.Placements) != 2 || s.Placements[0].Place != 1 || s.Placements[1].Place != 1 || !strings.Contains(s.Summary, "draw, 0–0") {
		t.Errorf("status %+v", s)
	}
	g.refuse("that is done at the rounds, and the match is at its end", "home", CmdMove, "player=H1", "path=13:15", "as=half")
}
