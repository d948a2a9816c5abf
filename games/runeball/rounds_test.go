package runeball

import (
	"fmt"
	"strings"
	"testing"
)

// caught plays the kickoff to A4 catching the ball on 20:16; away has the
// kickoff free activation (RB-F31).
func caught(t *testing.T) *tgame {
	g := setup(t)
	g.do("home", CmdKick, "target=20:16")
	g.do("home", CmdRoll, "values=7")
	g.do("home", CmdRoll, "values=1,4")
	g.do("away", CmdLandChoice, "choice=catch")
	g.do("away", CmdRoll, "values=2")
	return g
}

// Flow F and M: the receivers' free activation after the kickoff; a half
// move with a sprint hex and its 1d4 HP (RB-F35, RB-F42); the refusals of
// §2.7.
func TestFreeActivationAndMove(t *testing.T) {
	g := caught(t)
	v := g.view("away")
	if v.Prompt == nil || v.Prompt.Cmd != CmdFreeActivate || !v.Prompt.YouAnswer {
		t.Fatalf("after the kickoff away is not asked for its free activation: %+v", v.Prompt)
	}
	if got := strings.Join(v.Prompt.Options, ","); got != "A1,A2,A3,A4,A5,A6,A7,none" {
		t.Errorf("free activation options %s", got)
	}
	g.refuse("waiting for away", "home", CmdFreeActivate, "player=H1")
	g.refuse("A9 is not on the field", "away", CmdFreeActivate, "player=A9")
	g.refuse("waiting for away", "away", CmdMove, "player=A4", "path=20:14", "as=half")
	g.do("away", CmdFreeActivate, "player=A4")
	if a := g.view("home").Acting; a == nil || a.Player != "A4" || a.Kind != KindKickoffFree || a.Halves != 2 {
		t.Fatalf("acting %+v", a)
	}
	g.refuse("say whether the move starts a half or a full move action", "away", CmdMove, "player=A4", "path=20:14")
	g.refuse("A4 is away's player", "home", CmdMove, "player=A4", "path=20:14", "as=half")
	g.refuse("A4 is acting now, not A1", "away", CmdMove, "player=A1", "path=18:14", "as=half")
	g.refuse("A4 is not prone", "away", CmdStand, "player=A4")
	g.refuse("18:16 is occupied by A1", "away", CmdMove, "player=A4", "path=19:15,18:16", "as=half")
	g.refuse("20:16 → 20:12 is not a step between adjacent hexes", "away", CmdMove, "player=A4", "path=20:12", "as=half")
	g.refuse("as must be half or full", "away", CmdMove, "player=A4", "path=20:14", "as=double")

	a4 := v.Teams[1].Players[3]
	half, hp := a4.Half, a4.CurrentHP
	var path []string
	for i := 1; i <= half+1; i++ {
		path = append(path, fmt.Sprintf("20:%d", 16-2*i))
	}
	g.refuse(fmt.Sprintf("A4 can move %d hexes in a half move, %d with sprint: path of %d", half, half+1, half+2),
		"away", CmdMove, "player=A4", "path="+strings.Join(path, ",")+fmt.Sprintf(",20:%d", 16-2*(half+2)), "as=half")
	g.do("away", CmdMove, "player=A4", "path="+strings.Join(path, ","), "as=half")
	v = g.view("away")
	if v.Prompt == nil || len(v.Prompt.Dice) != 1 || v.Prompt.Dice[0] != "d4" {
		t.Fatalf("one sprint hex asks no d4: %+v", v.Prompt)
	}
	g.refuse("waiting for either coach", "away", CmdEndActivation, "player=A4")
	g.do("home", CmdRoll, "values=3")
	v = g.view("home")
	end := path[len(path)-1]
	if p := v.Teams[1].Players[3]; p.Cell != end || p.CurrentHP != hp-3 {
		t.Errorf("A4 on %s with %d HP, want %s with %d", p.Cell, p.CurrentHP, end, hp-3)
	}
	if v.Ball.Holder != "A4" || v.Ball.Cell != end {
		t.Errorf("the ball %+v does not go with its carrier", v.Ball)
	}
	if a := v.Acting; a.Halves != 1 || !a.MoveOpen || a.MoveLeft != 0 || a.SprintLeft != 0 || strings.Join(a.Commands, ",") != "move,pass,end-activation" /* no hold in a free activation */ {
		t.Errorf("after a half move with its sprint: %+v", a)
	}
	g.refuse("A4 has only a half action left", "away", CmdMove, "player=A4", "path=20:4", "as=full")
	g.refuse(fmt.Sprintf("path of %d", half+2), "away", CmdMove, "player=A4", fmt.Sprintf("path=21:%d", 16-2*(half+1)-1))
	g.do("away", CmdEndActivation, "player=A4")
	if st := g.st(); st.Round != 1 || st.Current != nil || len(st.FreeQueue) != 0 {
		t.Fatalf("round %d, acting %+v, queue %v after the free activation", st.Round, st.Current, st.FreeQueue)
	}
}

// Flow S0 and W: the initiative dice, the tie re-rolls (RB-F33), the order
// (RB-D22), each entry acting in turn, and the next round.
func TestRoundOrder(t *testing.T) {
	g := caught(t)
	g.do("home", CmdWindows, "mode=pass")
	g.do("away", CmdWindows, "mode=pass")
	g.do("away", CmdFreeActivate, "player=none")
	st := g.st()
	if st.Round != 1 || st.Prompt == nil || len(st.Prompt.Dice) != 14 {
		t.Fatalf("round %d, prompt %+v: want 14 initiative dice", st.Round, st.Prompt)
	}
	// every player rolls 6: equal INI means equal totals, re-rolled
	g.do("home", CmdRoll, "values="+strings.TrimSuffix(strings.Repeat("6,", 14), ","))
	ties := 0
	for g.st().Prompt != nil && g.st().Prompt.Kind == PromptDice {
		p := g.st().Prompt
		if !strings.HasPrefix(p.Dice[0].Purpose, "initiative tie ") {
			t.Fatalf("unexpected prompt %+v", p)
		}
		faces := make([]string, len(p.Dice))
		for i := range faces {
			faces[i] = fmt.Sprint(12 - i) // the first in id order wins
		}
		g.do("away", CmdRoll, "values="+strings.Join(faces, ","))
		ties++
	}
	if ties == 0 {
		t.Fatal("fourteen 6s gave no tie")
	}
	v := g.view("home")
	if len(v.Order) != 14 {
		t.Fatalf("order of %d", len(v.Order))
	}
	for i := 1; i < len(v.Order); i++ {
		a, b := v.Order[i-1], v.Order[i]
		if a.Score < b.Score {
			t.Errorf("order not highest first: %+v before %+v", a, b)
		}
		if a.Score == b.Score && (len(a.Keys) == 0 || len(b.Keys) == 0 || a.Keys[0] < b.Keys[0]) {
			t.Errorf("a tie not settled by its re-roll: %+v before %+v", a, b)
		}
	}
	for _, e := range v.Order {
		if e.Score != 6+g.st().Teams[teamIndexOf(e.Player)].Player(int(e.Player[1]-'0')).Derived().INI {
			t.Errorf("%s's score %d is not 6 + INI", e.Player, e.Score)
		}
	}
	// the order acts, entry by entry
	for i, e := range v.Order {
		a := g.view("home").Acting
		if a == nil || a.Player != e.Player || a.Kind != KindNormal {
			t.Fatalf("entry %d: acting %+v, want %s", i, a, e.Player)
		}
		g.do(a.Team, CmdEndActivation, "player="+e.Player)
	}
	if st := g.st(); st.Round != 2 || st.Prompt == nil || len(st.Prompt.Dice) != 14 {
		t.Fatalf("after every entry: round %d, prompt %+v", st.Round, st.Prompt)
	}
	g.keepScript("rounds", "The kickoff to A4's catch; away declines its free activation; round 1's initiative with its ties; every player ends his activation; round 2 starts.")
}

func teamIndexOf(id string) int {
	if id[0] == 'A' {
		return Away
	}
	return Home
}
