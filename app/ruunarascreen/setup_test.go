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

// TestCardEditorDefinesACard types a card into the editor with pickers
// and numbers only — no id, no dice or effect notation: the starter cards
// start complete with their estimates marked; a new card half typed is
// incomplete with its problem; the seat's unit applies to the distances;
// a refusal shows beside the fields; an ability is picked from lists with
// its number; the ids are made from the names; then the hero and three
// enemies are added and the game started.
func TestCardEditorDefinesACard(t *testing.T) {
	st := console.NewMemStore()
	sess := newGame(t, st, "p1")
	apptest.DoAs(t, sess, "p1", ruunara.CmdSetUnit, map[string]any{"system": "cm"})
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	e := s.editor
	apptest.WantText(t, w, "Set-up")
	// The game's own cards are complete, their estimates marked.
	for _, c := range s.view.Cards {
		if !c.Complete {
			t.Errorf("starter card %s is incomplete: %s", c.Name, c.Problem)
		}
		if s.addBtns[c.ID] == nil || s.addBtns[c.ID].Disabled() {
			t.Errorf("starter card %s cannot be added", c.Name)
		}
	}
	apptest.WantText(t, w, "Estimated, not printed in the rulebook: race, hit points, movement, vision.")
	if !s.nextBtn.Disabled() {
		t.Errorf("Start is enabled without heroes")
	}
	apptest.WantText(t, w, "Start: ")

	test.Type(e.name, "Ash Warden")
	test.Type(e.hp, "9")
	test.Type(e.move, "12.5")
	test.Type(e.closeN, "3")
	e.closeHit.SetValue("4")
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
	test.Type(e.vision, "15")
	tap(t, e.save, "save card")
	if c = cardOf(t, s, "ash-warden"); c.Vision != "15 cm" || !c.Complete {
		t.Fatalf("after vision: vision %q complete %v (%s)", c.Vision, c.Complete, c.Problem)
	}

	// A refused value is shown beside the fields, in words.
	e.hp.SetText("many")
	tap(t, e.save, "save card")
	if !e.problem.Visible() || !strings.Contains(e.problem.Text, "hit points") {
		t.Errorf("a refused card shows %q (visible %v)", e.problem.Text, e.problem.Visible())
	}
	e.hp.SetText("9")
	e.closeN.SetText("three")
	tap(t, e.save, "save card")
	if !e.problem.Visible() || len(wordProblems([]string{e.problem.Text})) > 0 {
		t.Errorf("dice typed in words: problem %q (visible %v)", e.problem.Text, e.problem.Visible())
	}
	e.closeN.SetText("3")
	tap(t, e.save, "save card")
	if e.problem.Visible() {
		t.Errorf("the problem stays after a card is accepted: %q", e.problem.Text)
	}

	// An ability: a spell, once per turn, works on 4+, ranged, in the
	// combat phase, rolling 1D3+ of its own.
	test.Type(e.ab.name, "Ember")
	e.ab.kind.SetValue("spell")
	e.ab.per.SetValue("turn")
	e.ab.trigger.SetValue("4")
	e.ab.reach.SetValue("ranged")
	e.ab.combat.SetChecked(true)
	e.ab.effect.SetValue("attack")
	test.Type(e.ab.attackN, "1")
	e.ab.attackHit.SetValue("3")
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
	if a.ID != "ember" || a.Cycle != "1/T" || a.Trigger != 4 || a.Kind != "spell" || a.Target != "single" || a.Effect != "attack" ||
		a.EffectDice != "1D3+" || len(a.Phase) != 1 || a.Phase[0] != "combat" {
		t.Errorf("ability saved as %+v", a)
	}
	apptest.WantText(t, w, "Ember · once per turn · rolls 1D3+ of its own · works on 4+")
	// A second ability of the same name gets an id of its own; editing
	// one keeps its id.
	test.Type(e.ab.name, "Ember")
	e.ab.effect.SetValue("on-die")
	e.ab.onDie.SetValue("6")
	tap(t, e.ab.save, "save second ember")
	if c = cardOf(t, s, "ash-warden"); len(c.Abilities) != 2 || c.Abilities[1].ID != "ember-2" || c.Abilities[1].EffectMin != 6 {
		t.Fatalf("second ember: %+v", c.Abilities)
	}
	e.loadAbility(c.Abilities[0])
	if e.ab.effect.Value() != "attack" || e.ab.attackN.Text != "1" || e.ab.attackHit.Value() != "3" || e.ab.trigger.Value() != "4" {
		t.Errorf("loaded ability: effect %s %s %s trigger %s", e.ab.effect.Value(), e.ab.attackN.Text, e.ab.attackHit.Value(), e.ab.trigger.Value())
	}
	e.ab.healHP.SetText("")
	e.ab.effect.SetValue("heal")
	test.Type(e.ab.healHP, "2")
	tap(t, e.ab.save, "edit ember")
	if c = cardOf(t, s, "ash-warden"); len(c.Abilities) != 2 || c.Abilities[0].EffectHP != 2 {
		t.Fatalf("edited ember: %+v", c.Abilities)
	}

	// An enemy card, then the units and the start.
	e.clear()
	test.Type(e.name, "Ghoul")
	e.faction.SetValue("enemy")
	test.Type(e.hp, "3")
	test.Type(e.move, "12.5")
	test.Type(e.vision, "15")
	test.Type(e.closeN, "2")
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
	if e.name.Text != "Ash Warden" || e.move.Text != "12.5" || e.closeN.Text != "3" || e.closeHit.Value() != "4" {
		t.Errorf("loaded card: name %q move %q close %q %q", e.name.Text, e.move.Text, e.closeN.Text, e.closeHit.Value())
	}
	tap(t, s.nextBtn, "start")
	if s.view.Stage != ruunara.StagePlay {
		t.Fatalf("stage %s after Start", s.view.Stage)
	}
	apptest.WantText(t, w, "Round 1 · tactical")
	apptest.WantText(t, w, `Move 12.5 cm`)
}

// TestSlug: the ids the editor makes from names.
func TestSlug(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"Ash Warden", "ash-warden"},
		{"  Hard like Steel! ", "hard-like-steel"},
		{"Ember-caster", "ember-caster"},
		{"Naäli", "na-li"},
		{"???", "card"},
		{"Between the Eyes 2", "between-the-eyes-2"},
	} {
		if got := slug(tc.name); got != tc.want {
			t.Errorf("slug(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
	taken := map[string]bool{"ember": true, "ember-2": true}
	if got := unique("ember", func(s string) bool { return taken[s] }); got != "ember-3" {
		t.Errorf("unique = %q, want ember-3", got)
	}
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
	if _, ok := ros[RosterKind+"/Graam"]; !ok {
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
	apptest.TapButton(t, w2, "Graam")
	c := cardOf(t, s2, "graam")
	if c.Name != "Graam" || !c.Complete || len(c.Abilities) != 2 {
		t.Errorf("graam from the roster: %+v", c)
	}
}
