package runeballscreen

import (
	"flag"
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball"
)

var matchSeeds = flag.Int("match.seeds", 1, "whole matches TestWholeMatchByTapping plays")

// A whole match played on one tablet through the screen only: after the
// rosters (entered by command), every step is a button or a cell of the
// field the screen offers, chosen at random: the Keshat, the kickoff
// choice, the set-ups, the kicks, every prompt, every action with its
// path or target. No tap is refused and every match reaches full time.
func TestWholeMatchByTapping(t *testing.T) {
	for seed := 1; seed <= *matchSeeds; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { wholeMatch(t, int64(seed)) })
	}
}

func wholeMatch(t *testing.T, seed int64) {
	st := console.NewMemStore()
	sess, err := console.Create(runeball.New(), console.Setup{Title: "Cup", Seed: uint64(seed), Seats: []console.Seat{"home", "away"},
		Options: map[string]string{runeball.OptRounds: "2"}}, console.Options{Store: st, Clock: apptest.Clock})
	if err != nil {
		t.Fatal(err)
	}
	for _, tm := range []string{"home", "away"} {
		for i := 1; i <= 9; i++ {
			apptest.DoAs(t, sess, console.Seat(tm), runeball.CmdEnterPlayer, map[string]any{"player": fmt.Sprintf("%c%d", strings.ToUpper(tm)[0], i),
				"name": fmt.Sprintf("%s %d", tm, i), "mus": 8 + i, "skl": 9, "spd": 16 - i, "tou": 12, "wit": 10, "tec": 11, "cha": 10})
		}
		apptest.DoAs(t, sess, console.Seat(tm), runeball.CmdLockRoster, nil)
	}
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	rnd := rand.New(rand.NewSource(seed))
	pick := func(xs []string) string { return xs[rnd.Intn(len(xs))] }
	pressIf := func(name string) bool {
		if b := s.buttons[name]; b != nil && !b.Disabled() && b.Visible() {
			press(t, s, name)
			return true
		}
		return false
	}
	words := newWordsChecker(t, w)
	steps := 0
	for ; s.view.Phase != runeball.PhaseOver; steps++ {
		words.check(fmt.Sprintf("seed %d step %d", seed, steps))
		if steps > 6000 {
			t.Fatalf("no full time after %d steps: %s", steps, s.view.Next)
		}
		if s.refusals > 0 {
			t.Fatalf("step %d: a tap was refused; next: %s\n%s", steps, s.view.Next, apptest.Texts(w))
		}
		v := s.view
		if p := v.Prompt; p != nil {
			if !p.YouAnswer {
				t.Fatalf("the hot-seat tablet cannot answer %q (acting as %s)", p.Text, s.seat)
			}
			if p.Kind == runeball.PromptDice {
				press(t, s, "roll")
			} else {
				press(t, s, fmt.Sprintf("answer-%d", rnd.Intn(len(p.Answers))))
			}
			continue
		}
		switch v.Phase {
		case runeball.PhaseStart:
			if v.KeshatWinner == "" {
				press(t, s, pick([]string{"keshat-home", "keshat-away"}))
			} else {
				press(t, s, pick([]string{"kick", "receive"}))
			}
		case runeball.PhaseSetup:
			tapSetup(t, s, rnd)
		case runeball.PhaseKickoff:
			tapCell(t, s, pick(v.Cells))
			press(t, s, "kick-here")
		case runeball.PhaseStoppage:
			press(t, s, "ready-stoppage")
		case runeball.PhasePlay:
			a := v.Acting
			if a == nil {
				t.Fatalf("play with no prompt and no acting player: %s", v.Next)
			}
			var acts []string
			for name, b := range s.buttons {
				if strings.HasPrefix(name, "act-") && !b.Disabled() && s.onShow(b) {
					acts = append(acts, name)
				}
			}
			sort.Strings(acts)
			if len(acts) == 0 {
				t.Fatalf("%s acts with no action button", a.Player)
			}
			act := pick(acts)
			if act == "act-"+runeball.CmdEndActivation && len(acts) > 1 && rnd.Intn(3) > 0 {
				act = pick(acts) // rather do something
			}
			press(t, s, act)
			switch strings.TrimPrefix(act, "act-") {
			case runeball.CmdMove:
				n := 1 + rnd.Intn(3)
				for i := 0; i < n; i++ {
					next := s.nextSteps()
					if len(next) == 0 {
						break
					}
					tapCell(t, s, pick(next))
				}
				if len(s.path) == 0 || !(pressIf("go") || pressIf("go-full") || pressIf("go-half")) {
					press(t, s, "cancel")
					press(t, s, "act-"+runeball.CmdEndActivation)
				}
			case runeball.CmdBlock:
				tapCell(t, s, s.player(pick(a.BlockTargets)).Cell)
			case runeball.CmdPass:
				tapCell(t, s, s.player(pick(a.PassTargets)).Cell)
				press(t, s, "pass-to")
			case runeball.CmdHandoff:
				tapCell(t, s, s.player(pick(a.HandoffTo)).Cell)
			}
		default:
			t.Fatalf("phase %s", v.Phase)
		}
	}
	if s.refusals > 0 {
		t.Fatalf("a tap was refused at the end: %s", s.view.Next)
	}
	if !strings.HasPrefix(s.next.Text, "Full time") || !strings.HasPrefix(s.title.Text, "Home ") {
		t.Errorf("the bar at the end: %q, %q", s.title.Text, s.next.Text)
	}
	t.Logf("seed %d: full time after %d steps: %s", seed, steps, s.view.Next)
}

// onShow reports whether b is in the panel drawn now (the button map
// keeps buttons of earlier draws).
func (s *Screen) onShow(b fyne.CanvasObject) bool {
	found := false
	apptest.Walk(s.actBox, func(o fyne.CanvasObject) {
		if o == b {
			found = true
		}
	})
	return found
}

// tapSetup places the team's seven by tapping (the first on a kicker
// cell for the kicking team), names the kicker and taps Ready.
func tapSetup(t *testing.T, s *Screen, rnd *rand.Rand) {
	t.Helper()
	v := s.view
	me := s.team(v.You)
	kicking := v.Kicking == v.You
	placed := 0
	for _, p := range me.Players {
		if p.OnField {
			placed++
		}
	}
	for _, p := range me.Players {
		if placed >= runeball.OnFieldPlayers {
			break
		}
		if p.OnField || p.Out {
			continue
		}
		press(t, s, "bench-"+p.ID)
		cells := s.view.Cells
		if kicking && len(s.view.KickerCells) > 0 && !s.kickerNamed() {
			cells = s.view.KickerCells
		}
		tapCell(t, s, cells[rnd.Intn(len(cells))])
		if kicking && !s.kickerNamed() {
			tapCell(t, s, s.player(p.ID).Cell)
			press(t, s, "set-kicker")
		}
		placed++
	}
	press(t, s, "ready-setup")
}
