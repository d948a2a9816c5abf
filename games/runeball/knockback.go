package runeball

import "github.com/commandconsole/commandconsole/games/runeball/field"

// Knockback options (Flow KB steps 1–2, RB-F59…RB-F61, RB-D33) as a pure
// function the block flow will use: of the three cells away from the
// blocker, the open ones (on the field, empty, and not a half-hex when
// the victim will be prone) if any; otherwise the occupied ones and the
// out ones (off the field, or a half-hex for a prone victim).

// Push is one knockback option.
type Push struct {
	Cell field.Cell
	// Out: the victim leaves the field (placed prone in his cell, a
	// turnover for the other team, RB-D34); Cell is then the off-field
	// cell, or the half-hex a prone victim cannot stay on.
	Out bool
	// Occupant is the player on Cell, pushed first (RB-D33(4)).
	Occupant string
}

// PushOptions lists the options of pushing the player on defender away
// from blocker; prone says the victim will be knocked down; occupant
// names the player on a cell ("" when empty).
func PushOptions(blocker, defender field.Cell, prone bool, occupant func(field.Cell) string) []Push {
	var open, other []Push
	for _, c := range field.KnockbackCells(blocker, defender) {
		switch {
		case !c.Valid():
			other = append(other, Push{Cell: c, Out: true})
		case prone && c.HalfHex():
			other = append(other, Push{Cell: c, Out: true})
		case occupant(c) != "":
			other = append(other, Push{Cell: c, Occupant: occupant(c)})
		default:
			open = append(open, Push{Cell: c})
		}
	}
	if len(open) > 0 {
		return open
	}
	return other
}
