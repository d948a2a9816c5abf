package app

import (
	"encoding/json"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
)

// genericScreen serves any game system without a screen of its own: a
// form for each command of the system's vocabulary (generated from its
// argument schema) and the seat's view as formatted JSON. It is plain, but
// it makes every registered system playable from the tablet.
type genericScreen struct {
	env  *gameEnv
	root fyne.CanvasObject

	seats    []console.Seat
	actAs    *widget.Select
	commands []*commandForm
	viewText *widget.Label
	viewHead *widget.Label
}

// commandForm is one command's inputs and its button.
type commandForm struct {
	spec   console.CommandSpec
	args   []*argInput
	button *widget.Button
}

func newGenericScreen(env *gameEnv) gameScreen {
	s := &genericScreen{env: env, seats: env.seats()}
	s.build()
	return s
}

func (s *genericScreen) content() fyne.CanvasObject { return s.root }

func (s *genericScreen) build() {
	names := make([]string, len(s.seats))
	for i, seat := range s.seats {
		names[i] = string(seat)
	}
	s.actAs = widget.NewSelect(names, func(v string) {
		s.env.seat = console.Seat(v)
		s.refresh()
	})
	s.actAs.Selected = string(s.env.seat)

	cmds := container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabelWithStyle("Act as", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), nil, s.actAs),
	)
	for _, spec := range s.env.game.Commands() {
		f := &commandForm{spec: spec}
		box := container.NewVBox(subheading(spec.Name))
		if spec.Doc != "" {
			box.Add(wrapped(spec.Doc))
		}
		if spec.When != "" {
			w := wrapped("When: " + spec.When)
			w.SizeName = theme.SizeNameCaptionText
			w.Importance = widget.LowImportance
			box.Add(w)
		}
		for _, a := range spec.Args {
			in := newArgInput(a, s.seats)
			f.args = append(f.args, in)
			label := optionLabel(a.Name)
			if a.Required {
				label += " (required)"
			}
			box.Add(field(label, in.input, a.Doc, in.err))
		}
		f.button = widget.NewButtonWithIcon(spec.Name, theme.ConfirmIcon(), func() { s.run(f) })
		f.button.Importance = widget.HighImportance
		box.Add(container.NewHBox(f.button))
		s.commands = append(s.commands, f)
		cmds.Add(container.NewStack(newFill(theme.ColorNameHeaderBackground), container.NewPadded(box)))
	}

	s.viewText = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	s.viewText.Selectable = true
	s.viewHead = subheading("")
	viewBox := container.NewBorder(s.viewHead, nil, nil, nil,
		container.NewScroll(s.viewText))

	panel := container.NewPadded(cmds)
	side := container.NewVScroll(panel)
	s.root = container.New(&splitLayout{panel: panel, maxPortrait: 0.5}, container.NewPadded(viewBox), side)
	s.refresh()
}

// run sends one command with the arguments as filled in.
func (s *genericScreen) run(f *commandForm) {
	args := map[string]any{}
	for _, a := range f.args {
		a.showError("")
		if err := a.check(); err != nil {
			a.showError(err.Error())
			return
		}
		if v, ok := a.raw(); ok {
			args[a.spec.Name] = v
		}
	}
	s.env.host.call(func() error {
		_, err := s.env.game.Do(s.env.seat, console.Command{Name: f.spec.Name, Args: args})
		if err != nil {
			for _, a := range f.args {
				if strings.Contains(err.Error(), strconv.Quote(a.spec.Name)) {
					a.showError(err.Error())
				}
			}
		}
		return err
	})
}

// refresh shows the acting seat's view as indented JSON.
func (s *genericScreen) refresh() {
	s.viewHead.SetText("What " + string(s.env.seat) + " sees")
	v, err := s.env.view(s.env.seat)
	if err != nil {
		s.viewText.SetText(err.Error())
		return
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		s.viewText.SetText("the view cannot be shown as JSON: " + err.Error())
		return
	}
	s.viewText.SetText(string(b))
}
