package runeball

// Skill tests (RB-D1) and the exertion question (RB-D29, SPEC.md §2.6), as
// pure functions the kickoff, catches, recoveries, passes and field goals
// will share.

// Test is one uncontested skill test: d12 + effective skill + modifiers
// against a difficulty level.
type Test struct {
	D12   int // the die, 1–12
	Skill int // the effective skill (base − Bruises − 2 when blitzing)
	Mods  int // the flow's other modifiers
	DL    int // the difficulty level
}

// Total is d12 + skill + modifiers.
func (t Test) Total() int { return t.D12 + t.Skill + t.Mods }

// Margin is total − DL: "succeeds by N" is N ≥ 0, "fails by N" is −N
// (RB-D1).
func (t Test) Margin() int { return t.Total() - t.DL }

// Succeeds reports a margin of 0 or more.
func (t Test) Succeeds() bool { return t.Margin() >= 0 }

// plainRow is the row of a test with no table: success or failure.
func plainRow(margin int) int {
	if margin >= 0 {
		return 1
	}
	return 0
}

// ExertCanChange reports whether spending 1 or 2 Exertion after the roll
// would put the test in another row of the table that applies (rowOf
// numbers the rows; nil for a plain success/failure test). The app asks
// for exertion only then (RB-D29, §2.6).
func ExertCanChange(t Test, rowOf func(margin int) int) bool {
	if rowOf == nil {
		rowOf = plainRow
	}
	m := t.Margin()
	here := rowOf(m)
	return rowOf(m+1) != here || rowOf(m+2) != here
}
