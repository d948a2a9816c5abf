// Package lorwidget holds the Lands of Ruin display widgets the main
// screen (app/lorscreen) composes: CharacterCard, TableMap and EnemyStack.
//
// Every widget is built from data only: a landsofruin.View (or, for a map
// preview, a map id and a table side) and callbacks. A widget shows what
// its View holds and nothing else, so another seat's secrets never reach
// the screen: an enemy's card shows its public CharView, never Own. Each
// has an Update(v landsofruin.View) that redraws it in place.
package lorwidget
