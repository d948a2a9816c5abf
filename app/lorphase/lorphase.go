// Package lorphase is the right-hand phase panel of the Lands of Ruin main
// screen: one panel per phase (Command, Action, Sync, Environment, and the
// objectives at the end), plus the prompts that ask this seat to answer
// (a proposal to end the game, a request to undo).
//
// A panel is built from data only: the seat's landsofruin.View (its
// Commands say per command whether it is allowed, why not, and the values
// each argument may take) and the selected character. It sends commands
// through an Act callback and never imports the play frame, the store or
// the session. Every choice is a tap on a value the view offers; numbers
// are entered with buttons; nothing is typed.
//
// The lead's screen wires a panel to the game in play like this (the tests
// do the same through console.Local):
//
//	panel := lorphase.New(func(cmd string, args map[string]any) error {
//		out, err := game.Do(seat, console.Command{Name: cmd, Args: args})
//		if err != nil {
//			return err // a *console.Rejection is shown under the tile tapped
//		}
//		panel.Update(out.View.(landsofruin.View), selected)
//		panel.ShowOutcome(texts(out.Lines)) // the result, at the top
//		return nil
//	})
//	panel.OnSelect = func(id string) { selected = id; cards.SetSelected(id); tableMap.SetSelected(id) }
//	panel.OnSections = func(ids []string) { /* highlight them on the map */ }
//	tableMap.OnSectionTapped = func(s string) { panel.TapSection(s) }
//
// and calls panel.Update(v, selected) (on the UI goroutine) whenever the
// seat's view changes, and panel.Select(id) when a card or a map circle is
// tapped.
package lorphase

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

// Act sends one command as the seat on screen: nil when the game accepted
// it, a *console.Rejection when the rules refused it (its Msg is shown
// beside the control), any other error when it could not be done.
type Act func(cmd string, args map[string]any) error

// Panel is the phase panel. It shows the panel of the view's phase and
// redraws in place on Update.
type Panel struct {
	widget.BaseWidget

	// OnSelect, when set, is called with a character's id when the player
	// picks one of their characters on the panel (the lead's screen then
	// selects it on the cards and the map too, and calls Update).
	OnSelect func(id string)
	// OnSections, when set, is called with the map sections a tap on the
	// table map would now be taken for (SectionHook), or nil when none:
	// the map may highlight them.
	OnSections func(sections []string)
	// SectionLabel, when set, names a map section for the player ("F");
	// otherwise the labels the view's affordances give are used, or the id.
	SectionLabel func(id string) string

	act      Act
	v        landsofruin.View
	have     bool
	selected string
	// msg is the last refusal or error, in the player's words.
	msg string
	// outcome are the result lines the lead passed back (ShowOutcome);
	// top scrolls the panel to its top at the next rebuild (a new phase).
	outcome []string
	top     bool
	// tapped is the title of the tile tapped last: a refusal is shown
	// under it.
	tapped string
	// labels are the section labels found in the view's affordances;
	// names the weapon, mode and target labels of the attack affordance
	// seen so far (the declared attack holds ids only).
	labels map[string]string
	names  map[string]string

	atk   attackDraft
	rolls []int
	rollK string
	flow  string // action phase: "", "attack", or a throwing command
	thr   throwDraft
	diff  bool // the next move crossed difficult terrain
	env   envDraft
	want  []string // sections a map tap is taken for

	body   *fyne.Container
	scroll *container.Scroll
	// result is the box of the last command's result, pinned above the
	// scrolling body (it never scrolls away, and the body keeps its
	// place when it changes); resultText its lines.
	result     *fyne.Container
	resultText *widget.Label
	resultBg   *canvas.Rectangle
	// picker is a popup of choices over the panel (openPicker).
	picker *widget.PopUp
}

// Refresh redraws the panel, the result box in the theme's colours.
func (p *Panel) Refresh() {
	if p.resultBg != nil {
		p.resultBg.FillColor = theme.Color(theme.ColorNameSelection)
	}
	p.BaseWidget.Refresh()
}

// New returns an empty panel that sends commands through act. Call Update
// with the seat's view to fill it.
func New(act Act) *Panel {
	p := &Panel{act: act}
	p.body = kit.NewWrapVBox()
	p.scroll = container.NewVScroll(p.body)
	p.resultText = widget.NewLabel("")
	p.resultText.Wrapping = fyne.TextWrapWord
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameSelection))
	bg.CornerRadius = theme.InputRadiusSize()
	p.resultBg = bg
	lines := container.NewVScroll(p.resultText)
	p.result = container.NewStack(bg, container.NewBorder(subheading("Result"), nil, nil, nil,
		container.New(&capHeight{content: p.resultText, lines: 4}, lines)))
	p.result.Hide()
	p.ExtendBaseWidget(p)
	return p
}

// CreateRenderer returns the panel's renderer: the result box on top, the
// scrolling body under it.
func (p *Panel) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewBorder(p.result, nil, nil, nil, p.scroll))
}

// capHeight gives its object the height content needs, up to lines lines
// of text; the scroll it is meant for shows the rest.
type capHeight struct {
	content fyne.CanvasObject
	lines   float32
}

// Layout fills the room with the objects.
func (c *capHeight) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// MinSize is the content's height, at most lines lines.
func (c *capHeight) MinSize([]fyne.CanvasObject) fyne.Size {
	line := fyne.MeasureText("Ag", theme.Size(theme.SizeNameText), fyne.TextStyle{}).Height + theme.Size(theme.SizeNameLineSpacing)
	return fyne.NewSize(MinTouch, min(c.content.MinSize().Height, c.lines*line+2*theme.Size(theme.SizeNameInnerPadding)))
}

// Update shows v, with selected as the selected character (one of the
// seat's characters; "" or another id selects the first one on the
// panel). It redraws the panel in place.
func (p *Panel) Update(v landsofruin.View, selected string) {
	if p.have && v.Seat != p.v.Seat {
		// Another seat took the tablet: nothing of the one before stays
		// (its drafts, refusals, results, remembered names).
		p.reset()
	}
	before := p.current()
	if p.have && (v.Phase != p.v.Phase || v.Turn != p.v.Turn || v.Current != p.v.Current) {
		p.flow, p.atk, p.thr, p.diff, p.env, p.msg = "", attackDraft{}, throwDraft{}, false, envDraft{}, ""
		// The result of the phase before is stale now (the command
		// that ended it shows its own, after this update).
		p.outcome = nil
		p.drawOutcome()
		// A new phase starts at its top.
		p.top = true
	}
	p.v, p.have, p.selected = v, true, selected
	if p.current() != before {
		// Another character: what was being put together was for the
		// one before.
		p.flow, p.atk, p.thr = "", attackDraft{}, throwDraft{}
	}
	p.labels = sectionLabels(v)
	p.rememberNames()
	p.rebuild()
}

// reset forgets everything the panel keeps between views.
func (p *Panel) reset() {
	p.flow, p.atk, p.thr, p.diff, p.env = "", attackDraft{}, throwDraft{}, false, envDraft{}
	p.msg, p.outcome, p.names, p.rolls, p.rollK, p.selected, p.tapped = "", nil, nil, nil, "", "", ""
	p.drawOutcome()
}

// Select selects a character without a new view (the lead's screen calls
// it when a card or a map circle is tapped).
func (p *Panel) Select(id string) {
	if p.have {
		p.Update(p.v, id)
	} else {
		p.selected = id
	}
}

// Selected is the character the panel works on now: the selected one when
// it is one of the seat's, else the first of them ("" when none).
func (p *Panel) Selected() string { return p.current() }

// ShowOutcome shows the result lines of the last command (the lead passes
// the history lines of the Outcome back) in the result box above the
// panel, which keeps its scroll position; they stay until the next
// command, and go at the next phase.
func (p *Panel) ShowOutcome(lines []string) {
	p.outcome = append([]string(nil), lines...)
	p.drawOutcome()
}

// drawOutcome fills the result box, hidden when there is no result.
func (p *Panel) drawOutcome() {
	text := strings.Join(p.outcome, "\n")
	if p.resultText.Text != text {
		p.resultText.SetText(text)
	}
	if text == "" {
		p.result.Hide()
	} else {
		p.result.Show()
	}
}

// SectionHook returns the function the table map calls with a tapped
// section id; it reports whether the panel took the tap (see TapSection).
func (p *Panel) SectionHook() func(section string) bool { return p.TapSection }

// TapSection takes a section tapped on the table map: the landing place
// of a throw being prepared, else the new section of the selected
// character in the Action and Sync phases (a move). "" is the map's
// off-table strip along the seat's own edge. It returns false when the
// panel has no use for the tap now or the section is not allowed.
func (p *Panel) TapSection(section string) bool {
	if section == "" && p.have {
		// The map's off-table strip (drawn along the seat's own edge).
		if me, ok := p.me(); ok && me.Side != "" {
			section = content.StripID(content.Side(me.Side))
		}
	}
	if !p.have || !contains(p.want, section) {
		return false
	}
	if p.v.Phase == landsofruin.PhaseAction && p.flow != "" && p.flow != "attack" {
		p.thr.section = section
		p.rebuild()
		return true
	}
	return p.move(p.current(), section)
}

// openPicker shows choices over the panel's window in a popup with a
// title and a close tile; a choice's tile closes it (closePicker).
func (p *Panel) openPicker(title string, choices fyne.CanvasObject) {
	c := fyne.CurrentApp().Driver().CanvasForObject(p)
	if c == nil {
		return
	}
	p.closePicker()
	closeTile := NewTile("Close", "", p.closePicker)
	body := container.NewBorder(heading(title), closeTile, nil, nil, container.NewVScroll(choices))
	pop := widget.NewModalPopUp(body, c)
	cs := c.Size()
	want := choices.MinSize().Add(fyne.NewSize(0, heading(title).MinSize().Height+closeTile.MinSize().Height+4*theme.Padding()))
	pop.Resize(fyne.NewSize(min(max(want.Width, 360), cs.Width*0.92), min(want.Height, cs.Height*0.9)))
	p.picker = pop
	pop.Show()
}

// closePicker closes the picker, if one is open.
func (p *Panel) closePicker() {
	if p.picker != nil {
		p.picker.Hide()
		p.picker = nil
	}
}

// Picker is the picker on show over the panel, nil when none is.
func (p *Panel) Picker() *widget.PopUp { return p.picker }

// BodyObjects are the objects of the panel's body, top to bottom.
func (p *Panel) BodyObjects() []fyne.CanvasObject { return p.body.Objects }

// ContentHeight is the height of the panel's body (what scrolls) at its
// width.
func (p *Panel) ContentHeight() float32 { return p.body.MinSize().Height }

// Offset is where the panel's body is scrolled to.
func (p *Panel) Offset() fyne.Position { return p.scroll.Offset }

// ScrollTo scrolls the panel's body to y (as a player's swipe does).
func (p *Panel) ScrollTo(y float32) { p.scroll.ScrollToOffset(fyne.NewPos(0, y)) }

// Result is the text of the result box ("" when it is hidden).
func (p *Panel) Result() string {
	if !p.result.Visible() {
		return ""
	}
	return p.resultText.Text
}

// WantedSections are the sections a map tap is taken for now.
func (p *Panel) WantedSections() []string { return append([]string(nil), p.want...) }

// do sends a command; a refusal is kept to show. It reports whether the
// game accepted the command.
func (p *Panel) do(cmd string, args map[string]any) bool {
	p.msg, p.outcome = "", nil
	p.drawOutcome()
	if p.act == nil {
		p.msg = "This screen cannot send commands."
		p.rebuild()
		return false
	}
	err := p.act(cmd, args)
	if err != nil {
		p.msg = words(err)
		p.rebuild()
		return false
	}
	return true
}

// words is an error in the player's words: the rules' refusal, or a plain
// sentence for anything else (never an internal message).
func words(err error) string {
	var r *console.Rejection
	if errors.As(err, &r) {
		m := strings.TrimSpace(r.Msg)
		if m != "" {
			return strings.ToUpper(m[:1]) + m[1:]
		}
	}
	return "That could not be done just now; the game is unchanged. Please try again."
}

// rebuild redraws the panel from the view and the panel's own state.
func (p *Panel) rebuild() {
	if p.body == nil {
		return
	}
	p.want = nil
	var objs []fyne.CanvasObject
	if p.have {
		objs = append(objs, p.prompts()...)
		switch p.v.Phase {
		case landsofruin.PhaseCommand:
			objs = append(objs, p.commandPanel()...)
		case landsofruin.PhaseAction:
			objs = append(objs, p.actionPanel()...)
		case landsofruin.PhaseSync:
			objs = append(objs, p.syncPanel()...)
		case landsofruin.PhaseEnvironment:
			objs = append(objs, p.environmentPanel()...)
		case landsofruin.PhaseObjectives:
			objs = append(objs, p.objectivesPanel()...)
		case landsofruin.PhaseOver:
			objs = append(objs, p.overPanel()...)
		default:
			objs = append(objs, heading("Getting ready"), para(sentence(p.v.Prompt)))
		}
	}
	// Every tile remembers being the last one tapped, so that a refusal
	// is shown right under it.
	at := -1
	for i, o := range objs {
		walkTiles(o, func(t *Tile) {
			if t.OnTapped != nil {
				f, title := t.OnTapped, t.Title
				t.OnTapped = func() { p.tapped = title; f() }
			}
			if at < 0 && p.tapped != "" && t.Title == p.tapped {
				at = i
			}
		})
	}
	if p.msg != "" {
		l := para(p.msg)
		l.Importance = widget.DangerImportance
		objs = append(objs[:at+1:at+1], append([]fyne.CanvasObject{l}, objs[at+1:]...)...)
	}
	p.body.Objects = objs
	p.body.Refresh()
	if p.top {
		p.top = false
		p.scroll.ScrollToTop()
	}
	if p.OnSections != nil {
		p.OnSections(p.WantedSections())
	}
}

// watching tells whether the panel is a spectator's: no side, no team,
// no command; the players are named.
func (p *Panel) watching() bool { return p.v.Seat == string(console.Public) }

// mine tells whether it is this seat's turn.
func (p *Panel) mine() bool { return p.v.Current != "" && p.v.Current == p.v.Seat }

// aff is the view's affordance for cmd.
func (p *Panel) aff(cmd string) (console.Affordance, bool) {
	return console.FindAffordance(p.v.Commands, cmd)
}

// allowed tells whether cmd is allowed now.
func (p *Panel) allowed(cmd string) bool {
	a, ok := p.aff(cmd)
	return ok && a.Allowed
}

// choices are the choices of cmd's argument arg that belong to when (all
// of them when when is "" or the argument is not grouped).
func (p *Panel) choices(cmd, arg, when string) []console.Choice {
	a, ok := p.aff(cmd)
	if !ok {
		return nil
	}
	for _, ac := range a.Args {
		if ac.Arg != arg {
			continue
		}
		if ac.For == "" || when == "" {
			return ac.Choices
		}
		var out []console.Choice
		for _, c := range ac.Choices {
			if c.When == when {
				out = append(out, c)
			}
		}
		return out
	}
	return nil
}

// choice finds value among cs.
func choice(cs []console.Choice, value string) (console.Choice, bool) {
	for _, c := range cs {
		if c.Value == value {
			return c, true
		}
	}
	return console.Choice{}, false
}

// char is a character of the view.
func (p *Panel) char(id string) (landsofruin.CharView, bool) {
	for _, c := range p.v.Characters {
		if c.ID == id {
			return c, true
		}
	}
	return landsofruin.CharView{}, false
}

// name is a character's name, or the id when the view does not show it.
func (p *Panel) name(id string) string {
	if c, ok := p.char(id); ok {
		return c.Name
	}
	return id
}

// own are the seat's characters (those the view shows with Own).
func (p *Panel) own() []landsofruin.CharView {
	var out []landsofruin.CharView
	for _, c := range p.v.Characters {
		if c.Own != nil && c.Seat == p.v.Seat {
			out = append(out, c)
		}
	}
	return out
}

// current is the character the panel works on.
func (p *Panel) current() string {
	own := p.own()
	for _, c := range own {
		if c.ID == p.selected {
			return c.ID
		}
	}
	for _, c := range own {
		if c.Section != "" && !c.Down {
			return c.ID
		}
	}
	if len(own) > 0 {
		return own[0].ID
	}
	return ""
}

// pick selects a character from the panel.
func (p *Panel) pick(id string) {
	p.Select(id)
	if p.OnSelect != nil {
		p.OnSelect(id)
	}
}

// characterPicker is a row of the seat's characters to pick from; note
// gives each one's extra line.
func (p *Panel) characterPicker(note func(c landsofruin.CharView) string) fyne.CanvasObject {
	cur := p.current()
	var tiles []fyne.CanvasObject
	for _, c := range p.own() {
		id := c.ID
		t := NewTile(c.Name, "", func() { p.pick(id) })
		t.Selected = id == cur
		if note != nil {
			t.Detail = note(c)
		}
		tiles = append(tiles, t)
	}
	return newFitGrid(2, tiles...)
}

// section names a section for the player.
func (p *Panel) section(id string) string {
	if id == "" {
		return "off the table"
	}
	if p.SectionLabel != nil {
		if l := p.SectionLabel(id); l != "" {
			return l
		}
	}
	if l, ok := p.labels[id]; ok && l != "" {
		return l
	}
	return id
}

// sectionLabels collects the section labels the view's affordances give.
func sectionLabels(v landsofruin.View) map[string]string {
	out := map[string]string{}
	for _, a := range v.Commands {
		for _, ac := range a.Args {
			if ac.Arg != "section" {
				continue
			}
			for _, c := range ac.Choices {
				if c.Label != "" {
					out[c.Value] = c.Label
				}
			}
		}
	}
	return out
}

// heading, subheading and para are the panel's texts.
func heading(s string) *widget.Label {
	l := widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.SizeName = theme.SizeNameSubHeadingText
	l.Wrapping = fyne.TextWrapWord
	return l
}

func subheading(s string) *widget.Label {
	l := widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.Wrapping = fyne.TextWrapWord
	return l
}

func para(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// large is text meant to be read from across the table.
func large(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.SizeName = theme.SizeNameSubHeadingText
	l.Wrapping = fyne.TextWrapWord
	return l
}

// sentence capitalises s.
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// tileFor is a tile for a choice: enabled, or greyed with its reason.
func tileFor(c console.Choice, side string, tapped func()) *Tile {
	title := c.Label
	if title == "" {
		title = c.Value
	}
	if c.Disabled != "" {
		return disabledTile(title, side, c.Disabled)
	}
	return NewTile(title, side, tapped)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// walkTiles calls f with every tile under o (tiles in containers).
func walkTiles(o fyne.CanvasObject, f func(*Tile)) {
	switch x := o.(type) {
	case *Tile:
		f(x)
	case *fyne.Container:
		for _, c := range x.Objects {
			walkTiles(c, f)
		}
	}
}

// grid lays tiles out in n columns.
func grid(n int, tiles []fyne.CanvasObject) fyne.CanvasObject {
	return newFitGrid(n, tiles...)
}
