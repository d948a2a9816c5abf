package roster

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/commandconsole/commandconsole/console"
)

// Rolls are the eight 2d6+4 totals of a new player (RB-F2), in the order
// rolled or entered.
type Rolls [NumRolls]int

// errRolls is roll-stats's refusal for a bad rolls argument (§2.7).
var errRolls = fmt.Errorf("rolls needs %d values from %d to %d (2d6+4)", NumRolls, RollMin, RollMax)

// Roll rolls the stats with the app's dice: 16 d6, paired in order, each
// pair + 4 (RB-F2). It returns the totals and the sixteen d6 (for the
// event that records every die).
func Roll(d *console.Dice) (Rolls, [2 * NumRolls]int) {
	var d6 [2 * NumRolls]int
	for i := range d6 {
		d6[i] = d.Roll(6)
	}
	r, _ := FromDice(d6[:])
	return r, d6
}

// FromDice makes the totals from sixteen physical d6 values, paired in
// order: (d6[0]+d6[1]+4, d6[2]+d6[3]+4, …).
func FromDice(d6 []int) (Rolls, error) {
	if len(d6) != 2*NumRolls {
		return Rolls{}, fmt.Errorf("the stats need %d d6 values (8 × 2d6; got %d)", 2*NumRolls, len(d6))
	}
	var r Rolls
	for i, v := range d6 {
		if v < 1 || v > 6 {
			return Rolls{}, fmt.Errorf("%d is not a d6 result", v)
		}
		r[i/2] += v
	}
	for i := range r {
		r[i] += 4
	}
	return r, nil
}

// NewRolls checks eight totals entered from the table (6–16 each) with
// roll-stats's refusal "rolls needs 8 values from 6 to 16 (2d6+4)".
func NewRolls(vals []int) (Rolls, error) {
	var r Rolls
	if len(vals) != NumRolls {
		return r, errRolls
	}
	for i, v := range vals {
		if v < RollMin || v > RollMax {
			return Rolls{}, errRolls
		}
		r[i] = v
	}
	return r, nil
}

// ParseRolls reads the rolls argument, comma-separated ("16,7,9,…").
func ParseRolls(s string) (Rolls, error) {
	parts := strings.Split(s, ",")
	vals := make([]int, 0, len(parts))
	for _, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return Rolls{}, errRolls
		}
		vals = append(vals, v)
	}
	return NewRolls(vals)
}

// Best returns the seven best totals, highest first, and the dropped one
// (RB-F2: "taking the best seven").
func (r Rolls) Best() (kept [NumStats]int, dropped int) {
	s := r[:]
	s = slices.Clone(s)
	slices.Sort(s)
	slices.Reverse(s)
	copy(kept[:], s)
	return kept, s[NumStats]
}

// String writes the totals comma-separated, in order.
func (r Rolls) String() string { return joinInts(r[:]) }

// Fits reports whether stats are the seven best totals as a multiset, in
// any order (RB-F2, RB-D9).
func (r Rolls) Fits(s Stats) bool {
	kept, _ := r.Best()
	got := s
	slices.Sort(got[:])
	slices.Reverse(got[:])
	return got == kept
}

func joinInts(v []int) string {
	parts := make([]string, len(v))
	for i, n := range v {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
}

// Improvement is the optional +1 step of a rolled player (RB-F3, RB-F4,
// RB-D9): either +1 to two different stats (Raise false: A and B +1), or
// +1 to A and B raised to 8 (Raise true; B must be below 8).
type Improvement struct {
	A, B  Stat
	Raise bool
}

// errImproveForm is improve's refusal for a bad shape (§2.7).
var errImproveForm = errors.New("improve takes two different stats in plus, or one stat in plus and one in raise")

// ParseImprovement reads improve's arguments: plus (one or two stats,
// comma-separated) and raise ("" when absent). The refusals are §2.7's.
func ParseImprovement(plus, raise string) (Improvement, error) {
	var ps []Stat
	if strings.TrimSpace(plus) != "" {
		for _, p := range strings.Split(plus, ",") {
			s, err := ParseStat(p)
			if err != nil {
				return Improvement{}, fmt.Errorf("%w (%v)", errImproveForm, err)
			}
			ps = append(ps, s)
		}
	}
	if strings.TrimSpace(raise) == "" {
		if len(ps) != 2 || ps[0] == ps[1] {
			return Improvement{}, errImproveForm
		}
		return Improvement{A: ps[0], B: ps[1]}, nil
	}
	r, err := ParseStat(raise)
	if err != nil {
		return Improvement{}, fmt.Errorf("%w (%v)", errImproveForm, err)
	}
	if len(ps) != 1 {
		return Improvement{}, errImproveForm
	}
	if ps[0] == r {
		return Improvement{}, errors.New("raise must name a different stat from plus")
	}
	return Improvement{A: ps[0], B: r, Raise: true}, nil
}

// String writes the improvement as its arguments: "plus=mus,spd" or
// "plus=mus raise=wit".
func (m Improvement) String() string {
	if m.Raise {
		return fmt.Sprintf("plus=%s raise=%s", m.A, m.B)
	}
	return fmt.Sprintf("plus=%s,%s", m.A, m.B)
}

// Check refuses an improvement that does not fit stats: the same stat
// twice, or a raise of a stat already at 8 or more ("raise sets a stat
// below 8 to 8: WIT is 10", RB-D9).
func (m Improvement) Check(s Stats) error {
	if m.A < 0 || m.A >= NumStats || m.B < 0 || m.B >= NumStats {
		return errImproveForm
	}
	if m.A == m.B {
		if m.Raise {
			return errors.New("raise must name a different stat from plus")
		}
		return errImproveForm
	}
	if m.Raise && s[m.B] >= ImproveTo {
		return fmt.Errorf("raise sets a stat below %d to %d: %s is %d", ImproveTo, ImproveTo, m.B.Code(), s[m.B])
	}
	return nil
}

// Apply returns stats improved (call Check first): A +1 and B +1, or A +1
// and B set to 8.
func (m Improvement) Apply(s Stats) Stats {
	s[m.A]++
	if m.Raise {
		s[m.B] = ImproveTo
	} else {
		s[m.B]++
	}
	return s
}
