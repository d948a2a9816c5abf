package field

import "fmt"

// PathProblem names what is geometrically wrong with a move path (Flow M).
type PathProblem uint8

// The problems CheckPath reports. The order of checks is §2.7's for `move`:
// for each step in turn, adjacent, on the field, free (the caller's test);
// then, over the whole path, the half-hex rule.
const (
	// PathEmpty: the path has no cells.
	PathEmpty PathProblem = iota + 1
	// PathNotAdjacent: From → To is not a step between adjacent hexes.
	PathNotAdjacent
	// PathOffField: To is off the field (leaving it is `run-off`, RB-D45).
	PathOffField
	// PathHalfHex: To is a second half-hex in the move action; From is the
	// first one (RB-F22, RB-D13).
	PathHalfHex
)

// PathError is CheckPath's refusal. Its Error text has no subject, so that
// the engine can put the player in front or build its own sentence from the
// fields (§2.7, `move`).
type PathError struct {
	Problem PathProblem
	// Index is the position in the path of the offending cell (0 for
	// PathEmpty).
	Index int
	// From and To: for PathNotAdjacent the step; for PathOffField To is the
	// cell; for PathHalfHex From is the half-hex used first and To the
	// second.
	From, To Cell
}

// Error says what is wrong, in the words of §2.7: "13:3 → 13:7 is not a step
// between adjacent hexes", "0:16 is off the field (use run-off)", "only one
// half-hex may be used in a move (l. 40): 13:1 and 15:1", "the path is
// empty".
func (e *PathError) Error() string {
	switch e.Problem {
	case PathEmpty:
		return "the path is empty"
	case PathNotAdjacent:
		return fmt.Sprintf("%s → %s is not a step between adjacent hexes", e.From, e.To)
	case PathOffField:
		return fmt.Sprintf("%s is off the field (use run-off)", e.To)
	case PathHalfHex:
		return fmt.Sprintf("only one half-hex may be used in a move (l. 40): %s and %s", e.From, e.To)
	}
	return "bad path"
}

// CheckPath checks the geometry of a move path (Flow M; RB-F22, RB-D13)
// walked from the player's cell from: each cell is adjacent to the previous
// one (the first to from), on the field and free by the caller's test, step
// by step; then at most one half-hex is entered in the move action (the
// first second half-hex is reported). usedHalf is the half-hex
// the open move action has already entered (the zero Cell when none):
// starting a move on a half-hex does not count, entering one does, and a
// path may continue an open move action. A path may return to a half-hex it
// has already entered (that is the same half-hex, not a second one).
//
// free, when not nil, is called for each step after its adjacency and
// on-field checks, with the step's index and cell; its error is returned as
// it is (the engine's "18:16 is occupied by A2"). Length and sprint are the
// engine's (they depend on the player).
//
// The result half is the half-hex the move action has used after this path:
// usedHalf if it was set, else the one this path enters, else the zero Cell.
// Errors are *PathError, or free's own.
func CheckPath(from Cell, path []Cell, usedHalf Cell, free func(i int, c Cell) error) (half Cell, err error) {
	if len(path) == 0 {
		return usedHalf, &PathError{Problem: PathEmpty}
	}
	half = usedHalf
	var halfErr *PathError // reported after every step's own checks (§2.7 order)
	prev := from
	for i, c := range path {
		if !Adjacent(prev, c) {
			return usedHalf, &PathError{Problem: PathNotAdjacent, Index: i, From: prev, To: c}
		}
		if !c.Valid() {
			return usedHalf, &PathError{Problem: PathOffField, Index: i, To: c}
		}
		if free != nil {
			if err := free(i, c); err != nil {
				return usedHalf, err
			}
		}
		if c.HalfHex() && halfErr == nil {
			switch {
			case !half.Valid():
				half = c
			case half != c:
				halfErr = &PathError{Problem: PathHalfHex, Index: i, From: half, To: c}
			}
		}
		prev = c
	}
	if halfErr != nil {
		return usedHalf, halfErr
	}
	return half, nil
}
