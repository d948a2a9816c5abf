package lorscreen

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/app/lorphase"
	"github.com/commandconsole/commandconsole/app/lorsetup"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// registerOnce registers the screen and the new-game page as the app's
// root does.
var registerOnce sync.Once

func register() {
	registerOnce.Do(func() {
		play.Register(landsofruin.ID, New)
		home.RegisterNewGame(landsofruin.ID, NewGame)
	})
}

// player drives the whole app by tapping, as a player would.
type player struct {
	t  *testing.T
	u  *shell.UI
	w  fyne.Window
	st console.Store
}

// movingClock is a wall clock that moves two seconds at every reading, so
// the phase indicator's double-tap lock never holds a deliberate tap.
func movingClock() func() time.Time {
	var mu sync.Mutex
	now := time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC)
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		now = now.Add(2 * time.Second)
		return now
	}
}

func newPlayer(t *testing.T, st console.Store, a fyne.App) *player {
	t.Helper()
	register()
	w := a.NewWindow("Command Console")
	w.Resize(fyne.NewSize(1280, 800))
	u := shell.New(a, w, shell.Config{Store: st, Clock: movingClock()}, home.New)
	u.Start()
	t.Cleanup(w.Close)
	return &player{t: t, u: u, w: w, st: st}
}

// tappable is something on screen a player can tap, with its text.
type tappable struct {
	text     string
	disabled bool
	obj      fyne.Tappable
}

// tappables lists what can be tapped on screen, dialogs last.
func (p *player) tappables() []tappable {
	var out []tappable
	for _, o := range apptest.Objects(p.w) {
		switch x := o.(type) {
		case *widget.Button:
			out = append(out, tappable{x.Text, x.Disabled(), x})
		case *lorphase.Tile:
			out = append(out, tappable{x.Title, x.Disabled, x})
		case *lorsetup.Tile:
			out = append(out, tappable{x.Title, x.Disabled != "", x})
		case *kit.Tile:
			out = append(out, tappable{x.Title, false, x})
		}
	}
	return out
}

// find returns the topmost enabled thing titled text.
func (p *player) find(text string) (fyne.Tappable, bool) {
	ts := p.tappables()
	for i := len(ts) - 1; i >= 0; i-- {
		if ts[i].text == text && !ts[i].disabled {
			return ts[i].obj, true
		}
	}
	return nil, false
}

// tap taps the topmost enabled thing titled text, failing with what there
// is to tap when there is none.
func (p *player) tap(text string) {
	p.t.Helper()
	o, ok := p.find(text)
	if !ok {
		var all []string
		for _, x := range p.tappables() {
			s := fmt.Sprintf("%q", x.text)
			if x.disabled {
				s += "(off)"
			}
			all = append(all, s)
		}
		p.t.Fatalf("nothing to tap titled %q; on screen: %s\ntexts:\n%s", text, strings.Join(all, " "), apptest.Texts(p.w))
	}
	test.Tap(o)
}

// tapPrefix taps the topmost enabled thing whose title starts with prefix.
func (p *player) tapPrefix(prefix string) {
	p.t.Helper()
	ts := p.tappables()
	for i := len(ts) - 1; i >= 0; i-- {
		if strings.HasPrefix(ts[i].text, prefix) && !ts[i].disabled {
			test.Tap(ts[i].obj)
			return
		}
	}
	p.tap(prefix) // fails, listing what there is
}

// screen is the Lands of Ruin screen on show.
func (p *player) screen() *Screen {
	p.t.Helper()
	h := p.u.Game()
	if h == nil {
		p.t.Fatalf("no game on show (%T)", p.u.Current())
	}
	switch s := h.Screen().(type) {
	case *Screen:
		return s
	case hotScreen:
		return s.Screen
	}
	p.t.Fatalf("the game screen is a %T", h.Screen())
	return nil
}

// takeTablet taps through the hand-over screen to seat.
func (p *player) takeTablet(seat string) {
	p.t.Helper()
	next, handing := p.screen().HandingOver()
	if !handing || string(next) != seat {
		p.t.Fatalf("want the tablet handed to %s; handing %v to %s; screen: %s", seat, handing, next, apptest.Texts(p.w))
	}
	p.tap("I am " + seat)
}

// tapMenu opens the screen's menu and taps its item labelled label.
func (p *player) tapMenu(label string) {
	p.t.Helper()
	test.Tap(p.screen().menuBtn)
	var seen []string
	for _, o := range p.w.Canvas().Overlays().List() {
		// The innermost tappable holding the label: the item, not the
		// pop-up around it (a tap on which closes the menu).
		var hit fyne.Tappable
		apptest.Walk(o, func(x fyne.CanvasObject) {
			tp, ok := x.(fyne.Tappable)
			if !ok {
				return
			}
			apptest.Walk(x, func(y fyne.CanvasObject) {
				if t, ok := y.(*canvas.Text); ok && t.Text == label {
					hit = tp
				}
			})
		})
		apptest.Walk(o, func(y fyne.CanvasObject) {
			if t, ok := y.(*canvas.Text); ok {
				seen = append(seen, t.Text)
			}
		})
		if hit != nil {
			test.Tap(hit)
			return
		}
	}
	p.t.Fatalf("no menu item %q; the menu has %q", label, seen)
}

// endPhase taps the end-phase button and confirms.
func (p *player) endPhase(phase string) {
	p.t.Helper()
	p.tap("End " + phase)
	p.tap("End " + phase) // the confirmation's button
}

// view is seat's view now.
func (p *player) view(seat string) landsofruin.View {
	p.t.Helper()
	st, err := p.u.Game().Game().State(console.Seat(seat))
	if err != nil {
		p.t.Fatal(err)
	}
	return st.View.(landsofruin.View)
}

// TestTutorialPlayedByTapping plays the two-player tutorial on one tablet
// from the home screen to the battle report, by tapping only: the new-game
// wizard, each player's setup behind a hand-over, moves, a shortcut, an
// Environment phase with a Rotter attack entered, an attack with its dice
// entered on the pad and the hit it leaves, the end of the game agreed,
// the objectives, and the report.
func TestTutorialPlayedByTapping(t *testing.T) {
	fixedSeed = 7
	t.Cleanup(func() { fixedSeed = 0 })
	st := console.NewMemStore()
	p := newPlayer(t, st, test.NewTempApp(t))
	const p1, p2 = "Player 1", "Player 2"

	// Screenshots for the README when CC_CAPTURE_DIR is set.
	shot := func(string) {}
	if dir := os.Getenv("CC_CAPTURE_DIR"); dir != "" {
		// p.w is read at each shot: the app is reopened on the way.
		shot = func(what string) { apptest.Shooter(t, dir, "lor", p.w)(what) }
	}

	// New game: the wizard's pickers.
	p.tap("Lands of Ruin")
	p.tap("Two player tutorial")
	shot("newgame")
	p.tap("Create game")
	shot("handover-setup")
	p.takeTablet(p1)

	// Setup, Player 1 then Player 2.
	p.tap("Reclaimers")
	shot("setup-role")
	p.tap("Sit at the south side")
	shot("setup-team")
	p.tapPrefix("Tutorial: Reclaimers")
	p.tap("I am ready")
	p.tap("I am ready") // the confirmation
	p.takeTablet(p2)
	p.tap("Baleans")
	p.tap("Sit at the north side")
	p.tapPrefix("Tutorial: Baleans")
	p.tap("I am ready")
	p.tap("I am ready") // the confirmation
	if v := p.view(p1); v.Phase != landsofruin.PhaseAction {
		t.Fatalf("after setup the game is in %q", v.Phase)
	}

	// Turn 1, Player 1: both characters onto the table, the Sync and
	// Command phases (a team shortcut), then the Environment phase.
	p.takeTablet(p1)
	p.tap("Sister Aurel")
	p.tap("I")
	p.tap("Signaller Hale")
	p.tap("I")
	p.endPhase("Action phase")
	p.endPhase("Sync phase")
	p.tapPrefix("Open fire")
	p.endPhase("Command phase")
	// The Environment phase: a Rager reaches Sister Aurel.
	p.tap("Sister Aurel (Player 1)")
	p.tap("Rager")
	p.tap("Enter 1 × Rager on Sister Aurel")
	entered := false
	for _, e := range p.view(p1).Environment {
		entered = entered || (e.Source == "rotter" && e.Kind == "fast" && e.Count == 1 && e.Character != "")
	}
	if !entered {
		t.Fatalf("the Rager's attack is not entered: %+v", p.view(p1).Environment)
	}
	p.endPhase("Environment phase")

	// The app is closed and opened again: the game is in Continue, and it
	// opens on the hand-over screen for the player whose turn it is.
	p.u.Checkpoint()
	p = newPlayer(t, st, test.NewTempApp(t))
	p.tap("Two player tutorial")

	// Turn 1, Player 2, after the hand-over: onto the table, Skarn told
	// to shoot next turn.
	p.takeTablet(p2)
	p.tap("Skarn")
	p.tap("C")
	p.tap("Vrask the Pusher")
	p.tap("F")
	p.endPhase("Action phase")
	p.endPhase("Sync phase")
	p.tap("Open fire")
	p.endPhase("Command phase")
	p.endPhase("Environment phase")

	// Turn 2, Player 1: Signaller Hale shoots Skarn; the dice are entered
	// on the pad; the hit waits, unresolved, on Skarn.
	p.takeTablet(p1)
	p.tap("Signaller Hale")
	p.tap("Attack")
	p.tap("semi auto")
	p.tap("Skarn, in section C (north street)")
	p.tap("Mid (up to 20\")")
	p.tap("Declare the attack")
	skarn := func(seat string) landsofruin.CharView {
		for _, c := range p.view(seat).Characters {
			if c.Name == "Skarn" {
				return c
			}
		}
		t.Fatalf("%s does not see Skarn", seat)
		return landsofruin.CharView{}
	}
	before := skarn(p2).UnresolvedHits
	shot("attack-dice")
	p.tap("20")
	p.tap("Enter the dice")
	shot("attack-result")
	if h := skarn(p2).UnresolvedHits; h <= before {
		t.Fatalf("Skarn has %d unresolved hits after a 20, had %d", h, before)
	}
	apptest.WantText(t, p.w, "Signaller Hale's attack: Skarn rolls 20")
	p.endPhase("Action phase")
	p.endPhase("Sync phase")
	p.endPhase("Command phase")
	p.endPhase("Environment phase")

	// Turn 2, Player 2: the hit is resolved at the start of the Command
	// phase, and the card says what it did.
	p.takeTablet(p2)
	p.endPhase("Action phase")
	p.endPhase("Sync phase")
	if c := skarn(p2); c.UnresolvedHits != 0 || c.Own == nil || len(c.Own.Results) == 0 {
		t.Fatalf("Skarn's hit not resolved in the Command phase: %+v", c)
	}

	// The end: Player 2 proposes it from the menu, Player 1 agrees after
	// a hand-over, each marks the objective and says ready.
	p.tapMenu("Propose to end the game")
	p.tap("Propose to end")
	p.takeTablet(p1)
	p.tap("Agree to end")
	if v := p.view(p1); v.Phase != landsofruin.PhaseObjectives {
		t.Fatalf("after the end was agreed the game is in %q", v.Phase)
	}
	p.tap("+1")
	p.tap("Ready: my objectives are marked")
	p.takeTablet(p2)
	p.tap("+1")
	p.tap("Ready: my objectives are marked")
	if v := p.view(p1); v.Phase != landsofruin.PhaseOver || len(v.Result) != 2 {
		t.Fatalf("after both were ready the game is in %q with result %+v", v.Phase, v.Result)
	}
	// The shared tablet shows the result, not the last player's screen;
	// a player opens their own.
	apptest.WantText(t, p.w, "The game is over")
	p.tap("I am " + p1)

	// A picture of the table for the report, then the report, from the
	// menu.
	p.tapMenu("Add a picture of the table to the report")
	p.tapMenu("Battle report")
	shot("report")
	rs, ok := p.u.Current().(*play.ReportScreen)
	if !ok {
		t.Fatalf("the report is not on show: %T", p.u.Current())
	}
	md := rs.Markdown()
	for _, want := range []string{"## Players", "## Characters", "## Timeline", "Signaller Hale's attack: Skarn rolls 20", "Learn the basics"} {
		if !strings.Contains(md, want) {
			t.Errorf("the report lacks %q:\n%s", want, md)
		}
	}
	if html := string(rs.Export("html")); !strings.Contains(html, "<h2>Characters</h2>") || !strings.Contains(html, `<img src="data:image/png;base64,`) {
		t.Errorf("the HTML report lacks the characters or the picture:\n%.2000s", html)
	}
	if pics := rs.Report().Pictures; len(pics) != 1 || pics[0].Caption != "The table at the end" {
		t.Errorf("the report's pictures: %d, want the one taken at the end", len(pics))
	}
}
