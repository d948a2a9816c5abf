package ruunarascreen

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara"
)

// card returns a card of the view.
func cardOf(t *testing.T, s *Screen, id string) ruunara.CardView {
	t.Helper()
	for _, c := range s.view.Cards {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no card %s in %d cards", id, len(s.view.Cards))
	return ruunara.CardView{}
}

// TestCardEditorDefinesACard types a card into the editor: the fields
// filled so far (the card incomplete, with its problem), one field sent
// alone with Enter in the seat's unit, a refusal shown beside the fields,
// an ability with its cycle buttons; then the hero and three enemies are
// added and the game started.
func TestCardEditorDefinesACard(t *testing.T) {
	st := console.NewMemStore()
	sess := newGame(t, st, "p1")
	apptest.DoAs(t, sess, "p1", ruunara.CmdSetUnit, map[string]any{"system": "cm"})
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	e := s.editor
	apptest.WantText(t, w, "Set-up")
	// The game's own cards (the rulebook's, without statlines) are listed
	// with what they lack.
	apptest.WantText(t, w, "Incomplete: Naali's card has no hit points, movement or vision yet")
	if !s.nextBtn.Disabled() {
		t.Errorf("Start is enabled without heroes")
	}
	apptest.WantText(t, w, "Start: ")

	test.Type(e.id, "ash-warden")
	test.Type(e.name, "Ash Warden")
	test.Type(e.hp, "9")
	test.Type(e.move, "12.5")
	test.Type(e.close, "3D4+")
	tap(t, e.save, "save card")
	c := cardOf(t, s, "ash-warden")
	if c.Complete || !strings.Contains(c.Problem, "vision") {
		t.Fatalf("half-typed card: complete %v problem %q", c.Complete, c.Problem)
	}
	// The seat reads centimetres: 12.5 is 12.5 cm.
	if c.Move != "12.5 cm" || c.HP != 9 || c.Close != "3D4+" || c.Faction != "ally" {
		t.Errorf("card after Save: %+v", c)
	}
	apptest.WantText(t, w, "Incomplete: Ash Warden's card has no vision")
	if !s.addBtns["ash-warden"].Disabled() {
		t.Errorf("Add hero is enabled for an incomplete card")
	}

	// A field confirmed with Enter is sent alone.
	test.Type(e.vision, "15")
	e.vision.OnSubmitted(e.vision.Text)
	if c = cardOf(t, s, "ash-warden"); c.Vision != "15 cm" || !c.Complete {
		t.Fatalf("after Enter on vision: vision %q complete %v (%s)", c.Vision, c.Complete, c.Problem)
	}

	// A refused value is shown beside the fields.
	e.close.SetText("three dice")
	tap(t, e.save, "save card")
	if !e.problem.Visible() || e.problem.Text == "" {
		t.Errorf("a refused card shows no problem")
	}
	e.close.SetText("3D4+")
	tap(t, e.save, "save card")
	if e.problem.Visible() {
		t.Errorf("the problem stays after a card is accepted: %q", e.problem.Text)
	}

	// An ability: once per turn, trigger 4+, single target, combat phase.
	test.Type(e.ab.id, "ember")
	test.Type(e.ab.name, "Ember")
	tap(t, e.ab.kind.Button, "kind") // spell
	tap(t, e.ab.cyc.Button, "cycle") // 1/G
	tap(t, e.ab.cyc.Button, "cycle") // 1/T
	for i := 0; i < 3; i++ {
		tap(t, e.ab.trigger.Button, "trigger") // 2+, 3+, 4+
	}
	tap(t, e.ab.reach.Button, "reach") // melee
	tap(t, e.ab.reach.Button, "reach") // ranged
	e.ab.combat.SetChecked(true)
	test.Type(e.ab.effect, "attack:1D3+")
	test.Type(e.ab.text, "Hurls an ember.")
	tap(t, e.ab.save, "save ability")
	if e.ab.problem.Visible() {
		t.Fatalf("ability refused: %s", e.ab.problem.Text)
	}
	c = cardOf(t, s, "ash-warden")
	if len(c.Abilities) != 1 {
		t.Fatalf("abilities %+v", c.Abilities)
	}
	a := c.Abilities[0]
	if a.Cycle != "1/T" || a.Trigger != 4 || a.Kind != "spell" || a.Target != "single" || a.Effect != "attack" ||
		len(a.Phase) != 1 || a.Phase[0] != "combat" {
		t.Errorf("ability saved as %+v", a)
	}
	apptest.WantText(t, w, "Ember (ember) · 1/T · attack · 4+")

	// An enemy card, then the units and the start.
	e.clear()
	test.Type(e.id, "ghoul")
	test.Type(e.name, "Ghoul")
	tap(t, e.faction.Button, "faction") // enemy
	test.Type(e.hp, "3")
	test.Type(e.move, "12.5")
	test.Type(e.vision, "15")
	test.Type(e.close, "2D4+")
	tap(t, e.save, "save ghoul")
	if c := cardOf(t, s, "ghoul"); !c.Complete || c.Faction != "enemy" {
		t.Fatalf("ghoul: %+v", c)
	}
	tap(t, s.addBtns["ash-warden"], "add hero")
	tap(t, s.addBtns["ghoul"], "add enemies")
	apptest.TapButton(t, w, "3")
	if len(s.view.Heroes) != 1 || len(s.view.Enemies) != 3 {
		t.Fatalf("%d heroes and %d enemies, want 1 and 3", len(s.view.Heroes), len(s.view.Enemies))
	}
	apptest.WantText(t, w, "E3 Ghoul 3 · HP 3")
	// Editing a card loads its fields.
	s.editor.load("ash-warden")
	if e.name.Text != "Ash Warden" || e.move.Text != "12.5 cm" {
		t.Errorf("loaded card: name %q move %q", e.name.Text, e.move.Text)
	}
	tap(t, s.nextBtn, "start")
	if s.view.Stage != ruunara.StagePlay {
		t.Fatalf("stage %s after Start", s.view.Stage)
	}
	apptest.WantText(t, w, "Round 1 · tactical")
	apptest.WantText(t, w, `Move 12.5 cm`)
}

// TestRosterKeepsCards: without a roster store the buttons are hidden;
// with one, "Save to roster" keeps a card's record and "Add from roster"
// defines it in another game.
func TestRosterKeepsCards(t *testing.T) {
	st := console.NewMemStore()
	sess := soloGame(t, st, false)
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	apptest.NoButton(t, w, "Save to roster")
	apptest.NoButton(t, w, "Add from roster…")

	ros := apptest.MemRosters{}
	s.rosters = ros
	s.Refresh()
	s.editor.load("graam")
	bs := apptest.Buttons(w, "Save to roster")
	if len(bs) != len(s.view.Cards) {
		t.Fatalf("%d Save to roster buttons for %d cards", len(bs), len(s.view.Cards))
	}
	for i, c := range s.view.Cards {
		if c.ID == "graam" {
			tap(t, bs[i], "save graam")
		}
	}
	apptest.TapButton(t, w, "OK")
	if _, ok := ros[RosterKind+"/graam"]; !ok {
		t.Fatalf("graam is not in the roster: %v", ros)
	}

	st2 := console.NewMemStore()
	sess2 := newGame(t, st2, "p1")
	u2, w2 := newTestUI(t, st2, apptest.LandscapeSize)
	u2.ShowGame(console.NewLocal(sess2))
	s2 := screenOf(t, u2)
	s2.rosters = ros
	s2.Refresh()
	apptest.TapButton(t, w2, "Add from roster…")
	apptest.TapButton(t, w2, "graam")
	c := cardOf(t, s2, "graam")
	if c.Name != "Graam" || !c.Complete || len(c.Abilities) != 2 {
		t.Errorf("graam from the roster: %+v", c)
	}
}
