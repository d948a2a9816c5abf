package lorscreen

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// treeTexts returns every visible text under o: labels, texts, rich
// texts, buttons, walking containers and widgets' renderers.
func treeTexts(o fyne.CanvasObject) []string {
	var out []string
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch x := o.(type) {
		case *widget.Label:
			out = append(out, x.Text)
		case *canvas.Text:
			out = append(out, x.Text)
		case *widget.RichText:
			out = append(out, x.String())
		case *widget.Button:
			out = append(out, x.Text)
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c)
			}
			return
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c)
			}
			return
		}
	}
	walk(o)
	return out
}

// spokenToAsAPlayer are words a spectator's screen must not say: it has
// no side, no turn, no opponent and no enemy.
var spokenToAsAPlayer = []string{"you play", "your", "opponent", "enemy"}

// TestSpectatorIsNotSpokenToAsAPlayer plays the whole two-player tutorial
// (setup, every phase, undo requests, the end proposal, the objectives,
// the game over) with a spectator's screen open on the same game: after
// every command no text of its widget tree, its teams dialog, its menu or
// its hint (shown or not) speaks to it as a player; it names the teams by
// their players and says it watches.
func TestSpectatorIsNotSpokenToAsAPlayer(t *testing.T) {
	sc := conformance.LoadScripts(t, filepath.Join("..", "..", "games", "landsofruin", "testdata", "two-player-tutorial.jsonl"))[0]
	sess, err := console.Create(landsofruin.New(), sc.Setup, console.Options{Store: console.NewMemStore()})
	if err != nil {
		t.Fatal(err)
	}
	s, f, _ := newTestScreen(t, sess, FixedSeat{Seat: console.Public})
	sawTeams, sawWatching := false, false
	check := func(when string) {
		t.Helper()
		s.Refresh()
		all := treeTexts(f.win.Content())
		all = append(all, treeTexts(s.enemy.Object())...)
		all = append(all, s.phaseBtn.Title, s.phaseBtn.Sub, s.hintText.Text)
		for _, it := range s.menuItems() {
			all = append(all, it.Label)
		}
		for _, txt := range all {
			low := strings.ToLower(txt)
			for _, bad := range spokenToAsAPlayer {
				if strings.Contains(low, bad) {
					t.Errorf("%s: the spectator's screen says %q", when, txt)
				}
			}
			sawTeams = sawTeams || strings.Contains(txt, "bob's team · 2 cards")
			sawWatching = sawWatching || strings.HasPrefix(txt, "You are watching (spectator): ")
		}
		if s.phaseBtn.Kind == phaseMine || s.phaseBtn.Kind == phaseTheirs {
			t.Errorf("%s: the phase indicator is coloured as a player's (%v)", when, s.phaseBtn.Kind)
		}
		for _, it := range s.menuItems() {
			if strings.HasPrefix(it.Label, "Undo") && !it.Disabled {
				t.Errorf("%s: a spectator is offered %q", when, it.Label)
			}
		}
		if len(f.failed) > 0 {
			t.Fatalf("%s: failures %v", when, f.failed)
		}
	}
	check("opened")
	for i, st := range sc.Steps {
		_, err := sess.Do(st.Seat, st.Cmd)
		if st.Reject != (err != nil) {
			t.Fatalf("step %d (%s by %s): %v", i, st.Cmd.Name, st.Seat, err)
		}
		check(string(st.Seat) + " " + st.Cmd.Name)
	}
	if !sawTeams || !sawWatching {
		t.Errorf("never named bob's team (%v) or said it watches (%v)", sawTeams, sawWatching)
	}
	if s.view.Phase != landsofruin.PhaseOver {
		t.Errorf("the tutorial did not end: phase %q", s.view.Phase)
	}
}

// TestSpectatorFrameGetsTheSpectatorsScreen: a play frame opened as the
// spectator (play.Frame{Seat: console.Public}) shows the public view as a
// spectator's screen, teams named by their players.
func TestSpectatorFrameGetsTheSpectatorsScreen(t *testing.T) {
	a := test.NewTempApp(t)
	st := console.NewMemStore()
	p := newPlayer(t, st, a)
	sess := replayInto(t, filepath.Join("testdata", "midgame.jsonl"), st)
	// The app's way: a frame with Frame.Seat = console.Public.
	p.u.ShowGameAs(console.NewLocal(sess), console.Public)
	s := p.screen()
	if !s.watching() || s.Holder() != console.Public {
		t.Fatalf("the spectator's frame shows %q's screen", s.Holder())
	}
	text := strings.Join(treeTexts(p.w.Content()), "\n")
	for _, want := range []string{"You are watching (spectator)", "alice's team", "bob's team"} {
		if !strings.Contains(text, want) {
			t.Errorf("the spectator's frame lacks %q:\n%s", want, text)
		}
	}
	for _, bad := range spokenToAsAPlayer {
		if strings.Contains(strings.ToLower(text), bad) {
			t.Errorf("the spectator's frame says %q:\n%s", bad, text)
		}
	}
	// The teams dialog is titled for a spectator too.
	test.Tap(s.enemyBtn)
	if got := strings.ToLower(strings.Join(treeTexts(p.w.Canvas().Overlays().Top()), "\n")); strings.Contains(got, "enemy") {
		t.Errorf("the teams dialog speaks of an enemy:\n%s", got)
	}
}
