package lorwidget

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/games/landsofruin"
)

// This file is the picker a stack opens: the characters it stands for,
// one a row, the seat's own a button that picks it.

// OpenStack opens the picker of a stack (a target with several
// characters) over the map's window: a tap on one of the seat's own
// characters calls OnCharacterTapped with it and closes the picker; the
// others are listed by name.
func (m *TableMap) OpenStack(t MapTarget) {
	c := fyne.CurrentApp().Driver().CanvasForObject(m)
	if c == nil {
		return
	}
	m.ClosePicker()
	var pop *widget.PopUp
	var rows []fyne.CanvasObject
	where := ""
	for _, id := range t.Characters {
		ch, ok := m.char(id)
		if !ok {
			continue
		}
		if where == "" {
			where = m.placeName(ch.Section)
		}
		name := ch.Name
		if ch.Down {
			name += " (down)"
		}
		if ch.Own == nil {
			l := widget.NewLabel(name)
			l.Wrapping = fyne.TextWrapWord
			rows = append(rows, l)
			continue
		}
		id := id
		b := widget.NewButton(name, func() {
			m.ClosePicker()
			if m.OnCharacterTapped != nil {
				m.OnCharacterTapped(id)
			}
		})
		if id == m.selected {
			b.Importance = widget.HighImportance
		}
		rows = append(rows, b)
	}
	// A stack covers part of its section: where a tap on the section
	// counts now (a move's or a throw's choice), the picker offers it.
	if first, ok := m.char(t.Characters[0]); ok && slices.Contains(m.marked, first.Section) {
		sec := first.Section
		label := sec
		if s, ok := m.layout.Section(sec); ok && s.Label != "" {
			label = s.Label
		}
		b := widget.NewButton("Choose section "+label, func() {
			m.ClosePicker()
			if m.OnSectionTapped != nil {
				m.OnSectionTapped(sec)
			}
		})
		b.Importance = widget.HighImportance
		rows = append([]fyne.CanvasObject{b}, rows...)
	}
	title := widget.NewLabelWithStyle(fmt.Sprintf("%d characters %s", len(t.Characters), where), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Wrapping = fyne.TextWrapWord
	closeBtn := widget.NewButtonWithIcon("Close", theme.CancelIcon(), m.ClosePicker)
	list := container.NewVScroll(container.NewVBox(rows...))
	body := container.NewBorder(title, closeBtn, nil, nil, list)
	pop = widget.NewModalPopUp(body, c)
	cs := c.Size()
	want := body.MinSize().Max(fyne.NewSize(min(360, cs.Width*0.9), 0))
	list.SetMinSize(container.NewVBox(rows...).MinSize())
	want = body.MinSize().Max(want)
	pop.Resize(fyne.NewSize(min(want.Width, cs.Width*0.9), min(want.Height+theme.Padding()*4, cs.Height*0.9)))
	m.picker = pop
	pop.Show()
}

// ClosePicker closes a stack's picker if one is open.
func (m *TableMap) ClosePicker() {
	if m.picker != nil {
		m.picker.Hide()
		m.picker = nil
	}
}

// Picker is the stack's picker on show, nil when none is.
func (m *TableMap) Picker() *widget.PopUp { return m.picker }

// char is a character of the view.
func (m *TableMap) char(id string) (landsofruin.CharView, bool) {
	i := slices.IndexFunc(m.v.Characters, func(c landsofruin.CharView) bool { return c.ID == id })
	if i < 0 {
		return landsofruin.CharView{}, false
	}
	return m.v.Characters[i], true
}

// placeName says where a character stands, in the map's letters: "in E",
// "off the table".
func (m *TableMap) placeName(section string) string {
	if m.offTable(section) {
		return "off the table"
	}
	if s, ok := m.layout.Section(section); ok && s.Label != "" {
		return "in " + s.Label
	}
	return ""
}
