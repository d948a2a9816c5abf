package ruunarascreen

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/games/ruunara"
)

// promptForm is the open prompt's form: what the player has entered so
// far, and its widgets for tests.
type promptForm struct {
	kind string
	// key names the prompt the form was built for: a redraw for the same
	// prompt keeps what the player has entered.
	key string
	// Dice: the faces entered, 0 for none yet; at is the die the next
	// face goes to.
	faces    []int
	at       int
	dieBtns  []*widget.Button
	faceBtns []*widget.Button
	send     *widget.Button
	rollBtn  *widget.Button
	// Assign: the target of each successful die (1-based position).
	targets map[int]string
	chips   map[int]map[string]*widget.Button
	// Questions: the tick of each line, the pick of each line.
	ticks    map[string]bool
	tickBtns map[string]*widget.Button
	picks    map[string]string
	pickBtns map[string]map[string]*widget.Button
}

// drawPrompt fills the prompt panel: always visible while a prompt is
// open.
func (s *Screen) drawPrompt() {
	p := s.view.Prompt
	if p == nil || s.view.Stage != ruunara.StagePlay {
		s.form = nil
		s.promptBox.Objects = nil
		s.promptBox.Refresh()
		return
	}
	key := fmt.Sprintf("%s|%s|%s|%d|%v|%v|%d|%s|%v", s.seat, p.Kind, p.ID, p.N, p.Faces, p.YouAnswer, len(s.view.Orders), p.Purpose, s.view.Unit)
	if s.form != nil && s.form.key == key && len(s.promptBox.Objects) > 0 {
		return
	}
	f := &promptForm{kind: p.Kind, key: key}
	s.form = f
	var objs []fyne.CanvasObject
	title := promptTitle(p)
	if p.Text != "" {
		title += ": " + p.Text
	}
	t := kit.Wrapped(title)
	t.TextStyle.Bold = true
	t.SizeName = theme.SizeNameSubHeadingText
	objs = append(objs, t)
	if !p.YouAnswer {
		who := p.Seat
		if who == "" {
			who = "the other seat"
		}
		objs = append(objs, kit.Wrapped("Waiting for "+who+" to answer on their tablet."))
		s.promptBox.Objects = objs
		s.promptBox.Refresh()
		return
	}
	switch p.Kind {
	case ruunara.PromptDice:
		objs = append(objs, s.diceForm(p, f)...)
	case ruunara.PromptAssign:
		objs = append(objs, s.assignForm(p, f)...)
	case ruunara.PromptQuestion:
		objs = append(objs, s.questionForm(p, f)...)
	case ruunara.PromptOrders:
		objs = append(objs, s.ordersForm(f)...)
	}
	s.promptBox.Objects = objs
	s.promptBox.Refresh()
	s.promptScroll.ScrollToTop()
}

func promptTitle(p *ruunara.PromptView) string {
	t := map[string]string{ruunara.PromptDice: "Dice", ruunara.PromptAssign: "Split the hits",
		ruunara.PromptQuestion: "Question", ruunara.PromptOrders: "Enemy orders"}[p.Kind]
	if p.Summary {
		t = "The enemy turn is over"
	}
	if p.Seat != "" {
		t += " · for " + p.Seat
	}
	return t
}

// diceForm: one field per die, big 1–6 buttons filling the next die, and
// "Roll for me" (roll without values); First says which to offer first.
func (s *Screen) diceForm(p *ruunara.PromptView, f *promptForm) []fyne.CanvasObject {
	n := max(p.N, 1)
	f.faces = make([]int, n)
	dice := container.NewGridWrap(fyne.NewSize(72, kit.MinTouchTarget+4))
	for i := 0; i < n; i++ {
		i := i
		b := widget.NewButton("", func() { f.at = i; s.drawDice(f) })
		f.dieBtns = append(f.dieBtns, b)
		dice.Add(b)
	}
	faces := container.NewGridWithColumns(6)
	for v := 1; v <= 6; v++ {
		v := v
		b := widget.NewButton(strconv.Itoa(v), func() { s.enterFace(f, v) })
		b.Importance = widget.HighImportance
		f.faceBtns = append(f.faceBtns, b)
		faces.Add(kit.WithMinSize(b, kit.MinTouchTarget+8, kit.MinTouchTarget+12))
	}
	f.send = widget.NewButtonWithIcon("Enter", theme.ConfirmIcon(), func() {
		vals := make([]string, len(f.faces))
		for i, v := range f.faces {
			vals[i] = strconv.Itoa(v)
		}
		s.do(ruunara.CmdRoll, map[string]any{"values": strings.Join(vals, ",")})
	})
	clear := widget.NewButtonWithIcon("Clear", theme.ContentClearIcon(), func() {
		for i := range f.faces {
			f.faces[i] = 0
		}
		f.at = 0
		s.drawDice(f)
	})
	f.rollBtn = widget.NewButtonWithIcon("Roll for me", theme.ViewRefreshIcon(), func() { s.do(ruunara.CmdRoll, nil) })
	s.drawDice(f)
	// The table's dice: tap a face for each die in turn (a die tapped
	// takes the next face again).
	out := []fyne.CanvasObject{dice, faces}
	btns := container.NewBorder(nil, nil, nil, f.rollBtn, container.NewGridWithColumns(2, clear, f.send))
	if p.First == "app" {
		// The app's roll offered first.
		f.rollBtn.Importance = widget.HighImportance
		btns = container.NewBorder(nil, nil, f.rollBtn, nil, container.NewGridWithColumns(2, clear, f.send))
		out = []fyne.CanvasObject{btns, dice, faces}
	} else {
		out = append(out, btns)
	}
	if a := s.command(ruunara.CmdRoll); !a.Allowed && a.Reason != "" {
		f.rollBtn.Disable()
		out = append(out, kit.Caption(a.Reason))
	}
	return out
}

// enterFace puts face v on the current die and moves to the next empty one.
func (s *Screen) enterFace(f *promptForm, v int) {
	if f.at >= len(f.faces) {
		return
	}
	f.faces[f.at] = v
	f.at = len(f.faces)
	for i, x := range f.faces {
		if x == 0 {
			f.at = i
			break
		}
	}
	s.drawDice(f)
}

// drawDice shows the faces entered and enables "Enter" once all are in.
func (s *Screen) drawDice(f *promptForm) {
	full := true
	for i, b := range f.dieBtns {
		t := "–"
		if f.faces[i] > 0 {
			t = strconv.Itoa(f.faces[i])
		} else {
			full = false
		}
		b.SetText(fmt.Sprintf("%d: %s", i+1, t))
		if i == f.at {
			b.Importance = widget.WarningImportance
		} else {
			b.Importance = widget.MediumImportance
		}
		b.Refresh()
	}
	for _, b := range f.faceBtns {
		kit.SetEnabled(b, f.at < len(f.faces))
	}
	if f.send != nil {
		kit.SetEnabled(f.send, full)
	}
}

// successes are the positions (1-based) of the successful dice: the N
// highest faces of the roll (the view gives no hit score for this prompt;
// the successes of a roll are exactly its N highest faces).
func successes(faces []int, n int) []int {
	pos := make([]int, len(faces))
	for i := range faces {
		pos[i] = i
	}
	sort.SliceStable(pos, func(a, b int) bool { return faces[pos[a]] > faces[pos[b]] })
	if n > len(pos) {
		n = len(pos)
	}
	out := make([]int, 0, n)
	for _, p := range pos[:n] {
		out = append(out, p+1)
	}
	sort.Ints(out)
	return out
}

// assignForm: each successful die to one of the engaged enemies.
func (s *Screen) assignForm(p *ruunara.PromptView, f *promptForm) []fyne.CanvasObject {
	f.targets = map[int]string{}
	f.chips = map[int]map[string]*widget.Button{}
	var objs []fyne.CanvasObject
	hp := map[string]string{}
	for _, e := range s.view.Enemies {
		hp[e.ID] = fmt.Sprintf("%s (HP %d)", e.ID, e.HP)
	}
	dice := p.Hits // the positions of the dice that hit
	if len(dice) == 0 {
		dice = successes(p.Faces, p.N)
	}
	for i, pos := range dice {
		pos := pos
		row := container.NewHBox(kit.BoldLabel(fmt.Sprintf("Die %d: %d →", pos, p.Faces[pos-1])))
		f.chips[pos] = map[string]*widget.Button{}
		for _, t := range p.Targets {
			t := t
			label := hp[t]
			if label == "" {
				label = t
			}
			b := widget.NewButton(label, func() { f.targets[pos] = t; drawChips(f.chips[pos], t) })
			f.chips[pos][t] = b
			row.Add(b)
		}
		// the view's split: each die to the first enemy still standing
		if i < len(p.Assign) {
			f.targets[pos] = p.Assign[i]
			drawChips(f.chips[pos], p.Assign[i])
		} else if len(p.Targets) > 0 {
			f.targets[pos] = p.Targets[0]
			drawChips(f.chips[pos], p.Targets[0])
		}
		objs = append(objs, container.NewHScroll(row))
	}
	send := widget.NewButtonWithIcon("Assign the hits", theme.ConfirmIcon(), func() {
		var parts []string
		for _, pos := range dice {
			if t := f.targets[pos]; t != "" {
				parts = append(parts, fmt.Sprintf("%d:%s", pos, t))
			}
		}
		s.do(ruunara.CmdAssign, map[string]any{"dice": strings.Join(parts, ",")})
	})
	send.Importance = widget.HighImportance
	f.send = send
	objs = append(objs, send)
	return append(objs, s.rerollRow(p)...)
}

// rerollRow offers a card-granted re-roll while a roll is open (RU-D4):
// which die, its new face, and the ability that grants it; nothing when
// no hero has an ability that may.
func (s *Screen) rerollRow(p *ruunara.PromptView) []fyne.CanvasObject {
	if len(p.Rerolls) == 0 {
		return nil
	}
	n := len(p.Faces)
	if n == 0 {
		n = 1 // an ability's trigger die
	}
	var dice, faces, abilities []string
	for i := 1; i <= n; i++ {
		label := fmt.Sprintf("die %d", i)
		if i <= len(p.Faces) {
			label = fmt.Sprintf("die %d (a %d)", i, p.Faces[i-1])
		}
		dice = append(dice, label)
	}
	for v := 1; v <= 6; v++ {
		faces = append(faces, fmt.Sprint(v))
	}
	byLabel := map[string]string{}
	for _, c := range p.Rerolls {
		abilities = append(abilities, c.Label)
		byLabel[c.Label] = c.Value
	}
	die := widget.NewSelect(dice, nil)
	die.SetSelectedIndex(0)
	face := widget.NewSelect(faces, nil)
	face.PlaceHolder = "new face"
	ability := widget.NewSelect(abilities, nil)
	ability.SetSelectedIndex(0)
	btn := widget.NewButtonWithIcon("Re-roll", theme.ViewRefreshIcon(), func() {
		if face.Selected == "" {
			s.env.Fail(fmt.Errorf("pick the die's new face first"))
			return
		}
		s.do(ruunara.CmdReroll, map[string]any{"die": die.SelectedIndex() + 1, "value": face.SelectedIndex() + 1,
			"ability": byLabel[ability.Selected]})
	})
	s.rerollBtn = btn
	return []fyne.CanvasObject{kit.Caption("A card lets you re-roll a die? Enter the new face here."),
		container.NewGridWithColumns(2, die, face, ability, btn)}
}

// drawChips highlights the picked chip of a row.
func drawChips(chips map[string]*widget.Button, picked string) {
	for v, b := range chips {
		if v == picked {
			b.Importance = widget.HighImportance
		} else {
			b.Importance = widget.MediumImportance
		}
		b.Refresh()
	}
}

// questionForm: yes/no for one line, pick-one chips per line, or a tick
// list with "none of them"; each with the rule, defaults pre-selected.
func (s *Screen) questionForm(p *ruunara.PromptView, f *promptForm) []fyne.CanvasObject {
	var objs []fyne.CanvasObject
	if p.Rule != "" {
		objs = append(objs, kit.Caption("Rule: "+p.Rule))
	}

	answer := func(a map[string]any) {
		a["q"] = p.ID
		s.do(ruunara.CmdAnswer, a)
	}
	switch {
	case p.Pick:
		f.picks = map[string]string{}
		f.pickBtns = map[string]map[string]*widget.Button{}
		for _, l := range p.Lines {
			l := l
			objs = append(objs, kit.Wrapped(l.Text))
			row := container.NewHBox()
			f.pickBtns[l.Unit] = map[string]*widget.Button{}
			for _, o := range l.Options {
				o := o
				label := o.Value
				if o.Label != "" && o.Label != o.Value {
					label = o.Label
				}
				b := widget.NewButton(label, func() { f.picks[l.Unit] = o.Value; drawChips(f.pickBtns[l.Unit], o.Value) })
				f.pickBtns[l.Unit][o.Value] = b
				row.Add(b)
			}
			f.picks[l.Unit] = l.Default
			drawChips(f.pickBtns[l.Unit], l.Default)
			objs = append(objs, container.NewHScroll(row))
		}
		send := widget.NewButtonWithIcon("Answer", theme.ConfirmIcon(), func() {
			var parts []string
			for _, l := range p.Lines {
				parts = append(parts, l.Unit+":"+f.picks[l.Unit])
			}
			answer(map[string]any{"pick": strings.Join(parts, ",")})
		})
		send.Importance = widget.HighImportance
		f.send = send
		objs = append(objs, send)
	case len(p.Lines) == 1:
		if p.Lines[0].Text != "" && p.Lines[0].Text != p.Text {
			objs = append(objs, kit.Wrapped(p.Lines[0].Text))
		}
		yes := widget.NewButtonWithIcon("Yes", theme.ConfirmIcon(), func() { answer(map[string]any{"value": "yes"}) })
		no := widget.NewButtonWithIcon("No", theme.CancelIcon(), func() { answer(map[string]any{"value": "no"}) })
		if p.Lines[0].Default == "yes" {
			yes.Importance = widget.HighImportance
		} else {
			no.Importance = widget.HighImportance
		}
		objs = append(objs, container.NewGridWithColumns(2, yes, no))
	default:
		f.ticks = map[string]bool{}
		f.tickBtns = map[string]*widget.Button{}
		objs = append(objs, kit.Caption("Tick each line that is true on the table."))
		for _, l := range p.Lines {
			l := l
			b := widget.NewButton(l.Unit, nil)
			b.OnTapped = func() { f.ticks[l.Unit] = !f.ticks[l.Unit]; drawTick(b, f.ticks[l.Unit]) }
			f.ticks[l.Unit] = l.Default == "yes"
			drawTick(b, f.ticks[l.Unit])
			f.tickBtns[l.Unit] = b
			objs = append(objs, container.NewBorder(nil, nil, kit.WithMinSize(b, 96, kit.MinTouchTarget), nil, kit.Wrapped(l.Text)))
		}
		none := widget.NewButton("None of them", func() { answer(map[string]any{"ticks": "none"}) })
		send := widget.NewButtonWithIcon("Answer", theme.ConfirmIcon(), func() {
			var t []string
			for _, l := range p.Lines {
				if f.ticks[l.Unit] {
					t = append(t, l.Unit)
				}
			}
			if len(t) == 0 {
				t = []string{"none"}
			}
			answer(map[string]any{"ticks": strings.Join(t, ",")})
		})
		send.Importance = widget.HighImportance
		f.send = send
		objs = append(objs, container.NewGridWithColumns(2, none, send))
	}
	if p.QKind == "cover" {
		objs = append(objs, s.rerollRow(p)...)
	}
	return objs
}

// drawTick shows a tick-list line's button ticked or not.
func drawTick(b *widget.Button, on bool) {
	if on {
		b.SetIcon(theme.CheckButtonCheckedIcon())
		b.Importance = widget.HighImportance
	} else {
		b.SetIcon(theme.CheckButtonIcon())
		b.Importance = widget.MediumImportance
	}
	b.Refresh()
}

// ordersForm: the order cards, the new ones marked, and "Done" (ack).
func (s *Screen) ordersForm(f *promptForm) []fyne.CanvasObject {
	v := s.view
	var objs []fyne.CanvasObject
	// During the enemy turn the cards are in the main area already;
	// otherwise the new orders are shown as cards, the earlier ones of
	// this turn in short.
	if v.Side != "enemies" {
		var earlier []string
		for i, o := range v.Orders {
			if i >= v.OrdersNew {
				objs = append(objs, orderCard(o, true))
			} else {
				earlier = append(earlier, o.Text)
			}
		}
		if len(earlier) > 0 {
			objs = append(objs, kit.Caption("Earlier: "+strings.Join(earlier, " ")))
		}
	}
	label := "Done: carried out on the table"
	if p := v.Prompt; p != nil && p.Summary {
		// the end of the enemy turn: what it did, then on to the next round
		summary := v.EnemySummary
		if len(summary) == 0 {
			summary = []string{"No hero was hurt."}
		}
		for _, line := range summary {
			objs = append(objs, kit.BoldLabel(line))
		}
		label = "Next round"
	}
	done := widget.NewButtonWithIcon(label, theme.ConfirmIcon(), func() { s.do(ruunara.CmdAck, nil) })
	done.Importance = widget.HighImportance
	f.send = done
	objs = append(objs, done)
	if a := s.command(ruunara.CmdAck); !a.Allowed {
		done.Disable()
		objs = append(objs, kit.Caption(a.Reason))
	}
	return objs
}
