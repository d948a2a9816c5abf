// Package npc runs the non-player characters: the Lands of Ruin Rotter
// living world (RULES-FACTS.md §9.4 and §10; the rulebook's "NPCs,
// Rotters").
//
// The world is a grid of world sections around the table. Threat pulls
// Rotter mobs across it; a mob that reaches the table edge enters at a
// spawn point, rolled as a kind; the loudest section and character become
// the Rotters' target; lurkers sleep in sections nobody has entered. Every
// function is a pure function of a World and the game's *console.Dice: it
// returns a new World and leaves the one it was given alone, so a game can
// call it from Decide, record the outcome in an event and replay it.
//
// The package imports only the standard library and console (the layer
// test in console/layers_test.go holds it to that).
package npc
