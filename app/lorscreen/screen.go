// Package lorscreen is the Lands of Ruin main game screen (the rulebook's
// "Command Console overview"): the seat's character cards, the table map,
// the phase indicator with the turn and the morale bar, the enemy team
// stack, the phase panel on the right (the setup wizard before the
// battle), the last result and the history at the bottom, and a menu with
// undo, the battle report, tutorial hints and the end of the game.
//
// The screen shows one seat's view at a time, chosen by its Seating: a
// LAN tablet always shows its own seat; a hot-seat tablet passes from
// player to player with a hand-over screen between them, on which nothing
// of either side's secrets is drawn. It talks to the game only through a
// Frame (the window it runs in, holding a console.Game), so it runs the
// same on a local game and on a joined one.
package lorscreen

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/app/lorwidget"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// Frame is what the screen needs from the window it runs in.
type Frame interface {
	// Game is the game in play.
	Game() console.Game
	// Run runs fn, a change to the game made from this screen, so that
	// no redraw runs at the same time, and redraws when it succeeds; it
	// returns fn's error unshown.
	Run(fn func() error) error
	// Fail shows err: a refusal in the player's words, anything else in
	// a dialog.
	Fail(err error)
	// Confirm asks a yes/no question and calls fn on yes.
	Confirm(title, msg, yes string, fn func())
	// Home leaves the game (it is saved) for the home screen.
	Home()
	// ShowReport shows the battle report.
	ShowReport()
	// ShowHistory shows the log as seat may read it.
	ShowHistory(seat console.Seat)
	// Window is the window the screen draws in.
	Window() fyne.Window
	// Preferences keep the tutorial-hints choice per game.
	Preferences() fyne.Preferences
	// AddPicture adds a picture (PNG) with its caption to the game's
	// battle report.
	AddPicture(caption string, png []byte) error
	// Hints is the player's setting for tutorial hints, for a game they
	// have not turned them on or off in.
	Hints() bool
}

// Parts builds the parts of the screen other packages draw: the cards,
// the map, the enemy stack and the phase panels. Each part is redrawn in
// place from a view. The zero Parts draws plain text parts (tests of the
// frame alone).
type Parts struct {
	// Cards draws the seat's character cards; select is called with the
	// id of a tapped card.
	Cards func(selected func(id string)) Part
	// Map draws the table map; select is called with a tapped own
	// character, move with a character dropped on a section, section
	// with a tapped section.
	Map func(selected func(id string), move func(id, section string), section func(id string)) Part
	// Enemy draws the enemy team stack.
	Enemy func() Part
	// Panel draws the phase panel (the setup wizard before the battle),
	// sending commands through act; outcome gives the history lines the
	// last accepted command added, pick selects a character.
	Panel func(act Act, outcome func() []string, pick func(id string)) Part
}

// Act sends a command as the seat on screen: nil when it was accepted, the
// refusal (a *console.Rejection) or another error when not.
type Act func(cmd string, args map[string]any) error

// Part is a piece of the screen drawn from the seat's view.
type Part interface {
	// Object is the part's widget tree, built once.
	Object() fyne.CanvasObject
	// Update redraws the part from v, with selected the character the
	// player picked ("" none).
	Update(v landsofruin.View, selected string)
}

// Screen is the Lands of Ruin main game screen.
type Screen struct {
	frame   Frame
	seating Seating
	parts   Parts
	clock   func() time.Time

	// holder is the seat on screen; handing is set while the hand-over
	// screen waits for the next player, next.
	holder  console.Seat
	handing bool
	next    turn
	// overFor is the seat that asked for its own screen on the game-over
	// screen of a shared tablet ("" none yet).
	overFor console.Seat
	// selected is the character picked on the cards or the map.
	selected string
	// view is the holder's view as last drawn.
	view landsofruin.View
	// lockUntil ignores taps on the phase indicator and the end-phase
	// button for a moment after a phase ended, against double taps (a
	// second tap would end the next phase). No timer is needed: a tap
	// reads the clock.
	lockUntil time.Time
	// handLockUntil ignores taps on the hand-over screen's "I am …" button
	// for a moment after it replaced a player's screen: the second tap of
	// a double tap on "End phase" (or on its confirmation, whose button
	// sits where the hand-over button comes) would otherwise show the next
	// player's screen, secrets and all, to the player who just ended.
	handLockUntil time.Time
	// hints: tutorial hints shown.
	hints bool

	mu   sync.Mutex
	root *fyne.Container

	// The battle screen's widgets.
	main        fyne.CanvasObject
	turnLabel   *widget.Label
	phaseBtn    *indicator
	morale      *widget.ProgressBar
	moraleLabel *widget.Label
	moraleBox   fyne.CanvasObject
	hintText    *widget.Label
	hintBox     fyne.CanvasObject
	hintBtn     *widget.Button
	// hintBarBtn opens the hint from the top bar at a large text size.
	hintBarBtn *widget.Button
	// topRight holds the morale and the enemy team on a tablet,
	// teamHead on a phone; historyBtn is hidden on a phone (the menu has
	// the history).
	topRight, teamHead     *fyne.Container
	historyBtn             *widget.Button
	lastResult             *lastLine
	endBtn                 *widget.Button
	menuBtn                *widget.Button
	cards, tableMap, enemy Part
	panel                  Part
	body                   *fyne.Container
	tabs                   *fyne.Container
	columns                *columnsLayout
	handover               fyne.CanvasObject
	handTitle, handWhy     *widget.Label
	handBtn                *widget.Button
	overBtns               *fyne.Container
	seatLabel              *widget.Label
	lastLines              []console.HistoryLine
	outcome                []string
	// narrow is set by the screen's layout: a phone held upright;
	// drawnNarrow is what the phase indicator was last drawn for.
	narrow, drawnNarrow      bool
	enemyBtn                 *widget.Button
	enemyCount, enemyDown    int
	phaseWarning, phaseShown string
	// newsKey is the news last announced (with its history line);
	// newsDialog the dialog that shows it.
	newsKey    string
	newsDialog dialog.Dialog
	// consentDialog asks another seat to agree to a take-back on a
	// shared tablet; consentKey says whom and what.
	consentDialog dialog.Dialog
	consentKey    string
}

// closeConsent closes the consent dialog, if one is on show (the request
// was answered or withdrawn elsewhere).
func (s *Screen) closeConsent() {
	if s.consentDialog != nil {
		s.consentDialog.Hide()
		s.consentDialog, s.consentKey = nil, ""
	}
}

// lockFor is how long the phase indicator ignores taps after ending a
// phase.
const lockFor = 1500 * time.Millisecond

// NewScreen builds the screen on frame with the given seating and parts.
// clock is the wall clock (nil: time.Now), used only for the double-tap
// lock.
func NewScreen(frame Frame, seating Seating, parts Parts, clock func() time.Time) *Screen {
	if clock == nil {
		clock = time.Now
	}
	s := &Screen{frame: frame, seating: seating, parts: parts, clock: clock}
	s.parts.defaults()
	seats := seating.Seats()
	if len(seats) > 0 {
		s.holder = seats[0]
	}
	s.hints = s.loadHints()
	s.build()
	s.handing = seating.HandsOver()
	s.Refresh()
	return s
}

// Content is the screen's widget tree.
func (s *Screen) Content() fyne.CanvasObject { return s.root }

// Holder is the seat whose screen is shown (or, while the hand-over
// screen waits, was last shown).
func (s *Screen) Holder() console.Seat { return s.holder }

// HandingOver reports whether the hand-over screen is shown, and to whom.
func (s *Screen) HandingOver() (console.Seat, bool) { return s.next.Seat, s.handing }

func (s *Screen) build() {
	s.turnLabel = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.turnLabel.SizeName = theme.SizeNameSubHeadingText
	s.seatLabel = widget.NewLabel("")
	s.seatLabel.Wrapping = fyne.TextWrapWord
	s.phaseBtn = newIndicator(s.tapPhase)
	s.morale = widget.NewProgressBar()
	s.morale.TextFormatter = func() string { return s.moraleLabel.Text }
	s.moraleLabel = widget.NewLabel("")
	s.menuBtn = widget.NewButtonWithIcon("", theme.MenuIcon(), s.showMenu)
	s.enemyBtn = widget.NewButton("Enemy team", s.showEnemy)

	s.cards = s.parts.Cards(s.selectChar)
	s.tableMap = s.parts.Map(s.selectChar, s.moveChar, s.tapSection)
	s.enemy = s.parts.Enemy()
	s.panel = s.parts.Panel(s.act, func() []string { return s.outcome }, s.selectChar)
	// On a shared tablet "I am ready" hands the tablet over: it asks
	// first.
	if pp, ok := s.panel.(*panelPart); ok && s.seating.HandsOver() {
		pp.cfg.Confirm = s.frame.Confirm
	}
	// The map outlines the sections a tap on it acts on, as the panel
	// says (a move's or a throw's choices).
	if pm, ok := s.panel.(interface{ MarkSections(func([]string)) }); ok {
		if mm, ok := s.tableMap.(interface{ Mark([]string) }); ok {
			pm.MarkSections(mm.Mark)
		}
	}

	s.hintText = widget.NewLabel("")
	s.hintText.Wrapping = fyne.TextWrapWord
	s.hintBox = container.NewPadded(container.NewBorder(nil, nil, widget.NewIcon(theme.InfoIcon()), nil, s.hintText))

	// The last result: it wraps; a long one scrolls in two lines and
	// opens in full.
	s.lastResult = newLastLine(s.showLast)
	s.endBtn = widget.NewButtonWithIcon("End phase", theme.NavigateNextIcon(), s.tapPhase)
	s.endBtn.Importance = widget.HighImportance
	s.endBtn.IconPlacement = widget.ButtonIconTrailingText
	history := widget.NewButtonWithIcon("History", theme.HistoryIcon(), s.showHistory)

	moraleBox := container.NewBorder(nil, nil, widget.NewLabel("Morale"), nil, s.morale)
	s.moraleBox = kit.WithMinSize(moraleBox, 200, 0)
	// At a large text size the hint waits behind a button on a tablet
	// too: in full it would take the map's room.
	s.hintBarBtn = widget.NewButtonWithIcon("Hint", theme.InfoIcon(), func() {
		showPart(s.frame.Window(), "Hint", kit.Wrapped(s.hintText.Text))
	})
	left := container.NewHBox(s.menuBtn, s.turnLabel)
	// The morale and the enemy team: in the top bar on a tablet, at the
	// head of the team's column on a phone (adapt moves them).
	s.topRight = container.NewHBox(s.moraleBox, s.enemyBtn)
	s.teamHead = container.New(layout.NewRowWrapLayout())
	right := s.topRight
	s.columns = &columnsLayout{}
	narrow := func() bool { return s.narrow }
	top := container.New(&barLayout{narrow: narrow}, left, s.phaseBtn, right)
	s.historyBtn = history
	bottom := container.New(&barLayout{narrow: narrow}, container.NewHBox(history, s.hintBarBtn), s.lastResult.box, s.endBtn)

	// Whose screen it is heads the team's column.
	s.body = container.New(s.columns,
		container.NewVScroll(container.NewVBox(s.seatLabel, s.teamHead, s.cards.Object())),
		s.tableMap.Object(),
		s.panel.Object())
	// On a phone: tabs for the columns, and the hint behind a button.
	// Its icon only: the tabs share a phone's width.
	s.hintBtn = widget.NewButtonWithIcon("", theme.InfoIcon(), func() {
		showPart(s.frame.Window(), "Hint", kit.Wrapped(s.hintText.Text))
	})
	s.tabs = kit.NewShareRow(
		widget.NewButton("Team", func() { s.columns.show(0); s.body.Refresh() }),
		widget.NewButton("Map", func() { s.columns.show(1); s.body.Refresh() }),
		widget.NewButton("Act", func() { s.columns.show(2); s.body.Refresh() }),
		s.hintBtn)
	s.main = container.New(screenLayout{narrow: &s.narrow, adapt: func(n bool) { s.adapt(n) }}, kit.NewWrapVBox(top, s.hintBox, s.tabs), s.body, bottom)

	s.handTitle = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	s.handTitle.SizeName = theme.SizeNameHeadingText
	s.handTitle.Wrapping = fyne.TextWrapWord
	s.handWhy = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{})
	s.handWhy.Wrapping = fyne.TextWrapWord
	s.handBtn = widget.NewButton("", s.takeTablet)
	s.handBtn.Importance = widget.HighImportance
	s.overBtns = container.NewVBox()
	saved := widget.NewLabelWithStyle("The game is saved: it waits under Continue.", fyne.TextAlignCenter, fyne.TextStyle{})
	saved.Wrapping = fyne.TextWrapWord
	saved.Importance = widget.LowImportance
	// The hand-over is as wide as a phone allows, so its title reads on
	// one line where it fits.
	s.handover = container.NewCenter(kit.WithMinSize(kit.NewWrapVBox(
		widget.NewIcon(theme.AccountIcon()), s.handTitle, s.handWhy, s.handBtn, s.overBtns,
		widget.NewButtonWithIcon("Leave the game", theme.HomeIcon(), func() { s.frame.Home() }),
		saved), 360, 0))
	s.root = container.NewStack(s.main)
}

// Refresh redraws the screen from the game: it hands the tablet over when
// another seat must act, else redraws the holder's screen.
func (s *Screen) Refresh() {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.frame.Game()
	seats := s.seating.Seats()
	views := make(map[console.Seat]landsofruin.View, len(seats))
	for _, seat := range seats {
		st, err := g.State(seat)
		if err != nil {
			s.frame.Fail(err)
			return
		}
		v, ok := st.View.(landsofruin.View)
		if !ok {
			s.frame.Fail(fmt.Errorf("the game's view is a %T, not a Lands of Ruin view", st.View))
			return
		}
		views[seat] = v
	}
	if s.seating.HandsOver() {
		t, ok := whoActs(seats, views, s.holder)
		if ok {
			s.overFor = ""
		}
		if ok && t.Seat != s.holder && !s.handing && asksConsent(views[t.Seat]) {
			// Another player is asked to agree to a take-back: on
			// this very screen, in a dialog, with no hand-over.
			s.showConsent(t.Seat, views[t.Seat])
			return
		}
		s.closeConsent()
		if ok && (t.Seat != s.holder || s.handing) {
			if t.Seat != s.holder {
				s.handing = true
			}
			if s.handing {
				s.next = t
				s.showHandover()
				return
			}
		} else if !ok && over(seats, views) && (s.handing || s.overFor != s.holder) {
			// Nobody has anything to do (the game is over). The result
			// is everyone's to see, but a player's screen still holds
			// their secrets (a hidden character never revealed, the
			// history of their secret moves): the tablet shows the
			// result, and each player's own screen after "I am …".
			s.handing = true
			s.next = turn{}
			s.showGameOver(seats, views)
			return
		} else if !ok && s.handing && !over(seats, views) {
			// Nobody has anything to do, yet the game is not over (a view
			// that names no player): the holder's screen, as before.
			s.handing = false
		}
	}
	s.draw(views[s.holder])
}

// showHandover replaces the whole screen with the hand-over screen: the
// previous player's screen leaves the widget tree, so nothing of it can
// show or be read.
func (s *Screen) showHandover() {
	if s.view.Seat != "" {
		// A player's screen was up: their taps may still be coming.
		s.handLockUntil = s.clock().Add(lockFor)
	}
	s.clearParts()
	s.handBtn.Show()
	s.overBtns.Objects = nil
	s.handTitle.SetText(fmt.Sprintf("Pass the tablet to %s", s.next.Seat))
	// Why is a sentence of its own: the turn where it matters (not
	// "Turn 0" in the setup, nor an answer asked for read as a phase).
	s.handWhy.SetText(s.next.Why + s.publicNews())
	s.handBtn.SetText(fmt.Sprintf("I am %s", s.next.Seat))
	s.root.Objects = []fyne.CanvasObject{s.handover}
	s.root.Refresh()
}

// publicNews is the news of the last command as every seat may know it,
// for the hand-over screen, which shows no seat's secrets: "" when there
// is none.
func (s *Screen) publicNews() string {
	st, err := s.frame.Game().State(console.Public)
	if err != nil {
		return ""
	}
	v, ok := st.View.(landsofruin.View)
	if !ok || len(v.News) == 0 {
		return ""
	}
	return "\n\n" + strings.Join(v.News, "\n")
}

// over reports whether the game is over, from the first seat's view.
func over(seats []console.Seat, views map[console.Seat]landsofruin.View) bool {
	for _, seat := range seats {
		return views[seat].Phase == landsofruin.PhaseOver
	}
	return false
}

// showGameOver replaces the whole screen with the result of the game, as
// every seat may know it, the battle report, and a button per player for
// their own screen.
func (s *Screen) showGameOver(seats []console.Seat, views map[console.Seat]landsofruin.View) {
	if s.view.Seat != "" {
		s.handLockUntil = s.clock().Add(lockFor)
	}
	s.clearParts()
	s.handTitle.SetText("The game is over")
	var result []string
	for _, seat := range seats {
		for _, pl := range views[seat].Result {
			result = append(result, fmt.Sprintf("%d. %s (%d points)", pl.Place, pl.Seat, pl.Score))
		}
		break
	}
	s.handWhy.SetText(strings.Join(append(result, "", "Each player taps their name for their own screen."), "\n"))
	s.handBtn.Hide()
	report := widget.NewButtonWithIcon("Battle report", theme.DocumentIcon(), func() { s.frame.ShowReport() })
	report.Importance = widget.HighImportance
	objs := []fyne.CanvasObject{report}
	for _, seat := range seats {
		seat := seat
		objs = append(objs, widget.NewButton(fmt.Sprintf("I am %s", seat), func() { s.takeTabletAs(seat) }))
	}
	s.overBtns.Objects = objs
	s.overBtns.Refresh()
	s.root.Objects = []fyne.CanvasObject{s.handover}
	s.root.Refresh()
}

// clearParts empties every part that shows a seat's secrets, so that no
// hidden widget keeps the previous player's data.
func (s *Screen) clearParts() {
	empty := landsofruin.View{}
	s.selected = ""
	s.view = empty
	for _, p := range []Part{s.cards, s.tableMap, s.enemy, s.panel} {
		p.Update(empty, "")
	}
	setText(s.lastResult, "")
	s.lastLines = nil
}

// takeTablet is the hand-over screen's button: the next player has the
// tablet.
func (s *Screen) takeTablet() { s.takeTabletAs("") }

// takeTabletAs gives the tablet to seat ("" the one the hand-over screen
// names; a seat on the game-over screen).
func (s *Screen) takeTabletAs(seat console.Seat) {
	s.mu.Lock()
	if s.clock().Before(s.handLockUntil) {
		s.mu.Unlock()
		return
	}
	if seat == "" {
		seat = s.next.Seat
	} else {
		s.overFor = seat
	}
	s.holder = seat
	s.handing = false
	s.mu.Unlock()
	s.Refresh()
}

// draw redraws the holder's screen from v, its reasons in the player's
// words.
func (s *Screen) draw(v landsofruin.View) {
	v = plainView(v)
	if len(s.root.Objects) != 1 || s.root.Objects[0] != s.main {
		s.root.Objects = []fyne.CanvasObject{s.main}
		s.root.Refresh()
	}
	s.view = v
	if s.selected != "" && ownChar(v, s.selected) == nil {
		s.selected = ""
	}
	if s.selected == "" {
		for _, c := range v.Characters {
			if c.Own != nil {
				s.selected = c.ID
				break
			}
		}
	}
	if setup := v.Phase == landsofruin.PhaseSetup || v.Phase == landsofruin.PhasePreGame; setup != s.columns.setup {
		s.columns.setup = setup
		defer s.body.Refresh()
	}
	setText(s.turnLabel, turnText(v))
	switch {
	case s.watching():
		setText(s.seatLabel, "You are watching (spectator): "+scenarioLine(v))
	case s.seating.HandsOver():
		setText(s.seatLabel, fmt.Sprintf("%s's screen (%s)", s.holder, scenarioLine(v)))
	default:
		setText(s.seatLabel, fmt.Sprintf("You play %s (%s)", s.holder, scenarioLine(v)))
	}
	s.drawPhase(v)
	s.drawMorale(v)
	s.drawEnemy(v)
	setText(s.hintText, hint(v, s.holder, s.watching()))
	if s.adapt(s.narrow) {
		// Something appeared or went: lay the screen out again, so it
		// is not drawn at the size it had when hidden.
		defer s.main.Refresh()
	}
	for _, p := range []Part{s.cards, s.tableMap, s.enemy, s.panel} {
		p.Update(v, s.selected)
	}
	s.drawLast()
	s.announce(v)
}

// adapt shows what a narrow or a wide screen has: on a phone the column
// tabs and the hint behind a button, on a tablet the hint in full. It
// reports whether anything appeared or went.
func (s *Screen) adapt(narrow bool) bool {
	hint := s.hints && s.hintText.Text != ""
	large := theme.Size(theme.SizeNameText) > kit.BaseText*1.25
	a := showIf(s.tabs, narrow)
	b := showIf(s.hintBox, hint && !narrow && !large)
	c := showIf(s.hintBtn, hint && narrow)
	d := showIf(s.hintBarBtn, hint && !narrow && large)
	e := showIf(s.historyBtn, !narrow)
	if from, to := s.topRight, s.teamHead; narrow == (len(from.Objects) > 0) {
		if !narrow {
			from, to = to, from
		}
		to.Objects, from.Objects = from.Objects, nil
		from.Refresh()
		to.Refresh()
		e = true
	}
	if narrow != s.drawnNarrow && s.view.Seat != "" {
		s.drawnNarrow = narrow
		s.drawPhase(s.view)
	}
	return a || b || c || d || e
}

// showIf shows o when on, hides it otherwise, and reports whether that
// changed anything.
func showIf(o fyne.CanvasObject, on bool) bool {
	if o.Visible() == on {
		return false
	}
	if on {
		o.Show()
	} else {
		o.Hide()
	}
	return true
}

// turnText is the turn counter.
func turnText(v landsofruin.View) string {
	switch v.Phase {
	case landsofruin.PhaseSetup, landsofruin.PhasePreGame:
		return "Setup"
	case landsofruin.PhaseOver:
		return "Game over"
	}
	return fmt.Sprintf("Turn %d", v.Turn)
}

// scenarioLine names the scenario and map.
func scenarioLine(v landsofruin.View) string {
	parts := []string{}
	for _, p := range []string{v.ScenarioName, v.MapName} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " · ")
}

// drawPhase sets the phase indicator and the end-phase button: blue when
// the phase is the holder's to end, red when it is another player's.
func (s *Screen) drawPhase(v landsofruin.View) {
	end, _ := console.FindAffordance(v.Commands, landsofruin.CmdEndPhase)
	mine := v.Current == string(s.holder)
	title := strings.ToUpper(landsofruin.PhaseTitle(v.Phase))
	kind := phaseAll
	switch {
	case v.Phase == landsofruin.PhaseSetup || v.Phase == landsofruin.PhasePreGame || v.Phase == landsofruin.PhaseObjectives || v.Phase == landsofruin.PhaseOver:
	case mine:
		title, kind = "YOUR "+title, phaseMine
	case s.watching():
		// Neither side's: grey, named by its player.
		title = strings.ToUpper(v.Current) + "'S " + title
	default:
		title, kind = strings.ToUpper(v.Current)+"'S "+title, phaseTheirs
	}
	s.phaseWarning = phaseWarning(v)
	sub := ""
	if end.Allowed {
		sub = "tap to end"
		if s.phaseWarning != "" {
			sub += ": " + s.phaseWarning
		}
	} else if end.Reason != "" && mine {
		sub = end.Reason
	}
	s.phaseShown = landsofruin.PhaseTitle(v.Phase)
	if s.narrow && end.Allowed {
		// A phone keeps the indicator to one line: the end button
		// at the bottom says what a tap does, the confirmation warns.
		sub = ""
	}
	s.phaseBtn.Small = s.narrow
	s.phaseBtn.Set(title, sub, kind, end.Allowed)
	if end.Allowed {
		s.endBtn.Enable()
	} else {
		s.endBtn.Disable()
	}
	if end.Allowed && !s.narrow {
		setText(s.endBtn, "End "+landsofruin.PhaseTitle(v.Phase))
	} else {
		setText(s.endBtn, "End phase")
	}
}

// phaseWarning is what the player leaves undone by ending the phase, from
// their own cards: characters with action points left unassigned in the
// Command phase, assigned actions not performed in the Action phase.
func phaseWarning(v landsofruin.View) string {
	n := 0
	for _, c := range v.Characters {
		if c.Own == nil || c.Down || c.Section == "" {
			continue
		}
		switch v.Phase {
		case landsofruin.PhaseCommand:
			if c.Own.Remaining > 0 {
				n++
			}
		case landsofruin.PhaseAction:
			for _, a := range c.Own.Assigned {
				if !a.Performed {
					n++
					break
				}
			}
		}
	}
	switch {
	case n == 0:
		return ""
	case v.Phase == landsofruin.PhaseCommand:
		return plural(n, "character has", "characters have") + " unassigned action points"
	default:
		return plural(n, "character has", "characters have") + " assigned actions not performed"
	}
}

// plural writes "1 character has" or "3 characters have".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// tapPhase asks to end the holder's phase, naming what ends; a tap while
// the lock holds does nothing.
func (s *Screen) tapPhase() {
	if s.clock().Before(s.lockUntil) {
		return
	}
	v := s.view
	if !allowed(v, landsofruin.CmdEndPhase) {
		return
	}
	msg := fmt.Sprintf("End your %s (turn %d)?", s.phaseShown, v.Turn)
	if s.phaseWarning != "" {
		msg += " " + strings.ToUpper(s.phaseWarning[:1]) + s.phaseWarning[1:] + "."
	}
	s.frame.Confirm("End "+s.phaseShown, msg, "End "+s.phaseShown, func() {
		if s.clock().Before(s.lockUntil) {
			return
		}
		s.lockUntil = s.clock().Add(lockFor)
		if err := s.act(landsofruin.CmdEndPhase, nil); err != nil {
			s.lockUntil = time.Time{}
			s.frame.Fail(err)
		}
	})
}

// drawMorale fills the morale bar from the holder's own player; a
// spectator, who has no team, has no bar.
func (s *Screen) drawMorale(v landsofruin.View) {
	// Before the battle there is no morale, enemy team nor phase to end:
	// the setup wizard has the room.
	setup := v.Phase == landsofruin.PhaseSetup || v.Phase == landsofruin.PhasePreGame
	showIf(s.moraleBox, !s.watching() && !setup)
	showIf(s.enemyBtn, !setup)
	showIf(s.endBtn, !setup)
	p := ownPlayer(v)
	if p == nil || p.Morale == "" {
		setText(s.moraleLabel, "—")
		s.morale.SetValue(0)
		return
	}
	max := float64(v.MoraleMax)
	if max <= 0 {
		max = 1
	}
	// The state in words; the pool is the bar's fill.
	setText(s.moraleLabel, p.Morale)
	val := float64(p.MoralePool) / max
	if val < 0 {
		val = 0
	}
	if val > 1 {
		val = 1
	}
	s.morale.SetValue(val)
}

// drawEnemy names the enemy stack: how many enemy cards the holder sees
// and how many are down; for a spectator, a line per team named by its
// player.
func (s *Screen) drawEnemy(v landsofruin.View) {
	if s.watching() {
		var lines []string
		for _, t := range lorwidget.Teams(v) {
			lines = append(lines, t.Line())
		}
		if len(lines) == 0 {
			lines = []string{"The teams"}
		}
		setText(s.enemyBtn, strings.Join(lines, "\n"))
		return
	}
	n, down := 0, 0
	for _, c := range v.Characters {
		if c.Seat != string(s.holder) && c.Seat != "" {
			n++
			if c.Down {
				down++
			}
		}
	}
	setText(s.enemyBtn, fmt.Sprintf("Enemy team\n%s · %d down", plural(n, "card", "cards"), down))
}

// showEnemy opens the enemy stack in a dialog over the screen.
func (s *Screen) showEnemy() {
	title := "Enemy team"
	if s.watching() {
		title = "The teams"
	}
	showPart(s.frame.Window(), title, s.enemy.Object())
}

// watching reports whether the screen is a spectator's: it has no side,
// no team and no command, and speaks of the players by their names.
func (s *Screen) watching() bool { return s.holder == console.Public }

// drawLast shows the newest history lines of the holder.
func (s *Screen) drawLast() {
	lines, err := s.frame.Game().History(s.holder, 0)
	if err != nil {
		setText(s.lastResult, "")
		return
	}
	s.lastLines = lines
	if len(lines) == 0 {
		setText(s.lastResult, "Nothing has happened yet.")
		return
	}
	setText(s.lastResult, "Last: "+lines[len(lines)-1].Text)
}

// selectChar picks a character of the holder's team.
func (s *Screen) selectChar(id string) {
	if ownChar(s.view, id) == nil {
		return
	}
	s.selected = id
	for _, p := range []Part{s.cards, s.tableMap, s.panel} {
		p.Update(s.view, id)
	}
}

// SectionTaker is a part that takes a section tapped on the map (the
// target section of a throw, the section of a move).
type SectionTaker interface {
	TakeSection(section string)
}

// tapSection passes a tapped section to the phase panel.
func (s *Screen) tapSection(section string) {
	if t, ok := s.panel.(SectionTaker); ok {
		t.TakeSection(section)
	}
}

// moveChar moves a character dropped on a section of the map.
func (s *Screen) moveChar(id, section string) {
	if err := s.act(landsofruin.CmdMove, map[string]any{"character": id, "section": section}); err != nil {
		s.frame.Fail(err)
	}
}

// act sends a command as the holder and keeps the lines it added.
func (s *Screen) act(cmd string, args map[string]any) error {
	seat := s.holder
	var out console.Outcome
	err := plainErr(s.frame.Run(func() error {
		var err error
		out, err = s.frame.Game().Do(seat, console.Command{Name: cmd, Args: args})
		return err
	}))
	s.outcome = s.outcome[:0]
	if err == nil {
		for _, l := range out.Lines {
			s.outcome = append(s.outcome, l.Text)
		}
		// The latest result, whichever part gave the command (not
		// behind a hand-over: the lines are the holder's).
		if o, ok := s.panel.(interface{ ShowOutcome([]string) }); ok && !s.handing && s.holder == seat {
			o.ShowOutcome(s.outcome)
		}
	}
	return err
}

// ownChar returns the holder's character id in v, nil when it is not one.
func ownChar(v landsofruin.View, id string) *landsofruin.CharView {
	for i := range v.Characters {
		if v.Characters[i].ID == id && v.Characters[i].Own != nil {
			return &v.Characters[i]
		}
	}
	return nil
}

// ownPlayer returns the holder's player in v.
func ownPlayer(v landsofruin.View) *landsofruin.PlayerView {
	for i := range v.Players {
		if v.Players[i].Seat == v.Seat {
			return &v.Players[i]
		}
	}
	return nil
}

// setText sets a label's or a button's text when it changed: setting the
// same text again measures it again, which is most of a redraw's cost.
func setText(o interface {
	SetText(string)
}, text string) {
	switch x := o.(type) {
	case *widget.Label:
		if x.Text == text {
			return
		}
	case *widget.Button:
		if x.Text == text {
			return
		}
	}
	o.SetText(text)
}
