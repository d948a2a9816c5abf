package runeball

import (
	"fmt"
	"strings"
	"testing"
)

// h4Blocks plays round 1 to H4's activation and walks him next to A1
// (18:16) and A3 (18:18), on 17:17.
func h4Blocks(t *testing.T) *tgame {
	g := roundOne(t)
	g.do("away", CmdLetAct)
	g.acting("H4", KindNormal, 2)
	g.do("home", CmdMove, "player=H4", "path=15:15,16:16,17:17", "as=half")
	return g
}

func (g *tgame) log() string {
	var out []string
	for _, e := range g.evs {
		if l, ok := g.r.Describe(g.s, e, "home"); ok {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// Flow B (RB-F55…RB-F62): a block that wins by 3 or more pushes the
// defender back and puts him down; the defender's choice counts as a use
// (RB-F58); the block ends the blocker's turn (RB-F36).
func TestBlockKnocksDown(t *testing.T) {
	g := h4Blocks(t)
	g.refuse("A2 is not adjacent to H4", "home", CmdBlock, "player=H4", "target=A2")
	g.refuse("H1 is your own player", "home", CmdBlock, "player=H4", "target=H1")
	g.refuse("exert must be 0, 1 or 2", "home", CmdBlock, "player=H4", "target=A1", "exert=3")
	g.do("home", CmdBlock, "player=H4", "target=A1")
	v := g.view("away")
	if v.Prompt == nil || v.Prompt.Cmd != CmdChooseDefense || !v.Prompt.YouAnswer {
		t.Fatalf("the defender is not asked to choose: %+v", v.Prompt)
	}
	g.refuse("waiting for away", "home", CmdChooseDefense, "defense=dodge")
	g.do("away", CmdChooseDefense, "defense=block")
	hp := g.view("home").Teams[1].Players[0].CurrentHP
	g.do("home", CmdRoll, "values=12,1") // a big win
	if p := g.st().Prompt; p == nil || p.Step != "block-damage" {
		t.Fatalf("no damage die: %+v", p)
	}
	g.do("home", CmdRoll, "values=1")
	for p := g.st().Prompt; p != nil && p.Step == "wound"; p = g.st().Prompt {
		g.do("home", CmdRoll, "values=1") // a graze, if the damage wounds
	}
	if p := g.st().Prompt; p != nil && p.Cmd == CmdPush {
		g.do("home", CmdPush, "hex="+p.Options[0])
	}
	st := g.st()
	a1, _, _ := st.place("A1")
	if !a1.Prone || a1.Cell.String() == "18:16" || a1.HP >= hp {
		t.Errorf("A1 after the block: %+v (was %d HP on 18:16)\n%s", a1, hp, g.log())
	}
	if a1.DefUses[0] != 1 {
		t.Errorf("A1's Block uses %v", a1.DefUses)
	}
	if st.Current != nil && st.Current.Player == "H4" {
		t.Errorf("H4 still acts after his block")
	}
	if e := st.entryOf("H4"); e.Status != EntryDone {
		t.Errorf("H4's entry %s", e.Status)
	}
	if !strings.Contains(g.log(), "H4 blocks A1") || !strings.Contains(g.log(), "A1 goes down") {
		t.Errorf("log:\n%s", g.log())
	}
	g.keepScript("block", "Round 1: H4 walks up to A1 and blocks him, winning big: damage, knockback, A1 down.")
}

// A block that fails by 7 or more puts the blocker down and hurts him
// (B.9); the defender's pledge-free counter is not asked.
func TestBlockBackfires(t *testing.T) {
	g := h4Blocks(t)
	g.do("home", CmdBlock, "player=H4", "target=A3", "exert=1")
	g.do("away", CmdChooseDefense, "defense=dodge")
	g.refuse("points must be 0…1", "away", CmdCounter, "points=2")
	g.do("away", CmdCounter, "points=1")
	if p := g.st().Prompt; p == nil || len(p.Dice) != 2 || p.Dice[0].Sides != 4 {
		t.Fatalf("no exertion dice for the pledge and the counter: %+v", p)
	}
	hp4 := g.view("home").Teams[0].Players[3].CurrentHP
	g.do("home", CmdRoll, "values=2,3")
	g.do("home", CmdRoll, "values=1,12")
	if p := g.st().Prompt; p != nil && p.Step == "block-damage" {
		g.do("away", CmdRoll, "values=4")
	}
	for p := g.st().Prompt; p != nil && p.Step == "wound"; p = g.st().Prompt {
		g.do("away", CmdRoll, "values=2")
	}
	h4, _, _ := g.st().place("H4")
	if !h4.Prone || h4.HP >= hp4-2 {
		t.Errorf("H4 after a backfired block: %+v (had %d HP, −2 exertion)\n%s", h4, hp4, g.log())
	}
	if a3, _, _ := g.st().place("A3"); a3.Prone || a3.Cell.String() != "18:18" {
		t.Errorf("A3 moved or fell: %+v", a3)
	}
}

// A carrier knocked down fumbles; the blockers get the free activation
// (B.6 d, X3).
func TestBlockedCarrierFumbles(t *testing.T) {
	g := roundOne(t)
	g.do("away", CmdLetAct)
	g.put("H4", "19:17") // next to A4, the carrier on 20:16
	g.do("home", CmdBlock, "player=H4", "target=A4")
	g.do("away", CmdChooseDefense, "defense=block")
	g.do("home", CmdRoll, "values=12,1")
	g.do("home", CmdRoll, "values=1")
	for p := g.st().Prompt; p != nil && p.Kind == PromptDice && p.Step == "wound"; p = g.st().Prompt {
		g.do("home", CmdRoll, "values=1")
	}
	if p := g.st().Prompt; p != nil && p.Cmd == CmdPush {
		g.do("home", CmdPush, "hex="+p.Options[0])
	}
	if p := g.st().Prompt; p == nil || p.Step != "fumble-dir" {
		t.Fatalf("no fumble after the carrier went down: %+v\n%s", p, g.log())
	}
	g.do("home", CmdRoll, "values=3")
	for p := g.st().Prompt; p != nil && p.Kind == PromptDice; p = g.st().Prompt {
		g.do("home", CmdRoll, "values=1,1")
	}
	if p := g.view("home").Prompt; p == nil || p.Cmd != CmdFreeActivate || p.Team != "home" {
		t.Fatalf("the blockers get no free activation: %+v\n%s", p, g.log())
	}
}

// An activation's start effects (A.1, RB-F67, RB-F72) and Stun (RB-D39):
// a Stunned player's turn is skipped and the Stun goes; Bleed costs 1 HP
// each, Pain 1d4 each, before the coach acts.
func TestStartEffects(t *testing.T) {
	g := caught(t)
	g.do("home", CmdWindows, "mode=pass")
	g.do("away", CmdWindows, "mode=pass")
	st := g.st()
	st.Field[Home].Pos[3].St.Stun = true                                 // H4
	st.Field[Away].Pos[1].St.Bleed, st.Field[Away].Pos[1].St.Pain = 2, 1 // A2
	hp := st.Field[Away].Pos[1].HP
	st.Field[Away].Pos[0].St.Stun = true // A1
	g.refuse("A1 is Stunned and cannot take a free activation", "away", CmdFreeActivate, "player=A1")
	g.do("away", CmdFreeActivate, "player=none")
	g.do("home", CmdRoll, "values="+strings.TrimSuffix(strings.Repeat("6,", 14), ","))
	for g.st().Prompt != nil && strings.HasPrefix(g.st().Prompt.Dice[0].Purpose, "initiative tie") {
		p := g.st().Prompt
		faces := make([]string, len(p.Dice))
		for i := range faces {
			faces[i] = fmt.Sprint(12 - i)
		}
		g.do("away", CmdRoll, "values="+strings.Join(faces, ","))
	}
	// H4 (first) is skipped; A2 is next and pays 2 Bleed and 1d4 Pain
	if !strings.Contains(g.log(), "H4 is Stunned: his turn is skipped") {
		t.Fatalf("no skip:\n%s", g.log())
	}
	if p, _, _ := g.st().place("H4"); p.St.Stun {
		t.Error("the Stun stays after the skipped turn")
	}
	if p := g.st().Prompt; p == nil || p.Step != "pain" {
		t.Fatalf("no Pain die at A2's start: %+v", p)
	}
	g.do("away", CmdRoll, "values=3")
	g.acting("A2", KindNormal, 2)
	if p, _, _ := g.st().place("A2"); p.HP != hp-5 {
		t.Errorf("A2 at %d HP, want %d − 2 Bleed − 3 Pain", p.HP, hp)
	}
}
