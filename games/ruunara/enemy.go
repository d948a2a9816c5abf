package ruunara

import (
	"fmt"

	"github.com/commandconsole/commandconsole/console"
	rn "github.com/commandconsole/commandconsole/npc/ruunara"
)

// The engine's side of the enemy AI (npc/ruunara, SPEC.md §4): the World
// it reads, the answers it is given, the orders and modes it returns.

// world is what the AI may read of the game.
func (g *state) world() rn.World {
	w := rn.World{Round: g.Round, Stats: map[string]rn.Stats{}, Names: map[string]string{}}
	for _, h := range g.Heroes {
		w.Heroes = append(w.Heroes, rn.Hero{ID: h.ID, Name: h.Name, HP: h.HP, Free: h.Status == StatusFree})
		w.Names[h.ID] = h.Name
	}
	for _, e := range g.Enemies {
		c := g.enemyCard(e)
		st := rn.Stats{Move: c.Move, Vision: c.Vision, Range: c.ReachRange(), Close: c.HasClose(), Ranged: c.HasRanged()}
		if c.Close != nil {
			st.CloseN, st.CloseHit = c.Close.N, c.Close.Hit
		}
		if c.Ranged != nil {
			st.RangedN, st.RangedHit = c.Ranged.N, c.Ranged.Hit
		}
		w.Stats[e.AI.ID] = st
		w.Names[e.AI.ID] = e.AI.ID
	}
	w.Pairs = append(w.Pairs, g.Pairs...)
	for _, s := range g.Sites {
		s = copySite(s)
		s.Over = g.over(s)
		w.Sites = append(w.Sites, s)
	}
	// a search towards a shooter is over when the hero did not attack this
	// round (RU-D36)
	for _, h := range g.Heroes {
		w.Sites = append(w.Sites, rn.Site{ID: "hero:" + h.ID, Ranged: true, Heroes: []string{h.ID},
			LastAttackRound: h.AttackRound, Over: h.AttackRound < g.Round || h.Status != StatusFree})
	}
	return w
}

func (x *decider) world() rn.World { return x.g.world() }

// enemiesAI is every enemy's AI state, in id order.
func (g *state) enemiesAI() []rn.Enemy {
	out := make([]rn.Enemy, len(g.Enemies))
	for i, e := range g.Enemies {
		out[i] = e.AI
	}
	return out
}

func (x *decider) enemiesAI() []rn.Enemy { return x.g.enemiesAI() }

// setModes records the AI's new states of the enemies that changed.
func (x *decider) setModes(s []rn.Enemy) {
	var changed []rn.Enemy
	for _, ne := range s {
		if e := x.g.enemy(ne.ID); e != nil && !sameEnemy(e.AI, ne) {
			changed = append(changed, ne)
		}
	}
	if len(changed) > 0 {
		x.emit(EvModesChanged, ModesChanged{Enemies: changed})
	}
}

func sameEnemy(a, b rn.Enemy) bool {
	ab, err1 := console.Encode(a)
	bb, err2 := console.Encode(b)
	return err1 == nil && err2 == nil && string(ab) == string(bb)
}

// orders records the AI's orders.
func (x *decider) orders(o []rn.Order) {
	if len(o) > 0 {
		x.emit(EvOrdersIssued, OrdersIssued{Orders: o})
	}
}

// Steps of the enemy turn (RU-D47).
const (
	stepTactical = "tactical"
	stepMovement = "movement"
	stepSight    = "sight"
	stepInRange  = "in-range"
	stepMove     = "move"
	stepNearest  = "nearest"
	stepAfter    = "after-move"
	stepAfter2   = "after-continuation"
	stepCombat   = "combat"
	stepEnd      = "end"
	stepSummary  = "summary"
)

// beginEnemyTurn queues the enemy turn and the round boundary.
func (x *decider) beginEnemyTurn() {
	var ts []task
	for _, s := range []string{stepTactical, stepMovement, stepSight, stepInRange, stepMove, stepNearest, stepAfter, stepAfter2, stepCombat, stepEnd, stepSummary} {
		ts = append(ts, task{Kind: taskEnemy, Site: s})
	}
	ts = append(ts, task{Kind: taskBoundary})
	x.push(ts...)
}

// enemyStep runs one step of the enemy turn.
func (x *decider) enemyStep(step string) {
	g := x.g
	switch step {
	case stepTactical:
		// the enemies' abilities (RU-D46)
		if ts := x.enemyAbilityTasks(PhaseTactical, nil); len(ts) > 0 {
			x.pushFront(ts...)
		}
	case stepMovement:
		x.emit(EvPhaseStarted, PhaseStarted{Round: g.Round, Side: len(g.Seats), Phase: PhaseMovement})
		s, orders := rn.StartMovement(x.world(), x.enemiesAI())
		x.setModes(s)
		x.orders(orders)
		x.closeOverSites()
	case stepSight:
		x.ask(rn.SightQuestion(x.world(), x.enemiesAI()), "sight", -1, slotSight, task{})
	case stepInRange:
		x.ask(rn.RangeQuestion(x.world(), x.enemiesAI(), g.Turn.Sight), "in-range", -1, slotInRange, task{})
	case stepMove:
		s, orders, q := rn.Movement(x.world(), x.enemiesAI(), g.Turn.Sight, g.Turn.InRange)
		x.setModes(s)
		x.orders(orders)
		x.ask(q, "results", -1, slotResults, task{})
	case stepNearest:
		x.ask(rn.NearestQuestion(x.world(), x.enemiesAI(), g.Turn.Results), "nearest", -1, slotNearest, task{})
	case stepAfter:
		s, orders, eng, q := rn.AfterMovement(x.world(), x.enemiesAI(), g.Turn.Results, g.Turn.Nearest)
		x.setModes(s)
		x.orders(orders)
		x.contact(eng)
		x.ask(q, "results", -1, slotResults2, task{})
	case stepAfter2:
		s, eng := rn.AfterContinuation(x.world(), x.enemiesAI(), g.Turn.Results2)
		x.setModes(s)
		x.contact(eng)
	case stepCombat:
		x.emit(EvPhaseStarted, PhaseStarted{Round: g.Round, Side: len(g.Seats), Phase: PhaseCombat})
		// each enemy's combat-phase abilities, then its attack (RU-D46, RU-D47)
		if ts := x.enemyAbilityTasks(PhaseCombat, rn.Combat(x.world(), x.enemiesAI())); len(ts) > 0 {
			x.pushFront(ts...)
		}
	case stepEnd:
		// the noise of the enemy combat phase (RU-D34c)
		sites := append([]string(nil), g.PhaseSites...)
		byID(sites)
		x.emit(EvPhaseStarted, PhaseStarted{Round: g.Round, Side: len(g.Seats), Phase: PhaseEnd})
		var ts []task
		for _, s := range sites {
			ts = append(ts, task{Kind: taskNoise, Site: s})
		}
		if len(ts) > 0 {
			x.pushFront(ts...)
		}
	case stepSummary:
		// the enemy turn's end: a last look at the table when anything
		// happened (SPEC.md §6.5)
		if len(g.Orders) > 0 || len(g.TurnNotes) > 0 {
			x.setPrompt(&prompt{Kind: PromptOrders, Seat: -1, Summary: true})
		}
	default:
		x.err = fmt.Errorf("ruunara: unknown enemy step %q", step)
	}
}

// contact records engagements the enemies made on the table.
func (x *decider) contact(eng []rn.Pair) {
	byHero := map[string][]string{}
	var heroes []string
	for _, p := range eng {
		if x.g.engaged(p.Hero, p.Enemy) {
			continue
		}
		if _, ok := byHero[p.Hero]; !ok {
			heroes = append(heroes, p.Hero)
		}
		byHero[p.Hero] = append(byHero[p.Hero], p.Enemy)
	}
	for _, h := range heroes {
		if hh := x.g.hero(h); hh == nil || hh.Status != StatusFree {
			continue
		}
		x.emit(EvEngaged, Engaged{Hero: h, Enemies: byHero[h], By: "enemy"})
		x.siteEngage(h, byHero[h])
	}
}

// enemyAttack opens the dice of one enemy attack (RU-D45, RU-D47).
func (x *decider) enemyAttack(o rn.AttackOrder) {
	g := x.g
	e := g.enemy(o.Enemy)
	h := g.hero(o.Hero)
	if e == nil || e.AI.Mode == rn.Dead || h == nil || h.Status != StatusFree || o.N <= 0 {
		return
	}
	tmpl := "attack"
	if o.Ranged {
		tmpl = "shoot"
	}
	x.orders([]rn.Order{{Enemy: o.Enemy, Template: tmpl, Hero: o.Hero, N: o.N, Hit: o.Hit}})
	at := &attack{Attacker: o.Enemy, ByEnemy: true, Ranged: o.Ranged, Targets: []string{o.Hero}, N: o.N, Hit: o.Hit, Stage: stageRoll}
	x.attackMade(at, true)
	x.openRoll(at)
}

// askNoise asks who heard the fight at site (RU-D34).
func (x *decider) askNoise(site string) {
	if !x.g.RangedNoise && x.rangedOnly(site) {
		return
	}
	q := rn.NoiseQuestion(x.world(), x.enemiesAI(), site)
	x.ask(q, "noise", -1, "", task{Kind: taskNoise, Site: site})
}

// rangedOnly: a ranged site, which makes no noise with ranged_noise off.
func (x *decider) rangedOnly(site string) bool {
	for _, s := range x.g.Sites {
		if s.ID == site {
			return s.Ranged
		}
	}
	return false
}

// answered feeds an answered (or unasked, empty) question to what waits
// for it.
func (x *decider) answered(q rn.Question, slot string, then task) {
	switch then.Kind {
	case taskGroup:
		s, orders := rn.OnGroupAnswer(x.world(), x.enemiesAI(), then.Group, q)
		x.setModes(s)
		x.orders(orders)
	case taskNoise:
		s, orders := rn.OnNoiseAnswer(x.world(), x.enemiesAI(), then.Site, q)
		x.setModes(s)
		x.orders(orders)
	case taskArea:
		if then.Attack == nil {
			return
		}
		at := *then.Attack
		at.Targets = nil
		for _, l := range q.Lines {
			if l.Answer == "yes" {
				at.Targets = append(at.Targets, l.Unit)
			}
		}
		if len(at.Targets) > 0 {
			x.startAbility(&at)
		}
	}
}
