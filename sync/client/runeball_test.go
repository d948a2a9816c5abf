package client

import (
	"bytes"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
	scriptfile "github.com/commandconsole/commandconsole/console/script"
	"github.com/commandconsole/commandconsole/games/runeball"
	"github.com/commandconsole/commandconsole/sync/linktest"
)

// playLine sends one script line through c, with command id id, and checks
// the refusal the line expects (a Rejection whose message contains
// l.Reject), as script.Line.Play does on a local session.
func playLine(t *testing.T, c *Client, l scriptfile.Numbered, id string) {
	t.Helper()
	var err error
	if l.Undo {
		_, err = c.Undo(l.Seat)
	} else {
		cmd := l.Command()
		cmd.ID = id
		_, err = c.Do(l.Seat, cmd)
	}
	switch {
	case l.Reject == "" && err != nil:
		t.Fatalf("line %d (%s %s): %v", l.Number, l.Seat, l.Cmd, err)
	case l.Reject != "" && err == nil:
		t.Fatalf("line %d (%s %s): accepted, but the script expects a refusal containing %q", l.Number, l.Seat, l.Cmd, l.Reject)
	case l.Reject != "" && (!console.IsRejection(err) || !strings.Contains(err.Error(), l.Reject)):
		t.Fatalf("line %d (%s %s): %v, but the script expects a refusal containing %q", l.Number, l.Seat, l.Cmd, err, l.Reject)
	}
}

// runeballView returns the Runeball view c holds of its seat.
func runeballView(t *testing.T, c *Client) (console.SeatState, runeball.View) {
	t.Helper()
	st, err := c.State(c.Seat())
	if err != nil {
		t.Fatal(err)
	}
	v, ok := st.View.(runeball.View)
	if !ok {
		t.Fatalf("%s's view is a %T", c.Seat(), st.View)
	}
	return st, v
}

// A whole Runeball match played on two tablets: the golden match of
// games/runeball (rosters, kickoff, rounds with windows, blocks, passes,
// halftime, the end), each line sent by its seat's client, the expected
// refusals refused over the wire too. Both joined tablets end on the host's
// views and history; the match is finished with the same score on both,
// the score and status the same script reaches on a local session; each
// tablet's view is of its own team, and after both locks each sees both
// rosters.
func TestRuneballMatchOnTwoTablets(t *testing.T) {
	linktest.NoLeaks(t)
	setup, lines := conformance.ReadFile(t, filepath.Join("..", "..", "games", "runeball", "testdata", "match.jsonl"))
	f := newFixtureFor(t, runeball.New(), setup)
	clients := map[console.Seat]*Client{"home": f.join("home-tablet", "home"), "away": f.join("away-tablet", "away")}
	for i, l := range lines {
		c, ok := clients[l.Seat]
		if !ok {
			t.Fatalf("line %d: seat %q has no tablet", l.Number, l.Seat)
		}
		playLine(t, c, l, fmt.Sprintf("m%d", i))
	}
	for _, c := range clients {
		f.converge(c)
	}
	hst, hv := runeballView(t, clients["home"])
	ast, av := runeballView(t, clients["away"])
	for _, st := range []console.SeatState{hst, ast} {
		if !st.Status.Finished {
			t.Errorf("%s: the match is not finished: %q", st.Seat, st.Status.Summary)
		}
	}
	if hv.Phase != runeball.PhaseOver || av.Phase != runeball.PhaseOver {
		t.Errorf("phases %q and %q, want %q", hv.Phase, av.Phase, runeball.PhaseOver)
	}
	if hv.Score != av.Score || !reflect.DeepEqual(hst.Status.Placements, ast.Status.Placements) {
		t.Errorf("the tablets see different results: home %v %+v, away %v %+v", hv.Score, hst.Status.Placements, av.Score, ast.Status.Placements)
	}
	// The same script on a local session, with no wire, ends on the same
	// score and status.
	local, err := console.Create(runeball.New(), setup, console.Options{Store: console.NewMemStore()})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		if _, _, err := l.Play(local); err != nil {
			t.Fatalf("local replay, line %d: %v", l.Number, err)
		}
	}
	lst, err := local.SeatState("home")
	if err != nil {
		t.Fatal(err)
	}
	if lv := lst.View.(runeball.View); hv.Score != lv.Score || !reflect.DeepEqual(hst.Status, lst.Status) {
		t.Errorf("over the wire: score %v, %+v; played locally: %v, %+v", hv.Score, hst.Status, lv.Score, lst.Status)
	}
	if hv.You != "home" || av.You != "away" || hv.Viewer != "home" || av.Viewer != "away" {
		t.Errorf("home's tablet sees you=%q viewer=%q, away's you=%q viewer=%q", hv.You, hv.Viewer, av.You, av.Viewer)
	}
	for _, v := range []runeball.View{hv, av} {
		for _, tm := range v.Teams {
			if tm.Hidden || len(tm.Players) != 9 {
				t.Errorf("%s sees team %s hidden=%v with %d players after both locks", v.You, tm.Team, tm.Hidden, len(tm.Players))
			}
		}
	}
	if !reflect.DeepEqual(hv.Teams, av.Teams) {
		t.Error("the tablets see different teams after the match")
	}
}

// heldBytes is everything c holds of what the host sent its seat: the view
// bytes last received (the whole view, deltas applied), the history lines,
// the game's summary and the lobby.
func heldBytes(c *Client) []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	var b bytes.Buffer
	b.Write(c.prev)
	for _, l := range c.lines {
		fmt.Fprintf(&b, "\x00%+v", l)
	}
	fmt.Fprintf(&b, "\x00%+v\x00%+v\x00%+v", c.info, c.lobby, c.state.Status)
	return b.Bytes()
}

// The hidden-roster rule (RB-D63) over the wire: while the rosters are
// built, the away tablet sees the home team only as slots filled and the
// locked flag, also once home has locked and away has not. Nothing the
// away tablet (or a spectator) received — any view, any history line —
// names a home player, nor carries his stats or rolls, as text or as the
// view's encoding; the home tablet received all of it, and so does the
// away tablet once both rosters are locked, which shows the check sees
// what it looks for.
func TestRuneballHiddenRosterOverTheWire(t *testing.T) {
	linktest.NoLeaks(t)
	f := newFixtureFor(t, runeball.New(), console.Setup{System: runeball.ID, Title: "Friendly", Seed: 11,
		Seats: []console.Seat{"home", "away"}, Options: map[string]string{runeball.OptRounds: "2"}})
	home, away := f.join("home-tablet", "home"), f.join("away-tablet", "away")
	tv := f.join("tv", console.Public)
	clients := map[console.Seat]*Client{"home": home, "away": away}

	// Home's team: distinctive names; H1's stats are a sequence no other
	// player has, H3's rolls too.
	names := []string{"Quillon Vexmarrow", "Thessaly Brightgorse", "Orrin Duskwhistle", "Brannoc Yewspindle",
		"Ceridwen Ashmantle", "Doravel Kettleborn", "Ysolde Gravenmoor", "Pelham Strandwick", "Marrow Ophelintz"}
	h1Stats := []int{17, 6, 16, 7, 15, 8, 14} // mus skl spd tou wit tec cha
	h3Rolls := "16,15,15,14,10,9,7,6"
	common := map[string]any{"mus": "13", "skl": "9", "spd": "15", "tou": "12", "wit": "7", "tec": "11", "cha": "10"}
	enter := func(seat console.Seat, slot, name string, stats map[string]any) scriptfile.Numbered {
		args := map[string]any{"player": slot, "name": name}
		for k, v := range stats {
			args[k] = v
		}
		return scriptfile.Numbered{Line: scriptfile.Line{Seat: seat, Cmd: runeball.CmdEnterPlayer, Args: args}}
	}
	var steps []scriptfile.Numbered
	steps = append(steps, enter("home", "H1", names[0], map[string]any{"mus": "17", "skl": "6", "spd": "16",
		"tou": "7", "wit": "15", "tec": "8", "cha": "14"}))
	steps = append(steps, enter("home", "H2", names[1], common))
	steps = append(steps,
		scriptfile.Numbered{Line: scriptfile.Line{Seat: "home", Cmd: runeball.CmdRollStats, Args: map[string]any{"player": "H3", "name": names[2], "rolls": h3Rolls}}},
		scriptfile.Numbered{Line: scriptfile.Line{Seat: "home", Cmd: runeball.CmdAssignStats, Args: map[string]any{"player": "H3",
			"mus": "16", "skl": "15", "spd": "15", "tou": "14", "wit": "10", "tec": "9", "cha": "7"}}})
	for i := 3; i < 9; i++ {
		steps = append(steps, enter("home", fmt.Sprintf("H%d", i+1), names[i], common))
	}
	steps = append(steps,
		scriptfile.Numbered{Line: scriptfile.Line{Seat: "home", Cmd: runeball.CmdSetDoctor, Args: map[string]any{"player": "H2"}}},
		scriptfile.Numbered{Line: scriptfile.Line{Seat: "home", Cmd: runeball.CmdLockRoster, Args: map[string]any{}}},
		enter("away", "A1", "Raider Uno", common))
	for i := range steps {
		steps[i].Number = i + 1
	}

	var homeGot, awayGot, tvGot []byte
	take := func() {
		t.Helper()
		for _, c := range []*Client{home, away, tv} {
			f.converge(c)
		}
		homeGot = append(homeGot, heldBytes(home)...)
		awayGot = append(awayGot, heldBytes(away)...)
		tvGot = append(tvGot, heldBytes(tv)...)
	}
	// One command is one view per seat: converging every tablet after each
	// step holds every view the host sent.
	take()
	for i, l := range steps {
		playLine(t, clients[l.Seat], l, fmt.Sprintf("h%d", i))
		take()
	}

	_, av := runeballView(t, away)
	if len(av.Teams) != 2 {
		t.Fatalf("away sees %d teams", len(av.Teams))
	}
	ht := av.Teams[runeball.Home]
	if ht.Team != "home" || !ht.Hidden || len(ht.Players) != 0 || ht.Filled != 9 || !ht.Locked || ht.Doctor != "" {
		t.Errorf("away sees the home team as %+v, want hidden, no players, 9 filled, locked, no doctor", ht)
	}
	if at := av.Teams[runeball.Away]; at.Hidden || at.Filled != 1 || len(at.Players) == 0 {
		t.Errorf("away sees its own team as hidden=%v filled=%d with %d players", at.Hidden, at.Filled, len(at.Players))
	}
	_, hv := runeballView(t, home)
	if own, other := hv.Teams[runeball.Home], hv.Teams[runeball.Away]; own.Hidden || len(own.Players) != 9 || !other.Hidden || len(other.Players) != 0 {
		t.Errorf("home sees its team hidden=%v with %d players, away's hidden=%v with %d", own.Hidden, len(own.Players), other.Hidden, len(other.Players))
	}
	awayLines, _ := away.History("away", 0)
	for _, l := range awayLines {
		if l.Seat == "home" && l.Text != "home works on its roster" && l.Text != "home locks its roster" {
			t.Errorf("away's history line %d: %q", l.Seq, l.Text)
		}
	}

	// What is secret: the names, H1's stats as text and as they encode in
	// a view, H3's rolls as text and encoded.
	// (as the history writes them: "MUS 17 · SKL 6 · …")
	h1Text := fmt.Sprintf("MUS %d · SKL %d · SPD %d · TOU %d · WIT %d · TEC %d · CHA %d", h1Stats[0], h1Stats[1], h1Stats[2],
		h1Stats[3], h1Stats[4], h1Stats[5], h1Stats[6])
	h1Enc, err := console.Encode(h1Stats)
	if err != nil {
		t.Fatal(err)
	}
	var rolls []int
	for _, r := range strings.Split(h3Rolls, ",") {
		var n int
		fmt.Sscan(r, &n)
		rolls = append(rolls, n)
	}
	rollsEnc, err := console.Encode(rolls)
	if err != nil {
		t.Fatal(err)
	}
	secrets := map[string][]byte{"H1's stats": []byte(h1Text), "H1's encoded stats": h1Enc,
		"H3's rolls": []byte(h3Rolls), "H3's encoded rolls": rollsEnc}
	for _, n := range names {
		secrets[n] = []byte(n)
	}
	check := func(who string, got []byte, want bool) {
		t.Helper()
		for what, secret := range secrets {
			if bytes.Contains(got, secret) != want {
				t.Errorf("%s: holds %s (%q): %v, want %v", who, what, secret, !want, want)
			}
		}
	}
	check("the away tablet before both locks", awayGot, false)
	check("the spectator before both locks", tvGot, false)
	check("the home tablet (its own team)", homeGot, true)

	// Away completes and locks: now everything is public, and the same
	// check finds home's team in what the away tablet received.
	for i := 2; i <= 9; i++ {
		l := enter("away", fmt.Sprintf("A%d", i), fmt.Sprintf("Raider %d", i), common)
		l.Number = len(steps) + i
		playLine(t, away, l, fmt.Sprintf("a%d", i))
	}
	playLine(t, away, scriptfile.Numbered{Number: len(steps) + 10, Line: scriptfile.Line{Seat: "away", Cmd: runeball.CmdLockRoster, Args: map[string]any{}}}, "a-lock")
	f.converge(away)
	_, av = runeballView(t, away)
	if ht := av.Teams[runeball.Home]; ht.Hidden || len(ht.Players) != 9 || ht.Players[0].Name != names[0] || ht.Doctor == "" {
		t.Errorf("after both locks away sees the home team as hidden=%v with %d players, doctor %q", ht.Hidden, len(ht.Players), ht.Doctor)
	}
	after := heldBytes(away)
	for _, n := range names {
		if !bytes.Contains(after, []byte(n)) {
			t.Errorf("after both locks the away tablet does not hold %q", n)
		}
	}
	if !bytes.Contains(after, h1Enc) {
		t.Error("after both locks the away tablet does not hold H1's encoded stats: the check could not see them")
	}
}
