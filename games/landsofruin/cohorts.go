package landsofruin

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
)

// Cohorts acting through their hero (rulebook "Heroes and Cohorts", facts
// §2.7).
//
// Every member of a cohort is a character of its own (its own id, effects
// and results). An independent cohort acts like a hero. A close-support
// cohort assigns no actions of its own: when its hero is assigned an
// attack action (shoot, aim and shoot, close combat) the members that can
// take it and afford it are assigned it too, and unassigning it from the
// hero takes it from them; the members then perform it (attack) as any
// character, also when the hero is down. A slave cohort has no actions at
// all: its slaves are the hero's ammunition (execute-slave,
// throwables.go) and living shields.
//
// A hit on a hero with a cohort is taken by a member instead: a slave
// always takes it; a close-support member takes it on a d100 above 100 −
// the kind's percentage (50: above 50), otherwise the hero does; an
// independent cohort never does. The member takes it as an unresolved hit
// of its own, resolved on the chart at its owner's damage resolution (the
// app killed the member at once, which told everyone the result). This
// holds for attacks and Rotter hits, not for explosives (they hit whoever
// is in the area). Only members on the table, visible and standing (not
// down) can take a hit, each at most one per attack.

// cohortKind is the rules of a character's cohort kind, or nil (a hero).
func (c *character) cohortKind() *content.CohortKind {
	ck, _ := data().cont.CohortKind(c.Kind)
	return ck
}

// isCloseSupport: a close-support cohort member.
func (c *character) isCloseSupport() bool { return c.Kind == content.KindCloseSupport }

// closeSupportFor lists hero h's close-support members that are alive.
func (g *state) closeSupportFor(h *character) []*character {
	var out []*character
	for i := range g.Chars {
		m := &g.Chars[i]
		if m.Owner == h.Owner && m.Hero == h.Base && m.isCloseSupport() && !m.dead() {
			out = append(out, m)
		}
	}
	return out
}

// copiedToCohort: an action a close-support cohort takes with its hero.
func copiedToCohort(a *rules.Action) bool { return a.Attack != "" || a.CohortAlso }

// cohortAlso lists the close-support members of hero c that take action a
// with it (those that can take it now).
func (g *state) cohortAlso(c *character, a *rules.Action) []string {
	if c.Kind != content.KindHero || !copiedToCohort(a) {
		return nil
	}
	var out []string
	for _, m := range g.closeSupportFor(c) {
		if g.canAssign(m, a) == nil {
			out = append(out, m.ID)
		}
	}
	return out
}

// absorber picks the cohort member that takes a hit on c instead: the
// member's id ("" when c takes it) and the close-support d100 (0 when none
// was rolled). taken are the members already used in the same event. Only
// members the attacker can see standing take a hit (on the table, not
// hidden, not down), so who takes it never depends on the owner's secrets
// (a down member may be dead or only pinned).
func (g *state) absorber(c *character, d *console.Dice, taken map[string]bool) (string, int) {
	if c.Kind != content.KindHero {
		return "", 0
	}
	shield := func(m *character) bool {
		return m.Owner == c.Owner && m.Hero == c.Base && m.Section != "" && !m.hidden() && !m.down() && !taken[m.ID]
	}
	for i := range g.Chars {
		if s := &g.Chars[i]; s.Kind == content.KindSlave && shield(s) {
			return s.ID, 0
		}
	}
	for i := range g.Chars {
		m := &g.Chars[i]
		if !m.isCloseSupport() || !shield(m) {
			continue
		}
		pct := 0
		if ck := m.cohortKind(); ck != nil {
			pct = ck.HitOnHeroToCohortPct
		}
		if pct <= 0 {
			return "", 0
		}
		roll := d.Roll(100)
		if roll > 100-pct {
			return m.ID, roll
		}
		return "", roll
	}
	return "", 0
}

// heroOf is the hero of cohort member c, or nil.
func (g *state) heroOf(c *character) *character {
	if c.Hero == "" {
		return nil
	}
	return g.findChar(c.Hero, func(x *character) bool { return x.Owner == c.Owner && x.Base == c.Hero && x.Kind == content.KindHero })
}

// moveAllowance is c's movement allowance in tenths of an inch: this
// Action phase's, or with next the one its remaining points give next
// turn. A close-support member moves as far as its hero (rulebook "Heroes
// and Cohorts", "Close support": "The cohort always has the same movement
// value as the hero"; facts §2.4: "close-support squads use their
// hero's"); while the hero is down the members keep their own allowance
// ("The cohort can still move as long as they maintain the 2" rule").
//
// This turn's allowance is halved once c's own path went over an obstacle
// or through difficult terrain (move difficult=true; rulebook "Obstacles
// and difficult terrain"), unless its berserker charge carries it "across
// any terrain" (the ability's IgnoresDifficultTerrain).
func (g *state) moveAllowance(c *character, next bool) int {
	src := c
	if c.isCloseSupport() {
		if h := g.heroOf(c); h != nil && !h.down() {
			src = h
		}
	}
	if next {
		return src.movement(src.remaining())
	}
	m := src.movement(src.MoveAP)
	if c.Difficult && !c.ignoresDifficultTerrain() {
		m = rules.DifficultTerrain(m)
	}
	return m
}

// ignoresDifficultTerrain: c has the effect of an ability that crosses any
// terrain (Androphage's berserker charge).
func (c *character) ignoresDifficultTerrain() bool {
	for _, ch := range data().cont.Characters {
		if ch.ID != c.Base {
			continue
		}
		for _, a := range ch.Abilities {
			if a.IgnoresDifficultTerrain && a.Action != "" && c.has(a.Action) {
				return true
			}
		}
	}
	return false
}

// absorbHit gives the member that took a hit for its hero that hit, as an
// unresolved hit of its own: it is resolved on the chart at its owner's
// damage resolution like any other, and told to others as any result is.
func (g *state) absorbHit(id string, h hit) error {
	m, err := g.charArg(id)
	if err != nil {
		return err
	}
	m.Hits = append(m.Hits, h)
	return nil
}

// checkMemberAssign refuses to assign to a cohort member that takes no
// actions of its own.
func (g *state) checkMemberAssign(c *character) error {
	switch c.Kind {
	case content.KindCloseSupport:
		hero := c.Hero
		if h := g.findChar(c.Hero, func(x *character) bool { return x.Owner == c.Owner && x.Base == c.Hero }); h != nil {
			hero = h.Name
		}
		return console.Reject("%s fights in close support of %s: it takes %s's shooting and close combat actions (assign them to %s)", c.Name, hero, hero, hero)
	case content.KindSlave:
		return console.Reject("%s is a slave: slaves have no actions of their own", c.Name)
	}
	return nil
}

// describeAbsorbed tells who took a hit for a hero; the hit is the
// member's unresolved hit, resolved like any other.
func (g *state) describeAbsorbed(hero, member string, roll int) string {
	if member == "" {
		if roll > 0 {
			return fmt.Sprintf(" (%s takes it: d100 %d)", g.name(hero), roll)
		}
		return ""
	}
	s := fmt.Sprintf(" (taken by %s: an unresolved hit", g.name(member))
	if roll > 0 {
		s += fmt.Sprintf("; d100 %d", roll)
	}
	return s + ")"
}
