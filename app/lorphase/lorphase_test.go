package lorphase

import (
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/script"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

var update = flag.Bool("update", false, "rewrite the markup goldens under testdata/")

const tutorial = "../../games/landsofruin/testdata/two-player-tutorial.jsonl"

// table is a game played from a script up to a line, and a panel for one
// of its seats wired as the lead's screen wires it: Act gives the command
// as that seat and redraws the panel with the new view.
type table struct {
	t     testing.TB
	s     *console.Session
	seat  console.Seat
	p     *Panel
	w     fyne.Window
	lines []script.Numbered
	next  int
}

// play replays the script until (not including) the first line stop
// accepts (every line when stop is nil).
func play(t testing.TB, file string, stop func(script.Line) bool) *table {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	setup, lines, err := script.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	s, err := console.Create(landsofruin.New(), *setup, console.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tb := &table{t: t, s: s, lines: lines}
	tb.until(stop)
	return tb
}

// until plays the next lines until stop accepts one.
func (tb *table) until(stop func(script.Line) bool) {
	tb.t.Helper()
	for ; tb.next < len(tb.lines); tb.next++ {
		l := tb.lines[tb.next]
		if stop != nil && stop(l.Line) {
			return
		}
		if _, _, err := l.Play(tb.s); err != nil {
			tb.t.Fatalf("line %d: %v", l.Number, err)
		}
	}
	if stop != nil {
		tb.t.Fatal("the script ended before the stop line")
	}
}

// at stops at the n-th line (from 1) that gives cmd.
func at(cmd string, n int) func(script.Line) bool {
	return func(l script.Line) bool {
		if l.Cmd == cmd {
			n--
		}
		return l.Cmd == cmd && n == 0
	}
}

// view is seat's view now.
func (tb *table) view(seat console.Seat) landsofruin.View {
	tb.t.Helper()
	v, err := tb.s.View(seat)
	if err != nil {
		tb.t.Fatal(err)
	}
	return v.(landsofruin.View)
}

// panel opens the panel for seat in a test window.
func (tb *table) panel(seat console.Seat, selected string) *Panel {
	tb.t.Helper()
	test.NewTempApp(tb.t)
	tb.seat = seat
	// Wired as the lead's screen wires it: the game in play (a
	// console.Game) as the seat on screen, the new view and the
	// command's history lines back to the panel.
	game := console.NewLocal(tb.s)
	tb.p = New(func(cmd string, args map[string]any) error {
		out, err := game.Do(seat, console.Command{Name: cmd, Args: args})
		if err != nil {
			return err
		}
		tb.p.Update(out.View.(landsofruin.View), tb.p.Selected())
		var lines []string
		for _, l := range out.Lines {
			lines = append(lines, l.Text)
		}
		tb.p.ShowOutcome(lines)
		return nil
	})
	tb.p.Update(tb.view(seat), selected)
	tb.w = test.NewTempWindow(tb.t, tb.p)
	tb.w.Resize(fyne.NewSize(380, 800))
	return tb.p
}

// char is a character of seat's view.
func (tb *table) char(seat console.Seat, id string) landsofruin.CharView {
	tb.t.Helper()
	for _, c := range tb.view(seat).Characters {
		if c.ID == id {
			return c
		}
	}
	tb.t.Fatalf("%s does not see %s", seat, id)
	return landsofruin.CharView{}
}

// walk visits every object under o.
func walk(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walk(c, f)
		}
	case *Tile:
		// its texts are its fields
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walk(c, f)
		}
	}
}

// tiles are the panel's tiles with the title.
func (tb *table) tiles(title string) []*Tile {
	var out []*Tile
	walk(tb.p, func(o fyne.CanvasObject) {
		if t, ok := o.(*Tile); ok && t.Title == title {
			out = append(out, t)
		}
	})
	return out
}

// tile is the one tile with the title.
func (tb *table) tile(title string) *Tile {
	tb.t.Helper()
	ts := tb.tiles(title)
	if len(ts) != 1 {
		tb.t.Fatalf("%d tiles %q on the panel; texts:\n%s", len(ts), title, strings.Join(tb.texts(), "\n"))
	}
	return ts[0]
}

// tap taps the one enabled tile with the title.
func (tb *table) tap(title string) {
	tb.t.Helper()
	t := tb.tile(title)
	if t.Disabled {
		tb.t.Fatalf("tile %q is disabled: %s", title, t.Detail)
	}
	test.Tap(t)
}

// tapLast taps the last tile with the title.
func (tb *table) tapLast(title string) {
	tb.t.Helper()
	ts := tb.tiles(title)
	if len(ts) == 0 {
		tb.t.Fatalf("no tile %q", title)
	}
	test.Tap(ts[len(ts)-1])
}

// texts are every text on the panel: labels and tiles.
func (tb *table) texts() []string {
	var out []string
	walk(tb.p, func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *widget.Label:
			out = append(out, x.Text)
		case *Tile:
			out = append(out, strings.TrimSpace(x.Title+" "+x.Side+" "+x.Detail))
		}
	})
	return out
}

// shows tells whether a text on the panel contains s.
func (tb *table) shows(s string) bool {
	for _, x := range tb.texts() {
		if strings.Contains(x, s) {
			return true
		}
	}
	return false
}

// golden compares the panel's markup with testdata/name (-update
// rewrites it).
func (tb *table) golden(name string) {
	tb.t.Helper()
	got := test.RenderObjectToMarkup(tb.p)
	if dir := os.Getenv("LORPHASE_SHOTS"); dir != "" {
		// A picture of the panel, to look at as a player would.
		f, err := os.Create(filepath.Join(dir, strings.TrimSuffix(name, ".xml")+".png"))
		if err == nil {
			_ = png.Encode(f, tb.w.Canvas().Capture())
			f.Close()
		}
	}
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			tb.t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			tb.t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		tb.t.Fatalf("%v (run the tests with -update to write it)", err)
	}
	if string(want) != got {
		tb.t.Errorf("the panel's markup differs from %s (run with -update after checking it)", path)
	}
}

func assigned(c landsofruin.CharView, action string) bool {
	for _, a := range c.Own.Assigned {
		if a.Action == action {
			return true
		}
	}
	return false
}

// TestCommandAssignByTapping: in alice's first Command phase, tapping an
// action assigns it, the action points update, unassign takes it back,
// and a shortcut assigns for the whole team.
func TestCommandAssignByTapping(t *testing.T) {
	tb := play(t, tutorial, at("shortcut", 1))
	tb.panel("alice", "p1-aurel")
	if !tb.shows("remaining 20") {
		t.Fatalf("the action points are not shown: %q", tb.texts())
	}
	tb.golden("command.xml")

	tb.tap("Shoot a ranged weapon")
	if !assigned(tb.char("alice", "p1-aurel"), "shoot") {
		t.Fatal("tapping Shoot did not assign it")
	}
	if !tb.shows("assigned 10 · remaining 10") {
		t.Errorf("the action points did not update: %q", tb.texts())
	}
	un := tb.tiles("Shoot a ranged weapon")
	if len(un) != 2 || un[0].Detail != "tap to unassign" {
		t.Fatalf("the assigned action is not offered to unassign: %+v", un)
	}
	test.Tap(un[0])
	if assigned(tb.char("alice", "p1-aurel"), "shoot") {
		t.Fatal("tapping the assigned action did not unassign it")
	}

	// Selecting the other character shows its actions.
	tb.tap("Signaller Hale")
	if tb.p.Selected() != "p1-hale" || !tb.shows("Command · Signaller Hale") {
		t.Fatalf("selecting Hale: %q", tb.texts())
	}
	tb.tap("Open fire")
	for _, id := range []string{"p1-aurel", "p1-hale"} {
		if !assigned(tb.char("alice", id), "shoot") {
			t.Errorf("the Open fire shortcut did not assign shoot to %s", id)
		}
	}
}

// TestCommandDisabledShowsReason: actions the rules refuse are greyed with
// the view's reason and do nothing when tapped.
func TestCommandDisabledShowsReason(t *testing.T) {
	for _, tc := range []struct {
		who, name, first, title, reason string
	}{
		{"p1-aurel", "Sister Aurel", "", "Put out fire", "only a character who is on fire can do it, not Sister Aurel"},
		{"p1-aurel", "Sister Aurel", "", "Get up", "only a character who is taking cover can do it"},
		{"p1-aurel", "Sister Aurel", "Shoot a ranged weapon", "Scavenge", "costs 15 action points but Sister Aurel has 10 left"},
		{"p1-hale", "Signaller Hale", "Call artillery strike", "Shoot a ranged weapon", "Call artillery strike is assigned and excludes it"},
	} {
		t.Run(tc.title, func(t *testing.T) {
			tb := play(t, tutorial, at("shortcut", 1))
			tb.panel("alice", tc.who)
			if tc.first != "" {
				tb.tap(tc.first)
			}
			ts := tb.tiles(tc.title)
			if len(ts) != 1 {
				t.Fatalf("%d tiles %q", len(ts), tc.title)
			}
			if !ts[0].Disabled || !strings.Contains(ts[0].Detail, tc.reason) {
				t.Fatalf("tile %q: disabled %v, %q; want the reason %q", tc.title, ts[0].Disabled, ts[0].Detail, tc.reason)
			}
			before := len(tb.char("alice", tc.who).Own.Assigned)
			test.Tap(ts[0])
			if after := len(tb.char("alice", tc.who).Own.Assigned); after != before {
				t.Fatal("tapping a disabled action changed the game")
			}
			if tc.first != "" && tc.who == "p1-hale" {
				tb.golden("command-disabled.xml")
			}
		})
	}
}

// TestAttackDeclaredAndRolled: Hale shoots Skarn by tapping: weapon (his
// only one), mode, target, range band, declare; then the d20 pad.
func TestAttackDeclaredAndRolled(t *testing.T) {
	tb := play(t, tutorial, at("attack", 1))
	tb.panel("alice", "p1-hale")
	tb.golden("action.xml")
	before := tb.char("alice", "p2-skarn").UnresolvedHits

	tb.tap("Attack")
	tb.tap("semi auto")
	tb.tap("Skarn, in section C (north street)")
	if tb.tile("Declare the attack").Disabled == false {
		t.Fatal("the attack can be declared before the range band is picked")
	}
	tb.tap("Mid (up to 20\")")
	tb.tap("Cover: light")
	tb.golden("attack.xml")
	tb.tap("Declare the attack")
	v := tb.view("alice")
	if v.Attack == nil || len(v.Attack.Targets) != 1 || v.Attack.Targets[0].Target != "p2-skarn" || v.Attack.Band != "mid" || v.Attack.Targets[0].Cover != "light" {
		t.Fatalf("declared attack: %+v", v.Attack)
	}
	if !tb.shows("needs ") || !tb.shows("Target 1: Skarn") {
		t.Fatalf("the roll panel does not show the target and its need: %q", tb.texts())
	}
	if !tb.tile("Enter the dice").Disabled {
		t.Fatal("the dice can be entered before a d20 is tapped")
	}
	tb.golden("roll.xml")
	tb.tap("20")
	tb.tap("Enter the dice")
	if tb.view("alice").Attack != nil {
		t.Fatal("the attack is still waiting for its dice")
	}
	if after := tb.char("alice", "p2-skarn").UnresolvedHits; after != before+1 {
		t.Fatalf("Skarn's unresolved hits: %d before, %d after a 20", before, after)
	}
	if !tb.shows("Result") || !tb.shows("Skarn") {
		t.Errorf("the result is not shown: %q", tb.texts())
	}
	tb.golden("rolled.xml")
}

// TestAttackCancelAndAppRoll: a declared attack can be cancelled, and the
// app can roll for the player.
func TestAttackCancelAndAppRoll(t *testing.T) {
	tb := play(t, tutorial, at("attack", 1))
	tb.panel("alice", "p1-aurel")
	declare := func() {
		tb.tap("Attack")
		tb.tap("focus fire")
		tb.tap("a Rager (fast Rotter)")
		tb.tap("Short (up to 10\")")
		tb.tap("Declare the attack")
		if tb.view("alice").Attack == nil {
			t.Fatal("no attack declared")
		}
	}
	declare()
	tb.tap("Cancel the attack")
	if tb.view("alice").Attack != nil {
		t.Fatal("cancel did not drop the attack")
	}
	declare()
	tb.tap("Let the app roll")
	if tb.view("alice").Attack != nil {
		t.Fatal("the app's roll was not entered")
	}
	hist, err := tb.s.History("alice")
	if err != nil {
		t.Fatal(err)
	}
	if last := hist[len(hist)-1].Text; !strings.Contains(last, "(the app rolled)") {
		t.Errorf("the last line %q does not say the app rolled", last)
	}
}

// TestRefusalShownBesideControls: a command the rules refuse shows their
// words on the panel.
func TestRefusalShownBesideControls(t *testing.T) {
	tb := play(t, tutorial, at("attack", 1))
	tb.panel("alice", "p1-aurel")
	tb.tap("Attack")
	tb.tap("focus fire") // one target at most
	tb.tap("Skarn, in section C (north street)")
	tb.tap("Vrask the Pusher, in section F (crossing)")
	for _, b := range tb.tiles("Short (up to 10\")") {
		test.Tap(b)
	}
	tb.tap("Within 5\" of the first target")
	tb.tap("Declare the attack")
	if tb.view("alice").Attack != nil {
		t.Fatal("the rules accepted two targets for focus fire")
	}
	objs := tb.p.body.Objects
	for i, o := range objs {
		if x, ok := o.(*Tile); ok && x.Title == "Declare the attack" {
			l, ok := objs[i+1].(*widget.Label)
			if !ok || !strings.Contains(l.Text, "attacks at most 1 target; 2 named") || l.Importance != widget.DangerImportance {
				t.Fatalf("under the Declare tile: %#v", objs[i+1])
			}
			tb.golden("refused.xml")
			return
		}
	}
	t.Fatalf("no Declare tile: %q", tb.texts())
}

// TestSyncMoveByTapAndMap: in the Sync phase a character is placed by a
// tile or by a tap on the map (SectionHook).
func TestSyncMoveByTapAndMap(t *testing.T) {
	tb := play(t, tutorial, at("end-phase", 5)) // alice's Action phase ended: Sync
	if v := tb.view("alice"); v.Phase != landsofruin.PhaseSync {
		t.Fatalf("phase %s", v.Phase)
	}
	tb.panel("alice", "p1-aurel")
	tb.golden("sync.xml")
	tb.tap("F")
	if c := tb.char("alice", "p1-aurel"); c.Section != "crossing" {
		t.Fatalf("Aurel is in %q after tapping F", c.Section)
	}
	if !contains(tb.p.WantedSections(), "off-south") {
		t.Errorf("no off-table section offered: %v", tb.p.WantedSections())
	}
	if !tb.p.SectionHook()("sw-block") {
		t.Fatal("the map tap was not taken")
	}
	if c := tb.char("alice", "p1-aurel"); c.Section != "sw-block" {
		t.Fatalf("Aurel is in %q after the map tap", c.Section)
	}
	if tb.p.TapSection("no-such-section") {
		t.Fatal("an unknown section was taken")
	}
	if !tb.p.TapSection("") { // the map's off-table strip, alice's (south) edge
		t.Fatal("the off-table strip was not taken")
	}
	if c := tb.char("alice", "p1-aurel"); c.Section != "off-south" {
		t.Fatalf("Aurel is in %q after the strip", c.Section)
	}
}

// TestEnvironmentInstructionsAndRotterAttack: alice's Environment phase
// shows the Rotter plan as steps ticked through one at a time (each in
// full while in hand, the others a line each); a Rotter attack is entered
// by tapping and taken back; bob, not the current player, may enter one
// too.
func TestEnvironmentInstructionsAndRotterAttack(t *testing.T) {
	tb := play(t, tutorial, at("rotter-attack", 1))
	tb.panel("alice", "")
	v := tb.view("alice")
	if v.Rotters == nil || len(v.Rotters.Instructions) == 0 {
		t.Fatal("the view has no Rotter instructions")
	}
	if !tb.shows("The Rotters go for crossing") && !tb.shows("The Rotters go for F") {
		t.Errorf("the target section is not named: %q", tb.texts())
	}
	tb.golden("environment.xml")
	ins := v.Rotters.Instructions
	for i, in := range ins {
		if !tb.shows(in.Text) {
			t.Errorf("step %d: instruction %q is not shown", i+1, in.Text)
		}
		for _, later := range ins[i+1:] {
			if later.Text != in.Text && tb.shows(later.Text) {
				t.Errorf("step %d: a later step's text %q is shown before its turn", i+1, later.Text)
			}
		}
		next := "Done: next step"
		if i == len(ins)-1 {
			next = "Done: that was the last step"
		}
		tb.tap(next)
	}
	if !tb.shows("Every step is done") {
		t.Errorf("after the last step: %q", tb.texts())
	}
	tb.tap("✓ 1. " + stepTitle(ins[0].Step))
	if !tb.shows(ins[0].Text) {
		t.Errorf("a tap on the first step done does not show it again: %q", tb.texts())
	}

	tb.tap("Signaller Hale (alice)")
	tb.tap("Veteran")
	tb.tap("+1")
	tb.tap("Enter 2 × Veteran on Signaller Hale")
	env := tb.view("alice").Environment
	if len(env) != 1 || env[0].Character != "p1-hale" || env[0].Kind != "fat" || env[0].Count != 2 {
		t.Fatalf("entries: %+v", env)
	}
	tb.tap("Signaller Hale: 2 × Veteran")
	if env := tb.view("alice").Environment; len(env) != 0 {
		t.Fatalf("the entry was not taken back: %+v", env)
	}

	bob := play(t, tutorial, at("rotter-attack", 1))
	bob.panel("bob", "")
	if !bob.shows("alice ends the phase") {
		t.Errorf("bob's panel does not say who ends the phase: %q", bob.texts())
	}
	bob.tap("Sister Aurel (alice)")
	bob.tap("Enter 1 × Shambler on Sister Aurel")
	if env := bob.view("bob").Environment; len(env) != 1 || env[0].Kind != "normal" {
		t.Fatalf("bob's entry: %+v", env)
	}
	if len(bob.tiles("Roll the attacks and end the phase")) != 0 {
		t.Error("bob may end alice's Environment phase")
	}
	tb.tap("Roll the attacks and end the phase")
	if v := tb.view("alice"); v.Phase != landsofruin.PhaseAction || v.Current != "bob" {
		t.Fatalf("after the end of the phase: %s, %s", v.Phase, v.Current)
	}
}

// TestPromptsAndObjectives: bob answers alice's proposal to end, marks
// his objective by buttons and says ready; an undo request is a prompt.
func TestPromptsAndObjectives(t *testing.T) {
	tb := play(t, tutorial, at("agree-end", 1))
	tb.panel("bob", "")
	if !tb.shows("alice proposes to end the game") {
		t.Fatalf("no proposal prompt: %q", tb.texts())
	}
	tb.tap("Agree to end")
	if v := tb.view("bob"); v.Phase != landsofruin.PhaseObjectives {
		t.Fatalf("phase %s after agreeing", v.Phase)
	}
	tb.golden("objectives.xml")
	tb.tap("+1")
	me := tb.view("bob").Players[1]
	if len(me.Objectives) != 1 || me.Objectives[0].Count != 1 {
		t.Fatalf("bob's objectives: %+v", me.Objectives)
	}
	tb.tap("Ready: my objectives are marked")
	if !tb.view("bob").Players[1].Ready {
		t.Fatal("bob is not ready")
	}

	un := play(t, tutorial, at("deny-undo", 1))
	un.panel("bob", "")
	if !un.shows("alice asks to undo alice's last command") {
		t.Fatalf("no undo prompt: %q", un.texts())
	}
	un.tap("Deny")
	if un.view("bob").UndoRequestedBy != "" {
		t.Fatal("the undo request is still open")
	}
}

// do gives a command as seat outside the panel.
func (tb *table) do(seat console.Seat, cmd string, kv ...any) {
	tb.t.Helper()
	args := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		args[kv[i].(string)] = kv[i+1]
	}
	if _, err := tb.s.Do(seat, console.Command{Name: cmd, Args: args}); err != nil {
		tb.t.Fatalf("%s %s: %v", seat, cmd, err)
	}
}

// TestCallArtilleryByMapTap: Hale calls an artillery strike; the section
// comes from a tap on the table map (SectionHook), and the strike lands
// there.
func TestCallArtilleryByMapTap(t *testing.T) {
	tb := play(t, tutorial, at("shortcut", 2)) // the open-fire line
	tb.next++                                  // assign by hand instead
	tb.do("alice", "assign", "character", "p1-aurel", "action", "shoot")
	tb.do("alice", "assign", "character", "p1-aurel", "action", "first-aid")
	tb.do("alice", "assign", "character", "p1-hale", "action", "call-artillery")
	tb.until(at("attack", 1))
	tb.panel("alice", "p1-hale")
	var wanted []string
	tb.p.OnSections = func(s []string) { wanted = s }
	tb.tap("Call an artillery strike")
	if !contains(wanted, "crossing") || contains(wanted, "off-north") {
		t.Fatalf("the map is asked for %v", wanted)
	}
	if !tb.p.SectionHook()("crossing") {
		t.Fatal("the map tap was not taken")
	}
	tb.golden("artillery.xml")
	tb.tap("Call an artillery strike at F")
	ths := tb.view("alice").Throwables
	if len(ths) != 1 || ths[0].Section != "crossing" {
		t.Fatalf("throwables: %+v", ths)
	}
	if wanted != nil {
		t.Errorf("the map is still asked for a section: %v", wanted)
	}

	// First aid is performed for a friend picked by a tap.
	tb.tap("Sister Aurel")
	if !tb.shows("First aid for:") {
		t.Fatalf("no first aid target: %q", tb.texts())
	}
	tb.tapLast("Signaller Hale")
	for _, a := range tb.char("alice", "p1-aurel").Own.Assigned {
		if a.Action == "first-aid" && !a.Performed {
			t.Fatalf("first aid not performed: %q", tb.texts())
		}
	}
}

// BenchmarkUpdate is a redraw of the Command panel with a new view.
func BenchmarkUpdate(b *testing.B) {
	tb := play(b, tutorial, at("shortcut", 1))
	test.NewTempApp(b)
	p := New(func(string, map[string]any) error { return nil })
	w := test.NewTempWindow(b, p)
	w.Resize(fyne.NewSize(380, 800))
	v := tb.view("alice")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Update(v, "p1-aurel")
	}
}

// newTable starts a game of setup with no commands played.
func newTable(t testing.TB, setup console.Setup) *table {
	t.Helper()
	s, err := console.Create(landsofruin.New(), setup, console.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return &table{t: t, s: s}
}

// endUntil ends phases until it is seat's phase.
func (tb *table) endUntil(seat, phase string) {
	tb.t.Helper()
	for i := 0; i < 20; i++ {
		v := tb.view(console.Public)
		if v.Current == seat && v.Phase == phase {
			return
		}
		tb.do(console.Seat(v.Current), "end-phase")
	}
	tb.t.Fatalf("never reached %s's %s phase", seat, phase)
}

// TestThrowAndExplosionHit: Varro throws a frag grenade by tapping (item,
// section, distance by buttons); in ben's Environment phase its area
// catches a character and kills Rotters, entered by tapping.
func TestThrowAndExplosionHit(t *testing.T) {
	tb := newTable(t, console.Setup{System: landsofruin.ID, Title: "throw", Seed: 3, Seats: []console.Seat{"ana", "ben"}})
	tb.do("ana", "choose-side", "side", "south")
	tb.do("ana", "choose-team", "team", "varros-line")
	tb.do("ben", "choose-side", "side", "north")
	tb.do("ben", "choose-team", "team", "androphages-raid")
	tb.do("ana", "ready")
	tb.do("ben", "ready")
	if tb.view("ana").Phase == landsofruin.PhasePreGame {
		tb.do("ana", "ready")
		tb.do("ben", "ready")
	}
	for round := 0; round < 2; round++ {
		seat := tb.view(console.Public).Current
		sec := map[string]string{"ana": "south-street", "ben": "north-street"}[seat]
		for _, c := range tb.view(console.Seat(seat)).Characters {
			if c.Own != nil && !c.Own.Hidden {
				tb.do(console.Seat(seat), "move", "character", c.ID, "section", sec)
			}
		}
		tb.endUntil(seat, landsofruin.PhaseCommand)
		if seat == "ana" {
			tb.do("ana", "assign", "character", "p1-varro", "action", "throw")
		}
		tb.do(console.Seat(seat), "end-phase")
		tb.do(console.Seat(seat), "end-phase")
	}
	tb.endUntil("ana", landsofruin.PhaseAction)

	tb.panel("ana", "p1-varro")
	tb.tap("Throw a grenade")
	tb.tap("C")
	for _, step := range []string{"+5", "+5", "+1", "+1"} {
		tb.tap(step)
	}
	tb.golden("throw.xml")
	tb.tap("Throw a grenade at C, 12\" away")
	ths := tb.view("ana").Throwables
	if len(ths) != 1 || ths[0].Section != "north-street" {
		t.Fatalf("throwables: %+v", ths)
	}

	tb.endUntil("ben", landsofruin.PhaseEnvironment)
	tb.panel("ben", "")
	var victim landsofruin.CharView
	for _, c := range tb.view("ben").Characters {
		if c.Seat == "ben" && c.Section == "north-street" && !c.Down {
			victim = c
			break
		}
	}
	tb.tap("Frag grenade (1), in section C (north street)")
	tb.tapLast(victim.Name + " (ben)") // the Rotter attacks list the characters too
	env := tb.view("ben").Environment
	if len(env) != 1 || env[0].Character != victim.ID || env[0].Source != landsofruin.SourceExplosive {
		t.Fatalf("entries: %+v", env)
	}
	if !tb.shows(victim.Name + ": caught by Frag grenade (1)") {
		t.Errorf("the entry is not listed: %q", tb.texts())
	}
	for i := 0; i < 2; i++ {
		ts := tb.tiles("+1") // the Rotter attacks' count, then the Rotters killed
		test.Tap(ts[len(ts)-1])
	}
	tb.golden("explosion.xml")
	tb.tap("Enter 2 Rotters killed")
	if n := tb.view("ana").Players[0].RottersKilled; n != 2 {
		t.Errorf("Rotters killed by ana's grenade: %d", n)
	}
	tb.tapLast(victim.Name + " (ben)") // caught: a second tap takes it back
	if env := tb.view("ben").Environment; len(env) != 0 {
		t.Fatalf("the hit was not taken back: %+v", env)
	}
}

// TestActionMove: in the Action phase a character moves by a tap on a
// section; over difficult terrain (a toggle) it may stay where it is, and
// its movement allowance is halved.
func TestActionMove(t *testing.T) {
	tb := play(t, tutorial, at("attack", 1))
	tb.panel("alice", "p1-aurel")
	before := tb.char("alice", "p1-aurel").Own.Movement
	here := tb.tile("I")
	if !here.Disabled {
		t.Fatal("moving to the section it stands in is offered without difficult terrain")
	}
	tb.tap("Over difficult terrain")
	tb.tap("I")
	if after := tb.char("alice", "p1-aurel").Own.Movement; after >= before {
		t.Fatalf("movement %d before, %d after difficult terrain", before, after)
	}
	if tb.p.diff {
		t.Error("the difficult-terrain toggle stayed on after the move")
	}
	tb.tap("E")
	if c := tb.char("alice", "p1-aurel"); c.Section != "west-street" {
		t.Fatalf("Aurel is in %q after tapping E", c.Section)
	}
}

// TestHandOverForgetsTheSeatBefore: when the view is another seat's (a
// hot-seat hand-over), nothing the panel showed or kept for the seat
// before stays on it.
func TestHandOverForgetsTheSeatBefore(t *testing.T) {
	tb := play(t, tutorial, at("attack", 1))
	tb.panel("alice", "p1-hale")
	tb.tap("Attack")
	tb.tap("semi auto")
	tb.p.ShowOutcome([]string{"Hale's secret result"})
	tb.p.msg = "alice's refusal"
	tb.p.Update(tb.view("bob"), "")
	for _, s := range []string{"Hale's secret result", "alice's refusal", "semi auto", "Signaller Hale", "LD-125"} {
		if tb.shows(s) {
			t.Errorf("bob's panel shows %q: %q", s, tb.texts())
		}
	}
	if tb.p.flow != "" || len(tb.p.names) != 0 || tb.p.atk.mode != "" {
		t.Errorf("the panel kept alice's drafts: flow %q, names %v, mode %q", tb.p.flow, tb.p.names, tb.p.atk.mode)
	}
}

// bigText is the test theme with every text size made 1.6 times larger
// (the largest text size a player may choose).
type bigText struct{ fyne.Theme }

func (b bigText) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameText, theme.SizeNameSubHeadingText, theme.SizeNameHeadingText, theme.SizeNameCaptionText:
		return b.Theme.Size(n) * 1.6
	}
	return b.Theme.Size(n)
}

// TestNarrowAndLargeText: every panel fits a 400-px-wide phone at the
// largest text size (nothing wider than the screen), and every tile is a
// large touch target.
func TestNarrowAndLargeText(t *testing.T) {
	for _, tc := range []struct {
		name     string
		stop     func(script.Line) bool
		seat     console.Seat
		selected string
		taps     []string
	}{
		{"command", at("shortcut", 1), "alice", "p1-aurel", nil},
		{"attack", at("attack", 1), "alice", "p1-hale", []string{"Attack", "rapid fire", "Skarn, in section C (north street)", "Vrask the Pusher, in section F (crossing)"}},
		{"roll", at("roll", 1), "alice", "", nil},
		{"sync", at("end-phase", 5), "alice", "p1-aurel", nil},
		{"environment", at("rotter-attack", 1), "bob", "", []string{"Signaller Hale (alice)"}},
		{"objectives", at("mark-objective", 1), "alice", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := play(t, tutorial, tc.stop)
			tb.panel(tc.seat, tc.selected)
			fyne.CurrentApp().Settings().SetTheme(bigText{test.Theme()})
			for _, s := range tc.taps {
				tb.tap(s)
			}
			tb.w.Resize(fyne.NewSize(400, 800))
			tb.p.Refresh()
			if w := tb.p.body.MinSize().Width; w > 400 {
				t.Errorf("the panel needs %.0f px of width", w)
			}
			walk(tb.p, func(o fyne.CanvasObject) {
				if x, ok := o.(*Tile); ok && x.MinSize().Height < MinTouch {
					t.Errorf("tile %q is %.0f high", x.Title, x.MinSize().Height)
				}
			})
		})
	}
}
