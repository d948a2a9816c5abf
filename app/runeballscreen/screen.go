// Package runeballscreen is the game screen of Runeball (issue 14): the
// roster builder, then the match around the hex field (app/runeballfield):
// the score and clock, the initiative order, the prompt panel with big dice
// buttons and the answers the engine offers, the acting player's actions,
// the player card and the log in words.
//
// The screen holds no rule. What a tap may choose (the set-up and kick
// cells, a move's reach, the block, pass and handoff targets, a prompt's
// answers) comes from the view (games/runeball View, offers.go); the
// engine checks every command again. A tablet that plays both coaches
// (hot seat) acts as the coach the match waits for; during the roster
// phase it shows one coach's roster at a time, the other hidden behind a
// hand-over (the hidden-roster rule, RB-D63). A LAN tablet plays its own
// seat only.
package runeballscreen

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/app/runeballfield"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball"
)

// Screen is the Runeball screen.
type Screen struct {
	env *play.Env
	// rosters keeps teams across matches; nil hides Save and Load.
	rosters play.RosterStore
	root    fyne.CanvasObject

	// view is the match as seat sees it; seat is the seat this screen
	// sends commands as now.
	view runeball.View
	seat console.Seat
	// coach is the team whose roster a hot-seat tablet shows.
	coach string

	menuBtn *widget.Button
	undoBtn *widget.Button
	title   *widget.Label
	next    *widget.Label
	// scored announces the last touchdown or field goal (the view's
	// Scored) until the next kickoff is done.
	scored *widget.Label
	// top holds the bar, the line under it and the announcement.
	top *fyne.Container

	rosterArea *fyne.Container
	roster     *rosterBuilder

	matchArea *fyne.Container
	field     *runeballfield.Field
	// fieldView zooms and pans the field (a hex a finger wide).
	fieldView *runeballfield.ZoomView
	order     *widget.Label
	promptBox *fyne.Container
	phaseBox  *fyne.Container
	actBox    *fyne.Container
	cardBox   *fyne.Container
	logLabel  *widget.Label

	// What the coach is doing on the field: the selected player, the
	// action being aimed (mode), a move's path, a kick's target, a pass's
	// receiver, the exertion pledged for a block, the faces tapped on
	// the dice pad.
	selected string
	mode     string
	path     []string
	target   string
	passTo   string
	exert    int
	faces    []int

	// refusals counts the commands the engine refused from this screen
	// (each shown to the coach in a dialog).
	refusals int

	// buttons, entries and selects are the screen's inputs by name, for
	// tests.
	buttons map[string]*widget.Button
	entries map[string]*widget.Entry
	selects map[string]*widget.Select
	labels  map[string]*widget.Label
	tiles   map[string]*kit.Tile
}

// The aiming modes of the acting player's actions.
const (
	modeMove    = "move"
	modeBlock   = "block"
	modePass    = "pass"
	modeHandoff = "handoff"
)

// New builds the Runeball screen for the game in env; the app registers
// it for the Runeball system.
func New(env *play.Env) play.Screen {
	s := &Screen{env: env, rosters: env.Rosters(), buttons: map[string]*widget.Button{},
		entries: map[string]*widget.Entry{}, selects: map[string]*widget.Select{}, labels: map[string]*widget.Label{}, tiles: map[string]*kit.Tile{}}
	s.build()
	if !env.Fixed() && len(env.Seats()) > 1 {
		return hotScreen{s}
	}
	return s
}

// hotScreen is the screen on a tablet that plays both coaches: the frame
// follows every seat's changes (play.HotSeat).
type hotScreen struct{ *Screen }

// HotSeat marks the screen as playing every seat.
func (hotScreen) HotSeat() {}

// OwnBar marks the screen as drawing its own top bar and menu.
func (*Screen) OwnBar() {}

// Content is the screen's widget tree.
func (s *Screen) Content() fyne.CanvasObject { return s.root }

func (s *Screen) build() {
	s.menuBtn = widget.NewButtonWithIcon("", theme.MenuIcon(), s.showMenu)
	s.undoBtn = widget.NewButtonWithIcon("Undo", theme.ContentUndoIcon(), func() { s.env.Undo() })
	s.title = kit.Subheading("")
	s.next = kit.Wrapped("")
	s.scored = heading("")
	s.scored.Importance = widget.SuccessImportance
	s.scored.Hide()
	top := kit.NewWrapVBox(kit.TopBar(s.menuBtn, s.title, s.undoBtn), container.NewPadded(s.next), s.scored)

	s.roster = newRosterBuilder(s)
	s.rosterArea = container.NewStack(s.roster.content())

	s.field = runeballfield.New(s.tap)
	s.fieldView = runeballfield.NewZoomView(s.field)
	s.order = kit.Wrapped("")
	s.order.TextStyle = fyne.TextStyle{Monospace: true}
	s.promptBox = kit.NewWrapVBox()
	s.phaseBox = kit.NewWrapVBox()
	s.actBox = kit.NewWrapVBox()
	s.cardBox = kit.NewWrapVBox()
	s.logLabel = kit.Wrapped("")
	side := kit.NewWrapVBox(s.promptBox, s.phaseBox, s.actBox, s.order, s.cardBox,
		kit.Subheading("Log"), s.logLabel)
	s.matchArea = container.New(&fieldAndPanel{}, s.fieldView, container.NewVScroll(container.NewPadded(side)))
	s.top = top
	s.root = container.New(topThenRest{}, top, container.NewStack(s.rosterArea, s.matchArea))
	s.Refresh()
}

// button makes a button and keeps it under name for tests.
func (s *Screen) button(name, label string, fn func()) *widget.Button {
	b := widget.NewButton(label, fn)
	s.buttons[name] = b
	return b
}

// bigButton is a prompt's button: high importance, tall enough for a
// finger.
func (s *Screen) bigButton(name, label string, fn func()) fyne.CanvasObject {
	b := s.button(name, label, fn)
	b.Importance = widget.HighImportance
	return kit.WithMinSize(b, 72, 56)
}

// actingSeat is the seat the screen sends commands as: this tablet's seat
// on a LAN tablet; on a hot-seat tablet the seat of the coach the match
// waits for (the coach shown, during the rosters).
func (s *Screen) actingSeat() console.Seat {
	if s.env.Fixed() || len(s.env.Seats()) < 2 {
		return s.env.Seat()
	}
	v, err := s.readView(s.env.Seat())
	if err != nil {
		return s.env.Seat()
	}
	team := ""
	switch {
	case v.Phase == runeball.PhaseRoster:
		if s.coach == "" && len(v.Waiting) > 0 {
			s.coach = v.Waiting[0]
		}
		team = s.coach
	case len(v.Waiting) == 1:
		team = v.Waiting[0]
	case len(v.Waiting) > 1 && s.seat != "":
		return s.seat // either coach: the one acting so far
	case len(v.Waiting) > 1:
		team = v.Waiting[0]
	}
	for _, t := range v.Teams {
		if t.Team == team && t.Seat != "" {
			return console.Seat(t.Seat)
		}
	}
	return s.env.Seat()
}

func (s *Screen) readView(seat console.Seat) (runeball.View, error) {
	cv, err := s.env.View(seat)
	if err != nil {
		return runeball.View{}, err
	}
	v, ok := cv.(runeball.View)
	if !ok {
		return runeball.View{}, fmt.Errorf("the game's view is a %T, not a Runeball view", cv)
	}
	return v, nil
}

// Refresh reads the view and redraws everything.
func (s *Screen) Refresh() {
	seat := s.actingSeat()
	v, err := s.readView(seat)
	if err != nil {
		s.env.Fail(err)
		return
	}
	changed := v.Phase != s.view.Phase || !sameActing(v.Acting, s.view.Acting) || (v.Prompt == nil) != (s.view.Prompt == nil) ||
		(v.Prompt != nil && s.view.Prompt != nil && v.Prompt.Text != s.view.Prompt.Text)
	s.view, s.seat = v, seat
	if changed {
		s.mode, s.path, s.target, s.passTo, s.faces = "", nil, "", "", nil
		// a zoomed field follows the player who acts now
		if p := s.player(actingID(v)); p != nil && p.OnField && s.fieldView.Zoom() > 1 {
			defer s.fieldView.ShowCell(cell(p.Cell))
		}
	}
	s.drawBar()
	roster := v.Phase == runeball.PhaseRoster
	kit.ShowIf(s.rosterArea, roster)
	kit.ShowIf(s.matchArea, !roster)
	if roster {
		s.roster.draw()
	} else {
		s.drawMatch()
	}
	s.root.Refresh()
}

// actingID is the player acting in v ("" none).
func actingID(v runeball.View) string {
	if v.Acting != nil {
		return v.Acting.Player
	}
	return ""
}

func sameActing(a, b *runeball.ActivationView) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Player == b.Player && a.Halves == b.Halves && a.MoveOpen == b.MoveOpen && a.MoveLeft == b.MoveLeft
}

// do sends a command as the acting seat; args are "name=value" pairs.
func (s *Screen) do(cmd string, args ...string) bool {
	m := map[string]any{}
	for _, a := range args {
		k, v, _ := strings.Cut(a, "=")
		m[k] = v
	}
	ok := s.env.DoAs(s.seat, cmd, m)
	if !ok {
		s.refusals++
	}
	return ok
}

// tryInline sends a command as the acting seat and shows a refusal in
// problem (under the form's fields) rather than in a pop-up; problem hides
// again when the command is taken.
func (s *Screen) tryInline(problem *widget.Label, cmd string, args ...string) bool {
	m := map[string]any{}
	for _, a := range args {
		k, v, _ := strings.Cut(a, "=")
		m[k] = v
	}
	err := s.env.TryAs(s.seat, cmd, m)
	if err == nil {
		problem.SetText("")
		problem.Hide()
		return true
	}
	s.refusals++
	if console.IsRejection(err) {
		msg := kit.UpperFirst(kit.ErrorText(err))
		if !strings.HasSuffix(msg, ".") && !strings.HasSuffix(msg, "?") && !strings.HasSuffix(msg, "!") {
			msg += "."
		}
		problem.SetText(msg)
		problem.Show()
		s.root.Refresh()
	}
	return false
}

// andList joins words for a sentence: "3", "3 and 5", "1, 3 and 5".
func andList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// team returns the view's team named t ("home"/"away").
func (s *Screen) team(t string) *runeball.TeamView {
	for i := range s.view.Teams {
		if s.view.Teams[i].Team == t {
			return &s.view.Teams[i]
		}
	}
	return nil
}

// player returns the player with id, if the view shows him.
func (s *Screen) player(id string) *runeball.PlayerView {
	for i := range s.view.Teams {
		for j := range s.view.Teams[i].Players {
			if p := &s.view.Teams[i].Players[j]; p.ID == id {
				return p
			}
		}
	}
	return nil
}

// teamWord is "Home" or "Away".
func teamWord(t string) string { return kit.UpperFirst(t) }

func (s *Screen) drawBar() {
	v := s.view
	// The title is the score alone, so a phone shows it whole; the
	// clock leads the line under it.
	clock := ""
	switch v.Phase {
	case runeball.PhaseRoster:
		s.title.SetText("Runeball · rosters")
	case runeball.PhaseOver:
		s.title.SetText(fmt.Sprintf("Home %d – %d Away", v.Score[0], v.Score[1]))
		clock = "Full time · "
	default:
		s.title.SetText(fmt.Sprintf("Home %d – %d Away", v.Score[0], v.Score[1]))
		clock = fmt.Sprintf("Half %d", max(v.Half, 1))
		if v.Round > 0 {
			clock += fmt.Sprintf(", round %d of %d", v.Round, v.RoundsPerHalf)
		}
		clock += " · "
	}
	next := kit.UpperFirst(v.Next)
	if !s.env.Fixed() && len(s.env.Seats()) > 1 && v.You != "" && v.Phase != runeball.PhaseOver {
		next = teamWord(v.You) + " coach: " + next
	}
	s.next.SetText(clock + next)
	if s.scored.Text != v.Scored {
		s.scored.SetText(v.Scored)
	}
	kit.ShowIf(s.scored, v.Scored != "")
}

// drawMatch draws the field and the panel beside it.
func (s *Screen) drawMatch() {
	clear(s.buttons) // only what is drawn now
	s.drawField()
	s.drawOrder()
	s.drawPrompt()
	s.drawPhase()
	s.drawActing()
	s.drawCard()
	s.drawLog()
}

// drawOrder writes the initiative order: done players ticked, the acting
// one marked, skipped ones struck.
func (s *Screen) drawOrder() {
	v := s.view
	if len(v.Order) == 0 {
		s.order.SetText("")
		s.order.Hide()
		return
	}
	var parts []string
	for _, e := range v.Order {
		mark := " "
		switch {
		case v.Acting != nil && v.Acting.Player == e.Player:
			mark = "▶"
		case e.Status == runeball.EntryDone:
			mark = "✓"
		case e.Status == runeball.EntrySkipped:
			mark = "×"
		case e.Status == runeball.EntryHoldingFul || e.Status == runeball.EntryHoldingHlf:
			mark = "⏸"
		}
		parts = append(parts, fmt.Sprintf("%s%s %d", mark, e.Player, e.Score))
	}
	s.order.SetText("Initiative: " + strings.Join(parts, " · "))
	s.order.Show()
}

// drawLog shows the last lines of the match in words, newest first.
func (s *Screen) drawLog() {
	lines, err := s.env.Game().History(s.seat, 0)
	if err != nil {
		s.logLabel.SetText("(the log cannot be read: " + err.Error() + ")")
		return
	}
	var out []string
	for i := len(lines) - 1; i >= 0 && len(out) < 8; i-- {
		out = append(out, lines[i].Text)
	}
	s.logLabel.SetText(strings.Join(out, "\n"))
}

// menuItems are the menu's entries.
func (s *Screen) menuItems() []*fyne.MenuItem {
	items := []*fyne.MenuItem{fyne.NewMenuItem("Undo the last command", func() { s.env.Undo() })}
	if v := s.view; v.You != "" && v.Phase != runeball.PhaseRoster && v.Phase != runeball.PhaseOver {
		for _, t := range v.Teams {
			if s.env.Fixed() && t.Team != v.You {
				continue
			}
			seat, i := console.Seat(t.Seat), slices.Index([]string{"home", "away"}, t.Team)
			mode := "ask"
			if i >= 0 && i < len(v.Windows) {
				mode = v.Windows[i]
			}
			label, to := teamWord(t.Team)+": let every player act unasked (no blitz windows)", runeball.WindowsPass
			if mode == runeball.WindowsPass {
				label, to = teamWord(t.Team)+": ask before each player acts (blitzes, held actions)", runeball.WindowsAsk
			}
			items = append(items, fyne.NewMenuItem(label, func() {
				s.env.DoAs(seat, runeball.CmdWindows, map[string]any{"mode": to})
			}))
		}
	}
	for _, a := range s.env.Actions() {
		items = append(items, fyne.NewMenuItem(a.Label, a.Run))
	}
	items = append(items, fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("History", func() { s.env.ShowHistory(s.seat) }),
		fyne.NewMenuItem("Match report", s.env.ShowReport))
	if s.view.Phase != runeball.PhaseRoster && s.view.Phase != runeball.PhaseOver {
		items = append(items, fyne.NewMenuItem("Correction: make the app match the table…", s.correction))
	}
	items = append(items, fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Leave to the home screen (the match is saved)", s.env.Home))
	return items
}

// showMenu opens the menu under its button.
func (s *Screen) showMenu() {
	c := s.env.Window().Canvas()
	m := widget.NewPopUpMenu(fyne.NewMenu("", s.menuItems()...), c)
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(s.menuBtn)
	m.ShowAtPosition(pos.Add(fyne.NewPos(0, s.menuBtn.Size().Height)))
}
