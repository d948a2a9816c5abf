package play_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

// blankingApp is a test app whose driver records the screen-blanking
// requests.
type blankingApp struct {
	fyne.App
	d *blankingDriver
}

func (a blankingApp) Driver() fyne.Driver { return a.d }

type blankingDriver struct {
	fyne.Driver
	calls []bool
}

func (d *blankingDriver) SetDisableScreenBlanking(off bool) { d.calls = append(d.calls, off) }

// TestScreenKeptOnWhileGameOpen: the frame asks the device to keep its
// screen on when it shows a game and lets it blank again when it leaves.
func TestScreenKeptOnWhileGameOpen(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewPad(t, st, "Awake", nil, "alice")
	u, _ := newTestUI(t, st, apptest.LandscapeSize)
	a := blankingApp{App: u.App(), d: &blankingDriver{Driver: u.App().Driver()}}
	h := play.NewHost(play.Frame{Nav: u, App: a, Window: u.Window(), Clock: apptest.Clock}, console.NewLocal(sess))
	u.Show(h)
	if got := a.d.calls; len(got) != 1 || !got[0] {
		t.Fatalf("blanking requests after opening = %v, want [true]", got)
	}
	u.Home()
	if got := a.d.calls; len(got) != 2 || got[1] {
		t.Fatalf("blanking requests after leaving = %v, want [true false]", got)
	}
}

// ownBarScreen is a screen that draws its own top bar, as the Lands of
// Ruin screen does, using only Env.
type ownBarScreen struct {
	env   *play.Env
	label *widget.Label
	root  fyne.CanvasObject
}

func newOwnBar(env *play.Env) play.Screen {
	s := &ownBarScreen{env: env, label: widget.NewLabel("")}
	s.root = s.label
	return s
}

func (s *ownBarScreen) Content() fyne.CanvasObject { return s.root }
func (s *ownBarScreen) OwnBar()                    {}
func (s *ownBarScreen) Refresh() {
	v, err := s.env.View(s.env.Seat())
	if err != nil {
		s.label.SetText(err.Error())
		return
	}
	s.label.SetText("total " + strings.TrimSpace(strings.Repeat("*", v.(scorepad.View).Players[0].Total)))
}

// TestOwnBarScreenGetsNoTitleBar: a screen marked OwnBar fills the frame
// (no Home, History or Undo of the frame's), and reaches undo, history,
// refusals and the settings through its Env.
func TestOwnBarScreenGetsNoTitleBar(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewPad(t, st, "Own bar", nil, "alice")
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	h := openWith(u, console.NewLocal(sess), newOwnBar)
	s := h.Screen().(*ownBarScreen)
	if h.Content() != s.Content() {
		t.Errorf("the frame wraps an OwnBar screen")
	}
	for _, b := range []string{"Home", "History", "Undo"} {
		if len(apptest.Buttons(w, b)) > 0 {
			t.Errorf("the frame shows its %s button over an OwnBar screen", b)
		}
	}
	env := h.Env()
	if env.Game() == nil || env.Seat() != "alice" || env.Window() != u.Window() || env.App() != u.App() || env.Clock()() != apptest.Now {
		t.Errorf("env: game %v seat %q window/app/clock not the frame's", env.Game(), env.Seat())
	}
	if !env.Hints() || env.Units() != kit.Inches {
		t.Errorf("env settings: hints %v units %q, want the defaults", env.Hints(), env.Units())
	}
	env.SetHints(false)
	if env.Hints() || u.Settings().Hints {
		t.Errorf("SetHints(false) did not turn the hints off")
	}

	if !env.Do(scorepad.CmdAdd, map[string]any{"player": "alice", "points": 3}) {
		t.Fatal("add refused")
	}
	apptest.WantText(t, w, "total ***")
	env.ShowHistory(console.Public)
	apptest.WantText(t, w, "alice")
	apptest.TapButton(t, w, "Close")
	if err := env.UndoAs("alice"); err != nil {
		t.Fatalf("undo as alice: %v", err)
	}
	if err := env.UndoAs("alice"); !console.IsRejection(err) {
		t.Errorf("undo with nothing to undo = %v, want a refusal", err)
	}
	if !env.Do(scorepad.CmdAdd, map[string]any{"player": "alice", "points": 1}) || !env.Undo() {
		t.Fatal("add and undo refused")
	}
	apptest.WantText(t, w, "total")
	if strings.Contains(apptest.Texts(w), "*") {
		t.Errorf("undo did not take the add back")
	}
	// A refusal is shown in a dialog (there is no banner).
	if env.Do(scorepad.CmdAdd, map[string]any{"player": "alice", "points": 9999999}) {
		t.Fatal("a huge add was accepted")
	}
	if len(w.Canvas().Overlays().List()) == 0 {
		t.Errorf("the refusal is not shown")
	}
	apptest.TapButton(t, w, "OK")
}

// TestConfirmAsksFirst: Env.Confirm runs its action only on yes.
func TestConfirmAsksFirst(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewPad(t, st, "Confirm", nil, "alice")
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	env := openWith(u, console.NewLocal(sess), play.NewGeneric).Env()
	done := 0
	env.Confirm("Concede?", "alice concedes.", "Concede", func() { done++ })
	apptest.TapButton(t, w, "Cancel")
	env.Confirm("Concede?", "alice concedes.", "Concede", func() { done++ })
	apptest.TapButton(t, w, "Concede")
	if done != 1 {
		t.Errorf("the action ran %d times, want once (after Concede, not Cancel)", done)
	}
}

// TestInternalErrorInPlayersWords: an error that is not a refusal shows a
// short sentence, with the internal message only under Details.
func TestInternalErrorInPlayersWords(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewPad(t, st, "Broken", nil, "alice")
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	env := openWith(u, console.NewLocal(sess), play.NewGeneric).Env()
	env.Fail(errors.New("store: bbolt: tx closed"))
	got := apptest.Texts(w)
	if !strings.Contains(got, "Something went wrong") {
		t.Errorf("the dialog does not say what happened in words:\n%s", got)
	}
	var details *widget.Accordion
	for _, o := range apptest.Objects(w) {
		if a, ok := o.(*widget.Accordion); ok {
			details = a
		}
	}
	if details == nil || len(details.Items) != 1 || details.Items[0].Title != "Details" {
		t.Fatalf("no Details under the message")
	}
	if details.Items[0].Open {
		t.Errorf("the details are open at first")
	}
	details.Open(0)
	apptest.WantText(t, w, "bbolt: tx closed")
	test.Tap(apptest.Buttons(w, "Close")[0])
}

// TestReportBackKeepsTheSeat: a tablet that plays one seat comes back from
// the battle report to that seat, not as a hot-seat tablet that plays
// every seat (whose hand-over screen would offer the other seats' screens).
func TestReportBackKeepsTheSeat(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewPad(t, st, "Seated", nil, "alice", "bob")
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGameAs(console.NewLocal(sess), "bob")
	u.Game().Env().ShowReport()
	apptest.TapButton(t, w, "Back to game")
	if env := u.Game().Env(); !env.Fixed() || env.Seat() != "bob" {
		t.Fatalf("back from the report: fixed %v, seat %q; want bob's seat only", env.Fixed(), env.Seat())
	}
	// A tablet that plays every seat still does.
	u.ShowGame(console.NewLocal(sess))
	u.Game().Env().ShowReport()
	apptest.TapButton(t, w, "Back to game")
	if env := u.Game().Env(); env.Fixed() {
		t.Fatalf("back from the report of a shared tablet: fixed to %q", env.Seat())
	}
}

// linkDown is an error with its own sentence for a player, as the LAN
// client's are.
type linkDown struct{}

func (linkDown) Error() string     { return "client: write tcp 10.0.0.2:5000: broken pipe" }
func (linkDown) ForPlayer() string { return "The link to the host dropped; the command was not sent." }

// TestPlayerErrorHasAPlainHeadline: an error that carries its own words
// for the player is headed plainly, its sentence the body; "Something
// went wrong" is kept for failures inside the app.
func TestPlayerErrorHasAPlainHeadline(t *testing.T) {
	st := console.NewMemStore()
	sess := apptest.NewPad(t, st, "Link", nil, "alice")
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	env := openWith(u, console.NewLocal(sess), play.NewGeneric).Env()
	env.Fail(fmt.Errorf("add: %w", linkDown{}))
	got := apptest.Texts(w)
	if strings.Contains(got, "Something went wrong") || !strings.Contains(got, "Not done") {
		t.Errorf("a player's error is headed as an internal one:\n%s", got)
	}
	apptest.WantText(t, w, "The link to the host dropped; the command was not sent.")
	test.Tap(apptest.Buttons(w, "Close")[0])
	for _, c := range []struct {
		err  error
		want string
	}{
		{errors.New("store: bbolt: tx closed"), "Something went wrong"},
		{linkDown{}, "Not done"},
		{kit.Explain("The save file is full.", errors.New("disk full")), "Not done"},
	} {
		if got := play.ErrorTitle(c.err); got != c.want {
			t.Errorf("ErrorTitle(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}
