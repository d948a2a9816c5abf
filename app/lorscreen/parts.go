package lorscreen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/commandconsole/commandconsole/app/lorwidget"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// cardsPart is the column of the seat's character cards.
type cardsPart struct {
	box      *fyne.Container
	cards    []*lorwidget.CharacterCard
	ids      []string
	selected func(id string)
}

// newCardsPart returns the cards column; tapping a card selects it.
func newCardsPart(selected func(id string)) Part {
	return &cardsPart{box: container.NewVBox(), selected: selected}
}

func (p *cardsPart) Object() fyne.CanvasObject { return p.box }

// Update redraws the cards in place, rebuilding the column only when the
// seat's characters change (a hand-over, a reveal).
func (p *cardsPart) Update(v landsofruin.View, selected string) {
	var ids []string
	for _, c := range v.Characters {
		if c.Own != nil {
			ids = append(ids, c.ID)
		}
	}
	if !equal(ids, p.ids) {
		p.ids = ids
		p.cards = p.cards[:0]
		p.box.Objects = nil
		for _, id := range ids {
			c := lorwidget.NewCharacterCard(id, v, p.selected)
			p.cards = append(p.cards, c)
			p.box.Objects = append(p.box.Objects, c)
		}
		p.box.Refresh()
	} else {
		for _, c := range p.cards {
			c.Update(v)
		}
	}
	for _, c := range p.cards {
		if c.Selected() != (c.ID() == selected) {
			c.SetSelected(c.ID() == selected)
		}
	}
}

// equal reports whether two id lists are the same.
func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// mapPart is the table map.
type mapPart struct {
	m *lorwidget.TableMap
}

// newMapPart returns the table map: a tapped own character is selected,
// a dragged one moved (to an off-table strip when dropped on one), and a
// tapped section or strip is passed to section (nil: ignored).
func newMapPart(selected func(id string), move func(id, section string), section func(id string)) Part {
	m := lorwidget.NewTableMap(landsofruin.View{})
	m.OnCharacterTapped = selected
	m.OnCharacterDropped = move
	m.OnSectionTapped = func(sec string) {
		if section != nil && sec != "" {
			section(sec)
		}
	}
	return &mapPart{m: m}
}

func (p *mapPart) Object() fyne.CanvasObject { return p.m }

// Mark outlines the sections a tap on the map acts on.
func (p *mapPart) Mark(sections []string) { p.m.SetMarked(sections) }

func (p *mapPart) Update(v landsofruin.View, selected string) {
	p.m.Update(v)
	p.m.SetSelected(selected)
}

// enemyPart is the enemy team stack, shown open.
type enemyPart struct {
	s      *lorwidget.EnemyStack
	scroll fyne.CanvasObject
}

func newEnemyPart() Part {
	s := lorwidget.NewEnemyStack(landsofruin.View{})
	s.SetExpanded(true)
	return &enemyPart{s: s, scroll: container.NewVScroll(s)}
}

func (p *enemyPart) Object() fyne.CanvasObject { return p.scroll }

func (p *enemyPart) Update(v landsofruin.View, _ string) { p.s.Update(v) }
