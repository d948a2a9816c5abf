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
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara"
)

// drawSetup lists the cards (complete or not, with the problem) and the
// units, and refreshes the editor's ability list.
func (s *Screen) drawSetup() {
	v := s.view
	var cards []fyne.CanvasObject
	s.addBtns = map[string]*widget.Button{}
	if s.rosters != nil {
		cards = append(cards, widget.NewButtonWithIcon("Add from roster…", theme.FolderOpenIcon(), s.addFromRoster))
	}
	if len(v.Cards) == 0 {
		cards = append(cards, kit.Caption("No cards yet: define one with the card editor."))
	}
	for _, c := range v.Cards {
		cards = append(cards, s.cardRow(c))
	}
	s.cardList.Objects = cards
	s.cardList.Refresh()

	var units []fyne.CanvasObject
	for _, h := range v.Heroes {
		units = append(units, s.unitRow(h.ID, fmt.Sprintf("%s %s · HP %d", h.ID, h.Name, h.MaxHP), h.Seat))
	}
	for _, e := range v.Enemies {
		units = append(units, s.unitRow(e.ID, fmt.Sprintf("%s %s · HP %d", e.ID, e.Name, e.MaxHP), ""))
	}
	for _, n := range v.Neutrals {
		units = append(units, s.unitRow(n.ID, fmt.Sprintf("%s %s · neutral", n.ID, n.Name), ""))
	}
	if len(units) == 0 {
		units = append(units, kit.Caption("No units yet: add heroes and enemies from their cards."))
	}
	s.unitList.Objects = units
	s.unitList.Refresh()
	s.editor.refresh()
}

// cardRow is one card of the list with its buttons.
func (s *Screen) cardRow(c ruunara.CardView) fyne.CanvasObject {
	head := c.Name + " · " + c.Kind
	if c.RaceName != "" {
		head += " · " + c.RaceName
	}
	title := kit.BoldLabel(head)
	var stats []string
	if c.HP > 0 {
		stats = append(stats, fmt.Sprintf("HP %d", c.HP))
	}
	for _, x := range [][2]string{{"close", c.Close}, {"ranged", c.Ranged}, {"move", c.Move}, {"vision", c.Vision}, {"range", c.Range}} {
		if x[1] != "" {
			stats = append(stats, x[0]+" "+x[1])
		}
	}
	for _, a := range c.Abilities {
		stats = append(stats, a.Name+" ("+a.CycleText+")")
	}
	items := []fyne.CanvasObject{title, kit.Caption(strings.Join(stats, " · "))}
	if c.Estimated != "" {
		items = append(items, kit.Caption(c.Estimated))
	}
	if !c.Complete {
		p := kit.Wrapped("Incomplete: " + c.Problem)
		p.Importance = widget.DangerImportance
		items = append(items, p)
	}
	for _, w := range c.Warnings {
		l := kit.Caption(w)
		items = append(items, l)
	}
	id := c.ID
	edit := widget.NewButtonWithIcon("Edit", theme.DocumentCreateIcon(), func() { s.editor.load(id) })
	btns := container.NewHBox(edit)
	var add *widget.Button
	switch c.Faction {
	case "enemy":
		name := c.Name
		add = widget.NewButtonWithIcon("Add enemies…", theme.ContentAddIcon(), func() { s.addEnemies(id, name) })
	case "neutral":
		add = widget.NewButtonWithIcon("Add neutral", theme.ContentAddIcon(), func() {
			s.setupDo(ruunara.CmdAddNeutral, map[string]any{"card": id})
		})
	default:
		add = widget.NewButtonWithIcon("Add hero", theme.ContentAddIcon(), func() { s.addHero(id) })
	}
	if !c.Complete {
		add.Disable()
	}
	s.addBtns[id] = add
	btns.Add(add)
	if s.rosters != nil && c.Record != "" {
		rec, name := c.Record, c.Name
		btns.Add(widget.NewButtonWithIcon("Save to roster", theme.DocumentSaveIcon(), func() { s.saveToRoster(name, rec) }))
	}
	items = append(items, container.NewHScroll(btns))
	return card(items...)
}

// unitRow is one unit with its Remove button and, for a hero of a duo
// game, the seat that plays it.
func (s *Screen) unitRow(id, text, seat string) fyne.CanvasObject {
	rm := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
		s.setupDo(ruunara.CmdRemoveUnit, map[string]any{"unit": id})
	})
	right := container.NewHBox()
	if seat != "" && len(s.view.Seats) > 1 {
		next := s.view.Seats[0].Seat
		for i, sv := range s.view.Seats {
			if sv.Seat == seat {
				next = s.view.Seats[(i+1)%len(s.view.Seats)].Seat
			}
		}
		right.Add(widget.NewButtonWithIcon(seat, theme.AccountIcon(), func() {
			s.setupDo(ruunara.CmdAssign, map[string]any{"hero": id, "seat": next})
		}))
	}
	right.Add(kit.WithMinSize(rm, kit.MinTouchTarget, kit.MinTouchTarget))
	return container.NewBorder(nil, nil, nil, right, kit.Wrapped(text))
}

// setupDo sends a set-up command as the acting seat.
func (s *Screen) setupDo(cmd string, args map[string]any) bool { return s.do(cmd, args) }

// addHero adds a hero: in a duo game, after picking the seat that plays it.
func (s *Screen) addHero(card string) {
	if len(s.view.Seats) < 2 {
		s.setupDo(ruunara.CmdAddHero, map[string]any{"card": card})
		return
	}
	var d dialog.Dialog
	box := container.NewVBox()
	for _, sv := range s.view.Seats {
		seat := sv.Seat
		box.Add(widget.NewButtonWithIcon(seat, theme.AccountIcon(), func() {
			d.Hide()
			s.setupDo(ruunara.CmdAddHero, map[string]any{"card": card, "seat": seat})
		}))
	}
	d = dialog.NewCustom("Which seat plays the hero?", "Cancel", box, s.env.Window())
	d.Show()
}

// addEnemies adds enemies of a card, after picking how many.
func (s *Screen) addEnemies(card, name string) {
	var d dialog.Dialog
	grid := container.NewGridWithColumns(4)
	for n := 1; n <= 8; n++ {
		n := n
		grid.Add(widget.NewButton(strconv.Itoa(n), func() {
			d.Hide()
			s.setupDo(ruunara.CmdAddEnemy, map[string]any{"card": card, "count": n})
		}))
	}
	d = dialog.NewCustom("How many of "+name+"?", "Cancel", grid, s.env.Window())
	d.Show()
}

// saveToRoster keeps a card's record in the roster under its name.
func (s *Screen) saveToRoster(name, record string) {
	if err := s.rosters.PutRoster(RosterKind, name, []byte(record)); err != nil {
		s.env.Fail(err)
		return
	}
	dialog.ShowInformation("Roster", "The card "+name+" is kept in the roster.", s.env.Window())
}

// addFromRoster lists the cards kept in the roster; a tap defines one.
func (s *Screen) addFromRoster() {
	names, err := s.rosters.Rosters(RosterKind)
	if err != nil {
		s.env.Fail(err)
		return
	}
	var d dialog.Dialog
	box := container.NewVBox()
	if len(names) == 0 {
		box.Add(kit.Wrapped("No card is kept yet: \"Save to roster\" on a card keeps it."))
	}
	for _, n := range names {
		n := n
		box.Add(widget.NewButton(n, func() {
			d.Hide()
			b, err := s.rosters.Roster(RosterKind, n)
			if err != nil {
				s.env.Fail(err)
				return
			}
			s.setupDo(ruunara.CmdDefineCard, map[string]any{"json": string(b)})
		}))
	}
	d = dialog.NewCustom("Add a card from the roster", "Cancel", container.NewVScroll(box), s.env.Window())
	d.Resize(fyne.NewSize(fyne.Min(420, s.env.Window().Canvas().Size().Width-16), fyne.Min(480, s.env.Window().Canvas().Size().Height-32)))
	d.Show()
}

// cardEditor defines a card field by field (define-card) and its
// abilities (define-ability).
type cardEditor struct {
	s   *Screen
	box *fyne.Container

	id, name, hp, move, vision, close, ranged, rng *widget.Entry
	faction, race                                  *cycle
	unitNote                                       *widget.Label
	problem                                        *widget.Label
	save                                           *widget.Button

	abilities *fyne.Container
	ab        abilityForm
}

// abilityForm is the ability part of the editor.
type abilityForm struct {
	id, name, effect, text            *widget.Entry
	kind, cyc, trigger, target, reach *cycle
	tactical, movement, combat        *widget.Check
	problem                           *widget.Label
	save                              *widget.Button
}

// cycle is a button that steps through its values on each tap.
type cycle struct {
	*widget.Button
	label  string
	values []string
	at     int
}

func newCycle(label string, values ...string) *cycle {
	c := &cycle{label: label, values: values}
	c.Button = widget.NewButton("", func() { c.set((c.at + 1) % len(c.values)) })
	c.set(0)
	return c
}

func (c *cycle) set(i int) {
	c.at = i
	c.Button.SetText(c.label + ": " + c.values[i])
}

// Value is the value shown.
func (c *cycle) Value() string { return c.values[c.at] }

// SetValue shows v (the first value when v is not one).
func (c *cycle) SetValue(v string) {
	for i, x := range c.values {
		if strings.EqualFold(x, v) {
			c.set(i)
			return
		}
	}
	c.set(0)
}

func entry(place string) *widget.Entry {
	e := widget.NewEntry()
	e.SetPlaceHolder(place)
	return e
}

func newCardEditor(s *Screen) *cardEditor {
	e := &cardEditor{s: s}
	e.id = entry("id, e.g. naali")
	e.name = entry("name on the card")
	e.hp = entry("hit points")
	e.move = entry("movement, e.g. 5")
	e.vision = entry("vision, e.g. 6")
	e.close = entry("close combat dice, e.g. 3D3+")
	e.ranged = entry("ranged dice, e.g. 2D4+")
	e.rng = entry("printed range, if not the vision")
	e.faction = newCycle("Faction", "ally", "enemy", "neutral")
	e.race = newCycle("Race", "none", "ardann", "kangara", "sanbari")
	e.unitNote = kit.Caption("")
	e.problem = kit.Wrapped("")
	e.problem.Importance = widget.DangerImportance
	e.save = widget.NewButtonWithIcon("Save card", theme.DocumentSaveIcon(), e.saveCard)
	e.save.Importance = widget.HighImportance
	clear := widget.NewButtonWithIcon("New card", theme.ContentClearIcon(), e.clear)
	// A field confirmed with Enter is sent alone (define-card, field by
	// field, RU-D59).
	for name, en := range e.fields() {
		name, en := name, en
		en.OnSubmitted = func(string) { e.saveField(name) }
	}
	field := func(label string, o fyne.CanvasObject) fyne.CanvasObject {
		return container.NewBorder(nil, nil, kit.WithMinSize(widget.NewLabel(label), 80, 0), nil, o)
	}
	e.ab = abilityForm{
		id: entry("ability id, e.g. war-cry"), name: entry("its name"),
		effect: entry("e.g. attack:2D4+"),
		text:   entry("the card text"),
		kind:   newCycle("Kind", "skill", "spell"), cyc: newCycle("Cycle", "1/F", "1/G", "1/T", "constant"),
		trigger:  newCycle("Trigger", "none", "2+", "3+", "4+", "5+", "6+"),
		target:   newCycle("Target", "single", "self", "area", "none"),
		reach:    newCycle("Reach", "any", "melee", "ranged"),
		tactical: widget.NewCheck("tactical", nil), movement: widget.NewCheck("movement", nil),
		combat: widget.NewCheck("combat", nil),
	}
	e.ab.text.MultiLine = true
	e.ab.text.Wrapping = fyne.TextWrapWord
	e.ab.problem = kit.Wrapped("")
	e.ab.problem.Importance = widget.DangerImportance
	e.ab.save = widget.NewButtonWithIcon("Save ability", theme.DocumentSaveIcon(), e.saveAbility)
	e.abilities = kit.NewWrapVBox()
	e.box = kit.NewWrapVBox(
		kit.Subheading("Card editor"), e.unitNote,
		field("Id", e.id), field("Name", e.name),
		e.faction.Button, e.race.Button,
		field("HP", e.hp), field("Move", e.move), field("Vision", e.vision),
		field("Close", e.close), field("Ranged", e.ranged), field("Range", e.rng),
		e.problem, container.NewGridWithColumns(2, clear, e.save),
		widget.NewSeparator(),
		kit.Subheading("Abilities of this card"), e.abilities,
		field("Id", e.ab.id), field("Name", e.ab.name),
		e.ab.kind.Button, e.ab.cyc.Button, e.ab.trigger.Button, e.ab.target.Button, e.ab.reach.Button,
		widget.NewLabel("Phases"), e.ab.tactical, e.ab.movement, e.ab.combat,
		field("Effect", e.ab.effect),
		kit.Caption("Effects: instant-kill, on-die:5:instant-kill, attack:2D4+, heal:3, flee or text."),
		field("Text", e.ab.text),
		e.ab.problem, e.ab.save,
	)
	e.problem.Hide()
	e.ab.problem.Hide()
	return e
}

// fields are the card's text fields by command argument.
func (e *cardEditor) fields() map[string]*widget.Entry {
	return map[string]*widget.Entry{"name": e.name, "hp": e.hp, "move": e.move, "vision": e.vision,
		"close": e.close, "ranged": e.ranged, "range": e.rng}
}

// fieldOrder is the order the fields are sent in.
var fieldOrder = []string{"name", "hp", "move", "vision", "close", "ranged", "range"}

// refresh redraws the note on units and the card's abilities.
func (e *cardEditor) refresh() {
	e.unitNote.SetText("Distances are in your unit (" + e.s.view.Unit + ") unless you write in or cm; dice as 3D3+.")
	var objs []fyne.CanvasObject
	id := strings.TrimSpace(e.id.Text)
	for _, c := range e.s.view.Cards {
		if c.ID != id {
			continue
		}
		for _, a := range c.Abilities {
			a := a
			text := fmt.Sprintf("%s (%s) · %s · %s", a.Name, a.ID, a.Cycle, a.Effect)
			if a.Trigger > 0 {
				text += fmt.Sprintf(" · %d+", a.Trigger)
			}
			rm := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
				e.s.setupDo(ruunara.CmdRemoveAbility, map[string]any{"card": id, "id": a.ID})
			})
			ed := widget.NewButtonWithIcon("", theme.DocumentCreateIcon(), func() { e.loadAbility(a) })
			objs = append(objs, container.NewBorder(nil, nil, nil, container.NewHBox(
				kit.WithMinSize(ed, kit.MinTouchTarget, kit.MinTouchTarget), kit.WithMinSize(rm, kit.MinTouchTarget, kit.MinTouchTarget)), kit.Wrapped(text)))
		}
	}
	if len(objs) == 0 {
		objs = append(objs, kit.Caption("None yet."))
	}
	e.abilities.Objects = objs
	e.abilities.Refresh()
	// The list's height changed: lay the editor out again.
	e.box.Refresh()
}

// load puts a card of the view into the editor.
func (e *cardEditor) load(id string) {
	for _, c := range e.s.view.Cards {
		if c.ID != id {
			continue
		}
		e.id.SetText(c.ID)
		e.name.SetText(c.Name)
		e.faction.SetValue(c.Faction)
		e.race.SetValue(c.Race)
		e.hp.SetText("")
		if c.HP > 0 {
			e.hp.SetText(strconv.Itoa(c.HP))
		}
		e.move.SetText(c.Move)
		e.vision.SetText(c.Vision)
		e.close.SetText(c.Close)
		e.ranged.SetText(c.Ranged)
		e.rng.SetText(c.Range)
	}
	e.problem.Hide()
	e.refresh()
}

// clear empties the editor for a new card.
func (e *cardEditor) clear() {
	e.id.SetText("")
	for _, en := range e.fields() {
		en.SetText("")
	}
	e.faction.set(0)
	e.race.set(0)
	e.problem.Hide()
	e.refresh()
}

// showProblem shows a refusal beside the fields.
func showProblem(l *widget.Label, err error) {
	if err == nil {
		l.Hide()
		return
	}
	l.SetText(kit.ErrorText(err))
	l.Show()
}

// saveCard sends define-card with every field filled in.
func (e *cardEditor) saveCard() {
	args := map[string]any{"id": strings.TrimSpace(e.id.Text), "faction": e.faction.Value(), "race": e.race.Value()}
	for _, f := range fieldOrder {
		if t := strings.TrimSpace(e.fields()[f].Text); t != "" {
			args[f] = t
		}
	}
	e.send(ruunara.CmdDefineCard, args, e.problem)
}

// saveField sends one field of the card (the others unchanged).
func (e *cardEditor) saveField(name string) {
	args := map[string]any{"id": strings.TrimSpace(e.id.Text)}
	args[name] = strings.TrimSpace(e.fields()[name].Text)
	e.send(ruunara.CmdDefineCard, args, e.problem)
}

// send gives a set-up command and shows its refusal in problem.
func (e *cardEditor) send(cmd string, args map[string]any, problem *widget.Label) {
	err := e.s.env.TryAs(e.s.seat, cmd, args)
	if err != nil && !console.IsRejection(err) {
		return
	}
	showProblem(problem, err)
}

// loadAbility puts an ability into the ability part.
func (e *cardEditor) loadAbility(a ruunara.AbilityView) {
	e.ab.id.SetText(a.ID)
	e.ab.name.SetText(a.Name)
	e.ab.kind.SetValue(a.Kind)
	e.ab.cyc.SetValue(a.Cycle)
	e.ab.trigger.SetValue("none")
	if a.Trigger > 0 {
		e.ab.trigger.SetValue(fmt.Sprintf("%d+", a.Trigger))
	}
	e.ab.target.SetValue(a.Target)
	e.ab.effect.SetText(a.Effect)
	e.ab.text.SetText(a.Text)
	on := map[string]bool{}
	for _, p := range a.Phase {
		on[p] = true
	}
	e.ab.tactical.SetChecked(on["tactical"])
	e.ab.movement.SetChecked(on["movement"])
	e.ab.combat.SetChecked(on["combat"])
}

// saveAbility sends define-ability for the card in the editor.
func (e *cardEditor) saveAbility() {
	var phases []string
	for _, c := range []*widget.Check{e.ab.tactical, e.ab.movement, e.ab.combat} {
		if c.Checked {
			phases = append(phases, c.Text)
		}
	}
	args := map[string]any{"card": strings.TrimSpace(e.id.Text), "id": strings.TrimSpace(e.ab.id.Text),
		"kind": e.ab.kind.Value(), "cycle": e.ab.cyc.Value(), "trigger": strings.TrimSuffix(e.ab.trigger.Value(), "+"),
		"target": e.ab.target.Value(), "reach": e.ab.reach.Value()}
	if len(phases) > 0 {
		args["phase"] = strings.Join(phases, ",")
	}
	for k, en := range map[string]*widget.Entry{"name": e.ab.name, "effect": e.ab.effect, "text": e.ab.text} {
		if t := strings.TrimSpace(en.Text); t != "" {
			args[k] = t
		}
	}
	e.send(ruunara.CmdDefineAbility, args, e.ab.problem)
}
