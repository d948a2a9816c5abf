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
	// the buttons side by side at the card's width (a horizontal scroll
	// inside the list's scroll drew over the editor on a phone)
	btns := container.NewGridWithColumns(2, edit)
	btns.Layout = &shareRow{}
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
	items = append(items, btns)
	if s.rosters != nil && c.Record != "" {
		rec, name := c.Record, c.Name
		items = append(items, widget.NewButtonWithIcon("Save to roster", theme.DocumentSaveIcon(), func() { s.saveToRoster(name, rec) }))
	}
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

// shareRow lays its objects side by side, sharing the width in
// proportion to their minimum widths, and needs only the widest one's
// width plus the others' icons: the buttons of a card row, whose labels
// shorten rather than push the list wider than a phone.
type shareRow struct{}

// MinSize is the widest object's width plus the icon room of the others.
func (*shareRow) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w, h float32
	for i, o := range objs {
		m := o.MinSize()
		if i == 0 || m.Width > w {
			w = max(w, m.Width)
		}
		h = max(h, m.Height)
	}
	return fyne.NewSize(w+float32(len(objs)-1)*(kit.MinTouchTarget+theme.Padding()), h)
}

// Layout shares size.Width between the objects, in proportion to their
// minimum widths.
func (*shareRow) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	var total float32
	for _, o := range objs {
		total += o.MinSize().Width
	}
	gap := theme.Padding()
	free := size.Width - gap*float32(len(objs)-1)
	x := float32(0)
	for _, o := range objs {
		w := free / float32(len(objs))
		if total > 0 {
			w = free * o.MinSize().Width / total
		}
		o.Resize(fyne.NewSize(w, size.Height))
		o.Move(fyne.NewPos(x, 0))
		x += w + gap
	}
}
