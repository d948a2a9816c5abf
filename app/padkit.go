package app

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
)

// This file holds the pieces the board-game state pads (Runika,
// BattleLore) share: a number stepper and a row of choice buttons for
// forms filled in with a finger, a tappable row, a card, the command form
// dialog, and the end-of-game panel.

// stepper is a whole number between Min and Max with large − and +
// buttons, for counts entered on a tablet without a keyboard.
type stepper struct {
	value, min, max int
	label           *widget.Label
	minus, plus     *widget.Button
	box             *fyne.Container
	// onChange is called after every change, with the new value.
	onChange func(int)
}

// newStepper returns a stepper at value, kept within [min, max].
func newStepper(value, min, max int, onChange func(int)) *stepper {
	s := &stepper{min: min, max: max, onChange: onChange}
	s.label = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true, Monospace: true})
	s.label.SizeName = theme.SizeNameSubHeadingText
	s.minus = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { s.set(s.value - 1) })
	s.plus = widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { s.set(s.value + 1) })
	s.box = container.NewHBox(withMinSize(s.minus, MinTouchTarget+8, MinTouchTarget),
		withMinSize(s.label, 64, MinTouchTarget), withMinSize(s.plus, MinTouchTarget+8, MinTouchTarget))
	s.value = value
	s.set(value)
	return s
}

// set changes the value, clamped to the bounds.
func (s *stepper) set(v int) {
	v = min(max(v, s.min), s.max)
	changed := v != s.value
	s.value = v
	s.label.SetText(strconv.Itoa(v))
	if v <= s.min {
		s.minus.Disable()
	} else {
		s.minus.Enable()
	}
	if v >= s.max {
		s.plus.Disable()
	} else {
		s.plus.Enable()
	}
	if changed && s.onChange != nil {
		s.onChange(v)
	}
}

// setMax changes the upper bound, clamping the value.
func (s *stepper) setMax(m int) {
	s.max = max(m, s.min)
	s.set(s.value)
}

// choice is a grid of large buttons of which one (or none) is selected:
// an enum argument for a finger. The selected button is highlighted.
type choice struct {
	values   []string
	selected string
	buttons  []*widget.Button
	box      *fyne.Container
	// onChange is called when the player picks another value.
	onChange func(string)
}

// newChoice returns the buttons labelled labels for values, cols to a row.
func newChoice(values, labels []string, cols int, selected string, onChange func(string)) *choice {
	c := &choice{values: values, onChange: onChange}
	c.box = container.NewGridWithColumns(max(1, min(cols, len(values))))
	for i, v := range values {
		v := v
		b := widget.NewButton(labels[i], func() { c.pick(v) })
		c.buttons = append(c.buttons, b)
		c.box.Add(b)
	}
	c.set(selected)
	return c
}

// pick selects v as the player's choice.
func (c *choice) pick(v string) {
	if v == c.selected {
		return
	}
	c.set(v)
	if c.onChange != nil {
		c.onChange(v)
	}
}

// set selects v without calling onChange.
func (c *choice) set(v string) {
	c.selected = v
	for i, b := range c.buttons {
		imp := widget.MediumImportance
		if c.values[i] == v {
			imp = widget.HighImportance
		}
		if b.Importance != imp {
			b.Importance = imp
			b.Refresh()
		}
	}
}

// enable enables or disables the button of value v.
func (c *choice) enable(v string, on bool) {
	for i, b := range c.buttons {
		if c.values[i] == v {
			if on {
				b.Enable()
			} else {
				b.Disable()
			}
		}
	}
}

// tapRow is a tappable row around any content, at least MinTouchTarget
// high: a unit on the roster, opened to change it.
type tapRow struct {
	widget.BaseWidget
	// Content is what the row shows.
	Content fyne.CanvasObject
	// Label names the row for tests and the layout check.
	Label string
	// Dim paints the row as out of play.
	Dim bool
	// OnTapped is called when the row is tapped.
	OnTapped func()

	hovered bool
}

// newTapRow returns a row showing content.
func newTapRow(label string, content fyne.CanvasObject, tapped func()) *tapRow {
	r := &tapRow{Label: label, Content: content, OnTapped: tapped}
	r.ExtendBaseWidget(r)
	return r
}

// Tapped calls OnTapped.
func (r *tapRow) Tapped(*fyne.PointEvent) {
	if r.OnTapped != nil {
		r.OnTapped()
	}
}

// MouseIn highlights the row under the mouse.
func (r *tapRow) MouseIn(*desktop.MouseEvent) { r.hovered = true; r.Refresh() }

// MouseMoved does nothing.
func (r *tapRow) MouseMoved(*desktop.MouseEvent) {}

// MouseOut removes the highlight.
func (r *tapRow) MouseOut() { r.hovered = false; r.Refresh() }

// Cursor shows a pointer over the row.
func (r *tapRow) Cursor() desktop.Cursor { return desktop.PointerCursor }

// CreateRenderer builds the row's renderer.
func (r *tapRow) CreateRenderer() fyne.WidgetRenderer {
	rr := &tapRowRenderer{r: r, bg: canvas.NewRectangle(color.Transparent)}
	rr.Refresh()
	return rr
}

type tapRowRenderer struct {
	r  *tapRow
	bg *canvas.Rectangle
}

func (rr *tapRowRenderer) Layout(s fyne.Size) {
	rr.bg.Resize(s)
	pad := theme.SizeForWidget(theme.SizeNamePadding, rr.r)
	if c := rr.r.Content; c != nil {
		c.Move(fyne.NewPos(pad, 0))
		c.Resize(fyne.NewSize(s.Width-2*pad, s.Height))
	}
}

func (rr *tapRowRenderer) MinSize() fyne.Size {
	pad := theme.SizeForWidget(theme.SizeNamePadding, rr.r)
	m := fyne.NewSize(0, MinTouchTarget)
	if c := rr.r.Content; c != nil {
		m = m.Max(c.MinSize().AddWidthHeight(2*pad, 0))
	}
	return m
}

func (rr *tapRowRenderer) Objects() []fyne.CanvasObject {
	if rr.r.Content == nil {
		return []fyne.CanvasObject{rr.bg}
	}
	return []fyne.CanvasObject{rr.bg, rr.r.Content}
}

func (rr *tapRowRenderer) Destroy() {}

func (rr *tapRowRenderer) Refresh() {
	name := theme.ColorNameInputBackground
	if rr.r.hovered {
		name = theme.ColorNameHover
	}
	c := theme.ColorForWidget(name, rr.r)
	if rr.r.Dim {
		c = withAlpha(c, 0x60)
	}
	rr.bg.FillColor = c
	rr.bg.CornerRadius = theme.SizeForWidget(theme.SizeNameSelectionRadius, rr.r) / 2
	rr.bg.Refresh()
	rr.Layout(rr.r.Size())
}

// compactCell returns a score grid cell sized for short values.
func compactCell(kind cellKind, text string) *scoreCell {
	c := newScoreCell(kind, text, nil)
	c.Compact = true
	return c
}

// card groups objects on a header-coloured rounded background.
func card(objs ...fyne.CanvasObject) *fyne.Container {
	bg := newFill(theme.ColorNameHeaderBackground)
	bg.Radius = 8
	return container.NewStack(bg, container.NewPadded(container.NewVBox(objs...)))
}

// caption returns a small, quiet label that wraps.
func caption(text string) *widget.Label {
	l := wrapped(text)
	l.SizeName = theme.SizeNameCaptionText
	l.Importance = widget.LowImportance
	return l
}

// boldLabel returns a bold label that shortens with "…" when it must.
func boldLabel(text string) *widget.Label {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.Truncation = fyne.TextTruncateEllipsis
	return l
}

// setEnabled enables or disables a button.
func setEnabled(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// stepperRow lays out a stepper beside its label and explanation.
func stepperRow(label, doc string, st *stepper) fyne.CanvasObject {
	text := container.NewVBox(boldLabel(label))
	if doc != "" {
		text.Add(caption(doc))
	}
	return container.NewPadded(container.NewBorder(nil, nil, nil, container.NewCenter(st.box), text))
}

// setColumns gives a grid container n columns, keeping its objects.
func setColumns(c *fyne.Container, n int) {
	if g, ok := c.Layout.(interface{ Columns() int }); ok && g.Columns() == n {
		return
	}
	c.Layout = &gridColumns{cols: n, grid: layout.NewGridLayoutWithColumns(n)}
}

// gridColumns is a Fyne grid layout that remembers its column count.
type gridColumns struct {
	grid fyne.Layout
	cols int
}

func (g *gridColumns) Layout(objs []fyne.CanvasObject, size fyne.Size) { g.grid.Layout(objs, size) }
func (g *gridColumns) MinSize(objs []fyne.CanvasObject) fyne.Size      { return g.grid.MinSize(objs) }

// Columns is the number of columns.
func (g *gridColumns) Columns() int { return g.cols }

// newGridColumns returns a grid container of n columns.
func newGridColumns(n int, objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(&gridColumns{cols: n, grid: layout.NewGridLayoutWithColumns(n)}, objs...)
}

// formDialog is a dialog for one command: its fields, a line for the
// rules' refusal, Cancel and the command's button. A refusal keeps the
// dialog open with the reason under the fields.
type formDialog struct {
	win     fyne.Window
	d       *dialog.CustomDialog
	problem *widget.Label
	ok      *widget.Button
	cancel  *widget.Button
}

// showForm opens a command form over the game. run sends the command and
// returns the refusal, if any; the dialog closes when it returns nil.
func (e *gameEnv) showForm(title, okText string, body fyne.CanvasObject, run func() error) *formDialog {
	return e.showFormFoot(title, okText, body, nil, run)
}

// showFormFoot is showForm with foot kept in view under the scrolling
// fields (a running total), when foot is not nil.
func (e *gameEnv) showFormFoot(title, okText string, body, foot fyne.CanvasObject, run func() error) *formDialog {
	f := &formDialog{win: e.win, problem: widget.NewLabel("")}
	f.problem.Wrapping = fyne.TextWrapWord
	f.problem.Importance = widget.DangerImportance
	f.problem.TextStyle.Bold = true
	f.problem.Hide()
	fields := container.NewVBox(body, f.problem)
	var content fyne.CanvasObject = container.NewVScroll(fields)
	measured := []fyne.CanvasObject{fields}
	if foot != nil {
		content = container.NewBorder(nil, foot, nil, nil, content)
		measured = append(measured, foot)
	}
	f.d = dialog.NewCustomWithoutButtons(title, content, e.win)
	f.cancel = widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), f.d.Hide)
	f.ok = widget.NewButtonWithIcon(okText, theme.ConfirmIcon(), func() {
		err := run()
		if err == nil {
			f.d.Hide()
			return
		}
		msg := errorText(err)
		f.problem.SetText(msg)
		f.problem.Show()
		f.resize(measured...)
	})
	f.ok.Importance = widget.HighImportance
	f.d.SetButtons([]fyne.CanvasObject{f.cancel, f.ok})
	f.resize(measured...)
	f.d.Show()
	return f
}

// resize fits the dialog to its parts, within the window.
func (f *formDialog) resize(parts ...fyne.CanvasObject) { fitDialog(f.d, f.win, 560, parts...) }

// fitDialog sizes d to show its content whole when the window has room:
// at most maxW wide, and tall enough for parts (the object inside its
// scroll, and anything under it) as wrapped at that width.
func fitDialog(d dialog.Dialog, win fyne.Window, maxW float32, parts ...fyne.CanvasObject) {
	size := win.Canvas().Size()
	if size.Width == 0 {
		return
	}
	pad := theme.Padding()
	w := fyne.Min(maxW, size.Width-4*pad)
	// The dialog's side padding and the scroll bar; wrapped labels
	// measure their height at the width they get.
	inner := w - 32 - 4*pad - theme.ScrollBarSize()
	var h float32
	for _, p := range parts {
		p.Resize(fyne.NewSize(inner, p.MinSize().Height))
		h += p.MinSize().Height
	}
	// The title, the buttons and the dialog's padding.
	chrome := 2*MinTouchTarget + 12*pad
	d.Resize(fyne.NewSize(w, fyne.Min(h+chrome, size.Height-4*pad)))
	// Measuring moved the parts: lay the dialog out again.
	d.Refresh()
}

// endPanel is the panel a state pad shows once the game is over: the
// result, the placements (ties shared), the battle report and home.
type endPanel struct {
	box        *fyne.Container
	result     *widget.Label
	placements *fyne.Container
	reportBtn  *widget.Button
}

// newEndPanel builds the end panel of env's game.
func newEndPanel(env *gameEnv) *endPanel {
	p := &endPanel{result: wrapped(""), placements: container.NewVBox()}
	p.result.TextStyle.Bold = true
	p.reportBtn = widget.NewButtonWithIcon("Battle report", theme.DocumentIcon(), env.showReport)
	p.reportBtn.Importance = widget.HighImportance
	home := widget.NewButtonWithIcon("Home", theme.HomeIcon(), env.home)
	hint := widget.NewLabel("Undo reopens the game.")
	hint.Truncation = fyne.TextTruncateEllipsis
	hint.Importance = widget.LowImportance
	p.box = container.NewVBox(heading("Game over"), p.result, p.placements, p.reportBtn, home, hint)
	return p
}

// set shows the result line and the placements.
func (p *endPanel) set(result string, ps []console.Placement) {
	p.result.SetText(result)
	var rows []fyne.CanvasObject
	for _, pl := range ps {
		rows = append(rows, placementRow(pl, tied(ps, pl.Place)))
	}
	p.placements.Objects = rows
	p.placements.Refresh()
}

// allowedBySeat asks every seat's view which commands that seat may give
// now, for a hot-seat screen that acts for whoever's turn it is. allowed
// reads the list out of one view (nil when the view is not the system's).
// A view that fails is an error, not a seat with nothing to do.
func allowedBySeat(e *gameEnv, allowed func(console.View) []string) (map[console.Seat]map[string]bool, error) {
	out := map[console.Seat]map[string]bool{}
	for _, seat := range e.seats() {
		v, err := e.view(seat)
		if err != nil {
			return nil, err
		}
		set := map[string]bool{}
		for _, c := range allowed(v) {
			set[c] = true
		}
		out[seat] = set
	}
	return out, nil
}
