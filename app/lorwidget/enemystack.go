package lorwidget

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// EnemyStack is the enemy team as the rules show it (rulebook "Enemy
// team"): collapsed, a stack button "Enemy team · N cards · M down";
// expanded, a list of the enemies' small cards with the limited
// information their CharViews hold (down, never pinned, unconscious or
// dead; the actions assigned during their Action phase; Environment hits).
type EnemyStack struct {
	widget.BaseWidget

	// OnCharacterTapped is called with the id of a tapped enemy card.
	OnCharacterTapped func(id string)

	expanded bool
	button   *widget.Button
	list     *fyne.Container
	cards    []*CharacterCard
	box      *fyne.Container
	count    int
	down     int
}

// NewEnemyStack returns the stack of v's enemies, collapsed.
func NewEnemyStack(v landsofruin.View) *EnemyStack {
	s := &EnemyStack{}
	s.button = widget.NewButtonWithIcon("", theme.MenuExpandIcon(), func() { s.SetExpanded(!s.expanded) })
	s.button.Importance = widget.HighImportance
	s.list = container.NewVBox()
	s.box = container.NewVBox(tall(s.button), s.list)
	s.ExtendBaseWidget(s)
	s.Update(v)
	return s
}

// Enemies are the characters of v that are not the seat's own.
func Enemies(v landsofruin.View) []landsofruin.CharView {
	var out []landsofruin.CharView
	for _, c := range v.Characters {
		if c.Seat != v.Seat {
			out = append(out, c)
		}
	}
	return out
}

// Update redraws the stack from v, in place.
func (s *EnemyStack) Update(v landsofruin.View) {
	en := Enemies(v)
	s.count, s.down = len(en), 0
	for _, c := range en {
		if c.Down {
			s.down++
		}
	}
	// Reuse the cards of the same characters, in order.
	same := len(s.cards) == len(en)
	for i := 0; same && i < len(en); i++ {
		same = s.cards[i].ID() == en[i].ID
	}
	if !same {
		s.cards = s.cards[:0]
		for _, c := range en {
			s.cards = append(s.cards, NewCharacterCard(c.ID, v, s.tapped))
		}
	} else {
		for _, c := range s.cards {
			c.Update(v)
		}
	}
	s.redraw()
}

func (s *EnemyStack) tapped(id string) {
	if s.OnCharacterTapped != nil {
		s.OnCharacterTapped(id)
	}
}

// Title is the stack button's text.
func (s *EnemyStack) Title() string {
	return fmt.Sprintf("Enemy team · %d cards · %d down", s.count, s.down)
}

// SetExpanded shows (true) or hides the enemies' cards.
func (s *EnemyStack) SetExpanded(on bool) {
	s.expanded = on
	s.redraw()
}

// Expanded reports whether the cards are shown.
func (s *EnemyStack) Expanded() bool { return s.expanded }

// Cards are the enemies' cards, in the View's order.
func (s *EnemyStack) Cards() []*CharacterCard { return s.cards }

func (s *EnemyStack) redraw() {
	s.button.SetText(s.Title())
	if s.expanded {
		s.button.SetIcon(theme.MenuDropUpIcon())
		objs := make([]fyne.CanvasObject, len(s.cards))
		for i, c := range s.cards {
			objs[i] = c
		}
		if len(objs) == 0 {
			objs = []fyne.CanvasObject{text("No enemy in view", theme.SizeNameText, false)}
		}
		s.list.Objects = objs
		s.list.Show()
	} else {
		s.button.SetIcon(theme.MenuExpandIcon())
		s.list.Objects = nil
		s.list.Hide()
	}
	s.list.Refresh()
	s.Refresh()
}

// CreateRenderer is Fyne's; the stack's objects live in the widget.
func (s *EnemyStack) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(s.box)
}
