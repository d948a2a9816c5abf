package lorsetup

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// NewGameConfig configures the new-game form.
type NewGameConfig struct {
	// Units is the default of the units option ("in" or "cm"), from the
	// player's settings; "" or an unknown value: the first offered.
	Units string
	// DrawMap draws the maps; nil: a plain label.
	DrawMap MapDrawer
	// OnCreate receives the game's title and its setup options (option
	// name → value: scenario, map, mode, units), for console.Create.
	OnCreate func(title string, options map[string]string)
	// OnCancel, when set, adds a Cancel button.
	OnCancel func()
}

// The map picker's buttons: the previous and the next map.
const (
	PrevMap = "◀"
	NextMap = "▶"
)

// NewGameForm is the Lands of Ruin new-game form: scenario (with its
// story, roles and objectives), map (flipped through with previous/next
// or a swipe), mode, units and title, then Create.
type NewGameForm struct {
	widget.BaseWidget

	cfg     NewGameConfig
	choices []console.ArgChoices
	// picked is the value chosen per option.
	picked map[string]string
	// mapIndex is the map shown among the map choices.
	mapIndex int
	// titleTouched: the player typed a title; until then it follows the
	// scenario's name.
	titleTouched bool

	title  *widget.Entry
	box    *fyne.Container
	scroll *container.Scroll
}

// NewGame returns the new-game form for Lands of Ruin, its pickers from
// landsofruin.SetupChoices.
func NewGame(cfg NewGameConfig) *NewGameForm {
	f := &NewGameForm{cfg: cfg, choices: landsofruin.SetupChoices(), picked: map[string]string{}}
	for _, ac := range f.choices {
		if len(ac.Choices) > 0 {
			f.picked[ac.Arg] = ac.Choices[0].Value
		}
	}
	if cfg.Units != "" {
		for _, c := range f.list("units") {
			if c.Value == cfg.Units {
				f.picked["units"] = c.Value
			}
		}
	}
	f.title = widget.NewEntry()
	f.title.SetPlaceHolder("Title of the game")
	f.title.SetText(f.label("scenario", f.picked["scenario"]))
	f.title.OnChanged = func(string) { f.titleTouched = true }
	f.box = container.NewVBox()
	f.scroll = container.NewVScroll(f.box)
	f.ExtendBaseWidget(f)
	f.rebuild()
	return f
}

// list is the choices of an option.
func (f *NewGameForm) list(arg string) []console.Choice {
	for _, ac := range f.choices {
		if ac.Arg == arg {
			return ac.Choices
		}
	}
	return nil
}

// label is the label of an option's value.
func (f *NewGameForm) label(arg, value string) string {
	for _, c := range f.list(arg) {
		if c.Value == value {
			if c.Label != "" {
				return c.Label
			}
			return c.Value
		}
	}
	return value
}

// Options is the setup options chosen now (option name → value).
func (f *NewGameForm) Options() map[string]string {
	out := make(map[string]string, len(f.picked))
	for k, v := range f.picked {
		out[k] = v
	}
	return out
}

// Title is the game's title as entered (the scenario's name until the
// player types one).
func (f *NewGameForm) Title() string { return f.title.Text }

// Select picks value for option arg, as a tap on its tile does; it returns
// false when the value is not offered.
func (f *NewGameForm) Select(arg, value string) bool {
	for i, c := range f.list(arg) {
		if c.Value == value {
			f.pick(arg, value)
			if arg == "map" {
				f.mapIndex = i
			}
			return true
		}
	}
	return false
}

func (f *NewGameForm) pick(arg, value string) {
	f.picked[arg] = value
	if arg == "scenario" && !f.titleTouched {
		f.title.SetText(f.label("scenario", value))
		f.titleTouched = false
	}
	f.rebuild()
}

// create hands the options to OnCreate.
func (f *NewGameForm) create() {
	if f.cfg.OnCreate != nil {
		title := f.title.Text
		if title == "" {
			title = f.label("scenario", f.picked["scenario"])
		}
		f.cfg.OnCreate(title, f.Options())
	}
}

// CreateRenderer shows the form in a vertical scroll.
func (f *NewGameForm) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(f.scroll)
}

// tiles is one tile per choice of arg, the picked one selected.
func (f *NewGameForm) tiles(arg string) fyne.CanvasObject {
	box := container.NewVBox()
	for _, c := range f.list(arg) {
		c := c
		label := c.Label
		if label == "" {
			label = c.Value
		}
		t := NewTile(label, c.Note, func() { f.pick(arg, c.Value) })
		t.Disabled = c.Disabled
		t.Selected = f.picked[arg] == c.Value
		box.Add(t)
	}
	return box
}

// rebuild redraws the form from its choices.
func (f *NewGameForm) rebuild() {
	objs := []fyne.CanvasObject{heading("New Lands of Ruin game"), heading("Scenario"), f.tiles("scenario")}
	story, roles := scenarioText(f.picked["scenario"])
	if story != "" {
		objs = append(objs, para(story))
	}
	for _, r := range roles {
		objs = append(objs, para("• "+r))
	}
	objs = append(objs, heading("Map"), f.mapPicker(), heading("Mode"), f.tiles("mode"),
		heading("Units"), f.tiles("units"), heading("Title"), tall(f.title))
	bar := []fyne.CanvasObject{button("Create game", widget.HighImportance, f.create)}
	if f.cfg.OnCancel != nil {
		bar = append(bar, button("Cancel", widget.MediumImportance, f.cfg.OnCancel))
	}
	for _, b := range bar {
		objs = append(objs, tall(b))
	}
	f.box.Objects = objs
	// The scroll lays the content out again at its new height.
	f.scroll.Refresh()
}

// mapPicker shows one map at a time: its drawing (swipe to flip), name,
// sides and description, previous/next, and a tile to choose it.
func (f *NewGameForm) mapPicker() fyne.CanvasObject {
	maps := f.list("map")
	if len(maps) == 0 {
		return para("No maps are shipped.")
	}
	if f.mapIndex < 0 || f.mapIndex >= len(maps) {
		f.mapIndex = 0
	}
	m := maps[f.mapIndex]
	flip := func(d int) {
		f.mapIndex = (f.mapIndex + d + len(maps)) % len(maps)
		f.rebuild()
	}
	// The swipe catcher lies over the drawing, so a map widget that takes
	// drags itself does not swallow the swipe.
	drawing := container.NewGridWrap(fyne.NewSize(360, 360),
		container.NewStack(drawMap(f.cfg.DrawMap, m.Value, m.Label, ""), newSwipe(flip)))
	prev := button(PrevMap, widget.MediumImportance, func() { flip(-1) })
	next := button(NextMap, widget.MediumImportance, func() { flip(1) })
	count := widget.NewLabelWithStyle(fmt.Sprintf("Map %d of %d", f.mapIndex+1, len(maps)), fyne.TextAlignCenter, fyne.TextStyle{})
	note := m.Note
	if d := mapDescription(m.Value); d != "" {
		note += "\n" + d
	}
	pick := NewTile(m.Label, note, func() { f.pick("map", m.Value) })
	pick.Disabled = m.Disabled
	pick.Selected = f.picked["map"] == m.Value
	if !pick.Selected && pick.Disabled == "" {
		pick.Title = "Play on " + m.Label
	}
	chosen := para("Chosen: " + f.label("map", f.picked["map"]))
	return container.NewVBox(container.NewCenter(drawing), container.NewBorder(nil, nil, touch(prev), touch(next), count), pick, chosen)
}

// swipe is a transparent area over the map's drawing that flips to the
// previous or next map when dragged sideways far enough.
type swipe struct {
	widget.BaseWidget
	flip func(int)
	dx   float32
}

func newSwipe(flip func(int)) *swipe {
	s := &swipe{flip: flip}
	s.ExtendBaseWidget(s)
	return s
}

// Dragged adds up the sideways drag.
func (s *swipe) Dragged(e *fyne.DragEvent) { s.dx += e.Dragged.DX }

// DragEnd flips when the drag went 60 dp or more sideways.
func (s *swipe) DragEnd() {
	dx := s.dx
	s.dx = 0
	switch {
	case dx <= -60:
		s.flip(1)
	case dx >= 60:
		s.flip(-1)
	}
}

// CreateRenderer draws nothing: the map shows through.
func (s *swipe) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}
