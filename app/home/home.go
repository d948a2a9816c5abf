// Package home holds the screens around the games: the home screen (games
// to continue, systems to start, finished games with their reports), the
// new-game form generated from a system's option schema, the Settings
// screen and the player statistics.
//
// Its screens run in a shell.UI, which leads into a game (shell.UI.ShowGame,
// Resume, ShowFinished) and back home; the package does not know the play
// frame's insides nor any game system's screen. When LAN play is installed
// (shell.UI.Network), the home screen offers "Join a game" and lists the
// games joined on other devices under Continue, through that interface.
package home

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/store"
	"github.com/commandconsole/commandconsole/games"
)

// Screen is the home screen, the first screen: one scrolling column that
// reads well from a phone to a landscape tablet: the games to continue (with any
// damaged saves), the systems to start a new game of, and the finished
// games with their battle reports. Stats (each player's record across
// games) and Settings are buttons in the title bar.
type Screen struct {
	ui   *shell.UI
	root fyne.CanvasObject

	// systems are the tiles of the playable game systems.
	systems []*kit.Tile
	// unfinished and finished are the saved games' tiles, newest first.
	unfinished, finished []*kit.Tile
	// joined are the Continue list's rows of games joined on another
	// device (LAN play), and joinTile opens the page to join one.
	joined   []fyne.CanvasObject
	joinTile *kit.Tile
	// damaged lists the save entries that cannot be read.
	damaged []error
	// listErr is why the saves could not be listed at all.
	listErr error
	// settingsBtn opens the settings; statsBtn the player statistics.
	settingsBtn *widget.Button
	statsBtn    *widget.Button
}

// New builds the home screen of u, reading the saves; it is the
// shell.HomeFunc the app's root starts the shell with.
func New(u *shell.UI) kit.Screen { return newHomeScreen(u) }

// newHomeScreen builds the home screen, reading the saves.
func newHomeScreen(u *shell.UI) *Screen {
	h := &Screen{ui: u}
	h.build()
	return h
}

// Content is the screen's widget tree.
func (h *Screen) Content() fyne.CanvasObject { return h.root }

// Leave does nothing: the screen keeps no resources.
func (h *Screen) Leave() {}

func (h *Screen) build() {
	u := h.ui
	icon := canvas.NewImageFromResource(kit.Icon())
	icon.FillMode = canvas.ImageFillContain
	icon.SetMinSize(fyne.NewSize(kit.MinTouchTarget, kit.MinTouchTarget))
	h.settingsBtn = widget.NewButtonWithIcon("Settings", theme.SettingsIcon(), func() { ShowSettings(u) })
	h.statsBtn = widget.NewButtonWithIcon("Stats", theme.ListIcon(), func() { ShowStats(u) })
	bar := kit.TopBar(icon, kit.Heading("Command Console"), container.NewHBox(h.statsBtn, h.settingsBtn))

	metas, damaged, err := u.Store().List()
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

	if n := u.Network(); n != nil {
		h.joined = n.Continue()
	}
	body := container.NewVBox()
	if msg := h.storeProblem(); msg != "" {
		b := kit.NewBanner()
		b.Set(msg)
		body.Add(b)
	}
	// Continue first when there is something to continue: that is what
	// a player back at the table wants.
	if len(active) > 0 || len(h.damaged) > 0 || len(h.joined) > 0 {
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
func (h *Screen) storeProblem() string {
	u := h.ui
	switch {
	case u.StoreErr() != nil:
		return "Your saved games could not be opened: " + u.StoreErr().Error() +
			". You can still play, but games started now will not be saved."
	case !u.Persisted():
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

func (h *Screen) buildSystems() fyne.CanvasObject {
	box := container.NewVBox(kit.Subheading("New game"))
	if n := h.ui.Network(); n != nil {
		h.joinTile = kit.NewTile("Join a game", "Play a seat of a game hosted on another tablet nearby, or watch it", n.ShowJoin)
		box.Add(h.joinTile)
	}
	for _, r := range games.Playable() {
		info, rules := r.Info(), r
		t := kit.NewTile(info.Name, info.Doc, func() { ShowNewGame(h.ui, rules) })
		h.systems = append(h.systems, t)
		box.Add(t)
	}
	if len(h.systems) == 0 {
		box.Add(kit.Wrapped("No game system is ready to play in this version."))
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
func (h *Screen) gameDetail(m console.GameMeta) string {
	parts := []string{systemName(m.Setup.System), seatNames(m.Setup.Seats)}
	if m.Summary != "" {
		parts = append(parts, m.Summary)
	}
	parts = append(parts, "last played "+lastPlayed(h.ui.Clock()(), m.Updated))
	return strings.Join(parts, " · ")
}

func (h *Screen) buildSaves(metas []console.GameMeta, finished bool) fyne.CanvasObject {
	box := container.NewVBox()
	if finished {
		box.Add(kit.Subheading("Finished games"))
	} else {
		box.Add(kit.Subheading("Continue"))
		for _, err := range h.damaged {
			box.Add(h.damagedRow(err))
		}
		for _, row := range h.joined {
			box.Add(row)
		}
	}
	if len(metas) == 0 && (finished || len(h.joined) == 0) {
		if finished {
			box.Add(kit.Wrapped("No finished games yet. Their battle reports will be here."))
		} else {
			box.Add(kit.Wrapped("No unfinished games."))
		}
	}
	for _, m := range metas {
		m := m
		title := m.Setup.Title
		if title == "" {
			title = systemName(m.Setup.System)
		}
		var t *kit.Tile
		if finished {
			t = kit.NewTile(title, h.gameDetail(m), func() { h.ui.ShowFinished(m) })
			h.finished = append(h.finished, t)
		} else {
			detail := h.gameDetail(m)
			var extra []fyne.CanvasObject
			if n := h.ui.Network(); n != nil {
				note, actions := n.Saved(m)
				if note != "" {
					detail += "\n" + note
				}
				for i, a := range actions {
					b := widget.NewButtonWithIcon(a.Label, a.Icon, a.Run)
					if i == 0 {
						b.Importance = widget.HighImportance // the main way on
					}
					extra = append(extra, b)
				}
			}
			t = kit.NewTile(title, detail, func() { h.ui.Resume(m) })
			h.unfinished = append(h.unfinished, t)
			if len(extra) > 0 {
				// The actions in a row under the tile (one a line on a
				// phone), so the tile keeps the width for its lines.
				del := widget.NewButtonWithIcon("Delete", theme.DeleteIcon(), func() { h.confirmDelete(m) })
				del.Importance = widget.DangerImportance
				buttons := append(extra, del)
				row := kit.NewGridColumns(1, buttons...)
				fit := &kit.WidthWatch{OnWidth: func(w float32) {
					if w >= 600 {
						kit.SetColumns(row, len(buttons))
					} else {
						kit.SetColumns(row, 1)
					}
				}}
				box.Add(container.NewVBox(t, container.New(fit, row)))
				continue
			}
		}
		del := widget.NewButtonWithIcon("Delete", theme.DeleteIcon(), func() { h.confirmDelete(m) })
		del.Importance = widget.DangerImportance
		box.Add(container.NewBorder(nil, nil, nil, container.NewCenter(del), t))
	}
	return box
}

// damagedRow shows a damaged save with its message and, when the store
// says which game it is, a button to delete it.
func (h *Screen) damagedRow(err error) fyne.CanvasObject {
	b := kit.NewBanner()
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
func (h *Screen) confirm(title, msg string, yes func()) {
	d := dialog.NewConfirm(title, msg, func(ok bool) {
		if ok {
			yes()
		}
	}, h.ui.Window())
	d.SetConfirmText("Delete")
	d.SetDismissText("Keep")
	d.Show()
}

// delete removes a game from the store and redraws the home screen.
func (h *Screen) delete(id string) {
	if err := h.ui.Store().Delete(id); err != nil {
		h.ui.ShowError("Could not delete the game", err)
		return
	}
	h.ui.Home()
}

func (h *Screen) confirmDelete(m console.GameMeta) {
	title := m.Setup.Title
	if title == "" {
		title = systemName(m.Setup.System)
	}
	msg := fmt.Sprintf("Delete \u201c%s\u201d (%s: %s)?\nThis cannot be undone.", title, systemName(m.Setup.System), seatNames(m.Setup.Seats))
	h.confirm("Delete game", msg, func() { h.delete(m.ID) })
}

// lastPlayed renders how long ago t was, relative to now: "just now",
// "5 min ago", "3 h ago", "yesterday 20:14", "Mon 2 Jun 18:30".
func lastPlayed(now, t time.Time) string {
	if t.IsZero() {
		return "never"
	}
	t = t.In(now.Location())
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d/time.Minute))
	case d < 12*time.Hour:
		return fmt.Sprintf("%d h ago", int(d/time.Hour))
	}
	y1, m1, d1 := now.Date()
	y2, m2, d2 := t.Date()
	today := time.Date(y1, m1, d1, 0, 0, 0, 0, now.Location())
	day := time.Date(y2, m2, d2, 0, 0, 0, 0, now.Location())
	switch today.Sub(day) / (24 * time.Hour) {
	case 0:
		return "today " + t.Format("15:04")
	case 1:
		return "yesterday " + t.Format("15:04")
	}
	if y1 == y2 {
		return t.Format("Mon 2 Jan 15:04")
	}
	return t.Format("2 Jan 2006")
}
