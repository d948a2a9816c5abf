package runeball

import (
	"strings"
	"testing"
)

// A.2, R and H in play: the free activation after a kick that lands
// bouncing starts with a bounce; a pickup at rest; a failed handoff is the
// taker's fumble, whose free activation waits for the giver's activation
// to be set aside, and which resumes after it (RB-D26).
func TestPickupAndHandoff(t *testing.T) {
	g := setup(t)
	g.do("home", CmdKick, "target=24:16")
	g.do("away", CmdRoll, "values=7")
	g.do("home", CmdRoll, "values=1,2") // scatter 0: bouncing on 24:16
	g.do("away", CmdFreeActivate, "player=A7")
	if p := g.st().Prompt; p == nil || p.Step != "bounce" {
		t.Fatalf("a bouncing ball does not bounce at the activation's start: %+v", p)
	}
	g.refuse("waiting for either coach", "away", CmdMove, "player=A7", "path=25:15", "as=half")
	g.do("away", CmdRoll, "values=1,1") // N to 24:14, at rest
	if b := g.view("home").Ball; b.State != BallRest || b.Cell != "24:14" {
		t.Fatalf("ball %+v", b)
	}
	g.refuse("the ball is not in A7's hex", "away", CmdPickup, "player=A7")
	g.do("away", CmdMove, "player=A7", "path=25:15,24:14", "as=half")
	if a := g.view("away").Acting; strings.Join(a.Commands, ",") != "move,pickup,end-activation" {
		t.Errorf("on the ball: commands %v", a.Commands)
	}
	g.do("away", CmdPickup, "player=A7")
	if p := g.st().Prompt; p == nil || !strings.Contains(p.Dice[0].Purpose, "Catch vs DL 8 (pickup)") {
		t.Fatalf("pickup prompt %+v", p)
	}
	g.do("away", CmdRoll, "values=12")
	if b := g.view("home").Ball; b.Holder != "A7" {
		t.Fatalf("ball %+v after a pickup on 12", b)
	}
	g.refuse("the ball is held by A7", "away", CmdPickup, "player=A7")
	g.refuse("A5 is not adjacent to A7 (2 hexes): pass instead", "away", CmdHandoff, "player=A7", "to=A5")
	g.refuse("a handoff is made during your own team's activation", "home", CmdHandoff, "player=A7", "to=A5")
	g.do("away", CmdMove, "player=A7", "path=23:13", "as=half")
	g.refuse("A5 does not have the ball", "away", CmdHandoff, "player=A5", "to=A7")
	g.do("away", CmdHandoff, "player=A7", "to=A5")
	g.do("away", CmdRoll, "values=1") // Catch 10 + 1 = 11 vs DL 8
	if b := g.view("home").Ball; b.Holder != "A5" {
		t.Fatalf("ball %+v after the handoff", b)
	}
	g.acting("A7", KindKickoffFree, 0) // a handoff costs no action
	g.do("away", CmdEndActivation, "player=A7")
	if st := g.st(); st.Round != 1 {
		t.Fatalf("round %d", st.Round)
	}
	g.keepScript("ballplay", "A kick lands bouncing; away's free activation starts with a bounce; A7 picks the ball up and hands it to A5; round 1 starts.")
}

// A free activation granted inside an activation waits for the ball's
// resolution, then runs while the activation is set aside; the
// activation resumes as it was (RB-D26, §2.9 A).
func TestFreeActivationInterrupts(t *testing.T) {
	g := setupWith(t, "18:16,18:14,18:18,20:16,22:12,22:20,23:17")
	g.do("home", CmdKick, "target=24:16")
	g.do("away", CmdRoll, "values=7")
	g.do("home", CmdRoll, "values=1,2") // bouncing on 24:16
	g.do("away", CmdFreeActivate, "player=A1")
	g.do("away", CmdRoll, "values=5,4") // SW into A7's hex: he must try (DL 12)
	g.do("away", CmdRoll, "values=1")   // 11 vs 12
	if p := g.st().Prompt; p != nil && p.Cmd == CmdExert {
		g.do("away", CmdExert, "points=0")
	}
	g.do("home", CmdRoll, "values=1") // A7's fumble goes N to 23:15
	st := g.st()
	if st.Current != nil || len(st.Suspended) != 1 || st.Suspended[0].Player != "A1" || !st.Suspended[0].Started {
		t.Fatalf("acting %+v, suspended %+v: A1 should wait\n%s", st.Current, st.Suspended, dumpLog(g))
	}
	if p := g.view("home").Prompt; p == nil || p.Cmd != CmdFreeActivate || p.Team != "home" {
		t.Fatalf("home is not offered its free activation: %+v", p)
	}
	g.do("home", CmdFreeActivate, "player=H1")
	g.do("home", CmdRoll, "values=4,1") // the bouncing ball: S to 23:17? occupied → A7 again
	for p := g.st().Prompt; p != nil; p = g.st().Prompt {
		switch {
		case p.Cmd == CmdExert:
			g.do("away", CmdExert, "points=0")
		case p.Kind == PromptDice:
			g.do("home", CmdRoll, "values="+strings.TrimSuffix(strings.Repeat("2,", len(p.Dice)), ","))
		default:
			t.Fatalf("unexpected prompt %+v", p)
		}
	}
	g.acting("H1", KindFree, 2)
	g.do("home", CmdEndActivation, "player=H1")
	for g.st().Current == nil && g.st().Prompt != nil && g.st().Prompt.Cmd == CmdFreeActivate {
		p := g.st().Prompt
		g.do(teamName(p.Team), CmdFreeActivate, "player=none")
	}
	g.acting("A1", KindKickoffFree, 2) // resumed as it was
	g.keepScript("interrupt", "A bounce at A1's start enters A7's hex; A7 fumbles; home's free activation runs while A1 waits; A1 resumes.")
}

// The acting player who fumbles loses the rest of his activation (RB-F50).
func TestFumbleEndsActivation(t *testing.T) {
	g := setup(t)
	g.do("home", CmdKick, "target=24:16")
	g.do("away", CmdRoll, "values=7")
	g.do("home", CmdRoll, "values=1,2")
	g.do("away", CmdFreeActivate, "player=A7")
	g.do("away", CmdRoll, "values=5,4") // SW to 23:17, bouncing
	g.do("away", CmdMove, "player=A7", "path=25:17,24:18,23:17", "as=half")
	g.do("away", CmdPickup, "player=A7")
	if p := g.st().Prompt; p == nil || !strings.Contains(p.Dice[0].Purpose, "DL 12") {
		t.Fatalf("a bouncing ball's pickup is not at DL 12: %+v", p)
	}
	g.do("away", CmdRoll, "values=1")
	if p := g.st().Prompt; p != nil && p.Cmd == CmdExert {
		g.do("away", CmdExert, "points=0")
	}
	g.do("home", CmdRoll, "values=1") // N to 23:15
	st := g.st()
	if st.Current != nil || len(st.Suspended) != 0 {
		t.Fatalf("A7 fumbled and still acts: %+v", st.Current)
	}
	if p := g.view("home").Prompt; p == nil || p.Cmd != CmdFreeActivate || p.Team != "home" {
		t.Fatalf("home is not offered the fumble's free activation: %+v", p)
	}
}

func dumpLog(g *tgame) string {
	var out []string
	for _, e := range g.evs {
		if l, ok := g.r.Describe(g.s, e, "home"); ok {
			out = append(out, l)
		}
	}
	return strings.Join(out[max(0, len(out)-12):], "\n")
}
