package padscreen

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/app/padkit"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

// maxPadDigits bounds what the number pad takes: a cell holds at most
// scorepad.MaxCell.
const maxPadDigits = 6

// Screen is the score pad: a rounds × players grid with running
// totals and the leaders marked, the current round highlighted; a panel
// with quick +1/−1/+5/−5 buttons and a number pad that add to or set the
// selected cell; Next round and End game. When the game is over the panel
// shows the placements.
type Screen struct {
	env  *play.Env
	view scorepad.View
	root fyne.CanvasObject

	// The selection: a player (column, index into view.Players) and a
	// round (1-based). While selRound is the current round it follows the
	// current round.
	selPlayer, selRound int
	// typed is what the number pad holds: digits with an optional "-".
	typed string

	// seatLine says whose tablet this is, over the grid, on a tablet
	// that plays one seat (a joined tablet, or a spectator's).
	seatLine *widget.Label

	// The grid.
	header, body, totals *fyne.Container
	rows                 *fyne.Container // body and totals, in the scroll
	scroll               *container.Scroll
	shownRounds          int

	// The panel while playing.
	playPanel fyne.CanvasObject
	selection *widget.Label
	// selRoundLabel says which round the selection is in.
	selRoundLabel *widget.Label
	quick         []*widget.Button // −5 −1 +1 +5
	display       *widget.Label
	keys          map[string]*widget.Button
	addBtn        *widget.Button
	setBtn        *widget.Button
	panelStack    *fyne.Container
	side          *container.Scroll // the panel's scroll

	// Under the grid while playing.
	roundBar *fyne.Container
	nextBtn  *widget.Button
	endBtn   *widget.Button

	// The panel once the game is over.
	endPanel   *fyne.Container
	placements *fyne.Container
	reportBtn  *widget.Button
}

// quickSteps are the quick buttons' points, in order.
var quickSteps = []int{-5, -1, 1, 5}

// New builds the score pad's screen for the game in env; the app registers
// it for the score pad system.
func New(env *play.Env) play.Screen {
	s := &Screen{env: env, keys: map[string]*widget.Button{}}
	s.build()
	return s
}

// View returns the view the screen last drew.
func (s *Screen) View() scorepad.View { return s.view }

// Content is the screen's widget tree.
func (s *Screen) Content() fyne.CanvasObject { return s.root }

func (s *Screen) build() {
	s.header = container.New(&kit.PadGridLayout{Cols: 1})
	s.body = container.New(&kit.PadGridLayout{Cols: 1})
	s.totals = container.New(&kit.PadGridLayout{Cols: 1})
	// The totals follow the last round, which is where the pad scrolls to
	// after every new round; the names stay on top.
	s.rows = container.NewVBox(s.body, s.totals)
	s.scroll = container.NewVScroll(s.rows)
	// The whole grid scrolls sideways when the players do not fit (eight
	// players on a phone), keeping names, scores and totals aligned.
	grid := container.NewHScroll(container.NewBorder(s.header, nil, nil, nil, s.scroll))
	s.nextBtn = widget.NewButtonWithIcon("Next round", theme.MediaSkipNextIcon(), s.nextRound)
	s.nextBtn.Importance = widget.HighImportance
	s.endBtn = widget.NewButtonWithIcon("End game", theme.MediaStopIcon(), s.confirmEnd)
	s.endBtn.Importance = widget.DangerImportance
	s.roundBar = container.NewBorder(nil, nil, nil, s.endBtn, s.nextBtn)
	s.seatLine = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.seatLine.Truncation = fyne.TextTruncateEllipsis
	s.seatLine.Hide()
	gridArea := container.NewBorder(s.seatLine, s.roundBar, nil, nil, grid)

	// The playing panel.
	s.selection = kit.Subheading("")
	s.selection.Truncation = fyne.TextTruncateEllipsis
	s.selRoundLabel = widget.NewLabel("")
	quick, quickBtns := padkit.StepButtons(quickSteps, func(n int) { s.add(n) })
	s.quick = quickBtns
	s.display = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true, Monospace: true})
	s.display.SizeName = theme.SizeNameHeadingText
	keypad := container.NewGridWithColumns(3)
	for _, k := range []string{"7", "8", "9", "4", "5", "6", "1", "2", "3", "\u00b1", "0", "C"} {
		k := k
		b := widget.NewButton(k, func() { s.key(k) })
		s.keys[k] = b
		keypad.Add(b)
	}
	s.addBtn = widget.NewButtonWithIcon("Add", theme.ContentAddIcon(), s.applyAdd)
	s.setBtn = widget.NewButtonWithIcon("Set", theme.DocumentCreateIcon(), s.applySet)
	displayBox := container.NewStack(kit.NewFill(theme.ColorNameInputBackground), s.display)
	s.playPanel = container.NewVBox(
		container.NewVBox(s.selection, s.selRoundLabel),
		quick,
		displayBox,
		keypad,
		container.NewGridWithColumns(2, s.addBtn, s.setBtn),
	)

	// The end panel.
	s.placements = container.NewVBox()
	s.reportBtn = widget.NewButtonWithIcon("Battle report", theme.DocumentIcon(), s.env.ShowReport)
	s.reportBtn.Importance = widget.HighImportance
	home := widget.NewButtonWithIcon("Home", theme.HomeIcon(), s.env.Home)
	hint := widget.NewLabel("Undo reopens the game.")
	hint.Truncation = fyne.TextTruncateEllipsis
	hint.Importance = widget.LowImportance
	// The result line is the summary under the title bar; the panel
	// lists the places.
	s.endPanel = container.NewVBox(kit.Heading("Game over"), s.placements,
		container.NewGridWithColumns(2, s.reportBtn, home), hint)

	s.panelStack = container.NewStack(s.playPanel, s.endPanel)
	panel := container.NewPadded(s.panelStack)
	s.side = container.NewVScroll(panel)
	s.root = container.New(&kit.SplitLayout{Panel: panel, MaxPortrait: 0.62}, container.NewPadded(gridArea), s.side)
	s.Refresh()
}

// Refresh reads the view and redraws everything.
func (s *Screen) Refresh() {
	v, err := s.env.View(s.env.Seat())
	if err != nil {
		s.env.Fail(err)
		return
	}
	pv, ok := v.(scorepad.View)
	if !ok {
		s.env.Fail(fmt.Errorf("score pad: the view is a %T, not a score pad", v))
		return
	}
	prevRound := s.view.Round
	s.view = pv
	if len(pv.Players) == 0 {
		return
	}
	if s.selPlayer >= len(pv.Players) {
		s.selPlayer = 0
	}
	if s.selRound == 0 || s.selRound == prevRound || s.selRound > pv.RoundCount {
		s.selRound = pv.Round
	}
	s.redrawSeat()
	s.redrawGrid()
	s.redrawPanel()
	// The panel may have changed width (the end panel replaces the keypad):
	// let the split measure it again.
	s.root.Refresh()
	if pv.RoundCount > s.shownRounds {
		s.scroll.ScrollToBottom()
	}
	s.shownRounds = pv.RoundCount
}

// redrawSeat says whose tablet this is when it plays one seat: "This
// tablet: Bob", or that it watches.
func (s *Screen) redrawSeat() {
	if !s.env.Fixed() {
		s.seatLine.Hide()
		return
	}
	text := "This tablet watches the game (spectator)"
	for _, pl := range s.view.Players {
		if pl.Seat == s.env.Seat() {
			text = "This tablet: " + pl.Name
		}
	}
	s.seatLine.SetText(text)
	s.seatLine.Show()
}

// redrawGrid rebuilds the grid's cells from the view.
func (s *Screen) redrawGrid() {
	v := s.view
	cols := len(v.Players) + 1
	for _, c := range []*fyne.Container{s.header, s.body, s.totals} {
		c.Layout.(*kit.PadGridLayout).Cols = cols
	}
	current := func(r int) bool { return r == v.Round && !v.Finished }

	// Everyone leads before anyone scores (and a lone player always
	// does): mark leaders only when somebody is behind.
	behind := false
	for _, pl := range v.Players {
		behind = behind || !pl.Leader
	}
	leads := func(pl scorepad.PlayerView) bool { return pl.Leader && behind }

	head := []fyne.CanvasObject{padkit.NewScoreCell(padkit.CellLabel, "Round", nil)}
	for p, pl := range v.Players {
		p := p
		name := pl.Name
		if leads(pl) && !v.Finished {
			name = "\u2605 " + name
		}
		c := padkit.NewScoreCell(padkit.CellPlayer, name, func() { s.selectCell(p, s.selRound) })
		c.Leader = leads(pl)
		c.Selected = p == s.selPlayer && !v.Finished
		head = append(head, c)
	}
	s.header.Objects = head

	var rows []fyne.CanvasObject
	for r := 1; r <= v.RoundCount; r++ {
		r := r
		label := padkit.NewScoreCell(padkit.CellRound, fmt.Sprintf("Round %d", r), func() { s.selectCell(s.selPlayer, r) })
		label.Current = current(r)
		label.Selected = r == s.selRound && !v.Finished
		rows = append(rows, label)
		for p, pl := range v.Players {
			p := p
			text := ""
			if r-1 < len(pl.Scores) {
				text = strconv.Itoa(pl.Scores[r-1])
			}
			c := padkit.NewScoreCell(padkit.CellScore, text, func() { s.selectCell(p, r) })
			c.Current = current(r)
			c.Selected = p == s.selPlayer && r == s.selRound && !v.Finished
			rows = append(rows, c)
		}
	}
	s.body.Objects = rows

	tot := []fyne.CanvasObject{padkit.NewScoreCell(padkit.CellLabel, "Total", nil)}
	for p, pl := range v.Players {
		p := p
		c := padkit.NewScoreCell(padkit.CellTotal, strconv.Itoa(pl.Total), func() { s.selectCell(p, s.selRound) })
		c.Leader = leads(pl)
		tot = append(tot, c)
	}
	s.totals.Objects = tot
	for _, c := range []*fyne.Container{s.header, s.body, s.totals, s.rows} {
		c.Refresh()
	}
	// The rows' height changed: let the scroll resize its content.
	s.scroll.Refresh()
}

// redrawPanel updates the panel: the selection and the keypad while
// playing, the placements once the game is over.
func (s *Screen) redrawPanel() {
	v := s.view
	if v.Finished {
		s.roundBar.Hide()
		s.playPanel.Hide()
		s.endPanel.Show()
		var rows []fyne.CanvasObject
		for _, p := range v.Placements {
			rows = append(rows, padkit.PlacementRow(p, padkit.Tied(v.Placements, p.Place)))
		}
		s.placements.Objects = rows
		s.placements.Refresh()
		s.endPanel.Refresh()
		s.panelStack.Refresh()
		s.side.Refresh()
		return
	}
	s.endPanel.Hide()
	s.roundBar.Show()
	s.playPanel.Show()
	pl := v.Players[s.selPlayer]
	s.selection.SetText(pl.Name)
	if s.selRound == v.Round {
		s.selRoundLabel.SetText(fmt.Sprintf("Round %d, the current round", s.selRound))
		s.selRoundLabel.Importance = widget.MediumImportance
	} else {
		s.selRoundLabel.SetText(fmt.Sprintf("Round %d: correcting an earlier round", s.selRound))
		s.selRoundLabel.Importance = widget.WarningImportance
	}
	s.selRoundLabel.Refresh()
	if _, ok := s.typedValue(); !ok {
		s.display.SetText("\u2013")
		if s.typed != "" {
			s.display.SetText(s.typed)
		}
		s.addBtn.Disable()
		s.setBtn.Disable()
		s.addBtn.SetText("Add")
		s.setBtn.SetText("Set")
	} else {
		s.display.SetText(s.typed)
		s.addBtn.Enable()
		s.setBtn.Enable()
		s.addBtn.SetText("Add " + s.typed)
		s.setBtn.SetText("Set " + s.typed)
	}
	if v.RoundsLimit > 0 && v.Round >= v.RoundsLimit {
		s.nextBtn.SetText("Last round: finish")
	} else {
		s.nextBtn.SetText("Next round")
	}
}

// selectCell selects a player and a round.
func (s *Screen) selectCell(player, round int) {
	if s.view.Finished {
		return
	}
	s.selPlayer, s.selRound = player, round
	s.redrawSeat()
	s.redrawGrid()
	s.redrawPanel()
}

// key handles a number pad key.
func (s *Screen) key(k string) {
	switch k {
	case "C":
		s.typed = ""
	case "\u00b1":
		if strings.HasPrefix(s.typed, "-") {
			s.typed = s.typed[1:]
		} else {
			s.typed = "-" + s.typed
		}
	default:
		digits := strings.TrimPrefix(s.typed, "-")
		if len(digits) >= maxPadDigits {
			return
		}
		if digits == "0" {
			s.typed = strings.TrimSuffix(s.typed, "0")
		}
		s.typed += k
	}
	s.redrawPanel()
}

// typedValue returns the number on the pad.
func (s *Screen) typedValue() (int, bool) {
	n, err := strconv.Atoi(s.typed)
	return n, err == nil
}

// seatArg names the selected player for a command.
func (s *Screen) seatArg() string { return string(s.view.Players[s.selPlayer].Seat) }

// add adds points to the selected cell.
func (s *Screen) add(points int) bool {
	args := map[string]any{"player": s.seatArg(), "points": points}
	if s.selRound != s.view.Round {
		args["round"] = s.selRound
	}
	return s.env.Do(scorepad.CmdAdd, args)
}

// applyAdd adds the typed number to the selected cell.
func (s *Screen) applyAdd() {
	if n, ok := s.typedValue(); ok && s.add(n) {
		s.typed = ""
		s.redrawPanel()
	}
}

// applySet sets the selected cell to the typed number.
func (s *Screen) applySet() {
	n, ok := s.typedValue()
	if !ok {
		return
	}
	if s.env.Do(scorepad.CmdSet, map[string]any{"player": s.seatArg(), "round": s.selRound, "points": n}) {
		s.typed = ""
		s.redrawPanel()
	}
}

// nextRound closes the current round.
func (s *Screen) nextRound() { s.env.Do(scorepad.CmdNextRound, nil) }

// confirmEnd asks before ending the game by agreement.
func (s *Screen) confirmEnd() {
	s.env.Confirm("End the game?", "End the game now with the scores as they stand? Undo can reopen it.", "End game",
		func() { s.env.Do(scorepad.CmdEnd, nil) })
}
