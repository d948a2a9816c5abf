package ruunara

import (
	"testing"
)

// soloMission plays a whole free-play mission, solo, to victory: Graam's
// instant kill and the alert (RU-X27), a shot into a group (RU-X26),
// noise and an investigator (RU-X24), a charge, a close combat split
// (RU-X2), a ranged capture and the rescue (RU-X10, RU-X11).
func soloMission(t *testing.T) *tgame {
	g := newGame(t, []string{"p1"}, map[string]string{"dice": "table"})
	for _, h := range []string{"naali", "graam", "tarok"} {
		g.do("p1", "add-hero", "card="+h)
	}
	g.do("p1", "add-enemy", "card=saarok", "count=4")
	g.do("p1", "add-enemy", "card=saarok-archer")
	g.do("p1", "start")
	// round 1, tactical: Between the Eyes on E1
	g.do("p1", "use", "hero=H2", "ability=between-the-eyes", "target=E1")
	g.do("p1", "roll", "values=6")
	g.do("p1", "answer", "q=q1", "value=no")    // cover
	g.do("p1", "answer", "q=q2", "ticks=E2,E3") // group: alert
	g.do("p1", "ack")
	g.do("p1", "end-phase") // noise for the fight at E1
	g.do("p1", "answer", "q=q3", "ticks=none")
	// movement: Tarok engages E4
	g.do("p1", "engage", "hero=H3", "enemies=E4")
	g.do("p1", "end-phase")
	// combat: Tarok hits E4 twice; Graam shoots E5, the archer
	g.do("p1", "attack", "hero=H3", "kind=melee")
	g.do("p1", "roll", "values=4,5,1,2")
	g.do("p1", "attack", "hero=H2", "kind=ranged", "target=E5")
	g.do("p1", "roll", "values=4,2")
	g.do("p1", "answer", "q=q4", "value=yes")
	g.do("p1", "roll", "values=3")
	g.do("p1", "ack")
	g.do("p1", "end-phase")                          // nobody left to hear the fights at E4 and E5 (RU-D62c)
	g.do("p1", "end-phase")                          // end of p1's turn: the enemy turn
	g.do("p1", "answer", "q=q5", "pick=E2:H2,E5:H2") // sight, with the alert's 10"
	g.do("p1", "answer", "q=q6", "value=yes")        // E2 reaches Graam
	g.do("p1", "roll")                               // the app rolls E2's attack
	g.do("p1", "roll", "values=4,1")                 // E4 on Tarok
	g.do("p1", "roll", "values=5,5")                 // E5 shoots Graam
	g.do("p1", "answer", "q=q7", "value=yes")        // cover
	g.do("p1", "roll", "values=3,1")
	g.do("p1", "ack") // the enemy turn's summary
	// round 2
	g.do("p1", "ack") // Turn E3 back to its post facing (the alert is over)
	g.do("p1", "end-phase")
	g.do("p1", "engage", "hero=H1", "enemies=E2")
	g.do("p1", "end-phase")
	g.do("p1", "attack", "hero=H1", "kind=melee")
	g.do("p1", "roll", "values=5,3,1")       // Hard like Steel: the 5 kills E2 instantly
	g.do("p1", "answer", "q=q8", "value=no") // E3 is not within 4" of E2
	g.do("p1", "attack", "hero=H3", "kind=melee")
	g.do("p1", "roll", "values=4,1,1,1") // E4's last hit point
	g.do("p1", "attack", "hero=H2", "kind=ranged", "target=E5")
	g.do("p1", "roll", "values=4,4")
	g.do("p1", "answer", "q=q9", "value=no")  // no cover: E5 falls
	g.do("p1", "answer", "q=q10", "value=no") // nobody rallies to its body
	g.do("p1", "end-phase")
	g.do("p1", "answer", "q=q11", "value=no")  // the fight at E2: E3 heard nothing
	g.do("p1", "answer", "q=q12", "value=yes") // the fight at E4: E3 heard it
	// E3 investigates, so nobody is left to hear the fight at E5 (RU-D34d)
	g.do("p1", "end-phase")
	g.do("p1", "answer", "q=q13")             // sight: none
	g.do("p1", "answer", "q=q14", "value=no") // E3 does not see the fight yet
	// round 3: Graam shoots E3 from behind
	g.do("p1", "ack") // the enemy turn's summary
	g.do("p1", "end-phase")
	g.do("p1", "end-phase")
	g.do("p1", "attack", "hero=H2", "kind=ranged", "target=E3")
	g.do("p1", "roll", "values=4,4")
	g.do("p1", "answer", "q=q15", "value=no")
	g.do("p1", "ack") // E3 turns to face Graam and searches towards him (RU-D39b)
	g.do("p1", "end-phase")
	g.do("p1", "end-phase")
	g.do("p1", "answer", "q=q16", "pick=E3:H2") // E3 sees Graam: it charges
	g.do("p1", "answer", "q=q17", "value=no")   // not within 1" yet
	// round 4: Graam shoots again
	g.do("p1", "ack") // the enemy turn's summary
	g.do("p1", "end-phase")
	g.do("p1", "end-phase")
	g.do("p1", "attack", "hero=H2", "kind=ranged", "target=E3")
	g.do("p1", "roll", "values=5,1")
	g.do("p1", "answer", "q=q18", "value=no")
	return g
}

// TestSoloMission checks the mission's end and keeps its script, the
// golden file testdata/solo-mission.jsonl, in step with it (-update
// rewrites it); TestGolden then replays that file through a Session.
func TestSoloMission(t *testing.T) {
	g := soloMission(t)
	st := g.st()
	if st.Result != "victory" || st.EndRound != 4 {
		t.Fatalf("result %q in round %d, want victory in round 4", st.Result, st.EndRound)
	}
	if h := st.hero("H2"); h.HP != 6 {
		t.Errorf("Graam %d HP, want 6", h.HP)
	}
	g.keepScript("solo-mission", "A free-play mission, solo: Graam's instant kill and the alert (RU-X27), Hard like Steel (RU-X3), a shot that cover cancels, a charge, noise and an investigator (RU-X24), a search towards the shooter (RU-X26), victory in round 4.")
}

// duoMission plays a whole mission in duo: p1 runs Naali and Tarok, p2
// Graam (RU-X36); p2 answers a question raised in p1's turn; Graam flees
// with Vanish and E1 pursues him (RU-X29); the archer shoots Naali down and
// guards her (RU-X10) and Graam frees her (RU-X11); victory.
func duoMission(t *testing.T) *tgame {
	g := newGame(t, []string{"p1", "p2"}, map[string]string{"dice": "app"})
	g.do("p2", "set-unit", "system=cm")
	g.do("p1", "add-hero", "card=naali")
	g.do("p1", "add-hero", "card=tarok")
	g.do("p2", "add-hero", "card=graam")
	g.do("p1", "add-enemy", "card=saarok", "count=2")
	g.do("p1", "add-enemy", "card=saarok-archer")
	g.do("p1", "start")
	g.do("p1", "adjust", "unit=H1", "hp=2") // Naali starts wounded
	g.do("p1", "end-phase")
	g.do("p1", "engage", "hero=H2", "enemies=E2")
	g.do("p1", "end-phase")
	g.do("p1", "attack", "hero=H2", "kind=melee")
	g.do("p1", "roll", "values=4,1,1,1")
	g.do("p1", "end-phase")
	g.do("p2", "answer", "q=q1", "ticks=E1") // p2 answers in p1's turn: E1 heard the fight
	g.do("p1", "end-phase")
	// p2's turn: Graam engages E1
	g.do("p2", "end-phase")
	g.do("p2", "engage", "hero=H3", "enemies=E1")
	g.do("p2", "end-phase")
	g.do("p2", "attack", "hero=H3", "kind=melee")
	g.do("p2", "roll", "values=1,1")
	g.do("p2", "end-phase")
	g.do("p2", "answer", "q=q2", "ticks=none")
	g.do("p2", "end-phase")                    // the enemy turn
	g.do("p1", "answer", "q=q3", "pick=E3:H1") // the archer sees Naali
	g.do("p2", "roll", "values=1,1")           // E1 on Graam
	g.do("p1", "roll", "values=2,3")           // E2 on Tarok
	g.do("p1", "roll", "values=5,6")           // E3 shoots Naali
	g.do("p1", "answer", "q=q4", "value=no")   // no cover: Naali collapses
	// round 2, p1: Tarok cuts E2 down
	g.do("p1", "ack") // the enemy turn's summary
	g.do("p1", "end-phase")
	g.do("p1", "end-phase")
	g.do("p1", "attack", "hero=H2", "kind=melee")
	g.do("p1", "roll", "values=4,4,1,1")
	g.do("p1", "end-phase")
	g.do("p1", "end-phase")
	// p2: Graam vanishes from E1 and shoots the archer
	g.do("p2", "end-phase")
	g.do("p2", "flee", "hero=H3", "ability=vanish")
	g.do("p2", "end-phase")
	g.do("p2", "attack", "hero=H3", "kind=ranged", "target=E3")
	g.do("p2", "roll", "values=4,4")
	g.do("p2", "answer", "q=q5", "value=no") // the archer falls: Naali is freed with 6 HP
	g.do("p2", "end-phase")
	g.do("p2", "end-phase") // the enemy turn: E1 follows Graam
	g.do("p2", "answer", "q=q6", "value=no")
	g.do("p2", "ack") // the enemy turn's summary
	// round 3: Graam shoots his pursuer
	for i := 0; i < 4; i++ {
		g.do("p1", "end-phase")
	}
	g.do("p2", "end-phase")
	g.do("p2", "end-phase")
	g.do("p2", "attack", "hero=H3", "kind=ranged", "target=E1")
	g.do("p2", "roll", "values=4,4")
	g.do("p2", "answer", "q=q7", "value=no")
	g.do("p2", "end-phase")
	g.do("p2", "end-phase")
	g.do("p2", "answer", "q=q8", "value=no") // two turns without contact: E1 gives up
	g.do("p1", "ack")                        // the enemy turn's summary
	// round 4: Graam finishes it
	for i := 0; i < 4; i++ {
		g.do("p1", "end-phase")
	}
	g.do("p2", "end-phase")
	g.do("p2", "end-phase")
	g.do("p2", "attack", "hero=H3", "kind=ranged", "target=E1")
	g.do("p2", "roll", "values=4,1")
	g.do("p2", "answer", "q=q9", "value=no")
	return g
}

func TestDuoMission(t *testing.T) {
	g := duoMission(t)
	st := g.st()
	if st.Result != "victory" || st.EndRound != 4 {
		t.Fatalf("result %q in round %d, want victory in round 4", st.Result, st.EndRound)
	}
	if h := st.hero("H1"); h.Status != StatusFree || h.HP != 6 {
		t.Errorf("Naali %s %d HP, want free with 6 (RU-X11)", h.Status, h.HP)
	}
	if v := g.view("p2"); v.Unit != "cm" || v.Heroes[0].Move != "12.5 cm" {
		t.Errorf("p2 reads %s, Naali's move %q; want cm, 12.5 cm", v.Unit, v.Heroes[0].Move)
	}
	g.keepScript("duo-mission", "A free-play mission in duo: p1 runs Naali and Tarok, p2 Graam and reads centimetres (RU-X35, RU-X36); p2 answers in p1's turn; the archer shoots Naali down and guards her (RU-X10), Graam flees with Vanish and E1 pursues him (RU-X29, RU-X30), Graam shoots the archer and frees Naali with 6 HP (RU-X11); victory in round 4.")
}

// The battle report's Ruunara sections (§6.5): result, heroes' fates with
// abilities used, enemies removed.
func TestReportSections(t *testing.T) {
	g := soloMission(t)
	secs := g.view("public").ReportSections()
	if len(secs) != 3 {
		t.Fatalf("%d sections", len(secs))
	}
	if r := secs[0].Rows[0]; r[2] != "victory (Remove every enemy from the game)" || r[3] != "4" {
		t.Errorf("mission row %v", r)
	}
	if r := secs[1].Rows[1]; r[0] != "Graam (H2)" || r[4] != "Between the Eyes 0/1 left" {
		t.Errorf("Graam's row %v", r)
	}
	if r := secs[2].Rows[0]; r[3] != "killed instantly" {
		t.Errorf("E1's row %v", r)
	}
}
