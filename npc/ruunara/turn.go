package ruunara

import (
	"slices"
	"strings"
)

// The enemy turn (RU-D47), in this order: StartMovement, SightQuestion,
// RangeQuestion, Movement, NearestQuestion, AfterMovement,
// AfterContinuation, Combat, then (after the engine's noise questions)
// EndEnemyTurn. The engine opens each non-empty question, fills the
// lines' Answer and passes it back; an empty one is passed back as is
// and every line counts as its default (RU-D62c).

// StartMovement is the start of the enemy movement phase: investigators
// of a site that is over (Site.Over, RU-D36; a site missing from
// World.Sites, or a search whose hero is no longer free, is over) return
// at 2". Also, as RU-D42, RU-D43 and RU-D49 say, chargers and pursuers of
// a hero no longer free, and Engaged enemies left with no free hero, go
// back (in case the engine did not report it). An enemy sent back with no
// post marker out is Posted at once with `post-facing` (RU-D37).
func StartMovement(w World, s []Enemy) ([]Enemy, []Order) {
	st := begin(w, s)
	for i := range st.es {
		e := &st.es[i]
		switch e.Mode {
		case Investigating:
			site, ok := w.site(e.Site)
			if h, search := strings.CutPrefix(e.Site, SearchPrefix); search && !w.free(h) {
				ok = false
			}
			if !ok || site.Over {
				st.sendBack(e, NoiseRate)
			}
		case Engaging:
			if !w.free(e.Target) {
				st.sendBack(e, NoiseRate)
			}
		case Pursuing:
			if !w.free(e.Target) {
				st.giveUp(e)
			}
		case Engaged:
			if len(w.engagedWith(e.ID)) == 0 {
				if e.Prior == Guarding {
					st.backToGuard(e)
				} else {
					st.sendBack(e, NoiseRate)
				}
			}
		}
	}
	return st.out(), st.ordersOut()
}

// asked reports the modes the sight question lists (RU-D32): not
// Engaged, Guarding, Pursuing or Dead.
func asked(m Mode) bool {
	switch m {
	case Posted, Returning, Investigating, Rallying, Alert, Engaging:
		return true
	}
	return false
}

// vision is the enemy's vision now: +4" while Alert (RU-D40).
func (w World) vision(e Enemy) Ticks {
	v := w.Stats[e.ID].Vision
	if e.Mode == Alert {
		v += AlertBonus
	}
	return v
}

// SightQuestion is the sight question (RU-D32, §4.2): a pick-one line per
// enemy that is Posted, Returning, Investigating, Rallying, Alert or
// Engaging, with its vision now; options the free heroes and "none",
// default "none". Empty when nobody is listed or no hero is free.
func SightQuestion(w World, s []Enemy) Question {
	st := begin(w, s)
	q := Question{Kind: "sight"}
	heroes := w.freeHeroes()
	if len(heroes) == 0 {
		return q
	}
	for _, e := range st.es {
		if asked(e.Mode) {
			q.Lines = append(q.Lines, Line{Unit: e.ID, Kind: "sight", Vision: w.vision(e),
				Options: append(slices.Clone(heroes), "none"), Default: "none"})
		}
	}
	q.Lines = linesOut(q.Lines)
	return q
}

// seen is the free hero a sight line names, or "".
func seen(w World, sight map[string]Line, id string) string {
	l, ok := sight[id]
	if !ok || l.Kind != "sight" {
		return ""
	}
	if h := l.Value(); h != "none" && w.free(h) {
		return h
	}
	return ""
}

// RangeQuestion is the in-range question (RU-D44): one line for each
// shooter that sees a hero it may not reach — its vision now (alert
// bonus included) exceeds its firing range. Default "no".
func RangeQuestion(w World, s []Enemy, sight Question) Question {
	st := begin(w, s)
	sa := answers(sight)
	q := Question{Kind: "in-range"}
	for _, e := range st.es {
		h := seen(w, sa, e.ID)
		stats := w.Stats[e.ID]
		if h == "" || !asked(e.Mode) || !stats.Shooter() || w.vision(e) <= stats.FiringRange() {
			continue
		}
		q.Lines = append(q.Lines, Line{Unit: e.ID, Kind: "in-range", Target: h, Dist: stats.FiringRange(), Default: "no"})
	}
	q.Lines = linesOut(q.Lines)
	return q
}

// Movement gives the movement orders from the answered sight and in-range
// questions and the modes (§4.3), and the results question: one yes/no
// line per enemy that moved (contact, vantage, search, arrived-rally,
// arrived-post, arrived-guard, range; RU-D47, RU-D62). An enemy that sees
// a hero charges it (`engage`) or, a shooter, shoots it from where it
// stands (no order card) or closes in (`close-in`); an enemy that does
// not move gets no order (RU-D47). The first move away from the post is
// preceded by `post-marker` (RU-D37).
func Movement(w World, s []Enemy, sight, inRange Question) ([]Enemy, []Order, Question) {
	st := begin(w, s)
	sa, ra := answers(sight), answers(inRange)
	var res []Line
	for i := range st.es {
		e := &st.es[i]
		if h := seen(w, sa, e.ID); h != "" && asked(e.Mode) {
			res = st.charge(e, h, ra, res)
			continue
		}
		switch e.Mode {
		case Engaging: // it sees no hero: it gives up (RU-D43)
			st.sendBack(e, NoiseRate)
			if e.Mode == Returning {
				res = st.walkBack(e, res)
			}
		case Returning:
			res = st.walkBack(e, res)
		case Investigating:
			st.leavePost(e)
			if h, ok := strings.CutPrefix(e.Site, SearchPrefix); ok {
				st.order(Order{Enemy: e.ID, Template: "search", Hero: h, Dist: NoiseRate})
				res = append(res, Line{Unit: e.ID, Kind: "search", Target: h, Default: "no"})
			} else {
				st.order(Order{Enemy: e.ID, Template: "investigate", Other: e.Site, Dist: NoiseRate})
				res = append(res, Line{Unit: e.ID, Kind: "vantage", Target: e.Site, Default: "no"})
			}
		case Rallying:
			if e.HoldRound == 0 {
				st.leavePost(e)
				t := "rally"
				if e.Body {
					t = "rally-body"
				}
				st.order(Order{Enemy: e.ID, Template: t, Other: e.Target, Dist: w.Stats[e.ID].Move})
				res = append(res, Line{Unit: e.ID, Kind: "arrived-rally", Target: e.Target, Dist: EngageReach, Default: "no"})
			}
		case Pursuing:
			if e.TurnsLeft > 0 && w.free(e.Target) {
				st.leavePost(e)
				st.order(Order{Enemy: e.ID, Template: "pursue", Hero: e.Target, Dist: PursuitRate})
				res = append(res, Line{Unit: e.ID, Kind: "contact", Target: e.Target, Dist: EngageReach, Default: "no"})
			}
		case Guarding:
			if !e.GuardIn {
				st.leavePost(e)
				st.order(Order{Enemy: e.ID, Template: "guard-go", Hero: e.Target, Dist: w.Stats[e.ID].Move})
				res = append(res, Line{Unit: e.ID, Kind: "arrived-guard", Target: e.Target, Dist: EngageReach, Default: "no"})
			}
		}
	}
	return st.out(), st.ordersOut(), Question{Kind: "results", Lines: linesOut(res)}
}

// walkBack is a Returning enemy's move: `give-up` first after a pursuit
// (RU-D42), else `return`, at its rate; then its arrived-post line.
func (st *state) walkBack(e *Enemy, res []Line) []Line {
	t := "return"
	if e.Prior == Pursuing {
		t, e.Prior = "give-up", Posted
	}
	st.order(Order{Enemy: e.ID, Template: t, Dist: e.Rate})
	return append(res, Line{Unit: e.ID, Kind: "arrived-post", Default: "no"})
}

// charge: e sees hero h at the sighting check (RU-D32): Engaging(h). A
// melee enemy charges up to its card movement; a shooter within range
// shoots in the combat phase without moving, else closes in and its range
// line follows (RU-D44).
func (st *state) charge(e *Enemy, h string, ra map[string]Line, res []Line) []Line {
	stats := st.w.Stats[e.ID]
	v := st.w.vision(*e)
	e.reset(Engaging)
	e.Target = h
	if stats.Shooter() {
		r := stats.FiringRange()
		if l, ok := ra[e.ID]; v <= r || (ok && l.Kind == "in-range" && l.Target == h && l.Yes()) {
			e.ShootRound = st.w.Round
			return res
		}
		st.leavePost(e)
		st.order(Order{Enemy: e.ID, Template: "close-in", Hero: h, Dist: stats.Move, Range: r})
		return append(res, Line{Unit: e.ID, Kind: "range", Target: h, Dist: r, Default: "no"})
	}
	st.leavePost(e)
	st.order(Order{Enemy: e.ID, Template: "engage", Hero: h, Dist: stats.Move})
	return append(res, Line{Unit: e.ID, Kind: "contact", Target: h, Dist: EngageReach, Default: "no"})
}

// NearestQuestion asks, for each investigator whose vantage line was
// answered yes and whose site has several free heroes, which of them is
// nearest (RU-D35): pick one, no "none", default the hero engaged first.
func NearestQuestion(w World, s []Enemy, results Question) Question {
	st := begin(w, s)
	q := Question{Kind: "nearest"}
	for _, l := range results.Lines {
		e := st.find(l.Unit)
		if l.Kind != "vantage" || !l.Yes() || e == nil || e.Mode != Investigating {
			continue
		}
		if hs := w.siteHeroes(l.Target); len(hs) > 1 {
			q.Lines = append(q.Lines, Line{Unit: l.Unit, Kind: "nearest", Target: l.Target, Options: hs, Default: hs[0]})
		}
	}
	q.Lines = linesOut(q.Lines)
	return q
}

// siteHeroes lists the free heroes of a site in engagement order.
func (w World) siteHeroes(id string) []string {
	si, _ := w.site(id)
	var out []string
	for _, h := range si.Heroes {
		if w.free(h) && !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	return out
}

// AfterMovement applies the answered results question (and the nearest
// picks): contacts engage (the engagements are returned for the engine's
// pairs), a pursuit without contact counts down and gives up at 0
// (RU-D42), arrivals hold, stand at the post or guard, a range line lets
// a shooter shoot. An investigator that sees its fight (or its shooter)
// turns Engaging on its hero and continues with the rest of its card
// movement after the 2" step (`investigate-see`, `search-see`; a shooter
// `close-in`), only when that rest is above 0 (RU-D35, RU-D60); their
// contact or range lines make the second results question.
func AfterMovement(w World, s []Enemy, results, nearest Question) ([]Enemy, []Order, []Engagement, Question) {
	st := begin(w, s)
	na := answers(nearest)
	var res []Line
	var eng []Engagement
	for _, l := range results.Lines {
		e := st.find(l.Unit)
		if e == nil || e.Mode == Dead {
			continue
		}
		switch l.Kind {
		case "vantage", "search":
			if !l.Yes() || e.Mode != Investigating {
				continue
			}
			var h string
			if l.Kind == "search" {
				h, _ = strings.CutPrefix(e.Site, SearchPrefix)
				if !w.free(h) {
					continue
				}
			} else {
				hs := w.siteHeroes(e.Site)
				if len(hs) == 0 {
					continue
				}
				h = hs[0]
				if p, ok := na[e.ID]; ok && p.Kind == "nearest" && slices.Contains(hs, p.Value()) {
					h = p.Value()
				}
			}
			res = st.continueTo(e, h, l.Kind == "search", res)
		default:
			eng = st.result(e, l, eng)
		}
	}
	return st.out(), st.ordersOut(), eng, Question{Kind: "results", Lines: linesOut(res)}
}

// continueTo: investigator e saw its fight or shooter; it goes for hero h
// with the rest of its movement (RU-D35, RU-D39b, RU-D44, RU-D60).
func (st *state) continueTo(e *Enemy, h string, search bool, res []Line) []Line {
	stats := st.w.Stats[e.ID]
	rest := stats.Move - NoiseRate
	e.reset(Engaging)
	e.Target = h
	if rest <= 0 {
		return res
	}
	if stats.Shooter() {
		r := stats.FiringRange()
		st.order(Order{Enemy: e.ID, Template: "close-in", Hero: h, Dist: rest, Range: r})
		return append(res, Line{Unit: e.ID, Kind: "range", Target: h, Dist: r, Default: "no"})
	}
	t := "investigate-see"
	if search {
		t = "search-see"
	}
	st.order(Order{Enemy: e.ID, Template: t, Hero: h, Dist: rest})
	return append(res, Line{Unit: e.ID, Kind: "contact", Target: h, Dist: EngageReach, Default: "no"})
}

// result applies one contact, arrived or range line.
func (st *state) result(e *Enemy, l Line, eng []Engagement) []Engagement {
	yes := l.Yes()
	switch l.Kind {
	case "contact":
		if (e.Mode != Engaging && e.Mode != Pursuing) || e.Target != l.Target {
			return eng
		}
		if yes && st.w.free(l.Target) {
			e.reset(Engaged)
			return append(eng, Engagement{Hero: l.Target, Enemy: e.ID})
		}
		if !yes && e.Mode == Pursuing {
			e.TurnsLeft--
			if e.TurnsLeft <= 0 {
				st.giveUp(e) // at once (RU-D42)
			}
		}
	case "arrived-rally":
		if yes && e.Mode == Rallying && e.HoldRound == 0 {
			e.HoldRound = st.w.Round + 1
			if e.Shooter != "" && st.w.free(e.Shooter) {
				st.order(Order{Enemy: e.ID, Template: "rally-face", Hero: e.Shooter})
			}
		}
	case "arrived-post":
		if yes && e.Mode == Returning {
			e.reset(Posted)
			e.OffPost = false
		}
	case "arrived-guard":
		if yes && e.Mode == Guarding {
			e.GuardIn = true
		}
	case "range":
		if yes && e.Mode == Engaging && e.Target == l.Target {
			e.ShootRound = st.w.Round
		}
	}
	return eng
}

// AfterContinuation applies the second results question (the contact and
// range lines of the continuations): contact yes engages, range yes
// shoots; no leaves the enemy Engaging (RU-D35).
func AfterContinuation(w World, s []Enemy, results Question) ([]Enemy, []Engagement) {
	st := begin(w, s)
	var eng []Engagement
	for _, l := range results.Lines {
		if e := st.find(l.Unit); e != nil && e.Mode != Dead {
			eng = st.result(e, l, eng)
		}
	}
	return st.out(), eng
}

// Combat lists the enemy attacks of the combat phase, in id order
// (RU-D47). An enemy engaged with free heroes attacks with its close
// dice the one with the fewest hit points, ties to the one it was engaged
// with first (RU-D45); with no close dice it does not attack. A shooter
// Engaging a free hero it is within range of, and not engaged, shoots it
// with its ranged dice (RU-D44).
func Combat(w World, s []Enemy) []AttackOrder {
	st := begin(w, s)
	var out []AttackOrder
	for _, e := range st.es {
		if e.Mode == Dead {
			continue
		}
		stats := w.Stats[e.ID]
		if hs := w.engagedWith(e.ID); len(hs) > 0 {
			if !stats.Close || stats.CloseN <= 0 {
				continue
			}
			best, bestHP := "", 0
			for _, h := range hs {
				hero, _ := w.hero(h)
				if best == "" || hero.HP < bestHP {
					best, bestHP = h, hero.HP
				}
			}
			out = append(out, AttackOrder{Enemy: e.ID, Hero: best, N: stats.CloseN, Hit: stats.CloseHit})
			continue
		}
		if e.Mode == Engaging && e.ShootRound == w.Round && w.free(e.Target) && stats.Shooter() {
			out = append(out, AttackOrder{Enemy: e.ID, Hero: e.Target, Ranged: true, N: stats.RangedN, Hit: stats.RangedHit})
		}
	}
	return out
}

// EndEnemyTurn ends the enemy turn of w.Round (§4.6 step 1): alerts with
// AlertUntil ≤ w.Round end — an enemy that was Posted turns back to its
// post facing (`post-facing`), any other resumes its prior mode (RU-D40);
// rallies that held this turn (HoldRound ≤ w.Round) return at 2"
// (RU-D39a), or are Posted at once with no marker out (RU-D37).
func EndEnemyTurn(w World, s []Enemy) ([]Enemy, []Order) {
	st := begin(w, s)
	for i := range st.es {
		e := &st.es[i]
		if e.Mode == Alert && e.AlertUntil <= w.Round {
			if e.Prior == Posted {
				e.reset(Posted)
				st.order(Order{Enemy: e.ID, Template: "post-facing"})
			} else {
				e.Mode, e.Prior, e.AlertUntil = e.Prior, Posted, 0
			}
		}
		if e.Mode == Rallying && e.HoldRound != 0 && e.HoldRound <= w.Round {
			st.sendBack(e, NoiseRate)
		}
	}
	return st.out(), st.ordersOut()
}
