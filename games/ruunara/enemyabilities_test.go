package ruunara

import (
	"strings"
	"testing"

	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// toEnemyPrompt ends the seat turns until the enemy turn opens a prompt
// other than the sight question (answered with the defaults).
func (g *tgame) toEnemyTurn() {
	g.t.Helper()
	for i := 0; !g.st().enemyTurnNow(); i++ {
		if i > 20 {
			g.t.Fatal("no enemy turn")
		}
		if g.st().Prompt != nil {
			g.step()
			continue
		}
		g.do(g.st().Seats[g.st().Side], "end-phase")
	}
}

// RU-D46: an enemy's text ability is an order card in the enemy tactical
// phase, used once per its cycle.
func TestEnemyTextAbility(t *testing.T) {
	g := newGame(t, []string{"p1"}, nil)
	g.do("p1", "define-card", "id=howler", "name=Howler", "faction=enemy", "hp=3", "move=5in", "vision=6in", "close=2D4+")
	g.do("p1", "define-ability", "card=howler", "id=howl", "name=Howl", "kind=skill", "cycle=1/G", "target=none", "effect=text", "text=Heroes within 3in are shaken.")
	g.do("p1", "add-hero", "card=naali")
	g.do("p1", "add-enemy", "card=howler")
	g.do("p1", "start")
	g.toEnemyTurn()
	p := g.view("p1").Prompt
	if p == nil || p.Kind != PromptOrders {
		t.Fatalf("prompt %+v, want the order card", p)
	}
	v := g.view("p1")
	if got := v.Orders[len(v.Orders)-1].Text; got != "E1 uses Howl: Heroes within 3in are shaken." {
		t.Errorf("order %q", got)
	}
	g.endRound()
	g.toEnemyTurn()
	for _, o := range g.view("p1").Orders {
		if strings.Contains(o.Text, "Howl") {
			t.Errorf("Howl used twice in a game (1/G): %q", o.Text)
		}
	}
}

// RU-D46, RU-D22, RU-D24: an enemy's ranged attack ability on the hero it
// charges, with cover; an instant kill in hand-to-hand executes.
func TestEnemyAttackAbilities(t *testing.T) {
	g := newGame(t, []string{"p1"}, nil)
	g.do("p1", "define-card", "id=spearman", "name=Spearman", "faction=enemy", "hp=3", "move=5in", "vision=6in", "close=2D4+")
	g.do("p1", "define-ability", "card=spearman", "id=throw", "name=Spear throw", "kind=skill", "cycle=1/F", "target=single", "reach=ranged", "effect=attack:1D4+")
	g.do("p1", "define-ability", "card=spearman", "id=crush", "name=Crush", "kind=skill", "cycle=1/G", "trigger=6", "phase=combat", "target=single", "reach=melee", "effect=instant-kill")
	g.do("p1", "add-hero", "card=naali")
	g.do("p1", "add-hero", "card=tarok")
	g.do("p1", "add-enemy", "card=spearman")
	g.do("p1", "start")
	g.do("p1", "adjust", "unit=E1", "mode=engaging", "target=H1")
	g.toEnemyTurn()
	p := g.st().Prompt
	if p == nil || p.Kind != PromptDice || p.N != 1 || p.Hit != 4 || !strings.Contains(p.Purpose, "Spear throw") {
		t.Fatalf("prompt %+v, want the spear's 1D4+", p)
	}
	g.do("p1", "roll", "values=5")
	p = g.st().Prompt
	if p == nil || p.QKind != "cover" {
		t.Fatalf("want the cover question, got %+v", p)
	}
	g.do("p1", "answer", "q="+p.QID, "value=no")
	if g.hp("H1") != 9 {
		t.Errorf("Naali %d HP, want 9", g.hp("H1"))
	}
	// next round: Tarok engages E1; in the enemy combat phase Crush comes
	// before E1's attack, on the weakest engaged hero
	g.endRound()
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H2", "enemies=E1")
	for i := 0; ; i++ {
		if i > 40 {
			t.Fatal("no Crush")
		}
		if p := g.st().Prompt; p != nil && p.Kind == PromptDice && strings.Contains(p.Purpose, "Crush") {
			break
		}
		if g.st().Prompt != nil {
			g.step()
			continue
		}
		g.do("p1", "end-phase")
	}
	g.do("p1", "roll", "values=6")
	if h := g.st().hero("H2"); h.Status != StatusExecuted || h.Cause != "melee" {
		t.Fatalf("Tarok %s %s, want executed in hand-to-hand", h.Status, h.Cause)
	}
	if e := g.st().enemy("E1"); e.AI.Mode == rn.Engaged {
		t.Errorf("E1 still engaged with nobody")
	}
}
