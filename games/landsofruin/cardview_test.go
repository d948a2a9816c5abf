package landsofruin

import (
	"testing"

	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

// TestInferRole: the role indicator follows skills and gear.
func TestInferRole(t *testing.T) {
	for _, c := range []struct {
		base string
		want string
	}{
		{"aurel", RoleMedic}, {"hale", RoleSpotter}, {"varro", RoleDemolitions}, {"whisper", RoleDemolitions},
		{"kestrel", RoleSniper}, {"brack", RoleHeavy}, {"moloch", RoleHeavy}, {"dorian", RoleHeavy},
		{"thanatos", RoleSlaver}, {"androphage", RoleBerserker}, {"skarn", ""}, {"vrask", ""},
	} {
		ch, ok := data().cont.Character(c.base)
		if !ok {
			t.Fatalf("no character %s", c.base)
		}
		lo := content.Loadout(ch)
		if got := InferRole(lo.Skills, lo.Gear); got != c.want {
			t.Errorf("%s: role %q, want %q", c.base, got, c.want)
		}
		if c.want != "" && RoleName(c.want) == "" {
			t.Errorf("role %q has no name", c.want)
		}
	}
}

// TestMapLayouts: every map's layout has its sections (each with an
// inside point inside it), four strips and the spawn points.
func TestMapLayouts(t *testing.T) {
	for _, m := range data().cont.Maps {
		l, ok := MapLayoutOf(m.ID)
		if !ok {
			t.Fatalf("no layout for %s", m.ID)
		}
		strips := 0
		for _, s := range l.Sections {
			if s.OffTable {
				strips++
				continue
			}
			if !s.Polygon.Contains(s.Inside) {
				t.Errorf("%s %s: inside point %v is outside", m.ID, s.ID, s.Inside)
			}
			if l.SectionAt(s.Inside) != s.ID {
				t.Errorf("%s %s: SectionAt(inside) = %q", m.ID, s.ID, l.SectionAt(s.Inside))
			}
		}
		if strips != 4 || len(l.Sections) != len(m.Sections)+4 {
			t.Errorf("%s: %d sections, %d strips", m.ID, len(l.Sections), strips)
		}
		if len(l.SpawnPoints) != 12 {
			t.Errorf("%s: %d spawn points", m.ID, len(l.SpawnPoints))
		}
		for _, s := range content.Sides {
			p := content.Point{X: 10, Y: 20}
			if got := l.FromView(s, l.ToView(s, p)); got != p {
				t.Errorf("%s %s: round trip %v -> %v", m.ID, s, p, got)
			}
		}
	}
	if _, ok := MapLayoutOf("nowhere"); ok {
		t.Error("a layout for an unknown map")
	}
}

// TestCardViewSecrecy: an opponent's CharView has the public card fields
// (tribe, weapon classes) and no Own; the owner's has the role, skills and
// gear.
func TestCardViewSecrecy(t *testing.T) {
	g := start(t, twoPlayers(3, nil))
	g.must(do("ana", CmdChooseSide, "side", "south"), do("ana", CmdChooseTeam, "team", "dorians-detachment"),
		do("ben", CmdChooseSide, "side", "north"), do("ben", CmdChooseTeam, "team", "night-raiders"),
		do("ana", CmdReady), do("ben", CmdReady))
	own, other := New().View(g.s, "ana").(View), New().View(g.s, "ben").(View)
	for _, c := range own.Characters {
		if c.Seat != "ana" {
			continue
		}
		if c.Own == nil || len(c.Own.Gear) == 0 || len(c.Own.Skills) == 0 || c.Tribe == "" {
			t.Errorf("ana's own %s lacks card fields: %+v", c.ID, c)
		}
	}
	for _, c := range other.Characters {
		if c.Seat != "ana" {
			continue
		}
		if c.Own != nil {
			t.Errorf("ben sees ana's %s Own", c.ID)
		}
		if c.Tribe == "" || len(c.WeaponClasses) == 0 {
			t.Errorf("ben does not see %s's tribe and weapon classes: %+v", c.ID, c)
		}
	}
}
