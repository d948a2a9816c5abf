package ruunarascreen

import (
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara"
)

// hero returns a hero's view on the screen.
func hero(t *testing.T, s *Screen, id string) ruunara.HeroView {
	t.Helper()
	for _, h := range s.view.Heroes {
		if h.ID == id {
			return h
		}
	}
	t.Fatalf("no hero %s", id)
	return ruunara.HeroView{}
}

// enemyHP returns an enemy's hit points on the screen.
func enemyHP(t *testing.T, s *Screen, id string) int {
	t.Helper()
	for _, e := range s.view.Enemies {
		if e.ID == id {
			return e.HP
		}
	}
	t.Fatalf("no enemy %s", id)
	return 0
}

// actionBtn is a hero's action button by its label.
func actionBtn(t *testing.T, s *Screen, heroID, label string) *widget.Button {
	t.Helper()
	b := s.actionBtns[heroID+"|"+label]
	if b == nil {
		t.Fatalf("%s has no action %q", heroID, label)
	}
	return b
}

// TestTurnByTapping plays a seat turn and an enemy turn by tapping:
// engage two enemies with the multi-select picker, attack, enter the dice
// (re-entering one), split the hits, end the phases, enter the enemies'
// dice, correct a hero's hit points.
func TestTurnByTapping(t *testing.T) {
	st := console.NewMemStore()
	sess := soloGame(t, st, true)
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)

	apptest.WantText(t, w, "Round 1 · tactical")
	// Each phase shows its own actions: no attack in the tactical phase.
	if s.actionBtns["H1|Attack: close combat 3D3+"] != nil {
		t.Errorf("an attack button in the tactical phase")
	}
	tap(t, s.nextBtn, "next phase")
	apptest.WantText(t, w, "Round 1 · movement")

	// Engage: the picker offers both enemies; Confirm waits for a pick.
	tap(t, actionBtn(t, s, "H1", "Engaged with…"), "engage")
	if s.picker == nil || !s.picker.ok.Disabled() {
		t.Fatalf("the engage picker is not open with Confirm greyed")
	}
	tap(t, s.picker.buttons["E1"], "E1")
	tap(t, s.picker.buttons["E2"], "E2")
	tap(t, s.picker.buttons["E2"], "E2 off")
	tap(t, s.picker.buttons["E2"], "E2 again")
	tap(t, s.picker.ok, "confirm")
	if got := hero(t, s, "H1").Engaged; !reflect.DeepEqual(got, []string{"E1", "E2"}) {
		t.Fatalf("Naali is engaged with %v, want E1, E2", got)
	}
	apptest.WantText(t, w, "ENGAGED E1, E2")
	apptest.WantText(t, w, "ENGAGED Naali")
	tap(t, s.nextBtn, "next phase")

	// Attack: three dice; the first is re-entered by tapping its field.
	tap(t, actionBtn(t, s, "H1", "Attack: close combat 3D3+"), "attack")
	p := promptOf(t, s, ruunara.PromptDice)
	if p.N != 3 || len(s.form.dieBtns) != 3 {
		t.Fatalf("dice prompt for %d dice shows %d fields", p.N, len(s.form.dieBtns))
	}
	if !s.nextBtn.Disabled() {
		t.Errorf("Next phase is enabled while the dice are asked for")
	}
	tap(t, s.form.faceBtns[1], "2")
	if !s.form.send.Disabled() {
		t.Errorf("Enter is enabled with one die of three")
	}
	tap(t, s.form.dieBtns[0], "die 1")
	tap(t, s.form.faceBtns[2], "3")
	tap(t, s.form.faceBtns[3], "4")
	tap(t, s.form.faceBtns[0], "1")
	if !reflect.DeepEqual(s.form.faces, []int{3, 4, 1}) {
		t.Fatalf("faces entered %v, want 3 4 1", s.form.faces)
	}
	tap(t, s.form.send, "enter")

	// The split: the two successes (dice 1 and 2), each to an enemy.
	p = promptOf(t, s, ruunara.PromptAssign)
	if len(s.form.chips) != 2 || s.form.chips[1] == nil || s.form.chips[2] == nil {
		t.Fatalf("split rows for dice %v, want dice 1 and 2", s.form.chips)
	}
	tap(t, s.form.chips[2]["E2"], "die 2 to E2")
	tap(t, s.form.send, "assign")
	if e1, e2 := enemyHP(t, s, "E1"), enemyHP(t, s, "E2"); e1 != 2 || e2 != 2 {
		t.Fatalf("after the split E1 has %d HP and E2 %d, want 2 and 2", e1, e2)
	}
	apptest.WantText(t, w, "●●○")

	// End the turn: the enemy turn shows E1's order in large text, E2
	// without one yet greyed, and asks for E1's dice.
	tap(t, s.nextBtn, "to the end phase")
	tap(t, s.nextBtn, "to the enemy turn")
	apptest.WantText(t, w, "Round 1 · enemy turn")
	apptest.WantText(t, w, "E1 attacks Naali: 2 dice, hit on 4+.")
	apptest.WantText(t, w, "E2: no order")
	promptOf(t, s, ruunara.PromptDice)
	tap(t, s.form.faceBtns[3], "4")
	tap(t, s.form.faceBtns[4], "5")
	tap(t, s.form.send, "E1's dice")
	promptOf(t, s, ruunara.PromptDice)
	tap(t, s.form.faceBtns[0], "1")
	tap(t, s.form.faceBtns[0], "1")
	tap(t, s.form.send, "E2's dice")
	// the enemy turn's summary, then the next round
	promptOf(t, s, ruunara.PromptOrders)
	apptest.WantText(t, w, "The enemy turn is over")
	apptest.WantText(t, w, "Naali −2 HP (8 left)")
	tap(t, s.form.send, "next round")
	if s.view.Round != 2 || s.view.Side != "p1" {
		t.Fatalf("after the enemy turn: round %d side %s", s.view.Round, s.view.Side)
	}
	if hp := hero(t, s, "H1").HP; hp != 8 {
		t.Fatalf("Naali has %d HP after two hits, want 8", hp)
	}
	apptest.WantText(t, w, "8/10")

	// A table correction with +.
	var plus *widget.Button
	apptest.Walk(s.heroes.Objects[1], func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == "" && plus == nil && strings.Contains(b.Icon.Name(), "add") {
			plus = b
		}
	})
	tap(t, plus, "+ HP")
	if hp := hero(t, s, "H1").HP; hp != 9 {
		t.Fatalf("Naali has %d HP after +, want 9", hp)
	}
	// And an enemy's, with −.
	tap(t, s.enemyBtns["E2"][0], "E2 −")
	if hp := enemyHP(t, s, "E2"); hp != 1 {
		t.Fatalf("E2 has %d HP after −, want 1", hp)
	}
}

// TestDiceAppFirst: with the app's dice first (option dice=app), "Roll
// for me" leads the dice form and rolls without values; Clear empties the
// faces entered.
func TestDiceAppFirst(t *testing.T) {
	st := console.NewMemStore()
	sess, err := console.Create(ruunara.New(), console.Setup{Title: "App dice", Seed: 3, Seats: []console.Seat{"p1"},
		Options: map[string]string{"dice": "app"}}, console.Options{Store: st, Clock: apptest.Clock})
	if err != nil {
		t.Fatal(err)
	}
	apptest.DoAs(t, sess, "p1", ruunara.CmdDefineCard, map[string]any{"json": testCards(t)})
	apptest.DoAs(t, sess, "p1", ruunara.CmdAddHero, map[string]any{"card": "naali-plain"})
	apptest.DoAs(t, sess, "p1", ruunara.CmdAddEnemy, map[string]any{"card": "saarok-tough"})
	apptest.DoAs(t, sess, "p1", ruunara.CmdStart, nil)
	apptest.DoAs(t, sess, "p1", ruunara.CmdEndPhase, nil)
	apptest.DoAs(t, sess, "p1", ruunara.CmdEngage, map[string]any{"hero": "H1", "enemies": "E1"})
	apptest.DoAs(t, sess, "p1", ruunara.CmdEndPhase, nil)
	u, _ := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	tap(t, actionBtn(t, s, "H1", "Attack: close combat 3D3+"), "attack")
	p := promptOf(t, s, ruunara.PromptDice)
	if p.First != "app" || s.form.rollBtn.Importance != widget.HighImportance {
		t.Errorf("first %q, Roll for me importance %v", p.First, s.form.rollBtn.Importance)
	}
	tap(t, s.form.faceBtns[5], "6")
	tap(t, s.form.faceBtns[5], "6")
	buttonIn(t, s.promptBox, "Clear").OnTapped()
	if s.form.faces[0] != 0 || s.form.faces[1] != 0 || s.form.at != 0 {
		t.Errorf("after Clear: faces %v at %d", s.form.faces, s.form.at)
	}
	before := enemyHP(t, s, "E1")
	tap(t, s.form.rollBtn, "roll for me")
	if s.view.Prompt != nil && s.view.Prompt.Kind == ruunara.PromptDice && s.view.Prompt.Purpose == p.Purpose {
		t.Fatalf("the roll is still asked for after Roll for me")
	}
	if !hero(t, s, "H1").Attacked {
		t.Errorf("Naali has not attacked after the app's roll (E1 HP %d → %d)", before, enemyHP(t, s, "E1"))
	}
}

// TestRerollByTapping: while a close combat roll waits for its split, a
// hero's text ability re-rolls a die (RU-D4): pick the die, its new face,
// the ability, Re-roll; the split then has the new hit.
func TestRerollByTapping(t *testing.T) {
	st := console.NewMemStore()
	sess := soloGame(t, st, true)
	for _, c := range []struct {
		name string
		args map[string]any
	}{
		{ruunara.CmdEndPhase, nil},
		{ruunara.CmdEngage, map[string]any{"hero": "H2", "enemies": "E1,E2"}},
		{ruunara.CmdEndPhase, nil},
		{ruunara.CmdAttack, map[string]any{"hero": "H2", "kind": "melee"}},
		{ruunara.CmdRoll, map[string]any{"values": "1,4,1,1"}},
	} {
		apptest.DoAs(t, sess, "p1", c.name, c.args)
	}
	u, _ := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	p := promptOf(t, s, ruunara.PromptAssign)
	if len(p.Hits) != 1 || s.rerollBtn == nil {
		t.Fatalf("hits %v, re-roll button %v", p.Hits, s.rerollBtn != nil)
	}
	var selects []*widget.Select
	apptest.Walk(s.promptBox, func(o fyne.CanvasObject) {
		if sel, ok := o.(*widget.Select); ok {
			selects = append(selects, sel)
		}
	})
	if len(selects) != 3 {
		t.Fatalf("%d selects in the re-roll row, want die, face, ability", len(selects))
	}
	selects[0].SetSelectedIndex(0) // die 1 (a 1)
	selects[1].SetSelectedIndex(4) // a 5
	tap(t, s.rerollBtn, "re-roll")
	p = promptOf(t, s, ruunara.PromptAssign)
	if len(p.Hits) != 2 || p.Faces[0] != 5 {
		t.Fatalf("after the re-roll: faces %v hits %v", p.Faces, p.Hits)
	}
}
