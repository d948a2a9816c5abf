package landsofruin

import (
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
)

// ActionRevealEnemy is the reveal-enemy action's id.
const ActionRevealEnemy = "reveal-enemy"

// Reveal enemy (facts §3.1 action 24, §9.3): a character forces a hidden
// enemy its team has detected into the open; the enemy is surprised for
// two turns. Like reveal it costs 0 action points and may be performed at
// any point of the owner's Action phase without being assigned. The
// detecting player knows only the section a detected enemy hides in (the
// view never gives its id), so the target is that section: the first
// enemy detected there is revealed. The reveal is an undo barrier.
func (g *state) decideRevealEnemy(p int, c *character, a *rules.Action, section string) ([]console.Event, error) {
	if c.out() || c.down() {
		return nil, console.Reject("%s is down and cannot reveal anyone", c.Name)
	}
	if strings.TrimSpace(section) == "" {
		return nil, console.RejectTry(console.ReasonBadInput, CmdPerform+" target=SECTION", "%s needs a target: the section where your team detected a hidden enemy", a.Name)
	}
	sec, err := g.section(section)
	if err != nil {
		return nil, err
	}
	var h *character
	for _, id := range g.Players[p].Detected {
		if x := g.char(id); x != nil && x.hidden() && x.Section == sec {
			h = x
			break
		}
	}
	if h == nil {
		return nil, console.Reject("your team has detected no hidden enemy %s", g.in(sec, p))
	}
	pf := Performed{Char: c.ID, Action: a.ID, Target: h.ID, Assigned: c.assignedIndex(a.ID) >= 0}
	pf.Effects = append([]effect{}, c.Effects...)
	te := []effect{}
	for _, e := range h.Effects {
		if !contains(a.RemovesEnemy, e.ID) {
			te = append(te, e)
		}
	}
	for _, e := range a.AddsEnemy {
		te = append(te, effect{ID: e, Since: g.Turn})
	}
	pf.TargetEffects = te
	return one(EventPerformed, pf, true)
}

// ignoresWoundPenalties: an effect such as frenzy lets the character ignore
// its wound penalties to attack (§4.2).
func (c *character) ignoresWoundPenalties() bool {
	for _, e := range c.effectPtrs() {
		if e.IgnoresWoundPenalties {
			return true
		}
	}
	return false
}

// frenzyHits are the hits a character's effects inflict on it after its
// damage resolution (frenzy: a close-combat hit of power −2, resolved at
// the next one; §6).
func frenzyHits(effs []effect) []hit {
	var out []hit
	for _, e := range effs {
		if def := data().rd.Effect(e.ID); def != nil && def.SelfHitPower != 0 && e.ID != "dead" {
			out = append(out, hit{Kind: string(rules.CloseCombat), Power: def.SelfHitPower, By: e.ID, Band: -1})
		}
	}
	return out
}
