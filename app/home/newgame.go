package home

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
)

// newGameScreen is the form a new game is set up with, generated from the
// system's SystemInfo: a title, the seats (players or sides) and one field
// per setup option. Start creates the game through console.Create and
// shows its refusals next to the form.
type newGameScreen struct {
	ui    *shell.UI
	rules console.Rules
	info  console.SystemInfo
	root  fyne.CanvasObject

	title    *widget.Entry
	seatBox  *fyne.Container
	seats    []*widget.Entry
	addSeat  *widget.Button
	options  []*kit.ArgInput
	problem  *widget.Label
	startBtn *widget.Button
}

// NewGameFunc builds a game system's own new-game screen.
type NewGameFunc func(u *shell.UI, rules console.Rules) kit.Screen

// newGameScreens are the systems' own new-game screens, by system id.
var newGameScreens = map[string]NewGameFunc{}

// RegisterNewGame gives a game system a new-game screen of its own (Lands
// of Ruin's wizard) in place of the form made from its option schema. The
// app's root registers them, as it registers the game screens.
func RegisterNewGame(system string, f NewGameFunc) { newGameScreens[system] = f }

// ShowNewGame shows the new-game screen for rules: the system's own when
// it has one, else the form made from its option schema.
func ShowNewGame(u *shell.UI, rules console.Rules) {
	if f, ok := newGameScreens[rules.Info().ID]; ok {
		u.Show(f(u, rules))
		return
	}
	u.Show(newNewGameScreen(u, rules))
}

func newNewGameScreen(u *shell.UI, rules console.Rules) *newGameScreen {
	s := &newGameScreen{ui: u, rules: rules, info: rules.Info()}
	s.build()
	return s
}

// Content is the screen's widget tree.
func (s *newGameScreen) Content() fyne.CanvasObject { return s.root }

// Leave does nothing: the screen keeps no resources.
func (s *newGameScreen) Leave() {}

// seatWord is what the seats are called for this kind of game.
func (s *newGameScreen) seatWord() (plural, singular string) {
	if s.info.Kind == console.KindMiniature {
		return "Sides", "side"
	}
	return "Players", "player"
}

func (s *newGameScreen) build() {
	back := widget.NewButtonWithIcon("Home", theme.NavigateBackIcon(), s.ui.Home)
	bar := kit.TopBar(back, kit.Heading("New "+s.info.Name), nil)

	s.title = widget.NewEntry()
	s.title.SetPlaceHolder(s.info.Name)

	plural, singular := s.seatWord()
	s.seatBox = container.NewVBox()
	s.addSeat = widget.NewButtonWithIcon("Add "+singular, theme.ContentAddIcon(), func() { s.appendSeat("") })
	n := s.info.MinSeats
	if n < 2 {
		n = 2
	}
	if s.info.MaxSeats > 0 && n > s.info.MaxSeats {
		n = s.info.MaxSeats
	}
	for i := 0; i < n; i++ {
		name := ""
		if i == 0 {
			name = s.ui.Settings().Name
		}
		s.appendSeat(name)
	}

	fields := container.NewVBox(
		kit.Field("Title", s.title, "A name for this game in the saves list; leave empty for \u201c"+s.info.Name+"\u201d.", nil),
		kit.Field(plural, container.NewVBox(s.seatBox, container.NewHBox(s.addSeat)),
			fmt.Sprintf("%d to %d; empty rows are left out.", s.info.MinSeats, s.info.MaxSeats), nil),
	)
	for _, spec := range s.info.Options {
		if spec.Name == "units" && hasChoice(spec.Enum, string(s.ui.Settings().Units)) {
			// A system that measures the table takes the player's unit
			// from Settings (Lands of Ruin: units=in|cm).
			spec.Default = string(s.ui.Settings().Units)
		}
		f := kit.NewArgInput(spec, nil)
		s.options = append(s.options, f)
		fields.Add(kit.Field(kit.OptionLabel(spec.Name), f.Input, spec.Doc, f.Err))
	}

	s.problem = widget.NewLabel("")
	s.problem.Wrapping = fyne.TextWrapWord
	s.problem.Importance = widget.DangerImportance
	s.problem.TextStyle.Bold = true
	s.problem.Hide()
	s.startBtn = widget.NewButtonWithIcon("Start game", theme.MediaPlayIcon(), s.start)
	s.startBtn.Importance = widget.HighImportance

	body := container.NewVBox(kit.Wrapped(s.info.Doc), fields)
	// Start stays in view below the scrolling form, with the refusal above
	// it.
	foot := container.NewVBox(widget.NewSeparator(), container.NewPadded(container.NewBorder(nil, nil, nil, s.startBtn, s.problem)))
	s.root = container.NewBorder(bar, foot, nil, nil, container.NewVScroll(container.NewPadded(body)))
}

// appendSeat adds a seat row with a remove button.
func (s *newGameScreen) appendSeat(name string) {
	if s.info.MaxSeats > 0 && len(s.seats) >= s.info.MaxSeats {
		return
	}
	_, singular := s.seatWord()
	e := widget.NewEntry()
	e.SetPlaceHolder(fmt.Sprintf("%s %d", strings.ToUpper(singular[:1])+singular[1:], len(s.seats)+1))
	e.SetText(name)
	s.seats = append(s.seats, e)
	var row *fyne.Container
	remove := widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { s.removeSeat(e, row) })
	row = container.NewBorder(nil, nil, nil, remove, e)
	s.seatBox.Add(row)
	s.updateSeatButtons()
}

func (s *newGameScreen) removeSeat(e *widget.Entry, row *fyne.Container) {
	if len(s.seats) <= 1 {
		return
	}
	for i, x := range s.seats {
		if x == e {
			s.seats = append(s.seats[:i], s.seats[i+1:]...)
			break
		}
	}
	s.seatBox.Remove(row)
	s.updateSeatButtons()
}

func (s *newGameScreen) updateSeatButtons() {
	if s.addSeat == nil {
		return
	}
	if s.info.MaxSeats > 0 && len(s.seats) >= s.info.MaxSeats {
		s.addSeat.Disable()
	} else {
		s.addSeat.Enable()
	}
	for _, row := range s.seatBox.Objects {
		remove := row.(*fyne.Container).Objects[1].(*widget.Button)
		if len(s.seats) <= 1 {
			remove.Disable()
		} else {
			remove.Enable()
		}
	}
}

// setup collects the form into a Setup; seat rows left empty are skipped.
func (s *newGameScreen) setup() console.Setup {
	setup := console.Setup{System: s.info.ID, Title: strings.TrimSpace(s.title.Text), Options: map[string]string{}}
	for _, e := range s.seats {
		if name := strings.TrimSpace(e.Text); name != "" {
			setup.Seats = append(setup.Seats, console.Seat(name))
		}
	}
	for _, f := range s.options {
		if v, ok := f.Value(); ok {
			setup.Options[f.Spec.Name] = v
		}
	}
	return setup
}

// showProblem shows a refusal under the form and, when it names an option
// (or option names one), under that option too.
func (s *newGameScreen) showProblem(msg string, option ...string) {
	for _, f := range s.options {
		f.ShowError("")
	}
	if msg == "" {
		s.problem.Hide()
		return
	}
	s.problem.SetText(msg)
	s.problem.Show()
	for _, f := range s.options {
		named := strings.Contains(msg, strconv.Quote(f.Spec.Name))
		for _, o := range option {
			named = named || o == f.Spec.Name
		}
		if named {
			f.ShowError(msg)
		}
	}
}

// start creates the game and opens it; a refusal stays on the form.
func (s *newGameScreen) start() {
	for _, f := range s.options {
		if err := f.Check(); err != nil {
			s.showProblem(fmt.Sprintf("%s: %v", kit.OptionLabel(f.Spec.Name), err), f.Spec.Name)
			return
		}
	}
	sess, err := console.Create(s.rules, s.setup(), console.Options{Store: s.ui.Store(), Clock: s.ui.Clock()})
	if err != nil {
		if console.IsRejection(err) {
			s.showProblem(err.Error())
			return
		}
		s.showProblem("The game could not be created: " + err.Error())
		return
	}
	s.showProblem("")
	s.ui.ShowGame(console.NewLocal(sess))
}

// hasChoice reports whether v is one of choices.
func hasChoice(choices []string, v string) bool {
	for _, c := range choices {
		if c == v {
			return true
		}
	}
	return false
}
