package runikascreen

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/padkit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runika"
)

// runikaPlayer returns the view of a player on the Runika screen.
func runikaPlayer(t *testing.T, s *Screen, seat console.Seat) runika.PlayerView {
	t.Helper()
	p, ok := s.player(seat)
	if !ok {
		t.Fatalf("no player %q", seat)
	}
	return p
}

func TestRunikaPlayByTapping(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewRunika(t, st, map[string]string{"initiative": "bob"}, "alice", "bob", "carol")
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := runikaScreenOf(t, u)

	// Setup: characters, then start. A refused character keeps the form
	// open with the reason.
	apptest.WantText(t, w, "Setup")
	apptest.NoButton(t, w, "End turn")
	apptest.TapButton(t, w, "alice: choose character")
	test.Type(s.charEntry, "Runika")
	apptest.TapButton(t, w, "Save")
	if got := runikaPlayer(t, s, "alice").Character; got != "Runika" {
		t.Fatalf("alice's character = %q, want Runika", got)
	}
	apptest.TapButton(t, w, "alice: Runika")
	apptest.TapButton(t, w, "Cancel")
	apptest.TapButton(t, w, "bob: choose character")
	test.Type(s.charEntry, "runika")
	apptest.TapButton(t, w, "Save")
	if !s.form.Problem.Visible() || !strings.Contains(s.form.Problem.Text, "alice already plays Runika") {
		t.Errorf("refused character: form problem = %q (visible %v)", s.form.Problem.Text, s.form.Problem.Visible())
	}
	apptest.TapButton(t, w, "Cancel")
	apptest.TapButton(t, w, "Start game")

	// The draft: bob holds the initiative token and draws 12 dice.
	if s.view.Phase != runika.PhaseDraft || s.view.Initiative != "bob" {
		t.Fatalf("after Start: phase %q initiative %q, want the draft with bob", s.view.Phase, s.view.Initiative)
	}
	apptest.WantText(t, w, "Round 1 \u00b7 draft")
	apptest.WantText(t, w, "Initiative: bob \u00b7 draws 12 dice")
	// The rules' plain words, without the command line's "(end-draft)".
	apptest.WantText(t, w, "until all are claimed; then bob ends the draft.")
	if strings.Contains(apptest.Texts(w), "(end-draft)") {
		t.Errorf("the Next line names the end-draft command")
	}
	apptest.TapButton(t, w, "End draft")

	// bob's turn, highlighted in the turn order.
	if s.view.Current != "bob" {
		t.Fatalf("current player = %q, want bob", s.view.Current)
	}
	if c := s.order.Objects[0].(*padkit.ScoreCell); c.Text != "1 bob" || !c.Selected {
		t.Errorf("turn order's first cell = %q selected %v, want bob highlighted", c.Text, c.Selected)
	}
	apptest.WantText(t, w, "Next: bob's turn")
	apptest.TapButton(t, w, "Air \u00b7 Simza")
	if !s.view.Masters[0].SlotFull || s.view.Masters[0].SlotBy != "bob" {
		t.Errorf("air slot after influence: %+v", s.view.Masters[0])
	}
	apptest.WantDisabled(t, w, "Air \u00b7 Simza")
	apptest.WantText(t, w, "Slot full \u00b7 bob")
	apptest.TapButton(t, w, "Fire \u00b7 Ainfean")
	apptest.TapButton(t, w, "Yes, +1")
	if got := runikaPlayer(t, s, "bob").Tokens; got != 1 {
		t.Errorf("bob's tokens after Ainfean's point = %d, want 1", got)
	}

	// Claim a rune card through the form: a refusal first (no name).
	deck := s.view.RuneDeck
	apptest.TapButton(t, w, "Claim rune")
	apptest.TapButton(t, w, "Claim")
	if !strings.Contains(s.form.Problem.Text, "name cannot be empty") {
		t.Errorf("claim without a name: problem = %q", s.form.Problem.Text)
	}
	f := s.runeForm
	test.Type(f.name, "Spark")
	apptest.TapButton(t, w, "Earth")
	test.Tap(f.points.PlusButton()) // 2
	test.Tap(f.tokens.PlusButton()) // 1
	apptest.TapButton(t, w, "Claim")
	bob := runikaPlayer(t, s, "bob")
	if len(bob.Runes) != 1 || bob.Runes[0] != (runika.RuneView{Name: "Spark", Kind: runika.KindElemental, Element: runika.Earth, Points: 2, Round: 1}) {
		t.Errorf("bob's runes = %+v, want Spark (earth, 2)", bob.Runes)
	}
	if bob.Tokens != 2 || s.view.RuneDeck != deck-1 {
		t.Errorf("after the claim: tokens %d (want 2), rune deck %d (want %d)", bob.Tokens, s.view.RuneDeck, deck-1)
	}
	apptest.TapButton(t, w, "+2")
	if got := runikaPlayer(t, s, "bob").Total; got != 6 {
		t.Errorf("bob's total = %d, want 2 + 4 tokens = 6", got)
	}
	apptest.WantText(t, w, "This turn: influenced Air, Fire \u00b7 claimed Spark \u00b7 4 points tokens.")

	// End the turn; undo takes it back as bob (the tablet is shared).
	apptest.TapButton(t, w, "End turn")
	if s.view.Current != "carol" {
		t.Fatalf("after bob's End turn the current player is %q", s.view.Current)
	}
	apptest.TapButton(t, w, "Undo")
	if s.view.Current != "bob" {
		t.Fatalf("after Undo the current player is %q, want bob again", s.view.Current)
	}
	apptest.TapButton(t, w, "End turn")
	apptest.TapButton(t, w, "Water \u00b7 Ko'bataar")
	apptest.WantDisabled(t, w, "Air \u00b7 Simza")
	apptest.TapButton(t, w, "End turn")
	apptest.TapButton(t, w, "End turn") // alice: the round ends
	if s.view.Round != 2 || s.view.Phase != runika.PhaseDraft || s.view.Initiative != "carol" {
		t.Fatalf("after round 1: round %d phase %q initiative %q, want round 2's draft with carol", s.view.Round, s.view.Phase, s.view.Initiative)
	}
	for _, m := range s.view.Masters {
		if m.SlotFull {
			t.Errorf("%s slot still full after the round", m.Element)
		}
	}
	apptest.WantText(t, w, "Influence: bob")
	apptest.TapButton(t, w, "History")
	apptest.WantText(t, w, "bob claims Spark")
}

func TestRunikaMeritTieAndEnd(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewRunika(t, st, map[string]string{"initiative": "alice"}, "alice", "bob")
	apptest.DoAs(t, sess, "alice", runika.CmdStart, nil)
	apptest.DoAs(t, sess, "alice", runika.CmdEndDraft, nil)
	for _, el := range []string{runika.Air, runika.Fire, runika.Earth} {
		apptest.DoAs(t, sess, "alice", runika.CmdInfluence, map[string]any{"master": el})
	}
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := runikaScreenOf(t, u)

	// The fourth master: the merit card is due, End turn gives way to
	// the merit values.
	apptest.TapButton(t, w, "Water \u00b7 Ko'bataar")
	apptest.NoButton(t, w, "End turn")
	apptest.WantText(t, w, "alice has influence on all four masters")
	apptest.TapButton(t, w, "3")
	alice := runikaPlayer(t, s, "alice")
	if alice.MeritPoints != 3 || len(alice.Influence) != 0 {
		t.Errorf("alice after the merit: %d merit points, influence %v; want 3 and the tokens back", alice.MeritPoints, alice.Influence)
	}

	// bob ties at 3; the rune deck is found empty: the game ends with
	// the round, both first.
	apptest.TapButton(t, w, "+3")
	apptest.TapButton(t, w, "Correct a deck")
	test.Tap(s.form.OK) // the rune deck's count is shown first
	if !s.form.Problem.Visible() {
		t.Errorf("setting the deck to its own count was not refused")
	}
	for i := s.view.RuneDeck; i > 0; i-- {
		tapDialogMinus(t, w)
	}
	apptest.TapButton(t, w, "Set")
	if s.view.RuneDeck != 0 || !s.view.LastRound {
		t.Fatalf("rune deck %d, last round %v; want an empty deck and the last round", s.view.RuneDeck, s.view.LastRound)
	}
	apptest.WantText(t, w, "Last round: the game ends when this round does, because the rune deck is empty.")
	apptest.TapButton(t, w, "End turn")
	if !s.view.Finished {
		t.Fatalf("the game is not over after the last round")
	}
	apptest.WantText(t, w, "Game over")
	apptest.WantText(t, w, "the rune deck is empty")
	var rows []string
	for _, o := range s.end.Placements().Objects {
		var parts []string
		apptest.Walk(o, func(x fyne.CanvasObject) {
			if l, ok := x.(*widget.Label); ok {
				parts = append(parts, l.Text)
			}
		})
		rows = append(rows, strings.Join(parts, " "))
	}
	if want := []string{"alice =1st 3", "bob =1st 3"}; fmt.Sprint(rows) != fmt.Sprint(want) {
		t.Errorf("placements = %q, want %q", rows, want)
	}
	if h := s.header.Objects[1].(*padkit.ScoreCell); h.Text != "1st alice" {
		t.Errorf("alice's header = %q, want her place", h.Text)
	}
	apptest.TapButton(t, w, "Undo")
	if s.view.Finished {
		t.Errorf("Undo did not reopen the game")
	}
}

// tapDialogMinus taps the − of the stepper in the open dialog.
func tapDialogMinus(t *testing.T, w fyne.Window) {
	t.Helper()
	overlays := w.Canvas().Overlays().List()
	if len(overlays) == 0 {
		t.Fatal("no dialog is open")
	}
	var minus *widget.Button
	apptest.Walk(overlays[len(overlays)-1], func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == "" && minus == nil {
			minus = b
		}
	})
	if minus == nil {
		t.Fatal("no stepper in the dialog")
	}
	test.Tap(minus)
}
