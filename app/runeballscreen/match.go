package runeballscreen

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/app/runeballfield"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/runeball"
	"github.com/commandconsole/commandconsole/games/runeball/field"
)

// cell reads a view's cell ("x:y"); a bad one is no cell.
func cell(w string) field.Cell {
	c, err := field.ParseCoords(w)
	if err != nil {
		return field.Cell{}
	}
	return c
}

func cells(ws []string) []field.Cell {
	out := make([]field.Cell, 0, len(ws))
	for _, w := range ws {
		if c := cell(w); c.Valid() {
			out = append(out, c)
		}
	}
	return out
}

// occupant is the id of the player the view shows on c ("" none).
func (s *Screen) occupant(c field.Cell) string {
	for _, t := range s.view.Teams {
		for _, p := range t.Players {
			if p.OnField && cell(p.Cell) == c {
				return p.ID
			}
		}
	}
	return ""
}

// drawField puts the players, the ball and what is being aimed on the
// field widget, in one redraw.
func (s *Screen) drawField() {
	v := s.view
	sc := runeballfield.Scene{Ball: cell(v.Ball.Cell), BallState: v.Ball.State}
	for ti, t := range v.Teams {
		for _, p := range t.Players {
			if !p.OnField {
				continue
			}
			sc.Markers = append(sc.Markers, runeballfield.Marker{Cell: cell(p.Cell), Label: p.ID, Team: ti, Prone: p.Prone, Out: p.Out,
				Ball:     v.Ball.State == runeball.BallHeld && v.Ball.Holder == p.ID,
				Selected: p.ID == s.selected || (v.Acting != nil && v.Acting.Player == p.ID)})
		}
	}
	pass := func(from, to string) { sc.Path, sc.Pass = []field.Cell{cell(from), cell(to)}, true }
	switch {
	case v.Prompt != nil:
		if len(v.Prompt.Flight) == 2 {
			pass(v.Prompt.Flight[0], v.Prompt.Flight[1])
		}
		sc.Marked = cells(v.Prompt.Marked)
	case v.CellsFor == runeball.CmdPlace && s.selected != "":
		sc.Highlight = cells(v.Cells)
	case v.CellsFor == runeball.CmdKick:
		sc.Highlight = cells(v.Cells)
		if s.target != "" {
			sc.Marked = []field.Cell{cell(s.target)}
		}
	case v.Acting != nil:
		a := v.Acting
		switch s.mode {
		case modeMove:
			sc.Highlight = cells(s.nextSteps())
			if len(s.path) > 0 {
				sc.Path = cells(append([]string{s.actorCell()}, s.path...))
			}
		case modeBlock:
			sc.Marked = s.playerCells(a.BlockTargets)
		case modePass:
			sc.Highlight = s.playerCells(a.PassTargets)
			if p := s.player(s.passTo); p != nil {
				pass(s.actorCell(), p.Cell)
			}
		case modeHandoff:
			sc.Highlight = s.playerCells(a.HandoffTo)
		}
	}
	if v.CellsFor == runeball.CmdPlace && !s.kickerNamed() {
		sc.Marked = cells(v.KickerCells)
	}
	s.field.SetScene(sc)
}

// kickerNamed reports whether the viewer's team has named its kicker.
func (s *Screen) kickerNamed() bool {
	if t := s.team(s.view.You); t != nil {
		for _, p := range t.Players {
			if p.Kicker {
				return true
			}
		}
	}
	return false
}

// playerCells are the cells the players named stand on.
func (s *Screen) playerCells(ids []string) []field.Cell {
	var out []field.Cell
	for _, id := range ids {
		if p := s.player(id); p != nil && p.OnField {
			out = append(out, cell(p.Cell))
		}
	}
	return out
}

// actorCell is the acting player's cell.
func (s *Screen) actorCell() string {
	if a := s.view.Acting; a != nil {
		if p := s.player(a.Player); p != nil {
			return p.Cell
		}
	}
	return ""
}

// nextSteps are the cells the next tap of a move may choose: the view's
// rule (ActivationView.NextSteps) applied to the path drawn so far.
func (s *Screen) nextSteps() []string {
	return s.view.Acting.NextSteps(s.actorCell(), s.path)
}

// tap is a tap on the field's cell c.
func (s *Screen) tap(c field.Cell) {
	v := s.view
	w, who := c.String(), s.occupant(c)
	switch {
	case v.Prompt != nil:
		s.selected = who
	case v.CellsFor == runeball.CmdPlace:
		mine := who != "" && v.You != "" && strings.HasPrefix(who, strings.ToUpper(v.You[:1]))
		switch {
		case mine:
			s.selected = who
		case who == "" && s.selected != "" && slices.Contains(v.Cells, w):
			id := s.selected
			s.selected = ""
			if !s.do(runeball.CmdPlace, "player="+id, "hex="+w) {
				s.selected = id
			}
			return
		default:
			s.selected = who
		}
	case v.CellsFor == runeball.CmdKick:
		if slices.Contains(v.Cells, w) {
			s.target = w
		}
	case v.Acting != nil && s.mode == modeMove:
		switch {
		case len(s.path) > 0 && s.path[len(s.path)-1] == w:
			s.path = s.path[:len(s.path)-1]
		case slices.Contains(s.nextSteps(), w):
			s.path = append(s.path, w)
		}
	case v.Acting != nil && s.mode == modeBlock && slices.Contains(v.Acting.BlockTargets, who):
		s.do(runeball.CmdBlock, "player="+v.Acting.Player, "target="+who, fmt.Sprintf("exert=%d", s.exert))
		return
	case v.Acting != nil && s.mode == modePass && slices.Contains(v.Acting.PassTargets, who):
		s.passTo = who
	case v.Acting != nil && s.mode == modeHandoff && slices.Contains(v.Acting.HandoffTo, who):
		s.do(runeball.CmdHandoff, "player="+v.Acting.HandoffFrom, "to="+who)
		return
	case v.Acting != nil && s.mode == "" && who == "" && slices.Contains(v.Acting.Commands, runeball.CmdMove) &&
		field.Adjacent(c, cell(s.actorCell())) && slices.Contains(v.Acting.Reach, w):
		// a tap next to the acting player starts a move there
		s.mode, s.path = modeMove, []string{w}
	default:
		s.selected = who
	}
	s.redraw()
}

// redraw draws the match again after a tap that sent nothing, and lays
// the panel out anew.
func (s *Screen) redraw() {
	s.drawMatch()
	s.root.Refresh()
}

// drawPhase draws the controls of the phases around the rounds: the
// Keshat and the kickoff choice, the set-up, the kick, the stoppage.
func (s *Screen) drawPhase() {
	v := s.view
	s.phaseBox.RemoveAll()
	if v.Prompt != nil {
		return
	}
	mine := slices.Contains(v.Waiting, v.You)
	switch v.Phase {
	case runeball.PhaseStart:
		if v.KeshatWinner == "" {
			s.phaseBox.Add(subhead("Who won the Keshat round?"))
			s.phaseBox.Add(kit.NewFitGrid(2,
				s.bigButton("keshat-home", "Home", func() { s.do(runeball.CmdKeshat, "winner=home") }),
				s.bigButton("keshat-away", "Away", func() { s.do(runeball.CmdKeshat, "winner=away") })))
			// the explanation wraps; the button's own label stays short
			// (a long label clipped the panel at large text)
			s.phaseBox.Add(kit.Wrapped("A Keshat scored in that round gives its scorer both choices."))
			s.phaseBox.Add(s.button("keshat-double", "A Keshat was scored…", s.keshatDouble))
			return
		}
		if !mine {
			s.phaseBox.Add(kit.Wrapped(fmt.Sprintf("Waiting for the %s coach to kick or receive.", v.FirstChoice)))
			return
		}
		s.phaseBox.Add(subhead(teamWord(v.FirstChoice) + ": kick or receive?"))
		s.phaseBox.Add(kit.NewFitGrid(2,
			s.bigButton("kick", "Kick", func() { s.do(runeball.CmdChooseKick, "choice=kick") }),
			s.bigButton("receive", "Receive", func() { s.do(runeball.CmdChooseKick, "choice=receive") })))
	case runeball.PhaseSetup:
		s.drawSetup(mine)
	case runeball.PhaseKickoff:
		if !mine {
			s.phaseBox.Add(kit.Wrapped("Waiting for the " + v.Kicking + " coach to kick off."))
			return
		}
		s.phaseBox.Add(subhead("Kick off"))
		if s.target == "" {
			s.phaseBox.Add(kit.Wrapped("Tap the target on the receiving side (the lit cells)."))
			return
		}
		t := s.target
		s.phaseBox.Add(s.bigButton("kick-here", "Kick at "+t, func() { s.do(runeball.CmdKick, "target="+t) }))
	case runeball.PhaseStoppage:
		s.drawStoppage()
	case runeball.PhaseOver:
		s.phaseBox.Add(subhead(kit.UpperFirst(v.Next)))
		s.phaseBox.Add(s.button("report", "Match report", s.env.ShowReport))
	}
}

// keshatDouble records a Keshat scored in the Keshat round.
func (s *Screen) keshatDouble() {
	var d dialog.Dialog
	box := kit.NewFitGrid(2,
		widget.NewButton("Home", func() { d.Hide(); s.do(runeball.CmdKeshat, "winner=home", "double=yes") }),
		widget.NewButton("Away", func() { d.Hide(); s.do(runeball.CmdKeshat, "winner=away", "double=yes") }))
	d = dialog.NewCustom("Who scored the Keshat?", "Cancel", box, s.env.Window())
	d.Show()
}

// drawSetup lists the team's bench to place, the kicker and Ready.
func (s *Screen) drawSetup(mine bool) {
	v := s.view
	if !mine {
		s.phaseBox.Add(kit.Wrapped("Waiting for the " + strings.Join(v.Waiting, " and ") + " coach's set-up."))
		return
	}
	t := s.team(v.You)
	if t == nil {
		return
	}
	placed := 0
	for _, p := range t.Players {
		if p.OnField {
			placed++
		}
	}
	s.phaseBox.Add(subhead(fmt.Sprintf("Set-up: %d of %d placed", placed, runeball.OnFieldPlayers)))
	// The buttons come first and are always there, with the same labels
	// (disabled when they do not apply): a tap never lands where a
	// button was a moment ago (issue 23: Ready moved after Make … the
	// kicker).
	sel := s.player(s.selected)
	onField := sel != nil && sel.OnField
	back := s.button("unplace", "Back to the bench", func() {
		if p := s.player(s.selected); p != nil {
			s.do(runeball.CmdUnplace, "player="+p.ID)
		}
	})
	kit.SetEnabled(back, onField)
	row := []fyne.CanvasObject{back}
	if v.Kicking == v.You {
		kick := s.button("set-kicker", "Make him the kicker", func() {
			if p := s.player(s.selected); p != nil {
				s.do(runeball.CmdSetKicker, "player="+p.ID)
			}
		})
		kit.SetEnabled(kick, onField && !sel.Kicker)
		row = append(row, kick)
	}
	ready := s.button("ready-setup", "Ready", func() { s.selected = ""; s.do(runeball.CmdReadySetup) })
	ready.Importance = widget.HighImportance
	row = append(row, ready)
	s.phaseBox.Add(kit.NewFitGrid(len(row), tall(56, row)...))
	switch {
	case onField && sel.Kicker:
		s.phaseBox.Add(kit.Wrapped(fmt.Sprintf("%s %s, on %s, is the kicker.", sel.ID, sel.Name, sel.Cell)))
	case onField:
		s.phaseBox.Add(kit.Wrapped(fmt.Sprintf("%s %s, on %s: tap a lit cell to move him.", sel.ID, sel.Name, sel.Cell)))
	default:
		s.phaseBox.Add(kit.Wrapped("Tap a player, then a lit cell on your side. Tap a placed player to move him."))
	}
	if len(v.KickerCells) > 0 && !s.kickerNamed() {
		s.phaseBox.Add(kit.Wrapped("The kicker stands on a ringed cell, near your end line: place him there, tap him, then Make him the kicker."))
	}
	var bench []fyne.CanvasObject
	for _, p := range t.Players {
		if p.OnField || p.Out || p.Empty {
			continue
		}
		id := p.ID
		b := s.button("bench-"+id, id+" "+p.Name, func() { s.selected = id; s.redraw() })
		if id == s.selected {
			b.Importance = widget.HighImportance
		}
		bench = append(bench, b)
	}
	if len(bench) > 0 {
		s.phaseBox.Add(kit.Caption("Bench"))
		s.phaseBox.Add(kit.NewFitGrid(3, bench...))
	}
}

// drawStoppage offers the team doctor's treatments and Ready.
func (s *Screen) drawStoppage() {
	v := s.view
	s.phaseBox.Add(subhead("Stoppage"))
	if !slices.Contains(v.Waiting, v.You) {
		s.phaseBox.Add(kit.Wrapped("Waiting for " + strings.Join(v.Waiting, " and ") + "."))
		return
	}
	t := s.team(v.You)
	if t != nil && t.Doctor != "" {
		s.phaseBox.Add(kit.Wrapped("The team doctor (" + t.Doctor + ") may treat one Bruise, one Pain or Out."))
		for _, p := range t.Players {
			st := p.Statuses
			id := p.ID
			for _, k := range []string{"bruise", "pain"} {
				if strings.Contains(st, k) {
					s.phaseBox.Add(s.button("treat-"+id+"-"+k, fmt.Sprintf("Treat %s's %s", id, kit.UpperFirst(k)), func() {
						s.do(runeball.CmdTreat, "player="+id, "status="+k)
					}))
				}
			}
			if p.Out {
				s.phaseBox.Add(s.button("treat-"+id+"-out", "Bring "+id+" back from Out", func() {
					s.do(runeball.CmdTreat, "player="+id, "status=out")
				}))
			}
		}
	}
	s.phaseBox.Add(s.bigButton("ready-stoppage", "Ready", func() { s.do(runeball.CmdReadyStoppage) }))
}

// actionLabels are the acting player's command buttons' words.
var actionLabels = map[string]string{
	runeball.CmdStand:         "Stand up",
	runeball.CmdMove:          "Move",
	runeball.CmdBlock:         "Block",
	runeball.CmdPass:          "Pass",
	runeball.CmdHandoff:       "Hand off",
	runeball.CmdPickup:        "Pick up the ball",
	runeball.CmdKickGoal:      "Kick at goal",
	runeball.CmdRunOff:        "Run off the field",
	runeball.CmdShakeOff:      "Shake it off",
	runeball.CmdHold:          "Hold",
	runeball.CmdEndActivation: "End activation",
}

// drawActing draws the acting player's actions, or the aiming of the one
// chosen.
func (s *Screen) drawActing() {
	s.actBox.RemoveAll()
	a := s.view.Acting
	if a == nil || s.view.Prompt != nil {
		return
	}
	name := a.Player
	if p := s.player(a.Player); p != nil {
		name += " " + p.Name
	}
	head := fmt.Sprintf("%s acts · %s", name, kit.Plural(a.Halves, "half action", "half actions"))
	if a.MoveOpen {
		head += fmt.Sprintf(" · move %d", a.MoveLeft)
		if a.SprintLeft > 0 {
			head += fmt.Sprintf(" + %d sprint", a.SprintLeft)
		}
	}
	if a.KindWords != "" {
		head += " · " + a.KindWords
	}
	s.actBox.Add(subhead(head))
	if !slices.Contains(s.view.Waiting, s.view.You) {
		s.actBox.Add(kit.Wrapped("Waiting for the " + a.Team + " coach."))
		return
	}
	me := "player=" + a.Player
	switch s.mode {
	case modeMove:
		s.drawMoveAim()
		return
	case modeBlock:
		s.actBox.Add(kit.Wrapped("Tap the opponent to block (ringed in red). Exertion pledged (1d4 HP each):"))
		ex := widget.NewRadioGroup([]string{"0", "1", "2"}, func(v string) { fmt.Sscan(v, &s.exert) })
		ex.Horizontal = true
		ex.SetSelected(fmt.Sprint(s.exert))
		s.actBox.Add(ex)
		s.actBox.Add(s.button("cancel", "Cancel", s.cancelAim))
		return
	case modePass:
		if s.passTo == "" {
			s.actBox.Add(kit.Wrapped("Tap the receiver (a lit teammate 2–18 hexes away)."))
		} else {
			to := s.passTo
			s.actBox.Add(s.bigButton("pass-to", "Pass to "+to, func() { s.do(runeball.CmdPass, me, "to="+to) }))
		}
		s.actBox.Add(s.button("cancel", "Cancel", s.cancelAim))
		return
	case modeHandoff:
		s.actBox.Add(kit.Wrapped(fmt.Sprintf("Tap the teammate %s hands the ball to (lit).", a.HandoffFrom)))
		s.actBox.Add(s.button("cancel", "Cancel", s.cancelAim))
		return
	}
	var btns []fyne.CanvasObject
	for _, c := range a.Commands {
		c := c
		label := actionLabels[c]
		if label == "" {
			label = c
		}
		var fn func()
		switch c {
		case runeball.CmdMove:
			fn = func() { s.mode, s.path = modeMove, nil; s.redraw() }
		case runeball.CmdBlock:
			fn = func() { s.mode, s.exert = modeBlock, 0; s.redraw() }
		case runeball.CmdPass:
			fn = func() { s.mode, s.passTo = modePass, ""; s.redraw() }
		case runeball.CmdHandoff:
			fn = func() { s.mode = modeHandoff; s.redraw() }
		default:
			fn = func() { s.do(c, me) }
		}
		b := s.button("act-"+c, label, fn)
		if c == runeball.CmdEndActivation {
			b.Importance = widget.WarningImportance
		}
		btns = append(btns, kit.WithMinSize(b, 72, 48))
	}
	s.actBox.Add(kit.NewFitGrid(3, btns...))
}

// drawMoveAim is the move being drawn: the path, then Go as a half or
// full move (or on with the open one).
func (s *Screen) drawMoveAim() {
	a := s.view.Acting
	me := "player=" + a.Player
	n := len(s.path)
	if n == 0 {
		s.actBox.Add(kit.Wrapped("Tap the lit cells one by one to draw the path; tap the last one again to take it back."))
	} else {
		s.actBox.Add(kit.Wrapped(fmt.Sprintf("Path: %s (%s)", strings.Join(s.path, " → "), kit.Plural(n, "hex", "hexes"))))
	}
	path := "path=" + strings.Join(s.path, ",")
	var row []fyne.CanvasObject
	sprint := func(allow int) string {
		if n > allow {
			return fmt.Sprintf(" · %d sprint (1d4 HP each)", n-allow)
		}
		return ""
	}
	if a.MoveOpen {
		b := s.button("go", "Go on"+sprint(a.MoveLeft), func() { s.do(runeball.CmdMove, me, path) })
		kit.SetEnabled(b, n > 0 && n <= a.PathMax)
		b.Importance = widget.HighImportance
		row = append(row, b)
	} else {
		h := s.button("go-half", fmt.Sprintf("Half move (%d)%s", a.NewHalf, sprint(a.NewHalf)), func() { s.do(runeball.CmdMove, me, path, "as=half") })
		kit.SetEnabled(h, n > 0 && n <= a.HalfMax)
		f := s.button("go-full", fmt.Sprintf("Full move (%d)%s", a.NewFull, sprint(a.NewFull)), func() { s.do(runeball.CmdMove, me, path, "as=full") })
		kit.SetEnabled(f, n > 0 && n <= a.FullMax)
		h.Importance, f.Importance = widget.HighImportance, widget.HighImportance
		row = append(row, h, f)
	}
	row = append(row, s.button("cancel", "Cancel", s.cancelAim))
	s.actBox.Add(kit.NewFitGrid(len(row), row...))
}

func (s *Screen) cancelAim() {
	s.mode, s.path, s.passTo = "", nil, ""
	s.redraw()
}

// drawCard is the selected player's card (else the acting player's).
func (s *Screen) drawCard() {
	s.cardBox.RemoveAll()
	id := s.selected
	if id == "" && s.view.Acting != nil {
		id = s.view.Acting.Player
	}
	p := s.player(id)
	if p == nil || p.Empty {
		return
	}
	s.cardBox.Add(kit.Card(playerCard(p, s.view.Ball.Holder == p.ID)...))
}

// playerCard are a player's lines: stats, skills, HP, wounds, statuses.
func playerCard(p *runeball.PlayerView, ball bool) []fyne.CanvasObject {
	title := p.ID + " " + p.Name
	objs := []fyne.CanvasObject{kit.BoldLabel(title)}
	if !p.Complete {
		return append(objs, kit.Caption("not complete"))
	}
	var st []string
	for i, n := range runeball.StatNames {
		if i < len(p.Stats) {
			st = append(st, fmt.Sprintf("%s %d", strings.ToUpper(n), p.Stats[i]))
		}
	}
	objs = append(objs, kit.Wrapped(strings.Join(st, " · ")))
	var sk []string
	for i, n := range []string{"Block", "Dodge", "Catch", "Pass", "Kick"} {
		if i < len(p.Skills) {
			sk = append(sk, fmt.Sprintf("%s %d", n, p.Skills[i]))
		}
	}
	objs = append(objs, kit.Wrapped(strings.Join(sk, " · ")))
	hp := fmt.Sprintf("HP %d", p.HP)
	if p.Statuses != "" { // the match has started: HP now of the maximum
		hp = fmt.Sprintf("HP %d/%d", p.CurrentHP, p.HP)
	}
	objs = append(objs, kit.Wrapped(fmt.Sprintf("%s · WN %d · INI %+d · MOVE %d (half %d) · damage %s", hp, p.WN, p.INI, p.Move, p.Half, p.Damage)))
	var where []string
	switch {
	case p.Out:
		where = append(where, "Out")
	case p.OnField:
		where = append(where, "on "+p.Cell)
	default:
		where = append(where, "on the bench")
	}
	if p.Prone {
		where = append(where, "prone")
	}
	if ball {
		where = append(where, "has the ball")
	}
	if p.Kicker {
		where = append(where, "kicker")
	}
	if p.Wounds != "" && p.Statuses != "none" {
		where = append(where, p.Wounds)
	}
	return append(objs, kit.Caption(strings.Join(where, " · ")))
}

// correction asks what to make the app match on the table (RB-D68),
// with the correct command's own form.
func (s *Screen) correction() {
	var spec console.CommandSpec
	for _, c := range s.env.Game().Commands() {
		if c.Name == runeball.CmdCorrect {
			spec = c
		}
	}
	var inputs []*kit.ArgInput
	// the form speaks the engine's words for the correction, not its
	// command syntax (the spec's docs are for ccctl)
	form := kit.NewWrapVBox(kit.Wrapped(runeball.CorrectionIntro))
	for _, a := range spec.Args {
		in := kit.NewArgInput(a, nil)
		inputs = append(inputs, in)
		f, ok := runeball.CorrectionFields[a.Name]
		if !ok {
			f = runeball.CorrectionField{Label: kit.OptionLabel(a.Name)}
		}
		form.Add(kit.Field(f.Label, in.Input, f.Help, in.Err))
	}
	d := dialog.NewCustomConfirm("Correction", "Correct", "Cancel", container.NewVScroll(form), func(ok bool) {
		if !ok {
			return
		}
		args := map[string]any{}
		for i, in := range inputs {
			if v, given := in.Value(); given {
				args[spec.Args[i].Name] = v
			}
		}
		s.env.DoAs(s.seat, runeball.CmdCorrect, args)
	}, s.env.Window())
	sz := s.env.Window().Canvas().Size()
	d.Resize(fyne.NewSize(fyne.Min(520, sz.Width-16), sz.Height-32))
	d.Show()
}

// tall gives each object at least height h (a row of big buttons).
func tall(h float32, objs []fyne.CanvasObject) []fyne.CanvasObject {
	out := make([]fyne.CanvasObject, len(objs))
	for i, o := range objs {
		out[i] = kit.WithMinSize(o, 0, h)
	}
	return out
}
