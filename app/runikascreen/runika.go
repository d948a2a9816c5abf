package runikascreen

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
	"github.com/commandconsole/commandconsole/games/runika"
)

// Screen is the state pad of a Runika table, one tablet passed round
// (a hot seat: Runika hides nothing). The main area shows the round and
// phase, the initiative holder and the dice to draw, the turn order with
// the current player highlighted, the rules' "Next:" hint, the four spell
// masters (slot full or empty this round, influence tokens, mastery rune),
// the decks and the score grid (rune, merit and points tokens, total,
// leaders marked). The panel holds large buttons for what the acting
// player may do now, enabled from the view's Allowed: choose characters
// and start; end the draft; influence, claim a rune or a mastery rune,
// gain tokens, end the turn (with the merit card's value when due); and
// the placements once the game is over.
type Screen struct {
	env  *play.Env
	root fyne.CanvasObject
	// view is the table as everyone sees it; allowed[seat] are the
	// commands each seat may give now.
	view    runika.View
	allowed map[console.Seat]map[string]bool

	// The main area.
	roundLabel *widget.Label
	initLabel  *widget.Label
	nextLabel  *widget.Label
	lastRound  *kit.Banner
	orderBox   *fyne.Container
	order      *fyne.Container
	masters    *fyne.Container
	masterCard [4]*masterCard
	decks      *widget.Label
	header     *fyne.Container
	body       *fyne.Container
	totals     *fyne.Container

	// The panel.
	panelTitle  *widget.Label
	panelSub    *widget.Label
	setupBox    *fyne.Container
	charBox     *fyne.Container
	charBtns    []*widget.Button
	initNote    *widget.Label
	startBtn    *widget.Button
	draftBox    *fyne.Container
	draftNote   *widget.Label
	endDraftBtn *widget.Button
	turnBox     *fyne.Container
	thisTurn    *widget.Label
	influence   [4]*widget.Button
	runeBtn     *widget.Button
	masteryBtn  *widget.Button
	tokenBtns   []*widget.Button
	tokenArea   *fyne.Container
	endArea     *fyne.Container
	endNote     *widget.Label
	endTurnBtn  *widget.Button
	meritBox    *fyne.Container
	meritBtns   []*widget.Button
	correctBtn  *widget.Button
	correctSep  *widget.Separator
	end         *padkit.EndPanel
	side        *container.Scroll
	foot        *fyne.Container

	// The forms open now, for tests to fill in.
	form        *padkit.FormDialog
	runeForm    *runeForm
	masteryForm *masteryForm
	charEntry   *widget.Entry
}

// masterCard shows one spell master and the mastery rune of its element.
type masterCard struct {
	box                          *fyne.Container
	title, slot, tokens, mastery *widget.Label
}

// runeForm is the claim-rune form.
type runeForm struct {
	name           *widget.Entry
	kind, element  *padkit.Choice
	elementBox     fyne.CanvasObject
	points, tokens *padkit.Stepper
	drawn          *padkit.Stepper
	drawnBox       fyne.CanvasObject
	player         console.Seat
}

// masteryForm is the claim-mastery form.
type masteryForm struct {
	element        *padkit.Choice
	name           *widget.Entry
	nameBox        fyne.CanvasObject
	points, tokens *padkit.Stepper
	pointsBox      fyne.CanvasObject
	worth          *widget.Label
	player         console.Seat
}

// tokenSteps are the quick points-token buttons.
var tokenSteps = []int{1, 2, 3, 5}

// New builds Runika's screen for the game in env; the app registers it for
// the Runika system.
func New(env *play.Env) play.Screen {
	s := &Screen{env: env}
	s.build()
	return s
}

// Content is the screen's widget tree.
func (s *Screen) Content() fyne.CanvasObject { return s.root }

// HotSeat marks the screen as played by every seat on one tablet.
func (s *Screen) HotSeat() {}

func (s *Screen) build() {
	// The main area.
	s.roundLabel = kit.Subheading("")
	s.roundLabel.Wrapping = fyne.TextWrapWord // a phone at the largest text
	s.initLabel = kit.Wrapped("")
	s.initLabel.TextStyle.Bold = true
	s.nextLabel = kit.Wrapped("")
	s.lastRound = kit.NewBanner()
	s.lastRound.Warning = true
	s.order = kit.NewGridColumns(1)
	s.orderBox = container.NewVBox(kit.BoldLabel("Turn order"), s.order)
	s.masters = kit.NewGridColumns(4)
	for i, m := range runika.Masters() {
		c := &masterCard{title: kit.BoldLabel(kit.UpperFirst(m.Element) + " \u00b7 " + m.Name), slot: widget.NewLabel(""),
			tokens: kit.Wrapped(""), mastery: kit.Wrapped("")}
		c.slot.TextStyle.Bold = true
		c.slot.Truncation = fyne.TextTruncateEllipsis
		c.mastery.SizeName = theme.SizeNameCaptionText
		c.box = kit.Card(c.title, c.slot, c.tokens, c.mastery)
		s.masterCard[i] = c
		s.masters.Add(c.box)
	}
	s.decks = kit.Wrapped("")
	s.decks.TextStyle.Bold = true
	s.header = container.New(&kit.PadGridLayout{Cols: 1})
	s.body = container.New(&kit.PadGridLayout{Cols: 1})
	s.totals = container.New(&kit.PadGridLayout{Cols: 1})
	// No sideways scroll: four players fit a phone, and a scroll inside
	// the page's would swallow the vertical swipes over the grid.
	grid := container.NewVBox(s.header, s.body, s.totals)
	main := container.NewVBox(
		s.roundLabel, s.initLabel, s.nextLabel, s.lastRound, s.orderBox,
		kit.Subheading("Score"), grid,
		kit.Subheading("Spell masters"), s.masters,
		kit.Subheading("Decks"), s.decks,
	)

	// The panel.
	s.panelTitle = kit.Heading("")
	s.panelTitle.Truncation = fyne.TextTruncateEllipsis
	s.panelSub = kit.Wrapped("")

	s.charBox = container.NewVBox()
	for _, seat := range s.env.Seats() {
		seat := seat
		b := widget.NewButtonWithIcon("", theme.AccountIcon(), func() { s.chooseCharacter(seat) })
		b.Alignment = widget.ButtonAlignLeading
		s.charBtns = append(s.charBtns, b)
		s.charBox.Add(b)
	}
	s.initNote = kit.Wrapped("")
	s.startBtn = widget.NewButtonWithIcon("Start game", theme.MediaPlayIcon(), s.start)
	s.startBtn.Importance = widget.HighImportance
	s.setupBox = container.NewVBox(kit.Subheading("Characters"), s.charBox, s.initNote)

	s.draftNote = kit.Wrapped("")
	s.endDraftBtn = widget.NewButtonWithIcon("End draft", theme.MediaSkipNextIcon(), s.endDraft)
	s.endDraftBtn.Importance = widget.HighImportance
	s.draftBox = container.NewVBox(s.draftNote)

	s.thisTurn = kit.Wrapped("")
	infl := kit.NewFitGrid(2)
	for i, m := range runika.Masters() {
		el := m.Element
		b := widget.NewButton(kit.UpperFirst(el)+" \u00b7 "+m.Name, func() { s.influenceMaster(el) })
		s.influence[i] = b
		infl.Add(b)
	}
	s.runeBtn = widget.NewButtonWithIcon("Claim rune", theme.ContentAddIcon(), s.claimRune)
	s.masteryBtn = widget.NewButtonWithIcon("Claim mastery", theme.ContentAddIcon(), s.claimMastery)
	tokens, tokenBtns := padkit.StepButtons(tokenSteps, s.gainTokens)
	s.tokenBtns = tokenBtns
	s.endNote = kit.Wrapped("")
	s.endTurnBtn = widget.NewButtonWithIcon("End turn", theme.MediaSkipNextIcon(), func() { s.endTurn(0) })
	s.endTurnBtn.Importance = widget.HighImportance
	// The merit buttons say only the value, under one label: three of
	// them fit a phone at the largest text in a fixed grid (the foot's
	// height must not depend on its width, see build).
	meritGrid := container.NewGridWithColumns(runika.MaxMerit - runika.MinMerit + 1)
	for m := runika.MinMerit; m <= runika.MaxMerit; m++ {
		m := m
		b := widget.NewButton(strconv.Itoa(m), func() { s.endTurn(m) })
		b.Importance = widget.HighImportance
		s.meritBtns = append(s.meritBtns, b)
		meritGrid.Add(b)
	}
	s.meritBox = container.NewVBox(kit.BoldLabel("Merit card's value"), meritGrid)
	s.turnBox = container.NewVBox(
		s.thisTurn, s.endNote,
		kit.BoldLabel("Influence a spell master"), infl,
		kit.BoldLabel("Claim a rune card"), kit.NewFitGrid(2, s.runeBtn, s.masteryBtn),
	)
	// The points-token buttons are tapped several times a turn: they
	// live in the fixed foot, at its very bottom, so no scroll and no
	// change of the texts above them (the note, the merit buttons) moves
	// them from under the finger.
	s.tokenArea = container.NewVBox(kit.BoldLabel("Gain points tokens"), tokens)
	// The foot holds buttons and one-line labels only: its height does not
	// depend on its width, so the first layout (which measures the foot
	// before giving it its width) already puts it whole on the screen.
	s.endArea = container.NewVBox(s.endTurnBtn, s.meritBox, s.tokenArea)
	s.end = padkit.NewEndPanel(s.env)
	s.correctBtn = widget.NewButtonWithIcon("Correct a deck", theme.DocumentCreateIcon(), s.correctDeck)
	s.correctBtn.Importance = widget.LowImportance

	s.correctSep = widget.NewSeparator()
	panel := container.NewPadded(container.NewVBox(s.panelTitle, s.panelSub, s.setupBox, s.draftBox, s.turnBox, s.end.Box,
		s.correctSep, s.correctBtn))
	// The phase's main action stays in view under the panel's scroll.
	s.foot = container.NewVBox(widget.NewSeparator(), container.NewPadded(container.NewVBox(s.startBtn, s.endDraftBtn, s.endArea)))
	// Four spell masters in a row on a tablet, two on a phone.
	s.root, s.side = padkit.StatePad(main, panel, s.foot, s.masters, 4, 2)
	s.Refresh()
}

// Refresh reads the views and redraws everything.
func (s *Screen) Refresh() {
	rv, allowed, err := padkit.ReadViews(s.env, func(v runika.View) []string { return v.Allowed })
	if err != nil {
		s.env.Fail(err)
		return
	}
	s.view, s.allowed = rv, allowed
	s.redrawStatus()
	s.redrawMasters()
	s.redrawGrid()
	s.redrawPanel()
	s.root.Refresh()
}

// may reports whether seat may give command cmd now.
func (s *Screen) may(seat console.Seat, cmd string) bool { return s.allowed[seat][cmd] }

// acting is the seat whose move it is: the current player, the initiative
// holder in the draft, else this tablet's seat.
func (s *Screen) acting() console.Seat {
	switch {
	case s.view.Current != "":
		return s.view.Current
	case s.view.Phase == runika.PhaseDraft && s.view.Initiative != "":
		return s.view.Initiative
	}
	return s.env.Seat()
}

// player returns the view of seat's player.
func (s *Screen) player(seat console.Seat) (runika.PlayerView, bool) {
	for _, p := range s.view.Players {
		if p.Seat == seat {
			return p, true
		}
	}
	return runika.PlayerView{}, false
}

// who names a player with their character: "bob (Diego)".
func (s *Screen) who(seat console.Seat) string {
	if p, ok := s.player(seat); ok && p.Character != "" {
		return fmt.Sprintf("%s (%s)", p.Name, p.Character)
	}
	return string(seat)
}

// phaseName names a phase for the heading.
func phaseName(phase string) string {
	switch phase {
	case runika.PhaseSetup:
		return "setup"
	case runika.PhaseDraft:
		return "draft"
	case runika.PhaseTurns:
		return "player turns"
	}
	return "over"
}

func (s *Screen) redrawStatus() {
	v := s.view
	switch v.Phase {
	case runika.PhaseSetup:
		s.roundLabel.SetText("Setup")
		switch {
		case v.InitiativeOption != "":
			s.initLabel.SetText(fmt.Sprintf("Initiative: %s takes the token at the start. %d dice a round (4 per player).", v.InitiativeOption, v.DiceToDraw))
		default:
			s.initLabel.SetText(fmt.Sprintf("Initiative: drawn at random at the start. %d dice a round (4 per player).", v.DiceToDraw))
		}
	case runika.PhaseOver:
		s.roundLabel.SetText(fmt.Sprintf("Game over after round %d", v.Round))
		s.initLabel.SetText("")
	default:
		s.roundLabel.SetText(fmt.Sprintf("Round %d \u00b7 %s", v.Round, phaseName(v.Phase)))
		s.initLabel.SetText(fmt.Sprintf("Initiative: %s \u00b7 draws %d dice (4 per player)", s.who(v.Initiative), v.DiceToDraw))
	}
	s.nextLabel.SetText("Next: " + v.NextText)
	s.nextLabel.Hidden = v.Finished
	s.initLabel.Hidden = v.Finished
	if v.LastRound {
		s.lastRound.Set("Last round: the game ends when this round does, because " + s.view.EndReasonWords() + ".")
	} else {
		s.lastRound.Set("")
	}

	// The turn order, the current player (or the drafting initiative
	// holder) highlighted, those who have played ticked.
	if len(v.TurnOrder) == 0 {
		s.orderBox.Hide()
	} else {
		s.orderBox.Show()
		s.order.Layout = kit.NewGridColumns(len(v.TurnOrder)).Layout
		var cells []fyne.CanvasObject
		for i, seat := range v.TurnOrder {
			p, _ := s.player(seat)
			text := fmt.Sprintf("%d %s", i+1, p.Name)
			if p.Played {
				text += " \u2713"
			}
			c := padkit.CompactCell(padkit.CellScore, text)
			c.Selected = seat == v.Current || (v.Phase == runika.PhaseDraft && seat == v.Initiative)
			cells = append(cells, c)
		}
		s.order.Objects = cells
		s.order.Refresh()
	}
	s.decks.SetText(fmt.Sprintf("Rune deck %d \u00b7 merit deck %d \u00b7 rune row %d of %d spaces",
		v.RuneDeck, v.MeritDeck, v.RuneRowCards, v.RuneRowSize))
}

func (s *Screen) redrawMasters() {
	v := s.view
	for i, c := range s.masterCard {
		if i >= len(v.Masters) {
			break
		}
		m := v.Masters[i]
		if m.SlotFull {
			c.slot.SetText("Slot full \u00b7 " + string(m.SlotBy))
			c.slot.Importance = widget.LowImportance
		} else {
			c.slot.SetText("Slot empty")
			c.slot.Importance = widget.SuccessImportance
		}
		c.slot.Refresh()
		if len(m.Influence) == 0 {
			c.tokens.SetText("Influence: none")
		} else {
			names := make([]string, len(m.Influence))
			for k, seat := range m.Influence {
				names[k] = string(seat)
			}
			c.tokens.SetText("Influence: " + strings.Join(names, ", "))
		}
		if i < len(v.Masteries) {
			ms := v.Masteries[i]
			if ms.Claimed {
				c.mastery.SetText(fmt.Sprintf("Mastery rune: %s (%d) \u00b7 %s", ms.Name, ms.Value, ms.Owner))
			} else {
				c.mastery.SetText("Mastery rune: not claimed")
			}
		}
	}
}

// redrawGrid rebuilds the score grid: a column per player, rows for the
// character, rune cards, merit cards, points tokens, influence and the
// total; the leaders marked, the current player's column highlighted.
func (s *Screen) redrawGrid() {
	v := s.view
	cols := len(v.Players) + 1
	for _, c := range []*fyne.Container{s.header, s.body, s.totals} {
		c.Layout.(*kit.PadGridLayout).Cols = cols
	}
	behind := false
	for _, p := range v.Players {
		behind = behind || !p.Leader
	}
	head := []fyne.CanvasObject{padkit.CompactCell(padkit.CellLabel, "Player")}
	for _, p := range v.Players {
		p := p
		name := p.Name
		switch {
		case v.Finished && p.Place > 0:
			name = kit.Ordinal(p.Place) + " " + name
		case p.Leader && behind:
			name = "\u2605 " + name
		}
		c := padkit.CompactCell(padkit.CellPlayer, name)
		c.Leader = p.Leader && behind
		c.Selected = p.Current
		head = append(head, c)
	}
	s.header.Objects = head

	type row struct {
		label string
		text  func(runika.PlayerView) string
	}
	rows := []row{
		{"Character", func(p runika.PlayerView) string {
			if p.Character == "" {
				return "\u2013"
			}
			return p.Character
		}},
		{"Runes", func(p runika.PlayerView) string { return strconv.Itoa(p.RunePoints) }},
		{"Merits", func(p runika.PlayerView) string { return strconv.Itoa(p.MeritPoints) }},
		{"Tokens", func(p runika.PlayerView) string { return strconv.Itoa(p.Tokens) }},
		{"Influence", func(p runika.PlayerView) string { return fmt.Sprintf("%d/4", len(p.Influence)) }},
	}
	var body []fyne.CanvasObject
	for _, r := range rows {
		body = append(body, padkit.CompactCell(padkit.CellRound, r.label))
		for _, p := range v.Players {
			c := padkit.CompactCell(padkit.CellScore, r.text(p))
			c.Current = p.Current
			body = append(body, c)
		}
	}
	s.body.Objects = body
	tot := []fyne.CanvasObject{padkit.CompactCell(padkit.CellLabel, "Total")}
	for _, p := range v.Players {
		c := padkit.CompactCell(padkit.CellTotal, strconv.Itoa(p.Total))
		c.Leader = p.Leader && behind
		tot = append(tot, c)
	}
	s.totals.Objects = tot
	for _, c := range []*fyne.Container{s.header, s.body, s.totals} {
		c.Refresh()
	}
}

func (s *Screen) redrawPanel() {
	v := s.view
	kit.ShowIf(s.setupBox, v.Phase == runika.PhaseSetup)
	kit.ShowIf(s.draftBox, v.Phase == runika.PhaseDraft)
	kit.ShowIf(s.turnBox, v.Phase == runika.PhaseTurns && v.Current != "")
	kit.ShowIf(s.end.Box, v.Finished)
	kit.ShowIf(s.correctBtn, !v.Finished)
	kit.ShowIf(s.correctSep, !v.Finished)
	kit.ShowIf(s.foot, !v.Finished)
	kit.ShowIf(s.startBtn, v.Phase == runika.PhaseSetup)
	kit.ShowIf(s.endDraftBtn, v.Phase == runika.PhaseDraft)
	kit.ShowIf(s.endArea, v.Phase == runika.PhaseTurns && v.Current != "")
	me := s.acting()
	kit.SetEnabled(s.correctBtn, s.may(me, runika.CmdCorrectDeck))

	switch v.Phase {
	case runika.PhaseSetup:
		s.panelTitle.SetText("Setup")
		s.panelSub.SetText("Each player may name their character; then start the game.")
		for i, seat := range s.env.Seats() {
			p, _ := s.player(seat)
			if p.Character == "" {
				s.charBtns[i].SetText(string(seat) + ": choose character")
			} else {
				s.charBtns[i].SetText(string(seat) + ": " + p.Character)
			}
			kit.SetEnabled(s.charBtns[i], s.may(seat, runika.CmdChooseCharacter))
		}
		if v.InitiativeOption != "" {
			s.initNote.SetText(string(v.InitiativeOption) + " takes the initiative token.")
		} else {
			s.initNote.SetText("The initiative token goes to a player drawn at random: a draw nobody can undo.")
		}
		kit.SetEnabled(s.startBtn, s.may(me, runika.CmdStart))
	case runika.PhaseDraft:
		s.panelTitle.SetText(fmt.Sprintf("Round %d draft", v.Round))
		s.panelSub.SetText(s.who(v.Initiative) + " holds the initiative token.")
		s.draftNote.SetText(fmt.Sprintf("%s draws %d dice from the bag; the players draft them one at a time, clockwise from %s, until all are claimed. Then %s takes the first turn.",
			v.Initiative, v.DiceToDraw, v.Initiative, v.Initiative))
		s.endDraftBtn.SetText("End draft")
		kit.SetEnabled(s.endDraftBtn, s.may(me, runika.CmdEndDraft))
	case runika.PhaseTurns:
		s.panelTitle.SetText(string(me) + "'s turn")
		p, _ := s.player(me)
		s.panelSub.SetText(p.Character)
		s.redrawTurn(me, p)
	case runika.PhaseOver:
		s.panelTitle.SetText("")
		result := v.Summary
		if r := s.view.EndReasonWords(); r != "" {
			result += ". The game ended at the end of round " + strconv.Itoa(v.Round) + ": " + r + "."
		}
		s.end.Set(result, v.Placements)
	}
	kit.ShowIf(s.panelTitle, !v.Finished)
	kit.ShowIf(s.panelSub, !v.Finished && s.panelSub.Text != "")
	s.side.Refresh()
}

// redrawTurn enables the current player's actions.
func (s *Screen) redrawTurn(me console.Seat, p runika.PlayerView) {
	v := s.view
	var did []string
	if t := v.Turn; t != nil {
		if len(t.Masters) > 0 {
			names := make([]string, len(t.Masters))
			for i, m := range t.Masters {
				names[i] = kit.UpperFirst(m)
			}
			did = append(did, "influenced "+strings.Join(names, ", "))
		}
		if len(t.Runes) > 0 {
			did = append(did, "claimed "+strings.Join(t.Runes, ", "))
		}
		if t.Tokens > 0 {
			did = append(did, kit.Plural(t.Tokens, "points token", "points tokens"))
		}
	}
	if len(did) == 0 {
		s.thisTurn.SetText("This turn: nothing yet.")
	} else {
		s.thisTurn.SetText("This turn: " + strings.Join(did, " \u00b7 ") + ".")
	}
	canInfluence := s.may(me, runika.CmdInfluence)
	for i, b := range s.influence {
		kit.SetEnabled(b, canInfluence && i < len(v.Masters) && !v.Masters[i].SlotFull)
	}
	kit.SetEnabled(s.runeBtn, s.may(me, runika.CmdClaimRune) && v.RuneRowCards > 0)
	canMastery := false
	for _, m := range v.Masteries {
		canMastery = canMastery || m.Owner != me
	}
	kit.SetEnabled(s.masteryBtn, s.may(me, runika.CmdClaimMastery) && canMastery)
	for _, b := range s.tokenBtns {
		kit.SetEnabled(b, s.may(me, runika.CmdGainTokens))
	}
	meritDue := p.MeritDue && v.MeritDeck > 0
	switch {
	case meritDue:
		s.endNote.SetText(fmt.Sprintf("%s has influence on all four masters: take the tokens back, draw a merit card and tap its value.", me))
	case p.MeritDue:
		s.endNote.SetText("Influence on all four masters: the tokens go back, but the merit deck is empty.")
	default:
		s.endNote.SetText(fmt.Sprintf("Influence on %d of 4 masters; with all four, the end of the turn draws a merit card.", len(p.Influence)))
	}
	if meritDue {
		s.endTurnBtn.Hide()
		s.meritBox.Show()
	} else {
		s.endTurnBtn.Show()
		s.meritBox.Hide()
	}
	end := s.may(me, runika.CmdEndTurn)
	kit.SetEnabled(s.endTurnBtn, end)
	for _, b := range s.meritBtns {
		kit.SetEnabled(b, end)
	}
}

// start starts the game.
func (s *Screen) start() { s.env.DoAs(s.acting(), runika.CmdStart, nil) }

// endDraft ends the draft as the initiative holder.
func (s *Screen) endDraft() { s.env.DoAs(s.acting(), runika.CmdEndDraft, nil) }

// gainTokens gives the current player n points tokens.
func (s *Screen) gainTokens(n int) {
	s.env.DoAs(s.acting(), runika.CmdGainTokens, map[string]any{"tokens": n})
}

// endTurn ends the current player's turn, with the merit card's value
// when one is drawn (0: none).
func (s *Screen) endTurn(merit int) {
	var args map[string]any
	if merit > 0 {
		args = map[string]any{"merit": merit}
	}
	s.env.DoAs(s.acting(), runika.CmdEndTurn, args)
}

// influenceMaster influences the master of element el; the Fire master
// first asks whether the discarded die showed a points symbol.
func (s *Screen) influenceMaster(el string) {
	me := s.acting()
	if el != runika.Fire {
		s.env.DoAs(me, runika.CmdInfluence, map[string]any{"master": el})
		return
	}
	var d *dialog.CustomDialog
	send := func(point bool) {
		d.Hide()
		args := map[string]any{"master": el}
		if point {
			args["point"] = true
		}
		s.env.DoAs(me, runika.CmdInfluence, args)
	}
	msg := kit.Wrapped("Ainfean's ability: discard one die on your spell grid. Did the discarded die show a points symbol? Yes gains 1 points token.")
	d = dialog.NewCustomWithoutButtons("Influence the Master of Fire", msg, s.env.Window())
	yes := widget.NewButton("Yes, +1", func() { send(true) })
	yes.Importance = widget.HighImportance
	d.SetButtons([]fyne.CanvasObject{widget.NewButton("Cancel", d.Hide), widget.NewButton("No", func() { send(false) }), yes})
	size := s.env.Window().Canvas().Size()
	d.Resize(fyne.NewSize(fyne.Min(560, size.Width-24), 0))
	d.Show()
}

// chooseCharacter asks seat's player for their character.
func (s *Screen) chooseCharacter(seat console.Seat) {
	e := widget.NewEntry()
	e.SetPlaceHolder("Runika, Diego \u2026")
	if p, ok := s.player(seat); ok {
		e.SetText(p.Character)
	}
	s.charEntry = e
	body := container.NewVBox(kit.Field("Character", e, "The character "+string(seat)+" plays; it labels them on the pad.", nil))
	s.form = padkit.ShowForm(s.env.Window(), string(seat)+"'s character", "Save", body, func() error {
		return s.env.TryAs(seat, runika.CmdChooseCharacter, map[string]any{"character": e.Text})
	})
	s.env.Window().Canvas().Focus(e)
}

// elementLabels are the elements' names for choice buttons.
func elementLabels() (values, labels []string) {
	values = runika.Elements()
	for _, e := range values {
		labels = append(labels, kit.UpperFirst(e))
	}
	return values, labels
}

// claimRune opens the claim-rune form for the current player.
func (s *Screen) claimRune() {
	v := s.view
	f := &runeForm{player: s.acting()}
	f.name = widget.NewEntry()
	f.name.SetPlaceHolder("Spark, Charm \u2026")
	values, labels := elementLabels()
	cols := 2
	if s.env.Window().Canvas().Size().Width >= 700 {
		cols = 4
	}
	f.element = padkit.NewChoice(values, labels, cols, runika.Air, nil)
	f.elementBox = kit.Field("Element", f.element.Box, "", nil)
	f.kind = padkit.NewChoice([]string{runika.KindElemental, runika.KindWild}, []string{"Elemental", "Wild"}, 2, runika.KindElemental,
		func(k string) {
			if k == runika.KindWild {
				f.elementBox.Hide()
			} else {
				f.elementBox.Show()
			}
		})
	f.points = padkit.NewStepper(1, 0, runika.MaxRunePoints, nil)
	f.tokens = padkit.NewStepper(0, 0, runika.MaxTokensAtOnce, nil)
	f.drawn = padkit.NewStepper(min(1, v.RuneDeck), 0, v.RuneDeck, nil)
	f.drawnBox = padkit.StepperRow("Cards drawn", "To refill the row: usually 1; 0 when the claim revealed a stacked duplicate.", f.drawn)
	s.runeForm = f
	body := container.NewVBox(
		kit.Field("Name", f.name, "", nil),
		kit.Field("Kind", f.kind.Box, "", nil),
		f.elementBox,
		padkit.StepperRow("Points", "Printed on the card.", f.points),
		padkit.StepperRow("Points tokens", "For the dice with a points symbol used.", f.tokens),
		f.drawnBox,
	)
	s.form = padkit.ShowForm(s.env.Window(), "Claim a rune card: "+string(f.player), "Claim", body, func() error {
		args := map[string]any{"name": f.name.Text, "kind": f.kind.Selected(), "points": f.points.Value(),
			"tokens": f.tokens.Value(), "drawn": f.drawn.Value()}
		if f.kind.Selected() == runika.KindElemental {
			args["element"] = f.element.Selected()
		}
		return s.env.TryAs(f.player, runika.CmdClaimRune, args)
	})
	s.env.Window().Canvas().Focus(f.name)
}

// claimMastery opens the claim-mastery form for the current player.
func (s *Screen) claimMastery() {
	v := s.view
	f := &masteryForm{player: s.acting()}
	values, labels := elementLabels()
	first := ""
	for i, ms := range v.Masteries {
		switch {
		case ms.Owner == f.player:
			labels[i] += " (yours)"
		case ms.Claimed:
			labels[i] += " (" + string(ms.Owner) + ")"
		}
		if first == "" && ms.Owner != f.player {
			first = ms.Element
		}
	}
	f.name = widget.NewEntry()
	f.name.SetPlaceHolder("Thunderbolt \u2026")
	f.nameBox = kit.Field("Name", f.name, "", nil)
	f.points = padkit.NewStepper(2, 1, runika.MaxRunePoints, nil)
	f.pointsBox = padkit.StepperRow("Value", "In the card's top right corner.", f.points)
	f.worth = kit.Wrapped("")
	f.tokens = padkit.NewStepper(0, 0, runika.MaxTokensAtOnce, nil)
	update := func(el string) {
		for _, ms := range v.Masteries {
			if ms.Element != el {
				continue
			}
			if ms.Claimed {
				f.nameBox.Hide()
				f.pointsBox.Hide()
				f.worth.SetText(fmt.Sprintf("%s holds %s (%d): completing it gains %d points tokens, and no card.", ms.Owner, ms.Name, ms.Value, ms.Value))
				f.worth.Show()
			} else {
				f.nameBox.Show()
				f.pointsBox.Show()
				f.worth.Hide()
			}
		}
	}
	f.element = padkit.NewChoice(values, labels, 2, first, update)
	for i, ms := range v.Masteries {
		f.element.Enable(values[i], ms.Owner != f.player)
	}
	update(first)
	s.masteryForm = f
	body := container.NewVBox(
		kit.Field("Element", f.element.Box, "", nil),
		f.worth, f.nameBox, f.pointsBox,
		padkit.StepperRow("Points tokens", "For the dice with a points symbol used.", f.tokens),
	)
	s.form = padkit.ShowForm(s.env.Window(), "Make a mastery rune: "+string(f.player), "Claim", body, func() error {
		args := map[string]any{"element": f.element.Selected(), "tokens": f.tokens.Value()}
		if f.nameBox.Visible() {
			args["points"] = f.points.Value()
			if n := strings.TrimSpace(f.name.Text); n != "" {
				args["name"] = n
			}
		}
		return s.env.TryAs(f.player, runika.CmdClaimMastery, args)
	})
}

// correctDeck opens the form that sets a deck counter to the cards
// actually left.
func (s *Screen) correctDeck() {
	v := s.view
	count := padkit.NewStepper(v.RuneDeck, 0, runika.RuneCards, nil)
	deck := padkit.NewChoice([]string{runika.DeckRune, runika.DeckMerit}, []string{"Rune deck", "Merit deck"}, 2, runika.DeckRune,
		func(d string) {
			if d == runika.DeckMerit {
				count.Set(v.MeritDeck)
			} else {
				count.Set(v.RuneDeck)
			}
		})
	body := container.NewVBox(
		kit.Field("Deck", deck.Box, "", nil),
		padkit.StepperRow("Cards left", "Count the cards actually in it.", count),
	)
	me := s.acting()
	s.form = padkit.ShowForm(s.env.Window(), "Correct a deck", "Set", body, func() error {
		return s.env.TryAs(me, runika.CmdCorrectDeck, map[string]any{"deck": deck.Selected(), "count": count.Value()})
	})
}
