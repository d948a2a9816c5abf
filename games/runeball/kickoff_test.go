package runeball

import (
	"strings"
	"testing"
)

// Flow K (RB-F25…RB-F31): after the set-up, home's H5 (Kick 9) kicks.
func TestKickoff(t *testing.T) {
	type step struct {
		seat, cmd string
		kv        []string
	}
	for _, tc := range []struct {
		name    string
		steps   []step
		ball    string // state@cell or held:ID
		score   [2]int
		queue   string
		hpH5    int // H5's hit points lost to exertion
		wantLog string
	}{
		{"lands in an empty hex, bouncing (RB-D17)", []step{
			{"home", CmdKick, []string{"target=24:16"}},
			{"away", CmdRoll, []string{"values=7"}}, // 7 + 9 = 16 vs 10: by 6, 1d4−1
			{"home", CmdRoll, []string{"values=1,2"}},
		}, "bouncing@24:16", [2]int{}, "away", 0, "the ball scatters 0 from 24:16 to 24:16"},
		{"the receiver catches (RB-F30)", []step{
			{"home", CmdKick, []string{"target=20:16"}},
			{"home", CmdRoll, []string{"values=7"}},
			{"home", CmdRoll, []string{"values=1,4"}},
			{"away", CmdLandChoice, []string{"choice=catch"}},
			{"away", CmdRoll, []string{"values=2"}}, // Catch 6 + 2 = 8 vs 8
		}, "held:A4", [2]int{}, "away", 0, "A4 has the ball (caught)"},
		{"a failed catch is a fumble: the kickers get a free activation (RB-F30, RB-D18)", []step{
			{"home", CmdKick, []string{"target=20:16"}},
			{"home", CmdRoll, []string{"values=7"}},
			{"home", CmdRoll, []string{"values=1,4"}},
			{"away", CmdLandChoice, []string{"choice=catch"}},
			{"away", CmdRoll, []string{"values=1"}}, // 7 vs 8: one short, exert is asked
			{"away", CmdExert, []string{"points=0"}},
			{"home", CmdRoll, []string{"values=1"}}, // the fumble goes N: 20:14
		}, "bouncing@20:14", [2]int{}, "home,away", 0, "A4 fumbles on 20:16"},
		{"exertion turns a miss into a catch (RB-F43, RB-D29)", []step{
			{"home", CmdKick, []string{"target=20:16"}},
			{"home", CmdRoll, []string{"values=7"}},
			{"home", CmdRoll, []string{"values=1,4"}},
			{"away", CmdLandChoice, []string{"choice=catch"}},
			{"away", CmdRoll, []string{"values=1"}},
			{"away", CmdExert, []string{"points=1"}},
			{"away", CmdRoll, []string{"values=3"}}, // −3 HP
		}, "held:A4", [2]int{}, "away", 0, "A4 exerts 1: −3 HP"},
		{"a kick scattered onto the kickers' side is out: a turnover, away picks the player (RB-F29)", []step{
			{"home", CmdKick, []string{"target=17:15"}},
			{"home", CmdRoll, []string{"values=7"}},
			{"home", CmdRoll, []string{"values=3,5"}}, // 2 hexes SW: 16:16, 15:17
			{"away", CmdGiveBall, []string{"player=A7"}},
		}, "held:A7", [2]int{0, 1}, "away", 0, "turnover (kickoff): away scores 1"},
		{"stepping aside lets the ball land bouncing (RB-D66)", []step{
			{"home", CmdKick, []string{"target=20:16"}},
			{"home", CmdRoll, []string{"values=7"}},
			{"home", CmdRoll, []string{"values=1,4"}},
			{"away", CmdLandChoice, []string{"choice=step", "hex=21:15"}},
		}, "bouncing@20:16", [2]int{}, "away", 0, "A4 steps aside to 21:15"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := setup(t)
			for _, s := range tc.steps {
				g.do(s.seat, s.cmd, s.kv...)
			}
			st := g.st()
			if st.Phase != PhasePlay {
				t.Fatalf("phase %s, prompt %+v", st.Phase, st.Prompt)
			}
			got := st.Ball.State + "@" + st.Ball.Cell.String()
			if st.Ball.State == BallHeld {
				got = "held:" + st.Ball.Holder
			}
			if got != tc.ball {
				t.Errorf("ball %s, want %s", got, tc.ball)
			}
			if st.Score != tc.score {
				t.Errorf("score %v, want %v", st.Score, tc.score)
			}
			if q := strings.Join(g.view("home").FreeQueue, ","); q != tc.queue {
				t.Errorf("free activations %q, want %q", q, tc.queue)
			}
			var log []string
			for _, e := range g.evs {
				if line, ok := g.r.Describe(g.s, e, "home"); ok {
					log = append(log, line)
				}
			}
			if !strings.Contains(strings.Join(log, "\n"), tc.wantLog) {
				t.Errorf("the log lacks %q:\n%s", tc.wantLog, strings.Join(log[len(log)-8:], "\n"))
			}
		})
	}
}

// Flow K's refusals (§2.7).
func TestKickRefusals(t *testing.T) {
	g := setup(t)
	g.refuse("home kicks off", "away", CmdKick, "target=24:16")
	g.refuse("the kick targets the receiving side (x 17–31): 16:16 is in the neutral zone", "home", CmdKick, "target=16:16")
	g.refuse("the kick targets the receiving side (x 17–31): 12:16 is on home's side", "home", CmdKick, "target=12:16")
	g.refuse("no dice are asked for now", "home", CmdRoll)
	g.do("home", CmdKick, "target=24:16")
	g.refuse("the prompt asks for 1 dice (d12 H5 Kick vs DL 10): 2 given", "home", CmdRoll, "values=3,4")
	g.refuse("13 is not a d12 result (1–12)", "home", CmdRoll, "values=13")
	g.refuse("waiting for either coach: d12 H5 Kick vs DL 10", "home", CmdKick, "target=24:16")
	g.do("away", CmdRoll) // the app rolls
	if p := g.st().Prompt; p == nil {
		t.Fatal("no prompt after the kick test")
	}
}

// TestKickoffScript keeps a whole start to the kickoff as a golden script.
func TestKickoffScript(t *testing.T) {
	g := setup(t)
	g.do("home", CmdKick, "target=20:16")
	g.do("home", CmdRoll, "values=7")
	g.do("home", CmdRoll, "values=1,4")
	g.do("away", CmdLandChoice, "choice=catch")
	g.do("away", CmdRoll, "values=1")
	g.do("away", CmdExert, "points=0")
	g.do("home", CmdRoll, "values=1")
	g.keepScript("kickoff", "Rosters, the start, the set-up and the kickoff: A4 fails the catch, does not exert, fumbles; the ball bounces free (Flow K, X3).")
}

// A fumble into a standing player's hex: he must try to recover it at DL 12
// (RB-F49, RB-D20); failing, he fumbles in turn, and off the field it is a
// turnover for the other team (T, RB-F52, RB-D60).
func TestFumbleChain(t *testing.T) {
	// A1 stands north of A4 (20:14), A2 on the field's north edge (20:2)
	g := setupWith(t, "20:14,20:2,18:18,20:16,22:12,22:20,26:16")
	g.do("home", CmdKick, "target=20:16")
	g.do("home", CmdRoll, "values=7")
	g.do("home", CmdRoll, "values=1,4")
	g.do("away", CmdLandChoice, "choice=catch")
	g.do("away", CmdRoll, "values=1")
	g.do("away", CmdExert, "points=0")
	g.do("home", CmdRoll, "values=1") // N: into A1's hex
	p := g.st().Prompt
	if p == nil || p.Kind != PromptDice || !strings.Contains(p.text(), "A1 Catch vs DL 12") {
		t.Fatalf("want A1's forced recovery at DL 12, got %+v", p)
	}
	g.do("away", CmdRoll, "values=12") // recovered
	if st := g.st(); st.Ball.Holder != "A1" || st.Phase != PhasePlay {
		t.Fatalf("ball %+v phase %s", st.Ball, st.Phase)
	}
	if q := strings.Join(g.view("away").FreeQueue, ","); q != "home,away" {
		t.Errorf("free activations %q", q)
	}

	// A1 (Catch 10) on the north edge fails a recovery and fumbles off the
	// field: home scores a turnover and its closest standing player gets
	// the ball
	g = setupWith(t, "20:2,18:14,18:18,20:4,22:12,22:20,26:16")
	g.do("home", CmdKick, "target=20:4")
	g.do("home", CmdRoll, "values=7")
	g.do("home", CmdRoll, "values=1,4")
	g.do("away", CmdLandChoice, "choice=catch")
	g.do("away", CmdRoll, "values=1")
	g.do("away", CmdExert, "points=0")
	g.do("home", CmdRoll, "values=1") // N: into A1's hex, 20:2
	g.do("away", CmdRoll, "values=1") // A1 fails: 1 + 10 vs 12
	if p := g.st().Prompt; p != nil && p.Kind == PromptChoice && p.Cmd == CmdExert {
		g.do("away", CmdExert, "points=0")
	}
	g.do("home", CmdRoll, "values=1") // N again: off the field
	if p := g.st().Prompt; p != nil && p.Cmd == CmdGiveBall {
		// equally close players: home chooses (RB-D60)
		g.refuse("give the ball to one of", "home", CmdGiveBall, "player=A1")
		g.do("home", CmdGiveBall, "player="+p.Options[0])
	}
	st := g.st()
	if st.Score != [2]int{1, 0} {
		t.Errorf("score %v, want home 1", st.Score)
	}
	if st.Ball.State != BallHeld || st.Ball.Holder == "" || st.Ball.Holder[0] != 'H' {
		t.Errorf("ball %+v, want held by home's closest player", st.Ball)
	}
}
