package lorwidget

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/conformance"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// The full-size game: both players with Androphage's Raid, the largest
// pre-made team (nine characters each), on the Town Square map: all
// eighteen off the table at the start, eleven in the square by alice's
// second turn.
var (
	fullsizeStart = filepath.Join("..", "lorscreen", "testdata", "fullsize-start.jsonl")
	fullsizeTurn2 = filepath.Join("..", "lorscreen", "testdata", "fullsize.jsonl")
)

// playScript plays a script's steps through a Session and returns it.
func playScript(t testing.TB, path string) *console.Session {
	t.Helper()
	sc := conformance.LoadScripts(t, path)[0]
	s, err := console.Create(landsofruin.New(), sc.Setup, console.Options{
		Clock: func() time.Time { return time.Unix(1700000000, 0).UTC() }})
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range sc.Steps {
		if _, err := s.Do(st.Seat, st.Cmd); st.Reject != (err != nil) {
			t.Fatalf("%s step %d (%s by %s): %v", path, i, st.Cmd.Name, st.Seat, err)
		}
	}
	return s
}

// textScale sets the app's theme to the app's own at a text scale.
func textScale(t *testing.T, scale float32, light bool) {
	t.Helper()
	s := kit.DefaultSettings()
	s.TextScale = scale
	if light {
		s.Theme = kit.ThemeLight
	}
	fyne.CurrentApp().Settings().SetTheme(kit.NewTheme(s))
}

// mapTexts are the texts the map draws, with where.
func mapTexts(m *TableMap) []*canvas.Text {
	var out []*canvas.Text
	for _, o := range test.WidgetRenderer(m).Objects() {
		if t, ok := o.(*canvas.Text); ok && o.Visible() && t.Text != "" {
			out = append(out, t)
		}
	}
	return out
}

// checkMap fails when a character of v has no tap target on m, when a
// target is smaller than a finger, when two targets or two texts overlap,
// or when one lies outside the map.
func checkMap(t *testing.T, m *TableMap, v landsofruin.View, what string) {
	t.Helper()
	bounds := rect{0, 0, m.Size().Width, m.Size().Height}
	targets := m.Targets()
	seen := map[string]int{}
	for i, a := range targets {
		for _, id := range a.Characters {
			seen[id]++
		}
		if a.Size < 48 {
			t.Errorf("%s: target %v is %v wide, want 48", what, a.Characters, a.Size)
		}
		ra := rectAround(a.Center, a.Size, a.Size)
		if !ra.within(bounds) {
			t.Errorf("%s: target %v at %v is outside the %v map", what, a.Characters, a.Center, m.Size())
		}
		for _, b := range targets[i+1:] {
			if ra.overlaps(rectAround(b.Center, b.Size, b.Size)) {
				t.Errorf("%s: targets %v at %v and %v at %v overlap", what, a.Characters, a.Center, b.Characters, b.Center)
			}
		}
	}
	for _, c := range v.Characters {
		if seen[c.ID] != 1 {
			t.Errorf("%s: %s is in %d targets, want 1", what, c.ID, seen[c.ID])
		}
	}
	texts := mapTexts(m)
	for i, a := range texts {
		ra := textRect(a)
		if !ra.within(bounds) {
			t.Errorf("%s: %q at %v is outside the map", what, a.Text, a.Position())
		}
		for _, b := range texts[i+1:] {
			if ra.overlaps(textRect(b)) && !inMarker(a, b) {
				t.Errorf("%s: %q at %v and %q at %v overlap", what, a.Text, a.Position(), b.Text, b.Position())
			}
		}
	}
}

// inMarker reports whether two texts are a marker's and its label's own
// (a role glyph on its circle is not near a name).
func inMarker(a, b *canvas.Text) bool { return false }

// mapSizes are the sizes the main screen gives the map: its middle column
// on a tablet held either way, the whole width on a phone.
var fullMapSizes = []fyne.Size{fyne.NewSize(620, 560), fyne.NewSize(330, 900), fyne.NewSize(400, 620)}

// TestFullSizeMapFits: with nine characters a side, at each text size,
// every character can be tapped (its circle or its stack is at least a
// finger wide), no targets or texts overlap, and the map's labels and
// circles grow with the text size.
func TestFullSizeMapFits(t *testing.T) {
	test.NewTempApp(t)
	t.Cleanup(func() { textScale(t, 1, false) })
	for _, path := range []string{fullsizeStart, fullsizeTurn2} {
		s := playScript(t, path)
		for _, seat := range []console.Seat{"alice", "bob"} {
			v := viewOf(t, s, seat)
			for _, size := range fullMapSizes {
				var lastR float32
				for _, sc := range kit.TextScales {
					for _, light := range []bool{false, true} {
						textScale(t, sc.Scale, light)
						m := NewTableMap(v)
						m.Resize(size)
						test.WidgetRenderer(m).Layout(size)
						what := fmt.Sprintf("%s %s %v %s light=%v", filepath.Base(path), seat, size, sc.Label, light)
						checkMap(t, m, v, what)
						if r := sizesNow().r; r < lastR {
							t.Errorf("%s: circles of %v, smaller than at the smaller text (%v)", what, r, lastR)
						} else {
							lastR = r
						}
					}
				}
			}
		}
	}
}

// TestStripKeepsItsOrderAcrossADrag: when a character is dragged from
// the off-table strip onto the table, the others stay where they were, so
// the next drag from where the player's finger saw a character takes
// that character.
func TestStripKeepsItsOrderAcrossADrag(t *testing.T) {
	test.NewTempApp(t)
	textScale(t, 1, false)
	s := playScript(t, fullsizeStart)
	v := viewOf(t, s, "alice")
	m := NewTableMap(v)
	m.Resize(fyne.NewSize(620, 560))
	m.OnCharacterDropped = func(id, sec string) {
		if _, err := s.Do("alice", console.Command{Name: landsofruin.CmdMove, Args: map[string]any{"character": id, "section": sec}}); err != nil {
			t.Fatalf("move %s to %s: %v", id, sec, err)
		}
		m.Update(viewOf(t, s, "alice"))
	}
	var own []string
	for _, c := range v.Characters {
		if c.Seat == "alice" {
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
	square, _ := m.SectionPosition("square")
	for i, id := range own[:4] {
		drag(m, before[id], square.AddXY(0, 40))
		if sec := sectionOf(viewOf(t, s, "alice"), id); sec != "square" {
			t.Fatalf("drag %d from %s's place moved nothing into the square (it is in %q)", i, id, sec)
		}
		for _, other := range own[i+1:] {
			if p, _ := m.CharacterPosition(other); p != before[other] {
				t.Errorf("after %s went onto the table, %s moved on the strip from %v to %v", id, other, before[other], p)
			}
		}
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

// TestCrowdedSectionIsAStackWithAPicker: eleven characters in the square
// of a phone-sized map are one stack per team, with the count; a tap on
// the seat's own opens a picker naming them, and a tap on a name picks
// that character.
func TestCrowdedSectionIsAStackWithAPicker(t *testing.T) {
	test.NewTempApp(t)
	textScale(t, 1.7, false)
	t.Cleanup(func() { textScale(t, 1, false) })
	s := playScript(t, fullsizeTurn2)
	v := viewOf(t, s, "alice")
	m := NewTableMap(v)
	w := test.NewTempWindow(t, m)
	w.Resize(fyne.NewSize(400, 620))
	m.Resize(fyne.NewSize(400, 620))
	var picked string
	m.OnCharacterTapped = func(id string) { picked = id }
	var stack MapTarget
	for _, tg := range m.Targets() {
		if tg.Stack() && slices.Contains(tg.Characters, "p1-thanatos") {
			stack = tg
		}
	}
	if !stack.Stack() {
		t.Fatalf("the square's six own characters are not a stack on a phone at Huge text: %v", m.Targets())
	}
	count := fmt.Sprintf("×%d", len(stack.Characters))
	found := false
	for _, tx := range mapTexts(m) {
		found = found || tx.Text == count
	}
	if !found {
		t.Errorf("the stack shows no count %q", count)
	}
	test.TapAt(m, stack.Center)
	if m.Picker() == nil {
		t.Fatal("a tap on the stack opened no picker")
	}
	var names []string
	var thanatos *widget.Button
	walkObjects(m.Picker().Content, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok {
			names = append(names, b.Text)
			if b.Text == "Thanatos" {
				thanatos = b
			}
		}
	})
	if thanatos == nil {
		t.Fatalf("the picker lists %q, not Thanatos", names)
	}
	test.Tap(thanatos)
	if picked != "p1-thanatos" || m.Picker() != nil {
		t.Errorf("tapping Thanatos in the picker picked %q (picker open: %v)", picked, m.Picker() != nil)
	}
}

// walkObjects calls fn for o and everything under it.
func walkObjects(o fyne.CanvasObject, fn func(fyne.CanvasObject)) {
	fn(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walkObjects(c, fn)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walkObjects(c, fn)
		}
	}
}

// TestStackPickerOffersItsSection: where a tap on the map counts now (a
// move's choices), the picker of a stack covering its section offers that
// section too.
func TestStackPickerOffersItsSection(t *testing.T) {
	test.NewTempApp(t)
	textScale(t, 1.7, false)
	t.Cleanup(func() { textScale(t, 1, false) })
	s := playScript(t, fullsizeTurn2)
	m := NewTableMap(viewOf(t, s, "alice"))
	w := test.NewTempWindow(t, m)
	w.Resize(fyne.NewSize(400, 620))
	m.Resize(fyne.NewSize(400, 620))
	m.SetMarked([]string{"square"})
	var tapped string
	m.OnSectionTapped = func(sec string) { tapped = sec }
	for _, tg := range m.Targets() {
		if tg.Stack() && slices.Contains(tg.Characters, "p1-thanatos") {
			m.OpenStack(tg)
		}
	}
	if m.Picker() == nil {
		t.Fatal("no stack in the square")
	}
	var choose *widget.Button
	walkObjects(m.Picker().Content, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Choose section E" {
			choose = b
		}
	})
	if choose == nil {
		t.Fatal("the picker does not offer the square (E)")
	}
	test.Tap(choose)
	if tapped != "square" {
		t.Errorf("choosing the section gave %q, want square", tapped)
	}
}
