package play

import (
	"encoding/json"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
)

// Generic serves any game system without a screen of its own: a form for
// each command of the system's vocabulary (generated from its argument
// schema) and the seat's view as formatted JSON. It is plain, but it makes
// every registered system playable from the tablet. It acts as the Env's
// seat only and shows only what that seat may see: there is no way to act
// as, or look through the eyes of, another seat.
type Generic struct {
	env  *Env
	root fyne.CanvasObject

	seats    []console.Seat
	commands []*CommandForm
	viewText *widget.Label
	viewHead *widget.Label
}

// CommandForm is one command's inputs and its button on the generic
// screen.
type CommandForm struct {
	// Spec is the command's schema.
	Spec console.CommandSpec
	// Args are its inputs, in the schema's order.
	Args []*kit.ArgInput
	// Button sends the command.
	Button *widget.Button
}

// NewGeneric builds the generic screen; it is the Constructor ScreenFor
// returns for a system without a screen of its own.
func NewGeneric(env *Env) Screen {
	s := &Generic{env: env, seats: env.Seats()}
	s.build()
	return s
}

// Content is the screen's widget tree.
func (s *Generic) Content() fyne.CanvasObject { return s.root }

// Commands returns the command forms, in the system's order.
func (s *Generic) Commands() []*CommandForm { return s.commands }

func (s *Generic) build() {
	cmds := container.NewVBox()
	for _, spec := range s.env.game.Commands() {
		f := &CommandForm{Spec: spec}
		box := container.NewVBox(kit.Subheading(spec.Name))
		if spec.Doc != "" {
			box.Add(kit.Wrapped(spec.Doc))
		}
		if spec.When != "" {
			w := kit.Wrapped("When: " + spec.When)
			w.SizeName = theme.SizeNameCaptionText
			w.Importance = widget.LowImportance
			box.Add(w)
		}
		for _, a := range spec.Args {
			in := kit.NewArgInput(a, s.seats)
			f.Args = append(f.Args, in)
			label := kit.OptionLabel(a.Name)
			if a.Required {
				label += " (required)"
			}
			box.Add(kit.Field(label, in.Input, a.Doc, in.Err))
		}
		f.Button = widget.NewButtonWithIcon(spec.Name, theme.ConfirmIcon(), func() { s.run(f) })
		f.Button.Importance = widget.HighImportance
		box.Add(container.NewHBox(f.Button))
		s.commands = append(s.commands, f)
		cmds.Add(container.NewStack(kit.NewFill(theme.ColorNameHeaderBackground), container.NewPadded(box)))
	}

	s.viewText = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	s.viewText.Selectable = true
	s.viewHead = kit.Subheading("")
	viewBox := container.NewBorder(s.viewHead, nil, nil, nil,
		container.NewScroll(s.viewText))

	panel := container.NewPadded(cmds)
	side := container.NewVScroll(panel)
	s.root = container.New(&kit.SplitLayout{Panel: panel, MaxPortrait: 0.5}, container.NewPadded(viewBox), side)
	s.Refresh()
}

// run sends one command with the arguments as filled in, as the Env's
// seat.
func (s *Generic) run(f *CommandForm) {
	args := map[string]any{}
	for _, a := range f.Args {
		a.ShowError("")
		if err := a.Check(); err != nil {
			a.ShowError(err.Error())
			return
		}
		if v, ok := a.Raw(); ok {
			args[a.Spec.Name] = v
		}
	}
	s.env.host.call(func() error {
		_, err := s.env.game.Do(s.env.seat, console.Command{Name: f.Spec.Name, Args: args})
		if err != nil {
			for _, a := range f.Args {
				if strings.Contains(err.Error(), strconv.Quote(a.Spec.Name)) {
					a.ShowError(kit.ErrorText(err))
				}
			}
		}
		return err
	})
}

// Refresh shows the acting seat's view as indented JSON.
func (s *Generic) Refresh() {
	s.viewHead.SetText("What " + string(s.env.seat) + " sees")
	v, err := s.env.View(s.env.seat)
	if err != nil {
		s.viewText.SetText(kit.ErrorText(err))
		return
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		s.viewText.SetText("This game's view cannot be shown.")
		return
	}
	s.viewText.SetText(string(b))
}
