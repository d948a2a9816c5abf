package app

import (
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/store"
	"github.com/commandconsole/commandconsole/games"
)

// homeScreen is the first screen, one scrolling column that reads well
// from a phone to a landscape tablet: the games to continue (with any
// damaged saves), the systems to start a new game of, and the finished
// games with their battle reports. Stats (each player's record across
// games) and Settings are buttons in the title bar.
type homeScreen struct {
	ui   *UI
	root fyne.CanvasObject

	// systems are the tiles of the playable game systems.
	systems []*tile
	// unfinished and finished are the saved games' tiles, newest first.
	unfinished, finished []*tile
	// damaged lists the save entries that cannot be read.
	damaged []error
	// listErr is why the saves could not be listed at all.
	listErr error
	// settingsBtn opens the settings; statsBtn the player statistics.
	settingsBtn *widget.Button
	statsBtn    *widget.Button
}

// newHomeScreen builds the home screen, reading the saves.
func newHomeScreen(u *UI) *homeScreen {
	h := &homeScreen{ui: u}
	h.build()
	return h
}

func (h *homeScreen) content() fyne.CanvasObject { return h.root }
func (h *homeScreen) leave()                     {}

func (h *homeScreen) build() {
	u := h.ui
	icon := canvas.NewImageFromResource(Icon())
	icon.FillMode = canvas.ImageFillContain
	icon.SetMinSize(fyne.NewSize(MinTouchTarget, MinTouchTarget))
	h.settingsBtn = widget.NewButtonWithIcon("Settings", theme.SettingsIcon(), u.showSettings)
	h.statsBtn = widget.NewButtonWithIcon("Stats", theme.ListIcon(), u.showStats)
	bar := topBar(icon, heading("Command Console"), container.NewHBox(h.statsBtn, h.settingsBtn))

	metas, damaged, err := u.store.List()
	h.listErr = err
	h.damaged = damaged
	var active, done []console.GameMeta
	for _, m := range metas {
		if m.Status == console.StatusFinished {
			done = append(done, m)
		} else {
			active = append(active, m)
		}
	}

	body := container.NewVBox()
	if msg := h.storeProblem(); msg != "" {
		b := newBanner()
		b.Set(msg)
		body.Add(b)
	}
	// Continue first when there is something to continue: that is what
	// a player back at the table wants.
	if len(active) > 0 || len(h.damaged) > 0 {
		body.Add(h.buildSaves(active, false))
		body.Add(h.buildSystems())
	} else {
		body.Add(h.buildSystems())
		body.Add(h.buildSaves(active, false))
	}
	body.Add(h.buildSaves(done, true))
	h.root = container.NewBorder(bar, nil, nil, nil, container.NewVScroll(container.NewPadded(body)))
}

// storeProblem says why games are not being saved, or "".
func (h *homeScreen) storeProblem() string {
	u := h.ui
	switch {
	case u.storeErr != nil:
		return "Your saved games could not be opened: " + u.storeErr.Error() +
			". You can still play, but games started now will not be saved."
	case !u.persisted:
		return "Games are not being saved on this device."
	case h.listErr != nil:
		return "Your saved games could not be read: " + h.listErr.Error()
	}
	return ""
}

// damagedMessage names the damaged game and what is wrong with it.
func damagedMessage(err error) string {
	var d *store.DamagedError
	if errors.As(err, &d) {
		return fmt.Sprintf("Saved game %q is damaged and cannot be opened: %v", d.ID, d.Err)
	}
	return "A saved game is damaged and cannot be opened: " + err.Error()
}

func (h *homeScreen) buildSystems() fyne.CanvasObject {
	box := container.NewVBox(subheading("New game"))
	for _, r := range games.Playable() {
		info, rules := r.Info(), r
		t := newTile(info.Name, info.Doc, func() { h.ui.showNewGame(rules) })
		h.systems = append(h.systems, t)
		box.Add(t)
	}
	if len(h.systems) == 0 {
		box.Add(wrapped("No game system is ready to play in this version."))
	}
	return box
}

// systemName returns the display name of a system id.
func systemName(id string) string {
	r, err := games.Lookup(id)
	if err != nil {
		return id + " (not in this version)"
	}
	return r.Info().Name
}

// seatNames joins a game's seats for a list.
func seatNames(seats []console.Seat) string {
	s := make([]string, len(seats))
	for i, x := range seats {
		s[i] = string(x)
	}
	return strings.Join(s, ", ")
}

// gameDetail is the second line of a saved game's tile.
func (h *homeScreen) gameDetail(m console.GameMeta) string {
	parts := []string{systemName(m.Setup.System), seatNames(m.Setup.Seats)}
	if m.Summary != "" {
		parts = append(parts, m.Summary)
	}
	parts = append(parts, "last played "+lastPlayed(h.ui.clock(), m.Updated))
	return strings.Join(parts, " · ")
}

func (h *homeScreen) buildSaves(metas []console.GameMeta, finished bool) fyne.CanvasObject {
	box := container.NewVBox()
	if finished {
		box.Add(subheading("Finished games"))
	} else {
		box.Add(subheading("Continue"))
		for _, err := range h.damaged {
			box.Add(h.damagedRow(err))
		}
	}
	if len(metas) == 0 {
		if finished {
			box.Add(wrapped("No finished games yet. Their battle reports will be here."))
		} else {
			box.Add(wrapped("No unfinished games."))
		}
	}
	for _, m := range metas {
		m := m
		title := m.Setup.Title
		if title == "" {
			title = systemName(m.Setup.System)
		}
		var t *tile
		if finished {
			t = newTile(title, h.gameDetail(m), func() { h.ui.showFinished(m) })
			h.finished = append(h.finished, t)
		} else {
			t = newTile(title, h.gameDetail(m), func() { h.ui.resume(m) })
			h.unfinished = append(h.unfinished, t)
		}
		del := widget.NewButtonWithIcon("Delete", theme.DeleteIcon(), func() { h.confirmDelete(m) })
		del.Importance = widget.DangerImportance
		box.Add(container.NewBorder(nil, nil, nil, container.NewCenter(del), t))
	}
	return box
}

// damagedRow shows a damaged save with its message and, when the store
// says which game it is, a button to delete it.
func (h *homeScreen) damagedRow(err error) fyne.CanvasObject {
	b := newBanner()
	b.Warning = true
	b.Set(damagedMessage(err))
	var d *store.DamagedError
	if !errors.As(err, &d) {
		return b
	}
	id := d.ID
	del := widget.NewButtonWithIcon("Delete", theme.DeleteIcon(), func() {
		h.confirm("Delete damaged game", fmt.Sprintf("Delete the damaged game %q?\nWhat can be read of it will be lost.", id), func() {
			h.delete(id)
		})
	})
	del.Importance = widget.DangerImportance
	return container.NewBorder(nil, nil, nil, container.NewCenter(del), b)
}

// confirm asks before doing something that cannot be undone.
func (h *homeScreen) confirm(title, msg string, yes func()) {
	d := dialog.NewConfirm(title, msg, func(ok bool) {
		if ok {
			yes()
		}
	}, h.ui.win)
	d.SetConfirmText("Delete")
	d.SetDismissText("Keep")
	d.Show()
}

// delete removes a game from the store and redraws the home screen.
func (h *homeScreen) delete(id string) {
	if err := h.ui.store.Delete(id); err != nil {
		h.ui.showError("Could not delete the game", err)
		return
	}
	h.ui.showHome()
}

func (h *homeScreen) confirmDelete(m console.GameMeta) {
	title := m.Setup.Title
	if title == "" {
		title = systemName(m.Setup.System)
	}
	msg := fmt.Sprintf("Delete \u201c%s\u201d (%s: %s)?\nThis cannot be undone.", title, systemName(m.Setup.System), seatNames(m.Setup.Seats))
	h.confirm("Delete game", msg, func() { h.delete(m.ID) })
}
