package lorscreen

import (
	"bytes"
	"image/color"
	"image/png"
	"os"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// TestMain runs the tests on Fyne's test app with the fyne.Do migration
// declared, as the app's own tests do (apptest.Main).
func TestMain(m *testing.M) { apptest.Main(m) }

// testFrame is a Frame over a local game: it redraws the screen after a
// change, says yes to every confirmation and records refusals.
type testFrame struct {
	t        *testing.T
	game     console.Game
	win      fyne.Window
	prefs    fyne.Preferences
	screen   *Screen
	failed   []string
	asked    []string
	homes    int
	reports  int
	answerNo bool
	pictures []string
	pngs     [][]byte
}

func (f *testFrame) AddPicture(caption string, png []byte) error {
	f.pictures = append(f.pictures, caption)
	f.pngs = append(f.pngs, png)
	return nil
}

func (f *testFrame) Game() console.Game { return f.game }
func (f *testFrame) Run(fn func() error) error {
	if err := fn(); err != nil {
		return err
	}
	if f.screen != nil {
		f.screen.Refresh()
	}
	return nil
}
func (f *testFrame) Fail(err error) { f.failed = append(f.failed, err.Error()) }
func (f *testFrame) Confirm(title, msg, yes string, fn func()) {
	f.asked = append(f.asked, msg)
	if !f.answerNo {
		fn()
	}
}
func (f *testFrame) Hints() bool                   { return false }
func (f *testFrame) Home()                         { f.homes++ }
func (f *testFrame) ShowReport()                   { f.reports++ }
func (f *testFrame) ShowHistory(console.Seat)      {}
func (f *testFrame) Window() fyne.Window           { return f.win }
func (f *testFrame) Preferences() fyne.Preferences { return f.prefs }

// newTutorial creates the two-player tutorial (alice, bob) in memory.
func newTutorial(t *testing.T) *console.Session {
	t.Helper()
	sess, err := console.Create(landsofruin.New(), console.Setup{System: landsofruin.ID, Title: "Tutorial", Seed: 7,
		Seats: []console.Seat{"alice", "bob"}, Options: map[string]string{"scenario": "two-player-tutorial", "map": "crossroads"}},
		console.Options{Store: console.NewMemStore()})
	if err != nil {
		t.Fatal(err)
	}
	return sess
}

// fakeClock is a clock the test moves.
type fakeClock struct{ now time.Time }

func (c *fakeClock) Now() time.Time { return c.now }

func newTestScreen(t *testing.T, sess *console.Session, seating Seating) (*Screen, *testFrame, *fakeClock) {
	t.Helper()
	a := test.NewTempApp(t)
	w := a.NewWindow("lor")
	w.Resize(fyne.NewSize(1280, 800))
	t.Cleanup(w.Close)
	f := &testFrame{t: t, game: console.NewLocal(sess), win: w, prefs: a.Preferences()}
	clk := &fakeClock{now: time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC)}
	s := NewScreen(f, seating, Parts{}, clk.Now)
	f.screen = s
	w.SetContent(s.Content())
	return s, f, clk
}

// texts returns every visible text on the window's canvas.
func texts(w fyne.Window) []string { return treeTexts(w.Content()) }

func mustDo(t *testing.T, s *Screen, cmd string, kv ...any) {
	t.Helper()
	args := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		args[kv[i].(string)] = kv[i+1]
	}
	if err := s.act(cmd, args); err != nil {
		t.Fatalf("%s %s: %v", s.holder, cmd, err)
	}
}

func TestHotSeatHandsOverBetweenSetupAndPhases(t *testing.T) {
	sess := newTutorial(t)
	s, _, clk := newTestScreen(t, sess, HotSeat{All: []console.Seat{"alice", "bob"}})
	next, handing := s.HandingOver()
	if !handing || next != "alice" {
		t.Fatalf("opened on a hot-seat tablet: hand-over to %q (%v), want to alice first", next, handing)
	}
	if got := strings.Join(texts(s.frame.Window()), "|"); !strings.Contains(got, "Pass the tablet to alice") {
		t.Fatalf("hand-over screen shows %q", got)
	}
	test.Tap(s.handBtn)
	if _, handing := s.HandingOver(); handing || s.Holder() != "alice" {
		t.Fatalf("after alice took the tablet: holder %q, handing %v", s.Holder(), handing)
	}
	mustDo(t, s, landsofruin.CmdChooseRole, "role", "reclaimers")
	mustDo(t, s, landsofruin.CmdChooseSide, "side", "south")
	mustDo(t, s, landsofruin.CmdChooseTeam, "team", "tutorial-reclaimers")
	if _, handing := s.HandingOver(); handing {
		t.Fatal("handed over before alice said ready")
	}
	mustDo(t, s, landsofruin.CmdReady)
	if next, handing := s.HandingOver(); !handing || next != "bob" {
		t.Fatalf("after alice is ready: hand-over to %q (%v), want bob", next, handing)
	}
	for _, txt := range texts(s.frame.Window()) {
		if strings.Contains(txt, "Aurel") || strings.Contains(txt, "Reclaimers") {
			t.Fatalf("hand-over screen shows alice's %q", txt)
		}
	}
	clk.now = clk.now.Add(2 * lockFor)
	test.Tap(s.handBtn)
	mustDo(t, s, landsofruin.CmdChooseRole, "role", "baleans")
	mustDo(t, s, landsofruin.CmdChooseSide, "side", "north")
	mustDo(t, s, landsofruin.CmdChooseTeam, "team", "tutorial-baleans")
	mustDo(t, s, landsofruin.CmdReady)
	// The battle starts with alice's Action phase.
	if next, handing := s.HandingOver(); !handing || next != "alice" {
		t.Fatalf("battle starts: hand-over to %q (%v), want alice", next, handing)
	}
	clk.now = clk.now.Add(2 * lockFor)
	test.Tap(s.handBtn)
	if !strings.Contains(s.phaseBtn.Title, "YOUR ACTION PHASE") || s.phaseBtn.Kind != phaseMine {
		t.Fatalf("phase indicator %q (importance %v), want alice's own Action phase in blue", s.phaseBtn.Title, s.phaseBtn.Kind)
	}
}

func TestFixedSeatShowsOpponentsPhaseInRedAndNeverHandsOver(t *testing.T) {
	sess := newTutorial(t)
	for _, st := range []struct {
		seat console.Seat
		cmd  string
		args map[string]any
	}{
		{"alice", "choose-role", map[string]any{"role": "reclaimers"}},
		{"bob", "choose-role", map[string]any{"role": "baleans"}},
		{"alice", "choose-side", map[string]any{"side": "south"}},
		{"bob", "choose-side", map[string]any{"side": "north"}},
		{"alice", "choose-team", map[string]any{"team": "tutorial-reclaimers"}},
		{"bob", "choose-team", map[string]any{"team": "tutorial-baleans"}},
		{"alice", "ready", nil}, {"bob", "ready", nil},
	} {
		if _, err := sess.Do(st.seat, console.Command{Name: st.cmd, Args: st.args}); err != nil {
			t.Fatal(err)
		}
	}
	s, _, _ := newTestScreen(t, sess, FixedSeat{Seat: "bob"})
	if _, handing := s.HandingOver(); handing {
		t.Fatal("a fixed-seat tablet handed over")
	}
	if !strings.Contains(s.phaseBtn.Title, "ALICE'S ACTION PHASE") || s.phaseBtn.Kind != phaseTheirs || !s.phaseBtn.Disabled() {
		t.Fatalf("bob's indicator %q (importance %v, disabled %v), want alice's phase in red, not tappable", s.phaseBtn.Title, s.phaseBtn.Kind, s.phaseBtn.Disabled())
	}
}

func TestEndPhaseAsksNamingThePhaseAndLocksAgainstDoubleTaps(t *testing.T) {
	sess := newTutorial(t)
	s, f, clk := newTestScreen(t, sess, FixedSeat{Seat: "alice"})
	for _, st := range [][3]any{
		{"alice", "choose-role", "reclaimers"}, {"bob", "choose-role", "baleans"},
	} {
		if _, err := sess.Do(console.Seat(st[0].(string)), console.Command{Name: st[1].(string), Args: map[string]any{"role": st[2]}}); err != nil {
			t.Fatal(err)
		}
	}
	for _, st := range []struct {
		seat      console.Seat
		cmd, k, v string
	}{
		{"alice", "choose-side", "side", "south"}, {"bob", "choose-side", "side", "north"},
		{"alice", "choose-team", "team", "tutorial-reclaimers"}, {"bob", "choose-team", "team", "tutorial-baleans"},
		{"alice", "ready", "", ""}, {"bob", "ready", "", ""},
	} {
		args := map[string]any{}
		if st.k != "" {
			args[st.k] = st.v
		}
		if _, err := sess.Do(st.seat, console.Command{Name: st.cmd, Args: args}); err != nil {
			t.Fatal(err)
		}
	}
	s.Refresh()
	test.Tap(s.phaseBtn)
	if len(f.asked) != 1 || !strings.Contains(f.asked[0], "End your Action phase (turn 1)?") {
		t.Fatalf("confirmation asked %q, want one naming the Action phase", f.asked)
	}
	if !strings.Contains(s.phaseBtn.Title, "SYNC PHASE") {
		t.Fatalf("after ending the Action phase the indicator says %q", s.phaseBtn.Title)
	}
	// A second tap at once is ignored: the lock holds.
	test.Tap(s.phaseBtn)
	test.Tap(s.endBtn)
	if len(f.asked) != 1 || !strings.Contains(s.phaseBtn.Title, "SYNC PHASE") {
		t.Fatalf("a double tap asked again (%q) or ended the Sync phase too (%q)", f.asked, s.phaseBtn.Title)
	}
	clk.now = clk.now.Add(2 * lockFor)
	test.Tap(s.endBtn)
	if len(f.asked) != 2 || !strings.Contains(f.asked[1], "Sync phase") {
		t.Fatalf("second confirmation %q, want the Sync phase named", f.asked)
	}
}

func TestUndoNamesWhatItTakesBackAndAsksForConsent(t *testing.T) {
	sess := newTutorial(t)
	s, f, _ := newTestScreen(t, sess, FixedSeat{Seat: "alice"})
	mustDo(t, s, landsofruin.CmdChooseRole, "role", "reclaimers")
	if got := s.undoLabel(); !strings.HasPrefix(got, "Undo: ") || !strings.Contains(strings.ToLower(got), "reclaimers") {
		t.Fatalf("undo label %q, want it to name the role chosen", got)
	}
	// bob has seen the role: taking it back needs his consent, which the
	// screen offers to ask for.
	s.undo()
	if len(f.failed) != 0 || len(f.asked) != 1 || !strings.Contains(f.asked[0], "Ask the other side to agree?") {
		t.Fatalf("undo of a command bob saw: failed %q, asked %q", f.failed, f.asked)
	}
	st, err := f.game.State("bob")
	if err != nil {
		t.Fatal(err)
	}
	if v := st.View.(landsofruin.View); v.UndoRequestedBy != "alice" {
		t.Fatalf("bob's view: undo requested by %q, want alice", v.UndoRequestedBy)
	}
	if _, err := f.game.Do("bob", console.Command{Name: landsofruin.CmdApproveUndo}); err != nil {
		t.Fatal(err)
	}
	s.Refresh()
	if got := s.undoLabel(); got != "Nothing to undo" {
		t.Fatalf("after the approved undo the label is %q", got)
	}
}

func TestNarrowScreenShowsOneColumnWithTabs(t *testing.T) {
	sess := newTutorial(t)
	s, _, _ := newTestScreen(t, sess, FixedSeat{Seat: "alice"})
	w := s.frame.Window()
	w.Resize(fyne.NewSize(400, 800))
	s.body.Refresh()
	if !s.tabs.Visible() {
		t.Fatal("no tabs on a 400-px-wide screen")
	}
	visible := 0
	for _, o := range s.body.Objects {
		if o.Visible() {
			visible++
		}
	}
	if visible != 1 {
		t.Fatalf("%d columns visible on a phone, want 1", visible)
	}
	w.Resize(fyne.NewSize(1280, 800))
	s.body.Refresh()
	if s.tabs.Visible() {
		t.Fatal("tabs shown on a tablet")
	}
}

func TestPictureOfTheTableIsThePublicMap(t *testing.T) {
	sess := replay(t, "testdata/midgame.jsonl")
	s, f, _ := newTestScreen(t, sess, FixedSeat{Seat: "alice"})
	s.addPicture()
	if len(f.failed) > 0 || len(f.pictures) != 1 {
		t.Fatalf("picture: failed %q, pictures %q", f.failed, f.pictures)
	}
	if f.pictures[0] != "Turn 2, alice's Action phase" {
		t.Errorf("caption %q", f.pictures[0])
	}
	img, err := png.Decode(bytes.NewReader(f.pngs[0]))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() < 400 || b.Dy() < 400 {
		t.Fatalf("picture is %v", b)
	}
	colours := map[color.Color]bool{}
	for y := 0; y < img.Bounds().Dy(); y += 7 {
		for x := 0; x < img.Bounds().Dx(); x += 7 {
			colours[img.At(x, y)] = true
		}
	}
	if len(colours) < 5 {
		t.Fatalf("picture has %d colours: blank", len(colours))
	}
	if dir := os.Getenv("CC_CAPTURE_DIR"); dir != "" {
		_ = os.WriteFile(dir+"/lor-report-table.png", f.pngs[0], 0o644)
	}
}

// TestMapMarksWhereATapActs: in the Action phase the map outlines the
// sections the selected character may move to (the panel's), and nothing
// once the tablet is handed over.
func TestMapMarksWhereATapActs(t *testing.T) {
	s, _, _ := newTestScreen(t, replay(t, "testdata/midgame.jsonl"), FixedSeat{Seat: "alice"})
	m := s.tableMap.(*mapPart).m
	p := s.panel.(*panelPart)
	if p.phase == nil {
		t.Fatal("no phase panel in the Action phase")
	}
	want := p.phase.WantedSections()
	if len(want) == 0 {
		t.Fatal("the panel takes no section: the test checks nothing")
	}
	if got := m.Marked(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("map marks %v, the panel takes %v", got, want)
	}
	s.clearParts()
	if got := m.Marked(); len(got) != 0 {
		t.Fatalf("after clearing, the map still marks %v", got)
	}
}
