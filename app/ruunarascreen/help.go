package ruunarascreen

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"

	"github.com/commandconsole/commandconsole/app/kit"
)

// helpText is the help sheet in the seat's unit ("in" or "cm"): the
// rules the app applies, in short, with the rules the rulebook does not
// contain marked "App rule" (the decision ids they come from, RU-D27,
// RU-D32, RU-D39, RU-D43, RU-D45, are explained in docs/ruunara.md; the
// rulebook lines are l. 234–236 for sight, l. 246 for noise, l. 265 for
// cover).
func helpText(unit string) []struct{ title, text string } {
	d := func(in, cm string) string {
		if unit == "cm" {
			return cm
		}
		return in
	}
	return []struct{ title, text string }{
		{"A round", "Each player plays a turn in three phases: tactical (skills and spells), movement (move, engage, flee), combat (one attack per hero). " +
			"\"Next phase\" ends the phase. When every player has played, the enemies play their turn: the app gives each enemy an order and asks only what it cannot see on the table."},
		{"Distances", "Every distance is shown in your unit (menu: inches or centimetres). 1\" = 2.5 cm. Measure from base edge to base edge."},
		{"Dice", "A card's dice read \"3D3+\": roll 3 dice, each 3 or more hits. Enter the faces you rolled on the table, or let the app roll."},
		{"Close combat", "A hero engaged with several enemies splits its successful dice between them. Each hit takes one hit point."},
		{"Cover", "A figure at least half hidden by a solid element is under cover: each 3+ on a cover die cancels a hit."},
		{"Seeing", "An enemy sees a hero in front of it (front face and front diagonals) within its field of vision with a clear line."},
		{"Noise", "A close combat makes noise: enemies within " + d("8\"", "20 cm") + " that do not see it come to look."},
		{"Capture and execution", "A hero still engaged at the end of its engaged turns is captured; its captors guard it. Free it by defeating every captor before the execution round shown on its card."},
		{"The starter cards", "The rulebook prints no hit points, movement or vision for its heroes and enemies: the app starts them with its own estimates, marked \"Estimated\" on each card. Change them in the card editor to your printed cards."},
		{"App rule: enemies that see an attack", "Enemies that see a hero attack go for that hero (the details are the app's)."},
		{"App rule: rallying", "Grouped enemies rally to one that is shot, at their card's movement, and hold one turn (the details are the app's)."},
		{"App rule: losing sight", "An enemy that loses sight of its target goes back at " + d("2\"", "5 cm") + " per turn."},
		{"App rule: guards after an execution", "When a captive is executed its guards go back to their posts at " + d("2\"", "5 cm") + " per turn, or fight on if engaged."},
		{"App rule: which hero an enemy attacks", "An enemy engaged with several heroes attacks the one with the fewest hit points (ties: the one it engaged first, then the one added first)."},
		{"Corrections", "Tap − or + on a hero's hit points to correct them; the menu's Undo takes back the last command."},
	}
}

// showHelp opens the help sheet.
func (s *Screen) showHelp() {
	box := kit.NewWrapVBox()
	for _, h := range helpText(s.view.Unit) {
		box.Add(kit.BoldLabel(h.title))
		box.Add(kit.Wrapped(h.text))
	}
	d := dialog.NewCustom("Help: the rules the app applies", "Close", container.NewVScroll(box), s.env.Window())
	sz := s.env.Window().Canvas().Size()
	d.Resize(fyne.NewSize(fyne.Min(640, sz.Width-16), sz.Height-48))
	d.Show()
}
