package lorwidget

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

// mapSize is the size the map tests draw at.
var mapSize = fyne.NewSize(600, 600)

// newMap is a map of v at mapSize.
func newMap(v landsofruin.View) *TableMap {
	m := NewTableMap(v)
	m.Resize(mapSize)
	return m
}

// TestMapGoldens renders the map at points of the tutorial, for each
// player, and a preview.
func TestMapGoldens(t *testing.T) {
	test.NewTempApp(t)
	for _, c := range []struct {
		golden string
		step   int
		seat   string
	}{
		{"map_pregame_alice.xml", stepPreGame, "alice"},
		{"map_environment_alice.xml", stepEnvironment, "alice"},
		{"map_environment_bob.xml", stepEnvironment, "bob"},
		{"map_down_bob.xml", stepHaleDown, "bob"},
	} {
		t.Run(c.golden, func(t *testing.T) {
			m := newMap(tutorialView(t, c.step, landsofruinSeat(c.seat)))
			assertMarkup(t, c.golden, m)
		})
	}
	t.Run("preview", func(t *testing.T) {
		m := NewMapPreview("ruined-plaza", content.East)
		m.Resize(fyne.NewSize(240, 300))
		assertMarkup(t, "map_preview_plaza_east.xml", m)
	})
}

// TestMapTurnsForSide: alice sits south, bob north; each sees their own
// edge at the bottom, so the north-west block is top left for alice and
// bottom right for bob.
func TestMapTurnsForSide(t *testing.T) {
	test.NewTempApp(t)
	for _, c := range []struct {
		seat       string
		side       content.Side
		left, top  bool
		cornerSect string // the section in the top-left corner
	}{
		{"alice", content.South, true, true, "nw-block"},
		{"bob", content.North, false, false, "se-block"},
	} {
		t.Run(c.seat, func(t *testing.T) {
			m := newMap(tutorialView(t, stepEnvironment, landsofruinSeat(c.seat)))
			if m.Side() != c.side {
				t.Fatalf("side %s, want %s", m.Side(), c.side)
			}
			p, ok := m.SectionPosition("nw-block")
			if !ok {
				t.Fatal("no nw-block")
			}
			if (p.X < mapSize.Width/2) != c.left || (p.Y < mapSize.Height/2) != c.top {
				t.Errorf("nw-block drawn at %v", p)
			}
			g := m.geom()
			o, _ := g.table()
			if got, _ := m.SectionAt(o.AddXY(5, 5)); got != c.cornerSect {
				t.Errorf("top-left corner is %q, want %q", got, c.cornerSect)
			}
		})
	}
}

// TestMapTapSection: tapping inside each section, on the turned map,
// calls back with its id; tapping a character calls back with the
// character.
func TestMapTapSection(t *testing.T) {
	test.NewTempApp(t)
	for _, ss := range [][2]string{{"alice", "south"}, {"bob", "north"}} {
		seat, side := ss[0], ss[1]
		v := tutorialView(t, stepPreGame, landsofruinSeat(seat))
		m := newMap(v)
		var got []string
		m.OnSectionTapped = func(s string) { got = append(got, s) }
		l, _ := landsofruin.MapLayoutOf(v.Map)
		for _, s := range l.Sections {
			if s.OffTable {
				continue
			}
			got = nil
			// A point inside the section, away from its label and markers.
			p := m.geom().toScreen(s.Inside)
			test.TapAt(m, p)
			if len(got) != 1 || got[0] != s.ID {
				t.Errorf("%s: tap on %s gave %v", seat, s.ID, got)
			}
		}
		got = nil
		sp, _ := m.SectionPosition("")
		test.TapAt(m, sp.AddXY(120, 0))
		// The strip at the bottom is the seat's own table edge.
		if want := "off-" + side; len(got) != 1 || got[0] != want {
			t.Errorf("%s: tap on the strip gave %v, want %s", seat, got, want)
		}
	}
	v := tutorialView(t, stepEnvironment, "alice")
	m := newMap(v)
	var char string
	m.OnCharacterTapped = func(id string) { char = id }
	p, ok := m.CharacterPosition("p1-aurel")
	if !ok {
		t.Fatal("Aurel is not on the map")
	}
	test.TapAt(m, p)
	if char != "p1-aurel" {
		t.Errorf("tap on Aurel gave %q", char)
	}
}

// drag drags from a to b as a driver does: positions are the pointer's,
// Dragged the movement since the last event.
func drag(m *TableMap, a, b fyne.Position) {
	mid := fyne.NewPos((a.X+b.X)/2, (a.Y+b.Y)/2)
	m.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: mid}, Dragged: fyne.NewDelta(mid.X-a.X, mid.Y-a.Y)})
	m.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: b}, Dragged: fyne.NewDelta(b.X-mid.X, b.Y-mid.Y)})
	m.DragEnd()
}

// TestMapDrop: dropping a character on a section gives its id, on the
// off-table strip "", outside the map nothing.
func TestMapDrop(t *testing.T) {
	test.NewTempApp(t)
	for _, c := range []struct {
		name    string
		seat    string
		to      func(m *TableMap) fyne.Position
		want    string
		dropped bool
	}{
		{"on a section (south)", "alice", func(m *TableMap) fyne.Position { p, _ := m.SectionPosition("crossing"); return p.AddXY(0, 20) }, "crossing", true},
		{"on a section (north)", "bob", func(m *TableMap) fyne.Position { p, _ := m.SectionPosition("sw-block"); return p.AddXY(0, 20) }, "sw-block", true},
		{"on the strip (alice's edge)", "alice", func(m *TableMap) fyne.Position { p, _ := m.SectionPosition(""); return p.AddXY(150, 0) }, "off-south", true},
		{"on the strip (bob's edge)", "bob", func(m *TableMap) fyne.Position { p, _ := m.SectionPosition(""); return p.AddXY(150, 0) }, "off-north", true},
		{"outside the map", "alice", func(m *TableMap) fyne.Position { return fyne.NewPos(-50, -50) }, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := tutorialView(t, stepEnvironment, landsofruinSeat(c.seat))
			m := newMap(v)
			var id, sec string
			dropped := false
			m.OnCharacterDropped = func(i, s string) { id, sec, dropped = i, s, true }
			var mine string
			for _, ch := range v.Characters {
				if ch.Seat == c.seat {
					mine = ch.ID
					break
				}
			}
			from, ok := m.CharacterPosition(mine)
			if !ok {
				t.Fatalf("%s not on the map", mine)
			}
			drag(m, from, c.to(m))
			if dropped != c.dropped || dropped && (id != mine || sec != c.want) {
				t.Errorf("dropped %v %q on %q; want %v %q on %q", dropped, id, sec, c.dropped, mine, c.want)
			}
		})
	}
}

// TestMapHighlightsRotterTarget: the Rotter plan's target is the default
// highlight; SetHighlight overrides it.
func TestMapHighlightsRotterTarget(t *testing.T) {
	test.NewTempApp(t)
	v := tutorialView(t, stepEnvironment, "alice")
	if v.Rotters == nil {
		t.Fatal("no Rotter plan in the Environment phase")
	}
	m := newMap(v)
	if s, c := m.highlight(); s != v.Rotters.Section || c != v.Rotters.Character {
		t.Errorf("highlight %q %q, want the plan's %q %q", s, c, v.Rotters.Section, v.Rotters.Character)
	}
	m.SetHighlight("crossing", "")
	if s, _ := m.highlight(); s != "crossing" {
		t.Errorf("highlight %q after SetHighlight", s)
	}
}
