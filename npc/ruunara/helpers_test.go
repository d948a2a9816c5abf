package ruunara

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The test cards of SPEC §5 "Test fixtures" (never game data, RU-D9).
var (
	saarok  = Stats{Move: 50, Vision: 60, Close: true, CloseN: 2, CloseHit: 4}
	tough   = Stats{Move: 50, Vision: 60, Close: true, CloseN: 1, CloseHit: 6}
	archer  = Stats{Move: 50, Vision: 80, Close: true, CloseN: 1, CloseHit: 5, Ranged: true, RangedN: 2, RangedHit: 4}
	crawler = Stats{Move: 15, Vision: 60, Close: true, CloseN: 2, CloseHit: 4}
)

// game drives the AI as the engine would, with scripted answers, and
// keeps a log for the goldens.
type game struct {
	t   testing.TB
	w   World
	s   []Enemy
	log strings.Builder
	// last holds the orders of the last step, inches, "template: text".
	last []string
	// attacks are the last Combat's attacks.
	attacks []AttackOrder
	// qs are the questions of the last step, as asked (unanswered).
	qs []Question
}

// newGame: H1 Naali, H2 Graam, H3 Tarok; enemies E1…En saarok, Posted;
// round 1.
func newGame(t testing.TB, n int) *game {
	g := &game{t: t, w: World{Round: 1, Stats: map[string]Stats{}, Names: map[string]string{"H1": "Naali", "H2": "Graam", "H3": "Tarok"}}}
	g.w.Heroes = []Hero{{ID: "H1", Name: "Naali", HP: 10, Free: true}, {ID: "H2", Name: "Graam", HP: 8, Free: true}, {ID: "H3", Name: "Tarok", HP: 12, Free: true}}
	for i := 1; i <= n; i++ {
		g.add(fmt.Sprintf("E%d", i), saarok)
	}
	return g
}

func (g *game) add(id string, st Stats) {
	g.w.Stats[id] = st
	g.s = append(g.s, Enemy{ID: id, Card: "saarok"})
}

func (g *game) e(id string) Enemy {
	for _, e := range g.s {
		if e.ID == id {
			return e
		}
	}
	g.t.Fatalf("no enemy %s", id)
	return Enemy{}
}

func (g *game) set(e Enemy) {
	for i := range g.s {
		if g.s[i].ID == e.ID {
			g.s[i] = e
		}
	}
}

func (g *game) hero(id string) *Hero {
	for i := range g.w.Heroes {
		if g.w.Heroes[i].ID == id {
			return &g.w.Heroes[i]
		}
	}
	g.t.Fatalf("no hero %s", id)
	return nil
}

func (g *game) printf(format string, a ...any) { fmt.Fprintf(&g.log, format, a...) }

// orders records a step's orders in both units.
func (g *game) orders(step string, os []Order) {
	g.last = nil
	for _, o := range os {
		g.last = append(g.last, o.Template+": "+o.Text(g.w, Inches))
		g.printf("  order %s %s\n    in: %s\n    cm: %s\n", o.Enemy, o.Template, o.Text(g.w, Inches), o.Text(g.w, Centimetres))
	}
	_ = step
}

// ask records a question, then answers it: tick lists by the ticked
// units, pick-one lines by picks.
func (g *game) ask(q Question, ticked []string, picks map[string]string) Question {
	g.qs = append(g.qs, q)
	if q.Empty() {
		g.printf("  (%s question empty: not asked)\n", q.Kind)
		return q
	}
	q.Lines = slices.Clone(q.Lines)
	g.printf("  question %s\n    in: %s\n    cm: %s\n", q.Kind, q.Text(g.w, Inches), q.Text(g.w, Centimetres))
	for i, l := range q.Lines {
		switch {
		case picks != nil:
			if p, ok := picks[l.Unit]; ok {
				l.Answer = p
			}
		case slices.Contains(ticked, l.Unit):
			l.Answer = "yes"
		default:
			l.Answer = "no"
		}
		q.Lines[i] = l
		g.printf("    %s %s: %q default %s → %s\n", l.Unit, l.Kind, l.Text(g.w, Inches), l.Default, l.Value())
	}
	return q
}

func (g *game) modes() {
	var b []string
	for _, e := range g.s {
		b = append(b, describe(e))
	}
	g.printf("  modes: %s\n", strings.Join(b, "; "))
}

// describe is an enemy's state in one phrase.
func describe(e Enemy) string {
	s := e.ID + " " + e.Mode.String()
	if e.Target != "" {
		s += " " + e.Target
	}
	if e.Site != "" {
		s += " @" + e.Site
	}
	if e.Mode == Alert || (e.Mode == Engaged && e.Prior == Guarding) || (e.Mode == Returning && e.Prior == Pursuing) {
		s += " prior=" + e.Prior.String()
	}
	if e.Rate != 0 {
		s += fmt.Sprintf(" rate=%d", e.Rate)
	}
	if e.TurnsLeft != 0 {
		s += fmt.Sprintf(" turns=%d", e.TurnsLeft)
	}
	if e.HoldRound != 0 {
		s += fmt.Sprintf(" hold=%d", e.HoldRound)
	}
	if e.AlertUntil != 0 {
		s += fmt.Sprintf(" until=%d", e.AlertUntil)
	}
	if e.Shooter != "" {
		s += " shooter=" + e.Shooter
	}
	if e.Body {
		s += " body"
	}
	if e.GuardIn {
		s += " in"
	}
	if e.OffPost {
		s += " marker"
	}
	return s
}

// step starts a logged step and clears the last questions.
func (g *game) step(format string, a ...any) {
	g.qs = nil
	g.printf("round %d: %s\n", g.w.Round, fmt.Sprintf(format, a...))
}

// engage: hero engages enemies (declared by the players).
func (g *game) engage(hero string, enemies ...string) {
	g.step("%s engages %s", hero, strings.Join(enemies, ", "))
	for _, e := range enemies {
		g.w.Pairs = append(g.w.Pairs, Pair{Hero: hero, Enemy: e})
	}
	g.s = OnHeroEngages(g.w, g.s, hero, enemies)
	g.modes()
}

// site sets or replaces a fight site.
func (g *game) site(s Site) {
	for i := range g.w.Sites {
		if g.w.Sites[i].ID == s.ID {
			g.w.Sites[i] = s
			return
		}
	}
	g.w.Sites = append(g.w.Sites, s)
}

// over marks sites over (and every other not).
func (g *game) over(ids ...string) {
	for i := range g.w.Sites {
		g.w.Sites[i].Over = slices.Contains(ids, g.w.Sites[i].ID)
	}
}

// noise asks the noise question of a site and ticks.
func (g *game) noise(site string, ticked ...string) {
	g.step("noise at %s", site)
	q := g.ask(NoiseQuestion(g.w, g.s, site), ticked, nil)
	var o []Order
	g.s, o = OnNoiseAnswer(g.w, g.s, site, q)
	g.orders("noise", o)
	g.modes()
}

// shot: shooter made a ranged attack on target; the group ticks.
func (g *game) shot(target, shooter string, survived bool, ticked ...string) {
	g.step("%s shoots %s (survived %v)", shooter, target, survived)
	s, o, q := OnRangedAttack(g.w, g.s, target, shooter, survived)
	g.s = s
	all := slices.Clone(o)
	q = g.ask(q, ticked, nil)
	s, o = OnGroupAnswer(g.w, g.s, GroupEvent{X: target, Shooter: shooter}, q)
	g.s = s
	g.orders("shot", append(all, o...))
	g.modes()
}

// instant: victim killed instantly; the group ticks.
func (g *game) instant(victim, shooter string, ticked ...string) {
	g.step("%s kills %s instantly", shooter, victim)
	s, o, q := OnInstantKill(g.w, g.s, victim, shooter)
	g.s = s
	all := slices.Clone(o)
	q = g.ask(q, ticked, nil)
	s, o = OnGroupAnswer(g.w, g.s, GroupEvent{X: victim, Shooter: shooter, Instant: true}, q)
	g.s = s
	g.orders("instant", append(all, o...))
	g.modes()
}

func (g *game) dropPairs(pred func(Pair) bool) {
	g.w.Pairs = slices.DeleteFunc(slices.Clone(g.w.Pairs), pred)
}

// flee: hero flees; its pairs end.
func (g *game) flee(hero string) {
	g.step("%s flees", hero)
	g.dropPairs(func(p Pair) bool { return p.Hero == hero })
	var o []Order
	g.s, o = OnFlee(g.w, g.s, hero)
	g.orders("flee", o)
	g.modes()
}

// kill: an enemy dies (ordinary damage).
func (g *game) kill(id string) {
	g.step("%s dies", id)
	g.dropPairs(func(p Pair) bool { return p.Enemy == id })
	g.s = OnRemoved(g.w, g.s, id)
	g.modes()
}

// capture: hero captured by captors.
func (g *game) capture(hero string, ranged bool, captors ...string) {
	g.step("%s captured by %s (ranged %v)", hero, strings.Join(captors, ", "), ranged)
	g.hero(hero).Free = false
	g.dropPairs(func(p Pair) bool { return p.Hero == hero })
	var o []Order
	g.s, o = OnCapture(g.w, g.s, hero, captors, ranged)
	g.orders("capture", o)
	g.modes()
}

// free: the captive is freed (its last captor died).
func (g *game) free(hero string) {
	g.step("%s freed", hero)
	g.hero(hero).Free = true
}

// execute: hero executed (captivity or close combat).
func (g *game) execute(hero string) {
	g.step("%s executed", hero)
	g.hero(hero).Free = false
	g.dropPairs(func(p Pair) bool { return p.Hero == hero })
	var o []Order
	g.s, o = OnExecution(g.w, g.s, hero)
	g.orders("execution", o)
	g.modes()
}

// script is the players' answers for one enemy turn.
type script struct {
	sight    map[string]string
	inRange  []string
	results  []string
	nearest  map[string]string
	results2 []string
}

// enemyTurn runs the enemy turn's movement and combat with the script;
// g.last holds every order of the turn, g.attacks the attacks.
func (g *game) enemyTurn(sc script) {
	g.step("enemy turn")
	var all, o []Order
	g.s, o = StartMovement(g.w, g.s)
	all = append(all, o...)
	sq := g.ask(SightQuestion(g.w, g.s), nil, orEmpty(sc.sight))
	rq := g.ask(RangeQuestion(g.w, g.s, sq), sc.inRange, nil)
	var res Question
	g.s, o, res = Movement(g.w, g.s, sq, rq)
	all = append(all, o...)
	g.orders("movement", all)
	before := g.last
	res = g.ask(res, sc.results, nil)
	nq := g.ask(NearestQuestion(g.w, g.s, res), nil, orEmpty(sc.nearest))
	var eng, eng2 []Engagement
	var res2 Question
	g.s, o, eng, res2 = AfterMovement(g.w, g.s, res, nq)
	g.orders("after movement", o)
	before = append(before, g.last...)
	res2 = g.ask(res2, sc.results2, nil)
	g.s, eng2 = AfterContinuation(g.w, g.s, res2)
	g.last = before
	for _, p := range append(eng, eng2...) {
		g.printf("  engaged %s–%s\n", p.Enemy, p.Hero)
		g.w.Pairs = append(g.w.Pairs, p)
	}
	g.attacks = Combat(g.w, g.s)
	for _, a := range g.attacks {
		o := a.Order()
		g.printf("  attack %s\n    in: %s\n    cm: %s\n", a.Enemy, o.Text(g.w, Inches), o.Text(g.w, Centimetres))
		g.last = append(g.last, o.Template+": "+o.Text(g.w, Inches))
	}
	g.modes()
}

func orEmpty(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

// end ends the enemy turn and the round.
func (g *game) end() {
	g.step("end of the enemy turn")
	var o []Order
	g.s, o = EndEnemyTurn(g.w, g.s)
	g.orders("end", o)
	g.modes()
	g.w.Round++
}

// wantModes checks enemies' descriptions.
func (g *game) want(t *testing.T, what string, want ...string) {
	t.Helper()
	for _, w := range want {
		id, _, _ := strings.Cut(w, " ")
		if got := describe(g.e(id)); got != w {
			t.Errorf("%s: %s, want %s", what, got, w)
		}
	}
}

// wantOrders checks the last step's orders exactly.
func (g *game) wantOrders(t *testing.T, what string, want ...string) {
	t.Helper()
	if !slices.Equal(g.last, want) {
		t.Errorf("%s: orders\n  %s\nwant\n  %s", what, strings.Join(g.last, "\n  "), strings.Join(want, "\n  "))
	}
}

// lines lists a question's lines as "E4 vantage E1 default=no".
func lines(q Question) []string {
	var out []string
	for _, l := range q.Lines {
		s := l.Unit + " " + l.Kind
		if l.Target != "" {
			s += " " + l.Target
		}
		out = append(out, s+" default="+l.Default)
	}
	return out
}

// question returns the last step's question of kind (the first one).
func (g *game) question(kind string) Question {
	for _, q := range g.qs {
		if q.Kind == kind {
			return q
		}
	}
	return Question{Kind: kind}
}

func (g *game) wantLines(t *testing.T, what, kind string, want ...string) {
	t.Helper()
	if got := lines(g.question(kind)); !slices.Equal(got, want) {
		t.Errorf("%s: %s lines %q, want %q", what, kind, got, want)
	}
}

// nth returns the n-th (0-based) question of kind of the last step.
func (g *game) nth(kind string, n int) Question {
	for _, q := range g.qs {
		if q.Kind == kind {
			if n == 0 {
				return q
			}
			n--
		}
	}
	return Question{Kind: kind}
}
