// Package app is Command Console's graphical interface, built with Fyne: the
// home screen (new game, continue, finished games, settings), the new-game
// form generated from a system's option schema, the score pad, a generic
// screen for game systems without a screen of their own, and the battle
// report.
//
// Screens are structs that receive the fyne.App, the fyne.Window and the
// services they need; nothing here calls fyne.CurrentApp. A game screen holds
// a console.Game, the one interface for a game in play (a local session
// today, a LAN client tomorrow); every change is a console.Command sent
// through it, and screens subscribe to it and redraw on the Fyne thread
// (fyne.Do).
//
// The package does not import Fyne's app package (cmd/commandconsole does),
// so its tests run on Fyne's test driver without a display. (It still needs
// cgo to build for Android: Fyne's mobile driver does.)
package app

import (
	"errors"
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/commandconsole/commandconsole/assets"
	"github.com/commandconsole/commandconsole/console"
)

// WindowSize is the size of the main window on a desktop: a landscape
// tablet.
var WindowSize = fyne.NewSize(1280, 800)

// Config holds the services the interface runs on.
type Config struct {
	// Store keeps the games. When nil, games are kept in memory only (and
	// the home screen says so, with StoreErr when it is set).
	Store console.Store
	// StoreErr is why the save file could not be opened, shown on the home
	// screen; the app runs without saves rather than not at all.
	StoreErr error
	// StorePath is the save file's location, shown in Settings.
	StorePath string
	// Clock gives the time for "last played"; nil means time.Now.
	Clock func() time.Time
}

// UI is the running interface of one window: it owns the current screen
// and the open game, if any.
type UI struct {
	app       fyne.App
	win       fyne.Window
	store     console.Store
	persisted bool
	storeErr  error
	storePath string
	clock     func() time.Time
	settings  Settings

	current        screen
	home           *homeScreen
	settingsScreen *settingsForm
	game           *gameHost
}

// screen is one full-window screen.
type screen interface {
	// content is the screen's widget tree.
	content() fyne.CanvasObject
	// leave is called when another screen replaces this one.
	leave()
}

// New builds the interface for window w of app a. Call Start to show it.
func New(a fyne.App, w fyne.Window, cfg Config) *UI {
	u := &UI{
		app: a, win: w, store: cfg.Store, persisted: cfg.Store != nil,
		storeErr: cfg.StoreErr, storePath: cfg.StorePath, clock: cfg.Clock,
	}
	if u.store == nil {
		u.store = console.NewMemStore()
	}
	if u.clock == nil {
		u.clock = time.Now
	}
	u.settings = LoadSettings(a.Preferences())
	return u
}

// Start applies the theme, hooks the app's lifecycle (a snapshot of the
// open game when the app goes to the background, which Fyne calls leaving
// the foreground, and when it stops) and shows the home screen.
func (u *UI) Start() {
	u.applySettings(u.settings)
	lc := u.app.Lifecycle()
	lc.SetOnExitedForeground(u.checkpoint)
	lc.SetOnStopped(u.checkpoint)
	u.showHome()
}

// Run opens the main window of a, shows the interface on it and runs the
// app until the window is closed. cfg.Store is the save store, or nil with
// cfg.StoreErr saying why it could not be opened: the app then starts
// anyway, shows the error and keeps games in memory.
func Run(a fyne.App, cfg Config) {
	a.SetIcon(Icon())
	w := a.NewWindow("Command Console")
	w.Resize(WindowSize)
	w.SetMaster()
	u := New(a, w, cfg)
	w.SetOnClosed(u.checkpoint)
	u.Start()
	w.ShowAndRun()
}

// Icon returns the application icon as a Fyne resource.
func Icon() fyne.Resource { return fyne.NewStaticResource(assets.IconName, assets.Icon()) }

// Window returns the window the interface draws in.
func (u *UI) Window() fyne.Window { return u.win }

// Settings returns the settings in force.
func (u *UI) Settings() Settings { return u.settings }

// show replaces the current screen.
func (u *UI) show(s screen) {
	if u.current != nil && u.current != s {
		u.current.leave()
	}
	u.current = s
	u.win.SetContent(s.content())
}

// showHome shows the home screen, reading the saves afresh.
func (u *UI) showHome() {
	u.home = newHomeScreen(u)
	u.show(u.home)
}

// checkpoint snapshots the open game, so a resume replays nothing. It is
// called when the app goes to the background, stops, or leaves the game.
func (u *UI) checkpoint() {
	if u.game != nil {
		u.game.checkpoint()
	}
}

// applySettings stores s and applies it at once: the theme follows when
// its colours or text size change, or the app has another theme.
func (u *UI) applySettings(s Settings) {
	old := u.settings
	u.settings = s.normalised()
	u.settings.Save(u.app.Preferences())
	th, ok := u.app.Settings().Theme().(*Theme)
	if !ok || old.Theme != u.settings.Theme || old.TextScale != u.settings.TextScale ||
		th.Dark != (u.settings.Theme != ThemeLight) || th.Scale != u.settings.TextScale {
		u.app.Settings().SetTheme(NewTheme(u.settings))
	}
}

// showError shows err in a dialog: the rejection's own words for a
// rejection, the full error otherwise.
func (u *UI) showError(title string, err error) {
	if err == nil {
		return
	}
	msg := errorText(err)
	d := dialog.NewInformation(title, wrapText(msg, 60), u.win)
	d.Show()
}

// errorText is what a player reads for err: a rejection's own words, or
// the full error otherwise.
func errorText(err error) string {
	var r *console.Rejection
	if errors.As(err, &r) {
		return r.Msg
	}
	return err.Error()
}

// wrapText breaks s into lines of about width characters for dialogs,
// which do not wrap their message.
func wrapText(s string, width int) string {
	out := make([]rune, 0, len(s)+len(s)/width)
	col := 0
	lastSpace := -1
	for _, r := range s {
		switch {
		case r == '\n':
			col, lastSpace = 0, -1
		case r == ' ':
			lastSpace = len(out)
			col++
		default:
			col++
		}
		out = append(out, r)
		if col > width && lastSpace >= 0 {
			out[lastSpace] = '\n'
			col = len(out) - lastSpace - 1
			lastSpace = -1
		}
	}
	return string(out)
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
