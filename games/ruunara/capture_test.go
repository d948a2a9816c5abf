package ruunara

import (
	"fmt"
	"strings"
	"testing"

	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// enemyTurnTo plays the seat turns of the round quietly and stops in the
// enemy combat phase's dice prompt for enemy id, or fails.
func (g *tgame) toEnemyAttack(id string) {
	g.t.Helper()
	for i := 0; ; i++ {
		if i > 100 {
			g.t.Fatalf("no attack by %s", id)
		}
		st := g.st()
		if p := st.Prompt; p != nil && p.Kind == PromptDice && p.Attack != nil && p.Attack.Attacker == id && p.Attack.ByEnemy {
			return
		}
		if st.Prompt != nil {
			p := st.Prompt
			switch p.Kind {
			case PromptOrders:
				g.do("p1", "ack")
			case PromptQuestion:
				if pickKinds[p.QKind] {
					g.do("p1", "answer", "q="+p.QID)
				} else if len(p.Q.Lines) == 1 {
					g.do("p1", "answer", "q="+p.QID, "value=no")
				} else {
					g.do("p1", "answer", "q="+p.QID, "ticks=none")
				}
			case PromptDice:
				g.do("p1", "roll", "values="+strings.TrimSuffix(strings.Repeat("1,", p.N), ","))
			default:
				g.t.Fatalf("unexpected prompt %+v", p)
			}
			continue
		}
		g.do(st.Seats[st.Side], "end-phase")
	}
}

// RU-X9: a hero executed in hand-to-hand (RU-F54, RU-D23, RU-D45, RU-D49).
func TestX9ExecutedInHandToHand(t *testing.T) {
	for _, tc := range []struct {
		roll     string
		executed bool
	}{{"4,6", true}, {"4,1", false}} {
		g := solo(t, []string{"naali", "graam"}, "saarok")
		g.do("p1", "adjust", "unit=H1", "hp=2")
		g.to(PhaseMovement)
		g.do("p1", "engage", "hero=H1", "enemies=E1")
		g.toEnemyAttack("E1")
		if p := g.view("p1").Prompt; p.Purpose != "E1 attacks Naali: 2 dice, hit on 4+" {
			t.Errorf("prompt %q", p.Purpose)
		}
		g.do("p1", "roll", "values="+tc.roll)
		h := g.st().hero("H1")
		if (h.Status == StatusExecuted) != tc.executed {
			t.Fatalf("roll %s: Naali %s %d HP", tc.roll, h.Status, h.HP)
		}
		e1 := g.st().enemy("E1")
		if tc.executed {
			if len(g.st().Pairs) != 0 {
				t.Errorf("pairs %v after the execution", g.st().Pairs)
			}
			// E1 never left its post: posted at once with post-facing (RU-D37)
			if e1.AI.Mode != rn.Posted {
				t.Errorf("E1 %v, want posted", e1.AI.Mode)
			}
		} else if h.HP != 1 || e1.AI.Mode != rn.Engaged {
			t.Errorf("Naali %d HP, E1 %v; want 1 HP, engaged", h.HP, e1.AI.Mode)
		}
	}
}

// RU-X10, RU-X11: capture by a ranged attack, the timer, freed with 6 HP.
func TestX10X11RangedCaptureAndRescue(t *testing.T) {
	g := solo(t, []string{"naali", "graam"}, "saarok", "saarok", "saarok", "saarok", "saarok", "saarok", "saarok-archer")
	for g.st().Round < 4 {
		g.endRound()
	}
	g.do("p1", "adjust", "unit=H1", "hp=1")
	g.do("p1", "adjust", "unit=E7", "mode=engaging", "target=H1")
	// the archer sees Naali at the sight check and shoots her (RU-D44)
	for i := 0; ; i++ {
		if i > 60 {
			t.Fatal("no shot")
		}
		st := g.st()
		if p := st.Prompt; p != nil && p.Kind == PromptQuestion && p.QKind == "sight" {
			g.do("p1", "answer", "q="+p.QID, "pick=E7:H1")
			continue
		}
		if p := st.Prompt; p != nil && p.Kind == PromptDice && p.Attack != nil && p.Attack.Attacker == "E7" {
			break
		}
		if st.Prompt != nil {
			g.quiet(nil)
			continue
		}
		g.do("p1", "end-phase")
	}
	g.do("p1", "roll", "values=5,1")
	p := g.st().Prompt
	if p == nil || p.QKind != "cover" {
		t.Fatalf("want cover, got %+v", p)
	}
	g.do("p1", "answer", "q="+p.QID, "value=no")
	h := g.st().hero("H1")
	if h.Status != StatusCaptured || h.Cause != "ranged" || h.CapturedRound != 4 || strings.Join(h.Captors, ",") != "E7" {
		t.Fatalf("Naali %+v", h)
	}
	if e := g.st().enemy("E7"); e.AI.Mode != rn.Guarding || e.AI.Target != "H1" {
		t.Errorf("E7 %v %s, want guarding H1", e.AI.Mode, e.AI.Target)
	}
	if tm := g.view("p1").Heroes[0].Timer; !strings.Contains(tm, "executed at the start of round 8: 3 rescue turns left (rounds 5–7)") {
		t.Errorf("timer in the capture round: %q", tm)
	}
	g.endRound()
	if tm := g.view("p1").Heroes[0].Timer; !strings.Contains(tm, "3 rescue turns left (this one included)") {
		t.Errorf("timer in round 5: %q", tm)
	}
	g.endRound()
	// round 6: Graam shoots E7 (2 HP) → Naali freed with 6 HP (RU-X11)
	g.to(PhaseCombat)
	g.do("p1", "attack", "hero=H2", "kind=ranged", "target=E7")
	g.do("p1", "roll", "values=4,5")
	p = g.st().Prompt
	g.do("p1", "answer", "q="+p.QID, "value=no")
	h = g.st().hero("H1")
	if h.Status != StatusFree || h.HP != 6 || h.Count != 0 {
		t.Fatalf("Naali %s %d HP count %d, want free, 6 HP, 0", h.Status, h.HP, h.Count)
	}
	if !g.has(EvHeroFreed) {
		t.Error("no hero-freed event")
	}
}

// RU-X10's other branch: no rescue, executed at boundary 7 (RU-D26).
func TestX10ExecutedAfterThreeRounds(t *testing.T) {
	g := solo(t, []string{"naali", "graam"}, "saarok-archer")
	g.do("p1", "adjust", "unit=H1", "captive=ranged:1")
	for g.st().Round < 5 && g.st().Stage == StagePlay {
		if h := g.st().hero("H1"); h.Status != StatusCaptured {
			t.Fatalf("round %d: Naali %s", g.st().Round, h.Status)
		}
		g.endRound()
	}
	if h := g.st().hero("H1"); h.Status != StatusExecuted || h.Cause != "captivity" || h.GoneRound != 5 {
		t.Fatalf("Naali %s %s round %d, want executed by captivity at the start of round 5", h.Status, h.Cause, h.GoneRound)
	}
}

// RU-X12: freed hit points never above the card (RU-D28).
func TestX12FreedHPCapped(t *testing.T) {
	g := solo(t, []string{"small", "graam"}, "saarok-archer")
	g.do("p1", "adjust", "unit=H1", "hp=0")
	g.do("p1", "adjust", "unit=H1", "captive=ranged:1:e1")
	g.to(PhaseCombat)
	g.do("p1", "attack", "hero=H2", "kind=ranged", "target=E1")
	g.do("p1", "roll", "values=6,6")
	g.do("p1", "answer", "q="+g.st().Prompt.QID, "value=no")
	if h := g.st().hero("H1"); h.Status != StatusFree || h.HP != 5 {
		t.Fatalf("small %s %d HP, want free with 5", h.Status, h.HP)
	}
}

// RU-X13, RU-X18: capture after more than 4 engaged turns, the order of
// the boundary.
func TestX13CaptureAfterEngagedTurns(t *testing.T) {
	g := solo(t, []string{"naali", "graam", "tarok"}, "saarok-tough")
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H3", "enemies=E1")
	if tm := g.view("p1").Heroes[2].Timer; tm != "engaged for 0 of 5 rounds — captured at the end of round 5 if still engaged" {
		t.Errorf("round 1 timer %q", tm)
	}
	for r := 1; r <= 5; r++ {
		g.endRound()
		h := g.st().hero("H3")
		if r < 5 {
			if h.Count != r || h.Status != StatusFree {
				t.Fatalf("boundary %d: count %d %s", r, h.Count, h.Status)
			}
			if tm := g.view("p1").Heroes[2].Timer; !strings.Contains(tm, "captured at the end of round 5") {
				t.Errorf("round %d timer %q", r+1, tm)
			}
		}
	}
	h := g.st().hero("H3")
	if h.Status != StatusCaptured || h.Cause != "melee" || h.CapturedRound != 5 || strings.Join(h.Captors, ",") != "E1" {
		t.Fatalf("Tarok %+v", h)
	}
	if e := g.st().enemy("E1"); e.AI.Mode != rn.Guarding {
		t.Errorf("E1 %v, want guarding", e.AI.Mode)
	}
	if tm := g.view("p1").Heroes[2].Timer; !strings.Contains(tm, "executed at the start of round 9") {
		t.Errorf("timer %q", tm)
	}
	for g.st().Round < 9 && g.st().Stage == StagePlay {
		g.endRound()
	}
	if h := g.st().hero("H3"); h.Status != StatusExecuted || h.GoneRound != 9 {
		t.Fatalf("Tarok %s round %d, want executed at the start of round 9", h.Status, h.GoneRound)
	}
	if e := g.st().enemy("E1"); e.AI.Mode != rn.Posted {
		t.Errorf("E1 %v after the execution, want posted (no marker out)", e.AI.Mode)
	}
}

// RU-X15: the chain breaks when the hero's last opponent dies (RU-D25).
func TestX15ChainBreaks(t *testing.T) {
	g := solo(t, []string{"naali", "graam", "tarok"}, "saarok-tough")
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H3", "enemies=E1")
	for r := 1; r <= 3; r++ {
		g.endRound()
	}
	if c := g.st().hero("H3").Count; c != 3 {
		t.Fatalf("count %d after boundary 3", c)
	}
	g.do("p1", "kill", "unit=E1")
	if c := g.st().hero("H3").Count; c != 0 {
		t.Errorf("count %d after E1's death, want 0", c)
	}
}

// RU-X17: several captors must all fall (RU-D27).
func TestX17SeveralCaptors(t *testing.T) {
	g := solo(t, []string{"naali", "graam", "tarok"}, "saarok-tough", "saarok-tough")
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H3", "enemies=E1,E2")
	for r := 1; r <= 5; r++ {
		g.endRound()
	}
	h := g.st().hero("H3")
	if h.Status != StatusCaptured || strings.Join(h.Captors, ",") != "E1,E2" {
		t.Fatalf("Tarok %s captors %v", h.Status, h.Captors)
	}
	g.do("p1", "kill", "unit=E1")
	if h := g.st().hero("H3"); h.Status != StatusCaptured {
		t.Fatalf("freed with E2 standing")
	}
	if tm := g.view("p1").Heroes[2].Timer; !strings.Contains(tm, "E2") {
		t.Errorf("timer %q does not name the captor left", tm)
	}
	g.do("p1", "kill", "unit=E2")
	if h := g.st().hero("H3"); h.Status != StatusFree {
		t.Fatalf("Tarok %s after both captors fell", h.Status)
	}
}

// RU-X19: a captive does nothing (RU-D30).
func TestX19CaptiveDoesNothing(t *testing.T) {
	g := solo(t, []string{"naali", "graam", "tarok"}, "saarok")
	g.do("p1", "adjust", "unit=H3", "captive=melee:1")
	g.refuse("Tarok is captured and cannot act or use abilities", "p1", "use", "hero=H3", "ability=war-cry")
}

// RU-X38: defeat when no hero is free (RU-D50).
func TestX38Defeat(t *testing.T) {
	g := solo(t, []string{"naali"}, "saarok-tough")
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H1", "enemies=E1")
	for g.st().Stage == StagePlay {
		g.endRound()
	}
	st := g.st()
	if st.Result != "defeat" || st.Reason != "no free hero" || st.EndRound != 5 {
		t.Fatalf("result %q %q round %d", st.Result, st.Reason, st.EndRound)
	}
	g.refuse("the game is over (defeat: no free hero, round 5)", "p1", "end-phase")
	if s := g.r.Status(g.s); !s.Finished {
		t.Error("status not finished")
	}
}

// The app warns one turn ahead: a line at the boundary before a capture
// and before an execution.
func TestWarningsOneTurnAhead(t *testing.T) {
	g := solo(t, []string{"naali", "tarok"}, "saarok-tough")
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H2", "enemies=E1")
	var warned []string
	for g.st().Round < 9 && g.st().Stage == StagePlay {
		g.endRound()
		for _, e := range g.last {
			if e.Type == EvWarned {
				line, _ := g.r.Describe(g.s, e, "p1")
				warned = append(warned, fmt.Sprintf("r%d %s", g.st().Round, line))
			}
		}
	}
	want := []string{
		"r5 Warning: Tarok will be captured at the end of round 5 if still engaged",
		"r8 Warning: round 8 is the last chance to free Tarok: executed at the start of round 9",
	}
	if strings.Join(warned, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(warned, "\n"), strings.Join(want, "\n"))
	}
}
