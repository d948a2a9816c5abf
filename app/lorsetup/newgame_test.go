package lorsetup

import (
	"image/color"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// TestNewGameOptions taps through the new-game form and checks the title
// and options it hands over, and that console.Create takes them.
func TestNewGameOptions(t *testing.T) {
	defaults := map[string]string{"scenario": "fight-to-the-death", "map": "crossroads", "mode": "advanced", "units": "in"}
	with := func(kv ...string) map[string]string {
		out := map[string]string{}
		for k, v := range defaults {
			out[k] = v
		}
		for i := 0; i+1 < len(kv); i += 2 {
			out[kv[i]] = kv[i+1]
		}
		return out
	}
	cases := []struct {
		name  string
		units string
		// steps: a tile or button title to tap, "type:TEXT" to type the
		// title over, "swipe:DX" to drag the map sideways.
		steps     []string
		wantTitle string
		want      map[string]string
	}{
		{"defaults", "", nil, "Fight to the Death", defaults},
		{"units from the settings", "cm", nil, "Fight to the Death", with("units", "cm")},
		{"unknown units setting", "furlongs", nil, "Fight to the Death", defaults},
		{"tutorial on the plaza, basic", "", []string{"Two player tutorial", NextMap, "Play on Ruined Plaza (6'×4')", "basic"},
			"Two player tutorial", with("scenario", "two-player-tutorial", "map", "ruined-plaza", "mode", "basic")},
		{"previous wraps round", "", []string{PrevMap, "Play on Town Square (3'×3')"},
			"Fight to the Death", with("map", "town-square")},
		{"flipping does not choose", "", []string{NextMap, NextMap}, "Fight to the Death", defaults},
		{"swipe left is the next map", "", []string{"swipe:-120", "Play on Ruined Plaza (6'×4')"},
			"Fight to the Death", with("map", "ruined-plaza")},
		{"a short swipe stays", "", []string{"swipe:-20", NextMap, "Play on Ruined Plaza (6'×4')"},
			"Fight to the Death", with("map", "ruined-plaza")},
		{"typed title kept", "in", []string{"type:Friday game", "VIP", "centimetres"},
			"Friday game", with("scenario", "vip", "units", "cm")},
		{"title follows the scenario", "", []string{"VIP", "At the Crossroads"}, "At the Crossroads", with("scenario", "at-the-crossroads")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var gotTitle string
			var got map[string]string
			f := NewGame(NewGameConfig{Units: tc.units, OnCreate: func(title string, o map[string]string) { gotTitle, got = title, o }})
			w := test.NewWindow(f)
			w.Resize(landscape)
			defer w.Close()
			for _, s := range tc.steps {
				switch {
				case strings.HasPrefix(s, "type:"):
					f.title.SetText("")
					test.Type(f.title, strings.TrimPrefix(s, "type:"))
				case strings.HasPrefix(s, "swipe:"):
					var dx float32
					for _, c := range strings.TrimPrefix(s, "swipe:") {
						if c >= '0' && c <= '9' {
							dx = dx*10 + float32(c-'0')
						}
					}
					if strings.Contains(s, "-") {
						dx = -dx
					}
					sw := swipes(f)
					if len(sw) != 1 {
						t.Fatalf("%d map drawings", len(sw))
					}
					sw[0].Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: dx}})
					sw[0].DragEnd()
				default:
					tap(t, f, s)
				}
			}
			tap(t, f, "Create game")
			if gotTitle != tc.wantTitle || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %q %v, want %q %v", gotTitle, got, tc.wantTitle, tc.want)
			}
			if _, err := console.Create(landsofruin.New(), console.Setup{System: landsofruin.ID, Title: gotTitle,
				Seats: []console.Seat{"alice", "bob"}, Options: got}, console.Options{}); err != nil {
				t.Fatalf("console.Create refuses the options: %v", err)
			}
		})
	}
}

// swipes is the map drawings under o.
func swipes(o fyne.CanvasObject) []*swipe {
	var out []*swipe
	walk(o, func(x fyne.CanvasObject) {
		if s, ok := x.(*swipe); ok {
			out = append(out, s)
		}
	})
	return out
}

// TestNewGameShowsScenario: the chosen scenario's story, roles and
// objectives are on the form.
func TestNewGameShowsScenario(t *testing.T) {
	f := NewGame(NewGameConfig{})
	tap(t, f, "Two player tutorial")
	for _, want := range []string{"Baleans (1 player(s), teams up to 2000 gear value", "Objectives: Learn the basics (100 points)"} {
		if !hasText(f, want) {
			t.Errorf("no %q on the form:\n%s", want, strings.Join(texts(f), "\n"))
		}
	}
}

// TestNewGameMapDrawer: the injected drawer draws the shown map, north up;
// Cancel calls OnCancel.
func TestNewGameMapDrawer(t *testing.T) {
	var drawn []string
	cancelled := false
	f := NewGame(NewGameConfig{
		DrawMap: func(id, side string) fyne.CanvasObject {
			drawn = append(drawn, id+"/"+side)
			return canvas.NewText("map "+id, nil)
		},
		OnCancel: func() { cancelled = true },
	})
	tap(t, f, NextMap)
	if want := []string{"crossroads/", "ruined-plaza/"}; !reflect.DeepEqual(drawn, want) {
		t.Errorf("drawn %v, want %v", drawn, want)
	}
	tap(t, f, "Cancel")
	if !cancelled {
		t.Error("Cancel did not call OnCancel")
	}
}

// TestNewGameGolden is the form's markup at 1280×800.
func TestNewGameGolden(t *testing.T) {
	f := NewGame(NewGameConfig{Units: "cm"})
	w := test.NewWindow(f)
	w.Resize(landscape)
	defer w.Close()
	tap(t, f, "Two player tutorial")
	golden(t, w, "newgame-tutorial")
}

// dragMap is a map drawing that takes drags itself, as the table map does.
type dragMap struct {
	widget.BaseWidget
	drags int
}

func (d *dragMap) Dragged(*fyne.DragEvent) { d.drags++ }
func (d *dragMap) DragEnd()                {}
func (d *dragMap) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}

// TestSwipeOverDraggableMap: a finger swiped over a map widget that takes
// drags flips the map all the same.
func TestSwipeOverDraggableMap(t *testing.T) {
	f := NewGame(NewGameConfig{DrawMap: func(id, side string) fyne.CanvasObject {
		d := &dragMap{}
		d.ExtendBaseWidget(d)
		return d
	}})
	w := test.NewWindow(f)
	w.Resize(fyne.NewSize(1280, 3000))
	defer w.Close()
	sw := swipes(f)
	if len(sw) != 1 {
		t.Fatalf("%d swipe areas", len(sw))
	}
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(sw[0]).Add(fyne.NewPos(180, 180))
	test.Drag(w.Canvas(), pos, -120, 0)
	if !hasText(f, "Map 2 of 3") {
		t.Fatalf("the swipe did not flip the map:\n%s", strings.Join(texts(f), "\n"))
	}
}

func TestScenarioPlayers(t *testing.T) {
	cases := []struct {
		id       string
		min, max int
		ok       bool
	}{
		{"two-player-tutorial", 2, 2, true},
		{"solo-tutorial", 1, 1, true},
		{"fight-to-the-death", 2, 0, true},
		{"at-the-crossroads", 2, 4, true},
		{"no-such-scenario", 0, 0, false},
	}
	for _, tc := range cases {
		min, max, ok := ScenarioPlayers(tc.id)
		if min != tc.min || max != tc.max || ok != tc.ok {
			t.Errorf("%s: %d %d %v, want %d %d %v", tc.id, min, max, ok, tc.min, tc.max, tc.ok)
		}
	}
}

// TestNewGameSelect presets options as taps would, and refuses values the
// rules do not offer.
func TestNewGameSelect(t *testing.T) {
	f := NewGame(NewGameConfig{})
	if !f.Select("map", "town-square") || !f.Select("scenario", "vip") || f.Select("map", "atlantis") || f.Select("colour", "red") {
		t.Fatal("Select accepted or refused the wrong values")
	}
	want := map[string]string{"scenario": "vip", "map": "town-square", "mode": "advanced", "units": "in"}
	if got := f.Options(); !reflect.DeepEqual(got, want) || f.Title() != "VIP" || !hasText(f, "Map 3 of 3") {
		t.Fatalf("after Select: %v %q", got, f.Title())
	}
}
