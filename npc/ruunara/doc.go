// Package ruunara is the enemy behaviour of Ruunara: The Darkest Path, as
// pure functions (SPEC.md §4, reference/ruunara). The AI never sees the
// table: it keeps a small state per enemy, asks the players the table facts
// it cannot know (who sees whom, who is within 8" of a fight), and answers
// with orders the players carry out with the miniatures. It rolls no dice
// and reads no clock; every list it returns is sorted by enemy id
// (numerically: E2 before E10), and no argument is ever changed.
//
// It imports only the standard library; games/ruunara owns the heroes, hit
// points, engagements, fight sites, captivity, timers, dice and question
// ids, and hands them in as a World.
//
// The enemy turn (RU-D47) is, in order:
//
//	s, o := StartMovement(w, s)              // sites over → investigators return
//	sight := SightQuestion(w, s)             // ask; fill Line.Answer
//	inRange := RangeQuestion(w, s, sight)    // ask
//	s, o, results := Movement(w, s, sight, inRange)
//	nearest := NearestQuestion(w, s, results) // after results is answered
//	s, o, eng, results2 := AfterMovement(w, s, results, nearest)
//	s, eng2 := AfterContinuation(w, s, results2)
//	attacks := Combat(w, s)                  // engine rolls each
//	… noise questions of the combat phase (NoiseQuestion, OnNoiseAnswer) …
//	s, o = EndEnemyTurn(w, s)                // alert expiry, rally holds (§4.6 step 1)
//
// A question with no lines (Question.Empty) is never asked: pass it on as
// it is and every line counts as its default (RU-D62c). The reactions
// (OnHeroEngages, OnRangedAttack, OnInstantKill, OnGroupAnswer,
// NoiseQuestion/OnNoiseAnswer, OnFlee, OnCapture, OnExecution, OnHeroGone,
// OnRemoved, OnSiteMerged) are called when their event happens.
package ruunara
