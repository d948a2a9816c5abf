package ruunara

import (
	"slices"
	"strconv"
	"strings"
)

// idCompare orders ids numerically within a prefix: E2 before E10 (RU-D58).
func idCompare(a, b string) int {
	pa, na := splitID(a)
	pb, nb := splitID(b)
	if c := strings.Compare(pa, pb); c != 0 {
		return c
	}
	if na != nb {
		if na < nb {
			return -1
		}
		return 1
	}
	return strings.Compare(a, b)
}

// splitID splits "E10" into "E" and 10 (a missing number is -1).
func splitID(s string) (string, int) {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	if i == len(s) || len(s)-i > 9 {
		return s, -1
	}
	n, _ := strconv.Atoi(s[i:])
	return s[:i], n
}

// state is a working copy of the enemies for one call: the argument is
// never changed; out() returns a new sorted slice.
type state struct {
	w      World
	es     []Enemy
	orders []Order
}

func begin(w World, s []Enemy) *state {
	es := slices.Clone(s)
	slices.SortStableFunc(es, func(a, b Enemy) int { return idCompare(a.ID, b.ID) })
	return &state{w: w, es: es}
}

func (st *state) out() []Enemy { return st.es }

// ordersOut returns the orders sorted by enemy id, each enemy's in the
// order they were given.
func (st *state) ordersOut() []Order {
	o := slices.Clone(st.orders)
	slices.SortStableFunc(o, func(a, b Order) int { return idCompare(a.Enemy, b.Enemy) })
	return o
}

func (st *state) find(id string) *Enemy {
	for i := range st.es {
		if st.es[i].ID == id {
			return &st.es[i]
		}
	}
	return nil
}

func (st *state) order(o Order) { st.orders = append(st.orders, o) }

// hero returns the hero with id.
func (w World) hero(id string) (Hero, bool) {
	for _, h := range w.Heroes {
		if h.ID == id {
			return h, true
		}
	}
	return Hero{}, false
}

// free reports a free hero.
func (w World) free(id string) bool {
	h, ok := w.hero(id)
	return ok && h.Free
}

// freeHeroes lists the free heroes' ids in World order.
func (w World) freeHeroes() []string {
	var out []string
	for _, h := range w.Heroes {
		if h.Free {
			out = append(out, h.ID)
		}
	}
	return out
}

// engagedWith lists the free heroes engaged with enemy e, in pair order.
func (w World) engagedWith(e string) []string {
	var out []string
	for _, p := range w.Pairs {
		if p.Enemy == e && w.free(p.Hero) && !slices.Contains(out, p.Hero) {
			out = append(out, p.Hero)
		}
	}
	return out
}

// site returns the site with id.
func (w World) site(id string) (Site, bool) {
	for _, s := range w.Sites {
		if s.ID == id {
			return s, true
		}
	}
	return Site{}, false
}

// reset clears every mode field but the post marker: the enemy enters m.
func (e *Enemy) reset(m Mode) {
	*e = Enemy{ID: e.ID, Card: e.Card, Mode: m, OffPost: e.OffPost}
}

// sendBack turns e Returning at rate, or Posted at once with the
// `post-facing` order when no post marker is out (RU-D37).
func (st *state) sendBack(e *Enemy, rate Ticks) {
	if !e.OffPost {
		e.reset(Posted)
		st.order(Order{Enemy: e.ID, Template: "post-facing"})
		return
	}
	e.reset(Returning)
	e.Rate = rate
}

// leavePost gives the `post-marker` order before e's first move away from
// its post (RU-D37).
func (st *state) leavePost(e *Enemy) {
	if !e.OffPost {
		st.order(Order{Enemy: e.ID, Template: "post-marker"})
		e.OffPost = true
	}
}

// linesOut sorts question lines by enemy id.
func linesOut(ls []Line) []Line {
	slices.SortStableFunc(ls, func(a, b Line) int { return idCompare(a.Unit, b.Unit) })
	return ls
}

// answers maps each line of q to its value (answer or default) by unit
// and kind.
func answers(q Question) map[string]Line {
	m := make(map[string]Line, len(q.Lines))
	for _, l := range q.Lines {
		m[l.Unit] = l
	}
	return m
}
