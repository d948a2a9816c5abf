// Package runeballfield is the Runeball hex field widget: the 481 cells of
// SPEC.md §2.2 (flat-topped hexes, half-hexes at the odd columns' ends drawn
// as their inner half), the neutral zone, the end zones and the goal posts,
// the players by label and team colour, the ball, and on top the cells a
// tap may choose (SetHighlight), the cells a rule marks (SetMarked:
// interceptors, knockback options) and a path (SetPath: a move; SetPass: a
// pass's flight).
//
// The widget is a pure function of what its setters were given: it keeps
// no game state and asks nothing of the engine. Its geometry (cells, zones,
// the flight path) is games/runeball/field's. A tap calls onTap with the
// cell under the finger; what a tap means (choose a player, extend a path)
// is the caller's.
//
// Call the setters on Fyne's goroutine (from elsewhere through fyne.Do,
// DESIGN.md §7).
package runeballfield
