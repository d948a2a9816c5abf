package app

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/battlelore"
	"github.com/commandconsole/commandconsole/games/runika"
)

// checkLayout fails when anything a finger must hit on w is cut off by a
// screen of the given size or smaller than MinTouchTarget, or when the
// content needs more room than the screen has (the test canvas would grow
// to fit it, hiding the problem).
func checkLayout(t *testing.T, w fyne.Window, size fyne.Size, what string) {
	t.Helper()
	c := w.Canvas()
	if got := c.Size(); got != size {
		t.Errorf("%s: the canvas is %v, not the screen's %v", what, got, size)
	}
	if min := c.Content().MinSize(); min.Width > size.Width+0.5 || min.Height > size.Height+0.5 {
		t.Errorf("%s: content needs %v, the canvas is %v", what, min, size)
	}
	d := fyne.CurrentApp().Driver()
	check := func(o fyne.CanvasObject, scrollX, scrollY bool) {
		label, ok := tappableLabel(o)
		if !ok {
			return
		}
		pos, sz := d.AbsolutePositionForObject(o), o.Size()
		// Inside a scroll container only the axes it does not scroll
		// must fit: the rest is a swipe away.
		cutX := !scrollX && (pos.X < -0.5 || pos.X+sz.Width > size.Width+0.5)
		cutY := !scrollY && (pos.Y < -0.5 || pos.Y+sz.Height > size.Height+0.5)
		if cutX || cutY {
			t.Errorf("%s: %s at %v size %v is cut off by the %v screen", what, label, pos, sz, size)
		}
		if sz.Height < MinTouchTarget {
			t.Errorf("%s: %s is %v high, want at least %d", what, label, sz.Height, MinTouchTarget)
		}
		if sz.Width < MinTouchTarget {
			t.Errorf("%s: %s is %v wide, want at least %d", what, label, sz.Width, MinTouchTarget)
		}
	}
	walkScroll(c.Content(), false, false, check)
	for _, o := range c.Overlays().List() {
		walkScroll(o, false, false, check)
	}
}

// walkScroll calls fn for every visible object under o with whether an
// enclosing scroll container scrolls it horizontally or vertically.
func walkScroll(o fyne.CanvasObject, x, y bool, fn func(o fyne.CanvasObject, x, y bool)) {
	if o == nil || !o.Visible() {
		return
	}
	fn(o, x, y)
	if s, ok := o.(*container.Scroll); ok {
		x = x || s.Direction == container.ScrollBoth || s.Direction == container.ScrollHorizontalOnly
		y = y || s.Direction == container.ScrollBoth || s.Direction == container.ScrollVerticalOnly
	}
	switch v := o.(type) {
	case *fyne.Container:
		for _, c := range v.Objects {
			walkScroll(c, x, y, fn)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(v).Objects() {
			walkScroll(c, x, y, fn)
		}
	}
}

// tappableLabel names the touch targets the layout check measures.
func tappableLabel(o fyne.CanvasObject) (string, bool) {
	switch x := o.(type) {
	case *widget.Button:
		return fmt.Sprintf("button %q", x.Text), true
	case *tile:
		return fmt.Sprintf("tile %q", x.Title), true
	case *scoreCell:
		if x.OnTapped != nil {
			return fmt.Sprintf("cell %q", x.Text), true
		}
	case *tapRow:
		return fmt.Sprintf("row %q", x.Label), true
	}
	return "", false
}

// checkScreens renders the home screen and a score pad of the given number
// of players at size, and checks their layout.
func checkScreens(t *testing.T, size fyne.Size, players int) {
	t.Helper()
	st := console.NewMemStore()
	var seats []console.Seat
	for i := 1; i <= players; i++ {
		seats = append(seats, console.Seat(fmt.Sprintf("Player %d", i)))
	}
	sess := newPad(t, st, "Layout", map[string]string{"rounds": "10"}, seats...)
	for r := 0; r < 3; r++ {
		if _, err := sess.Do(seats[0], console.Command{Name: "add", Args: map[string]any{"player": string(seats[r%players]), "points": 12}}); err != nil {
			t.Fatal(err)
		}
		if _, err := sess.Do(seats[0], console.Command{Name: "next-round"}); err != nil {
			t.Fatal(err)
		}
	}
	u, w := newTestUI(t, st, size)
	name := fmt.Sprintf("%v×%v", size.Width, size.Height)
	checkLayout(t, w, size, name+" home")
	u.showSettings()
	checkLayout(t, w, size, name+" settings")
	u.showGame(console.NewLocal(sess))
	checkLayout(t, w, size, fmt.Sprintf("%s score pad (%d players)", name, players))
	if !u.game.env.do("end", nil) {
		t.Fatal("end refused")
	}
	checkLayout(t, w, size, fmt.Sprintf("%s end screen (%d players)", name, players))
	u.showNewGame(sess.Rules())
	checkLayout(t, w, size, name+" new game")
}

// checkStatePads renders the board-game state pads (Runika and BattleLore,
// with their forms and dialogs) and the stats screen at size, and checks
// their layout.
func checkStatePads(t *testing.T, size fyne.Size) {
	t.Helper()
	name := fmt.Sprintf("%v\u00d7%v", size.Width, size.Height)
	st := console.NewMemStore()
	finishPad(t, st, "One", []int{3, 5}, "Alexandra Montgomery", "Bob")
	finishPad(t, st, "Two", []int{8, 2}, "Alexandra Montgomery", "Bob")
	u, w := newTestUI(t, st, size)
	u.showStats()
	checkLayout(t, w, size, name+" stats")

	// Runika, four players with long names.
	seats := []console.Seat{"Alexandra", "Bartholomew", "Christabel", "Dmitri"}
	rk := newRunika(t, st, map[string]string{"initiative": "Bartholomew"}, seats...)
	u.showGame(console.NewLocal(rk))
	s := runikaScreenOf(t, u)
	checkLayout(t, w, size, name+" runika setup")
	doShown(t, u, rk, "Alexandra", runika.CmdStart, nil)
	checkLayout(t, w, size, name+" runika draft")
	doShown(t, u, rk, "Bartholomew", runika.CmdEndDraft, nil)
	for _, el := range runika.Elements() {
		doShown(t, u, rk, "Bartholomew", runika.CmdInfluence, map[string]any{"master": el})
	}
	checkLayout(t, w, size, name+" runika turn, merit due")
	s.claimRune()
	checkLayout(t, w, size, name+" runika claim-rune form")
	tapButton(t, w, "Cancel")
	s.claimMastery()
	checkLayout(t, w, size, name+" runika claim-mastery form")
	tapButton(t, w, "Cancel")
	s.influenceMaster(runika.Fire)
	checkLayout(t, w, size, name+" runika fire dialog")
	tapButton(t, w, "Cancel")
	doShown(t, u, rk, "Alexandra", runika.CmdCorrectDeck, map[string]any{"deck": "merit", "count": 0})
	for _, seat := range []console.Seat{"Bartholomew", "Christabel", "Dmitri", "Alexandra"} {
		doShown(t, u, rk, seat, runika.CmdEndTurn, nil)
	}
	checkLayout(t, w, size, name+" runika end")

	// BattleLore: the learning scenario's turn, a unit, the dice.
	bl := newBattleLore(t, st, map[string]string{"mode": "learning"}, "Alexandra", "Bartholomew")
	u.showGame(console.NewLocal(bl))
	b := battleLoreScreenOf(t, u)
	checkLayout(t, w, size, name+" battlelore command step")
	doShown(t, u, bl, "Bartholomew", battlelore.CmdPlayCommandCard, nil)
	for range 3 {
		doShown(t, u, bl, "Bartholomew", battlelore.CmdNextStep, nil)
	}
	checkLayout(t, w, size, name+" battlelore VP step")
	test.Tap(b.sides[0].rows[0])
	checkLayout(t, w, size, name+" battlelore unit dialog")
	tapButton(t, w, "Close")
	b.showDice()
	checkLayout(t, w, size, name+" battlelore dice")
	tapButton(t, w, "Close")

	// A full game's setup: the scenario form, the muster calculator.
	full := newBattleLore(t, st, nil, "Alexandra", "Bartholomew")
	u.showGame(console.NewLocal(full))
	b = battleLoreScreenOf(t, u)
	checkLayout(t, w, size, name+" battlelore setup")
	b.enterScenario(battlelore.Daqan)
	checkLayout(t, w, size, name+" battlelore scenario form")
	tapButton(t, w, "Cancel")
	doShown(t, u, full, "Alexandra", battlelore.CmdScenario, map[string]any{"letter": "A", "number": 1})
	doShown(t, u, full, "Bartholomew", battlelore.CmdScenario, map[string]any{"letter": "B", "number": 1, "banners": "2,1"})
	b.musterArmy(battlelore.Daqan)
	checkLayout(t, w, size, name+" battlelore muster")
	tapButton(t, w, "Cancel")
	doShown(t, u, full, "Alexandra", battlelore.CmdArmyCard, map[string]any{"army": "daqan-riverwatch"})
	doShown(t, u, full, "Bartholomew", battlelore.CmdArmyCard, map[string]any{"army": "uthuk-chaos-host"})
	checkLayout(t, w, size, name+" battlelore full game, legends")
	doShown(t, u, full, "Bartholomew", battlelore.CmdConcede, nil)
	checkLayout(t, w, size, name+" battlelore end")
}
