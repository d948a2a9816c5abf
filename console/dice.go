package console

import (
	"fmt"
	"math/rand/v2"
)

// Dice is a game's one source of randomness: a PCG generator seeded when the
// game is created. Its state travels in events (Event.Dice) and snapshots so
// a replay restores it without rolling. Dice is not safe for concurrent use;
// the Session serialises access.
type Dice struct {
	pcg   *rand.PCG
	rng   *rand.Rand
	rolls int
}

// NewDice returns dice seeded from a game seed.
func NewDice(seed uint64) *Dice {
	p := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	return &Dice{pcg: p, rng: rand.New(p)}
}

// RestoreDice returns dice in a state saved by Marshal.
func RestoreDice(b []byte) (*Dice, error) {
	p := &rand.PCG{}
	if err := p.UnmarshalBinary(b); err != nil {
		return nil, fmt.Errorf("restore dice: %w", err)
	}
	return &Dice{pcg: p, rng: rand.New(p)}, nil
}

// Marshal returns the generator's state.
func (d *Dice) Marshal() []byte {
	b, err := d.pcg.MarshalBinary()
	if err != nil { // PCG.MarshalBinary cannot fail
		panic(err)
	}
	return b
}

// Roll returns a uniform number from 1 to sides (a d6, d20, d100 …).
func (d *Dice) Roll(sides int) int {
	if sides < 1 {
		panic(fmt.Sprintf("dice: roll of a %d-sided die", sides))
	}
	d.rolls++
	return d.rng.IntN(sides) + 1
}

// IntN returns a uniform number in [0, n), for choices among n options.
func (d *Dice) IntN(n int) int {
	if n < 1 {
		panic(fmt.Sprintf("dice: choice among %d options", n))
	}
	d.rolls++
	return d.rng.IntN(n)
}

// Percent reports whether a roll of d100 comes up at or under pct.
func (d *Dice) Percent(pct int) bool { return d.Roll(100) <= pct }

// Shuffle permutes n items through swap, as math/rand's Shuffle.
func (d *Dice) Shuffle(n int, swap func(i, j int)) {
	d.rolls++
	d.rng.Shuffle(n, swap)
}

// Rolls counts the draws taken since the dice were made or restored; the
// Session uses it to know whether a command rolled.
func (d *Dice) Rolls() int { return d.rolls }
