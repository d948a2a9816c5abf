package ruunara

import (
	"strings"
	"testing"

	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

func (g *tgame) left(hero, ability string) int {
	g.t.Helper()
	for _, h := range g.view("p1").Heroes {
		if h.ID == hero {
			for _, a := range h.Abilities {
				if a.ID == ability {
					return a.Left
				}
			}
		}
	}
	g.t.Fatalf("%s has no %s", hero, ability)
	return 0
}

// RU-X20: /F exhausted, then refilled after a quiet round (RU-D11).
func TestX20FightAbility(t *testing.T) {
	g := solo(t, []string{"naali", "graam", "tarok"}, "saarok-tough", "saarok")
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H3", "enemies=E1")
	g.endRound()
	g.do("p1", "use", "hero=H3", "ability=war-cry")
	if g.left("H3", "war-cry") != 0 {
		t.Fatal("War Cry not spent")
	}
	g.endRound()
	g.refuse("War Cry is used up for this fight (once per fight)", "p1", "use", "hero=H3", "ability=war-cry")
	g.to(PhaseCombat)
	g.do("p1", "kill", "unit=E1") // round 3 here: Tarok's last opponent falls
	g.endRound()
	if g.left("H3", "war-cry") != 0 {
		t.Fatal("War Cry refilled after a round with a fight in it")
	}
	g.endRound() // a quiet round: boundary ends the fight
	if g.left("H3", "war-cry") != 1 || g.st().hero("H3").Fight.In {
		t.Fatalf("after a quiet round War Cry %d, in fight %v", g.left("H3", "war-cry"), g.st().hero("H3").Fight.In)
	}
}

// RU-X20 variant: a /F ability used outside a fight starts one (RU-D11).
func TestX20FightAbilityOutsideAFight(t *testing.T) {
	g := solo(t, []string{"tarok"}, "saarok")
	g.do("p1", "use", "hero=H1", "ability=war-cry")
	if !g.st().hero("H1").Fight.In {
		t.Fatal("no fight started")
	}
	g.endRound()
	if g.left("H1", "war-cry") != 0 {
		t.Fatal("refilled at the first boundary")
	}
	g.endRound()
	if g.left("H1", "war-cry") != 1 {
		t.Fatal("not refilled after a quiet round")
	}
}

// RU-X21, RU-X22: /G used once; a failed trigger still spends the use.
func TestX21X22GameAbility(t *testing.T) {
	g := solo(t, []string{"naali", "graam"}, "saarok", "saarok", "saarok", "saarok", "saarok")
	g.do("p1", "use", "hero=H2", "ability=between-the-eyes", "target=E2")
	g.do("p1", "roll", "values=3")
	if !g.has(EvAttackRolled) || g.st().enemy("E2").AI.Mode == rn.Dead {
		t.Fatal("a failed trigger killed")
	}
	if g.left("H2", "between-the-eyes") != 0 {
		t.Fatal("use not spent")
	}
	// still a ranged attack on E2 (RU-D61)
	if e := g.st().enemy("E2"); e.AI.Mode != rn.Investigating || e.AI.Site != "hero:H2" {
		t.Errorf("E2 %v %q", e.AI.Mode, e.AI.Site)
	}
	g.quiet(nil)
	// the noise question of site E2 at the end of the tactical phase (RU-D34c)
	g.do("p1", "end-phase")
	p := g.st().Prompt
	if p == nil || p.QKind != "noise" {
		t.Fatalf("want noise at the end of the tactical phase, got %+v", p)
	}
	for _, l := range p.Q.Lines {
		if l.Unit == "E2" {
			t.Error("E2 listed for its own site")
		}
	}
	g.quiet(nil)
	g.endRound()
	g.endRound()
	g.refuse("Between the Eyes is used up for this game (once per game)", "p1", "use", "hero=H2", "ability=between-the-eyes", "target=E5")
}

// RU-X23: an every-turn spell (RU-F70, RU-D15).
func TestX23EveryTurnSpell(t *testing.T) {
	g := solo(t, []string{"ember-caster"}, "saarok-tough")
	g.endRound()
	g.endRound()
	g.do("p1", "use", "hero=H1", "ability=ember", "target=E1")
	if p := g.st().Prompt; p == nil || p.N != 1 || p.Hit != 3 {
		t.Fatalf("prompt %+v, want 1D3+", p)
	}
	g.quiet(nil)
	g.to(PhaseCombat)
	g.refuse("Ember can be used once per turn (already used in round 3)", "p1", "use", "hero=H1", "ability=ember", "target=E1")
	g.do("p1", "attack", "hero=H1", "kind=ranged", "target=E1")
	g.quiet(nil)
	g.endRound()
	g.do("p1", "use", "hero=H1", "ability=ember", "target=E1")
}

// RU-X36: duo turn order and seats (RU-D5, RU-D6).
func TestX36DuoTurnOrder(t *testing.T) {
	g := newGame(t, []string{"p1", "p2"}, nil)
	g.do("p1", "add-hero", "card=naali")
	g.do("p2", "add-hero", "card=graam")
	g.do("p1", "add-hero", "card=tarok")
	g.do("p1", "add-enemy", "card=saarok", "count=3")
	g.do("p1", "start")
	g.to(PhaseMovement)
	g.refuse("it is p1's turn", "p2", "engage", "hero=H2", "enemies=E1")
	g.refuse("Graam is p2's hero", "p1", "engage", "hero=H2", "enemies=E1")
	g.do("p1", "engage", "hero=H1", "enemies=E1")
	g.to(PhaseEnd)
	g.do("p1", "end-phase")
	if st := g.st(); st.Side != 1 || st.Phase != PhaseTactical {
		t.Fatalf("side %d phase %s, want p2's tactical", st.Side, st.Phase)
	}
	// both of p1's heroes captured: p1's turn is skipped
	g.do("p2", "adjust", "unit=H1", "captive=melee:1")
	g.do("p2", "adjust", "unit=H3", "captive=melee:1")
	g.endRound()
	if st := g.st(); st.Round != 2 || st.Side != 1 {
		t.Fatalf("round %d side %d, want round 2 with p2", st.Round, st.Side)
	}
	v := g.view("p2")
	if !v.YourTurn || g.view("p1").YourTurn {
		t.Error("your_turn wrong")
	}
}

// RU-X39, RU-X40: story mode's race and incomplete cards (RU-D9, RU-D16).
func TestX39X40Fielding(t *testing.T) {
	g := newGame(t, []string{"p1"}, map[string]string{"mode": "story", "race": "sanbari"})
	g.refuse("Tarok is Ardann: this story mission uses Sanbari heroes only", "p1", "add-hero", "card=tarok")
	g.do("p1", "add-hero", "card=graam")
	// the starter cards are complete (estimates where the book prints
	// nothing); a card typed without its statline is not
	g.do("p1", "define-card", "id=lurker", "name=Lurker", "faction=enemy")
	g.refuse("Lurker's card has no hit points, movement or vision yet: complete it in the card editor", "p1", "add-enemy", "card=lurker")
	g.do("p1", "add-enemy", "card=saarok-warrior")
	g.refuse("Saarok is an enemy card: it is added as enemies", "p1", "add-hero", "card=saarok")
	g.refuse("Tarok is a hero card: it is added as a hero", "p1", "add-enemy", "card=tarok")
	g.do("p1", "remove-unit", "unit=E1")
	g.refuse("add at least one enemy", "p1", "start")
}

// RU-X47: a card typed by command (RU-D59).
func TestX47CardByCommand(t *testing.T) {
	g := newGame(t, []string{"p1"}, nil)
	g.do("p1", "define-card", "id=crawler", "name=Crawler", "faction=enemy", "hp=3", "move=1.5in", "vision=6in", "close=2D4+")
	g.do("p1", "define-ability", "card=crawler", "id=lurk", "name=Lurk", "kind=skill", "origin=unit", "cycle=1/G", "trigger=4", "target=none", "effect=text", "text=Hides.")
	g.refuse("cycle must look like 1/F, 2/G, 1/T or constant", "p1", "define-ability", "card=crawler", "id=x", "kind=skill", "cycle=3/X", "target=none", "effect=text")
	g.do("p1", "define-card", "id=crawler", "hp=4")
	c, _ := g.st().card("crawler")
	if c.HP != 4 || len(c.Abilities) != 1 || c.Abilities[0].Phase[0] != "tactical" || c.Move != 15 {
		t.Fatalf("crawler %+v", c)
	}
	g.refuse("there is no such card (grub)", "p1", "define-ability", "card=grub", "id=x", "kind=skill", "cycle=1/G", "target=none", "effect=text")
	g.do("p1", "add-enemy", "card=crawler", "count=2")
	if e := g.st().enemy("E2"); e == nil || e.Name != "Crawler 2" {
		t.Fatalf("E2 %+v, want Crawler 2 (RU-D58)", e)
	}
}

// RU-X41: answer forms and question ids (RU-D62), on a noise question.
func TestX41AnswerForms(t *testing.T) {
	g := solo(t, []string{"tarok"}, "saarok-tough", "saarok", "saarok", "saarok")
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H1", "enemies=E1")
	g.to(PhaseCombat)
	g.do("p1", "attack", "hero=H1", "kind=melee")
	g.do("p1", "roll", "values=1,1,1,1")
	g.do("p1", "end-phase")
	p := g.st().Prompt
	if p == nil || p.QKind != "noise" || len(p.Q.Lines) != 3 {
		t.Fatalf("noise question %+v", p)
	}
	g.refuse("has 3 lines: tick the true ones, or none", "p1", "answer", "q="+p.QID, "value=yes")
	g.refuse("E9 is not listed in this question (listed: E2, E3, E4)", "p1", "answer", "q="+p.QID, "ticks=E9")
	g.refuse("that question (q99) is not the open one", "p1", "answer", "q=q99", "ticks=none")
	id := p.QID
	g.do("p1", "answer", "q="+id, "ticks=E3")
	if e := g.st().enemy("E3"); e.AI.Mode != rn.Investigating || e.AI.Site != "E1" {
		t.Fatalf("E3 %v %q, want investigating E1", e.AI.Mode, e.AI.Site)
	}
	if g.st().Prompt != nil {
		g.refuse("already answered", "p1", "answer", "q="+id, "ticks=none")
	}
}

// RU-X24 through the engine: noise, vantage, engagement (RU-D34, RU-D35).
func TestX24NoiseVantageEngagement(t *testing.T) {
	g := solo(t, []string{"naali", "graam", "tarok"}, "saarok-tough", "saarok", "saarok", "saarok")
	g.endRound()
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H3", "enemies=E1")
	g.to(PhaseCombat)
	g.do("p1", "attack", "hero=H3", "kind=melee")
	g.do("p1", "roll", "values=1,1,1,1")
	g.do("p1", "end-phase")
	p := g.st().Prompt
	g.do("p1", "answer", "q="+p.QID, "ticks=E4")
	// the rest of the seat turn, then the enemy turn of round 2
	g.do("p1", "end-phase")
	sawInvestigate := false
	for i := 0; g.st().Round == 2; i++ {
		if i > 40 {
			t.Fatal("round 2 never ends")
		}
		p := g.st().Prompt
		if p == nil {
			t.Fatalf("no prompt in the enemy turn (phase %s)", g.st().Phase)
		}
		for _, o := range g.view("p1").Orders {
			if o.Text == `E4 heard the fight at E1: move 2" towards it.` {
				sawInvestigate = true
			}
		}
		g.step()
	}
	if !sawInvestigate {
		t.Fatal("no investigate order for E4 in round 2")
	}
	// round 3: the fight goes on; in the enemy turn E4 steps again and sees it
	g.to(PhaseCombat)
	g.do("p1", "attack", "hero=H3", "kind=melee")
	g.do("p1", "roll", "values=1,1,1,1")
	g.do("p1", "end-phase")
	g.quiet(nil) // no new noise answer
	g.do("p1", "end-phase")
	for i := 0; g.st().Enemies[3].AI.Mode != rn.Engaged; i++ {
		if i > 40 || g.st().Round != 3 {
			t.Fatalf("E4 never engaged (mode %v)", g.st().Enemies[3].AI.Mode)
		}
		p := g.st().Prompt
		if p != nil && p.Kind == PromptQuestion && p.QKind == "results" {
			g.do("p1", "answer", "q="+p.QID, "value=yes")
			continue
		}
		if p == nil {
			break
		}
		g.step()
	}
	if !g.st().engaged("H3", "E4") {
		t.Fatalf("E4 not engaged with Tarok; pairs %v", g.st().Pairs)
	}
	var texts []string
	for _, o := range g.st().Orders {
		texts = append(texts, o.Template)
	}
	if !strings.Contains(strings.Join(texts, ","), "investigate-see") {
		t.Errorf("orders %v lack investigate-see", texts)
	}
}

// RU-X46: the re-roll window (RU-D4).
func TestX46RerollWindow(t *testing.T) {
	g := solo(t, []string{"tarok"}, "saarok", "saarok")
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H1", "enemies=E1")
	g.to(PhaseCombat)
	g.do("p1", "attack", "hero=H1", "kind=melee")
	g.do("p1", "roll", "values=1,4,1,1")
	g.refuse("no roll is open for a re-roll", "p1", "reroll", "die=1", "value=5", "ability=war-cry")

	g = solo(t, []string{"tarok"}, "saarok", "saarok")
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H1", "enemies=E1,E2")
	g.to(PhaseCombat)
	g.do("p1", "attack", "hero=H1", "kind=melee")
	g.do("p1", "roll", "values=1,4,1,1")
	g.do("p1", "reroll", "die=1", "value=5", "ability=war-cry")
	if p := g.st().Prompt; p == nil || p.Kind != PromptAssign || p.N != 2 {
		t.Fatalf("want an assign prompt for 2 successes, got %+v", p)
	}
	g.do("p1", "assign", "dice=1:E1,2:E2")
	if g.hp("E1") != 2 || g.hp("E2") != 2 {
		t.Errorf("E1 %d E2 %d", g.hp("E1"), g.hp("E2"))
	}
}

// The view's actions agree with Decide: a greyed action says why, an
// enabled choice is accepted.
func TestActions(t *testing.T) {
	g := solo(t, []string{"naali", "graam"}, "saarok", "saarok")
	find := func(hero, label string) ActionView {
		for _, h := range g.view("p1").Heroes {
			if h.ID == hero {
				for _, a := range h.Actions {
					if strings.HasPrefix(a.Label, label) {
						return a
					}
				}
			}
		}
		t.Fatalf("%s has no action %q", hero, label)
		return ActionView{}
	}
	// only this phase's actions: no attack in the tactical phase
	for _, h := range g.view("p1").Heroes {
		for _, a := range h.Actions {
			if a.Cmd == CmdAttack || a.Cmd == CmdEngage {
				t.Errorf("%s offers %s in the tactical phase", h.Name, a.Label)
			}
		}
	}
	if a := find("H2", "Use Between the Eyes"); a.Reason != "" || len(a.Choices) != 2 || a.Choices[0].Disabled != "" {
		t.Errorf("Between the Eyes %+v", a)
	}
	g.to(PhaseMovement)
	a := find("H1", "Engaged with")
	if a.Reason != "" || len(a.Choices) != 2 {
		t.Fatalf("engage %+v", a)
	}
	g.do("p1", "engage", "hero=H1", "enemies=E1")
	if a := find("H1", "Engaged with"); len(a.Choices) != 1 || a.Choices[0].Value != "E2" {
		t.Errorf("engage after E1 %+v", a)
	}
	g.to(PhaseCombat)
	if a := find("H1", "Attack: ranged"); a.Reason != "Naali is engaged in close combat and cannot shoot: attack in close combat instead" {
		t.Errorf("ranged reason %q", a.Reason)
	}
	if a := find("H1", "Attack: close combat"); a.Reason != "" {
		t.Errorf("melee reason %q", a.Reason)
	}
}

// A card's record in the set-up view defines the same card again.
func TestCardRecordRoundTrip(t *testing.T) {
	g := newGame(t, []string{"p1"}, nil)
	var rec string
	for _, c := range g.view("p1").Cards {
		if c.ID == "graam" {
			rec = c.Record
		}
	}
	if rec == "" {
		t.Fatal("no record for graam")
	}
	g2 := newGame(t, []string{"p1"}, nil)
	g2.do("p1", "define-card", "json="+strings.Replace(rec, `"graam"`, `"graam-2"`, 1))
	a, _ := g.st().card("graam")
	b, ok := g2.st().card("graam-2")
	if !ok || b.HP != a.HP || b.Vision != a.Vision || len(b.Abilities) != len(a.Abilities) || b.Ranged.String() != a.Ranged.String() {
		t.Fatalf("graam-2 %+v, want graam's values %+v", b, a)
	}
}

// RU-D15: a ranged area spell asks which enemies are in the area, then
// rolls its dice on each (each a ranged attack, RU-D61); a close combat
// area ability hits every enemy engaged with the caster.
func TestAreaAbilities(t *testing.T) {
	g := newGame(t, []string{"p1"}, nil)
	g.do("p1", "define-card", "id=shaman", "name=Shaman", "faction=ally", "race=kangara", "hp=6", "move=5in", "vision=8in", "close=1D4+")
	g.do("p1", "define-ability", "card=shaman", "id=storm", "name=Storm Call", "kind=spell", "cycle=1/G", "target=area", "reach=ranged", "effect=attack:1D4+")
	g.do("p1", "define-ability", "card=shaman", "id=whirl", "name=Whirl", "kind=skill", "cycle=1/F", "trigger=5", "phase=combat", "target=area", "reach=melee", "effect=instant-kill")
	g.do("p1", "define-ability", "card=shaman", "id=lurk", "name=Lurk", "kind=skill", "cycle=1/G", "trigger=4", "target=none", "effect=text", "text=Hides.")
	g.do("p1", "add-hero", "card=shaman")
	g.do("p1", "add-enemy", "card=saarok", "count=4")
	g.do("p1", "start")
	g.do("p1", "use", "hero=H1", "ability=storm")
	p := g.st().Prompt
	if p == nil || p.QKind != "area" || len(p.Q.Lines) != 4 || g.view("p1").Prompt.Text != "Which enemies are in the area of Storm Call?" {
		t.Fatalf("area question %+v", g.view("p1").Prompt)
	}
	g.do("p1", "answer", "q="+p.QID, "ticks=E1,E2")
	for _, id := range []string{"E1", "E2"} {
		p := g.st().Prompt
		if p == nil || p.Kind != PromptDice || p.Attack.Targets[0] != id {
			t.Fatalf("want the dice on %s, got %+v", id, p)
		}
		g.do("p1", "roll", "values=4")
		g.do("p1", "answer", "q="+g.st().Prompt.QID, "value=no") // cover
		for g.st().Prompt != nil && g.st().Prompt.QKind == "group" {
			g.do("p1", "answer", "q="+g.st().Prompt.QID, "ticks=none")
		}
		if g.st().Prompt != nil && g.st().Prompt.Kind == PromptOrders {
			g.do("p1", "ack")
		}
	}
	if g.hp("E1") != 2 || g.hp("E2") != 2 || g.hp("E3") != 3 {
		t.Errorf("HP E1 %d E2 %d E3 %d", g.hp("E1"), g.hp("E2"), g.hp("E3"))
	}
	// a text ability with a trigger rolls it (RU-D12)
	g.do("p1", "use", "hero=H1", "ability=lurk")
	if p := g.st().Prompt; p == nil || p.N != 1 || p.Hit != 4 {
		t.Fatalf("Lurk's trigger prompt %+v", p)
	}
	g.do("p1", "roll", "values=2")
	g.quiet(nil)
	g.to(PhaseMovement)
	g.do("p1", "engage", "hero=H1", "enemies=E3,E4")
	g.to(PhaseCombat)
	g.do("p1", "use", "hero=H1", "ability=whirl")
	g.do("p1", "roll", "values=5")
	g.quiet(nil)
	for _, id := range []string{"E3", "E4"} {
		if e := g.st().enemy(id); e.AI.Mode != rn.Dead || !e.Body {
			t.Errorf("%s %v, want killed instantly", id, e.AI.Mode)
		}
	}
}

// RU-D6: reassign a free hero to the other seat between rounds.
func TestReassign(t *testing.T) {
	g := newGame(t, []string{"p1", "p2"}, nil)
	g.do("p1", "add-hero", "card=naali")
	g.do("p1", "add-hero", "card=tarok")
	g.do("p2", "add-hero", "card=graam")
	g.do("p1", "add-enemy", "card=saarok")
	g.do("p1", "start")
	g.refuse("Tarok is p1's hero: p1 gives it", "p2", "reassign", "hero=H2", "seat=p2")
	g.do("p1", "reassign", "hero=H2", "seat=p2")
	if g.st().hero("H2").Seat != 1 {
		t.Fatal("Tarok not p2's")
	}
	g.do("p1", "end-phase")
	g.refuse("a hero changes hands between rounds", "p1", "reassign", "hero=H1", "seat=p2")
}

// RU-D52: neutrals are tracked, adjusted and never listed in enemy
// questions.
func TestNeutrals(t *testing.T) {
	g := newGame(t, []string{"p1"}, nil)
	g.do("p1", "define-card", "id=elder", "name=Elder", "faction=neutral", "hp=4", "move=3in", "vision=6in")
	g.do("p1", "add-hero", "card=naali")
	g.do("p1", "add-enemy", "card=saarok", "count=2")
	g.do("p1", "add-neutral", "card=elder")
	g.refuse("Elder is a neutral card: it is added as a neutral", "p1", "add-enemy", "card=elder")
	g.do("p1", "start")
	g.do("p1", "adjust", "unit=N1", "hp=2")
	if n := g.st().neutral("N1"); n.HP != 2 {
		t.Errorf("Elder %d HP", n.HP)
	}
	g.toEnemyTurn()
	for _, l := range g.st().Prompt.Q.Lines {
		for _, o := range l.Options {
			if o == "N1" {
				t.Error("a neutral in an enemy question")
			}
		}
	}
	g.do("p1", "kill", "unit=N1")
	if !g.st().neutral("N1").Dead {
		t.Error("Elder not removed")
	}
}
