package lorwidget

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// EnemyStack is the enemy team as the rules show it (rulebook "Enemy
// team"): collapsed, a stack button "Enemy team · N cards · M down";
// expanded, a list of the enemies' small cards with the limited
// information their CharViews hold (down, never pinned, unconscious or
// dead; the actions assigned during their Action phase; Environment hits).
// A spectator has no enemy: its stack names every team by its player
// ("bob's team · 9 cards · 2 down"), each above its cards.
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
	// teams are the teams on show when the seat watches (a spectator),
	// nil for a player's stack.
	teams []Team
}

// Team is one player's team as a view shows it: the player's seat, the
// cards the view holds of it and how many of them are down.
type Team struct {
	Seat        string
	Cards, Down int
}

// Line names the team by its player with its counts: "bob's team · 9
// cards · 2 down".
func (t Team) Line() string {
	return fmt.Sprintf("%s's team · %s · %d down", t.Seat, cards(t.Cards), t.Down)
}

// cards counts cards: "1 card", "9 cards".
func cards(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

// Watching reports whether v is a spectator's view: it has no side, so
// nobody in it is "the enemy" and nothing is "yours".
func Watching(v landsofruin.View) bool { return v.Seat == string(console.Public) }

// Teams are the teams of v other than the seat's own, in the players'
// order, with the cards v shows of each (a spectator's view: every team).
func Teams(v landsofruin.View) []Team {
	var out []Team
	for _, p := range v.Players {
		if p.Seat == v.Seat {
			continue
		}
		t := Team{Seat: p.Seat}
		for _, c := range v.Characters {
			if c.Seat == p.Seat {
				t.Cards++
				if c.Down {
					t.Down++
				}
			}
		}
		out = append(out, t)
	}
	return out
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
	s.teams = nil
	if Watching(v) {
		// Team by team, in the players' order.
		s.teams = Teams(v)
		en = en[:0:0]
		for _, t := range s.teams {
			for _, c := range v.Characters {
				if c.Seat == t.Seat {
					en = append(en, c)
				}
			}
		}
	}
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

// Title is the stack button's text: the enemy team's counts, or for a
// spectator a line per team.
func (s *EnemyStack) Title() string {
	if s.teams != nil {
		lines := make([]string, len(s.teams))
		for i, t := range s.teams {
			lines[i] = t.Line()
		}
		return strings.Join(lines, "\n")
	}
	return fmt.Sprintf("Enemy team · %s · %d down", cards(s.count), s.down)
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
		objs := make([]fyne.CanvasObject, 0, len(s.cards)+len(s.teams))
		i := 0
		for _, t := range s.teams {
			// A spectator's stack: each team under its player's name.
			objs = append(objs, text(t.Line(), theme.SizeNameSubHeadingText, true))
			for end := i + t.Cards; i < end && i < len(s.cards); i++ {
				objs = append(objs, s.cards[i])
			}
		}
		for ; i < len(s.cards); i++ {
			objs = append(objs, s.cards[i])
		}
		switch {
		case len(s.teams) == 0 && len(s.cards) == 0:
			objs = []fyne.CanvasObject{text("No enemy in view", theme.SizeNameText, false)}
		case len(s.cards) == 0:
			objs = append(objs, text("No character on the table yet", theme.SizeNameText, false))
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
