// Package lorsetup is the Lands of Ruin setup wizard: the new-game form
// (NewGame: scenario, map, mode, units and title, before a game exists) and
// the in-game setup panel of one seat (Panel: role, table side, team,
// pre-game placement and ready), every step a tap on a choice the rules
// offer, never a typed id or JSON.
//
// The panels are built from data only: the new-game form from
// landsofruin.SetupChoices and the shipped rules tables and content, the
// setup panel from its seat's landsofruin.View (its Commands say what is
// allowed, why not, and the values of every argument) and an Act callback
// that sends a command as that seat. Nothing here reads a store or a
// session, and a panel shows only what its view holds: another seat's team
// is "chosen", never named.
package lorsetup

import (
	"errors"
	"image/color"
	"regexp"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
)

// Act sends one command as the panel's seat: nil when the game accepted
// it, a *console.Rejection when the rules refused it (its Msg is shown
// beside the control that sent it). The lead wires it to the game in play
// and then calls the panel's Update with the new view.
type Act func(cmd string, args map[string]any) error

// MapDrawer draws the map mapID as the player at table side sees it
// (side "" for the map as it is drawn, north up). The Lands of Ruin map
// widget (app/lorwidget) provides it; nil draws a plain label instead.
type MapDrawer func(mapID, side string) fyne.CanvasObject

// MinTouchTarget is the smallest height, in device-independent pixels, of
// anything a finger has to hit.
const MinTouchTarget = 48 // as kit.MinTouchTarget (Android asks 48 dp)

// errText is what a player is told when act fails: a refusal's message,
// in the rules' own words (plain), or a plain sentence for anything else.
func errText(err error) string {
	if err == nil {
		return ""
	}
	var r *console.Rejection
	if errors.As(err, &r) {
		return plain(r.Msg)
	}
	return "That did not go through; please try again."
}

// commandRef is a command name in parentheses, as the rules' messages
// name the command to use ("choose your role first (choose-role)").
var commandRef = regexp.MustCompile(` ?\((choose-role|choose-side|choose-team|infiltrate|ready|end-phase|mark-objective)[^)]*\)`)

// plain is a rules message without the command names meant for typed
// commands: on this screen the player taps the step instead.
func plain(msg string) string {
	return commandRef.ReplaceAllString(msg, "")
}

// drawMap draws mapID from side with draw, or a plain label when draw is
// nil (or draws nothing).
func drawMap(draw MapDrawer, mapID, mapName, side string) fyne.CanvasObject {
	if draw != nil {
		if o := draw(mapID, side); o != nil {
			return o
		}
	}
	text := mapName
	if side != "" {
		text += ", seen from the " + side + " side"
	}
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	l.Alignment = fyne.TextAlignCenter
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))
	return container.NewStack(bg, container.NewPadded(l))
}

// heading is a step's title in large type.
func heading(text string) *widget.Label {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.SizeName = theme.SizeNameSubHeadingText
	l.Wrapping = fyne.TextWrapWord
	return l
}

// para is a wrapped paragraph.
func para(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// errorLine is a refusal shown beside a control, in the error colour.
func errorLine(text string) fyne.CanvasObject {
	rt := widget.NewRichText(&widget.TextSegment{Text: text,
		Style: widget.RichTextStyle{ColorName: theme.ColorNameError, Inline: false, TextStyle: fyne.TextStyle{Bold: true}}})
	rt.Wrapping = fyne.TextWrapWord
	return rt
}

// Tile is a large tappable choice: a title, a note under it, and, when it
// cannot be chosen, the reason instead of a tap. Selected tiles are drawn
// in the primary colour. It wraps its text, so it fits a 400-px-wide
// screen, and is at least MinTouchTarget high.
type Tile struct {
	widget.BaseWidget
	// Title is the choice's name; Note the detail under it.
	Title, Note string
	// Disabled, when set, says why the choice cannot be taken; the tile
	// then ignores taps.
	Disabled string
	// Selected draws the tile as the current choice.
	Selected bool
	// OnTapped is called when an enabled tile is tapped.
	OnTapped func()
}

// NewTile returns a tile with a title, a note and a tap handler.
func NewTile(title, note string, tapped func()) *Tile {
	t := &Tile{Title: title, Note: note, OnTapped: tapped}
	t.ExtendBaseWidget(t)
	return t
}

// Tapped calls OnTapped unless the tile is disabled.
func (t *Tile) Tapped(*fyne.PointEvent) {
	if t.Disabled == "" && t.OnTapped != nil {
		t.OnTapped()
	}
}

// CreateRenderer draws the tile.
func (t *Tile) CreateRenderer() fyne.WidgetRenderer {
	bg := canvas.NewRectangle(color.Transparent)
	bg.CornerRadius = theme.InputRadiusSize()
	bg.StrokeWidth = 2
	title := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Wrapping = fyne.TextWrapWord
	note := widget.NewRichText()
	note.Wrapping = fyne.TextWrapWord
	r := &tileRenderer{t: t, bg: bg, title: title, note: note}
	r.box = container.NewVBox(title, note)
	r.Refresh()
	return r
}

// tileRenderer keeps only the tile's drawing objects; what they show is
// read from the Tile on every Refresh.
type tileRenderer struct {
	t     *Tile
	bg    *canvas.Rectangle
	title *widget.Label
	note  *widget.RichText
	box   *fyne.Container
}

func (r *tileRenderer) Layout(size fyne.Size) {
	r.bg.Resize(size)
	p := theme.Padding()
	r.box.Move(fyne.NewPos(p, p))
	r.box.Resize(fyne.NewSize(size.Width-2*p, size.Height-2*p))
}

func (r *tileRenderer) MinSize() fyne.Size {
	p := theme.Padding()
	m := r.box.MinSize().Add(fyne.NewSize(2*p, 2*p))
	if m.Height < MinTouchTarget {
		m.Height = MinTouchTarget
	}
	return m
}

func (r *tileRenderer) Refresh() {
	t := r.t
	fill, stroke := theme.ColorNameButton, theme.ColorNameInputBorder
	switch {
	case t.Disabled != "":
		fill = theme.ColorNameDisabledButton
	case t.Selected:
		fill, stroke = theme.ColorNameSelection, theme.ColorNamePrimary
	}
	r.bg.FillColor = theme.Color(fill)
	r.bg.StrokeColor = theme.Color(stroke)
	r.title.SetText(t.Title)
	if t.Disabled != "" {
		r.title.Importance = widget.LowImportance
	} else {
		r.title.Importance = widget.MediumImportance
	}
	var segs []widget.RichTextSegment
	if t.Note != "" {
		segs = append(segs, &widget.TextSegment{Text: t.Note, Style: widget.RichTextStyle{ColorName: theme.ColorNameForeground}})
	}
	if t.Disabled != "" {
		segs = append(segs, &widget.TextSegment{Text: t.Disabled, Style: widget.RichTextStyle{ColorName: theme.ColorNameError}})
	}
	r.note.Segments = segs
	r.note.Hidden = len(segs) == 0
	r.note.Refresh()
	r.title.Refresh()
	r.bg.Refresh()
}

func (r *tileRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.bg, r.box} }

func (r *tileRenderer) Destroy() {}

// button is a widget.Button at least MinTouchTarget high.
func button(text string, imp widget.Importance, tapped func()) *widget.Button {
	b := widget.NewButton(text, tapped)
	b.Importance = imp
	return b
}

// tall keeps o at least MinTouchTarget high.
func tall(o fyne.CanvasObject) fyne.CanvasObject {
	return container.New(minSize{h: MinTouchTarget}, o)
}

// touch keeps o at least MinTouchTarget wide and high.
func touch(o fyne.CanvasObject) fyne.CanvasObject {
	return container.New(minSize{w: MinTouchTarget, h: MinTouchTarget}, o)
}

// minSize lays its objects over each other, at least w wide and h high.
type minSize struct{ w, h float32 }

func (minSize) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l minSize) MinSize(objs []fyne.CanvasObject) fyne.Size {
	m := fyne.NewSize(l.w, l.h)
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

// choice finds value among the choices of arg in a.
func choice(a console.Affordance, arg, value string) (console.Choice, bool) {
	for _, ac := range a.Args {
		if ac.Arg != arg {
			continue
		}
		for _, c := range ac.Choices {
			if c.Value == value {
				return c, true
			}
		}
	}
	return console.Choice{}, false
}

// choices is the choices of arg in a.
func choices(a console.Affordance, arg string) []console.Choice {
	for _, ac := range a.Args {
		if ac.Arg == arg {
			return ac.Choices
		}
	}
	return nil
}
