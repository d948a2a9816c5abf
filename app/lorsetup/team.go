package lorsetup

import (
	"encoding/json"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
)

// teamBuilder puts a team together from the pre-made characters and the
// player's own (PanelConfig.Characters) of one tribe: a count per
// character (heroes 0 or 1, cohorts up to their kind's maximum), a name,
// and the gear value against the role's limit, checked live with
// landsofruin.CheckCustomTeam. Play sends the team whole as choose-team's
// team-json. It does not edit a character's gear or skills.
type teamBuilder struct {
	p      *Panel
	tribe  string
	counts map[string]int
	name   *widget.Entry
	status *widget.Label
	play   *widget.Button
	limit  int
	// editor is the new-character editor, while it is open.
	editor *charEditor
}

func newTeamBuilder(p *Panel, role string) *teamBuilder {
	b := &teamBuilder{p: p, counts: map[string]int{}}
	if t := shipped(); t != nil {
		for _, tr := range t.cont.Tribes {
			if b.tribe == "" || tr.ID == role {
				b.tribe = tr.ID
			}
		}
	}
	b.name = widget.NewEntry()
	b.name.SetPlaceHolder("Name of your team")
	b.name.OnChanged = func(string) { b.refresh() }
	b.status = para("")
	b.play = button("Play this team", widget.HighImportance, b.send)
	return b
}

// characters is what the builder offers for its tribe: the pre-made
// characters, then the player's own.
func (b *teamBuilder) characters() []content.Character {
	var out []content.Character
	if t := shipped(); t != nil {
		for _, c := range t.cont.Characters {
			if c.Tribe == b.tribe {
				out = append(out, c)
			}
		}
	}
	for _, c := range b.p.ownCharacters() {
		if c.Tribe == b.tribe {
			out = append(out, c)
		}
	}
	return out
}

// maxCount is how many of a character a team takes: one hero, a
// cohort's kind maximum of members.
func maxCount(c content.Character) int {
	if c.Kind == content.KindHero {
		return 1
	}
	if t := shipped(); t != nil {
		if k, ok := t.cont.CohortKind(c.Kind); ok && k.MaxMembers > 0 {
			return k.MaxMembers
		}
	}
	return 3
}

// team is the team as it stands.
func (b *teamBuilder) team() landsofruin.CustomTeam {
	name := strings.TrimSpace(b.name.Text)
	t := landsofruin.CustomTeam{ID: teamID(name), Name: name, Tribe: b.tribe, Members: []content.Member{}}
	own := map[string]content.Character{}
	for _, c := range b.p.ownCharacters() {
		own[c.ID] = c
	}
	added := map[string]bool{}
	addOwn := func(id string) {
		if c, ok := own[id]; ok && !added[id] {
			added[id] = true
			t.Characters = append(t.Characters, c)
		}
	}
	for _, c := range b.characters() {
		n := b.counts[c.ID]
		if n <= 0 {
			continue
		}
		m := content.Member{Character: c.ID}
		if c.Kind != content.KindHero {
			m.Count = n
		}
		t.Members = append(t.Members, m)
		addOwn(c.ID)
		// A hero of the player's own brings the definitions of the
		// cohorts it lists, taken or not.
		for _, co := range c.Cohorts {
			addOwn(co)
		}
	}
	return t
}

// teamID is the id of a team named name: its words in lower case joined
// by hyphens, kept apart from the pre-made teams' ids.
func teamID(name string) string {
	var sb strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if dash && sb.Len() > 0 {
				sb.WriteByte('-')
			}
			sb.WriteRune(r)
			dash = false
		default:
			dash = true
		}
	}
	id := sb.String()
	if len(id) > 30 {
		id = strings.TrimRight(id[:30], "-")
	}
	if id == "" {
		return ""
	}
	return "own-" + id
}

// rough is the gear value and model count of the team as it stands, by
// adding up the characters' gear values (CheckCustomTeam's total, when
// the team checks, is the one the game records).
func (b *teamBuilder) rough() (gear, models int) {
	for _, c := range b.characters() {
		if n := b.counts[c.ID]; n > 0 {
			gear += c.GearValue * n
			models += n
		}
	}
	return gear, models
}

// refresh recomputes the gear value and the check.
func (b *teamBuilder) refresh() {
	gear, models := b.rough()
	t := b.team()
	text := fmt.Sprintf("Gear value %d of %d, %d models.", gear, b.limit, models)
	ok := false
	switch {
	case models == 0:
		text += " Add characters with +."
	case t.Name == "" || t.ID == "":
		text += " Give your team a name."
	default:
		checked, err := landsofruin.CheckCustomTeam(t, b.limit)
		if err != nil {
			text += " Not allowed yet: " + err.Error()
		} else {
			text = fmt.Sprintf("Gear value %d of %d, %d models: ready to play.", checked.GearValue, b.limit, checked.Models)
			ok = true
		}
	}
	b.status.SetText(text)
	if ok {
		b.play.Enable()
	} else {
		b.play.Disable()
	}
}

// send chooses the team.
func (b *teamBuilder) send() {
	t := b.team()
	js, err := json.Marshal(t)
	if err != nil {
		return
	}
	if b.p.send(StepTeam, landsofruin.CmdChooseTeam, map[string]any{"team-json": string(js)}) {
		if b.p.cfg.OnSaveTeam != nil {
			b.p.cfg.OnSaveTeam(t)
		}
		b.p.builder = nil
		b.p.rebuild()
	}
}

// view is the builder's controls.
func (b *teamBuilder) view(limit int) []fyne.CanvasObject {
	b.limit = limit
	if b.editor != nil {
		return b.editor.view()
	}
	objs := []fyne.CanvasObject{heading("Build your team")}
	if t := shipped(); t != nil && len(t.cont.Tribes) > 1 {
		tribes := container.NewGridWithColumns(len(t.cont.Tribes))
		for _, tr := range t.cont.Tribes {
			tr := tr
			tile := NewTile(tr.Name, "", func() {
				b.tribe = tr.ID
				b.counts = map[string]int{}
				b.p.rebuild()
			})
			tile.Selected = tr.ID == b.tribe
			tribes.Add(tile)
		}
		objs = append(objs, tribes)
	}
	objs = append(objs, tall(b.name), b.status)
	for _, c := range b.characters() {
		c := c
		n := b.counts[c.ID]
		kind := c.Kind
		if kind == content.KindHero {
			kind = "hero"
		} else if c.Hero != "" {
			kind += " cohort of " + b.heroName(c.Hero)
		}
		label := para(fmt.Sprintf("%s — %s, gear value %d each", c.Name, kind, c.GearValue))
		minus := button("−", widget.MediumImportance, func() {
			if b.counts[c.ID] > 0 {
				b.counts[c.ID]--
				b.p.rebuild()
			}
		})
		plus := button("+", widget.MediumImportance, func() {
			if b.counts[c.ID] < maxCount(c) {
				b.counts[c.ID]++
				b.p.rebuild()
			}
		})
		if n == 0 {
			minus.Disable()
		}
		if n >= maxCount(c) {
			plus.Disable()
		}
		count := widget.NewLabelWithStyle(fmt.Sprint(n), fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
		ctl := container.NewHBox(touch(minus), touch(count), touch(plus))
		objs = append(objs, container.NewBorder(nil, nil, nil, ctl, label))
	}
	objs = append(objs, NewTile("New character", "Make a hero of your own: skills and gear, the gear value counted as you go.", func() {
		b.editor = newCharEditor(b)
		b.p.rebuild()
	}))
	b.refresh()
	cancel := button("Back to the teams", widget.MediumImportance, func() {
		b.p.builder = nil
		b.p.rebuild()
	})
	objs = append(objs, tall(b.play), tall(cancel))
	return objs
}

// heroName is the name of the hero with id, among the builder's
// characters.
func (b *teamBuilder) heroName(id string) string {
	for _, c := range b.characters() {
		if c.ID == id {
			return c.Name
		}
	}
	return id
}
