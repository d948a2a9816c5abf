package lorwidget

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/console/conformance"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// Points of the two-player tutorial the tests look at (steps played).
const (
	stepPreGame     = 9  // both ready: alice's first Action phase, pre-game Rotters shown
	stepShortcut    = 25 // alice's Command phase with the open-fire shortcut assigned
	stepEnvironment = 29 // alice's Environment phase: two Rotter attacks entered
	stepEnemyAction = 40 // alice's second Action phase: bob sees her assigned actions
	stepHaleDown    = 46 // Hale is down
)

// TestCardGoldens renders cards of own and enemy characters at points of
// the tutorial.
func TestCardGoldens(t *testing.T) {
	test.NewTempApp(t)
	for _, c := range []struct {
		golden string
		step   int
		seat   string
		char   string
		back   bool
	}{
		{"card_own_front.xml", stepEnemyAction, "alice", "p1-aurel", false},
		{"card_own_back.xml", stepEnemyAction, "alice", "p1-aurel", true},
		{"card_own_command.xml", stepShortcut, "alice", "p1-hale", false},
		{"card_enemy_front.xml", stepEnemyAction, "bob", "p1-aurel", false},
		{"card_enemy_back.xml", stepEnemyAction, "bob", "p1-aurel", true},
		{"card_enemy_down.xml", stepHaleDown, "bob", "p1-hale", false},
	} {
		t.Run(c.golden, func(t *testing.T) {
			v := tutorialView(t, c.step, landsofruinSeat(c.seat))
			card := NewCharacterCard(c.char, v, nil)
			card.SetFlipped(c.back)
			card.Resize(fyne.NewSize(420, card.MinSize().Height))
			assertMarkup(t, c.golden, card)
		})
	}
}

// TestCardContents: what each card shows and never shows.
func TestCardContents(t *testing.T) {
	test.NewTempApp(t)
	for _, c := range []struct {
		name  string
		step  int
		seat  string
		char  string
		back  bool
		want  []string
		never []string
	}{
		{"own back shows ammunition", stepEnemyAction, "alice", "p1-aurel", true,
			[]string{"Ammunition", "MAC10: 64 rounds", "Gear", "Skills", "Suppression: 33"}, nil},
		{"own front shows modifiers, movement, role", stepEnemyAction, "alice", "p1-aurel", false,
			[]string{"Attack ", "Defence ", "Move ", "Medic", "Unresolved hits: 1", "Suppressed", "Shoot"}, nil},
		{"enemy front shows assigned in their Action phase", stepEnemyAction, "bob", "p1-aurel", false,
			[]string{"Aurel", "SMG", "Shoot"}, []string{"Attack ", "Move ", "Medic", "AP "}},
		{"enemy back shows no gear", stepEnemyAction, "bob", "p1-aurel", true,
			[]string{"Suppression: 33", "Weapons: SMG"}, []string{"Ammunition", "rounds", "Gear", "Skills", "MAC10"}},
		{"enemy down is down only", stepHaleDown, "bob", "p1-hale", false,
			[]string{"DOWN"}, []string{"PIN", "UNC", "DEAD", "Unconscious", "Pinned"}},
		{"leader star only for own", stepEnemyAction, "bob", "p1-hale", false, nil, []string{"<image fillMode=\"contain\" img"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := tutorialView(t, c.step, landsofruinSeat(c.seat))
			card := NewCharacterCard(c.char, v, nil)
			card.SetFlipped(c.back)
			card.Resize(fyne.NewSize(420, card.MinSize().Height))
			if w := card.MinSize().Width; w > 380 {
				t.Errorf("card %v wide: does not fit 400 px", w)
			}
			got := test.RenderObjectToMarkup(card)
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("card lacks %q:\n%s", w, got)
				}
			}
			for _, n := range c.never {
				if strings.Contains(got, n) {
					t.Errorf("card shows %q:\n%s", n, got)
				}
			}
		})
	}
}

// TestEnemyCardNeverShowsOwn: at every step of the tutorial, no enemy
// card (front or back) shows a word only the owner's view holds: gear,
// ammunition, skills, movement, role.
func TestEnemyCardNeverShowsOwn(t *testing.T) {
	test.NewTempApp(t)
	sc := conformance.LoadScripts(t, tutorialPath)[0]
	s := tutorial(t, 0)
	for i, st := range sc.Steps {
		if _, err := s.Do(st.Seat, st.Cmd); st.Reject != (err != nil) {
			t.Fatalf("step %d: %v", i, err)
		}
		if i%4 != 0 && i != len(sc.Steps)-1 {
			continue
		}
		for _, pair := range [][2]string{{"alice", "bob"}, {"bob", "alice"}} {
			owner, other := viewOf(t, s, landsofruinSeat(pair[0])), viewOf(t, s, landsofruinSeat(pair[1]))
			for _, c := range owner.Characters {
				if c.Seat != pair[0] || c.Own == nil {
					continue
				}
				secrets := ownOnly(c.Own)
				for _, back := range []bool{false, true} {
					card := NewCharacterCard(c.ID, other, nil)
					card.SetFlipped(back)
					card.Resize(fyne.NewSize(420, card.MinSize().Height))
					got := test.RenderObjectToMarkup(card)
					for _, sec := range secrets {
						if strings.Contains(got, sec) {
							t.Errorf("step %d: %s's card of %s (back %v) shows %q", i, pair[1], c.ID, back, sec)
						}
					}
				}
			}
		}
	}
}

// ownOnly are texts only an owner's card shows.
func ownOnly(o *landsofruin.OwnView) []string {
	out := []string{"Move ", "Ammunition", "Action points", "Attack ", "Skills", "Gear"}
	for _, g := range o.Gear {
		out = append(out, g.Name)
	}
	for _, s := range o.Skills {
		out = append(out, s.Name)
	}
	for _, a := range o.Ammo {
		out = append(out, fmt.Sprintf("%s: %d rounds", landsofruin.ItemName(a.Weapon), a.Rounds))
	}
	if o.RoleName != "" {
		out = append(out, o.RoleName)
	}
	return out
}

// TestCardTapAndFlip: a tap calls back with the id; the flip button turns
// the card over and back.
func TestCardTapAndFlip(t *testing.T) {
	test.NewTempApp(t)
	v := tutorialView(t, stepEnemyAction, "alice")
	var got string
	card := NewCharacterCard("p1-aurel", v, func(id string) { got = id })
	test.Tap(card)
	if got != "p1-aurel" {
		t.Errorf("tap gave %q", got)
	}
	test.Tap(card.flip)
	if !card.Flipped() {
		t.Error("the flip button did not flip the card")
	}
	test.Tap(card.flip)
	if card.Flipped() {
		t.Error("the flip button did not turn the card back")
	}
	card.SetSelected(true)
	card.Resize(card.MinSize())
	if !card.Selected() || card.bg.StrokeWidth < 3 {
		t.Error("a selected card has no ring")
	}
	if card.flip.Size().Height < minTouch {
		t.Errorf("flip button %v high", card.flip.MinSize())
	}
}
