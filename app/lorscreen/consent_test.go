package lorscreen

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// firstMove is a move alice may make now: a character of hers and a
// table section it may go to.
func firstMove(t *testing.T, v landsofruin.View) (string, string) {
	t.Helper()
	a, ok := console.FindAffordance(v.Commands, landsofruin.CmdMove)
	if !ok || !a.Allowed {
		t.Fatalf("move is not allowed: %+v", a)
	}
	for _, ac := range a.Args {
		if ac.Arg != "section" {
			continue
		}
		for _, c := range ac.Choices {
			if c.Disabled == "" && c.When != "" && !strings.HasPrefix(c.Value, "off-") {
				for _, ch := range v.Characters {
					if ch.ID == c.When && ch.Section != c.Value && ch.Own != nil {
						return c.When, c.Value
					}
				}
			}
		}
	}
	t.Fatal("no move to make")
	return "", ""
}

// TestSharedTabletUndoAsksInADialog: on one tablet passed round the
// table, alice takes back a move bob saw: bob is asked on the same screen,
// in a dialog that names the move, with nothing of either side's secrets
// behind it and no hand-over; when he agrees the move is gone and alice's
// screen is back, again without a hand-over.
func TestSharedTabletUndoAsksInADialog(t *testing.T) {
	sess := replay(t, "testdata/midgame.jsonl")
	s, f, _ := newTestScreen(t, sess, HotSeat{All: []console.Seat{"alice", "bob"}})
	test.Tap(s.handBtn)
	if s.Holder() != "alice" {
		t.Fatalf("the tablet is %s's, want alice's", s.Holder())
	}
	// Behind the dialog, nothing of alice's screen: not even her
	// characters' names.
	var secrets []string
	for _, c := range s.view.Characters {
		if c.Own != nil {
			secrets = append(secrets, c.Name)
		}
	}
	char, section := firstMove(t, s.view)
	from := sectionOf(s.view, char)
	mustDo(t, s, landsofruin.CmdMove, "character", char, "section", section)

	s.undo()
	if len(f.asked) != 1 || strings.Contains(f.asked[0], "request-undo") || !strings.Contains(f.asked[0], "bob") {
		t.Fatalf("alice was asked %q, want whether to ask bob, in words", f.asked)
	}
	if next, handing := s.HandingOver(); handing {
		t.Fatalf("the take-back hands the tablet over to %s", next)
	}
	if got := s.ConsentAsked(); got != "bob" {
		t.Fatalf("the consent dialog asks %q, want bob", got)
	}
	st, _ := f.game.State("bob")
	want := undoWhat(st.View.(landsofruin.View))
	var dialogText string
	for _, o := range f.win.Canvas().Overlays().List() {
		dialogText += "\n" + strings.Join(treeTexts(o), "\n")
	}
	if !strings.Contains(dialogText, want) || !strings.Contains(dialogText, "bob, do you agree?") {
		t.Errorf("the dialog does not name the take-back %q to bob; it shows:\n%s", want, dialogText)
	}
	// The take-back named is no secret (bob saw it): any other line
	// naming one of alice's characters would be.
	var lines []string
	for _, l := range treeTexts(f.win.Content()) {
		if !strings.Contains(l, want) {
			lines = append(lines, l)
		}
	}
	behind := strings.Join(lines, "\n")
	if len(s.root.Objects) != 1 || s.root.Objects[0] != s.handover {
		t.Error("alice's screen is behind the dialog, not the neutral one")
	}
	for _, name := range secrets {
		if strings.Contains(behind, name) {
			t.Errorf("the screen behind the dialog shows alice's %q:\n%s", name, behind)
		}
	}
	apptest.TapButton(t, f.win, "bob agrees")
	if _, handing := s.HandingOver(); handing || s.Holder() != "alice" || s.ConsentAsked() != "" {
		t.Fatalf("after bob agreed: holder %s, handing %v, dialog for %q", s.Holder(), handing, s.ConsentAsked())
	}
	if got := sectionOf(s.view, char); got != from {
		t.Errorf("after bob agreed %s is in %q, want back in %q", char, got, from)
	}
	if len(s.root.Objects) != 1 || s.root.Objects[0] != s.main {
		t.Error("alice's screen is not back")
	}
}

// sectionOf is the section character id stands in, in v.
func sectionOf(v landsofruin.View, id string) string {
	for _, c := range v.Characters {
		if c.ID == id {
			return c.Section
		}
	}
	return "?"
}

// TestDialogsFitAPhoneAtHugeText: the consent dialog of a shared tablet,
// the news dialog and a stack's picker fit a 400 dp phone at the largest
// text: nothing cut, no texts overlapping, every button 48 dp.
func TestDialogsFitAPhoneAtHugeText(t *testing.T) {
	size := fyne.NewSize(400, 860)
	huge := kit.DefaultSettings()
	huge.TextScale = kit.TextScales[len(kit.TextScales)-1].Scale
	t.Cleanup(appTheme)

	sess := replay(t, "testdata/midgame.jsonl")
	s, f, _ := newTestScreen(t, sess, HotSeat{All: []console.Seat{"alice", "bob"}})
	fyne.CurrentApp().Settings().SetTheme(kit.NewTheme(huge))
	f.win.Resize(size)
	s.Content().Refresh()
	apptest.CheckLayout(t, f.win, size, "the hand-over screen")
	apptest.CheckTexts(t, f.win, "the hand-over screen", nil)
	test.Tap(s.handBtn)
	char, section := firstMove(t, s.view)
	mustDo(t, s, landsofruin.CmdMove, "character", char, "section", section)
	s.undo()
	if s.ConsentAsked() != "bob" {
		t.Fatal("no consent dialog")
	}
	apptest.CheckLayout(t, f.win, size, "the consent dialog")
	apptest.CheckTexts(t, f.win, "the consent dialog", nil)
	apptest.TapButton(t, f.win, "bob refuses")

	g := &newsGame{Game: f.game, news: []string{"Skarn, bob's leader, is dead: head trauma. bob's team tests its morale at the end of the turn."}}
	f.game = g
	s.Refresh()
	apptest.CheckLayout(t, f.win, size, "the news dialog")
	apptest.CheckTexts(t, f.win, "the news dialog", nil)
	apptest.TapButton(t, f.win, "Got it")

	full := replay(t, "testdata/fullsize.jsonl")
	fs, ff, _ := newTestScreen(t, full, FixedSeat{Seat: "alice"})
	fyne.CurrentApp().Settings().SetTheme(kit.NewTheme(huge))
	ff.win.Resize(size)
	fs.Refresh()
	apptest.TapButton(t, ff.win, "Map")
	mp := fs.tableMap.(*mapPart).m
	opened := false
	for _, tg := range mp.Targets() {
		if tg.Stack() {
			mp.OpenStack(tg)
			opened = true
			break
		}
	}
	if !opened {
		t.Fatal("no stack on the phone's map at Huge text")
	}
	apptest.CheckLayout(t, ff.win, size, "a stack's picker")
	apptest.CheckTexts(t, ff.win, "a stack's picker", nil)
	mp.ClosePicker()

	// The screen's menu.
	test.Tap(fs.menuBtn)
	apptest.CheckLayout(t, ff.win, size, "the menu")
	apptest.CheckTexts(t, ff.win, "the menu", nil)
	for _, o := range ff.win.Canvas().Overlays().List() {
		ff.win.Canvas().Overlays().Remove(o)
	}

	// The Environment phase's picker of the characters the Rotters
	// attack.
	if err := endPhases(full, "alice", 3); err != nil {
		t.Fatal(err)
	}
	fs.Refresh()
	apptest.TapButton(t, ff.win, "Act")
	pp := phasePanel(t, fs)
	test.Tap(findTile(t, pp.phase.BodyObjects(), "Who do they attack?"))
	if pp.phase.Picker() == nil {
		t.Fatal("no picker of the characters attacked")
	}
	apptest.CheckLayout(t, ff.win, size, "the Rotter attack's picker")
	apptest.CheckTexts(t, ff.win, "the Rotter attack's picker", nil)
}

// endPhases ends n phases as seat.
func endPhases(sess *console.Session, seat console.Seat, n int) error {
	for i := 0; i < n; i++ {
		if _, err := sess.Do(seat, console.Command{Name: landsofruin.CmdEndPhase}); err != nil {
			return err
		}
	}
	return nil
}
