package runeball

import (
	"fmt"
	"strings"
	"testing"
)

// roundOne plays to round 1's order with every player rolling 6: H4 10,
// A2 10, A6 10, H3 8, H7 8, A1 8, A5 8, H1 6, H5 6, A3 6, A7 6, H2 4,
// H6 4, A4 4 (the ties settled by 12, 11, … in id order).
func roundOne(t *testing.T) *tgame {
	g := caught(t)
	g.do("away", CmdFreeActivate, "player=none")
	g.do("home", CmdRoll, "values="+strings.TrimSuffix(strings.Repeat("6,", 14), ","))
	for g.st().Prompt != nil && g.st().Prompt.Kind == PromptDice {
		p := g.st().Prompt
		faces := make([]string, len(p.Dice))
		for i := range faces {
			faces[i] = fmt.Sprint(12 - i)
		}
		g.do("away", CmdRoll, "values="+strings.Join(faces, ","))
	}
	return g
}

func (g *tgame) acting(want, kind string, halves int) {
	g.t.Helper()
	a := g.view("home").Acting
	if a == nil || a.Player != want || a.Kind != kind || a.Halves != halves {
		g.t.Fatalf("acting %+v, want %s (%s, %d halves); next: %s", a, want, kind, halves, g.view("home").Next)
	}
}

func (g *tgame) window(team, cand, also, blitz, held string) {
	g.t.Helper()
	p := g.view(team).Prompt
	if p == nil || p.Cmd != CmdLetAct || !p.YouAnswer || !strings.Contains(p.Text, cand+" is about to act") ||
		strings.Join(p.Also, ",") != also || strings.Join(p.Blitz, ",") != blitz || strings.Join(p.Held, ",") != held {
		g.t.Fatalf("window %+v, want %s's for %s: also %q blitz %q held %q", p, team, cand, also, blitz, held)
	}
}

// Flow W (RB-D23…RB-D25): a blitz suspends the candidate, who is not
// blitzed twice; a held action preempts an opponent by a roll-off, and the
// loser acts right after; the end-of-round holder prompt.
func TestWindows(t *testing.T) {
	g := roundOne(t)
	// A2, A6 (10) and A1, A5 (8) are within 3 of H4's 10; A3 (6) is not
	g.window("away", "H4", "blitz", "A2,A6,A1,A5", "")
	g.refuse("A3's initiative 6 is more than 3 below H4's 10", "away", CmdBlitz, "player=A3")
	g.refuse("the ball carrier may never blitz", "away", CmdBlitz, "player=A4")
	g.refuse("H2 is home's player", "away", CmdBlitz, "player=H2")
	g.refuse("waiting for away", "home", CmdLetAct)
	g.refuse("waiting for away", "home", CmdMove, "player=H4", "path=12:16", "as=half")
	g.do("away", CmdBlitz, "player=A2")
	g.acting("A2", KindBlitz, 2) // home has no holder, and a blitzer is not blitzed
	if s := g.view("home").Suspended; strings.Join(s, ",") != "H4" {
		t.Fatalf("suspended %v", s)
	}
	g.refuse("only a player's own turn can be held (this is a blitz activation)", "away", CmdHold, "player=A2")
	g.do("away", CmdEndActivation, "player=A2")
	g.acting("H4", KindNormal, 2) // no second blitz against his move (l. 101)
	g.do("home", CmdHold, "player=H4")
	if e := g.st().entryOf("H4"); e.Status != EntryHoldingFul {
		t.Fatalf("H4 %s after hold", e.Status)
	}
	// A6 is next: home may blitz him (H3, H7) or preempt with H4
	g.window("home", "A6", "blitz,use-held", "H3,H7", "H4")
	g.refuse("H3 holds no action", "home", CmdUseHeld, "player=H3")
	g.do("home", CmdUseHeld, "player=H4")
	g.do("away", CmdRoll, "values=5,5") // equal INI: equal totals roll again
	if p := g.st().Prompt; p == nil || !strings.HasPrefix(p.Dice[0].Purpose, "roll-off again") {
		t.Fatalf("a tied roll-off is not rolled again: %+v", p)
	}
	g.do("away", CmdRoll, "values=1,12") // H4 loses: A6 acts, then H4
	g.acting("A6", KindNormal, 2)
	if s := g.view("home").Suspended; strings.Join(s, ",") != "H4" {
		t.Fatalf("suspended %v", s)
	}
	g.do("away", CmdEndActivation, "player=A6")
	g.window("away", "H4", "blitz", "A1,A5", "") // a held action may be blitzed (RB-D24)
	g.do("away", CmdLetAct)
	g.acting("H4", KindHeldFull, 2)
	g.do("home", CmdEndActivation, "player=H4")
	g.window("away", "H3", "blitz", "A1,A5,A3,A7", "") // 6 is within 3 of 8
	g.do("away", CmdLetAct)
	g.acting("H3", KindNormal, 2)
	g.do("home", CmdMove, "player=H3", "path=11:13", "as=half")
	g.do("home", CmdHold, "player=H3")
	if e := g.st().entryOf("H3"); e.Status != EntryHoldingHlf {
		t.Fatalf("H3 %s after a half move and hold", e.Status)
	}
	g.do("home", CmdWindows, "mode=pass")
	g.do("away", CmdWindows, "mode=pass")
	for g.view("home").Acting != nil {
		a := g.view("home").Acting
		g.do(a.Team, CmdEndActivation, "player="+a.Player)
	}
	p := g.view("home").Prompt
	if p == nil || p.Cmd != CmdUseHeld || strings.Join(p.Held, ",") != "H3" || strings.Join(p.Also, ",") != CmdEndActivation {
		t.Fatalf("no end-of-round holder prompt: %+v", p)
	}
	g.refuse("waiting for home", "away", CmdUseHeld, "player=H3")
	g.do("home", CmdUseHeld, "player=H3")
	g.acting("H3", KindHeldHalf, 1)
	g.do("home", CmdEndActivation, "player=H3")
	if st := g.st(); st.Round != 2 {
		t.Fatalf("round %d after every turn and held action", st.Round)
	}
	g.keepScript("windows", "Round 1 with its windows: A2 blitzes H4; H4 holds; H4's roll-off against A6 is lost and he acts right after; H3 holds half his turn and uses it at the round's end.")
}

// The end-of-round holder prompt drops a held action with end-activation.
func TestDropHeld(t *testing.T) {
	g := roundOne(t)
	g.do("home", CmdWindows, "mode=pass")
	g.do("away", CmdWindows, "mode=pass")
	// away's window for H4 was open: pass lets him act
	g.acting("H4", KindNormal, 2)
	g.do("home", CmdHold, "player=H4")
	for g.view("home").Acting != nil {
		a := g.view("home").Acting
		g.do(a.Team, CmdEndActivation, "player="+a.Player)
	}
	g.refuse("H4 is asked first", "home", CmdEndActivation, "player=H1")
	g.do("home", CmdEndActivation, "player=H4")
	if st := g.st(); st.Round != 2 {
		t.Fatalf("round %d after H4 dropped his held action", st.Round)
	}
}

// A suspended candidate knocked Out while he waits does not act (O).
func TestSuspendedGoesOut(t *testing.T) {
	g := roundOne(t)
	g.do("away", CmdBlitz, "player=A2")
	g.acting("A2", KindBlitz, 2)
	g.put("A2", "15:15") // next to H4 on 14:16
	g.st().Field[Home].Pos[3].HP = 1
	g.do("away", CmdBlock, "player=A2", "target=H4")
	g.do("home", CmdChooseDefense, "defense=block")
	g.do("away", CmdRoll, "values=12,1")
	for p := g.st().Prompt; p != nil && p.Kind == PromptDice && p.Step != "initiative"; p = g.st().Prompt {
		g.do("away", CmdRoll, "values="+strings.TrimSuffix(strings.Repeat("1,", len(p.Dice)), ","))
		if q := g.st().Prompt; q != nil && q.Cmd == CmdPush {
			g.do("away", CmdPush, "hex="+q.Options[0])
		}
	}
	if p, _, _ := g.st().place("H4"); !p.Out {
		t.Fatalf("H4 not Out: %+v\n%s", p, tail(g.log(), 12))
	}
	if len(g.st().Suspended) != 0 {
		t.Fatalf("still suspended: %+v", g.st().Suspended)
	}
	if a := g.view("home").Acting; a != nil && a.Player == "H4" {
		t.Fatalf("H4 acts while Out")
	}
	if !strings.Contains(g.log(), "H4 is Out") {
		t.Errorf("log:\n%s", tail(g.log(), 12))
	}
}
