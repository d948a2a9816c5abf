package landsofruin

import (
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
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

// TestDifficultTerrain: rulebook "Obstacles and difficult terrain":
// "Whenever a character's movement path takes it through an obstacle, that
// character's movement is halved for that turn"; "Moving through difficult
// terrain halves the character's movement value for the turn". The players
// say so with move difficult=true (also within the section the character
// stands in); the allowance shown is halved until the owner's next Action
// phase, once, for that character only (a close-support member follows its
// hero's allowance, not its path), and not for a berserker charge, which
// goes "across any terrain" (rulebook "Heroes with their cohort").
func TestDifficultTerrain(t *testing.T) {
	g := toAction(t)
	full := ownMovement(t, g, "ana", "p1-dorian")
	loader := ownMovement(t, g, "ana", "p1-dorian-loaders-1")
	if full < 2 {
		t.Fatalf("Dorian's allowance %d", full)
	}
	from := g.st().char("p1-dorian").Section
	refused(t, g, do("ana", CmdMove, "character", "dorian", "section", from), "already in")
	g.must(do("ana", CmdMove, "character", "dorian", "section", from, "difficult", true))
	if got := ownMovement(t, g, "ana", "p1-dorian"); got != full/2 {
		t.Errorf("after difficult terrain: Dorian's movement %d, want half of %d", got, full)
	}
	if got := ownMovement(t, g, "ana", "p1-dorian-loaders-1"); got != loader {
		t.Errorf("Dorian's path halved his loader's movement: %d, want %d", got, loader)
	}
	refused(t, g, do("ana", CmdMove, "character", "dorian", "section", from, "difficult", true), "halved once")
	// Moving on, even through more difficult terrain, halves nothing more.
	g.must(do("ana", CmdMove, "character", "dorian", "section", "crossing", "difficult", true))
	if got := ownMovement(t, g, "ana", "p1-dorian"); got != full/2 {
		t.Errorf("halved twice: %d, want %d", got, full/2)
	}
	if lines := g.st().char("p1-dorian"); !lines.Difficult {
		t.Error("the difficult path was not recorded")
	}
	g.endPhases(2) // ana's Command phase: next turn's allowance is whole
	if got, want := ownMovement(t, g, "ana", "p1-dorian"), g.st().moveAllowance(g.st().char("p1-dorian"), true); got != want || got != g.st().char("p1-dorian").movement(g.st().char("p1-dorian").remaining()) {
		t.Errorf("Command phase: next turn's movement %d halved", got)
	}
	for g.cur() != "ana" || g.st().Phase != PhaseAction {
		g.endPhases(1)
	}
	if g.st().char("p1-dorian").Difficult {
		t.Error("the halving outlived the turn")
	}
}

// TestBerserkerChargeIgnoresDifficultTerrain: the ability's
// ignores_difficult_terrain (rulebook: the Berserker Charge goes "across
// any terrain").
func TestBerserkerChargeIgnoresDifficultTerrain(t *testing.T) {
	g := toAction(t)
	// Dorian's statline as Androphage (only the ability matters here).
	c := new(character)
	*c = *g.st().char("p1-dorian")
	c.Base, c.Kind, c.Effects = "androphage", "hero", nil
	c.MoveAP, c.Difficult = 20, true
	halved := g.st().moveAllowance(c, false)
	c.Effects = append(c.Effects, effect{ID: "berserker-charge", Since: g.st().Turn})
	if whole := g.st().moveAllowance(c, false); whole != c.movement(20) || halved != rules.DifficultTerrain(whole) {
		t.Errorf("berserker charge through difficult terrain: %d (halved %d), want %d", whole, halved, c.movement(20))
	}
}
