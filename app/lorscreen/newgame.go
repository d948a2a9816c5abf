package lorscreen

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/app/lorsetup"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// NewGameScreen is the first page of the Lands of Ruin setup wizard: who
// plays (a name per player, as many as the scenario takes), then the
// scenario, map, mode and units as pickers (lorsetup.NewGame). Create
// makes the game and opens it; the roles, sides and teams are chosen on
// the game screen, each player in turn.
type NewGameScreen struct {
	ui    *shell.UI
	rules console.Rules
	root  fyne.CanvasObject
	form  *lorsetup.NewGameForm
	names *fyne.Container
	// problem says why the game could not be made.
	problem *widget.Label
}

// fixedSeed, when not 0, is the dice seed of new games (tests set it so a
// game played by tapping rolls the same every run); 0 lets the engine pick.
var fixedSeed uint64

// NewGame returns the wizard's first page for u (home.RegisterNewGame).
func NewGame(u *shell.UI, rules console.Rules) kit.Screen {
	s := &NewGameScreen{ui: u, rules: rules}
	s.problem = widget.NewLabel("")
	s.problem.Wrapping = fyne.TextWrapWord
	s.problem.Importance = widget.DangerImportance
	s.problem.Hide()
	s.names = container.NewVBox()
	first := u.Settings().Name
	if first == "" {
		first = "Player 1"
	}
	s.addName(first)
	s.addName("Player 2")
	add := widget.NewButtonWithIcon("Add a player", theme.ContentAddIcon(), func() { s.addName(fmt.Sprintf("Player %d", len(s.names.Objects)+1)) })
	s.form = lorsetup.NewGame(lorsetup.NewGameConfig{
		Units:    string(u.Settings().Units),
		DrawMap:  drawMap,
		OnCreate: s.create,
		OnCancel: u.Home,
	})
	who := kit.NewWrapVBox(kit.Subheading("Who plays"),
		kit.Wrapped("One name per player. On one tablet the game passes it from player to player, and shows each only their own side."),
		s.names, container.NewHBox(add), s.problem)
	back := widget.NewButtonWithIcon("Home", theme.NavigateBackIcon(), u.Home)
	bar := kit.TopBar(back, kit.Heading("New Lands of Ruin game"), nil)
	s.root = container.NewBorder(bar, nil, nil, nil, container.New(whoLayout{}, container.NewVScroll(container.NewPadded(who)), s.form))
	return s
}

// whoLayout puts "who plays" beside the pickers on a tablet (a column of
// a third of the width) and above them on a phone.
type whoLayout struct{}

// Layout places the two parts.
func (whoLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 2 {
		return
	}
	if size.Width >= narrowWidth {
		w := min(max(size.Width/3, 300), 420)
		objs[0].Move(fyne.NewPos(0, 0))
		objs[0].Resize(fyne.NewSize(w, size.Height))
		objs[1].Move(fyne.NewPos(w, 0))
		objs[1].Resize(fyne.NewSize(size.Width-w, size.Height))
		return
	}
	h := min(size.Height*0.4, 320)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, h))
	objs[1].Move(fyne.NewPos(0, h))
	objs[1].Resize(fyne.NewSize(size.Width, size.Height-h))
}

// MinSize is small: both parts scroll.
func (whoLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(300, 300) }

// Content is the screen's widget tree.
func (s *NewGameScreen) Content() fyne.CanvasObject { return s.root }

// Leave does nothing.
func (s *NewGameScreen) Leave() {}

// Form is the pickers' form.
func (s *NewGameScreen) Form() *lorsetup.NewGameForm { return s.form }

// addName adds a player's name row with a remove button.
func (s *NewGameScreen) addName(name string) {
	e := widget.NewEntry()
	e.SetText(name)
	var row *fyne.Container
	remove := widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() {
		if len(s.names.Objects) > 1 {
			s.names.Remove(row)
		}
	})
	row = container.NewBorder(nil, nil, nil, remove, e)
	s.names.Add(row)
}

// seats are the players' names, trimmed, empty ones left out.
func (s *NewGameScreen) seats() []console.Seat {
	var out []console.Seat
	for _, o := range s.names.Objects {
		e := o.(*fyne.Container).Objects[0].(*widget.Entry)
		if n := strings.TrimSpace(e.Text); n != "" {
			out = append(out, console.Seat(n))
		}
	}
	return out
}

// create makes the game with the pickers' options and opens it.
func (s *NewGameScreen) create(title string, options map[string]string) {
	seats := s.seats()
	if lo, hi, ok := lorsetup.ScenarioPlayers(options["scenario"]); ok && (len(seats) < lo || (hi > 0 && len(seats) > hi)) {
		want := fmt.Sprintf("%d to %d players", lo, hi)
		switch {
		case hi == lo:
			want = fmt.Sprintf("%d player(s)", lo)
		case hi == 0:
			want = fmt.Sprintf("%d or more players", lo)
		}
		s.showProblem(fmt.Sprintf("This scenario is for %s; %d named.", want, len(seats)))
		return
	}
	sess, err := console.Create(s.rules, console.Setup{System: landsofruin.ID, Title: title, Seats: seats, Options: options, Seed: fixedSeed},
		console.Options{Store: s.ui.Store(), Clock: s.ui.Clock()})
	if err != nil {
		s.showProblem("The game could not be made: " + kit.ErrorText(err))
		return
	}
	s.ui.ShowGame(console.NewLocal(sess))
}

// showProblem shows why the game was not made.
func (s *NewGameScreen) showProblem(msg string) {
	s.problem.SetText(msg)
	s.problem.Show()
}
