package runeballscreen

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/games/runeball"
)

// padDice is the most dice the prompt panel shows face buttons for; more
// (the initiative's fourteen) are typed in one line.
const padDice = 4

// drawPrompt draws the open prompt: for dice, Roll for me and a pad of
// face buttons per die (the faces rolled on the table); for a choice, a
// big button per answer the view offers.
func (s *Screen) drawPrompt() {
	s.promptBox.RemoveAll()
	p := s.view.Prompt
	if p == nil {
		return
	}
	if !p.YouAnswer {
		who := p.Team
		if who == "" {
			who = "either"
		}
		s.promptBox.Add(subhead("Waiting for the " + who + " coach"))
		s.promptBox.Add(kit.Wrapped(kit.UpperFirst(p.Text)))
		return
	}
	if p.Kind == runeball.PromptDice {
		s.drawDice(p)
		return
	}
	s.promptBox.Add(subhead(teamWord(p.Team) + " coach"))
	s.promptBox.Add(kit.Wrapped(kit.UpperFirst(p.Text)))
	var btns []fyne.CanvasObject
	for i, a := range p.Answers {
		a := a
		btns = append(btns, s.bigButton(fmt.Sprintf("answer-%d", i), kit.UpperFirst(a.Label), func() { s.do(a.Cmd, a.Args...) }))
	}
	cols := 2
	if len(btns) > 4 {
		cols = 3
	}
	s.promptBox.Add(kit.NewFitGrid(cols, btns...))
}

// drawDice is a dice prompt: what each die is for, Roll for me, and the
// faces to tap (or type, for many dice).
func (s *Screen) drawDice(p *runeball.PromptView) {
	s.promptBox.Add(subhead("Roll " + diceWords(p.Dice)))
	for i, d := range p.Dice {
		line := d + " " + p.Purposes[i]
		if i < len(s.faces) {
			line += fmt.Sprintf(": %d", s.faces[i])
		}
		s.promptBox.Add(kit.Wrapped(line))
	}
	s.promptBox.Add(s.bigButton("roll", "Roll for me", func() { s.faces = nil; s.do(runeball.CmdRoll) }))
	if len(p.Dice) > padDice {
		e := widget.NewEntry()
		e.SetPlaceHolder(fmt.Sprintf("%d faces, separated by commas", len(p.Dice)))
		send := s.button("enter-faces", "Enter what the table rolled", func() {
			s.do(runeball.CmdRoll, "values="+strings.Join(strings.Fields(strings.ReplaceAll(e.Text, ",", " ")), ","))
		})
		s.promptBox.Add(kit.Caption("Or the table's dice:"))
		s.promptBox.Add(container.NewBorder(nil, nil, nil, send, e))
		return
	}
	i := len(s.faces)
	if i >= len(p.Dice) {
		return
	}
	sides, _ := strconv.Atoi(strings.TrimPrefix(p.Dice[i], "d"))
	if sides < 2 || sides > 20 {
		return
	}
	s.promptBox.Add(kit.Caption(fmt.Sprintf("Or tap what the %s for %s shows:", p.Dice[i], p.Purposes[i])))
	var faces []fyne.CanvasObject
	for f := 1; f <= sides; f++ {
		f := f
		faces = append(faces, s.face(f, len(p.Dice)))
	}
	s.promptBox.Add(kit.NewFitGrid(6, faces...))
}

// face is a face button: the face is kept, and when every die has one
// they are sent.
func (s *Screen) face(f, dice int) fyne.CanvasObject {
	b := s.button(fmt.Sprintf("face-%d", f), strconv.Itoa(f), func() {
		s.faces = append(s.faces, f)
		if len(s.faces) < dice {
			s.redraw()
			return
		}
		var vals []string
		for _, x := range s.faces {
			vals = append(vals, strconv.Itoa(x))
		}
		s.faces = nil
		if !s.do(runeball.CmdRoll, "values="+strings.Join(vals, ",")) {
			s.redraw()
		}
	})
	return kit.WithMinSize(b, 48, 48)
}

// diceWords sums the dice up: "1d12", "2d6 and 1d4".
func diceWords(dice []string) string {
	var order []string
	n := map[string]int{}
	for _, d := range dice {
		if n[d] == 0 {
			order = append(order, d)
		}
		n[d]++
	}
	var parts []string
	for _, d := range order {
		parts = append(parts, fmt.Sprintf("%d%s", n[d], d))
	}
	return strings.Join(parts, " and ")
}
