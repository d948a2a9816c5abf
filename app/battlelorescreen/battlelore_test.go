package battlelorescreen

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/battlelore"
)

// side returns a faction's view on the BattleLore screen.
func side(t *testing.T, s *Screen, f battlelore.Faction) battlelore.SideView {
	t.Helper()
	sv, ok := s.sideOf(f)
	if !ok {
		t.Fatalf("no side %s", f.Name())
	}
	return sv
}

// current returns the checklist's current item.
func current(s *Screen) string {
	for _, it := range s.view.Checklist {
		if it.State == battlelore.ItemCurrent {
			return it.Step
		}
	}
	return ""
}

func TestBattleLoreLearningTurnByTapping(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewBattleLore(t, st, map[string]string{"mode": "learning"}, "alice", "bob")
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := battleLoreScreenOf(t, u)

	// The Uthuk begin the learning scenario.
	apptest.WantText(t, w, "Turn 1 \u00b7 Uthuk (bob)")
	apptest.WantText(t, w, "Main phase \u00b7 Command step")
	if current(s) != battlelore.StepCommand {
		t.Fatalf("current checklist item = %q, want the Command step", current(s))
	}
	apptest.NoButton(t, w, "Draw a command card")
	test.Type(s.cardEntry, "Charge")
	apptest.TapButton(t, w, "Play command card")
	if got := side(t, s, battlelore.Uthuk).CommandCards; got != 3 {
		t.Errorf("Uthuk's command cards after playing one = %d, want 3", got)
	}
	apptest.TapButton(t, w, "Order step done: Move step")
	apptest.TapButton(t, w, "Move step done: Attack step")

	// The attack: a Daqan unit loses two figures through its dialog and is
	// weak; a figure comes back.
	guard := side(t, s, battlelore.Daqan).Units[0]
	test.Tap(s.sides[0].rows[0])
	apptest.TapButton(t, w, "Damage")
	apptest.TapButton(t, w, "Damage")
	u1 := side(t, s, battlelore.Daqan).Units[0]
	if u1.ID != guard.ID || u1.Lost != 2 || !u1.Weak {
		t.Errorf("%s after two hits: %+v, want 2 figures lost and weak", guard.Name, u1)
	}
	apptest.TapButton(t, w, "Heal")
	apptest.TapButton(t, w, "Close")
	if got := side(t, s, battlelore.Daqan).Units[0]; got.Lost != 1 || got.Weak {
		t.Errorf("%s after a heal: %+v, want 1 figure lost", guard.Name, got)
	}
	apptest.WantText(t, w, "\u25cf\u25cf\u25cb")
	// The row's − takes a figure at once, and + returns it.
	archer := side(t, s, battlelore.Daqan).Units[5]
	test.Tap(s.sides[0].hits[5])
	if got := side(t, s, battlelore.Daqan).Units[5]; got.Lost != 1 {
		t.Errorf("%s after its row's \u2212: lost %d, want 1", archer.Name, got.Lost)
	}
	test.Tap(s.sides[0].heals[5])
	if got := side(t, s, battlelore.Daqan).Units[5]; got.Lost != 0 {
		t.Errorf("%s after its row's +: lost %d, want 0", archer.Name, got.Lost)
	}

	// Counters: a lore token from the supply for the Uthuk, a VP added
	// and taken back for the Daqan.
	test.Tap(s.sides[1].counters[1].plus)
	if got := side(t, s, battlelore.Uthuk).LoreTokens; got != 1 {
		t.Errorf("Uthuk lore tokens after + = %d, want 1", got)
	}
	test.Tap(s.sides[0].counters[0].plus)
	test.Tap(s.sides[0].counters[0].plus)
	test.Tap(s.sides[0].counters[0].minus)
	if got := side(t, s, battlelore.Daqan).VP; got != 1 {
		t.Errorf("Daqan VP after +, +, \u2212 = %d, want 1", got)
	}

	// The Upkeep phase: the VP step by banner value, then the draw ends
	// the learning scenario's turn (no Lore step).
	apptest.TapButton(t, w, "Attack step done: VP step")
	apptest.WantText(t, w, "Upkeep phase \u00b7 VP step")
	apptest.TapButton(t, w, "2 VP")
	if s.vp.Value() != 2 {
		t.Errorf("VP after one banner = %d, want 2", s.vp.Value())
	}
	apptest.TapButton(t, w, "Score VP")
	if got := side(t, s, battlelore.Uthuk).VP; got != 2 {
		t.Errorf("Uthuk VP after the VP step = %d, want 2", got)
	}
	apptest.TapButton(t, w, "Draw a command card")
	if s.view.Turn != 2 || s.view.Active != "daqan" || current(s) != battlelore.StepCommand {
		t.Fatalf("after the draw: turn %d, active %q, step %q; want turn 2, Daqan's Command step", s.view.Turn, s.view.Active, current(s))
	}
	apptest.WantText(t, w, "Win check at the start of each Uthuk turn: 16 VP and more than the opponent. Now Daqan 1, Uthuk 2: no winner yet.")

	// Undo, as bob whose command it was; then the draw again.
	apptest.TapButton(t, w, "Undo")
	if s.view.Turn != 1 || current(s) != battlelore.StepDraw {
		t.Fatalf("after Undo: turn %d step %q, want turn 1's Draw step", s.view.Turn, current(s))
	}
	apptest.TapButton(t, w, "Draw a command card")

	// The dice faces are one tap away; the history is the spectator's.
	apptest.TapButton(t, w, "Dice faces")
	apptest.WantText(t, w, "Cleave")
	apptest.WantText(t, w, "a weak attacking unit causes no damage with cleaves")
	apptest.TapButton(t, w, "Close")
	apptest.TapButton(t, w, "History")
	apptest.WantText(t, w, "Uthuk took 2 VP for banners")
}

func TestBattleLoreFullSetupLoreAndConcede(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewBattleLore(t, st, nil, "alice", "bob")
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := battleLoreScreenOf(t, u)

	// Scenario cards, each hidden on screen until both are in.
	apptest.NoButton(t, w, "Play command card")
	// The rules' plain words, without the command line's "(scenario)".
	apptest.WantText(t, w, "It is setup: each player enters the scenario card they reveal; waiting for Daqan and Uthuk.")
	if strings.Contains(apptest.Texts(w), "(scenario)") {
		t.Errorf("the prompt names the scenario command")
	}
	apptest.TapButton(t, w, "Daqan (alice): scenario card")
	s.scenForm.letter.SetSelected("A")
	test.Tap(s.scenForm.number.PlusButton()) // A2
	test.Type(s.scenForm.banners, "2")
	apptest.TapButton(t, w, "Enter card")
	if d := side(t, s, battlelore.Daqan); !d.ScenarioChosen || d.Scenario != nil {
		t.Errorf("the shared screen's Daqan side: chosen %v, card %+v; want chosen and hidden", d.ScenarioChosen, d.Scenario)
	}
	apptest.WantText(t, w, "Scenario card chosen, hidden until both are in.")
	if strings.Contains(apptest.Texts(w), "A2") {
		t.Errorf("the Daqan scenario card shows before both are in")
	}
	apptest.WantDisabled(t, w, "Daqan (alice): scenario card")
	apptest.TapButton(t, w, "Uthuk (bob): scenario card")
	s.scenForm.letter.SetSelected("B")
	test.Type(s.scenForm.banners, "x")
	apptest.TapButton(t, w, "Enter card")
	if !strings.Contains(s.form.Problem.Text, "banner value") {
		t.Errorf("a bad banner list: problem = %q", s.form.Problem.Text)
	}
	s.scenForm.banners.SetText("1,1")
	apptest.TapButton(t, w, "Enter card")
	if s.view.FirstPlayer != "daqan" || s.view.Step != battlelore.StepMuster {
		t.Fatalf("after both cards: first %q step %q; want the Daqan first and the muster step", s.view.FirstPlayer, s.view.Step)
	}
	apptest.WantText(t, w, "Scenario card: A2, banners 2")

	// The muster calculator prices the army live with the rules' own
	// calculator; the Uthuk take an army card.
	apptest.TapButton(t, w, "Daqan (alice): muster army")
	m := s.muster
	m.counts["citadel-guard"].Set(4)
	m.counts["yeoman-archers"].Set(2)
	if !strings.Contains(m.result.Text, "muster at least 7") {
		t.Errorf("six cards: result = %q, want the decoy refusal", m.result.Text)
	}
	m.counts["yeoman-archers"].Set(3)
	m.tent.Pick("yes")
	if want := "23 of 50 muster points \u00b7 8 cards + 10 decoys = 18 \u00b7 5 lore tokens"; m.result.Text != want {
		t.Errorf("muster result = %q, want %q", m.result.Text, want)
	}
	apptest.TapButton(t, w, "Muster")
	apptest.TapButton(t, w, "Uthuk (bob): muster army")
	apptest.TapButton(t, w, "Blood tide \u00b7 3 lore")
	if s.view.Turn != 1 || s.view.Active != "daqan" {
		t.Fatalf("after both armies: turn %d active %q, want turn 1 for the Daqan", s.view.Turn, s.view.Active)
	}
	d := side(t, s, battlelore.Daqan)
	if len(d.Units) != 7 || d.LoreTokens != 5 || d.CommandCards != 4 || d.LoreCards != 2 {
		t.Errorf("Daqan after the reveal: %d units, %d lore, %d command and %d lore cards; want 7, 5, 4, 2",
			len(d.Units), d.LoreTokens, d.CommandCards, d.LoreCards)
	}

	// A whole Daqan turn to the Lore step.
	apptest.TapButton(t, w, "Play command card")
	apptest.TapButton(t, w, "Order step done: Move step")
	apptest.TapButton(t, w, "Move step done: Attack step")
	apptest.TapButton(t, w, "Attack step done: VP step")
	apptest.TapButton(t, w, "Score VP")
	apptest.TapButton(t, w, "Draw a command card")
	apptest.WantText(t, w, "Upkeep phase \u00b7 Lore step")
	apptest.TapButton(t, w, "1 token + 1 lore card")
	d = side(t, s, battlelore.Daqan)
	if d.LoreTokens != 6 || d.LoreCards != 3 || s.view.Active != "uthuk" {
		t.Errorf("after the Lore step: %d lore, %d lore cards, active %q; want 6, 3 and the Uthuk", d.LoreTokens, d.LoreCards, s.view.Active)
	}

	// The Daqan use a lore card in the Uthuk turn; then concede.
	test.Tap(s.sides[0].loreCard)
	test.Tap(s.form.OK) // cost 0
	if d := side(t, s, battlelore.Daqan); d.LoreCards != 2 || !d.LoreCardUsed {
		t.Errorf("after a lore card: %d lore cards, used %v", d.LoreCards, d.LoreCardUsed)
	}
	if !s.sides[0].loreCard.Disabled() {
		t.Errorf("a second lore card this turn is offered")
	}
	test.Tap(s.sides[1].concede)
	apptest.TapButton(t, w, "Concede")
	if !s.view.Finished || s.view.Winner != "daqan" {
		t.Fatalf("after the Uthuk concede: finished %v winner %q", s.view.Finished, s.view.Winner)
	}
	apptest.WantText(t, w, "Game over")
	apptest.WantText(t, w, "Winner")
	apptest.NoButton(t, w, "Play command card")
	if len(s.end.Placements().Objects) != 2 {
		t.Errorf("%d placements, want 2", len(s.end.Placements().Objects))
	}
}
