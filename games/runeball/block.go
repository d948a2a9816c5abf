package runeball

import (
	"github.com/commandconsole/commandconsole/games/runeball/data"
	"github.com/commandconsole/commandconsole/games/runeball/roster"
)

// The block's outcome (Flow B steps 5–9, RB-F56…RB-F63, RB-D8, RB-D33) as
// a pure function of the margin and the damage die: who takes damage,
// whether it wounds, who goes down, whether the defender is pushed.

// BlockOutcome is what a block's margin and damage do.
type BlockOutcome struct {
	Row data.BlockRow
	// Damage dealt and to whom ("defender", "blocker" or "none").
	DamageTo string
	Damage   int
	// Wound: the damage reaches the victim's wound number (RB-F63).
	Wound bool
	// DefenderDown, BlockerDown: knocked prone (RB-F62, RB-F56).
	DefenderDown, BlockerDown bool
	// Pushed: the defender is knocked back one hex (RB-F59).
	Pushed bool
}

// ResolveBlock reads a block: margin = the blocker's total − the
// defender's; d4 the damage die of whoever deals damage (ignored for a
// Weak dealer, RB-F71); mus and weak the dealer's Muscle and Weak flag;
// wn the victim's wound number.
func ResolveBlock(tb data.Tables, margin, d4, mus int, weak bool, wn int) BlockOutcome {
	row := tb.Block.For(margin)
	o := BlockOutcome{Row: row, DamageTo: row.DamageTo, Pushed: row.Knockback > 0, BlockerDown: row.BlockerDown}
	if row.DamageTo != "none" {
		if weak {
			o.Damage = max(0, roster.MusDamage(mus)-tb.Constants.Int("armour"))
		} else {
			o.Damage = roster.Damage(mus, d4)
		}
		o.Wound = o.Damage >= wn
	}
	switch row.DefenderDown {
	case "always":
		o.DefenderDown = true
	case "if_wound":
		o.DefenderDown = o.Wound && row.DamageTo == "defender"
	}
	if row.DamageTo == "blocker" && o.Wound {
		o.BlockerDown = true
	}
	return o
}
