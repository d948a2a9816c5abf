// Package ruunarascreen is the game screen of Ruunara: The Darkest Path
// (SPEC.md §6.5): the set-up with its card editor, the table with the
// heroes' cards and the enemy column, the prompt panel (dice, the split of
// close combat dice, the questions of the enemy AI, the enemy orders) and
// the enemy turn.
//
// The screen holds no rule: every button, greyed or not, and every reason
// comes from the game's view (games/ruunara View, HeroView.Actions,
// View.Commands); distances are shown as the view writes them, in the
// viewer's unit. Ruunara hides nothing (RU-D7), so a tablet that plays
// every seat of a duo game acts as the seat whose turn it is, or the seat a
// prompt names; a LAN tablet plays its own seat only.
package ruunarascreen

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara"
)

// RosterKind is the roster kind the typed cards are kept under.
const RosterKind = ruunara.RosterKindCard

// Screen is the Ruunara screen.
type Screen struct {
	// rerollBtn is the open roll's Re-roll button, when a card may grant one.
	rerollBtn *widget.Button
	env       *play.Env
	// rosters keeps cards across games; nil hides the roster buttons.
	rosters play.RosterStore
	root    fyne.CanvasObject

	// view is the game as seat sees it; seat is the seat this screen
	// sends commands as now.
	view ruunara.View
	seat console.Seat

	// The top bar and the turn strip.
	menuBtn *widget.Button
	title   *widget.Label
	nextBtn *widget.Button
	strip   *widget.Label
	reason  *widget.Label
	// news is the last command's headlines (a kill and why, a capture),
	// as the view writes them.
	news *widget.Label

	// Set-up.
	setupArea *fyne.Container
	cardList  *fyne.Container
	unitList  *fyne.Container
	editor    *cardEditor
	// addBtns are the cards' add buttons by card id.
	addBtns map[string]*widget.Button

	// The table.
	tableArea *fyne.Container
	enemyTurn *fyne.Container
	heroes    *fyne.Container
	enemies   *fyne.Container

	// The prompt panel.
	promptBox    *fyne.Container
	promptScroll *container.Scroll
	form         *promptForm

	// picker is the open choice dialog of an action, for tests.
	picker *picker
	// enemyBtns are the enemies' − and + buttons by enemy id.
	enemyBtns map[string][2]*widget.Button
	// actionBtns are the heroes' action buttons by "hero|label".
	actionBtns map[string]*widget.Button
}

// New builds the Ruunara screen for the game in env; the app registers it
// for the Ruunara system.
func New(env *play.Env) play.Screen {
	s := &Screen{env: env, rosters: env.Rosters()}
	s.build()
	if !env.Fixed() && len(env.Seats()) > 1 {
		return hotScreen{s}
	}
	return s
}

// hotScreen is the screen on a tablet that plays both seats of a duo game:
// the frame follows every seat's changes (play.HotSeat).
type hotScreen struct{ *Screen }

// HotSeat marks the screen as playing every seat.
func (hotScreen) HotSeat() {}

// OwnBar marks the screen as drawing its own top bar and menu.
func (*Screen) OwnBar() {}

// Content is the screen's widget tree.
func (s *Screen) Content() fyne.CanvasObject { return s.root }

func (s *Screen) build() {
	s.menuBtn = widget.NewButtonWithIcon("", theme.MenuIcon(), s.showMenu)
	s.title = kit.Subheading("")
	s.nextBtn = widget.NewButtonWithIcon("Next phase", theme.MediaSkipNextIcon(), s.next)
	s.nextBtn.Importance = widget.HighImportance
	bar := kit.TopBar(s.menuBtn, s.title, s.nextBtn)
	s.strip = kit.Wrapped("")
	s.reason = kit.Caption("")
	s.news = kit.Wrapped("")
	s.news.TextStyle.Bold = true
	s.news.Importance = widget.WarningImportance
	top := container.NewVBox(bar, container.NewPadded(kit.NewWrapVBox(s.strip, s.news, s.reason)))

	// Set-up: the cards and units on one side, the card editor on the other.
	s.cardList = kit.NewWrapVBox()
	s.unitList = kit.NewWrapVBox()
	s.editor = newCardEditor(s)
	left := kit.NewWrapVBox(kit.Subheading("Cards"), s.cardList, kit.Subheading("Units"), s.unitList)
	s.setupArea = container.New(&twoColumns{share: 0.5}, container.NewVScroll(container.NewPadded(left)),
		container.NewVScroll(container.NewPadded(s.editor.box)))

	// The table: the heroes beside the enemy column (under it on a phone).
	s.enemyTurn = kit.NewWrapVBox()
	s.heroes = kit.NewWrapVBox()
	s.enemies = kit.NewWrapVBox()
	// stacked on a phone, the heroes (or the enemy turn's orders) are what
	// the players read most: 70 % of the height
	s.tableArea = container.New(&twoColumns{share: 0.62, stacked: 0.7},
		container.NewVScroll(container.NewPadded(kit.NewWrapVBox(s.enemyTurn, s.heroes))),
		container.NewVScroll(container.NewPadded(kit.NewWrapVBox(kit.Subheading("Enemies"), s.enemies))))

	s.promptBox = kit.NewWrapVBox()
	s.promptScroll = container.NewVScroll(container.NewPadded(s.promptBox))
	body := container.New(&bottomPanel{panel: s.promptBox}, container.NewStack(s.setupArea, s.tableArea), s.promptScroll)
	s.root = container.NewBorder(top, nil, nil, nil, body)
	s.Refresh()
}

// actingSeat is the seat the screen sends commands as: this tablet's seat
// on a tablet that plays one seat; else the seat an open prompt names, the
// seat whose turn it is, or the tablet's seat.
func (s *Screen) actingSeat() console.Seat {
	if s.env.Fixed() || len(s.env.Seats()) < 2 {
		return s.env.Seat()
	}
	v, err := s.readView(s.env.Seat())
	if err != nil {
		return s.env.Seat()
	}
	if v.Prompt != nil && v.Prompt.Seat != "" {
		return console.Seat(v.Prompt.Seat)
	}
	for _, seat := range s.env.Seats() {
		if string(seat) == v.Side {
			return seat
		}
	}
	return s.env.Seat()
}

func (s *Screen) readView(seat console.Seat) (ruunara.View, error) {
	cv, err := s.env.View(seat)
	if err != nil {
		return ruunara.View{}, err
	}
	v, ok := cv.(ruunara.View)
	if !ok {
		return ruunara.View{}, fmt.Errorf("the game's view is a %T, not a Ruunara view", cv)
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
	s.view, s.seat = v, seat
	s.drawBar()
	setup := v.Stage == ruunara.StageSetup
	kit.ShowIf(s.setupArea, setup)
	kit.ShowIf(s.tableArea, !setup)
	if setup {
		s.drawSetup()
	} else {
		s.drawEnemyTurn()
		s.drawHeroes()
		s.drawEnemies()
	}
	s.drawPrompt()
	s.root.Refresh()
}

// command returns the view's affordance for cmd.
func (s *Screen) command(cmd string) console.Affordance {
	a, ok := console.FindAffordance(s.view.Commands, cmd)
	if !ok {
		return console.Affordance{Cmd: cmd, Reason: "not offered now"}
	}
	return a
}

// do sends a command as the acting seat.
func (s *Screen) do(cmd string, args map[string]any) bool {
	return s.env.DoAs(s.seat, cmd, args)
}

func (s *Screen) drawBar() {
	v := s.view
	duo := len(v.Seats) > 1
	switch v.Stage {
	case ruunara.StageSetup:
		kitShow(s.nextBtn, true)
		s.title.SetText("Set-up" + missionName(v))
		s.nextBtn.SetText("Start")
		s.nextBtn.SetIcon(theme.MediaPlayIcon())
		s.setNext(s.command(ruunara.CmdStart))
	case ruunara.StagePlay:
		t := fmt.Sprintf("Round %d", v.Round)
		switch {
		case v.Side == "enemies":
			t += " · enemy turn"
		case duo:
			t += " · " + v.Side + " · " + v.Phase
		default:
			t += " · " + v.Phase
		}
		s.title.SetText(t)
		s.nextBtn.SetText("Next phase")
		s.nextBtn.SetIcon(theme.MediaSkipNextIcon())
		s.setNext(s.command(ruunara.CmdEndPhase))
		// the enemy turn advances by itself: no button, more room for the title
		kitShow(s.nextBtn, v.Side != "enemies")
	default:
		kitShow(s.nextBtn, true)
		s.title.SetText("Game over · " + kit.UpperFirst(v.Result))
		s.nextBtn.SetText("Battle report")
		s.nextBtn.SetIcon(theme.DocumentIcon())
		s.nextBtn.Enable()
		s.reason.SetText("")
		s.reason.Hide()
	}
	next := "Next: " + v.NextText
	if duo && !s.env.Fixed() && v.Stage == ruunara.StagePlay {
		next = "Acting as " + string(s.seat) + " · " + next
	}
	s.strip.SetText(next)
	news := ""
	if len(v.News) > 0 {
		news = "Last: " + strings.Join(v.News, " ")
	}
	if s.news.Text != news {
		s.news.SetText(news)
	}
	kit.ShowIf(s.news, news != "")
}

// setNext greys the bar's button with its reason.
func (s *Screen) setNext(a console.Affordance) {
	kit.SetEnabled(s.nextBtn, a.Allowed)
	// With a prompt open the panel below says what is awaited.
	if a.Allowed || s.view.Prompt != nil {
		s.reason.SetText("")
	} else {
		s.reason.SetText(s.nextBtn.Text + ": " + a.Reason)
	}
	kit.ShowIf(s.reason, s.reason.Text != "")
}

func missionName(v ruunara.View) string {
	if v.Mission.Name == "" {
		return ""
	}
	return " · " + v.Mission.Name
}

// next is the bar's button: start, end the phase, or the report.
func (s *Screen) next() {
	switch s.view.Stage {
	case ruunara.StageSetup:
		s.do(ruunara.CmdStart, nil)
	case ruunara.StagePlay:
		s.do(ruunara.CmdEndPhase, nil)
	default:
		s.env.ShowReport()
	}
}

// menuItems are the menu's entries.
func (s *Screen) menuItems() []*fyne.MenuItem {
	undo := "Undo the last command"
	if s.view.LastCommand != "" {
		undo = "Undo: " + short(s.view.LastCommand, 70)
	}
	items := []*fyne.MenuItem{fyne.NewMenuItem(undo, func() { s.env.Undo() })}
	// in duo, a dice roll is taken back with the partner's yes (RU-D57)
	if a := s.command(ruunara.CmdRequestUndo); a.Allowed && s.view.UndoWhat != "" {
		label := "Ask your partner to take back " + s.view.UndoWhat
		if s.view.UndoAsked {
			label = "Withdraw the request to take back " + s.view.UndoWhat
		}
		items = append(items, fyne.NewMenuItem(label, func() { s.do(ruunara.CmdRequestUndo, nil) }))
	}
	for _, sv := range s.view.Seats {
		seat := console.Seat(sv.Seat)
		if s.env.Fixed() && seat != s.env.Seat() {
			continue
		}
		other := "cm"
		words := "centimetres"
		if sv.Unit == "cm" {
			other, words = "in", "inches"
		}
		label := "Distances in " + words
		if len(s.view.Seats) > 1 {
			label = string(seat) + ": distances in " + words
		}
		items = append(items, fyne.NewMenuItem(label, func() {
			s.env.DoAs(seat, ruunara.CmdSetUnit, map[string]any{"system": other})
		}))
	}
	for _, a := range s.env.Actions() {
		items = append(items, fyne.NewMenuItem(a.Label, a.Run))
	}
	items = append(items, fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("History", func() { s.env.ShowHistory(s.seat) }),
		fyne.NewMenuItem("Battle report", s.env.ShowReport),
		fyne.NewMenuItem("Help: the rules the app applies", s.showHelp),
	)
	if s.view.Stage == ruunara.StagePlay {
		items = append(items, fyne.NewMenuItemSeparator(),
			fyne.NewMenuItem("Correction: a unit died on the table…", func() { s.correction(ruunara.CmdKill) }),
			fyne.NewMenuItem("Correction: end a unit's fight…", func() { s.correction(ruunara.CmdEndFight) }),
			fyne.NewMenuItem("End the game…", s.endGame))
	}
	items = append(items, fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Leave to the home screen (the game is saved)", s.env.Home))
	return items
}

// showMenu opens the menu under its button.
func (s *Screen) showMenu() {
	c := s.env.Window().Canvas()
	m := widget.NewPopUpMenu(fyne.NewMenu("", s.menuItems()...), c)
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(s.menuBtn)
	m.ShowAtPosition(pos.Add(fyne.NewPos(0, s.menuBtn.Size().Height)))
}

// endGame offers the objectives to claim and the end by agreement.
func (s *Screen) endGame() {
	var d dialog.Dialog
	box := container.NewVBox()
	for i, id := range s.view.Mission.Claimable {
		id := id
		text := id
		if i < len(s.view.Mission.Objectives) {
			text = s.view.Mission.Objectives[i]
		}
		box.Add(widget.NewButton("Objective met: "+short(text, 40), func() {
			d.Hide()
			s.do(ruunara.CmdClaim, map[string]any{"id": id})
		}))
	}
	for _, r := range []string{"victory", "defeat", "stopped"} {
		r := r
		box.Add(widget.NewButton("End by agreement: "+r, func() {
			d.Hide()
			s.do(ruunara.CmdEndGame, map[string]any{"result": r})
		}))
	}
	d = dialog.NewCustom("End the game", "Cancel", box, s.env.Window())
	d.Show()
}

// correction asks which unit a table correction is for (kill: a unit the
// app did not see die; end-fight: the players end its fight, RU-D11).
func (s *Screen) correction(cmd string) {
	var d dialog.Dialog
	box := container.NewVBox()
	add := func(id, name string) {
		box.Add(widget.NewButton(id+" · "+name, func() {
			d.Hide()
			s.do(cmd, map[string]any{"unit": id})
		}))
	}
	for _, h := range s.view.Heroes {
		if h.Status == ruunara.StatusFree || h.Status == ruunara.StatusCaptured {
			add(h.ID, h.Name)
		}
	}
	for _, e := range s.view.Enemies {
		if e.HP > 0 {
			add(e.ID, e.Name)
		}
	}
	for _, n := range s.view.Neutrals {
		if !n.Dead {
			add(n.ID, n.Name)
		}
	}
	title := "Which unit died on the table?"
	if cmd == ruunara.CmdEndFight {
		title = "Whose fight ends?"
	}
	d = dialog.NewCustom(title, "Cancel", container.NewVScroll(box), s.env.Window())
	sz := s.env.Window().Canvas().Size()
	d.Resize(fyne.NewSize(fyne.Min(420, sz.Width-16), fyne.Min(box.MinSize().Height+140, sz.Height-32)))
	d.Show()
}

// short cuts text to n runes with an ellipsis.
func short(text string, n int) string {
	r := []rune(text)
	if len(r) <= n {
		return text
	}
	return string(r[:n-1]) + "…"
}

// join lists ids.
func join(ids []string) string { return strings.Join(ids, ", ") }
