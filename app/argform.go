package app

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
)

// argInput is the input for one argument of a command or one setup
// option, generated from its console.ArgSpec: an entry for numbers and
// text, radio buttons or a select for enums and seats, a check box for
// booleans.
type argInput struct {
	spec console.ArgSpec
	// input is the widget to place in a form.
	input fyne.CanvasObject
	// entry is the input when it is typed, so errors can mark it.
	entry *widget.Entry
	// err shows a refusal that names this argument; hidden when empty.
	err *widget.Label
	// value returns the text to send and whether anything was given.
	value func() (string, bool)
}

// newArgInput builds the input for spec; seats are the choices of a seat
// argument.
func newArgInput(spec console.ArgSpec, seats []console.Seat) *argInput {
	a := &argInput{spec: spec, err: widget.NewLabel("")}
	a.err.Wrapping = fyne.TextWrapWord
	a.err.Importance = widget.DangerImportance
	a.err.Hide()

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
		c := widget.NewCheck(optionLabel(spec.Name), func(v bool) { on = v })
		c.Checked = on
		a.input = c
		a.value = func() (string, bool) { return strconv.FormatBool(on), true }
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
			a.input = r
		} else {
			w := widget.NewSelect(choices, func(v string) { sel = v })
			w.Selected = sel
			a.input = w
		}
		a.value = func() (string, bool) { return sel, sel != "" }
	default:
		e := widget.NewEntry()
		e.SetPlaceHolder(spec.Default)
		if spec.Kind == console.ArgInt {
			e.Validator = func(v string) error { return checkInt(spec, v) }
		}
		a.entry, a.input = e, e
		a.value = func() (string, bool) {
			v := strings.TrimSpace(e.Text)
			return v, v != ""
		}
	}
	return a
}

// check validates what was typed before it is sent.
func (a *argInput) check() error {
	if a.spec.Kind != console.ArgInt {
		return nil
	}
	v, _ := a.value()
	return checkInt(a.spec, v)
}

// raw returns the argument as a command takes it: ints as int, bools as
// bool, the rest as text; ok is false when nothing was given.
func (a *argInput) raw() (any, bool) {
	v, ok := a.value()
	if !ok {
		return nil, false
	}
	switch a.spec.Kind {
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

// showError shows msg under the input, or hides the error when msg is "".
func (a *argInput) showError(msg string) {
	if msg == "" {
		a.err.Hide()
		if a.entry != nil {
			a.entry.SetValidationError(nil)
		}
		return
	}
	a.err.SetText(msg)
	a.err.Show()
	if a.entry != nil {
		a.entry.SetValidationError(fmt.Errorf("%s", msg))
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
