package kit

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
)

// ArgInput is the input for one argument of a command or one setup
// option, generated from its console.ArgSpec: an entry for numbers and
// text, radio buttons or a select for enums and seats, a check box for
// booleans.
type ArgInput struct {
	Spec console.ArgSpec
	// Input is the widget to place in a form.
	Input fyne.CanvasObject
	// Entry is the input when it is typed, so errors can mark it.
	Entry *widget.Entry
	// Err shows a refusal that names this argument; hidden when empty.
	Err *widget.Label
	// Value returns the text to send and whether anything was given.
	Value func() (string, bool)
}

// NewArgInput builds the input for spec; seats are the choices of a seat
// argument.
func NewArgInput(spec console.ArgSpec, seats []console.Seat) *ArgInput {
	a := &ArgInput{Spec: spec, Err: widget.NewLabel("")}
	a.Err.Wrapping = fyne.TextWrapWord
	a.Err.Importance = widget.DangerImportance
	a.Err.Hide()

	choices := spec.Enum
	if spec.Kind == console.ArgSeat {
		choices = make([]string, len(seats))
		for i, s := range seats {
			choices[i] = string(s)
		}
	}
	switch {
	case spec.Kind == console.ArgBool:
		on, _ := strconv.ParseBool(spec.Default)
		c := widget.NewCheck(OptionLabel(spec.Name), func(v bool) { on = v })
		c.Checked = on
		a.Input = c
		a.Value = func() (string, bool) { return strconv.FormatBool(on), true }
	case (spec.Kind == console.ArgEnum || spec.Kind == console.ArgSeat) && len(choices) > 0:
		sel := spec.Default
		if sel == "" && spec.Required {
			sel = choices[0]
		}
		if len(choices) <= 4 {
			r := widget.NewRadioGroup(choices, func(v string) { sel = v })
			r.Horizontal = true
			r.Required = spec.Required || spec.Default != ""
			r.Selected = sel
			a.Input = r
		} else {
			w := widget.NewSelect(choices, func(v string) { sel = v })
			w.Selected = sel
			a.Input = w
		}
		a.Value = func() (string, bool) { return sel, sel != "" }
	default:
		e := widget.NewEntry()
		e.SetPlaceHolder(spec.Default)
		if spec.Kind == console.ArgInt {
			e.Validator = func(v string) error { return checkInt(spec, v) }
		}
		a.Entry, a.Input = e, e
		a.Value = func() (string, bool) {
			v := strings.TrimSpace(e.Text)
			return v, v != ""
		}
	}
	return a
}

// Check validates what was typed before it is sent.
func (a *ArgInput) Check() error {
	if a.Spec.Kind != console.ArgInt {
		return nil
	}
	v, _ := a.Value()
	return checkInt(a.Spec, v)
}

// Raw returns the argument as a command takes it: ints as int, bools as
// bool, the rest as text; ok is false when nothing was given.
func (a *ArgInput) Raw() (any, bool) {
	v, ok := a.Value()
	if !ok {
		return nil, false
	}
	switch a.Spec.Kind {
	case console.ArgInt:
		if n, err := strconv.Atoi(v); err == nil {
			return n, true
		}
	case console.ArgBool:
		if b, err := strconv.ParseBool(v); err == nil {
			return b, true
		}
	}
	return v, true
}

// ShowError shows msg under the input, or hides the error when msg is "".
func (a *ArgInput) ShowError(msg string) {
	if msg == "" {
		a.Err.Hide()
		if a.Entry != nil {
			a.Entry.SetValidationError(nil)
		}
		return
	}
	a.Err.SetText(msg)
	a.Err.Show()
	if a.Entry != nil {
		a.Entry.SetValidationError(fmt.Errorf("%s", msg))
	}
}

// checkInt validates an integer as typed, with the schema's bounds; empty
// is allowed (the default applies).
func checkInt(spec console.ArgSpec, v string) error {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return fmt.Errorf("%q is not a whole number", v)
	}
	if spec.Min != nil && n < *spec.Min {
		return fmt.Errorf("must be at least %d", *spec.Min)
	}
	if spec.Max != nil && n > *spec.Max {
		return fmt.Errorf("must be at most %d", *spec.Max)
	}
	return nil
}
