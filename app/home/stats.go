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
	"github.com/commandconsole/commandconsole/console/stats"
)

// statsScreen shows each player's record across the finished games in the
// saves, matched by name: games played, wins (shared first places
// included), best score, best score in games where the lowest score wins
// (when they played any), average score and the game systems played. It is
// opened from the home screen's title bar.
type statsScreen struct {
	ui   *shell.UI
	root fyne.CanvasObject

	// players are the records shown, most wins first.
	players []stats.Player
	// finished counts the finished games they come from.
	finished int
	// rows holds one card per player, two to a row on a wide screen.
	rows *fyne.Container
}

// ShowStats shows the player statistics, read afresh from the saves.
func ShowStats(u *shell.UI) { u.Show(newStatsScreen(u)) }

func newStatsScreen(u *shell.UI) *statsScreen {
	s := &statsScreen{ui: u}
	s.build()
	return s
}

// Content is the screen's widget tree.
func (s *statsScreen) Content() fyne.CanvasObject { return s.root }

// Leave does nothing: the screen keeps no resources.
func (s *statsScreen) Leave() {}

func (s *statsScreen) build() {
	back := widget.NewButtonWithIcon("Home", theme.NavigateBackIcon(), s.ui.Home)
	bar := kit.TopBar(back, kit.Heading("Player stats"), nil)

	body := container.NewVBox()
	metas, damaged, err := s.ui.Store().List()
	if err != nil {
		b := kit.NewBanner()
		b.Set("Your saved games could not be read: " + err.Error())
		body.Add(b)
	}
	if len(damaged) > 0 {
		b := kit.NewBanner()
		b.Warning = true
		b.Set(fmt.Sprintf("%d damaged saved games are left out.", len(damaged)))
		body.Add(b)
	}
	for _, m := range metas {
		if m.Status == console.StatusFinished && len(m.Result) > 0 {
			s.finished++
		}
	}
	s.players = stats.FromGames(metas)
	s.rows = kit.NewGridColumns(1)
	if len(s.players) == 0 {
		body.Add(kit.Wrapped("No finished games yet. When a game ends, each player's record shows here, matched by name across games."))
	} else {
		games := "games"
		if s.finished == 1 {
			games = "game"
		}
		body.Add(kit.Caption(fmt.Sprintf("From %d finished %s in the saves; players are matched by name.", s.finished, games)))
		for _, p := range s.players {
			s.rows.Add(s.playerCard(p))
		}
		body.Add(s.rows)
	}
	fit := &kit.WidthWatch{OnWidth: func(w float32) {
		if w >= 900 {
			kit.SetColumns(s.rows, 2)
		} else {
			kit.SetColumns(s.rows, 1)
		}
	}}
	s.root = container.NewBorder(bar, nil, nil, nil, container.New(fit, container.NewVScroll(container.NewPadded(body))))
}

// statBox is one figure of a record: a large value over a small caption.
func statBox(value, label string) fyne.CanvasObject {
	v := widget.NewLabelWithStyle(value, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	v.SizeName = theme.SizeNameHeadingText
	l := widget.NewLabelWithStyle(label, fyne.TextAlignCenter, fyne.TextStyle{})
	l.SizeName = theme.SizeNameCaptionText
	l.Importance = widget.LowImportance
	bg := kit.NewFill(theme.ColorNameInputBackground)
	bg.Radius = 6
	return container.NewStack(bg, container.NewVBox(v, l))
}

// playerCard shows one player's record.
func (s *statsScreen) playerCard(p stats.Player) fyne.CanvasObject {
	type fig struct{ value, label string }
	figs := []fig{
		{strconv.Itoa(p.Games), "games"},
		{strconv.Itoa(p.Wins), "wins"},
	}
	if p.Best != nil {
		figs = append(figs, fig{strconv.Itoa(*p.Best), "best"})
	}
	if p.BestLow != nil {
		figs = append(figs, fig{strconv.Itoa(*p.BestLow), "best (low wins)"})
	}
	figs = append(figs, fig{fmt.Sprintf("%.1f", p.Average()), "average"})
	// Every box as wide as the widest caption, so they wrap evenly.
	cell := statBox("0000.0", "best (low wins)").MinSize()
	grid := container.NewGridWrap(fyne.NewSize(fyne.Max(cell.Width, 120), cell.Height))
	for _, f := range figs {
		grid.Add(statBox(f.value, f.label))
	}
	names := make([]string, len(p.Systems))
	for i, id := range p.Systems {
		names[i] = systemName(id)
	}
	name := kit.Subheading(p.Name)
	name.Truncation = fyne.TextTruncateEllipsis
	return kit.Card(name, grid, kit.Caption("Played: "+strings.Join(names, ", ")))
}
