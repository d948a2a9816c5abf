package ruunarascreen

import (
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara"
)

// duoGame is a duo game with the test cards defined.
func duoGame(t *testing.T, st console.Store) *console.Session {
	t.Helper()
	sess := newGame(t, st, "ann", "bob")
	apptest.DoAs(t, sess, "ann", ruunara.CmdDefineCard, map[string]any{"json": testCards(t)})
	apptest.DoAs(t, sess, "bob", ruunara.CmdSetUnit, map[string]any{"system": "cm"})
	return sess
}

// TestDuoOneTablet: one tablet plays both seats: the seat picker adds each
// hero to its seat, and the screen acts as the seat whose turn it is, in
// that seat's unit.
func TestDuoOneTablet(t *testing.T) {
	st := console.NewMemStore()
	sess := duoGame(t, st)
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	if _, ok := u.Game().Screen().(play.HotSeat); !ok {
		t.Errorf("a duo game on one tablet is not a hot-seat screen")
	}
	s := screenOf(t, u)
	tap(t, s.addBtns["naali"], "add naali")
	apptest.TapButton(t, w, "ann")
	tap(t, s.addBtns["tarok"], "add tarok")
	apptest.TapButton(t, w, "bob")
	apptest.DoShown(t, u, sess, "ann", ruunara.CmdAddEnemy, map[string]any{"card": "saarok"})
	if h1, h2 := hero(t, s, "H1"), hero(t, s, "H2"); h1.Seat != "ann" || h2.Seat != "bob" {
		t.Fatalf("seats: H1 %s, H2 %s", h1.Seat, h2.Seat)
	}
	// The seat button moves a hero to the other seat and back.
	apptest.TapButton(t, w, "bob")
	if h2 := hero(t, s, "H2"); h2.Seat != "ann" {
		t.Fatalf("H2 plays for %s after its seat button, want ann", h2.Seat)
	}
	apptest.DoShown(t, u, sess, "ann", ruunara.CmdAssign, map[string]any{"hero": "H2", "seat": "bob"})
	tap(t, s.nextBtn, "start")

	first := s.view.Side
	if s.seat != console.Seat(first) {
		t.Fatalf("acting as %s in %s's turn", s.seat, first)
	}
	apptest.WantText(t, w, "Round 1 · "+first+" · tactical")
	for i := 0; i < 4; i++ {
		tap(t, s.nextBtn, "end phase")
	}
	second := s.view.Side
	if second == first || s.seat != console.Seat(second) {
		t.Fatalf("after %s's turn: side %s, acting as %s", first, second, s.seat)
	}
	apptest.WantText(t, w, "Acting as "+second)
	// The acting seat's heroes have their actions; the other seat's none.
	for _, h := range s.view.Heroes {
		if (h.Seat == second) != (len(h.Actions) > 0) {
			t.Errorf("%s of %s has %d actions in %s's turn", h.ID, h.Seat, len(h.Actions), second)
		}
	}
	// Distances in the acting seat's unit.
	want := `Move 5"`
	if second == "bob" {
		want = "Move 12.5 cm"
	}
	apptest.WantText(t, w, want)
}

// TestDuoLANTablet: a tablet that plays one seat sends as that seat only:
// in the other seat's turn its Next phase is greyed with the reason.
func TestDuoLANTablet(t *testing.T) {
	st := console.NewMemStore()
	sess := duoGame(t, st)
	apptest.DoAs(t, sess, "ann", ruunara.CmdAddHero, map[string]any{"card": "naali", "seat": "ann"})
	apptest.DoAs(t, sess, "ann", ruunara.CmdAddHero, map[string]any{"card": "tarok", "seat": "bob"})
	apptest.DoAs(t, sess, "ann", ruunara.CmdAddEnemy, map[string]any{"card": "saarok"})
	apptest.DoAs(t, sess, "ann", ruunara.CmdStart, nil)
	v, err := sess.View("ann")
	if err != nil {
		t.Fatal(err)
	}
	other := console.Seat("bob")
	if v.(ruunara.View).Side == "bob" {
		other = "ann"
	}
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGameAs(console.NewLocal(sess), other)
	s := screenOf(t, u)
	if s.seat != other {
		t.Fatalf("the LAN tablet of %s acts as %s", other, s.seat)
	}
	if !s.nextBtn.Disabled() {
		t.Errorf("Next phase is enabled in the other seat's turn")
	}
	if s.reason.Text == "" || !s.reason.Visible() {
		t.Errorf("no reason under the greyed Next phase")
	}
	for _, h := range s.view.Heroes {
		if len(h.Actions) > 0 {
			t.Errorf("%s has actions on the waiting seat's tablet", h.ID)
		}
	}
	apptest.WantText(t, w, "Next phase: ")
}

// TestDuoUndoARollByConsent: on one tablet playing both seats, a dice roll
// is taken back with the partner's yes: the menu names the roll, the
// partner's question names it too, and "Yes" takes it back.
func TestDuoUndoARollByConsent(t *testing.T) {
	st := console.NewMemStore()
	sess := duoGame(t, st)
	apptest.DoAs(t, sess, "ann", ruunara.CmdAddHero, map[string]any{"card": "tarok", "seat": "ann"})
	apptest.DoAs(t, sess, "ann", ruunara.CmdAddHero, map[string]any{"card": "naali", "seat": "bob"})
	apptest.DoAs(t, sess, "ann", ruunara.CmdAddEnemy, map[string]any{"card": "saarok-tough"})
	apptest.DoAs(t, sess, "ann", ruunara.CmdStart, nil)
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	wc := newWordsChecker(t, w, s)
	tap(t, s.nextBtn, "to movement")
	apptest.DoShown(t, u, sess, "ann", ruunara.CmdEngage, map[string]any{"hero": "H1", "enemies": "E1"})
	tap(t, s.nextBtn, "to combat")
	apptest.DoShown(t, u, sess, "ann", ruunara.CmdAttack, map[string]any{"hero": "H1", "kind": "melee"})
	for _, f := range []int{6, 5, 1, 2} {
		tap(t, s.form.faceBtns[f-1], "face")
	}
	tap(t, s.form.send, "enter the roll")
	hpAfter := enemyHP(t, s, "E1")
	if hpAfter != 18 {
		t.Fatalf("E1 has %d HP after two hits, want 18", hpAfter)
	}
	if s.view.UndoWhat == "" {
		t.Fatalf("the view does not say what the roll was")
	}
	var ask func()
	for _, it := range s.menuItems() {
		if it.Label == "Ask your partner to take back "+s.view.UndoWhat {
			ask = it.Action
		}
	}
	if ask == nil {
		t.Fatalf("no menu item asks to take back %q", s.view.UndoWhat)
	}
	ask()
	p := promptOf(t, s, ruunara.PromptQuestion)
	if p.QKind != "undo" || s.seat != "bob" || !strings.Contains(p.Text, "ann asks to undo") {
		t.Fatalf("undo question %+v as %s", p, s.seat)
	}
	wc.check("the undo question")
	tap(t, buttonIn(t, s.promptBox, "Yes"), "yes")
	if hp := enemyHP(t, s, "E1"); hp != 20 {
		t.Errorf("E1 has %d HP after the roll was taken back, want 20", hp)
	}
	wc.check("after the undo")
	wc.report()
}
