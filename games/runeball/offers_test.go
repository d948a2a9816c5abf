package runeball

import (
	"slices"
	"strings"
	"testing"
)

// The view's offers (offers.go): what a screen may tap. Each is checked
// against the engine: what is offered is accepted, and what is not
// offered is refused.
func TestOffersSetupAndKick(t *testing.T) {
	g := rosters(t)
	v := g.view("home") // home kicks: it sets up first
	if v.CellsFor != CmdPlace || len(v.Cells) == 0 || !slices.Equal(v.Waiting, []string{"home"}) {
		t.Fatalf("home's set-up offers %q %d cells, waiting %v", v.CellsFor, len(v.Cells), v.Waiting)
	}
	if a := g.view("away"); a.CellsFor != "" || len(a.Cells) != 0 || len(a.KickerCells) != 0 {
		t.Errorf("away is offered %q %d cells while home sets up", a.CellsFor, len(a.Cells))
	}
	// the kicker zone: x 1–6 of the cells offered (RB-D15)
	if len(v.KickerCells) == 0 {
		t.Fatalf("no kicker cells offered to the kicking team")
	}
	for _, c := range v.KickerCells {
		if x, _, _ := strings.Cut(c, ":"); len(x) != 1 || x > "6" || !slices.Contains(v.Cells, c) {
			t.Errorf("kicker cell %s", c)
		}
	}
	// 15 columns of the home side: every offered cell is on it, and a
	// player placed there is accepted
	for _, c := range v.Cells {
		if x, _, _ := strings.Cut(c, ":"); len(x) == 2 && x > "15" {
			t.Fatalf("set-up cell %s is not on home's side", c)
		}
	}
	g.do("home", CmdPlace, "player=H1", "hex="+v.Cells[0])
	if w := g.view("home"); slices.Contains(w.Cells, v.Cells[0]) || len(w.Cells) != len(v.Cells)-1 {
		t.Errorf("the taken cell %s is still offered (%d cells)", v.Cells[0], len(w.Cells))
	}
}

func TestOffersKickCells(t *testing.T) {
	g := setup(t)
	v := g.view("home")
	if v.CellsFor != CmdKick || !slices.Equal(v.Waiting, []string{"home"}) {
		t.Fatalf("kickoff offers %q, waiting %v", v.CellsFor, v.Waiting)
	}
	if slices.Contains(v.Cells, "16:16") || !slices.Contains(v.Cells, "20:16") || slices.Contains(v.Cells, "10:16") {
		t.Errorf("kick cells: the neutral zone or the kicking side offered, or 20:16 missing")
	}
	if a := g.view("away"); len(a.Cells) != 0 {
		t.Errorf("the receiving coach is offered kick cells")
	}
}

func TestOffersBlockAndDefence(t *testing.T) {
	g := h4Blocks(t)
	a := g.view("home").Acting
	if !slices.Equal(a.BlockTargets, []string{"A1", "A3"}) {
		t.Fatalf("H4 on 17:17 may block %v, want A1 and A3", a.BlockTargets)
	}
	if len(a.Reach) == 0 || !a.MoveOpen {
		t.Errorf("the open half move offers no reach: %+v", a)
	}
	for _, c := range a.Reach {
		if c == "18:16" || c == "18:18" {
			t.Errorf("an occupied cell %s is in the reach", c)
		}
	}
	g.do("home", CmdBlock, "player=H4", "target=A1", "exert=1")
	p := g.view("away").Prompt
	if len(p.Answers) != 2 || !strings.HasPrefix(p.Answers[0].Label, "Block ") || p.Answers[1].Args[0] != "defense=dodge" {
		t.Fatalf("the defence answers: %+v", p.Answers)
	}
	if h := g.view("home").Prompt; !slices.Equal(g.view("home").Waiting, []string{"away"}) || h.YouAnswer {
		t.Errorf("the blocker's coach may answer the defence")
	}
	g.do("away", p.Answers[0].Cmd, p.Answers[0].Args...)
	c := g.view("away").Prompt
	if c.Cmd != CmdCounter || len(c.Answers) != 2 || c.Answers[1].Args[0] != "points=1" {
		t.Fatalf("the counter answers for a pledge of 1: %+v", c.Answers)
	}
}

func TestOffersWindowAnswers(t *testing.T) {
	g := roundOne(t)
	p := g.view("away").Prompt
	if p == nil || p.Cmd != CmdLetAct || len(p.Answers) == 0 || p.Answers[0].Cmd != CmdLetAct {
		t.Fatalf("the window's answers: %+v", p)
	}
	for _, a := range p.Answers[1:] {
		if a.Cmd != CmdBlitz && a.Cmd != CmdUseHeld {
			t.Errorf("a window answer %+v", a)
		}
		if err := g.check("away", a.Cmd, a.Args...); err != nil {
			t.Errorf("offered %q refused: %v", a.Label, err)
		}
	}
}

// A pass under way is drawn from the view: its flight and the
// interceptors offered.
func TestOffersPassFlight(t *testing.T) {
	g := caught(t)
	g.do("away", CmdFreeActivate, "player=A4")
	g.put("H1", "22:16")
	if a := g.view("away").Acting; !slices.Contains(a.PassTargets, "A7") {
		t.Fatalf("A7 on 26:16 is not offered as a receiver: %v", a.PassTargets)
	}
	g.do("away", CmdPass, "player=A4", "to=A7")
	if p := g.view("home").Prompt; !slices.Equal(p.Flight, []string{"20:16", "26:16"}) {
		t.Errorf("the pass test's flight is %v", p.Flight)
	}
	g.do("away", CmdRoll, "values=12")
	p := g.view("home").Prompt
	if !slices.Equal(p.Flight, []string{"20:16", "26:16"}) || !slices.Equal(p.Marked, []string{"22:16"}) {
		t.Errorf("the interception prompt draws flight %v, marks %v", p.Flight, p.Marked)
	}
	if len(p.Answers) != 2 || p.Answers[1].Args[0] != "player=none" {
		t.Errorf("the interception answers: %+v", p.Answers)
	}
}

func TestNextSteps(t *testing.T) {
	// around 3:3; 3:1 and 5:1 are half-hexes (odd columns' ends)
	reach := []string{"2:2", "3:1", "4:2", "4:4", "5:1", "5:3", "2:4", "1:3"}
	for _, c := range []struct {
		name string
		a    *ActivationView
		from string
		path []string
		want []string
	}{
		{"first step: the reach next to the player", &ActivationView{Reach: reach, PathMax: 3}, "3:3", nil, []string{"2:2", "2:4", "3:1", "4:2", "4:4"}},
		{"on from the path's end, not back onto it", &ActivationView{Reach: reach, PathMax: 3}, "3:3", []string{"4:2"}, []string{"3:1", "4:4", "5:1", "5:3"}},
		{"one half-hex a move: the path's", &ActivationView{Reach: reach, PathMax: 4}, "3:3", []string{"2:2", "3:1", "4:2"}, []string{"4:4", "5:3"}},
		{"one half-hex a move: the one the open move entered", &ActivationView{Reach: reach, PathMax: 4, HalfHex: "1:1"}, "3:3", []string{"2:2"}, []string{"1:3", "2:4"}},
		{"the path is as long as it may be", &ActivationView{Reach: reach, PathMax: 1}, "3:3", []string{"2:2"}, nil},
		{"no move", &ActivationView{Reach: reach}, "3:3", nil, nil},
		{"no activation", nil, "3:3", nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := c.a.NextSteps(c.from, c.path)
			slices.Sort(got)
			want := slices.Clone(c.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("NextSteps = %v, want %v", got, want)
			}
		})
	}
}
