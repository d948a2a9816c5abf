package lorsetup

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

// teamData is the content and the rules catalog bundled for checking
// characters (content.BuildCharacter).
var teamData = sync.OnceValues(content.DefaultData)

// charEditor makes one of the player's own characters, a hero of the
// builder's tribe: a name, skills tapped on and off, gear counted with +
// and − (and clips for weapons that take them). The gear value,
// leadership, camouflage and detection are computed live by
// content.BuildCharacter, which also says what is not allowed yet. It
// does not fit accessories on weapons, make cohorts, or take a skill more
// than once.
type charEditor struct {
	b      *teamBuilder
	ctype  string
	skills map[string]bool
	gear   map[string]int
	clips  map[string]int
	name   *widget.Entry
	status *widget.Label
	save   *widget.Button
}

func newCharEditor(b *teamBuilder) *charEditor {
	e := &charEditor{b: b, skills: map[string]bool{}, gear: map[string]int{}, clips: map[string]int{}}
	if t := shipped(); t != nil && len(t.rd.CharacterTypes) > 0 {
		e.ctype = t.rd.CharacterTypes[0].ID
	}
	e.name = widget.NewEntry()
	e.name.SetPlaceHolder("Name of your character")
	e.name.OnChanged = func(string) { e.refresh() }
	e.status = para("")
	e.save = button("Add this character", widget.HighImportance, e.add)
	return e
}

// gearItem is a piece of gear the editor offers.
type gearItem struct {
	id, name, kind string
	requires       []string
}

// offered is the gear a character of tribe may carry, by kind: ranged
// and close-combat weapons (not innate ones), armour and consumables.
func offered(tribe string) []gearItem {
	t := shipped()
	if t == nil {
		return nil
	}
	excl := exclusive(t.cont, "gear")
	var out []gearItem
	ok := func(id string) bool { o, has := excl[id]; return !has || o == tribe }
	for _, w := range t.rd.Weapons {
		if !w.Innate && ok(w.ID) {
			out = append(out, gearItem{w.ID, w.Name, "weapon", w.RequiresSkills})
		}
	}
	for _, w := range t.rd.CloseCombat {
		if !w.Innate && ok(w.ID) {
			out = append(out, gearItem{w.ID, w.Name, "close combat", w.RequiresSkills})
		}
	}
	for _, a := range t.rd.Armour {
		if ok(a.ID) {
			out = append(out, gearItem{a.ID, a.Name, "armour", a.RequiresSkills})
		}
	}
	for _, c := range t.rd.Consumables {
		if ok(c.ID) {
			out = append(out, gearItem{c.ID, c.Name, "consumable", c.RequiresSkills})
		}
	}
	return out
}

// exclusive maps the gear or skill ids only one tribe may take to that
// tribe.
func exclusive(c *content.Content, what string) map[string]string {
	out := map[string]string{}
	for _, tr := range c.Tribes {
		ids := tr.ExclusiveGear
		if what == "skill" {
			ids = tr.ExclusiveSkills
		}
		for _, id := range ids {
			out[id] = tr.ID
		}
	}
	return out
}

// skillChoices is the skills a player's own character of tribe may take:
// not the root skill, not those that come only with pre-made characters,
// not another tribe's.
func skillChoices(tribe string) []string {
	t := shipped()
	d, err := teamData()
	if t == nil || err != nil {
		return nil
	}
	excl := exclusive(t.cont, "skill")
	var out []string
	for _, id := range d.Catalog.SkillIDs() {
		info, _ := d.Catalog.Skill(id)
		if id == t.cont.TeamRules.RootSkill || info.Restricted {
			continue
		}
		if o, has := excl[id]; has && o != tribe {
			continue
		}
		out = append(out, id)
	}
	// By name, as a player looks for them.
	sort.SliceStable(out, func(i, j int) bool { return skillName(out[i]) < skillName(out[j]) })
	return out
}

// skillName is a skill's name from the rules tables.
func skillName(id string) string {
	if t := shipped(); t != nil {
		if s := t.rd.Skill(id); s != nil && s.Name != "" {
			return s.Name
		}
	}
	return id
}

// character is the character as it stands, its totals not yet computed.
func (e *charEditor) character() content.Character {
	name := strings.TrimSpace(e.name.Text)
	ch := content.Character{ID: e.b.p.charID(name), Name: name, Tribe: e.b.tribe, Type: e.ctype, Kind: content.KindHero,
		Skills: []string{}, Gear: []content.GearItem{}}
	for _, id := range skillChoices(e.b.tribe) {
		if e.skills[id] {
			ch.Skills = append(ch.Skills, id)
		}
	}
	for _, g := range offered(e.b.tribe) {
		if n := e.gear[g.id]; n > 0 {
			it := content.GearItem{ID: g.id, Clips: e.clips[g.id]}
			if n > 1 {
				it.Count = n
			}
			ch.Gear = append(ch.Gear, it)
		}
	}
	return ch
}

// built is the character with its totals, or what is not allowed yet.
func (e *charEditor) built() (content.Character, error) {
	d, err := teamData()
	if err != nil {
		return content.Character{}, err
	}
	return content.BuildCharacter(d, e.character())
}

// refresh recomputes the totals and the check.
func (e *charEditor) refresh() {
	ch := e.character()
	ok := false
	var text string
	d, derr := teamData()
	gear := 0
	if derr == nil {
		if tot, err := d.CharacterTotals(&ch); err == nil {
			gear = tot.GearValue
		}
	}
	switch {
	case ch.Name == "":
		text = fmt.Sprintf("Gear value %d. Give your character a name.", gear)
	default:
		b, err := e.built()
		if err != nil {
			text = fmt.Sprintf("Gear value %d. Not allowed yet: %s", gear, strings.ReplaceAll(err.Error(), "\n", "; "))
		} else {
			text = fmt.Sprintf("Gear value %d; leadership %d, camouflage %d, detection %d.", b.GearValue, b.Leadership, b.Camouflage, b.Detection)
			ok = true
		}
	}
	e.status.SetText(text)
	if ok {
		e.save.Enable()
	} else {
		e.save.Disable()
	}
}

// add keeps the character for the team builder (and hands it to
// PanelConfig.OnSaveCharacter for the roster).
func (e *charEditor) add() {
	ch, err := e.built()
	if err != nil {
		return
	}
	p := e.b.p
	p.made = append(p.made, ch)
	if p.cfg.OnSaveCharacter != nil {
		p.cfg.OnSaveCharacter(ch)
	}
	e.b.editor = nil
	p.rebuild()
}

// view is the editor's controls.
func (e *charEditor) view() []fyne.CanvasObject {
	objs := []fyne.CanvasObject{heading("New character"), tall(e.name), e.status}
	objs = append(objs, heading("Skills"))
	d, _ := teamData()
	for _, id := range skillChoices(e.b.tribe) {
		id := id
		note := ""
		if d.Catalog != nil {
			if info, ok := d.Catalog.Skill(id); ok {
				note = fmt.Sprintf("gear value %d", info.GearValue)
			}
		}
		if t := shipped(); t != nil {
			if s := t.rd.Skill(id); s != nil && s.Description != "" {
				note += "; " + s.Description
			}
		}
		tile := NewTile(skillName(id), note, func() {
			e.skills[id] = !e.skills[id]
			e.b.p.rebuild()
		})
		tile.Selected = e.skills[id]
		objs = append(objs, tile)
	}
	objs = append(objs, heading("Gear"))
	for _, g := range offered(e.b.tribe) {
		g := g
		info, _ := d.Catalog.Gear(g.id)
		text := fmt.Sprintf("%s — %s, gear value %d", g.name, g.kind, info.GearValue)
		if len(g.requires) > 0 {
			var names []string
			for _, s := range g.requires {
				names = append(names, skillName(s))
			}
			text += "; needs " + strings.Join(names, ", ")
		}
		objs = append(objs, e.counter(text, e.gear, g.id, 3))
		if info.TakesClips && e.gear[g.id] > 0 {
			objs = append(objs, e.counter(fmt.Sprintf("    ammunition for the %s: gear value %d each", g.name, info.ClipGearValue), e.clips, g.id, 6))
		}
	}
	back := button("Back to the team", widget.MediumImportance, func() {
		e.b.editor = nil
		e.b.p.rebuild()
	})
	e.refresh()
	return append(objs, tall(e.save), tall(back))
}

// counter is a row with − n + for counts[id], from 0 to most.
func (e *charEditor) counter(text string, counts map[string]int, id string, most int) fyne.CanvasObject {
	n := counts[id]
	minus := button("−", widget.MediumImportance, func() {
		if counts[id] > 0 {
			counts[id]--
			e.b.p.rebuild()
		}
	})
	plus := button("+", widget.MediumImportance, func() {
		if counts[id] < most {
			counts[id]++
			e.b.p.rebuild()
		}
	})
	if n == 0 {
		minus.Disable()
	}
	if n >= most {
		plus.Disable()
	}
	count := widget.NewLabelWithStyle(fmt.Sprint(n), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	return container.NewBorder(nil, nil, nil, container.NewHBox(touch(minus), touch(count), touch(plus)), para(text))
}

// charID is the id of the player's own character named name: "own-" and
// its words, kept apart from the pre-made characters and the player's
// others.
func (p *Panel) charID(name string) string {
	base := teamID(name)
	if base == "" {
		return ""
	}
	taken := map[string]bool{}
	for _, c := range p.ownCharacters() {
		taken[c.ID] = true
	}
	id := base
	for i := 2; taken[id]; i++ {
		id = fmt.Sprintf("%s-%d", base, i)
	}
	return id
}

// ownCharacters is the player's own characters: the roster's and those
// made in this panel.
func (p *Panel) ownCharacters() []content.Character {
	return append(append([]content.Character(nil), p.cfg.Characters...), p.made...)
}
