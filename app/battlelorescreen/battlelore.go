package battlelorescreen

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/app/padkit"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/battlelore"
)

// Screen is the state pad of a BattleLore game, one tablet
// beside the board for both players (a hot seat). The main area shows the
// turn, the active side, the phase and step, the rules' prompt, the win
// check, the banners, and each side's counters (VP, lore tokens, lore and
// command cards, with large − and +) and units roster (figures lost, weak,
// a legend's damage against its health, eliminated; tap a unit to change
// it), and the turns so far. The panel walks the active player through the
// turn: the Main phase checklist, then the Upkeep steps (the VP step by
// banner value, the draw, the lore choice); in a full game's setup it
// takes each side's scenario card and army (the muster calculator or an
// army card), which stay hidden on screen until both are in. The dice
// faces are a tap away. Everything is drawn from the spectator's view, and
// each button is enabled from the Allowed list of the seat it acts for.
type Screen struct {
	env  *play.Env
	root fyne.CanvasObject
	// view is the game as the spectator sees it; allowed[seat] the
	// commands each seat may give now.
	view    battlelore.View
	allowed map[console.Seat]map[string]bool

	// The main area.
	turnLabel  *widget.Label
	stepLabel  *widget.Label
	prompt     *widget.Label
	winCheck   *widget.Label
	bannerText *widget.Label
	sidesBox   *fyne.Container
	sides      [2]*sideCard
	turnsBox   *fyne.Container
	turnsHead  *fyne.Container
	turnsBody  *fyne.Container

	// The panel.
	panelTitle *widget.Label
	panelSub   *widget.Label
	diceBtn    *widget.Button
	checklist  *fyne.Container
	setupBox   *fyne.Container
	scenBtns   [2]*widget.Button
	musterBtns [2]*widget.Button
	stepBox    *fyne.Container

	titleRow   *fyne.Container
	foot       *fyne.Container
	commandBox *fyne.Container
	cardEntry  *widget.Entry
	playBtn    *widget.Button
	nextBtn    *widget.Button
	vpBox      *fyne.Container
	bannerBox  *fyne.Container
	bannerBtns []*widget.Button
	bannerOn   []bool
	vp         *padkit.Stepper
	exchange   *padkit.Stepper
	exchBox    *fyne.Container
	scoreBtn   *widget.Button
	drawBtn    *widget.Button
	loreBox    *fyne.Container
	loreBtns   map[string]*widget.Button
	end        *padkit.EndPanel
	side       *container.Scroll

	// stepKey is the turn and step the step panel was last set up for,
	// so a redraw keeps what the player is entering.
	stepKey string
	// checkKey and turnsKey are what the checklist and the turns grid
	// were last drawn from.
	checkKey, turnsKey string

	// The forms open now, for tests to fill in.
	form     *padkit.FormDialog
	scenForm *scenarioForm
	muster   *musterForm
	unitDlg  *unitDialog
	diceDlg  *dialog.CustomDialog
}

// sideCard is one faction's part of the main area.
type sideCard struct {
	faction    string
	box        *fyne.Container
	title      *widget.Label
	status     *widget.Label
	setup      *widget.Label
	counterBox *fyne.Container
	counters   []*counterRow
	loreCard   *widget.Button
	concede    *widget.Button
	unitsTitle *widget.Label
	units      *fyne.Container
	rows       []*padkit.TapRow
	// hits and heals are each row's − and + buttons.
	hits, heals []*widget.Button
	// rosterKey is what the roster was last drawn from: it is rebuilt
	// only when a unit or what may be done with it changes.
	rosterKey string
}

// counterRow is one counter of a side with − and +.
type counterRow struct {
	id          string
	value       *widget.Label
	minus, plus *widget.Button
	box         fyne.CanvasObject
}

// scenarioForm is the scenario card form.
type scenarioForm struct {
	letter  *widget.Select
	number  *padkit.Stepper
	name    *widget.Entry
	banners *widget.Entry
}

// musterForm is the muster calculator.
type musterForm struct {
	faction battlelore.Faction
	seat    console.Seat
	counts  map[string]*padkit.Stepper
	tent    *padkit.Choice
	result  *widget.Label
	cards   []*widget.Button
}

// unitDialog is the dialog that changes one unit.
type unitDialog struct {
	d       *dialog.CustomDialog
	unit    string
	amount  *padkit.Stepper
	health  *padkit.Stepper
	problem *widget.Label
}

// counterLabel names a counter on screen.
func counterLabel(id string) string {
	switch id {
	case battlelore.CounterVP:
		return "Victory points"
	case battlelore.CounterLoreTokens:
		return "Lore tokens"
	case battlelore.CounterLoreCards:
		return "Lore cards"
	case battlelore.CounterCommandCards:
		return "Command cards"
	}
	return kit.OptionLabel(id)
}

// loreChoices are the Lore step's choices and their buttons' labels.
var loreChoices = []struct{ id, label string }{
	{battlelore.LoreChoiceTokens, "2 lore tokens"},
	{battlelore.LoreChoiceTokenAndCard, "1 token + 1 lore card"},
	{battlelore.LoreChoiceTwoCards, "2 lore cards, discard 1"},
}

// New builds BattleLore's screen for the game in env; the app registers it
// for the BattleLore system.
func New(env *play.Env) play.Screen {
	s := &Screen{env: env, loreBtns: map[string]*widget.Button{}}
	s.build()
	return s
}

// Content is the screen's widget tree.
func (s *Screen) Content() fyne.CanvasObject { return s.root }

// HotSeat marks the screen as played by every seat on one tablet.
func (s *Screen) HotSeat() {}

func (s *Screen) build() {
	// The main area.
	s.turnLabel = kit.Subheading("")
	s.stepLabel = kit.BoldLabel("")
	s.prompt = kit.Wrapped("")
	s.winCheck = kit.Wrapped("")
	s.bannerText = kit.Wrapped("")
	s.sidesBox = kit.NewGridColumns(2)
	for i, f := range battlelore.Factions {
		c := s.buildSide(f)
		s.sides[i] = c
		s.sidesBox.Add(c.box)
	}
	s.turnsHead = container.New(&kit.PadGridLayout{Cols: 5})
	s.turnsBody = container.New(&kit.PadGridLayout{Cols: 5})
	s.turnsBox = container.NewVBox(kit.Subheading("Turns"), s.turnsHead, s.turnsBody)
	main := container.NewVBox(s.turnLabel, s.stepLabel, s.prompt, s.winCheck, s.bannerText, s.sidesBox, s.turnsBox)

	// The panel.
	s.panelTitle = kit.Subheading("")
	s.panelTitle.Truncation = fyne.TextTruncateEllipsis
	s.panelSub = kit.Wrapped("")
	s.diceBtn = widget.NewButtonWithIcon("Dice faces", theme.InfoIcon(), s.showDice)
	s.checklist = container.NewVBox()

	s.setupBox = container.NewVBox()
	for i, f := range battlelore.Factions {
		f := f
		s.scenBtns[i] = widget.NewButtonWithIcon(f.Name()+": scenario card", theme.DocumentCreateIcon(), func() { s.enterScenario(f) })
		s.musterBtns[i] = widget.NewButtonWithIcon(f.Name()+": muster army", theme.AccountIcon(), func() { s.musterArmy(f) })
		s.setupBox.Add(s.scenBtns[i])
		s.setupBox.Add(s.musterBtns[i])
	}

	s.cardEntry = widget.NewEntry()
	s.cardEntry.SetPlaceHolder("Card title (optional)")
	s.playBtn = widget.NewButtonWithIcon("Play command card", theme.MailSendIcon(), s.playCommandCard)
	s.playBtn.Importance = widget.HighImportance
	s.commandBox = container.NewVBox(s.cardEntry)

	s.nextBtn = widget.NewButtonWithIcon("Next step", theme.MediaSkipNextIcon(), s.nextStep)
	s.nextBtn.Importance = widget.HighImportance

	s.bannerBox = container.NewGridWithColumns(3)
	s.vp = padkit.NewStepper(0, 0, 60, nil)
	s.exchange = padkit.NewStepper(0, 0, 0, nil)
	s.exchBox = container.NewVBox(padkit.StepperRow("Buy VP with lore",
		fmt.Sprintf("Learning scenario: %d lore tokens for each VP.", battlelore.LearningLorePerVP), s.exchange))
	s.scoreBtn = widget.NewButtonWithIcon("Score VP", theme.ConfirmIcon(), s.scoreVP)
	s.scoreBtn.Importance = widget.HighImportance
	s.vpBox = container.NewVBox(
		kit.Field("Banner hexes held", s.bannerBox, "Tap each banner marker your units hold; its value is added.", nil),
		padkit.StepperRow("Victory points", "", s.vp),
		s.exchBox)

	s.drawBtn = widget.NewButtonWithIcon("Draw a command card", theme.ContentAddIcon(), s.drawCard)
	s.drawBtn.Importance = widget.HighImportance

	s.loreBox = container.NewVBox()
	for _, c := range loreChoices {
		id := c.id
		b := widget.NewButton(c.label, func() { s.loreStep(id) })
		b.Importance = widget.HighImportance
		s.loreBtns[id] = b
		s.loreBox.Add(b)
	}
	s.stepBox = container.NewVBox(s.commandBox, s.vpBox)
	s.end = padkit.NewEndPanel(s.env)

	// The step's inputs come first, under the title, and its button stays
	// in view under the scroll; the checklist says where the turn stands.
	s.titleRow = container.NewBorder(nil, nil, nil, container.NewCenter(s.diceBtn), s.panelTitle)
	panel := container.NewPadded(container.NewVBox(s.titleRow, s.panelSub, s.setupBox, s.stepBox, s.end.Box, s.checklist))
	s.foot = container.NewVBox(widget.NewSeparator(), container.NewPadded(container.NewVBox(s.playBtn, s.nextBtn, s.scoreBtn, s.drawBtn, s.loreBox)))
	// The two sides next to each other when there is room.
	s.root, s.side = padkit.StatePad(main, panel, s.foot, s.sidesBox, 2, 1)
	s.Refresh()
}

// buildSide builds one faction's card.
func (s *Screen) buildSide(f battlelore.Faction) *sideCard {
	c := &sideCard{faction: f.ID()}
	c.title = kit.Subheading(f.FullName())
	c.title.Truncation = fyne.TextTruncateEllipsis
	c.status = kit.Wrapped("")
	c.setup = kit.Wrapped("")
	c.counterBox = container.NewGridWithColumns(2)
	for _, id := range battlelore.Counters() {
		id := id
		r := &counterRow{id: id}
		r.value = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
		r.value.SizeName = theme.SizeNameHeadingText
		r.minus = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { s.changeCounter(f, id, -1) })
		r.plus = widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { s.changeCounter(f, id, 1) })
		name := widget.NewLabel(counterLabel(id))
		name.Truncation = fyne.TextTruncateEllipsis
		name.SizeName = theme.SizeNameCaptionText
		r.box = container.NewVBox(name, container.NewBorder(nil, nil,
			kit.WithMinSize(r.minus, kit.MinTouchTarget+8, kit.MinTouchTarget), kit.WithMinSize(r.plus, kit.MinTouchTarget+8, kit.MinTouchTarget), r.value))
		c.counters = append(c.counters, r)
		c.counterBox.Add(r.box)
	}
	c.loreCard = widget.NewButtonWithIcon("Lore card", theme.DocumentIcon(), func() { s.playLoreCard(f) })
	c.concede = widget.NewButtonWithIcon("Concede", theme.CancelIcon(), func() { s.concede(f) })
	c.concede.Importance = widget.DangerImportance
	c.unitsTitle = kit.BoldLabel("")
	c.units = container.NewVBox()
	c.box = kit.Card(c.title, c.status, c.setup, c.counterBox, container.NewGridWithColumns(2, c.loreCard, c.concede), c.unitsTitle, c.units)
	return c
}

// Refresh reads the views and redraws everything.
func (s *Screen) Refresh() {
	bv, allowed, err := padkit.ReadViews(s.env, func(v battlelore.View) []string { return v.Allowed })
	if err != nil {
		s.env.Fail(err)
		return
	}
	s.view, s.allowed = bv, allowed
	s.redrawHeader()
	for i := range s.sides {
		if i < len(bv.Sides) {
			s.redrawSide(s.sides[i], bv.Sides[i])
		}
	}
	s.redrawTurns()
	s.redrawPanel()
	s.root.Refresh()
}

// may reports whether seat may give command cmd now.
func (s *Screen) may(seat console.Seat, cmd string) bool { return s.allowed[seat][cmd] }

// sideOf returns the view of faction f.
func (s *Screen) sideOf(f battlelore.Faction) (battlelore.SideView, bool) {
	for _, sv := range s.view.Sides {
		if sv.Faction == f.ID() {
			return sv, true
		}
	}
	return battlelore.SideView{}, false
}

// seatOf is the seat that plays faction f.
func (s *Screen) seatOf(f battlelore.Faction) console.Seat {
	sv, _ := s.sideOf(f)
	return sv.Seat
}

// activeSeat is the seat whose turn it is; during setup, this tablet's.
func (s *Screen) activeSeat() console.Seat {
	if s.view.ActiveSeat != "" {
		return s.view.ActiveSeat
	}
	return s.env.Seat()
}

// factionName names a faction id: "Daqan".
func factionName(id string) string {
	if f, ok := battlelore.ParseFaction(id); ok {
		return f.Name()
	}
	return id
}

// phaseTitle names a phase for the heading.
func phaseTitle(phase string) string {
	switch phase {
	case battlelore.PhaseMain:
		return "Main phase"
	case battlelore.PhaseUpkeep:
		return "Upkeep phase"
	case battlelore.PhaseSetup:
		return "Setup"
	}
	return "Game over"
}

func (s *Screen) redrawHeader() {
	v := s.view
	switch {
	case v.Finished:
		s.turnLabel.SetText("Game over")
		s.stepLabel.SetText("")
	case v.Phase == battlelore.PhaseSetup:
		s.turnLabel.SetText("Setup")
		s.stepLabel.SetText(v.StepName)
	default:
		s.turnLabel.SetText(fmt.Sprintf("Turn %d \u00b7 %s (%s)", v.Turn, factionName(v.Active), v.ActiveSeat))
		s.stepLabel.SetText(phaseTitle(v.Phase) + " \u00b7 " + v.StepName)
	}
	s.stepLabel.Hidden = s.stepLabel.Text == ""
	p := v.PromptText
	if p != "" {
		p = strings.ToUpper(p[:1]) + p[1:]
	}
	s.prompt.SetText(p + ".")
	// In battle the heading and the checklist say as much.
	s.prompt.Hidden = v.Phase != battlelore.PhaseSetup

	// The win check: what the rules' check says if it were made now.
	switch {
	case v.Finished:
		s.winCheck.SetText(v.Summary + ".")
		s.winCheck.Importance = widget.SuccessImportance
	case v.Phase == battlelore.PhaseSetup || len(v.Sides) < 2:
		s.winCheck.SetText("")
	default:
		d, u := v.Sides[0], v.Sides[1]
		line := fmt.Sprintf("Win check at the start of each %s turn: %d VP and more than the opponent. Now Daqan %d, Uthuk %d",
			factionName(v.FirstPlayer), v.WinVP, d.VP, u.VP)
		if w, ok := battlelore.VPWinner(d.VP, u.VP); ok {
			line += fmt.Sprintf(": %s would win.", w.Name())
			s.winCheck.Importance = widget.WarningImportance
		} else {
			line += ": no winner yet."
			s.winCheck.Importance = widget.MediumImportance
		}
		s.winCheck.SetText(line)
	}
	s.winCheck.Hidden = s.winCheck.Text == ""
	s.winCheck.Refresh()

	if len(v.Banners) == 0 {
		s.bannerText.SetText("")
		s.bannerText.Hide()
	} else {
		var parts []string
		for _, b := range v.Banners {
			t := strconv.Itoa(b.Value) + " VP"
			if b.Scenario != "" {
				t += " (" + factionName(b.Scenario) + " card)"
			}
			parts = append(parts, t)
		}
		s.bannerText.SetText("Banners: " + strings.Join(parts, " \u00b7 "))
		s.bannerText.Show()
	}
}

func (s *Screen) redrawSide(c *sideCard, sv battlelore.SideView) {
	v := s.view
	f, _ := battlelore.ParseFaction(sv.Faction)
	c.title.SetText(sv.FullName + " \u00b7 " + string(sv.Seat))
	var status []string
	switch {
	case sv.Place == 1:
		status = append(status, "winner")
	case sv.Place > 1:
		status = append(status, kit.Ordinal(sv.Place))
	case sv.Active:
		status = append(status, "their turn")
	case v.Phase == battlelore.PhaseSetup:
		status = append(status, "setting up")
	default:
		status = append(status, "waiting")
	}
	if sv.FirstPlayer {
		status = append(status, "first player")
	}
	if sv.LoreCardUsed {
		status = append(status, "lore card used this turn")
	}
	line := strings.Join(status, " \u00b7 ")
	if line != "" {
		line = strings.ToUpper(line[:1]) + line[1:]
	}
	c.status.SetText(line)
	c.status.Hidden = len(status) == 0
	c.status.Importance = widget.MediumImportance
	if sv.Active || sv.Place == 1 {
		c.status.Importance = widget.HighImportance
	}
	c.status.TextStyle.Bold = true
	c.status.Refresh()

	var setup []string
	if v.Phase == battlelore.PhaseSetup {
		switch {
		case sv.Scenario != nil:
			setup = append(setup, "Scenario card: "+scenarioLine(*sv.Scenario))
		case sv.ScenarioChosen:
			setup = append(setup, "Scenario card chosen, hidden until both are in.")
		default:
			setup = append(setup, "Scenario card: not yet entered.")
		}
		if v.Step == battlelore.StepMuster {
			switch {
			case sv.Army != nil:
				setup = append(setup, "Army: "+armyLine(*sv.Army))
			case sv.Mustered:
				setup = append(setup, "Army mustered, hidden until both are in.")
			default:
				setup = append(setup, "Army: not yet mustered.")
			}
		}
	} else if sv.Scenario != nil {
		setup = append(setup, "Scenario card: "+scenarioLine(*sv.Scenario))
	}
	c.setup.SetText(strings.Join(setup, "\n"))
	c.setup.Hidden = len(setup) == 0

	battle := v.Phase == battlelore.PhaseMain || v.Phase == battlelore.PhaseUpkeep
	// The counters mean nothing before the battle.
	c.counterBox.Hidden = v.Phase == battlelore.PhaseSetup
	for _, r := range c.counters {
		n, _ := sv.Counter(r.id)
		r.value.SetText(strconv.Itoa(n))
		canPlus := s.may(sv.Seat, battlelore.CmdAdjust)
		if r.id == battlelore.CounterLoreTokens {
			canPlus = canPlus || s.may(sv.Seat, battlelore.CmdGainLore)
		}
		kit.SetEnabled(r.plus, canPlus)
		kit.SetEnabled(r.minus, s.may(sv.Seat, battlelore.CmdAdjust) && n > 0)
	}
	kit.SetEnabled(c.loreCard, s.may(sv.Seat, battlelore.CmdPlayLoreCard))
	if v.Mode == battlelore.ModeLearning || v.Phase == battlelore.PhaseSetup {
		c.loreCard.Hide()
	} else {
		c.loreCard.Show()
	}
	kit.SetEnabled(c.concede, s.may(sv.Seat, battlelore.CmdConcede))

	if len(sv.Units) == 0 {
		c.unitsTitle.SetText("Units: revealed with both armies")
	} else {
		c.unitsTitle.SetText(fmt.Sprintf("Units: %d in play, %d eliminated", sv.UnitsLeft, sv.UnitsEliminated))
	}
	// The roster, rebuilt when a unit's strength or what may be done
	// with it changes.
	me := s.activeSeat()
	key := fmt.Sprint(sv.Units, battle, me, s.may(me, battlelore.CmdDamage), s.may(me, battlelore.CmdHeal))
	if key == c.rosterKey {
		return
	}
	c.rosterKey = key
	c.rows, c.hits, c.heals = nil, nil, nil
	var rows []fyne.CanvasObject
	for _, u := range sv.Units {
		rows = append(rows, s.unitRow(c, f, u, battle))
	}
	c.units.Objects = rows
	c.units.Refresh()
}

// scenarioLine renders a scenario card: "Crossing (C1), banners 2, 1".
func scenarioLine(sc battlelore.ScenarioView) string {
	t := sc.Initiative
	if sc.Name != "" {
		t = sc.Name + " (" + sc.Initiative + ")"
	}
	if len(sc.Banners) > 0 {
		vals := make([]string, len(sc.Banners))
		for i, b := range sc.Banners {
			vals[i] = strconv.Itoa(b)
		}
		t += ", banners " + strings.Join(vals, ", ")
	}
	return t
}

// armyLine renders an army: "4 Citadel Guard, 3 Yeoman Archers; 3 lore".
func armyLine(a battlelore.Army) string {
	var parts []string
	for _, l := range a.Lines {
		parts = append(parts, fmt.Sprintf("%d %s", l.Count, l.Name))
	}
	if a.CommandTent {
		parts = append(parts, "command tent")
	}
	t := strings.Join(parts, ", ")
	if a.ArmyCardName != "" {
		t = a.ArmyCardName + ": " + t
	}
	return fmt.Sprintf("%s; %d lore", t, a.Lore)
}

// strength renders a unit's strength: figures left as filled and lost as
// open pips ("●●○ weak"), a legend's damage against its health.
func strength(u battlelore.UnitView) string {
	switch {
	case u.Eliminated:
		return "eliminated"
	case u.Legend:
		return fmt.Sprintf("damage %d/%d", u.Damage, u.Health)
	}
	t := strings.Repeat("\u25cf", max(u.Figures, 0)) + strings.Repeat("\u25cb", max(u.Lost, 0))
	if u.Weak {
		t += " weak"
	}
	return t
}

// unitRow is one unit on the roster: its name and strength, − for a hit
// and + to return a figure; a tap opens the unit's dialog.
func (s *Screen) unitRow(c *sideCard, f battlelore.Faction, u battlelore.UnitView, battle bool) fyne.CanvasObject {
	name := kit.BoldLabel(u.Name)
	if u.Legend {
		name.SetText(u.Name + " (legend)")
	}
	str := widget.NewLabelWithStyle(strength(u), fyne.TextAlignTrailing, fyne.TextStyle{Monospace: true, Bold: true})
	if !u.Legend && !u.Eliminated {
		// The pips read better large.
		str.SizeName = theme.SizeNameSubHeadingText
	}
	switch {
	case u.Eliminated:
		str.Importance = widget.LowImportance
		name.Importance = widget.LowImportance
	case u.Weak:
		str.Importance = widget.WarningImportance
	case u.Condition == battlelore.ConditionDamaged:
		str.Importance = widget.HighImportance
	}
	me := s.activeSeat()
	hit := widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { s.changeUnit(u.ID, battlelore.CmdDamage, 1) })
	heal := widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { s.changeUnit(u.ID, battlelore.CmdHeal, 1) })
	kit.SetEnabled(hit, battle && !u.Eliminated && s.may(me, battlelore.CmdDamage))
	kit.SetEnabled(heal, battle && !u.Eliminated && (u.Lost > 0 || u.Damage > 0) && s.may(me, battlelore.CmdHeal))
	buttons := container.NewHBox(str, kit.WithMinSize(hit, kit.MinTouchTarget+4, kit.MinTouchTarget), kit.WithMinSize(heal, kit.MinTouchTarget+4, kit.MinTouchTarget))
	row := padkit.NewTapRow(u.Name, container.NewBorder(nil, nil, nil, buttons, name), func() { s.openUnit(f, u.ID) })
	row.Dim = u.Eliminated
	c.rows = append(c.rows, row)
	c.hits = append(c.hits, hit)
	c.heals = append(c.heals, heal)
	return row
}

// redrawTurns fills the turns grid, newest first.
func (s *Screen) redrawTurns() {
	v := s.view
	if len(v.Turns) == 0 {
		s.turnsBox.Hide()
		return
	}
	s.turnsBox.Show()
	if key := fmt.Sprint(v.Turns); key == s.turnsKey {
		return
	} else {
		s.turnsKey = key
	}
	head := []fyne.CanvasObject{padkit.CompactCell(padkit.CellLabel, "Turn")}
	for _, h := range []string{"Side", "Card", "VP", "Lore"} {
		head = append(head, padkit.CompactCell(padkit.CellPlayer, h))
	}
	s.turnsHead.Objects = head
	var body []fyne.CanvasObject
	for i := len(v.Turns) - 1; i >= 0; i-- {
		t := v.Turns[i]
		label := padkit.CompactCell(padkit.CellRound, "Turn "+strconv.Itoa(t.Turn))
		label.Current = t.Current
		card := "\u2013"
		if t.CardPlayed {
			card = "played"
			if t.CommandCard != "" {
				card = t.CommandCard
			}
		}
		vp := "\u2013"
		if t.VPScored {
			vp = strconv.Itoa(t.VP + t.Exchanged)
		}
		lore := "\u2013"
		for _, c := range loreChoices {
			if c.id == t.LoreChoice {
				lore = c.label
			}
		}
		row := []fyne.CanvasObject{label}
		for _, text := range []string{factionName(t.Faction), card, vp, lore} {
			c := padkit.CompactCell(padkit.CellScore, text)
			c.Current = t.Current
			row = append(row, c)
		}
		body = append(body, row...)
	}
	s.turnsBody.Objects = body
	s.turnsHead.Refresh()
	s.turnsBody.Refresh()
}

// checkIcon is the icon of a checklist item's state.
func checkIcon(state string) fyne.Resource {
	switch state {
	case battlelore.ItemDone:
		return theme.ConfirmIcon()
	case battlelore.ItemCurrent:
		return theme.NavigateNextIcon()
	case battlelore.ItemSkipped:
		return theme.ContentRemoveIcon()
	}
	return theme.RadioButtonIcon()
}

func (s *Screen) redrawPanel() {
	v := s.view
	setup := v.Phase == battlelore.PhaseSetup
	kit.ShowIf(s.titleRow, !v.Finished)
	kit.ShowIf(s.foot, !setup && !v.Finished)
	kit.ShowIf(s.panelSub, !v.Finished)
	kit.ShowIf(s.checklist, !v.Finished)
	kit.ShowIf(s.setupBox, setup && !v.Finished)
	kit.ShowIf(s.stepBox, !setup && !v.Finished)
	kit.ShowIf(s.end.Box, v.Finished)
	if v.Finished {
		s.end.Set(v.Summary+".", v.Placements)
		s.side.Refresh()
		return
	}
	if setup {
		s.panelTitle.SetText("Setup")
		s.panelSub.SetText(v.StepName + ": each player enters their choice in turn while the other looks away. It stays hidden until both are in.")
	} else {
		s.panelTitle.SetText(fmt.Sprintf("Turn %d \u00b7 %s", v.Turn, factionName(v.Active)))
		s.panelSub.SetText(fmt.Sprintf("%s (%s) \u00b7 %s", phaseTitle(v.Phase), v.ActiveSeat, v.StepName))
	}

	// The checklist, grouped by phase; rebuilt when it changes.
	if key := fmt.Sprint(v.Checklist); key != s.checkKey {
		s.checkKey = key
		s.redrawChecklist(setup)
	}
	s.redrawSetupOrStep(setup)
	s.side.Refresh()
}

// redrawChecklist rebuilds the checklist.
func (s *Screen) redrawChecklist(setup bool) {
	v := s.view
	var items []fyne.CanvasObject
	group := ""
	for _, it := range v.Checklist {
		if it.Phase != group && !setup {
			group = it.Phase
			items = append(items, kit.BoldLabel(phaseTitle(group)))
		}
		l := widget.NewLabel(it.Label)
		l.Wrapping = fyne.TextWrapWord
		switch it.State {
		case battlelore.ItemCurrent:
			l.TextStyle.Bold = true
			l.Importance = widget.HighImportance
		case battlelore.ItemDone, battlelore.ItemSkipped:
			l.Importance = widget.LowImportance
		}
		if it.State == battlelore.ItemSkipped {
			l.Text += " (skipped)"
		}
		items = append(items, container.NewBorder(nil, nil, widget.NewIcon(checkIcon(it.State)), nil, l))
	}
	s.checklist.Objects = items
	s.checklist.Refresh()
}

// redrawSetupOrStep enables the setup's buttons or the current step's.
func (s *Screen) redrawSetupOrStep(setup bool) {
	v := s.view
	if setup {
		for i, f := range battlelore.Factions {
			sv, _ := s.sideOf(f)
			seat := sv.Seat
			kit.ShowIf(s.scenBtns[i], v.Step == battlelore.StepScenario)
			kit.ShowIf(s.musterBtns[i], v.Step == battlelore.StepMuster)
			kit.SetEnabled(s.scenBtns[i], s.may(seat, battlelore.CmdScenario) && !sv.ScenarioChosen)
			kit.SetEnabled(s.musterBtns[i], (s.may(seat, battlelore.CmdMuster) || s.may(seat, battlelore.CmdArmyCard)) && !sv.Mustered)
			s.scenBtns[i].SetText(fmt.Sprintf("%s (%s): scenario card", f.Name(), seat))
			s.musterBtns[i].SetText(fmt.Sprintf("%s (%s): muster army", f.Name(), seat))
		}
		return
	}
	s.redrawStep()
}

// stepAfter names the step that follows step in a turn.
func (s *Screen) stepAfter(step string) string {
	for i, it := range s.view.Checklist {
		if it.Step == step && i+1 < len(s.view.Checklist) {
			return battlelore.StepName(s.view.Checklist[i+1].Step)
		}
	}
	return "next step"
}

// redrawStep shows the current step's controls, enabled for the active
// seat.
func (s *Screen) redrawStep() {
	v := s.view
	me := s.activeSeat()
	kit.ShowIf(s.commandBox, v.Step == battlelore.StepCommand)
	kit.ShowIf(s.playBtn, v.Step == battlelore.StepCommand)
	kit.ShowIf(s.nextBtn, v.Step == battlelore.StepOrder || v.Step == battlelore.StepMove || v.Step == battlelore.StepAttack)
	kit.ShowIf(s.vpBox, v.Step == battlelore.StepVP)
	kit.ShowIf(s.scoreBtn, v.Step == battlelore.StepVP)
	kit.ShowIf(s.drawBtn, v.Step == battlelore.StepDraw)
	kit.ShowIf(s.loreBox, v.Step == battlelore.StepLore)

	key := fmt.Sprintf("%d/%s", v.Turn, v.Step)
	fresh := key != s.stepKey
	s.stepKey = key
	switch v.Step {
	case battlelore.StepCommand:
		if fresh {
			s.cardEntry.SetText("")
		}
		kit.SetEnabled(s.playBtn, s.may(me, battlelore.CmdPlayCommandCard))
	case battlelore.StepOrder, battlelore.StepMove, battlelore.StepAttack:
		s.nextBtn.SetText(fmt.Sprintf("%s done: %s", battlelore.StepName(v.Step), s.stepAfter(v.Step)))
		kit.SetEnabled(s.nextBtn, s.may(me, battlelore.CmdNextStep))
	case battlelore.StepVP:
		if fresh {
			s.bannerOn = make([]bool, len(v.Banners))
			s.bannerBtns = nil
			var btns []fyne.CanvasObject
			for i, b := range v.Banners {
				i, val := i, b.Value
				bt := widget.NewButton(fmt.Sprintf("%d VP", val), nil)
				bt.OnTapped = func() { s.toggleBanner(i, val) }
				s.bannerBtns = append(s.bannerBtns, bt)
				btns = append(btns, bt)
			}
			s.bannerBox.Objects = btns
			s.bannerBox.Refresh()
			s.vp.Set(0)
			s.exchange.Set(0)
		}
		active, _ := s.sideOf(s.activeFaction())
		s.exchange.SetMax(active.LoreTokens / battlelore.LearningLorePerVP)
		kit.ShowIf(s.exchBox, v.Mode == battlelore.ModeLearning)
		kit.SetEnabled(s.scoreBtn, s.may(me, battlelore.CmdScoreVP))
	case battlelore.StepDraw:
		kit.SetEnabled(s.drawBtn, s.may(me, battlelore.CmdDrawCommandCard))
	case battlelore.StepLore:
		for _, b := range s.loreBtns {
			kit.SetEnabled(b, s.may(me, battlelore.CmdLoreStep))
		}
	}
}

// activeFaction is the faction whose turn it is.
func (s *Screen) activeFaction() battlelore.Faction {
	f, _ := battlelore.ParseFaction(s.view.Active)
	return f
}

// toggleBanner marks banner i as held (or not) and adds (or takes away)
// its value.
func (s *Screen) toggleBanner(i, value int) {
	if i >= len(s.bannerOn) {
		return
	}
	s.bannerOn[i] = !s.bannerOn[i]
	if s.bannerOn[i] {
		s.vp.Set(s.vp.Value() + value)
		s.bannerBtns[i].Importance = widget.HighImportance
	} else {
		s.vp.Set(s.vp.Value() - value)
		s.bannerBtns[i].Importance = widget.MediumImportance
	}
	s.bannerBtns[i].Refresh()
}

// playCommandCard plays the command card of the Command step.
func (s *Screen) playCommandCard() {
	args := map[string]any{}
	if c := strings.TrimSpace(s.cardEntry.Text); c != "" {
		args["card"] = c
	}
	s.env.DoAs(s.activeSeat(), battlelore.CmdPlayCommandCard, args)
}

// nextStep finishes the Order, Move or Attack step.
func (s *Screen) nextStep() { s.env.DoAs(s.activeSeat(), battlelore.CmdNextStep, nil) }

// scoreVP enters the VP step's victory points.
func (s *Screen) scoreVP() {
	args := map[string]any{"vp": s.vp.Value()}
	if s.view.Mode == battlelore.ModeLearning && s.exchange.Value() > 0 {
		args["exchange"] = s.exchange.Value()
	}
	s.env.DoAs(s.activeSeat(), battlelore.CmdScoreVP, args)
}

// drawCard draws the Draw step's command card.
func (s *Screen) drawCard() { s.env.DoAs(s.activeSeat(), battlelore.CmdDrawCommandCard, nil) }

// loreStep makes the Lore step's choice.
func (s *Screen) loreStep(choice string) {
	s.env.DoAs(s.activeSeat(), battlelore.CmdLoreStep, map[string]any{"choice": choice})
}

// changeCounter changes one of faction f's counters by ±1: lore tokens
// gained come from the supply (gain-lore), anything else is an
// adjustment in the history.
func (s *Screen) changeCounter(f battlelore.Faction, id string, by int) {
	seat := s.seatOf(f)
	if id == battlelore.CounterLoreTokens && by > 0 && s.may(seat, battlelore.CmdGainLore) {
		s.env.DoAs(seat, battlelore.CmdGainLore, map[string]any{"amount": by})
		return
	}
	s.env.DoAs(seat, battlelore.CmdAdjust, map[string]any{"side": f.ID(), "counter": id, "by": by})
}

// changeUnit damages or heals a unit by amount, as the active seat (the
// attacker usually removes the figures it hit).
func (s *Screen) changeUnit(unit, cmd string, amount int) bool {
	return s.env.DoAs(s.activeSeat(), cmd, map[string]any{"unit": unit, "amount": amount})
}

// findUnit returns the view of a unit.
func (s *Screen) findUnit(f battlelore.Faction, id string) (battlelore.UnitView, bool) {
	sv, _ := s.sideOf(f)
	for _, u := range sv.Units {
		if u.ID == id {
			return u, true
		}
	}
	return battlelore.UnitView{}, false
}

// openUnit opens the dialog that changes one unit: damage or heal by an
// amount, or correct its health to the unit reference card.
func (s *Screen) openUnit(f battlelore.Faction, id string) {
	u, ok := s.findUnit(f, id)
	if !ok {
		return
	}
	me := s.activeSeat()
	ud := &unitDialog{unit: id, problem: kit.Wrapped("")}
	ud.problem.Importance = widget.DangerImportance
	ud.problem.Hide()
	state := kit.Wrapped("")
	describe := func(u battlelore.UnitView) {
		var t string
		switch {
		case u.Eliminated:
			t = "Eliminated: out of the game."
		case u.Legend:
			t = fmt.Sprintf("Legend: %d damage tokens of %d health. A legend is never weak.", u.Damage, u.Health)
		default:
			t = fmt.Sprintf("%d of %d figures left.", u.Figures, u.Health)
			if u.Weak {
				t += " Weak: it causes no damage with cleave results."
			}
		}
		if len(u.Traits) > 0 {
			t += " " + strings.Join(u.Traits, ", ") + "."
		}
		state.SetText(t)
	}
	describe(u)
	ud.amount = padkit.NewStepper(1, 1, max(u.Health, 1), nil)
	ud.health = padkit.NewStepper(u.Health, 1, 20, nil)
	run := func(cmd string, args map[string]any) {
		err := s.env.TryAs(me, cmd, args)
		if err != nil {
			msg := kit.ErrorText(err)
			ud.problem.SetText(msg)
			ud.problem.Show()
			return
		}
		ud.problem.Hide()
		if nu, ok := s.findUnit(f, id); ok {
			describe(nu)
			ud.health.Set(nu.Health)
		}
	}
	what := "Figures"
	if u.Legend {
		what = "Damage tokens"
	}
	damage := widget.NewButtonWithIcon("Damage", theme.ContentRemoveIcon(), func() {
		run(battlelore.CmdDamage, map[string]any{"unit": id, "amount": ud.amount.Value()})
	})
	damage.Importance = widget.DangerImportance
	heal := widget.NewButtonWithIcon("Heal", theme.ContentAddIcon(), func() {
		run(battlelore.CmdHeal, map[string]any{"unit": id, "amount": ud.amount.Value()})
	})
	setHealth := widget.NewButtonWithIcon("Set health", theme.DocumentCreateIcon(), func() {
		run(battlelore.CmdSetHealth, map[string]any{"unit": id, "health": ud.health.Value()})
	})
	battle := s.view.Phase == battlelore.PhaseMain || s.view.Phase == battlelore.PhaseUpkeep
	kit.SetEnabled(damage, battle && s.may(me, battlelore.CmdDamage))
	kit.SetEnabled(heal, battle && s.may(me, battlelore.CmdHeal))
	kit.SetEnabled(setHealth, battle && s.may(me, battlelore.CmdSetHealth))
	body := container.NewVBox(state,
		kit.Field(what, ud.amount.Box, "", nil),
		container.NewGridWithColumns(2, damage, heal),
		kit.Field("Health", ud.health.Box, "As printed on the unit reference card (the pad estimates some units).", nil),
		setHealth, ud.problem)
	ud.d = dialog.NewCustom(fmt.Sprintf("%s (%s)", u.Name, f.Name()), "Close", container.NewVScroll(body), s.env.Window())
	padkit.FitDialog(ud.d, s.env.Window(), 520, body)
	s.unitDlg = ud
	ud.d.Show()
}

// playLoreCard opens the lore card form for faction f.
func (s *Screen) playLoreCard(f battlelore.Faction) {
	sv, _ := s.sideOf(f)
	cost := padkit.NewStepper(0, 0, sv.LoreTokens, nil)
	name := widget.NewEntry()
	name.SetPlaceHolder("Card title (optional)")
	body := container.NewVBox(
		kit.Field("Lore cost", cost.Box, fmt.Sprintf("%s has %d lore tokens. One lore card per player per turn.", f.Name(), sv.LoreTokens), nil),
		kit.Field("Card", name, "", nil))
	s.form = padkit.ShowForm(s.env.Window(), f.Name()+": use a lore card", "Use card", body, func() error {
		args := map[string]any{"cost": cost.Value()}
		if n := strings.TrimSpace(name.Text); n != "" {
			args["card"] = n
		}
		return s.env.TryAs(sv.Seat, battlelore.CmdPlayLoreCard, args)
	})
}

// concede asks before faction f concedes.
func (s *Screen) concede(f battlelore.Faction) {
	seat := s.seatOf(f)
	s.env.Confirm("Concede?", fmt.Sprintf("%s (%s) concedes the battle: %s wins. Undo can take it back.", f.Name(), seat, f.Other().Name()),
		"Concede", func() { s.env.DoAs(seat, battlelore.CmdConcede, nil) })
}

// enterScenario opens the scenario card form of faction f.
func (s *Screen) enterScenario(f battlelore.Faction) {
	seat := s.seatOf(f)
	sf := &scenarioForm{}
	sf.letter = widget.NewSelect(battlelore.InitiativeLetters(), nil)
	sf.letter.SetSelected("A")
	sf.number = padkit.NewStepper(1, 1, 99, nil)
	sf.name = widget.NewEntry()
	sf.name.SetPlaceHolder("Scenario title (optional)")
	sf.banners = widget.NewEntry()
	sf.banners.SetPlaceHolder("2,1")
	s.scenForm = sf
	body := container.NewVBox(
		kit.Wrapped(fmt.Sprintf("%s (%s) enters the scenario card they reveal; %s looks away.", f.Name(), seat, f.Other().Name())),
		kit.Field("Initiative letter", sf.letter, "", nil),
		kit.Field("Initiative number", sf.number.Box, "The first player has the earlier letter, then the lower number; a tie is drawn at random.", nil),
		kit.Field("Title", sf.name, "", nil),
		kit.Field("Banner values", sf.banners, "The values of the card's banner markers, separated by commas; empty for none.", nil),
	)
	s.form = padkit.ShowForm(s.env.Window(), f.Name()+": scenario card", "Enter card", body, func() error {
		args := map[string]any{"letter": sf.letter.Selected, "number": sf.number.Value()}
		if n := strings.TrimSpace(sf.name.Text); n != "" {
			args["name"] = n
		}
		if b := strings.TrimSpace(sf.banners.Text); b != "" {
			args["banners"] = b
		}
		return s.env.TryAs(seat, battlelore.CmdScenario, args)
	})
}

// musterArmy opens the muster calculator of faction f: deployment cards
// per unit type and the command tent, priced live by the rules' own
// calculator; or one of the faction's army cards.
func (s *Screen) musterArmy(f battlelore.Faction) {
	ref := s.view.Muster
	if ref == nil {
		return
	}
	m := &musterForm{faction: f, seat: s.seatOf(f), counts: map[string]*padkit.Stepper{}}
	m.result = kit.Wrapped("")
	m.result.TextStyle.Bold = true
	update := func() {
		counts := map[string]int{}
		for id, st := range m.counts {
			if st.Value() > 0 {
				counts[id] = st.Value()
			}
		}
		a, err := battlelore.MusterArmy(f, counts, m.tent.Selected() == "yes")
		if err != nil {
			msg := kit.ErrorText(err)
			m.result.SetText(msg)
			m.result.Importance = widget.DangerImportance
		} else {
			m.result.SetText(fmt.Sprintf("%d of %d muster points \u00b7 %d cards + %d decoys = %d \u00b7 %d lore tokens",
				a.Total, a.Limit, a.Cards, a.Decoys, a.Cards+a.Decoys, a.Lore))
			m.result.Importance = widget.SuccessImportance
		}
		m.result.Refresh()
	}
	units := container.NewVBox()
	for _, t := range ref.UnitTypes {
		if t.Faction != f.ID() {
			continue
		}
		id := t.ID
		st := padkit.NewStepper(0, 0, t.Cards, func(int) { update() })
		m.counts[id] = st
		doc := fmt.Sprintf("%d muster points each, at most %d; health %d", t.Cost, t.Cards, t.Health)
		if t.Legend {
			doc += ", legend"
		}
		if t.Estimated {
			doc += " (estimated: check the unit card)"
		}
		units.Add(padkit.StepperRow(t.Name, doc, st))
	}
	m.tent = padkit.NewChoice([]string{"no", "yes"}, []string{"No tent", "Command tent"}, 2, "no", func(string) { update() })
	cards := container.NewVBox()
	for _, c := range ref.ArmyCards {
		if c.Faction != f.ID() {
			continue
		}
		id := c.ID
		var lines []string
		for _, l := range c.Units {
			lines = append(lines, fmt.Sprintf("%d %s", l.Count, l.Name))
		}
		b := widget.NewButton(fmt.Sprintf("%s \u00b7 %d lore", c.Name, c.Lore), nil)
		b.OnTapped = func() {
			if err := s.env.TryAs(m.seat, battlelore.CmdArmyCard, map[string]any{"army": id}); err == nil {
				s.form.Dialog.Hide()
			} else {
				s.form.Problem.SetText(kit.ErrorText(err))
				s.form.Problem.Show()
			}
		}
		m.cards = append(m.cards, b)
		cards.Add(b)
		cards.Add(kit.Caption(strings.Join(lines, ", ")))
	}
	update()
	s.muster = m
	body := container.NewVBox(
		kit.Wrapped(fmt.Sprintf("%s (%s) musters in secret: %d muster points (+%d with the command tent), exactly %d deployment cards with decoys, a lore token per unspent point up to %d.",
			f.Name(), m.seat, ref.Limit, ref.TentBonus, ref.Cards, ref.MaxLore)),
		units, kit.Field("Command tent", m.tent.Box, "", nil),
		kit.Subheading("Or take an army card"), cards,
	)
	// The running total stays in view under the scrolling unit list.
	s.form = padkit.ShowFormFoot(s.env.Window(), f.Name()+": muster an army", "Muster", body, container.NewPadded(m.result), func() error {
		args := map[string]any{}
		for id, st := range m.counts {
			if st.Value() > 0 {
				args[id] = st.Value()
			}
		}
		if m.tent.Selected() == "yes" {
			args["command-tent"] = true
		}
		return s.env.TryAs(m.seat, battlelore.CmdMuster, args)
	})
}

// showDice shows the combat die's faces and what each does.
func (s *Screen) showDice() {
	rows := container.NewVBox()
	for _, d := range s.view.Dice {
		glyph := widget.NewLabelWithStyle(d.Glyph, fyne.TextAlignCenter, fyne.TextStyle{Monospace: true, Bold: true})
		glyph.SizeName = theme.SizeNameHeadingText
		name := kit.BoldLabel(fmt.Sprintf("%s \u00b7 %s", d.Name, d.Attack))
		rows.Add(container.NewBorder(nil, nil, kit.WithMinSize(glyph, 48, 0), nil, container.NewVBox(name, kit.Wrapped(d.Effect))))
	}
	if s.view.DiceNote != "" {
		rows.Add(kit.Caption(s.view.DiceNote))
	}
	s.diceDlg = dialog.NewCustom("Dice faces", "Close", container.NewVScroll(rows), s.env.Window())
	padkit.FitDialog(s.diceDlg, s.env.Window(), 640, rows)
	s.diceDlg.Show()
}
