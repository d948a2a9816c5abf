package ruunara

import (
	"sort"

	"github.com/commandconsole/commandconsole/games/ruunara/card"
	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// Enemy abilities (RU-D46, invented in its details): an enemy uses each of
// its abilities at the first chance its card allows — the enemy tactical
// phase, or its combat phase just before its attack — in card order, while
// uses remain and it has a target: for a targeted ability the hero it is
// engaged with (the weakest, as RU-D45 picks) or the hero it charges;
// self and no-target abilities always. Constant abilities apply by
// themselves and are never "used". Effects as for heroes (RU-D14): an
// instant kill (cover applies at a distance; a hero at 0 is executed when
// engaged, else captured, RU-D24), its own attack dice, a heal of itself,
// and for a text effect an order card with the card text the players
// apply. Area abilities reach the heroes engaged with it; one at a
// distance is shown as text.

// enemyAbilityTasks are the ability tasks of the living enemies for phase,
// in id order; with attacks, each enemy's abilities come just before its
// attack.
func (x *decider) enemyAbilityTasks(phase string, attacks []rn.AttackOrder) []task {
	g := x.g
	var ts []task
	for _, e := range g.Enemies {
		if e.AI.Mode == rn.Dead {
			continue
		}
		c := g.enemyCard(e)
		for _, ab := range c.Abilities {
			if ab.Cycle.Per == "constant" || ab.Effect.Type == "flee" || !contains(ab.Phase, phase) {
				continue
			}
			ts = append(ts, task{Kind: taskEnemyAbility, Site: e.AI.ID, Ability: ab.ID})
		}
		for _, o := range attacks {
			if o.Enemy == e.AI.ID {
				ts = append(ts, task{Kind: taskEnemyAtk, Order: o})
			}
		}
	}
	return ts
}

// enemyTarget is the hero an enemy's targeted ability goes to, or "".
func (g *state) enemyTarget(e *enemy) string {
	heroes := g.engagedHeroes(e.AI.ID)
	if len(heroes) > 0 {
		// RU-D45: the fewest hit points; ties the one engaged first
		best := heroes[0]
		for _, h := range heroes[1:] {
			if g.hero(h).HP < g.hero(best).HP {
				best = h
			}
		}
		return best
	}
	if e.AI.Mode == rn.Engaging {
		if h := g.hero(e.AI.Target); h != nil && h.Status == StatusFree {
			return h.ID
		}
	}
	return ""
}

// enemyAbility uses one enemy ability now, if it can.
func (x *decider) enemyAbility(id, abID string) {
	g := x.g
	e := g.enemy(id)
	if e == nil || e.AI.Mode == rn.Dead || e.AI.Mode == rn.Guarding {
		return
	}
	ab, ok := g.enemyCard(e).Ability(abID)
	if !ok || x.spendable(e.AI.ID, e.Uses, ab) != nil {
		return
	}
	engaged := g.engagedHeroes(e.AI.ID)
	var targets []string
	switch ab.Target {
	case "single":
		t := g.enemyTarget(e)
		if t == "" {
			return
		}
		if ab.Reach == "ranged" && len(engaged) > 0 || ab.Reach == "melee" && !g.engaged(t, e.AI.ID) {
			return
		}
		targets = []string{t}
	case "area":
		targets = append(targets, engaged...)
		sort.Strings(targets)
	}
	x.spend(e.AI.ID, e.Uses, ab, targets, ab.Text)
	note := ab.Text
	switch ab.Effect.Type {
	case "heal":
		if ab.Target == "self" || ab.Target == "none" {
			hp := e.HP + ab.Effect.HP
			if max := g.enemyCard(e).HP; hp > max {
				hp = max
			}
			x.emit(EvHealed, Healed{Target: e.AI.ID, HP: hp})
			return
		}
	case "instant-kill", "attack":
		if len(targets) == 1 && g.hero(targets[0]) != nil {
			x.enemyAbilityAttack(e, ab, targets[0])
			return
		}
	}
	o := rn.Order{Enemy: e.AI.ID, Template: "ability", Other: ab.Name, Note: note}
	if len(targets) == 1 {
		o.Hero = targets[0]
	}
	x.orders([]rn.Order{o})
}

// enemyAbilityAttack resolves an enemy ability that kills or deals damage
// to a hero.
func (x *decider) enemyAbilityAttack(e *enemy, ab card.Ability, hero string) {
	at := &attack{Attacker: e.AI.ID, ByEnemy: true, Ability: ab.ID, Ranged: !x.g.engaged(hero, e.AI.ID),
		Targets: []string{hero}, Trigger: ab.Trigger, Instant: ab.Effect.Type == "instant-kill"}
	if ab.Effect.Dice != nil {
		at.N, at.Hit = ab.Effect.Dice.N, ab.Effect.Dice.Hit
	}
	x.attackMade(at, false)
	if ab.Trigger > 0 {
		at.Stage = stageTrigger
		x.openRoll(at)
		return
	}
	x.effect(at)
}
