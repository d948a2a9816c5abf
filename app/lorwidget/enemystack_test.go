package lorwidget

import (
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/commandconsole/commandconsole/console"
)

// TestEnemyStack: collapsed it is one button with the counts; expanded,
// the enemies' small cards, with their assigned actions in their Action
// phase and down for a down enemy.
func TestEnemyStack(t *testing.T) {
	test.NewTempApp(t)
	for _, c := range []struct {
		golden   string
		step     int
		seat     string
		title    string
		expanded bool
		want     []string
	}{
		{"stack_collapsed.xml", stepHaleDown, "bob", "Enemy team · 2 cards · 1 down", false, nil},
		{"stack_down.xml", stepHaleDown, "bob", "Enemy team · 2 cards · 1 down", true, []string{"DOWN", "Signaller Hale", "Sister Aurel"}},
		{"stack_assigned.xml", stepEnemyAction, "bob", "Enemy team · 2 cards · 0 down", true, []string{"Shoot a ranged weapon"}},
		{"stack_environment.xml", stepEnvironment, "bob", "Enemy team · 2 cards · 0 down", true, []string{"Environment hits: 2"}},
	} {
		t.Run(c.golden, func(t *testing.T) {
			v := tutorialView(t, c.step, landsofruinSeat(c.seat))
			s := NewEnemyStack(v)
			var tapped string
			s.OnCharacterTapped = func(id string) { tapped = id }
			if s.Title() != c.title {
				t.Errorf("title %q, want %q", s.Title(), c.title)
			}
			if c.expanded {
				test.Tap(s.button)
			}
			if s.Expanded() != c.expanded {
				t.Fatalf("expanded %v", s.Expanded())
			}
			s.Resize(fyne.NewSize(400, s.MinSize().Height))
			got := test.RenderObjectToMarkup(s)
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("stack lacks %q", w)
				}
			}
			assertMarkup(t, c.golden, s)
			if c.expanded {
				test.Tap(s.Cards()[0])
				if tapped != s.Cards()[0].ID() {
					t.Errorf("tap on a card gave %q", tapped)
				}
				for _, card := range s.Cards() {
					if card.char.Own != nil || card.char.Seat == v.Seat {
						t.Errorf("the stack holds %s with Own data", card.ID())
					}
				}
			}
			if s.button.Size().Height < minTouch {
				t.Errorf("stack button %v high", s.button.MinSize())
			}
		})
	}
}

// TestSpectatorsStackNamesTheTeams: a spectator has no enemy: the stack
// names each team by its player, each above its own cards, and never says
// "Enemy".
func TestSpectatorsStackNamesTheTeams(t *testing.T) {
	test.NewTempApp(t)
	v := tutorialView(t, stepHaleDown, console.Public)
	s := NewEnemyStack(v)
	teams := Teams(v)
	if len(teams) != 2 || teams[0].Seat != "alice" || teams[1].Seat != "bob" {
		t.Fatalf("teams %+v, want alice's and bob's", teams)
	}
	want := "alice's team · 2 cards · 1 down\nbob's team · 2 cards · 0 down"
	if s.Title() != want {
		t.Errorf("title %q, want %q", s.Title(), want)
	}
	s.SetExpanded(true)
	s.Resize(fyne.NewSize(400, s.MinSize().Height))
	// The markup's texts, not its widget types (EnemyStack).
	got := regexp.MustCompile(`type="[^"]*"`).ReplaceAllString(test.RenderObjectToMarkup(s), "")
	if strings.Contains(strings.ToLower(got), "enemy") {
		t.Errorf("a spectator's stack speaks of an enemy:\n%s", got)
	}
	// Each team's header comes before its cards.
	var order []string
	for _, o := range s.list.Objects {
		switch x := o.(type) {
		case *CharacterCard:
			order = append(order, x.char.Seat)
		default:
			order = append(order, "header")
		}
	}
	if strings.Join(order, " ") != "header alice alice header bob bob" {
		t.Errorf("stack order %v, want each team's header above its cards", order)
	}
	if got := (Team{Seat: "bob", Cards: 1}).Line(); got != "bob's team · 1 card · 0 down" {
		t.Errorf("one card: %q", got)
	}
}
