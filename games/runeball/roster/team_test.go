package roster

import (
	"reflect"
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

// TestRolls: 2d6+4 eight times (RB-F2), from the app's dice, from
// physical dice and from entered totals; the best seven.
func TestRolls(t *testing.T) {
	d := console.NewDice(14)
	r, d6 := Roll(d)
	if d.Rolls() != 16 {
		t.Errorf("Roll drew %d dice, want 16", d.Rolls())
	}
	if back, err := FromDice(d6[:]); err != nil || back != r {
		t.Errorf("FromDice(%v) = %v, %v; Roll gave %v", d6, back, err, r)
	}
	for _, v := range r {
		if v < 6 || v > 16 {
			t.Errorf("total %d out of 6–16", v)
		}
	}
	got, err := FromDice([]int{6, 6, 1, 1, 3, 4, 2, 5, 6, 1, 4, 4, 5, 5, 2, 1})
	if want := (Rolls{16, 6, 11, 11, 11, 12, 14, 7}); err != nil || got != want {
		t.Errorf("FromDice = %v, %v; want %v", got, err, want)
	}
	for _, bad := range [][]int{{1, 2}, {7, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}} {
		if _, err := FromDice(bad); err == nil {
			t.Errorf("FromDice(%v) accepted", bad)
		}
	}
	for _, tt := range []struct {
		in   string
		want Rolls
		err  string
	}{
		{"16,14,13,12,11,9,8,7", Rolls{16, 14, 13, 12, 11, 9, 8, 7}, ""},
		{" 7, 16,8,9,11,12,13,14 ", Rolls{7, 16, 8, 9, 11, 12, 13, 14}, ""},
		{"16,14,13,12,11,9,8", Rolls{}, "rolls needs 8 values from 6 to 16 (2d6+4)"},
		{"16,14,13,12,11,9,8,7,6", Rolls{}, "rolls needs 8 values from 6 to 16 (2d6+4)"},
		{"17,14,13,12,11,9,8,7", Rolls{}, "rolls needs 8 values from 6 to 16 (2d6+4)"},
		{"5,14,13,12,11,9,8,7", Rolls{}, "rolls needs 8 values from 6 to 16 (2d6+4)"},
		{"a,14,13,12,11,9,8,7", Rolls{}, "rolls needs 8 values from 6 to 16 (2d6+4)"},
		{"", Rolls{}, "rolls needs 8 values from 6 to 16 (2d6+4)"},
	} {
		got, err := ParseRolls(tt.in)
		if got != tt.want || errText(err) != tt.err {
			t.Errorf("ParseRolls(%q) = %v, %q; want %v, %q", tt.in, got, errText(err), tt.want, tt.err)
		}
	}
	rolls := Rolls{9, 13, 7, 16, 8, 12, 14, 11}
	kept, dropped := rolls.Best()
	if kept != [7]int{16, 14, 13, 12, 11, 9, 8} || dropped != 7 || rolls.String() != "9,13,7,16,8,12,14,11" {
		t.Errorf("Best = %v, %d", kept, dropped)
	}
	tied := Rolls{10, 10, 10, 10, 10, 10, 10, 10}
	if kept, dropped := tied.Best(); kept != [7]int{10, 10, 10, 10, 10, 10, 10} || dropped != 10 {
		t.Errorf("Best of ties = %v, %d", kept, dropped)
	}
	for _, tt := range []struct {
		s    Stats
		fits bool
	}{
		{Stats{16, 14, 13, 12, 11, 9, 8}, true},
		{Stats{8, 9, 11, 12, 13, 14, 16}, true},
		{Stats{16, 14, 13, 12, 11, 9, 7}, false}, // the dropped one
		{Stats{16, 16, 13, 12, 11, 9, 8}, false}, // a roll twice
		{Stats{17, 14, 13, 12, 11, 9, 8}, false}, // already +1
	} {
		if got := rolls.Fits(tt.s); got != tt.fits {
			t.Errorf("Fits(%v) = %v", tt.s, got)
		}
	}
}

// TestImprovement: the two forms of RB-F3/RB-F4 and RB-D9's refusals.
func TestImprovement(t *testing.T) {
	form := "improve takes two different stats in plus, or one stat in plus and one in raise"
	for _, tt := range []struct {
		plus, raise string
		want        Improvement
		err         string
	}{
		{"mus,spd", "", Improvement{A: MUS, B: SPD}, ""},
		{"WIT, cha", "", Improvement{A: WIT, B: CHA}, ""},
		{"mus", "wit", Improvement{A: MUS, B: WIT, Raise: true}, ""},
		{"mus,mus", "", Improvement{}, form},
		{"mus", "", Improvement{}, form},
		{"", "", Improvement{}, form},
		{"mus,spd,tec", "", Improvement{}, form},
		{"mus,spd", "wit", Improvement{}, form},
		{"", "wit", Improvement{}, form},
		{"str,spd", "", Improvement{}, form},
		{"mus", "str", Improvement{}, form},
		{"mus", "mus", Improvement{}, "raise must name a different stat from plus"},
	} {
		got, err := ParseImprovement(tt.plus, tt.raise)
		if got != tt.want || !strings.HasPrefix(errText(err), tt.err) || (tt.err == "") != (err == nil) {
			t.Errorf("ParseImprovement(%q, %q) = %+v, %q; want %+v, %q", tt.plus, tt.raise, got, errText(err), tt.want, tt.err)
		}
	}
	base := Stats{16, 14, 13, 12, 10, 7, 6}
	for _, tt := range []struct {
		m    Improvement
		want Stats
		err  string
	}{
		{Improvement{A: MUS, B: SKL}, Stats{17, 15, 13, 12, 10, 7, 6}, ""},              // RB-F3: 16 → 17 (stat_max)
		{Improvement{A: SPD, B: TEC, Raise: true}, Stats{16, 14, 14, 12, 10, 8, 6}, ""}, // RB-F4: TEC 7 → 8
		{Improvement{A: TEC, B: CHA, Raise: true}, Stats{16, 14, 13, 12, 10, 8, 8}, ""}, // +1 to the stat below 8, raise another
		{Improvement{A: MUS, B: WIT, Raise: true}, Stats{}, "raise sets a stat below 8 to 8: WIT is 10"},
		{Improvement{A: MUS, B: SKL, Raise: true}, Stats{}, "raise sets a stat below 8 to 8: SKL is 14"},
		{Improvement{A: MUS, B: MUS}, Stats{}, form},
		{Improvement{A: MUS, B: MUS, Raise: true}, Stats{}, "raise must name a different stat from plus"},
	} {
		err := tt.m.Check(base)
		if errText(err) != tt.err {
			t.Errorf("%v.Check = %q, want %q", tt.m, errText(err), tt.err)
			continue
		}
		if err == nil {
			if got := tt.m.Apply(base); got != tt.want {
				t.Errorf("%v.Apply = %v, want %v", tt.m, got, tt.want)
			}
		}
	}
	if s := (Improvement{A: MUS, B: WIT, Raise: true}).String() + " " + (Improvement{A: MUS, B: SPD}).String(); s != "plus=mus raise=wit plus=mus,spd" {
		t.Errorf("String = %q", s)
	}
}

// TestSlots: H1…H9 and A1…A9, case-insensitive input (§2.1).
func TestSlots(t *testing.T) {
	for in, want := range map[string]Slot{"H1": {Home, 1}, "h9": {Home, 9}, " a5 ": {Away, 5}} {
		if got, err := ParseSlot(in); err != nil || got != want {
			t.Errorf("ParseSlot(%q) = %v, %v", in, got, err)
		}
	}
	for _, in := range []string{"H0", "H10", "B1", "", "1H", "HH"} {
		if _, err := ParseSlot(in); err == nil {
			t.Errorf("ParseSlot(%q) accepted", in)
		}
	}
	if s := (Slot{Away, 3}).String(); s != "A3" || Away.Seat() != "away" || Home.Seat() != "home" {
		t.Errorf("names %q", s)
	}
}

// step is one roster command in a team test.
type step struct {
	cmd  string // enter, roll, assign, improve, name, remove, doctor, lock
	slot string
	arg  string // stats "13 9 15 …", rolls "16,14,…", improvement "plus raise", a name
	want string // "" = accepted; otherwise a text the refusal must contain (§2.7)
}

func stats(s string) Stats {
	var out Stats
	for i, f := range strings.Fields(s) {
		n := 0
		for _, c := range f {
			n = n*10 + int(c-'0')
		}
		out[i] = n
	}
	return out
}

func run(t *testing.T, tm *Team, st step) error {
	t.Helper()
	sl, err := ParseSlot(st.slot)
	if err != nil && st.cmd != "doctor" && st.cmd != "lock" {
		t.Fatal(err)
	}
	switch st.cmd {
	case "enter":
		name, rest, _ := strings.Cut(st.arg, ":")
		return tm.EnterPlayer(sl, name, stats(rest), "", "")
	case "roll":
		name, rest, _ := strings.Cut(st.arg, ":")
		r, err := ParseRolls(rest)
		if err != nil {
			return err
		}
		return tm.RollStats(sl, name, r)
	case "assign":
		return tm.AssignStats(sl, stats(st.arg))
	case "improve":
		plus, raise, _ := strings.Cut(st.arg, " ")
		m, err := ParseImprovement(plus, raise)
		if err != nil {
			return err
		}
		return tm.Improve(sl, m)
	case "name":
		return tm.NamePlayer(sl, &st.arg, nil, nil)
	case "remove":
		return tm.RemovePlayer(sl)
	case "doctor":
		if st.slot == "none" {
			return tm.SetDoctor(nil)
		}
		return tm.SetDoctor(&sl)
	case "lock":
		return tm.Lock()
	}
	t.Fatalf("unknown step %q", st.cmd)
	return nil
}

// TestTeamRefusals: the roster commands' refusals of §2.7, each
// containing the spec's wording.
func TestTeamRefusals(t *testing.T) {
	const rolls = "Ana:9,13,7,16,8,12,14,11"
	tests := []struct {
		name  string
		steps []step
	}{
		{"enter-player range", []step{{"enter", "H1", "Ana:18 10 10 10 10 10 10", "MUS must be 6–17 (got 18)"}, {"enter", "H1", "Ana:10 10 10 10 10 10 5", "CHA must be 6–17 (got 5)"}}},
		{"enter-player name", []step{{"enter", "H1", " :10 10 10 10 10 10 10", "name is required"}, {"roll", "H1", ":" + rolls[4:], "name is required"}}},
		{"enter-player twice", []step{{"enter", "H1", "Ana:10 10 10 10 10 10 10", ""}, {"enter", "H1", "Bo:10 10 10 10 10 10 10", "H1 already has stats (remove-player H1 to start again)"}}},
		{"other team's slot", []step{{"enter", "A1", "Ana:10 10 10 10 10 10 10", "A1 is away's player"}}},
		{"roll-stats values", []step{{"roll", "H1", "Ana:16,14,13,12,11,9,8", "rolls needs 8 values from 6 to 16 (2d6+4)"}}},
		{"roll-stats twice", []step{{"roll", "H1", rolls, ""}, {"roll", "H1", rolls, "H1 already has stats (remove-player H1 to start again)"}}},
		{"assign without rolls", []step{{"assign", "H1", "16 14 13 12 11 9 8", "H1 has no rolls (roll-stats first)"}}},
		{"assign wrong values", []step{{"roll", "H1", rolls, ""}, {"assign", "H1", "16 14 13 12 11 9 7", "H1's stats must be the seven best rolls 16,14,13,12,11,9,8 in any order (7 is dropped)"}}},
		{"assign entered", []step{{"enter", "H2", "Ana:10 10 10 10 10 10 10", ""}, {"assign", "H2", "16 14 13 12 11 9 8", "H2 was entered with final stats"}}},
		{"assign again before improve", []step{{"roll", "H1", rolls, ""}, {"assign", "H1", "16 14 13 12 11 9 8", ""}, {"assign", "H1", "8 9 11 12 13 14 16", ""},
			{"improve", "H1", "mus,spd", ""}, {"assign", "H1", "16 14 13 12 11 9 8", "H1 is already improved"}}},
		{"improve form", []step{{"roll", "H1", "Ana:6,13,7,16,8,12,14,11", ""}, {"assign", "H1", "16 14 13 12 11 8 7", ""},
			{"improve", "H1", "mus", "improve takes two different stats in plus, or one stat in plus and one in raise"},
			{"improve", "H1", "mus,mus", "improve takes two different stats in plus, or one stat in plus and one in raise"},
			{"improve", "H1", "mus mus", "raise must name a different stat from plus"},
			{"improve", "H1", "mus wit", "raise sets a stat below 8 to 8: WIT is 11"},
			{"improve", "H1", "mus tec", "raise sets a stat below 8 to 8: TEC is 8"},
			{"improve", "H1", "mus cha", ""}, {"improve", "H1", "mus,spd", "H1 is already improved"}}},
		{"improve before assign", []step{{"improve", "H1", "mus,spd", "assign H1's stats first"}, {"roll", "H1", rolls, ""}, {"improve", "H1", "mus,spd", "assign H1's stats first"}}},
		{"improve entered", []step{{"enter", "H1", "Ana:10 10 10 10 10 10 10", ""}, {"improve", "H1", "mus,spd", "H1 was entered with final stats"}}},
		{"remove and start again", []step{{"roll", "H1", rolls, ""}, {"remove", "H1", "", ""}, {"roll", "H1", rolls, ""}}},
		{"name-player", []step{{"name", "H1", "Bo", "H1 is empty"}, {"enter", "H1", "Ana:10 10 10 10 10 10 10", ""}, {"name", "H1", " ", "name is required"}, {"name", "H1", "Bo", ""}}},
		{"lock empty", []step{{"enter", "H1", "Ana:10 10 10 10 10 10 10", ""}, {"lock", "", "", "a team has 9 players: H2, H3, H4, H5, H6, H7, H8 and H9 are empty"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tm := NewTeam(Home)
			for i, st := range tt.steps {
				before := tm
				err := run(t, &tm, st)
				if st.want == "" && err != nil {
					t.Fatalf("step %d %v: %v", i, st, err)
				}
				if st.want != "" {
					if err == nil || !strings.Contains(err.Error(), st.want) {
						t.Fatalf("step %d %v: %v, want %q", i, st, err, st.want)
					}
					if tm != before {
						t.Fatalf("step %d %v: refused but changed the team", i, st)
					}
				}
			}
		})
	}
}

// TestFullTeam: nine players, the lock checks (l. 44, RB-F12), the
// doctor (RB-D42), and every command refused once locked.
func TestFullTeam(t *testing.T) {
	tm := NewTeam(Away)
	must := func(st step) {
		t.Helper()
		if err := run(t, &tm, st); errText(err) != st.want && !strings.Contains(errText(err), st.want) || (st.want == "") != (err == nil) {
			t.Fatalf("%v: %v, want %q", st, err, st.want)
		}
	}
	for n := 1; n <= 9; n++ {
		id := "A" + string(rune('0'+n))
		if n%2 == 0 {
			must(step{"enter", id, "P:13 9 15 12 7 11 10", ""})
		} else {
			must(step{"roll", id, "P:9,13,7,16,8,12,14,11", ""})
		}
	}
	must(step{"lock", "", "", "the stats of A1, A3, A5, A7 and A9 are not assigned"})
	for n := 1; n <= 9; n += 2 {
		must(step{"assign", "A" + string(rune('0'+n)), "13 9 16 12 8 11 14", ""})
	}
	must(step{"improve", "A3", "spd,tec", ""})
	must(step{"doctor", "A9", "", ""})
	must(step{"doctor", "H9", "", "H9 is home's player"})
	must(step{"lock", "", "", ""})
	if !tm.Locked || tm.Doctor != 9 {
		t.Errorf("locked %v doctor %d", tm.Locked, tm.Doctor)
	}
	for _, st := range []step{
		{"enter", "A1", "P:10 10 10 10 10 10 10", "the roster is locked"},
		{"roll", "A1", "P:9,13,7,16,8,12,14,11", "the roster is locked"},
		{"assign", "A1", "13 9 16 12 8 11 14", "the roster is locked"},
		{"improve", "A1", "mus,spd", "the roster is locked"},
		{"name", "A1", "Q", "the roster is locked"},
		{"remove", "A1", "", "the roster is locked"},
		{"doctor", "A1", "", "the roster is locked"},
		{"doctor", "none", "", "the roster is locked"},
		{"lock", "", "", "the roster is locked"},
	} {
		must(st)
	}
	p := tm.Player(3)
	if want := (Stats{13, 9, 17, 12, 8, 12, 14}); p.Stats() != want || p.Base != (Stats{13, 9, 16, 12, 8, 11, 14}) {
		t.Errorf("A3 stats %v base %v", p.Stats(), p.Base)
	}
	if p.Derived() != Derive(p.Stats()) || p.Derived().Move != 7 {
		t.Errorf("A3 derived %+v", p.Derived())
	}
	if got := tm.Player(2).Derived(); got != Derive(Stats{13, 9, 15, 12, 7, 11, 10}) {
		t.Errorf("A2 derived %+v", got)
	}
	if (Player{}).Derived() != (Derived{}) || tm.Player(0) != (Player{}) || tm.Player(10) != (Player{}) {
		t.Error("empty players")
	}
}

// TestDoctorGoesWithThePlayer: removing the doctor's player clears the
// doctor (RB-D42).
func TestDoctorGoesWithThePlayer(t *testing.T) {
	tm := NewTeam(Home)
	sl := Slot{Home, 4}
	if err := tm.SetDoctor(&sl); err != nil {
		t.Fatal(err)
	}
	if err := tm.RemovePlayer(Slot{Home, 3}); err != nil || tm.Doctor != 4 {
		t.Fatalf("doctor %d, %v", tm.Doctor, err)
	}
	if err := tm.RemovePlayer(sl); err != nil || tm.Doctor != 0 {
		t.Fatalf("doctor %d, %v", tm.Doctor, err)
	}
	if err := tm.SetDoctor(&sl); err != nil || tm.SetDoctor(nil) != nil || tm.Doctor != 0 {
		t.Fatal("set-doctor none")
	}
	if !reflect.DeepEqual(tm, NewTeam(Home)) {
		t.Errorf("team %+v", tm)
	}
}
