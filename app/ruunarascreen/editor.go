package ruunarascreen

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/ruunara"
)

// choice is one option of a picker: the words shown and the value sent.
type choice struct{ label, value string }

// picker is a select that shows words and gives the value behind them.
type pickerField struct {
	*widget.Select
	choices []choice
}

func newPickerField(onChange func(string), cs ...choice) *pickerField {
	p := &pickerField{choices: cs}
	labels := make([]string, len(cs))
	for i, c := range cs {
		labels[i] = c.label
	}
	p.Select = widget.NewSelect(labels, nil)
	// the select's width is its longest choice, not "(Select one)"
	p.PlaceHolder = labels[0]
	p.SetSelectedIndex(0)
	if onChange != nil {
		p.OnChanged = func(string) { onChange(p.Value()) }
	}
	return p
}

// Value is the value of the choice shown.
func (p *pickerField) Value() string {
	if i := p.SelectedIndex(); i >= 0 && i < len(p.choices) {
		return p.choices[i].value
	}
	return p.choices[0].value
}

// SetValue shows the choice of value v (the first when none has it).
func (p *pickerField) SetValue(v string) {
	for i, c := range p.choices {
		if strings.EqualFold(c.value, v) {
			p.SetSelectedIndex(i)
			return
		}
	}
	p.SetSelectedIndex(0)
}

// hitChoices are the hit scores of a die, 2+ to 6+ (1+ always hits).
func hitChoices() []choice {
	var cs []choice
	for v := 2; v <= 6; v++ {
		cs = append(cs, choice{fmt.Sprintf("%d+", v), strconv.Itoa(v)})
	}
	return append(cs, choice{"1+", "1"})
}

// cardEditor (docs/ruunara.md, RU-W6) types a card from its printed card: its name, pickers for
// the kind and race, number fields for the statline, and the abilities
// with pickers and numbers. The card's and the abilities' ids are made
// from their names behind the scenes (define-card, define-ability).
type cardEditor struct {
	s   *Screen
	box *fyne.Container
	// cardID is the card being edited; "" for a new card.
	cardID string

	name, hp, move, vision, rng *widget.Entry
	closeN, rangedN             *widget.Entry
	closeHit, rangedHit         *pickerField
	faction, race               *pickerField
	// raceRow is the race's row, shown for heroes only.
	raceRow                    fyne.CanvasObject
	heading, unitNote, problem *widget.Label
	save                       *widget.Button

	abilities *fyne.Container
	ab        abilityForm
}

// abilityForm is the ability part of the editor.
type abilityForm struct {
	// abilityID is the ability being edited; "" for a new one.
	abilityID string

	name, text, uses                  *widget.Entry
	kind, per, trigger, target, reach *pickerField
	effect, onDie, attackHit          *pickerField
	attackN, healHP                   *widget.Entry
	effectBox                         *fyne.Container
	tactical, movement, combat        *widget.Check
	heading, problem                  *widget.Label
	save                              *widget.Button
}

func numberEntry(place string) *widget.Entry {
	e := widget.NewEntry()
	e.SetPlaceHolder(place)
	return e
}

func newCardEditor(s *Screen) *cardEditor {
	e := &cardEditor{s: s}
	e.name = numberEntry("the name on the card")
	e.hp = numberEntry("e.g. 10")
	e.move = numberEntry("e.g. 5")
	e.vision = numberEntry("e.g. 8")
	e.rng = numberEntry("if printed")
	e.closeN = numberEntry("dice")
	e.rangedN = numberEntry("dice")
	e.closeHit = newPickerField(nil, hitChoices()...)
	e.rangedHit = newPickerField(nil, hitChoices()...)
	e.closeHit.SetValue("4")
	e.rangedHit.SetValue("4")
	e.race = newPickerField(nil, choice{"No race", "none"}, choice{"Ardann", "ardann"}, choice{"Kangara", "kangara"}, choice{"Sanbari", "sanbari"})
	e.faction = newPickerField(func(v string) {
		if e.raceRow != nil {
			kit.ShowIf(e.raceRow, v == "ally")
		}
	},
		choice{"Hero", "ally"}, choice{"Enemy", "enemy"}, choice{"Neutral", "neutral"})
	e.heading = kit.Subheading("New card")
	e.unitNote = kit.Caption("")
	e.problem = kit.Wrapped("")
	e.problem.Importance = widget.DangerImportance
	e.save = widget.NewButtonWithIcon("Save card", theme.DocumentSaveIcon(), e.saveCard)
	e.save.Importance = widget.HighImportance
	clear := widget.NewButtonWithIcon("New card", theme.ContentClearIcon(), e.clear)
	field := func(label string, o fyne.CanvasObject) fyne.CanvasObject {
		return container.NewBorder(nil, nil, kit.WithMinSize(widget.NewLabel(label), 96, 0), nil, o)
	}
	dice := func(n *widget.Entry, hit *pickerField) fyne.CanvasObject {
		return container.NewBorder(nil, nil, nil, hit.Select, n)
	}
	e.raceRow = field("Race", e.race.Select)
	e.ab = newAbilityForm(e)
	e.abilities = kit.NewWrapVBox()
	e.box = kit.NewWrapVBox(
		e.heading, e.unitNote,
		field("Name", e.name), field("Kind", e.faction.Select), e.raceRow,
		field("HP", e.hp), field("Move", e.move), field("Vision", e.vision),
		field("Close", dice(e.closeN, e.closeHit)), field("Ranged", dice(e.rangedN, e.rangedHit)),
		field("Range", e.rng),
		e.problem, container.NewGridWithColumns(2, clear, e.save),
		widget.NewSeparator(),
		kit.Subheading("Abilities of this card"), e.abilities,
		e.ab.heading,
		field("Name", e.ab.name), field("Kind", e.ab.kind.Select),
		field("Uses", container.NewBorder(nil, nil, nil, e.ab.per.Select, e.ab.uses)),
		field("Trigger", e.ab.trigger.Select), field("Target", e.ab.target.Select), field("Reach", e.ab.reach.Select),
		widget.NewLabel("Used in the phases"), container.NewVBox(e.ab.tactical, e.ab.movement, e.ab.combat),
		field("Effect", e.ab.effect.Select), e.ab.effectBox,
		field("Text", e.ab.text),
		e.ab.problem, e.ab.save,
	)
	e.problem.Hide()
	e.ab.problem.Hide()
	return e
}

func newAbilityForm(e *cardEditor) abilityForm {
	a := abilityForm{
		name: numberEntry("the ability's name"), text: numberEntry("the card text"),
		uses:    numberEntry("1"),
		kind:    newPickerField(nil, choice{"Skill", "skill"}, choice{"Spell", "spell"}),
		per:     newPickerField(nil, choice{"per fight", "fight"}, choice{"per game", "game"}, choice{"per turn", "turn"}, choice{"always", "constant"}),
		trigger: newPickerField(nil, choice{"no roll", "none"}, choice{"2+", "2"}, choice{"3+", "3"}, choice{"4+", "4"}, choice{"5+", "5"}, choice{"6+", "6"}),
		target:  newPickerField(nil, choice{"one unit", "single"}, choice{"itself", "self"}, choice{"an area", "area"}, choice{"no target", "none"}),
		reach:   newPickerField(nil, choice{"any", "any"}, choice{"close combat", "melee"}, choice{"ranged", "ranged"}),
		onDie: newPickerField(nil, choice{"on 5+", "5"}, choice{"on 6", "6"}, choice{"on 4+", "4"},
			choice{"on 3+", "3"}, choice{"on 2+", "2"}),
		attackHit: newPickerField(nil, hitChoices()...),
		attackN:   numberEntry("dice"),
		healHP:    numberEntry("hit points"),
		tactical:  widget.NewCheck("Tactical", nil),
		movement:  widget.NewCheck("Movement", nil),
		combat:    widget.NewCheck("Combat", nil),
		heading:   kit.BoldLabel("New ability"),
		problem:   kit.Wrapped(""),
		effectBox: container.NewVBox(),
	}
	a.text.MultiLine = true
	a.text.Wrapping = fyne.TextWrapWord
	a.problem.Importance = widget.DangerImportance
	a.attackHit.SetValue("4")
	a.effect = newPickerField(func(string) { a.showEffect() },
		choice{"card text only", "text"}, choice{"kills instantly", "instant-kill"},
		choice{"kills on a high die", "on-die"}, choice{"its own dice", "attack"},
		choice{"heals", "heal"}, choice{"leaves combat", "flee"})
	a.save = widget.NewButtonWithIcon("Save ability", theme.DocumentSaveIcon(), e.saveAbility)
	a.showEffect()
	return a
}

// showEffect shows the number fields of the effect picked.
func (a *abilityForm) showEffect() {
	if a.effectBox == nil || a.effect == nil {
		return
	}
	var objs []fyne.CanvasObject
	switch a.effect.Value() {
	case "on-die":
		objs = append(objs, a.onDie.Select)
	case "attack":
		objs = append(objs, container.NewBorder(nil, nil, nil, a.attackHit.Select, a.attackN))
	case "heal":
		objs = append(objs, a.healHP)
	}
	a.effectBox.Objects = objs
	a.effectBox.Refresh()
}

// effectArg is the effect as define-ability takes it.
func (a *abilityForm) effectArg() string {
	switch v := a.effect.Value(); v {
	case "on-die":
		return "on-die:" + a.onDie.Value() + ":instant-kill"
	case "attack":
		return fmt.Sprintf("attack:%sD%s+", strings.TrimSpace(a.attackN.Text), a.attackHit.Value())
	case "heal":
		return "heal:" + strings.TrimSpace(a.healHP.Text)
	default:
		return v
	}
}

// unitWords is the viewer's unit in words.
func unitWords(u string) string {
	if u == "cm" {
		return "centimetres"
	}
	return "inches"
}

// refresh redraws the note on units and the card's abilities.
func (e *cardEditor) refresh() {
	e.unitNote.SetText("Distances in " + unitWords(e.s.view.Unit) + "; dice as on the card: how many, and the score each needs.")
	var objs []fyne.CanvasObject
	for _, c := range e.s.view.Cards {
		if c.ID != e.cardID || e.cardID == "" {
			continue
		}
		for _, a := range c.Abilities {
			a := a
			text := fmt.Sprintf("%s · %s · %s", a.Name, a.CycleText, a.EffectText)
			if a.Trigger > 0 {
				text += fmt.Sprintf(" · works on %d+", a.Trigger)
			}
			id := c.ID
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
		e.cardID = c.ID
		e.heading.SetText("Card: " + c.Name)
		e.name.SetText(c.Name)
		e.faction.SetValue(c.Faction)
		e.race.SetValue(c.Race)
		if c.Race == "" {
			e.race.SetValue("none")
		}
		kit.ShowIf(e.raceRow, c.Faction == "ally")
		e.hp.SetText("")
		if c.HP > 0 {
			e.hp.SetText(strconv.Itoa(c.HP))
		}
		n := c.Numbers
		e.move.SetText(n.Move)
		e.vision.SetText(n.Vision)
		e.rng.SetText(n.Range)
		setDice(e.closeN, e.closeHit, n.CloseN, n.CloseHit)
		setDice(e.rangedN, e.rangedHit, n.RangedN, n.RangedHit)
	}
	e.problem.Hide()
	e.clearAbility()
	e.refresh()
}

// setDice fills a dice field: the count and the hit score, or empty.
func setDice(n *widget.Entry, hit *pickerField, count, score int) {
	if count <= 0 {
		n.SetText("")
		hit.SetValue("4")
		return
	}
	n.SetText(strconv.Itoa(count))
	hit.SetValue(strconv.Itoa(score))
}

// clear empties the editor for a new card.
func (e *cardEditor) clear() {
	e.cardID = ""
	e.heading.SetText("New card")
	for _, en := range []*widget.Entry{e.name, e.hp, e.move, e.vision, e.rng, e.closeN, e.rangedN} {
		en.SetText("")
	}
	e.faction.SetSelectedIndex(0)
	e.race.SetSelectedIndex(0)
	e.closeHit.SetValue("4")
	e.rangedHit.SetValue("4")
	e.problem.Hide()
	e.clearAbility()
	e.refresh()
}

// slug makes an id from a name: lower-case letters and digits joined by
// hyphens ("Ash Warden" → "ash-warden"); "card" when nothing is left.
func slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
		if b.Len() >= 48 {
			break
		}
	}
	if b.Len() == 0 {
		return "card"
	}
	return b.String()
}

// unique returns base, or base-2, base-3 … when taken says it is taken.
func unique(base string, taken func(string) bool) string {
	id := base
	for n := 2; taken(id); n++ {
		id = fmt.Sprintf("%s-%d", base, n)
	}
	return id
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

// diceArg is a dice field as define-card takes it: "3D4+", or none.
func diceArg(n *widget.Entry, hit *pickerField) string {
	t := strings.TrimSpace(n.Text)
	if t == "" || t == "0" {
		return "none"
	}
	return t + "D" + hit.Value() + "+"
}

// saveCard sends define-card with the fields: a new card gets an id made
// from its name; an empty field of a card being edited clears it.
func (e *cardEditor) saveCard() {
	name := strings.TrimSpace(e.name.Text)
	if name == "" {
		showProblem(e.problem, fmt.Errorf("give the card its name first"))
		return
	}
	id := e.cardID
	if id == "" {
		id = unique(slug(name), func(x string) bool {
			for _, c := range e.s.view.Cards {
				if c.ID == x {
					return true
				}
			}
			return false
		})
	}
	for _, d := range []struct {
		what string
		n    *widget.Entry
	}{{"close combat", e.closeN}, {"ranged attack", e.rangedN}} {
		if !wholeOrEmpty(d.n.Text) {
			showProblem(e.problem, fmt.Errorf("the %s's dice must be a whole number (got %q)", d.what, d.n.Text))
			return
		}
	}
	race := e.race.Value()
	if e.faction.Value() != "ally" {
		race = "none"
	}
	args := map[string]any{"id": id, "name": name, "faction": e.faction.Value(), "race": race,
		"close": diceArg(e.closeN, e.closeHit), "ranged": diceArg(e.rangedN, e.rangedHit)}
	for k, en := range map[string]*widget.Entry{"hp": e.hp, "move": e.move, "vision": e.vision, "range": e.rng} {
		t := strings.TrimSpace(en.Text)
		switch {
		case t != "":
			args[k] = t
		case e.cardID != "":
			args[k] = "none"
		}
	}
	if e.send(ruunara.CmdDefineCard, args, e.problem) {
		e.cardID = id
		e.heading.SetText("Card: " + name)
		e.refresh()
	}
}

// send gives a set-up command and shows its refusal in problem; it
// reports whether the command was taken.
func (e *cardEditor) send(cmd string, args map[string]any, problem *widget.Label) bool {
	err := e.s.env.TryAs(e.s.seat, cmd, args)
	if err != nil && !console.IsRejection(err) {
		return false
	}
	showProblem(problem, err)
	return err == nil
}

// clearAbility empties the ability part for a new ability.
func (e *cardEditor) clearAbility() {
	a := &e.ab
	a.abilityID = ""
	a.heading.SetText("New ability")
	for _, en := range []*widget.Entry{a.name, a.text, a.uses, a.attackN, a.healHP} {
		en.SetText("")
	}
	for _, p := range []*pickerField{a.kind, a.per, a.trigger, a.target, a.reach, a.effect, a.onDie} {
		p.SetSelectedIndex(0)
	}
	a.attackHit.SetValue("4")
	for _, c := range []*widget.Check{a.tactical, a.movement, a.combat} {
		c.SetChecked(false)
	}
	a.problem.Hide()
	a.showEffect()
}

// loadAbility puts an ability into the ability part.
func (e *cardEditor) loadAbility(v ruunara.AbilityView) {
	a := &e.ab
	a.abilityID = v.ID
	a.heading.SetText("Ability: " + v.Name)
	a.name.SetText(v.Name)
	a.kind.SetValue(v.Kind)
	a.text.SetText(v.Text)
	per := "constant"
	switch {
	case strings.HasSuffix(v.Cycle, "/F"):
		per = "fight"
	case strings.HasSuffix(v.Cycle, "/G"):
		per = "game"
	case strings.HasSuffix(v.Cycle, "/T"):
		per = "turn"
	}
	a.per.SetValue(per)
	a.uses.SetText("")
	if v.Uses > 1 {
		a.uses.SetText(strconv.Itoa(v.Uses))
	}
	a.trigger.SetValue("none")
	if v.Trigger > 0 {
		a.trigger.SetValue(strconv.Itoa(v.Trigger))
	}
	a.target.SetValue(v.Target)
	a.reach.SetValue(v.Reach)
	if v.Reach == "" {
		a.reach.SetValue("any")
	}
	a.effect.SetValue(v.Effect)
	if v.EffectMin > 0 {
		a.onDie.SetValue(strconv.Itoa(v.EffectMin))
	}
	if v.EffectHP > 0 {
		a.healHP.SetText(strconv.Itoa(v.EffectHP))
	}
	if n, hit, ok := strings.Cut(strings.TrimSuffix(v.EffectDice, "+"), "D"); ok {
		a.attackN.SetText(strings.TrimSpace(n))
		a.attackHit.SetValue(strings.TrimSpace(hit))
	}
	on := map[string]bool{}
	for _, p := range v.Phase {
		on[p] = true
	}
	a.tactical.SetChecked(on["tactical"])
	a.movement.SetChecked(on["movement"])
	a.combat.SetChecked(on["combat"])
	a.problem.Hide()
	a.showEffect()
}

// saveAbility sends define-ability for the card in the editor; a new
// ability gets an id made from its name.
func (e *cardEditor) saveAbility() {
	a := &e.ab
	if e.cardID == "" {
		showProblem(a.problem, fmt.Errorf("save the card first, then its abilities"))
		return
	}
	name := strings.TrimSpace(a.name.Text)
	if name == "" {
		showProblem(a.problem, fmt.Errorf("give the ability its name first"))
		return
	}
	id := a.abilityID
	if id == "" {
		var have []string
		for _, c := range e.s.view.Cards {
			if c.ID == e.cardID {
				for _, x := range c.Abilities {
					have = append(have, x.ID)
				}
			}
		}
		id = unique(slug(name), func(x string) bool {
			for _, h := range have {
				if h == x {
					return true
				}
			}
			return false
		})
	}
	for _, n := range []struct {
		what string
		e    *widget.Entry
		used bool
	}{{"uses", a.uses, a.per.Value() != "constant"}, {"dice", a.attackN, a.effect.Value() == "attack"}, {"hit points", a.healHP, a.effect.Value() == "heal"}} {
		if n.used && !wholeOrEmpty(n.e.Text) {
			showProblem(a.problem, fmt.Errorf("the %s must be a whole number (got %q)", n.what, n.e.Text))
			return
		}
	}
	cyc := "constant"
	if per := a.per.Value(); per != "constant" {
		n := strings.TrimSpace(a.uses.Text)
		if n == "" {
			n = "1"
		}
		cyc = n + "/" + strings.ToUpper(per[:1])
	}
	var phases []string
	for _, p := range []struct {
		c    *widget.Check
		name string
	}{{a.tactical, "tactical"}, {a.movement, "movement"}, {a.combat, "combat"}} {
		if p.c.Checked {
			phases = append(phases, p.name)
		}
	}
	args := map[string]any{"card": e.cardID, "id": id, "name": name, "kind": a.kind.Value(), "cycle": cyc,
		"trigger": a.trigger.Value(), "target": a.target.Value(), "reach": a.reach.Value(), "effect": a.effectArg()}
	if len(phases) > 0 {
		args["phase"] = strings.Join(phases, ",")
	}
	if t := strings.TrimSpace(a.text.Text); t != "" {
		args["text"] = t
	}
	if e.send(ruunara.CmdDefineAbility, args, a.problem) {
		e.clearAbility()
		e.refresh()
	}
}

// wholeOrEmpty reports whether a number field holds a whole number of 0
// or more, or nothing.
func wholeOrEmpty(text string) bool {
	t := strings.TrimSpace(text)
	if t == "" {
		return true
	}
	n, err := strconv.Atoi(t)
	return err == nil && n >= 0
}
