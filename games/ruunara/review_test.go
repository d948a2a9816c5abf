package ruunara

// Regression tests of the review findings (notes/report-13-review.md), each
// asserting what the spec asks for.

import (
	"strings"
	"testing"

	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// F2 RU-D4: a trigger die with a cover question after it stays open for a re-roll.
func TestReviewTriggerDieRerollWindow(t *testing.T) {
	g := newGame(t, []string{"p1"}, nil)
	g.do("p1", "define-ability", "card=graam", "id=steady", "name=Steady Aim", "kind=skill", "cycle=constant", "target=none", "effect=text", "text=Re-roll one die of Graam's.")
	g.do("p1", "add-hero", "card=graam")
	g.do("p1", "add-hero", "card=tarok")
	g.do("p1", "add-enemy", "card=saarok", "count=2")
	g.do("p1", "start")
	g.do("p1", "use", "hero=H1", "ability=between-the-eyes", "target=E1")
	g.do("p1", "roll", "values=6")
	if p := g.st().Prompt; p == nil || p.QKind != "cover" {
		t.Fatalf("want the cover question, got %+v", p)
	}
	g.refuse("War Cry is Tarok's ability, not Graam's", "p1", "reroll", "die=1", "value=2", "ability=war-cry")
	if err := g.try("p1", "reroll", "die=1", "value=2", "ability=steady"); err != nil {
		t.Fatalf("re-roll of the trigger die while its cover question is open refused: %v", err)
	}
	// the trigger now fails (2 < 4+): no cover question, E1 unharmed, still a ranged attack (RU-D61)
	if e := g.st().enemy("E1"); e.AI.Mode == rn.Dead || e.AI.Site != "hero:H1" {
		t.Errorf("E1 %v site %q after the failed trigger", e.AI.Mode, e.AI.Site)
	}
}

// F3 RU-D57: adjust a hero's engagements alone.
func TestReviewAdjustHeroEngagedAlone(t *testing.T) {
	g := solo(t, []string{"naali", "graam"}, "saarok", "saarok")
	if err := g.try("p1", "adjust", "unit=H1", "engaged=E1"); err != nil {
		t.Errorf("adjust unit=H1 engaged=E1 refused: %v", err)
	}
}

// F4 RU-F59/RU-D57: an executed hero cannot be brought back by adjust.
func TestReviewExecutedHeroComesBack(t *testing.T) {
	g := solo(t, []string{"naali", "graam"}, "saarok", "saarok")
	g.do("p1", "kill", "unit=H1")
	if err := g.try("p1", "adjust", "unit=H1", "captive=no"); err == nil {
		t.Errorf("adjust captive=no on an executed hero accepted: Naali is %s with %d HP", g.st().hero("H1").Status, g.hp("H1"))
	}
}

// F5 RU-D57: engaged= with a repeated enemy makes duplicate pairs.
func TestReviewDuplicatePairs(t *testing.T) {
	g := solo(t, []string{"naali", "graam"}, "saarok", "saarok")
	g.try("p1", "adjust", "unit=H1", "hp=10", "engaged=E1,E1")
	if n := len(g.st().Pairs); n > 1 {
		t.Errorf("pairs %v", g.st().Pairs)
	}
}

// F6 RU-D50: an auto objective (no-enemies) is not claimable while enemies stand.
func TestReviewClaimAutoObjective(t *testing.T) {
	g := solo(t, []string{"naali", "graam"}, "saarok", "saarok")
	if err := g.try("p1", "claim-objective", "id=clear"); err == nil {
		t.Errorf("claimed 'Remove every enemy' with 2 enemies standing: %s", g.st().resultWords())
	}
}

// F7 RU-D4: a re-roll names an ability of a hero who can use it (not an executed one).
func TestReviewRerollByExecutedHero(t *testing.T) {
	g := solo(t, []string{"naali-plain", "graam", "tarok"}, "saarok", "saarok")
	g.do("p1", "kill", "unit=H3")
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H1", "enemies=E1,E2")
	g.to(PhaseCombat)
	g.do("p1", "attack", "hero=H1", "kind=melee")
	g.do("p1", "roll", "values=6,6,1")
	if err := g.try("p1", "reroll", "die=3", "value=6", "ability=war-cry"); err == nil {
		t.Errorf("re-roll granted by executed Tarok's War Cry accepted")
	}
}

// F8 RU-D1/RU-X35: refusals quote distances in the seat's unit.
func TestReviewCmSeatRefusal(t *testing.T) {
	g := newGame(t, []string{"p1", "p2"}, nil)
	g.do("p1", "add-hero", "card=naali", "seat=p1")
	g.do("p1", "add-hero", "card=graam", "seat=p2")
	g.do("p1", "add-enemy", "card=saarok", "count=2")
	g.do("p1", "start")
	g.do("p2", "set-unit", "system=cm")
	for g.st().Side != 1 || g.st().Phase != PhaseCombat {
		g.do(g.st().Seats[g.st().Side], "end-phase")
	}
	err := g.try("p2", "attack", "hero=H2", "kind=melee")
	if err == nil || strings.Contains(err.Error(), `1"`) {
		t.Errorf("cm seat refusal: %v", err)
	}
}

// F9 §6.1 / RU-X36: wrong seat wording.
func TestReviewWrongSeatWording(t *testing.T) {
	g := newGame(t, []string{"p1", "p2"}, nil)
	g.do("p1", "add-hero", "card=naali", "seat=p1")
	g.do("p1", "add-hero", "card=graam", "seat=p2")
	g.do("p1", "add-enemy", "card=saarok", "count=2")
	g.do("p1", "start")
	g.to(PhaseMovement)
	err := g.try("p2", "engage", "hero=H2", "enemies=E1")
	if err == nil || !strings.Contains(err.Error(), "it is p1's turn: Graam plays in p2's turn") {
		t.Errorf("refusal %v", err)
	}
}

// F1 RU-D27: a shooter removed (kill) while its cover question is open does
// not capture the hero: its shot is void.
func TestReviewDeadShooter(t *testing.T) {
	g := solo(t, []string{"naali-plain", "graam"}, "saarok-archer", "saarok")
	for i := 0; ; i++ {
		if i > 60 {
			t.Fatal("no cover question")
		}
		p := g.st().Prompt
		if p != nil && p.QKind == "cover" {
			break
		}
		switch {
		case p == nil:
			g.do("p1", "end-phase")
		case p.QKind == "sight":
			g.do("p1", "answer", "q="+p.QID, "pick=E1:H1")
		case p.Kind == PromptDice && p.Attack != nil && p.Attack.Attacker == "E1":
			g.do("p1", "roll", "values=6,6")
		default:
			g.step()
		}
	}
	q := g.st().Prompt.QID
	g.do("p1", "kill", "unit=E1")
	g.do("p1", "adjust", "unit=H1", "hp=1")
	g.do("p1", "answer", "q="+q, "value=no")
	if h := g.st().hero("H1"); h.Status != StatusFree || h.HP != 1 {
		t.Errorf("Naali %s with %d HP, captors %v: a dead shooter's hits landed", h.Status, h.HP, h.Captors)
	}
}

// F10 §6.1: the turn phase is checked before the unit's freedom.
func TestReviewOrderOfChecks(t *testing.T) {
	g := solo(t, []string{"naali", "graam", "tarok"}, "saarok")
	g.do("p1", "adjust", "unit=H3", "captive=melee:1")
	g.to(PhaseMovement)
	g.refuse("War Cry is used in the tactical phase (this is the movement phase)", "p1", "use", "hero=H3", "ability=war-cry")
	g.to(PhaseCombat)
	g.refuse("Vanish is used in the movement phase (this is the combat phase)", "p1", "flee", "hero=H2", "ability=vanish")
}

// F13: two picks for one enemy are refused; one rescue turn is singular.
func TestReviewSmallThings(t *testing.T) {
	g := solo(t, []string{"naali", "graam"}, "saarok")
	g.toEnemyTurn()
	p := g.st().Prompt
	g.refuse("E1 is picked twice", "p1", "answer", "q="+p.QID, "pick=E1:H1,E1:none")

	g = solo(t, []string{"naali"}, "saarok", "saarok")
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H1", "enemies=E1")
	g.to(PhaseCombat)
	g.do("p1", "attack", "hero=H1", "kind=melee")
	g.refuse("an empty value is not a die's face", "p1", "roll", "values=3,,5")
	g.do("p1", "roll", "values=1,1,1")
	g.do("p1", "adjust", "unit=H1", "captive=ranged:1")
	if tm := g.view("p1").Heroes[0].Timer; !strings.Contains(tm, "3 rescue turns left") {
		t.Errorf("timer %q", tm)
	}
}
