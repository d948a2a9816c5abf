package lorscreen

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/lorphase"

	"github.com/commandconsole/commandconsole/app/lorsetup"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// menuItems are the menu's entries for the holder now: undo naming what it
// takes back, the history, the battle report, the tutorial hints, the end
// of the game, home.
func (s *Screen) menuItems() []*fyne.MenuItem {
	undo := fyne.NewMenuItem(s.undoLabel(), s.undo)
	if strings.HasPrefix(undo.Label, "Nothing") || s.watching() {
		undo.Disabled = true
	}
	items := []*fyne.MenuItem{undo}
	if a, ok := console.FindAffordance(s.view.Commands, landsofruin.CmdRequestUndo); ok && a.Allowed && canAskPhase(a) {
		items = append(items, fyne.NewMenuItem("Ask to go back to the phase that was ended", func() {
			s.askUndo("phase")
		}))
	}
	hints := "Tutorial hints: on (tap to turn off)"
	if !s.hints {
		hints = "Tutorial hints: off (tap to turn on)"
	}
	end := fyne.NewMenuItem("Propose to end the game", s.proposeEnd)
	if !allowed(s.view, landsofruin.CmdProposeEnd) {
		end.Disabled = true
	}
	if af, ok := s.frame.(actionFrame); ok {
		for _, a := range af.Actions() {
			items = append(items, fyne.NewMenuItem(a.Label, a.Run))
		}
	}
	items = append(items,
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("History", s.showHistory),
		fyne.NewMenuItem("Battle report", s.frame.ShowReport),
		fyne.NewMenuItem("Add a picture of the table to the report", s.addPicture),
		fyne.NewMenuItem(hints, s.toggleHints),
		fyne.NewMenuItemSeparator(),
		end,
		fyne.NewMenuItem("Leave to the home screen (the game is saved)", s.frame.Home),
	)
	if s.seating.HandsOver() {
		// A shared tablet: the player can put their screen away (to pass
		// the tablet, or at the end of the game to let the next player
		// see theirs).
		items = append(items, fyne.NewMenuItem("Hide my screen (pass the tablet)", s.hide))
	}
	return items
}

// actionFrame is a Frame that offers the app's actions for the game (host
// it on the network, the host panel), listed in the menu.
type actionFrame interface {
	Actions() []play.Action
}

// hide shows the hand-over screen (the game-over screen once the game is
// over) in place of the holder's screen.
func (s *Screen) hide() {
	s.mu.Lock()
	s.handing, s.overFor = true, ""
	s.mu.Unlock()
	s.Refresh()
}

// showMenu opens the menu under its button: an entry a finger wide and
// tall each, its words wrapped (a phone at a large text size cuts none),
// scrolling when they are more than the screen holds.
func (s *Screen) showMenu() {
	c := s.frame.Window().Canvas()
	var pop *widget.PopUp
	var rows []fyne.CanvasObject
	for _, it := range s.menuItems() {
		if it.IsSeparator {
			rows = append(rows, widget.NewSeparator())
			continue
		}
		action := it.Action
		t := lorphase.NewTile(it.Label, "", func() {
			pop.Hide()
			if action != nil {
				action()
			}
		})
		t.Disabled = it.Disabled
		rows = append(rows, t)
	}
	list := container.NewVBox(rows...)
	pop = widget.NewPopUp(container.NewVScroll(list), c)
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(s.menuBtn)
	pos = pos.Add(fyne.NewPos(0, s.menuBtn.Size().Height))
	cs := c.Size()
	w := min(max(list.MinSize().Width, 420), cs.Width-pos.X-8)
	pop.Resize(fyne.NewSize(w, 10))
	h := min(list.MinSize().Height+2*theme.Padding(), cs.Height-pos.Y-8)
	pop.Resize(fyne.NewSize(w, h))
	pop.ShowAtPosition(pos)
}

// canAskPhase reports whether request-undo may take back a phase change.
func canAskPhase(a console.Affordance) bool {
	for _, ac := range a.Args {
		if ac.Arg != "what" {
			continue
		}
		for _, c := range ac.Choices {
			if c.Value == "phase" && c.Disabled == "" {
				return true
			}
		}
	}
	return false
}

// undoLabel names what Undo takes back: the holder's newest history line
// when the last command was theirs; a label starting "Nothing" greys the
// entry.
func (s *Screen) undoLabel() string {
	if s.watching() {
		return "Undo: only the players undo"
	}
	g := s.frame.Game()
	last, err := g.LastActor()
	if err != nil || last == console.Public {
		return "Nothing to undo"
	}
	if last != s.holder {
		// Only the seat that gave a command may undo it (the rules refuse
		// everyone else): an entry that can only be refused would send
		// the player to a "Not now" box. On a shared tablet the last
		// command is the previous player's; the current player may ask
		// to go back to the phase that was ended instead.
		return "Nothing of yours to undo"
	}
	lines, err := g.History(s.holder, 0)
	if err != nil {
		return "Undo the last command"
	}
	for i := len(lines) - 1; i >= 0; i-- {
		if lines[i].Seat == s.holder {
			// In full: the menu's entries wrap.
			return "Undo: " + lines[i].Text
		}
	}
	return "Undo your last command"
}

// undo takes back the holder's last command; where the other side saw it
// and must agree, it offers to ask them.
func (s *Screen) undo() {
	seat := s.holder
	err := s.frame.Run(func() error {
		_, err := s.frame.Game().Undo(seat)
		return err
	})
	if err == nil {
		return
	}
	err = plainErr(err)
	if console.ReasonOf(err) == console.ReasonNeedsConsent && allowed(s.view, landsofruin.CmdRequestUndo) {
		what := strings.TrimPrefix(s.undoLabel(), "Undo: ")
		s.frame.Confirm("Ask to undo", fmt.Sprintf("%s saw it (%s): taking it back needs their agreement.\n\nAsk the other side to agree?", s.others(), what), "Ask", func() { s.askUndo("command") })
		return
	}
	s.frame.Fail(err)
}

// others names the other players of the game ("bob", "bob and carol").
func (s *Screen) others() string {
	var names []string
	for _, p := range s.view.Players {
		if p.Seat != string(s.holder) {
			names = append(names, p.Seat)
		}
	}
	switch len(names) {
	case 0:
		return "The other side"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// askUndo sends request-undo.
func (s *Screen) askUndo(what string) {
	if err := s.act(landsofruin.CmdRequestUndo, map[string]any{"what": what}); err != nil {
		s.frame.Fail(err)
	}
}

// proposeEnd asks, after a confirmation, to end the game.
func (s *Screen) proposeEnd() {
	s.frame.Confirm("End the game",
		"Propose to end the game now? The other players must agree; then every player marks their objectives and the battle report is made.",
		"Propose to end", func() {
			if err := s.act(landsofruin.CmdProposeEnd, nil); err != nil {
				s.frame.Fail(err)
			}
		})
}

// hintsKey is the preference that keeps the hints choice of this game.
func (s *Screen) hintsKey() string { return "lor.hints." + s.frame.Game().Info().ID }

// loadHints reads the hints choice: the player's for this game, else on
// for the tutorial scenarios, else the player's setting.
func (s *Screen) loadHints() bool {
	p := s.frame.Preferences()
	if p != nil {
		switch p.String(s.hintsKey()) {
		case "on":
			return true
		case "off":
			return false
		}
	}
	if st, err := s.frame.Game().State(console.Public); err == nil {
		if v, ok := st.View.(landsofruin.View); ok && strings.Contains(v.Scenario, "tutorial") {
			return true
		}
	}
	return s.frame.Hints()
}

// toggleHints turns the tutorial hints on or off for this game.
func (s *Screen) toggleHints() {
	s.hints = !s.hints
	if p := s.frame.Preferences(); p != nil {
		val := "off"
		if s.hints {
			val = "on"
		}
		p.SetString(s.hintsKey(), val)
	}
	s.Refresh()
}

// showPart shows a part's widgets in a dialog.
func showPart(w fyne.Window, title string, o fyne.CanvasObject) {
	d := dialog.NewCustom(title, "Close", o, w)
	size := w.Canvas().Size()
	d.Resize(fyne.NewSize(size.Width*0.8, size.Height*0.8))
	d.Show()
}

// defaults fills the parts left nil: the widgets of package lorwidget
// for the cards, the map and the enemy stack; the phase panel.
func (p *Parts) defaults() {
	if p.Cards == nil {
		p.Cards = newCardsPart
	}
	if p.Map == nil {
		p.Map = newMapPart
	}
	if p.Enemy == nil {
		p.Enemy = newEnemyPart
	}
	if p.Panel == nil {
		p.Panel = func(act Act, outcome func() []string, pick func(string)) Part {
			return newPanelPart(act, outcome, pick, lorsetup.PanelConfig{})
		}
	}
}
