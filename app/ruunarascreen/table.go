package ruunarascreen

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
	"github.com/commandconsole/commandconsole/games/ruunara"
)

// drawHeroes draws one card per hero.
func (s *Screen) drawHeroes() {
	var objs []fyne.CanvasObject
	objs = append(objs, kit.Subheading("Heroes"))
	s.actionBtns = map[string]*widget.Button{}
	for _, h := range s.view.Heroes {
		objs = append(objs, s.heroCard(h))
	}
	s.heroes.Objects = objs
	s.heroes.Refresh()
}

// heroCard is a hero's card: name, big HP with − and +, dice badges,
// ability tokens, the status ribbon and the hero's actions.
func (s *Screen) heroCard(h ruunara.HeroView) fyne.CanvasObject {
	name := kit.BoldLabel(fmt.Sprintf("%s  (%s)", h.Name, h.ID))
	name.SizeName = theme.SizeNameSubHeadingText
	if len(s.view.Seats) > 1 {
		name.SetText(fmt.Sprintf("%s  (%s · %s)", h.Name, h.ID, h.Seat))
	}
	hp := widget.NewLabelWithStyle(fmt.Sprintf("%d/%d", h.HP, h.MaxHP), fyne.TextAlignCenter, fyne.TextStyle{Bold: true, Monospace: true})
	hp.SizeName = theme.SizeNameHeadingText
	id := h.ID
	minus := widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() {
		s.do(ruunara.CmdAdjust, map[string]any{"unit": id, "hp": strconv.Itoa(h.HP - 1)})
	})
	plus := widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() {
		s.do(ruunara.CmdAdjust, map[string]any{"unit": id, "hp": strconv.Itoa(h.HP + 1)})
	})
	kit.SetEnabled(minus, h.HP > 0)
	kit.SetEnabled(plus, h.HP < h.MaxHP)
	hpBox := container.NewHBox(kit.WithMinSize(minus, kit.MinTouchTarget+4, kit.MinTouchTarget),
		kit.WithMinSize(hp, 80, kit.MinTouchTarget), kit.WithMinSize(plus, kit.MinTouchTarget+4, kit.MinTouchTarget))
	head := container.NewBorder(nil, nil, nil, hpBox, name)

	items := []fyne.CanvasObject{head, kit.Caption(badges(h))}
	if h.Estimated != "" {
		items = append(items, kit.Caption(h.Estimated))
	}
	if rib := ribbon(h); rib != "" {
		l := kit.Wrapped(rib)
		l.TextStyle.Bold = true
		switch {
		case h.Status == ruunara.StatusExecuted || h.Status == ruunara.StatusRemoved:
			l.Importance = widget.LowImportance
		case h.Warn || h.Status == ruunara.StatusCaptured:
			l.Importance = widget.DangerImportance
		default:
			l.Importance = widget.WarningImportance
		}
		items = append(items, l)
	}
	if h.Timer != "" {
		l := kit.Wrapped(h.Timer)
		l.Importance = widget.WarningImportance
		if h.Warn {
			l.Importance = widget.DangerImportance
			l.TextStyle.Bold = true
		}
		items = append(items, l)
	}
	gone := h.Status == ruunara.StatusExecuted || h.Status == ruunara.StatusRemoved
	if gone {
		// An executed hero is greyed out.
		name.Importance = widget.LowImportance
		hp.Importance = widget.LowImportance
		return card(items...)
	}
	for _, a := range h.Abilities {
		items = append(items, abilityLine(a))
	}
	for _, a := range h.Actions {
		items = append(items, s.actionButton(h, a)...)
	}
	return card(items...)
}

// badges are the card's dice and distances.
func badges(h ruunara.HeroView) string {
	var b []string
	if h.Close != "" {
		b = append(b, "Close "+h.Close)
	}
	if h.Ranged != "" {
		b = append(b, "Ranged "+h.Ranged)
	}
	if h.Move != "" {
		b = append(b, "Move "+h.Move)
	}
	if h.Vision != "" {
		b = append(b, "Vision "+h.Vision)
	}
	if h.Range != "" {
		b = append(b, "Range "+h.Range)
	}
	return strings.Join(b, " · ")
}

// ribbon is the hero's status in capitals: ENGAGED E1, E2 · CAPTURED.
func ribbon(h ruunara.HeroView) string {
	var r []string
	if len(h.Engaged) > 0 {
		r = append(r, "ENGAGED "+join(h.Engaged))
	}
	switch h.Status {
	case ruunara.StatusCaptured:
		r = append(r, "CAPTURED by "+join(h.Captors))
	case ruunara.StatusExecuted:
		r = append(r, "EXECUTED")
	case ruunara.StatusRemoved:
		r = append(r, "REMOVED")
	}
	if h.Attacked {
		r = append(r, "attacked this turn")
	}
	return strings.Join(r, " · ")
}

// abilityLine shows an ability with one token per use left (● left,
// ○ spent), its cycle and trigger; greyed when no use is left.
func abilityLine(a ruunara.AbilityView) fyne.CanvasObject {
	tokens := "∞"
	if a.Cycle != "constant" {
		tokens = strings.Repeat("●", a.Left) + strings.Repeat("○", max(a.Uses-a.Left, 0))
	}
	text := fmt.Sprintf("%s  %s (%s)", tokens, a.Name, a.CycleText)
	if a.Trigger > 0 {
		text += fmt.Sprintf(", works on %d+", a.Trigger)
	}
	l := kit.Wrapped(text)
	if !a.Ready {
		l.Importance = widget.LowImportance
		l.SetText(text + " (spent)")
	}
	return l
}

// actionButton is one of the hero's actions: a button, greyed with its
// reason; one with a choice to make opens a picker.
func (s *Screen) actionButton(h ruunara.HeroView, a ruunara.ActionView) []fyne.CanvasObject {
	label := a.Label
	if a.Arg != "" && !strings.HasSuffix(label, "…") {
		label += "…"
	}
	b := widget.NewButton(label, func() { s.act(h, a) })
	b.Alignment = widget.ButtonAlignLeading
	s.actionBtns[h.ID+"|"+a.Label] = b
	if a.Reason != "" {
		b.Disable()
		return []fyne.CanvasObject{b, kit.Caption(a.Reason)}
	}
	return []fyne.CanvasObject{b}
}

// args are an action's fixed arguments.
func args(a ruunara.ActionView) map[string]any {
	m := map[string]any{}
	for k, v := range a.Args {
		m[k] = v
	}
	return m
}

// act gives an action, after its picker when it has a choice.
func (s *Screen) act(h ruunara.HeroView, a ruunara.ActionView) {
	if a.Arg == "" {
		s.do(a.Cmd, args(a))
		return
	}
	s.openPicker(h, a)
}

// picker is the choice dialog of an action: one button per choice (a
// disabled one with its reason); several may be picked for engage.
type picker struct {
	dlg     dialog.Dialog
	buttons map[string]*widget.Button
	picked  map[string]bool
	ok      *widget.Button
}

func (s *Screen) openPicker(h ruunara.HeroView, a ruunara.ActionView) {
	p := &picker{buttons: map[string]*widget.Button{}, picked: map[string]bool{}}
	box := container.NewVBox()
	send := func(values []string) {
		m := args(a)
		m[a.Arg] = strings.Join(values, ",")
		p.dlg.Hide()
		s.picker = nil
		s.do(a.Cmd, m)
	}
	for _, c := range a.Choices {
		c := c
		label := c.Label
		switch {
		case label == "" || label == c.Value:
			label = c.Value
		case !strings.HasPrefix(label, c.Value+" "):
			label = c.Value + " · " + label
		}
		b := widget.NewButton(label, nil)
		p.buttons[c.Value] = b
		if a.Multi {
			b.OnTapped = func() {
				p.picked[c.Value] = !p.picked[c.Value]
				if p.picked[c.Value] {
					b.Importance = widget.HighImportance
					b.SetIcon(theme.CheckButtonCheckedIcon())
				} else {
					b.Importance = widget.MediumImportance
					b.SetIcon(theme.CheckButtonIcon())
				}
				kit.SetEnabled(p.ok, len(p.chosen(a)) > 0)
				b.Refresh()
			}
			b.SetIcon(theme.CheckButtonIcon())
		} else {
			b.OnTapped = func() { send([]string{c.Value}) }
		}
		box.Add(b)
		if c.Disabled != "" {
			b.Disable()
			box.Add(kit.Caption(c.Disabled))
		}
	}
	title := fmt.Sprintf("%s: %s", h.Name, a.Label)
	if a.Multi {
		p.ok = widget.NewButtonWithIcon("Confirm", theme.ConfirmIcon(), func() { send(p.chosen(a)) })
		p.ok.Importance = widget.HighImportance
		p.ok.Disable()
		box.Add(p.ok)
	}
	p.dlg = dialog.NewCustom(title, "Cancel", container.NewVScroll(box), s.env.Window())
	p.dlg.Resize(fyne.NewSize(fyne.Min(480, s.env.Window().Canvas().Size().Width-16), fyne.Min(box.MinSize().Height+160, s.env.Window().Canvas().Size().Height-32)))
	s.picker = p
	p.dlg.Show()
}

// chosen are the picked choices, in the view's order.
func (p *picker) chosen(a ruunara.ActionView) []string {
	var out []string
	for _, c := range a.Choices {
		if p.picked[c.Value] {
			out = append(out, c.Value)
		}
	}
	return out
}

// drawEnemies draws the enemy column: one row per enemy with its HP pips,
// its mode as a label and its post marker.
func (s *Screen) drawEnemies() {
	var objs []fyne.CanvasObject
	s.enemyBtns = map[string][2]*widget.Button{}
	for _, e := range s.view.Enemies {
		objs = append(objs, s.enemyRow(e))
	}
	for _, n := range s.view.Neutrals {
		l := kit.Wrapped(fmt.Sprintf("%s %s · neutral · HP %d", n.ID, n.Name, n.HP))
		if n.Dead {
			l.Importance = widget.LowImportance
			l.SetText(l.Text + " · dead")
		}
		objs = append(objs, l)
	}
	if len(objs) == 0 {
		objs = append(objs, kit.Caption("No enemies."))
	}
	if len(s.view.Sites) > 0 {
		objs = append(objs, kit.BoldLabel("Fight sites"))
		for _, st := range s.view.Sites {
			objs = append(objs, kit.Caption(st.Text))
		}
	}
	s.enemies.Objects = objs
	s.enemies.Refresh()
}

// pips draws hit points as filled and empty dots (a number past 12).
func pips(hp, maxHP int) string {
	if maxHP > 12 || hp > maxHP {
		return fmt.Sprintf("HP %d/%d", hp, maxHP)
	}
	return strings.Repeat("●", max(hp, 0)) + strings.Repeat("○", max(maxHP-hp, 0))
}

func (s *Screen) enemyRow(e ruunara.EnemyView) fyne.CanvasObject {
	name := kit.BoldLabel(fmt.Sprintf("%s %s", e.ID, e.Name))
	hp := widget.NewLabelWithStyle(pips(e.HP, e.MaxHP), fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
	hp.Importance = widget.DangerImportance
	label := kit.Wrapped(e.Label)
	label.TextStyle.Bold = true
	right := container.NewHBox(hp)
	if e.HP > 0 && s.view.Stage == ruunara.StagePlay {
		// A table correction of the enemy's hit points (adjust).
		id := e.ID
		minus := widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() {
			s.do(ruunara.CmdAdjust, map[string]any{"unit": id, "hp": strconv.Itoa(e.HP - 1)})
		})
		plus := widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() {
			s.do(ruunara.CmdAdjust, map[string]any{"unit": id, "hp": strconv.Itoa(e.HP + 1)})
		})
		kit.SetEnabled(plus, e.HP < e.MaxHP)
		s.enemyBtns[id] = [2]*widget.Button{minus, plus}
		right.Add(kit.WithMinSize(minus, kit.MinTouchTarget, kit.MinTouchTarget))
		right.Add(kit.WithMinSize(plus, kit.MinTouchTarget, kit.MinTouchTarget))
	}
	items := []fyne.CanvasObject{container.NewBorder(nil, nil, nil, right, name), label}
	var notes []string
	if e.OffPost {
		notes = append(notes, "post marker out")
	}
	if e.Close != "" {
		notes = append(notes, "close "+e.Close)
	}
	if e.Ranged != "" {
		notes = append(notes, "ranged "+e.Ranged)
	}
	notes = append(notes, "move "+e.Move, "vision "+e.Vision)
	items = append(items, kit.Caption(strings.Join(notes, " · ")))
	if e.Estimated != "" {
		items = append(items, kit.Caption(e.Estimated))
	}
	if e.Mode == "dead" || e.Label == "DEAD" {
		name.Importance = widget.LowImportance
		label.Importance = widget.LowImportance
		hp.Importance = widget.LowImportance
		return kit.NewWrapVBox(items[:2]...)
	}
	return card(items...)
}

// drawEnemyTurn shows, during the enemy turn, each enemy's order in large
// text, the enemies without one greyed.
func (s *Screen) drawEnemyTurn() {
	v := s.view
	if v.Side != "enemies" {
		s.enemyTurn.Objects = nil
		s.enemyTurn.Hide()
		return
	}
	objs := []fyne.CanvasObject{kit.Heading("Enemy turn")}
	has := map[string]bool{}
	// The open question's line about an enemy goes under its order.
	lines := map[string][]string{}
	if p := v.Prompt; p != nil && p.Kind == ruunara.PromptQuestion {
		for _, l := range p.Lines {
			lines[l.Unit] = append(lines[l.Unit], l.Text)
		}
	}
	last := map[string]int{}
	for i, o := range v.Orders {
		last[o.Enemy] = i
	}
	for i, o := range v.Orders {
		has[o.Enemy] = true
		c := orderCard(o, i >= v.OrdersNew && v.Prompt != nil && v.Prompt.Kind == ruunara.PromptOrders)
		objs = append(objs, c)
		if last[o.Enemy] != i {
			continue
		}
		for _, l := range lines[o.Enemy] {
			q := kit.Wrapped("↳ " + l)
			q.TextStyle.Italic = true
			objs = append(objs, q)
		}
	}
	for _, e := range v.Enemies {
		if has[e.ID] || e.Mode == "dead" || e.Label == "DEAD" {
			continue
		}
		l := kit.Wrapped(e.ID + ": no order")
		l.Importance = widget.LowImportance
		objs = append(objs, l)
	}
	if len(v.Orders) == 0 && v.Prompt != nil && v.Prompt.Kind == ruunara.PromptQuestion {
		objs = append(objs, kit.Caption("The enemies' orders follow the answer below."))
	}
	s.enemyTurn.Objects = objs
	s.enemyTurn.Show()
	s.enemyTurn.Refresh()
}

// orderCard is one enemy order in large readable text.
func orderCard(o ruunara.OrderView, isNew bool) fyne.CanvasObject {
	who := kit.BoldLabel(o.Enemy)
	if isNew {
		who.SetText(o.Enemy + " · new")
	}
	text := kit.Wrapped(o.Text)
	text.SizeName = theme.SizeNameSubHeadingText
	return card(who, text)
}

// card groups objects on a header-coloured rounded background, wrapped
// text measured at the card's width (kit.NewWrapVBox).
func card(objs ...fyne.CanvasObject) *fyne.Container {
	bg := kit.NewFill(theme.ColorNameHeaderBackground)
	bg.Radius = 8
	return container.NewStack(bg, container.NewPadded(kit.NewWrapVBox(objs...)))
}
