package landsofruin

import (
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// ownMovement is seat's view of its character id's movement allowance.
func ownMovement(t *testing.T, g *game, seat, id string) int {
	t.Helper()
	for _, c := range New().View(g.s, console.Seat(seat)).(View).Characters {
		if c.ID == id {
			if c.Own == nil {
				t.Fatalf("%s does not see its own %s", seat, id)
			}
			return c.Own.Movement
		}
	}
	t.Fatalf("%s sees no %s", seat, id)
	return 0
}

// TestCloseSupportMovesWithHero: rulebook "Heroes and Cohorts", "Close
// support": "The cohort always has the same movement value as the hero"
// (facts §2.4: close-support squads use their hero's allowance). Dorian's
// Loaders carry other gear than Dorian, so their own allowance differs;
// they are shown, and move with, Dorian's, in the Action phase and as next
// turn's in the Command phase. While the hero is down they keep their own
// ("The cohort can still move as long as they maintain the 2" rule").
func TestCloseSupportMovesWithHero(t *testing.T) {
	g := toAction(t)
	st := g.st()
	hero, member := st.char("p1-dorian"), st.char("p1-dorian-loaders-1")
	if hero == nil || member == nil || !member.isCloseSupport() {
		t.Fatalf("Dorian %v, close-support loader %v", hero, member)
	}
	own, want := member.movement(member.MoveAP), hero.movement(hero.MoveAP)
	if own == want {
		t.Fatalf("the test needs the loader's own allowance (%d) to differ from Dorian's (%d)", own, want)
	}
	for _, id := range []string{"p1-dorian-loaders-1", "p1-dorian-loaders-2"} {
		if st.char(id) == nil {
			continue
		}
		if got := ownMovement(t, g, "ana", id); got != want {
			t.Errorf("Action phase: %s's movement %d, want Dorian's %d (its own would be %d)", id, got, want, own)
		}
	}
	g.endPhases(2) // ana's Command phase: next turn's movement
	if got, want := ownMovement(t, g, "ana", "p1-dorian-loaders-1"), hero.movement(st.char("p1-dorian").remaining()); got != want {
		t.Errorf("Command phase: loader's movement %d, want Dorian's %d", got, want)
	}
	// Dorian down: the loader keeps its own allowance.
	g.st().char("p1-dorian").Effects = append(g.st().char("p1-dorian").Effects, effect{ID: "pinned", Since: g.st().Turn})
	m := g.st().char("p1-dorian-loaders-1")
	if got, want := ownMovement(t, g, "ana", "p1-dorian-loaders-1"), m.movement(m.remaining()); got != want {
		t.Errorf("Dorian down: loader's movement %d, want its own %d", got, want)
	}
}
