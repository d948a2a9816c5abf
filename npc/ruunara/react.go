package ruunara

import "slices"

// Reactions: the engine calls these when the event happens, in any phase
// (SPEC §4.4). Each returns new slices; its arguments are left alone.

// OnHeroEngages: hero engaged the enemies (`engage`, declared by the
// players). Each becomes Engaged from any mode (RU-D48); a guard stays
// the captive's guard while it fights (Prior Guarding, RU-D27).
func OnHeroEngages(w World, s []Enemy, hero string, enemies []string) []Enemy {
	st := begin(w, s)
	for _, id := range enemies {
		if e := st.find(id); e != nil && e.Mode != Dead {
			st.engage(e)
		}
	}
	return st.out()
}

// engage turns e Engaged; a guard keeps its captive as Target.
func (st *state) engage(e *Enemy) {
	switch e.Mode {
	case Engaged:
		return
	case Guarding:
		t, in := e.Target, e.GuardIn
		e.reset(Engaged)
		e.Prior, e.Target, e.GuardIn = Guarding, t, in
	default:
		e.reset(Engaged)
	}
}

// OnRangedAttack: a hero (shooter) made a ranged attack on enemy target
// (RU-D61: any attempt, whatever its result). If the target survived and
// its mode is below Pursuing it turns to face the shooter (`face-shooter`)
// and searches towards it (Investigating "hero:H", RU-D39b); if it died it
// is Dead. The group question lists the enemies a rally could move
// (modes below Rallying, RU-D38); it may be empty (RU-D62c). A ranged
// instant kill calls OnInstantKill instead (RU-D38: one question, alert).
func OnRangedAttack(w World, s []Enemy, target, shooter string, survived bool) ([]Enemy, []Order, Question) {
	st := begin(w, s)
	if e := st.find(target); e != nil && e.Mode != Dead {
		switch {
		case !survived:
			st.remove(target)
		case e.Mode < Pursuing:
			st.order(Order{Enemy: e.ID, Template: "face-shooter", Hero: shooter})
			e.reset(Investigating)
			e.Site = SearchSiteID(shooter)
		}
	}
	return st.out(), st.ordersOut(), st.group(target, Rallying)
}

// OnInstantKill: enemy victim was killed instantly (RU-D41), by shooter if
// at a distance. The victim is Dead; the group question lists the enemies
// an alert could turn (modes below Alert, RU-D38, RU-D40). No orders yet:
// they follow the answer.
func OnInstantKill(w World, s []Enemy, victim, shooter string) ([]Enemy, []Order, Question) {
	st := begin(w, s)
	st.remove(victim)
	return st.out(), st.ordersOut(), st.group(victim, Alert)
}

// group is the group question for an event on x: the live enemies other
// than x whose mode is below the response (RU-D38).
func (st *state) group(x string, response Mode) Question {
	q := Question{Kind: "group", Subject: x}
	for _, e := range st.es {
		if e.ID != x && e.Mode < response {
			q.Lines = append(q.Lines, Line{Unit: e.ID, Kind: "group", Target: x, Dist: GroupReach, Default: "no"})
		}
	}
	q.Lines = linesOut(q.Lines)
	return q
}

// OnGroupAnswer applies the answered group question q of event ev. After
// an instant kill the ticked enemies turn Alert until the end of this
// round's enemy turn, facing the body (`alert`, one order per vision, so
// one order for a group of one card; RU-D40). After a ranged attack they
// rally to X (Rallying, facing the shooter on arrival, RU-D39a); if X is
// dead they rally to where it fell (Body, order `rally-body`). A line answered yes only moves an enemy into a higher mode (RU-D48).
func OnGroupAnswer(w World, s []Enemy, ev GroupEvent, q Question) ([]Enemy, []Order) {
	st := begin(w, s)
	x := st.find(ev.X)
	dead := x == nil || x.Mode == Dead
	var alerted []string
	for _, l := range q.Lines {
		e := st.find(l.Unit)
		if !l.Yes() || e == nil || e.ID == ev.X {
			continue
		}
		switch {
		case ev.Instant && e.Mode < Alert:
			e.Prior, e.Mode, e.AlertUntil = e.Mode, Alert, w.Round
			alerted = append(alerted, e.ID)
		case !ev.Instant && e.Mode < Rallying:
			e.reset(Rallying)
			e.Target, e.Shooter, e.Body = ev.X, ev.Shooter, dead
		}
	}
	slices.SortFunc(alerted, idCompare)
	var visions []Ticks
	byVision := map[Ticks][]string{}
	for _, id := range alerted {
		v := w.Stats[id].Vision + AlertBonus
		if _, ok := byVision[v]; !ok {
			visions = append(visions, v)
		}
		byVision[v] = append(byVision[v], id)
	}
	for _, v := range visions {
		ids := byVision[v]
		st.order(Order{Enemy: ids[0], Template: "alert", Other: ev.X, List: ids, Dist: v})
	}
	return st.out(), st.ordersOut()
}

// NoiseQuestion is the noise question for the fight site (RU-D34c): the
// enemies that are Posted or Returning and not part of the site (RU-D34d).
// The engine asks the sites of a phase in name order and applies each
// answer (OnNoiseAnswer) before building the next question, so an enemy
// ticked for one site is not listed for the later ones.
func NoiseQuestion(w World, s []Enemy, site string) Question {
	st := begin(w, s)
	in := []string{site}
	if si, ok := w.site(site); ok {
		in = append(in, si.Enemies...)
	}
	q := Question{Kind: "noise", Subject: site}
	for _, e := range st.es {
		if (e.Mode == Posted || e.Mode == Returning) && !slices.Contains(in, e.ID) {
			q.Lines = append(q.Lines, Line{Unit: e.ID, Kind: "noise", Target: site, Dist: NoiseReach, Default: "no"})
		}
	}
	q.Lines = linesOut(q.Lines)
	return q
}

// OnNoiseAnswer applies the answered noise question of site: each ticked
// Posted or Returning enemy investigates the site (RU-D34e). Its first
// 2" step (and post marker) comes in the next enemy movement phase; no
// orders now.
func OnNoiseAnswer(w World, s []Enemy, site string, q Question) ([]Enemy, []Order) {
	st := begin(w, s)
	for _, l := range q.Lines {
		if e := st.find(l.Unit); l.Yes() && e != nil && e.Mode < Investigating {
			e.reset(Investigating)
			e.Site = site
		}
	}
	return st.out(), st.ordersOut()
}

// OnFlee: hero fled by a skill; w.Pairs no longer holds its pairs. Every
// Engaged enemy left engaged with no hero pursues it for 2 rounds
// (RU-D42); one still engaged with another hero stays Engaged (RU-X31); a
// guard a hero had engaged goes back to guarding its captive.
func OnFlee(w World, s []Enemy, hero string) ([]Enemy, []Order) {
	st := begin(w, s)
	for i := range st.es {
		e := &st.es[i]
		if e.Mode != Engaged || len(w.engagedWith(e.ID)) > 0 {
			continue
		}
		if e.Prior == Guarding {
			st.backToGuard(e)
			continue
		}
		e.reset(Pursuing)
		e.Target, e.TurnsLeft = hero, PursuitTurns
	}
	return st.out(), st.ordersOut()
}

// backToGuard turns an Engaged guard back to Guarding its captive.
func (st *state) backToGuard(e *Enemy) {
	t, in := e.Target, e.GuardIn
	e.reset(Guarding)
	e.Target, e.GuardIn = t, in
}

// OnCapture: hero was captured by captors, in close combat (GuardIn: they
// are with it already) or by a ranged attack (the captor still has to
// reach it: `guard-go` in the movement phases, RU-D29). A captor still
// engaged with another hero fights on and guards (Engaged, Prior
// Guarding). Every other enemy busy with the hero is released as
// OnHeroGone says. A guard holds one captive, the latest.
func OnCapture(w World, s []Enemy, hero string, captors []string, ranged bool) ([]Enemy, []Order) {
	st := begin(w, s)
	for _, id := range captors {
		e := st.find(id)
		if e == nil || e.Mode == Dead {
			continue
		}
		if len(w.engagedWith(id)) > 0 {
			e.reset(Engaged)
			e.Prior = Guarding
		} else {
			e.reset(Guarding)
		}
		e.Target, e.GuardIn = hero, !ranged
	}
	st.heroGone(hero, captors, false)
	return st.out(), st.ordersOut()
}

// OnExecution: the captive hero was executed (or otherwise removed for
// good). Its guards stop guarding (RU-D27): one a hero engaged stays
// Engaged; any other returns at 2" from the next enemy turn, or is Posted
// at once with `post-facing` if no marker is out (RU-D37). Everyone else
// as OnHeroGone.
func OnExecution(w World, s []Enemy, hero string) ([]Enemy, []Order) {
	st := begin(w, s)
	st.heroGone(hero, nil, true)
	return st.out(), st.ordersOut()
}

// OnHeroGone: hero is no longer free (executed in close combat, captured
// by others, removed). Enemies charging it return at 2" (RU-D43),
// pursuers at 5" (RU-D42), Engaged enemies left with no hero return at
// 2" (RU-D49); each is Posted at once with `post-facing` if no post
// marker is out (RU-D37). Its guards are not released: that is
// OnExecution.
func OnHeroGone(w World, s []Enemy, hero string) ([]Enemy, []Order) {
	st := begin(w, s)
	st.heroGone(hero, nil, false)
	return st.out(), st.ordersOut()
}

func (st *state) heroGone(hero string, skip []string, release bool) {
	for i := range st.es {
		e := &st.es[i]
		if slices.Contains(skip, e.ID) {
			continue
		}
		switch e.Mode {
		case Engaging:
			if e.Target == hero {
				st.sendBack(e, NoiseRate)
			}
		case Pursuing:
			if e.Target == hero {
				st.giveUp(e)
			}
		case Guarding:
			if release && e.Target == hero {
				st.sendBack(e, NoiseRate)
			}
		case Engaged:
			if release && e.Prior == Guarding && e.Target == hero {
				e.Prior, e.Target, e.GuardIn = Posted, "", false
			}
			if len(st.w.engagedWith(e.ID)) > 0 {
				continue
			}
			if e.Prior == Guarding {
				st.backToGuard(e)
			} else {
				st.sendBack(e, NoiseRate)
			}
		}
	}
}

// giveUp ends a pursuit: Returning at 5", the first move a `give-up`
// order (RU-D42).
func (st *state) giveUp(e *Enemy) {
	st.sendBack(e, PursuitRate)
	if e.Mode == Returning {
		e.Prior = Pursuing
	}
}

// OnRemoved: enemy id died (hit points 0 or an instant kill). It is Dead;
// enemies rallying to it go on to its body marker (RU-D39a).
func OnRemoved(w World, s []Enemy, id string) []Enemy {
	st := begin(w, s)
	st.remove(id)
	return st.out()
}

func (st *state) remove(id string) {
	e := st.find(id)
	if e == nil {
		return
	}
	*e = Enemy{ID: e.ID, Card: e.Card, Mode: Dead}
	for i := range st.es {
		if r := &st.es[i]; r.Mode == Rallying && r.Target == id {
			r.Body = true
		}
	}
}

// OnSiteMerged: fight site from merged into site into (RU-D34b: the
// merged site keeps the lower name). Enemies investigating from now
// investigate into; without this call they would find from missing from
// World.Sites and return.
func OnSiteMerged(w World, s []Enemy, from, into string) []Enemy {
	st := begin(w, s)
	for i := range st.es {
		if e := &st.es[i]; e.Mode == Investigating && e.Site == from {
			e.Site = into
		}
	}
	return st.out()
}
