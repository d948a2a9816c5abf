package runeballscreen

import (
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball"
)

// A tablet that plays one coach (a LAN tablet, or a game opened as a
// seat) acts as that coach only: in the other coach's activation it
// offers no action, and it answers the defence its coach is asked for.
func TestOneCoachTablet(t *testing.T) {
	st := console.NewMemStore()
	sess := fromScript(t, st, "block", 69)
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGameAs(console.NewLocal(sess), "away")
	s := screenOf(t, u)
	if s.seat != "away" {
		t.Fatalf("the away tablet acts as %s", s.seat)
	}
	for name := range s.buttons {
		if strings.HasPrefix(name, "act-") && s.buttons[name].Visible() {
			t.Errorf("the away tablet offers %s in H4's activation", name)
		}
	}
	apptest.WantText(t, w, "Waiting for the home coach")
	apptest.DoShown(t, u, sess, "home", runeball.CmdBlock, map[string]any{"player": "H4", "target": "A1"})
	if s.seat != "away" || s.view.Prompt == nil || !s.view.Prompt.YouAnswer {
		t.Fatalf("the defence is not asked on the away tablet: %+v", s.view.Prompt)
	}
	answer(t, s, s.view.Prompt.Answers[1].Label) // Dodge
	if p := s.view.Prompt; p == nil || p.Kind != runeball.PromptDice {
		t.Fatalf("after the defence: %+v", p)
	}
}

// During the rosters a one-coach tablet shows its own roster and the
// other only as slots filled, with no hand-over.
func TestOneCoachTabletRoster(t *testing.T) {
	st := console.NewMemStore()
	sess := fromScript(t, st, "rosters", 19)
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGameAs(console.NewLocal(sess), "away")
	s := screenOf(t, u)
	if _, ok := s.buttons["switch-coach"]; ok {
		t.Errorf("a one-coach tablet offers the hand-over")
	}
	txt := apptest.Texts(w)
	if strings.Contains(txt, "Bolt") || !strings.Contains(txt, "Home: 9 of 9 filled, building") {
		t.Errorf("the away tablet during the rosters shows:\n%s", txt)
	}
}
