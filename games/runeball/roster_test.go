package runeball

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

var testStats = []string{
	"mus=13 skl=9 spd=15 tou=12 wit=7 tec=11 cha=10",
	"mus=16 skl=10 spd=9 tou=14 wit=9 tec=8 cha=9",
	"mus=10 skl=14 spd=13 tou=10 wit=13 tec=12 cha=11",
	"mus=11 skl=11 spd=16 tou=9 wit=12 tec=14 cha=8",
}

func enter(g *tgame, seat, slot, name string, i int) {
	g.t.Helper()
	g.do(seat, CmdEnterPlayer, append([]string{"player=" + slot, "name=" + name}, strings.Fields(testStats[i%len(testStats)])...)...)
}

// testRounds is the rounds option of the matches rosters builds.
var testRounds = "6"

// rosters builds both rosters with the §2.7 roster commands and their
// refusals, locks them, records the Keshat round and the kickoff choice.
func rosters(t *testing.T) *tgame {
	g := newMatch(t, map[string]string{"rounds": testRounds})
	g.refuse("MUS must be 6–17 (got 18)", "home", CmdEnterPlayer, "player=H1", "name=Bolt", "mus=18", "skl=9", "spd=15", "tou=12", "wit=7", "tec=11", "cha=10")
	names := []string{"Bolt", "Crag", "Wisp", "Fen", "Rook", "Moss", "Tarn"}
	for i, n := range names {
		enter(g, "home", fmt.Sprintf("H%d", i+1), n, i)
	}
	g.refuse("H8 is home's player", "away", CmdEnterPlayer, append([]string{"player=H8", "name=Spy"}, strings.Fields(testStats[0])...)...)
	g.do("home", CmdRollStats, "player=H8", "name=Vale", "rolls=16,14,13,12,11,9,8,7")
	g.refuse("seven best rolls", "home", CmdAssignStats, "player=H8", "mus=16", "skl=14", "spd=13", "tou=12", "wit=11", "tec=9", "cha=7")
	g.do("home", CmdAssignStats, "player=H8", "mus=16", "skl=14", "spd=13", "tou=12", "wit=11", "tec=9", "cha=8")
	g.refuse("raise sets a stat below 8 to 8", "home", CmdImprove, "player=H8", "plus=spd", "raise=wit")
	g.do("home", CmdImprove, "player=H8", "plus=spd,tou")
	g.refuse("H9 is empty", "home", CmdLockRoster)
	g.do("home", CmdRollStats, "player=H9", "name=Hale") // the app rolls
	g.do("home", CmdSetDoctor, "player=H9")
	for i := 1; i <= 9; i++ {
		enter(g, "away", fmt.Sprintf("A%d", i), fmt.Sprintf("Raider %d", i), i+1)
	}
	g.do("away", CmdLockRoster)
	g.refuse("H9's stats are not assigned", "home", CmdLockRoster)
	// H9's seven best app rolls, in descending order
	h9 := g.st().Teams[Home].Players[8]
	best, _ := h9.Rolls.Best()
	var kv []string
	for i, n := range StatNames {
		kv = append(kv, fmt.Sprintf("%s=%d", n, best[i]))
	}
	g.do("home", CmdAssignStats, append([]string{"player=H9"}, kv...)...)
	g.refuse("not now: that is done at the match start, and the match is at the rosters", "home", CmdKeshat, "winner=home")
	g.do("home", CmdLockRoster)
	g.refuse("record the Keshat round first", "home", CmdChooseKick, "choice=kick")
	g.do("away", CmdKeshat, "winner=away")
	g.refuse("away has the first choice (won the Keshat round)", "home", CmdChooseKick, "choice=kick")
	g.do("away", CmdChooseKick, "choice=receive")
	return g
}

func TestRosterScript(t *testing.T) {
	g := rosters(t)
	st := g.st()
	if st.Phase != PhaseSetup || st.Kicking != Home {
		t.Fatalf("phase %s kicking %d, want setup with home kicking", st.Phase, st.Kicking)
	}
	v := g.view("home")
	h8 := v.Teams[0].Players[7]
	// 16,14,13,12,11,9,8 assigned, then +1 SPD and TOU
	if fmt.Sprint(h8.Stats) != "[16 14 14 13 11 9 8]" || h8.INI != 2 || h8.Move != 6 {
		t.Errorf("H8 %v INI %d MOVE %d", h8.Stats, h8.INI, h8.Move)
	}
	g.keepScript("rosters", "Both rosters built with the roster commands and their refusals, locked; the Keshat round and away's choice to receive.")
}

// RB-D63: before both rosters are locked, nothing of a team's players
// reaches the other seat or the public: not in the view, not in the
// history, in JSON or msgpack.
func TestHiddenRoster(t *testing.T) {
	g := newMatch(t, nil)
	secrets := []string{"Whisperfang", "mus=13", "[13 9 15"}
	g.do("home", CmdEnterPlayer, append([]string{"player=H1", "name=Whisperfang"}, strings.Fields(testStats[0])...)...)
	g.do("home", CmdRollStats, "player=H2", "name=Quietus", "rolls=16,15,14,13,12,11,10,9")
	secrets = append(secrets, "Quietus", "16,15,14", "16 15 14")
	for _, seat := range []console.Seat{"away", console.Public} {
		v := g.r.View(g.s, seat)
		js, _ := json.Marshal(v)
		mp, _ := console.Encode(v)
		var hist []string
		for _, e := range g.evs {
			if line, ok := g.r.Describe(g.s, e, seat); ok {
				hist = append(hist, line)
			}
		}
		for _, b := range [][]byte{js, mp, []byte(strings.Join(hist, "\n"))} {
			for _, s := range secrets {
				if bytes.Contains(b, []byte(s)) {
					t.Errorf("%s sees %q", seat, s)
				}
			}
		}
		if tv := v.(View).Teams[0]; !tv.Hidden || tv.Filled != 2 {
			t.Errorf("%s sees home's team %+v, want hidden with 2 filled", seat, tv)
		}
	}
	// home sees its own team
	if tv := g.view("home").Teams[0]; tv.Hidden || tv.Players[0].Name != "Whisperfang" {
		t.Errorf("home's own team %+v", tv)
	}
}

// setup plays the kickoff set-up after rosters: home kicks (away chose to
// receive), with §2.7's set-up refusals.
func setup(t *testing.T) *tgame {
	return setupWith(t, "18:16,18:14,18:18,20:16,22:12,22:20,26:16")
}

// setupWith is setup with away's seven players (A1…A7) on the cells given.
func setupWith(t *testing.T, away string) *tgame {
	g := rosters(t)
	g.refuse("the kicking team sets up first: waiting for home to be ready", "away", CmdPlace, "player=A1", "hex=20:16")
	g.refuse("16:16 is in the neutral zone: place on your side (x 1–15)", "home", CmdPlace, "player=H1", "hex=16:16")
	g.refuse("20:16 is on away's side: place on your side (x 1–15)", "home", CmdPlace, "player=H1", "hex=20:16")
	g.refuse("15:16 is not a cell of the field (x 1–31, y 1–31, x+y even)", "home", CmdPlace, "player=H1", "hex=15:16")
	g.refuse("players and hexes must pair up (3 players, 2 hexes)", "home", CmdPlace, "player=H1,H2,H3", "hex=12:16,12:18")
	g.do("home", CmdPlace, "player=H1,H2,H3", "hex=12:16,12:18,12:14")
	g.refuse("12:16 is taken by H1", "home", CmdPlace, "player=H4", "hex=12:16")
	g.do("home", CmdPlace, "player=H4,H5,H6,H7", "hex=14:16,10:16,8:12,8:20")
	g.refuse("7 players are already placed", "home", CmdPlace, "player=H8", "hex=4:16")
	g.refuse("name your kicker", "home", CmdReadySetup)
	g.refuse("the kicker must stand within 6 columns of your end line (x 1–6)", "home", CmdSetKicker, "player=H5")
	g.do("home", CmdPlace, "player=H5", "hex=5:15") // move him back into the kicker zone
	g.do("home", CmdSetKicker, "player=H5")
	g.refuse("only the kicking team names a kicker", "away", CmdSetKicker, "player=A1")
	g.do("home", CmdReadySetup)
	g.refuse("your team is ready: its set-up is closed", "home", CmdUnplace, "player=H1")
	g.do("away", CmdPlace, "player=A1,A2,A3,A4,A5,A6,A7", "hex="+away)
	g.do("away", CmdReadySetup)
	g.refuse("not now: that is done at the kickoff set-up, and the match is at the kickoff", "away", CmdPlace, "player=A8", "hex=24:16")
	return g
}

func TestSetupScript(t *testing.T) {
	g := setup(t)
	if st := g.st(); st.Phase != PhaseKickoff || st.Field[Home].Kicker != 5 {
		t.Fatalf("phase %s kicker %d", st.Phase, st.Field[Home].Kicker)
	}
	v := g.view("away")
	if p := v.Teams[0].Players[4]; !p.OnField || p.Cell != "5:15" || !p.Kicker {
		t.Errorf("H5 as away sees him: %+v", p)
	}
	g.keepScript("setup", "Rosters, the match start and the kickoff set-up with §2.7's set-up refusals: home kicks, H5 in the kicker zone.")
}
