// Package app is Command Console's graphical interface, built with Fyne.
// This root package is the wiring: Run opens the window, New builds the
// interface on a window, and init registers each game system's screen with
// the play frame. The rooms are packages of their own:
//
//   - kit: the theme, settings, shared widgets, layouts and text helpers;
//   - play: the play frame (a game in play, its title bar, banner, undo,
//     history and battle report), the screen registry and the Env a
//     screen gets, and the generic screen for systems without one;
//   - home: the home screen, the new-game form, Settings and stats;
//   - padkit: what the board-game screens share (score cells, steppers,
//     choice buttons, the command form dialog, the end panel);
//   - padscreen, runikascreen, battlelorescreen: one game system's screen
//     each;
//   - lan: LAN play: host the game on screen, find and join a game
//     hosted nearby, rejoin from Continue, the link banner;
//   - internal/shell: the running interface of one window (the current
//     screen, the open game, the services), built here with home.New.
//
// Screens are structs that receive the fyne.App, the fyne.Window and the
// services they need; nothing here calls fyne.CurrentApp. A game screen holds
// a console.Game, the one interface for a game in play (a local session
// today, a LAN client tomorrow); every change is a console.Command sent
// through it, and screens subscribe to it and redraw on the Fyne thread
// (fyne.Do).
//
// The packages do not import Fyne's app package (cmd/commandconsole does),
// so their tests run on Fyne's test driver without a display. (They still
// need cgo to build for Android: Fyne's mobile driver does.)
package app

import (
	"fyne.io/fyne/v2"

	"github.com/commandconsole/commandconsole/app/battlelorescreen"
	"github.com/commandconsole/commandconsole/app/home"
	"github.com/commandconsole/commandconsole/app/internal/mcast"
	"github.com/commandconsole/commandconsole/app/internal/shell"
	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/app/lan"
	"github.com/commandconsole/commandconsole/app/lorscreen"
	"github.com/commandconsole/commandconsole/app/padscreen"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/app/runeballscreen"
	"github.com/commandconsole/commandconsole/app/runikascreen"
	"github.com/commandconsole/commandconsole/app/ruunarascreen"
	"github.com/commandconsole/commandconsole/games/battlelore"
	"github.com/commandconsole/commandconsole/games/landsofruin"
	"github.com/commandconsole/commandconsole/games/runeball"
	"github.com/commandconsole/commandconsole/games/runika"
	"github.com/commandconsole/commandconsole/games/ruunara"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

// WindowSize is the size of the main window on a desktop: a landscape
// tablet.
var WindowSize = fyne.NewSize(1280, 800)

// Config holds the services the interface runs on: the store (nil keeps
// games in memory), why it could not be opened, its path and the clock.
type Config = shell.Config

// UI is the running interface of one window: it owns the current screen
// and the open game, if any.
type UI = shell.UI

// init registers the screen of every game system that has one; a system
// without gets play's generic screen. A new system with a screen of its
// own adds a line here.
func init() {
	play.Register(scorepad.ID, padscreen.New)
	// Runika's and BattleLore's screens act for whoever's turn it is:
	// a tablet that plays one seat of them (LAN play) gets the generic
	// screen.
	play.RegisterShared(runika.ID, runikascreen.New)
	play.RegisterShared(battlelore.ID, battlelorescreen.New)
	play.Register(landsofruin.ID, lorscreen.New)
	// Ruunara hides nothing: the same screen plays one seat on a LAN
	// tablet or both seats of a duo game on one tablet.
	play.Register(ruunara.ID, ruunarascreen.New)
	// Runeball's screen plays one coach on a LAN tablet, or both on one
	// tablet with the rosters handed over (RB-D63).
	play.Register(runeball.ID, runeballscreen.New)
	home.RegisterNewGame(landsofruin.ID, lorscreen.NewGame)
}

// New builds the interface for window w of app a, with LAN play on the
// real network (mDNS, TCP). Call Start to show it.
func New(a fyne.App, w fyne.Window, cfg Config) *UI {
	u, _ := newUI(a, w, cfg)
	return u
}

// newUI is New, with its LAN service.
func newUI(a fyne.App, w fyne.Window, cfg Config) (*UI, *lan.Service) {
	u := shell.New(a, w, cfg, home.New)
	return u, lan.Install(u, lan.Options{})
}

// LANStart says what to host or join at start (lan.Start): the real
// binary takes it from COMMANDCONSOLE_HOST, COMMANDCONSOLE_JOIN,
// COMMANDCONSOLE_PIN and COMMANDCONSOLE_FINGERPRINT.
type LANStart = lan.Start

// Run opens the main window of a, shows the interface on it and runs the
// app until the window is closed. cfg.Store is the save store, or nil with
// cfg.StoreErr saying why it could not be opened: the app then starts
// anyway, shows the error and keeps games in memory.
func Run(a fyne.App, cfg Config, st LANStart) {
	a.SetIcon(Icon())
	// Android drops mDNS on Wi-Fi unless the app holds the multicast
	// lock while it hosts or browses (a no-op elsewhere).
	mcast.Install()
	w := a.NewWindow("Command Console")
	w.Resize(WindowSize)
	w.SetMaster()
	u, svc := newUI(a, w, cfg)
	w.SetOnClosed(u.Stop)
	u.Start()
	svc.AtStart(st)
	w.ShowAndRun()
}

// Icon returns the application icon as a Fyne resource.
func Icon() fyne.Resource { return kit.Icon() }
