package lorscreen

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/app/lorphase"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// fullSizeScreen is alice's screen of the full-size game at 1280×800,
// after ends end-phases from her Action phase of turn 2.
func fullSizeScreen(t *testing.T, ends int) (*Screen, *testFrame, *console.Session) {
	t.Helper()
	sess := replay(t, "testdata/fullsize.jsonl")
	for i := 0; i < ends; i++ {
		if _, err := sess.Do("alice", console.Command{Name: landsofruin.CmdEndPhase}); err != nil {
			t.Fatal(err)
		}
	}
	s, f, _ := newTestScreen(t, sess, FixedSeat{Seat: "alice"})
	return s, f, sess
}

// phasePanel is the screen's phase panel part.
func phasePanel(t *testing.T, s *Screen) *panelPart {
	t.Helper()
	pp, ok := s.panel.(*panelPart)
	if !ok || pp.phase == nil {
		t.Fatalf("no phase panel on show (%T)", s.panel)
	}
	return pp
}

// firstAssign is an action alice may assign now, from her view's
// affordance: a character and an action for it.
func firstAssign(t *testing.T, v landsofruin.View) (string, string) {
	t.Helper()
	a, ok := console.FindAffordance(v.Commands, landsofruin.CmdAssign)
	if !ok || !a.Allowed {
		t.Fatalf("assign is not allowed: %+v", a)
	}
	var chars, actions []console.Choice
	for _, ac := range a.Args {
		switch ac.Arg {
		case "character":
			chars = ac.Choices
		case "action":
			actions = ac.Choices
		}
	}
	for _, c := range chars {
		for _, ac := range actions {
			if ac.Disabled == "" && (ac.When == "" || ac.When == c.Value) {
				return c.Value, ac.Value
			}
		}
	}
	t.Fatal("no action to assign")
	return "", ""
}

// TestPhasePanelKeepsItsScrollAcrossAnUpdate: scrolled down the Command
// phase panel, the player assigns an action (the panel is rebuilt from the
// new view): the panel stays where it was, and the result box above it
// shows that command's result.
func TestPhasePanelKeepsItsScrollAcrossAnUpdate(t *testing.T) {
	s, _, _ := fullSizeScreen(t, 2)
	if s.view.Phase != landsofruin.PhaseCommand {
		t.Fatalf("phase %s, want the Command phase", s.view.Phase)
	}
	pp := phasePanel(t, s)
	pp.phase.ScrollTo(150)
	before := pp.phase.Offset()
	if before.Y < 100 {
		t.Fatalf("the Command phase panel does not scroll (offset %v): too short to test", before)
	}
	for i := 0; i < 2; i++ {
		char, action := firstAssign(t, s.view)
		mustDo(t, s, landsofruin.CmdAssign, "character", char, "action", action)
		if got := pp.phase.Offset(); got != before {
			t.Fatalf("assignment %d: the panel scrolled from %v to %v", i+1, before, got)
		}
		if len(s.outcome) > 0 && pp.phase.Result() != strings.Join(s.outcome, "\n") {
			t.Errorf("assignment %d: the result box shows %q, want %q", i+1, pp.phase.Result(), s.outcome)
		}
	}
}

// TestResultBoxShowsAMapDrag: a character dragged on the map (not a tap
// on the panel) is the latest result: the result box shows it.
func TestResultBoxShowsAMapDrag(t *testing.T) {
	s, f, _ := fullSizeScreen(t, 0)
	pp := phasePanel(t, s)
	pp.phase.ShowOutcome([]string{"an older result"})
	s.moveChar("p1-skarn", "north-street")
	if len(f.failed) > 0 {
		t.Fatalf("the move was refused: %v", f.failed)
	}
	got := pp.phase.Result()
	if got == "an older result" || !strings.Contains(got, "Skarn") {
		t.Errorf("after a drag the result box shows %q, want Skarn's move", got)
	}
}

// TestEnvironmentPhaseIsOneScreen: in the full-size game the Environment
// phase panel is about one screen (the Rotter plan's step in hand, the
// attack entry with its characters behind a picker), and an attack is
// entered through the picker.
func TestEnvironmentPhaseIsOneScreen(t *testing.T) {
	s, f, _ := fullSizeScreen(t, 3)
	if s.view.Phase != landsofruin.PhaseEnvironment {
		t.Fatalf("phase %s, want the Environment phase", s.view.Phase)
	}
	pp := phasePanel(t, s)
	if h, room := pp.phase.ContentHeight(), pp.phase.Size().Height; h > 1.5*room {
		t.Errorf("the Environment phase panel is %v high in %v: more than one screen and a half", h, room)
	}
	who := findTile(t, pp.phase.BodyObjects(), "Who do they attack?")
	test.Tap(who)
	if pp.phase.Picker() == nil {
		t.Fatal("\"Who do they attack?\" opened no picker")
	}
	var victim *lorphase.Tile
	apptest.Walk(pp.phase.Picker().Content, func(o fyne.CanvasObject) {
		if x, ok := o.(*lorphase.Tile); ok && x.Title == "Thanatos' Slaves 3 (alice)" && !x.Disabled {
			victim = x
		}
	})
	if victim == nil {
		t.Fatal("the picker does not list Thanatos' Slaves 3")
	}
	test.Tap(victim)
	if pp.phase.Picker() != nil {
		t.Error("the picker stays open after a pick")
	}
	var enter *lorphase.Tile
	for _, o := range pp.phase.BodyObjects() {
		if x, ok := o.(*lorphase.Tile); ok && strings.HasPrefix(x.Title, "Enter 1 ×") {
			enter = x
		}
	}
	if enter == nil || enter.Disabled || !strings.Contains(enter.Title, "Thanatos' Slaves 3") {
		t.Fatalf("after the pick the enter tile is %+v", enter)
	}
	test.Tap(enter)
	if len(f.failed) > 0 {
		t.Fatalf("refused: %v", f.failed)
	}
	if env := s.view.Environment; len(env) != 1 || env[0].Character != "p1-thanatos-slaves-3" {
		t.Errorf("entries after the tap: %+v", env)
	}
}

// findTile is the tile titled title among objs (containers searched).
func findTile(t *testing.T, objs []fyne.CanvasObject, title string) *lorphase.Tile {
	t.Helper()
	var found *lorphase.Tile
	for _, o := range objs {
		apptest.Walk(o, func(x fyne.CanvasObject) {
			if tl, ok := x.(*lorphase.Tile); ok && tl.Title == title {
				found = tl
			}
		})
	}
	if found == nil {
		t.Fatalf("no tile %q on the panel", title)
	}
	return found
}

// TestStripOrderStableOnTheScreen: on the screen, dragging characters one
// by one from the off-table strip onto the table moves each one dragged,
// and the others stay in their places on the strip.
func TestStripOrderStableOnTheScreen(t *testing.T) {
	sess := replay(t, "testdata/fullsize-start.jsonl")
	s, f, _ := newTestScreen(t, sess, FixedSeat{Seat: "alice"})
	m := s.tableMap.(*mapPart).m
	var own []string
	for _, c := range s.view.Characters {
		if c.Own != nil {
			own = append(own, c.ID)
		}
	}
	before := map[string]fyne.Position{}
	for _, id := range own {
		p, ok := m.CharacterPosition(id)
		if !ok {
			t.Fatalf("%s is not on the map", id)
		}
		before[id] = p
	}
	to, _ := m.SectionPosition("square")
	to = to.AddXY(0, 30)
	for i, id := range own[:3] {
		from := before[id]
		m.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: from.AddXY(5, 0)}, Dragged: fyne.NewDelta(5, 0)})
		m.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-from.X-5, to.Y-from.Y)})
		m.DragEnd()
		if len(f.failed) > 0 {
			t.Fatalf("drag %d refused: %v", i+1, f.failed)
		}
		if got := sectionOf(s.view, id); got != "square" {
			t.Fatalf("drag %d from %s's place: it is in %q, not the square", i+1, id, got)
		}
		for _, other := range own[i+1:] {
			if p, _ := m.CharacterPosition(other); p != before[other] {
				t.Errorf("after %s went onto the table, %s moved on the strip from %v to %v", id, other, before[other], p)
			}
		}
	}
}
