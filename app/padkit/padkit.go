// Package padkit holds the pieces the board-game screens (score pad,
// Runika, BattleLore) share: the score grid's cell (ScoreCell), a number
// Stepper and a row of Choice buttons for forms filled in with a finger, a
// tappable row (TapRow), the command form dialog (ShowForm), the
// end-of-game panel (EndPanel) with its placements, and AllowedBySeat for
// hot-seat screens.
package padkit

import (
	"fmt"
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
)

// Stepper is a whole number between Min and Max with large − and +
// buttons, for counts entered on a tablet without a keyboard.
type Stepper struct {
	value, min, max int
	label           *widget.Label
	minus, plus     *widget.Button
	// Box is the stepper's widget: −, the value, +.
	Box *fyne.Container
	// onChange is called after every change, with the new value.
	onChange func(int)
}

// NewStepper returns a stepper at value, kept within [min, max].
func NewStepper(value, min, max int, onChange func(int)) *Stepper {
	s := &Stepper{min: min, max: max, onChange: onChange}
	s.label = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true, Monospace: true})
	s.label.SizeName = theme.SizeNameSubHeadingText
	s.minus = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { s.Set(s.value - 1) })
	s.plus = widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { s.Set(s.value + 1) })
	s.Box = container.NewHBox(kit.WithMinSize(s.minus, kit.MinTouchTarget+8, kit.MinTouchTarget),
		kit.WithMinSize(s.label, 64, kit.MinTouchTarget), kit.WithMinSize(s.plus, kit.MinTouchTarget+8, kit.MinTouchTarget))
	s.value = value
	s.Set(value)
	return s
}

// Set changes the value, clamped to the bounds.
func (s *Stepper) Set(v int) {
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

// StepButtons returns a row of buttons labelled with steps ("+1", "−5"),
// each calling tapped with its step, and the buttons in order.
func StepButtons(steps []int, tapped func(step int)) (*fyne.Container, []*widget.Button) {
	row := container.NewGridWithColumns(len(steps))
	var bs []*widget.Button
	for _, n := range steps {
		b := widget.NewButton(StepLabel(n), func() { tapped(n) })
		bs = append(bs, b)
		row.Add(b)
	}
	return row, bs
}

// Value returns the number shown.
func (s *Stepper) Value() int { return s.value }

// PlusButton returns the + button.
func (s *Stepper) PlusButton() *widget.Button { return s.plus }

// MinusButton returns the − button.
func (s *Stepper) MinusButton() *widget.Button { return s.minus }

// SetMax changes the upper bound, clamping the value.
func (s *Stepper) SetMax(m int) {
	s.max = max(m, s.min)
	s.Set(s.value)
}

// Choice is a grid of large buttons of which one (or none) is selected:
// an enum argument for a finger. The selected button is highlighted.
type Choice struct {
	values   []string
	selected string
	buttons  []*widget.Button
	// Box is the grid of buttons.
	Box *fyne.Container
	// onChange is called when the player picks another value.
	onChange func(string)
}

// NewChoice returns the buttons labelled labels for values, cols to a row.
func NewChoice(values, labels []string, cols int, selected string, onChange func(string)) *Choice {
	c := &Choice{values: values, onChange: onChange}
	c.Box = container.NewGridWithColumns(max(1, min(cols, len(values))))
	for i, v := range values {
		v := v
		b := widget.NewButton(labels[i], func() { c.Pick(v) })
		c.buttons = append(c.buttons, b)
		c.Box.Add(b)
	}
	c.Set(selected)
	return c
}

// Pick selects v as the player's choice.
func (c *Choice) Pick(v string) {
	if v == c.selected {
		return
	}
	c.Set(v)
	if c.onChange != nil {
		c.onChange(v)
	}
}

// Selected returns the value picked, or "".
func (c *Choice) Selected() string { return c.selected }

// Set selects v without calling onChange.
func (c *Choice) Set(v string) {
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

// Enable enables or disables the button of value v.
func (c *Choice) Enable(v string, on bool) {
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

// TapRow is a tappable row around any content, at least kit.MinTouchTarget
// high: a unit on the roster, opened to change it.
type TapRow struct {
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

// NewTapRow returns a row showing content.
func NewTapRow(label string, content fyne.CanvasObject, tapped func()) *TapRow {
	r := &TapRow{Label: label, Content: content, OnTapped: tapped}
	r.ExtendBaseWidget(r)
	return r
}

// Tapped calls OnTapped.
func (r *TapRow) Tapped(*fyne.PointEvent) {
	if r.OnTapped != nil {
		r.OnTapped()
	}
}

// MouseIn highlights the row under the mouse.
func (r *TapRow) MouseIn(*desktop.MouseEvent) { r.hovered = true; r.Refresh() }

// MouseMoved does nothing.
func (r *TapRow) MouseMoved(*desktop.MouseEvent) {}

// MouseOut removes the highlight.
func (r *TapRow) MouseOut() { r.hovered = false; r.Refresh() }

// Cursor shows a pointer over the row.
func (r *TapRow) Cursor() desktop.Cursor { return desktop.PointerCursor }

// CreateRenderer builds the row's renderer.
func (r *TapRow) CreateRenderer() fyne.WidgetRenderer {
	rr := &tapRowRenderer{r: r, bg: canvas.NewRectangle(color.Transparent)}
	rr.Refresh()
	return rr
}

type tapRowRenderer struct {
	r  *TapRow
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
	m := fyne.NewSize(0, kit.MinTouchTarget)
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
		c = kit.WithAlpha(c, 0x60)
	}
	rr.bg.FillColor = c
	rr.bg.CornerRadius = theme.SizeForWidget(theme.SizeNameSelectionRadius, rr.r) / 2
	rr.bg.Refresh()
	rr.Layout(rr.r.Size())
}

// CompactCell returns a score grid cell sized for short values.
func CompactCell(kind CellKind, text string) *ScoreCell {
	c := NewScoreCell(kind, text, nil)
	c.Compact = true
	return c
}

// StepperRow lays out a stepper beside its label and explanation.
func StepperRow(label, doc string, st *Stepper) fyne.CanvasObject {
	text := container.NewVBox(kit.BoldLabel(label))
	if doc != "" {
		text.Add(kit.Caption(doc))
	}
	return container.NewPadded(container.NewBorder(nil, nil, nil, container.NewCenter(st.Box), text))
}

// FormDialog is a dialog for one command: its fields, a line for the
// rules' refusal, Cancel and the command's button. A refusal keeps the
// dialog open with the reason under the fields.
type FormDialog struct {
	win fyne.Window
	// Dialog is the dialog itself.
	Dialog *dialog.CustomDialog
	// Problem shows the rules' refusal under the fields; hidden when
	// there is none.
	Problem *widget.Label
	// OK sends the command; Cancel closes the dialog.
	OK, Cancel *widget.Button
}

// ShowForm opens a command form over the game. run sends the command and
// returns the refusal, if any; the dialog closes when it returns nil.
func ShowForm(win fyne.Window, title, okText string, body fyne.CanvasObject, run func() error) *FormDialog {
	return ShowFormFoot(win, title, okText, body, nil, run)
}

// ShowFormFoot is ShowForm with foot kept in view under the scrolling
// fields (a running total), when foot is not nil.
func ShowFormFoot(win fyne.Window, title, okText string, body, foot fyne.CanvasObject, run func() error) *FormDialog {
	f := &FormDialog{win: win, Problem: widget.NewLabel("")}
	f.Problem.Wrapping = fyne.TextWrapWord
	f.Problem.Importance = widget.DangerImportance
	f.Problem.TextStyle.Bold = true
	f.Problem.Hide()
	fields := container.NewVBox(body, f.Problem)
	var content fyne.CanvasObject = container.NewVScroll(fields)
	measured := []fyne.CanvasObject{fields}
	if foot != nil {
		content = container.NewBorder(nil, foot, nil, nil, content)
		measured = append(measured, foot)
	}
	f.Dialog = dialog.NewCustomWithoutButtons(title, content, win)
	f.Cancel = widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), f.Dialog.Hide)
	f.OK = widget.NewButtonWithIcon(okText, theme.ConfirmIcon(), func() {
		err := run()
		if err == nil {
			f.Dialog.Hide()
			return
		}
		msg := kit.ErrorText(err)
		f.Problem.SetText(msg)
		f.Problem.Show()
		f.resize(measured...)
	})
	f.OK.Importance = widget.HighImportance
	f.Dialog.SetButtons([]fyne.CanvasObject{f.Cancel, f.OK})
	f.resize(measured...)
	f.Dialog.Show()
	return f
}

// resize fits the dialog to its parts, within the window.
func (f *FormDialog) resize(parts ...fyne.CanvasObject) { FitDialog(f.Dialog, f.win, 560, parts...) }

// FitDialog sizes d to show its content whole when the window has room:
// at most maxW wide, and tall enough for parts (the object inside its
// scroll, and anything under it) as wrapped at that width.
func FitDialog(d dialog.Dialog, win fyne.Window, maxW float32, parts ...fyne.CanvasObject) {
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
	chrome := 2*kit.MinTouchTarget + 12*pad
	d.Resize(fyne.NewSize(w, fyne.Min(h+chrome, size.Height-4*pad)))
	// Measuring moved the parts: lay the dialog out again.
	d.Refresh()
}

// EndPanel is the panel a state pad shows once the game is over: the
// result, the placements (ties shared), the battle report and home.
type EndPanel struct {
	// Box is the panel's widget.
	Box        *fyne.Container
	result     *widget.Label
	placements *fyne.Container
	reportBtn  *widget.Button
}

// NewEndPanel builds the end panel of env's game.
func NewEndPanel(env *play.Env) *EndPanel {
	p := &EndPanel{result: kit.Wrapped(""), placements: container.NewVBox()}
	p.result.TextStyle.Bold = true
	p.reportBtn = widget.NewButtonWithIcon("Battle report", theme.DocumentIcon(), env.ShowReport)
	p.reportBtn.Importance = widget.HighImportance
	home := widget.NewButtonWithIcon("Home", theme.HomeIcon(), env.Home)
	hint := widget.NewLabel("Undo reopens the game.")
	hint.Truncation = fyne.TextTruncateEllipsis
	hint.Importance = widget.LowImportance
	p.Box = container.NewVBox(kit.Heading("Game over"), p.result, p.placements, p.reportBtn, home, hint)
	return p
}

// Placements returns the placements' rows.
func (p *EndPanel) Placements() *fyne.Container { return p.placements }

// Set shows the result line and the placements.
func (p *EndPanel) Set(result string, ps []console.Placement) {
	p.result.SetText(result)
	var rows []fyne.CanvasObject
	for _, pl := range ps {
		rows = append(rows, PlacementRow(pl, Tied(ps, pl.Place)))
	}
	p.placements.Objects = rows
	p.placements.Refresh()
}

// AllowedBySeat asks every seat's view which commands that seat may give
// now, for a hot-seat screen that acts for whoever's turn it is. allowed
// reads the list out of one view (nil when the view is not the system's).
// A view that fails is an error, not a seat with nothing to do.
func AllowedBySeat(e *play.Env, allowed func(console.View) []string) (map[console.Seat]map[string]bool, error) {
	out := map[console.Seat]map[string]bool{}
	for _, seat := range e.Seats() {
		v, err := e.View(seat)
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

// StepLabel renders a quick step with a real minus sign: "−5", "+1".
func StepLabel(n int) string {
	if n < 0 {
		return "\u2212" + strconv.Itoa(-n)
	}
	return "+" + strconv.Itoa(n)
}

// ReadViews reads the spectator's view of a hot-seat screen's game as a V
// (the system's view type) and, for every seat, the commands it may give
// now (AllowedBySeat, with allowed reading them out of a V). A view that is
// not a V is an error.
func ReadViews[V console.View](env *play.Env, allowed func(V) []string) (V, map[console.Seat]map[string]bool, error) {
	var zero V
	v, err := env.View(console.Public)
	if err != nil {
		return zero, nil, err
	}
	view, ok := v.(V)
	if !ok {
		return zero, nil, fmt.Errorf("the view is a %T, not a %T", v, zero)
	}
	bySeat, err := AllowedBySeat(env, func(v console.View) []string {
		if v, ok := v.(V); ok {
			return allowed(v)
		}
		return nil
	})
	if err != nil {
		return zero, nil, err
	}
	return view, bySeat, nil
}

// WideMain is the width of a state pad's main area from which it counts as
// wide (a tablet rather than a phone) for its column counts.
const WideMain = 760

// StatePad lays out a state pad: main (scrolling) and a side panel that
// scrolls with foot (the phase's main action) kept in view under it. The
// panel is beside main in landscape and under it in portrait. Before each
// layout grid (in main) gets wide columns when main is at least WideMain
// wide, narrow ones otherwise. It returns the screen's root and the
// panel's scroll container.
func StatePad(main, panel, foot fyne.CanvasObject, grid *fyne.Container, wide, narrow int) (root fyne.CanvasObject, side *container.Scroll) {
	side = container.NewVScroll(panel)
	fitWidth := func(w float32) {
		if w >= WideMain {
			kit.SetColumns(grid, wide)
		} else {
			kit.SetColumns(grid, narrow)
		}
	}
	split := &kit.WidthLayout{SplitLayout: &kit.SplitLayout{Panel: panel, MaxPortrait: 0.55, Foot: foot}, OnWidth: fitWidth}
	root = container.New(split, container.NewPadded(container.NewVScroll(main)), container.NewBorder(nil, foot, nil, nil, side))
	return root, side
}
