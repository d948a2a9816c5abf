package play

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
)

// Env is what a game screen gets from the frame: the game in play (local
// or, later, joined over the LAN: the screen cannot tell), the seat this
// tablet acts for, the player's settings and the ways to report back.
type Env struct {
	app  fyne.App
	win  fyne.Window
	game console.Game
	// seat is the seat this tablet sends commands as; fixed when it is
	// the only one this tablet plays (Frame.Seat).
	seat  console.Seat
	fixed bool
	clock func() time.Time
	// actions are the app's actions for this game (Frame.Actions).
	actions []Action

	host *Host
}

// Actions are what the app around the game offers on its screen (host it
// on the network, show the host panel): an OwnBar screen lists them in its
// menu; otherwise the frame shows them as buttons beside the summary under
// its title bar.
func (e *Env) Actions() []Action { return e.actions }

// Fixed reports whether this tablet plays Seat only (it joined a LAN game,
// or the game was opened as that seat); otherwise it plays every seat of
// a local game.
func (e *Env) Fixed() bool { return e.fixed }

// Run runs fn, a change to the game made from the screen, so that no
// redraw runs at the same time, and redraws when it succeeds; it returns
// fn's error unshown.
func (e *Env) Run(fn func() error) error { return e.host.run(fn) }

// AddPicture keeps a picture (PNG) with its caption for the game's battle
// report, in the app's storage.
func (e *Env) AddPicture(caption string, png []byte) error {
	return SavePicture(e.app, e.game.Info().ID, caption, png)
}

// Game returns the game in play.
func (e *Env) Game() console.Game { return e.game }

// Seat returns the seat this tablet sends commands as (the seat named
// like the player in Settings, else the first). A hot-seat screen sends
// as the seat whose move it is instead, with DoAs.
func (e *Env) Seat() console.Seat { return e.seat }

// Seats returns the game's seats in setup order.
func (e *Env) Seats() []console.Seat { return e.game.Info().Seats }

// View returns what seat may know now.
func (e *Env) View(seat console.Seat) (console.View, error) {
	st, err := e.game.State(seat)
	return st.View, err
}

// App returns the Fyne app.
func (e *Env) App() fyne.App { return e.app }

// Window returns the window the game is shown in, for dialogs.
func (e *Env) Window() fyne.Window { return e.win }

// Clock returns the clock of the app (time.Now but in tests).
func (e *Env) Clock() func() time.Time { return e.clock }

// Settings returns the player's settings in force.
func (e *Env) Settings() kit.Settings { return e.host.nav.Settings() }

// Units returns the distance units the player chose.
func (e *Env) Units() kit.Units { return e.Settings().Units }

// PlayerName returns the player's own name from Settings ("" when unset).
func (e *Env) PlayerName() string { return e.Settings().Name }

// Hints reports whether tutorial hints are on.
func (e *Env) Hints() bool { return e.Settings().Hints }

// SetHints turns tutorial hints on or off and saves the choice.
func (e *Env) SetHints(on bool) {
	s := e.Settings()
	s.Hints = on
	e.host.nav.ApplySettings(s)
}

// Do sends one command as Seat. A refusal is shown in the frame's banner
// and an internal failure in a dialog; Do reports whether the command was
// accepted. The screen is redrawn before Do returns.
func (e *Env) Do(name string, args map[string]any) bool {
	return e.DoAs(e.seat, name, args)
}

// DoAs sends one command as seat, as Do does as Seat.
func (e *Env) DoAs(seat console.Seat, name string, args map[string]any) bool {
	return e.host.call(func() error {
		_, err := e.game.Do(seat, console.Command{Name: name, Args: args})
		return err
	})
}

// TryAs sends one command as seat and returns a refusal (a
// *console.Rejection) instead of showing it in the banner, for a form that
// shows it beside its fields. An internal failure is shown in a dialog
// (and returned too). The screen is redrawn when the command is accepted.
func (e *Env) TryAs(seat console.Seat, name string, args map[string]any) error {
	err := e.host.run(func() error {
		_, err := e.game.Do(seat, console.Command{Name: name, Args: args})
		return err
	})
	if err != nil && !console.IsRejection(err) {
		e.host.fail(err)
	}
	return err
}

// Fail shows err: a refusal in the banner (in a dialog on an OwnBar
// screen), anything else in a dialog in the player's words, with the
// detail behind "Details".
func (e *Env) Fail(err error) { e.host.fail(err) }

// Confirm asks a yes/no question before something drastic; fn runs when
// the player taps yes (the confirm button's text).
func (e *Env) Confirm(title, msg, yes string, fn func()) {
	d := dialog.NewConfirm(title, kit.WrapText(msg, 50), func(ok bool) {
		if ok {
			fn()
		}
	}, e.win)
	d.SetConfirmText(yes)
	d.SetDismissText("Cancel")
	d.Show()
}

// Undo takes back the last command: as Seat, or on a hot-seat screen as
// the seat that gave it. A refusal is shown as Do shows one; Undo reports
// whether the command was taken back.
func (e *Env) Undo() bool { return e.host.undo() }

// UndoAs takes back the last command as seat and returns a refusal (a
// *console.Rejection) instead of showing it, for a screen that asks the
// other side's consent or explains the refusal itself. An internal failure
// is shown in a dialog (and returned too). The screen is redrawn when the
// command is taken back.
func (e *Env) UndoAs(seat console.Seat) error {
	err := e.host.run(func() error {
		_, err := e.game.Undo(seat)
		return err
	})
	if err != nil && !console.IsRejection(err) {
		e.host.fail(err)
	}
	return err
}

// ShowHistory lists the game's log as seat may read it, newest first, in
// a dialog.
func (e *Env) ShowHistory(seat console.Seat) { e.host.showHistory(seat) }

// ShowReport shows this game's battle report; its Back returns to the game.
// A tablet that plays one seat comes back to that seat.
func (e *Env) ShowReport() {
	seat := console.Seat("")
	if e.fixed {
		seat = e.seat
	}
	showReport(e.host.nav, e.game, true, seat)
}

// Home leaves the game for the home screen.
func (e *Env) Home() { e.host.nav.Home() }

// RosterStore keeps named records the player reuses across games (the
// app's store: console/store's rosters).
type RosterStore interface {
	PutRoster(kind, name string, data []byte) error
	Roster(kind, name string) ([]byte, error)
	Rosters(kind string) ([]string, error)
	DeleteRoster(kind, name string) error
}

// Rosters returns the app's roster store, or nil when its store keeps no
// rosters (a memory store in tests): a screen then hides its roster
// buttons.
func (e *Env) Rosters() RosterStore {
	s, ok := e.host.nav.(interface{ Store() console.Store })
	if !ok {
		return nil
	}
	r, ok := s.Store().(RosterStore)
	if !ok {
		return nil
	}
	return r
}
