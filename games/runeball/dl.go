package runeball

import (
	"fmt"

	"github.com/commandconsole/commandconsole/games/runeball/data"
	"github.com/commandconsole/commandconsole/games/runeball/field"
)

// Difficulty levels the passing and kicking flows will use (RB-F77,
// RB-F78, RB-F82, RB-F88, RB-D46, RB-D51), as pure functions of the cells:
// every "adjacent defender" counts a standing opponent next to the thrower
// (or catcher), +2 if it is "in front" — strictly closer to the target —
// else +1 (RB-D46: 2, not 1 + 2).

// pressure counts the standing opponents next to c: in front of target
// (2 each) or not (1 each), with the per-defender costs given.
func pressure(c, target field.Cell, opponents []field.Cell, perAdjacent, perInFront int) (n, inFront, add int) {
	for _, o := range opponents {
		if !field.Adjacent(o, c) {
			continue
		}
		n++
		if field.InFront(o, c, target) {
			inFront++
			add += perInFront
		} else {
			add += perAdjacent
		}
	}
	return n, inFront, add
}

// PassDL is the DL of a pass from passer to receiver with the standing
// defenders on opponents (RB-F77, RB-F78): the range's DL plus 1 per
// adjacent defender, 2 per adjacent defender in front. A range outside
// 2–18 is refused with the §2.7 wording.
func PassDL(tb data.Tables, passer, receiver field.Cell, opponents []field.Cell) (int, error) {
	r := field.Distance(passer, receiver)
	lo, hi := tb.Constants.Int("pass_min_range"), tb.Constants.Int("pass_max_range")
	if r < lo {
		return 0, fmt.Errorf("range %d: hand off to an adjacent teammate (l. 232)", r)
	}
	if r > hi {
		return 0, fmt.Errorf("range %d is beyond the longest pass, %d (l. 240)", r, hi)
	}
	dl, ok := tb.PassDL.For(r)
	if !ok {
		return 0, fmt.Errorf("no pass DL for range %d", r)
	}
	_, _, add := pressure(passer, receiver, opponents, tb.Constants.Int("per_adjacent_defender_pass"), tb.Constants.Int("per_adjacent_defender_in_front_pass"))
	return dl + add, nil
}

// FieldGoalDL is the DL of a field goal from kicker at post (RB-F88,
// RB-D53): 6 + the distance, plus 1 per adjacent opponent, 2 per adjacent
// opponent in front (toward the post).
func FieldGoalDL(tb data.Tables, kicker, post field.Cell, opponents []field.Cell) int {
	_, _, add := pressure(kicker, post, opponents, tb.Constants.Int("per_adjacent_opponent_field_goal"), tb.Constants.Int("per_adjacent_opponent_in_front_field_goal"))
	return tb.Constants.Int("field_goal_dl_base") + field.Distance(kicker, post) + add
}

// CatchDL is a catch's DL: the base (the pass row's, 8 for a kickoff or a
// handoff) plus 2 per standing opponent next to the catcher (RB-F82,
// RB-D51).
func CatchDL(tb data.Tables, base int, catcher field.Cell, opponents []field.Cell) int {
	n := 0
	for _, o := range opponents {
		if field.Adjacent(o, catcher) {
			n++
		}
	}
	return base + tb.Constants.Int("per_adjacent_defender_catch")*n
}
