package ruunara

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
)

// bytes feeds a fuzz input as small choices; past the end it gives 0.
type bytesrc struct {
	b []byte
	i int
}

func (r *bytesrc) n(max int) int {
	if max <= 0 {
		return 0
	}
	if r.i >= len(r.b) {
		return 0
	}
	v := int(r.b[r.i])
	r.i++
	return v % max
}

func (r *bytesrc) done() bool { return r.i >= len(r.b) }

// checker checks every call: arguments untouched, enemies sorted and
// the same ids, modes valid, the dead stay dead, orders, lines and
// attacks sorted by enemy id.
type checker struct {
	t *testing.T
	w World
	s []Enemy
	// copies taken before the call
	wc World
	sc []Enemy
}

func cloneWorld(w World) World {
	c := w
	c.Heroes = slices.Clone(w.Heroes)
	c.Pairs = slices.Clone(w.Pairs)
	c.Sites = nil
	for _, s := range w.Sites {
		s.Enemies, s.Heroes = slices.Clone(s.Enemies), slices.Clone(s.Heroes)
		c.Sites = append(c.Sites, s)
	}
	return c
}

func (c *checker) before() {
	c.wc, c.sc = cloneWorld(c.w), slices.Clone(c.s)
}

func (c *checker) after(op string, s []Enemy, o []Order, qs ...Question) {
	t := c.t
	t.Helper()
	if !reflect.DeepEqual(c.w.Heroes, c.wc.Heroes) || !reflect.DeepEqual(c.w.Pairs, c.wc.Pairs) || !reflect.DeepEqual(c.w.Sites, c.wc.Sites) || !reflect.DeepEqual(c.s, c.sc) {
		t.Fatalf("%s changed its arguments", op)
	}
	if s != nil {
		if len(s) != len(c.s) {
			t.Fatalf("%s: %d enemies in, %d out", op, len(c.s), len(s))
		}
		for i, e := range s {
			if !e.Mode.Valid() {
				t.Fatalf("%s: %s has mode %d", op, e.ID, e.Mode)
			}
			if i > 0 && idCompare(s[i-1].ID, e.ID) >= 0 {
				t.Fatalf("%s: enemies not sorted: %s before %s", op, s[i-1].ID, e.ID)
			}
			for _, old := range c.s {
				if old.ID == e.ID && old.Mode == Dead && e.Mode != Dead {
					t.Fatalf("%s: dead %s came back as %v", op, e.ID, e.Mode)
				}
			}
		}
		c.s = s
	}
	for i := 1; i < len(o); i++ {
		if idCompare(o[i-1].Enemy, o[i].Enemy) > 0 {
			t.Fatalf("%s: orders not sorted: %s before %s", op, o[i-1].Enemy, o[i].Enemy)
		}
	}
	for _, x := range o {
		_ = x.Text(c.w, Inches)
		_ = x.Text(c.w, Centimetres)
	}
	for _, q := range qs {
		for i, l := range q.Lines {
			if i > 0 && idCompare(q.Lines[i-1].Unit, l.Unit) >= 0 {
				t.Fatalf("%s: %s lines not sorted: %s before %s", op, q.Kind, q.Lines[i-1].Unit, l.Unit)
			}
			_ = l.Text(c.w, Centimetres)
		}
		_ = q.Text(c.w, Inches)
	}
}

// answer fills every line of q at random: yes/no, or one of the options.
func answer(r *bytesrc, q Question) Question {
	q.Lines = slices.Clone(q.Lines)
	for i := range q.Lines {
		l := &q.Lines[i]
		switch {
		case len(l.Options) > 0:
			l.Answer = l.Options[r.n(len(l.Options))]
		case r.n(3) == 1:
			l.Answer = "yes"
		case r.n(2) == 1:
			l.Answer = "no"
		}
	}
	return q
}

// FuzzAI drives random sequences of reactions and enemy turns with random
// answers: no panic, outputs sorted, modes valid, arguments untouched.
func FuzzAI(f *testing.F) {
	f.Add([]byte{0, 1, 2, 9, 0, 0, 0, 10, 3, 1, 9, 1, 1, 1, 1, 1, 10})
	f.Add([]byte{1, 2, 1, 1, 9, 2, 2, 2, 2, 10, 9, 1, 1, 1, 10, 4, 0, 9})
	f.Add([]byte{0, 0, 0, 5, 0, 1, 9, 10, 6, 0, 9, 10, 12, 0, 7, 1, 8, 2})
	f.Add([]byte{2, 0, 3, 0, 3, 1, 11, 9, 3, 3, 3, 3, 3, 10, 9, 10, 9})
	f.Fuzz(runAI)
}

// runAI runs one FuzzAI input.
func runAI(t *testing.T, data []byte) {
	{
		r := &bytesrc{b: data}
		g := newGame(t, 0)
		cards := []Stats{saarok, archer, crawler, tough, {}}
		for i := 1; i <= 6; i++ {
			g.add(fmt.Sprintf("E%d", i), cards[r.n(len(cards))])
		}
		g.add("E10", saarok)
		c := &checker{t: t, s: g.s}
		ids := []string{"E1", "E2", "E3", "E4", "E5", "E6", "E10", "E9"}
		heroes := []string{"H1", "H2", "H3", "H9"}
		enemy := func() string { return ids[r.n(len(ids))] }
		hero := func() string { return heroes[r.n(len(heroes))] }
		setFree := func(h string, free bool) {
			for i := range c.w.Heroes {
				if c.w.Heroes[i].ID == h {
					c.w.Heroes[i].Free = free
				}
			}
		}
		c.w = g.w
		for steps := 0; !r.done() && steps < 200; steps++ {
			c.w.Heroes = slices.Clone(c.w.Heroes)
			c.w.Pairs = slices.Clone(c.w.Pairs)
			c.w.Sites = slices.Clone(c.w.Sites)
			switch r.n(13) {
			case 0:
				h, es := hero(), []string{enemy(), enemy()}
				for _, e := range es {
					c.w.Pairs = append(c.w.Pairs, Pair{Hero: h, Enemy: e})
				}
				c.before()
				c.after("OnHeroEngages", OnHeroEngages(c.w, c.s, h, es), nil)
			case 1, 2:
				x, h := enemy(), hero()
				c.before()
				var s []Enemy
				var o []Order
				var q Question
				ev := GroupEvent{X: x, Shooter: h}
				if r.n(2) == 0 {
					s, o, q = OnRangedAttack(c.w, c.s, x, h, r.n(2) == 0)
				} else {
					s, o, q = OnInstantKill(c.w, c.s, x, h)
					ev.Instant = true
				}
				c.after("shot", s, o, q)
				c.before()
				s, o = OnGroupAnswer(c.w, c.s, ev, answer(r, q))
				c.after("OnGroupAnswer", s, o)
			case 3:
				site := enemy()
				c.w.Sites = append(c.w.Sites, Site{ID: site, Enemies: []string{site, enemy()}, Heroes: []string{hero(), hero()}, LastAttackRound: c.w.Round})
				c.before()
				q := NoiseQuestion(c.w, c.s, site)
				c.after("NoiseQuestion", nil, nil, q)
				c.before()
				s, o := OnNoiseAnswer(c.w, c.s, site, answer(r, q))
				c.after("OnNoiseAnswer", s, o)
			case 4:
				h := hero()
				c.w.Pairs = slices.DeleteFunc(c.w.Pairs, func(p Pair) bool { return p.Hero == h })
				c.before()
				s, o := OnFlee(c.w, c.s, h)
				c.after("OnFlee", s, o)
			case 5:
				h := hero()
				var captors []string
				for _, p := range c.w.Pairs {
					if p.Hero == h {
						captors = append(captors, p.Enemy)
					}
				}
				if len(captors) == 0 {
					captors = []string{enemy()}
				}
				setFree(h, false)
				c.w.Pairs = slices.DeleteFunc(c.w.Pairs, func(p Pair) bool { return p.Hero == h })
				c.before()
				s, o := OnCapture(c.w, c.s, h, captors, r.n(2) == 0)
				c.after("OnCapture", s, o)
			case 6, 8:
				h := hero()
				setFree(h, false)
				c.w.Pairs = slices.DeleteFunc(c.w.Pairs, func(p Pair) bool { return p.Hero == h })
				c.before()
				var s []Enemy
				var o []Order
				if r.n(2) == 0 {
					s, o = OnExecution(c.w, c.s, h)
				} else {
					s, o = OnHeroGone(c.w, c.s, h)
				}
				c.after("hero gone", s, o)
			case 7:
				x := enemy()
				c.w.Pairs = slices.DeleteFunc(c.w.Pairs, func(p Pair) bool { return p.Enemy == x })
				c.before()
				c.after("OnRemoved", OnRemoved(c.w, c.s, x), nil)
			case 9:
				c.before()
				s, o := StartMovement(c.w, c.s)
				c.after("StartMovement", s, o)
				c.before()
				sq := SightQuestion(c.w, c.s)
				c.after("SightQuestion", nil, nil, sq)
				sq = answer(r, sq)
				c.before()
				rq := RangeQuestion(c.w, c.s, sq)
				c.after("RangeQuestion", nil, nil, rq)
				c.before()
				s, o, res := Movement(c.w, c.s, sq, answer(r, rq))
				c.after("Movement", s, o, res)
				res = answer(r, res)
				c.before()
				nq := NearestQuestion(c.w, c.s, res)
				c.after("NearestQuestion", nil, nil, nq)
				c.before()
				s, o, eng, res2 := AfterMovement(c.w, c.s, res, answer(r, nq))
				c.after("AfterMovement", s, o, res2)
				c.before()
				s, eng2 := AfterContinuation(c.w, c.s, answer(r, res2))
				c.after("AfterContinuation", s, nil)
				c.w.Pairs = append(c.w.Pairs, append(eng, eng2...)...)
				c.before()
				a := Combat(c.w, c.s)
				c.after("Combat", nil, nil)
				for i := 1; i < len(a); i++ {
					if idCompare(a[i-1].Enemy, a[i].Enemy) >= 0 {
						t.Fatalf("attacks not sorted: %v", a)
					}
				}
			case 10:
				c.before()
				s, o := EndEnemyTurn(c.w, c.s)
				c.after("EndEnemyTurn", s, o)
				c.w.Round++
			case 11:
				for i := range c.w.Sites {
					c.w.Sites[i].Over = r.n(2) == 0
				}
				c.w.Sites = append(c.w.Sites, Site{ID: SearchSiteID(hero()), Over: r.n(2) == 0})
			case 12:
				setFree(hero(), true)
			}
		}
	}
}

// The functions never change their arguments (also checked by FuzzAI).
func TestArgumentsUntouched(t *testing.T) {
	g := x24(t)
	c := &checker{t: t, w: g.w, s: slices.Clone(g.s)}
	slices.Reverse(c.s) // unsorted input: the output is sorted, the input left alone
	c.before()
	s, o := StartMovement(c.w, c.s)
	c.s = c.sc
	c.after("StartMovement on unsorted input", s, o)
}
