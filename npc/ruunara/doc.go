// Package ruunara is the enemy behaviour of Ruunara: The Darkest Path, as
// pure functions (SPEC.md §4, reference/ruunara). The AI never sees the
// table: it keeps a small state per enemy, asks the players the table facts
// it cannot know (who sees whom, who is within 8" of a fight), and answers
// with orders the players carry out with the miniatures. It rolls no dice
// and reads no clock; every list it returns is sorted by enemy id.
//
// It imports only the standard library; games/ruunara owns the heroes, hit
// points, engagements and timers and hands them in as a World.
package ruunara
