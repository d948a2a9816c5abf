package runeballscreen

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball"
)

// The roster builder by tapping, on one tablet: a player rolled by the
// app, assigned and improved; one entered from final stats (a value out
// of range refused, nothing changed); the team saved, loaded into the
// other slots, locked; then the tablet is handed over and the away coach
// sees none of home's players (RB-D63).
func TestRosterBuilderByTapping(t *testing.T) {
	st := console.NewMemStore()
	sess := fromScript(t, st, "rosters", 2)
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	ros := apptest.MemRosters{}
	s.rosters = ros
	s.Refresh()
	if s.seat != "home" {
		t.Fatalf("the builder starts as %s", s.seat)
	}
	press(t, s, "slot-H1")
	typeIn(t, s, "name", "Bolt")
	press(t, s, "roll-stats")
	h1 := s.player("H1")
	if len(h1.Rolls) != 8 || h1.Complete {
		t.Fatalf("H1 after Roll: rolls %v complete %v", h1.Rolls, h1.Complete)
	}
	press(t, s, "assign-stats") // the seven best, highest on MUS
	h1 = s.player("H1")
	best := slices.Clone(h1.Rolls)
	slices.Sort(best)
	slices.Reverse(best)
	if !h1.Complete || !slices.Equal(h1.Stats, best[:7]) {
		t.Fatalf("H1 assigned %v from rolls %v", h1.Stats, h1.Rolls)
	}
	s.selects["improve-a"].SetSelected("SPD")
	s.selects["improve-b"].SetSelected("TOU")
	press(t, s, "improve")
	if h1 = s.player("H1"); !h1.Improved || h1.Stats[2] != best[2]+1 || h1.Stats[3] != best[3]+1 {
		t.Fatalf("H1 improved %v: %v from %v", h1.Improved, h1.Stats, best[:7])
	}

	press(t, s, "slot-H2")
	typeIn(t, s, "name", "Crag")
	for i, v := range []string{"18", "9", "15", "12", "7", "11", "10"} {
		typeIn(t, s, "enter-"+runeball.StatNames[i], v)
	}
	press(t, s, "enter-player")
	apptest.WantText(t, w, "MUS must be 6–17")
	if !s.player("H2").Empty {
		t.Fatalf("a refused entry filled H2")
	}
	apptest.NoButton(t, w, "OK") // the refusal shows under the name, not in a pop-up
	typeIn(t, s, "enter-mus", "13")
	press(t, s, "enter-player")
	if h2 := s.player("H2"); !h2.Complete || h2.Stats[0] != 13 || h2.Name != "Crag" {
		t.Fatalf("H2 entered: %+v", h2)
	}

	// Save the two, load them into the nine slots … twice over: the
	// saved team is shown in the load list and fills slots 1–2.
	s.roster.saveTeam(s.team("home"))
	apptest.Entries(w)[len(apptest.Entries(w))-1].SetText("Quarry Cats")
	apptest.TapButton(t, w, "Save")
	if _, ok := ros[RosterKind+"/Quarry Cats"]; !ok {
		t.Fatalf("the team was not saved: %v", ros)
	}
	saved, err := ParseSavedTeam(ros[RosterKind+"/Quarry Cats"])
	if err != nil || len(saved.Players) != 2 || saved.Players[1].Name != "Crag" {
		t.Fatalf("saved team %+v, %v", saved, err)
	}
	// a full team in the store, loaded by tapping
	full := SavedTeam{Doctor: 9}
	for i := 0; i < 9; i++ {
		full.Players = append(full.Players, SavedPlayer{Name: "Cat " + string(rune('A'+i)), Stats: []int{13, 9, 15, 12, 7, 11, 10}})
	}
	if err := s.roster.putTeam("Full Cats", full); err != nil {
		t.Fatal(err)
	}
	press(t, s, "load-team")
	press(t, s, "load-Full Cats")
	home := s.team("home")
	for _, p := range home.Players {
		if !p.Complete || !strings.HasPrefix(p.Name, "Cat ") {
			t.Fatalf("after loading, %s is %+v", p.ID, p)
		}
	}
	if home.Doctor != "H9" {
		t.Errorf("the loaded team's doctor is %q", home.Doctor)
	}
	press(t, s, "lock-roster")
	apptest.TapButton(t, w, "Lock")
	if !s.team("home").Locked {
		t.Fatalf("home is not locked")
	}
	// the hand-over: nothing of home's roster on the away coach's screen
	press(t, s, "handover")
	if s.seat != "away" {
		t.Fatalf("after the hand-over the tablet acts as %s", s.seat)
	}
	if txt := apptest.Texts(w); strings.Contains(txt, "Cat A") || !strings.Contains(txt, "Home: 9 of 9 filled, locked") {
		t.Errorf("the away coach's screen after the hand-over:\n%s", txt)
	}
}

// ParseSavedTeam refuses damaged records with what is wrong.
func TestParseSavedTeamRefuses(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{`, "read the saved team"},
		{`{"players":[]}`, "1 to 9 players"},
		{`{"players":[{"name":"X","stats":[1,2]}]}`, "has 2 stats"},
		{`{"players":[{"name":"X","stats":[1,2,3,4,5,6,7]}],"doctor":3}`, "doctor 3"},
	} {
		if _, err := ParseSavedTeam([]byte(tc.in)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.in, err, tc.want)
		}
	}
}

// Hand over before a lock: the confirmed hand-over covers the home roster
// at once, and the away roster shows only when the away coach says he
// holds the tablet (the home coach never sees it on the way).
func TestHandOverBeforeLock(t *testing.T) {
	st := console.NewMemStore()
	sess := fromScript(t, st, "rosters", 28) // both teams filled, nobody locked
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	press(t, s, "switch-coach")
	apptest.TapButton(t, w, "Hand over")
	txt := apptest.Texts(w)
	if strings.Contains(txt, "Raider") || strings.Contains(txt, "Bolt") || !strings.Contains(txt, "I am the away coach") {
		t.Fatalf("between the coaches the screen shows:\n%s", txt)
	}
	press(t, s, "handover")
	if s.seat != "away" {
		t.Fatalf("after the hand-over the tablet acts as %s", s.seat)
	}
	if txt := apptest.Texts(w); !strings.Contains(txt, "Raider 1") || strings.Contains(txt, "Bolt") {
		t.Errorf("the away coach's builder shows:\n%s", txt)
	}
}

// A player without a name: each try shows the refusal once, under the
// name, and no pop-up; a lock with slots still to fill names them all in
// one message; a saved team with nameless players is refused in one
// message naming them.
func TestMissingNamesOneMessage(t *testing.T) {
	st := console.NewMemStore()
	sess := fromScript(t, st, "rosters", 2)
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	ros := apptest.MemRosters{}
	s.rosters = ros
	s.Refresh()
	press(t, s, "slot-H3")
	for i := 0; i < 3; i++ {
		press(t, s, "roll-stats")
		apptest.NoButton(t, w, "OK")
	}
	problem := s.labels["new-player-problem"]
	if problem == nil || !problem.Visible() || !strings.Contains(strings.ToLower(problem.Text), "name") {
		t.Fatalf("no message under the name: %+v", problem)
	}
	n := 0
	for _, o := range apptest.Objects(w) {
		if l, ok := o.(*widget.Label); ok && l.Text == problem.Text {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the message %q shows %d times", problem.Text, n)
	}
	if !s.player("H3").Empty {
		t.Fatalf("a nameless player was rolled")
	}
	typeIn(t, s, "name", "Wisp")
	press(t, s, "roll-stats")
	if s.player("H3").Empty {
		t.Fatalf("a named player was not rolled")
	}

	err := s.env.TryAs(s.seat, runeball.CmdLockRoster, nil)
	msg := err.Error()
	if strings.Count(msg, "empty") != 1 || !strings.Contains(msg, "H2") || !strings.Contains(msg, "H9") || !strings.Contains(msg, "H3") {
		t.Errorf("the lock's refusal %q does not name every slot to fill in one message", msg)
	}

	b := []byte(`{"players":[{"name":"Ann","stats":[10,10,10,10,10,10,10]},{"name":"","stats":[10,10,10,10,10,10,10]},{"name":" ","stats":[10,10,10,10,10,10,10]}]}`)
	if err := ros.PutRoster(RosterKind, "Gappy", b); err != nil {
		t.Fatal(err)
	}
	before := s.refusals
	s.roster.useTeam("Gappy")
	if got := strings.Join(strings.Fields(apptest.Texts(w)), " "); !strings.Contains(got, "players 2 and 3 have no name") {
		t.Errorf("no one message naming the nameless players; the screen shows:\n%s", got)
	}
	if got := s.player("H1"); got.Name == "Ann" {
		t.Errorf("part of a refused team was loaded")
	}
	if s.refusals != before {
		t.Errorf("loading the nameless team sent %d refused commands", s.refusals-before)
	}
}
