package card

import (
	"fmt"
	"regexp"
	"strconv"
)

// diceLoose is §2's dice pattern `^\s*(\d+)\s*[Dd]\s*([1-6])\s*\+\s*$`
// with any hit score, so that "2D7+" is refused for its score rather than
// for its shape (RU-X1).
var diceLoose = regexp.MustCompile(`^\s*(\d+)\s*[Dd]\s*(\d+)\s*\+\s*$`)

// ParseDice reads the book's dice notation, with or without spaces:
// "3D3+", "2D 4+", " 3 d 3 + " (l. 154, 363; RU-D3, RU-X1). N may be 0
// (no attack of that kind) and at most MaxDice; the hit score is 1–6.
func ParseDice(s string) (Dice, error) {
	m := diceLoose.FindStringSubmatch(s)
	if m == nil {
		return Dice{}, fmt.Errorf("dice must look like 3D3+ or 2D 4+ (got %q)", s)
	}
	hit, err := strconv.Atoi(m[2])
	if err != nil || hit < 1 || hit > 6 {
		return Dice{}, fmt.Errorf("hit score must be 1–6 (got %s)", m[2])
	}
	n, err := strconv.Atoi(m[1])
	if err != nil || n > MaxDice {
		return Dice{}, fmt.Errorf("dice must be at most %d (got %s)", MaxDice, m[1])
	}
	return Dice{N: n, Hit: hit}, nil
}

// String writes the dice as the card prints them: "3D3+".
func (d Dice) String() string { return fmt.Sprintf("%dD%d+", d.N, d.Hit) }

// Successes counts the faces that reach the hit score: each die showing
// Hit or more is one success (l. 285, 319; RU-D3).
func (d Dice) Successes(faces []int) int {
	n := 0
	for _, f := range faces {
		if f >= d.Hit {
			n++
		}
	}
	return n
}

// check refuses dice outside the ranges ParseDice accepts.
func (d Dice) check() error {
	if d.Hit < 1 || d.Hit > 6 {
		return fmt.Errorf("hit score must be 1–6 (got %d)", d.Hit)
	}
	if d.N < 0 || d.N > MaxDice {
		return fmt.Errorf("dice must be 0–%d (got %d)", MaxDice, d.N)
	}
	return nil
}
