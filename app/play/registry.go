package play

import (
	"sync"

	"fyne.io/fyne/v2"
)

// Screen is the part of the game window that belongs to one game system:
// the score pad's grid and keypad, a miniature game's board.
type Screen interface {
	// Content is the screen's widget tree, built once.
	Content() fyne.CanvasObject
	// Refresh redraws the screen from the game's current view.
	Refresh()
}

// Constructor builds a system's game screen for the game in env.
type Constructor func(env *Env) Screen

// HotSeat is implemented by a game screen on which one tablet plays every
// seat in turn, passed round the table (Runika's players, BattleLore's two
// sides). The screen sends each command as the seat whose move it is; Undo
// takes back the last command as the seat that gave it (the rules still
// refuse what may not be undone), and History is read as the spectator
// sees it, so no seat's secrets show on the shared screen. The frame
// follows the changes of every seat.
type HotSeat interface {
	Screen
	// HotSeat marks the screen; it does nothing.
	HotSeat()
}

// OwnBar is implemented by a game screen that draws its own top bar (its
// menu, undo and history through Env.Undo and Env.ShowHistory): the frame
// then shows neither its title bar nor its banner, only the screen.
type OwnBar interface {
	Screen
	// OwnBar marks the screen; it does nothing.
	OwnBar()
}

var (
	regMu   sync.RWMutex
	screens = map[string]Constructor{}
	// shared are the systems whose screen is made for one tablet passed
	// round the table only (RegisterShared).
	shared = map[string]bool{}
)

// RegisterShared makes c the screen of the game system with id system on
// a tablet that plays every seat, passed round the table; a tablet that
// plays one seat (a joined LAN game, a hosted game's own seat) gets the
// generic screen instead, because c acts for whoever's turn it is and
// reads every seat's view.
func RegisterShared(system string, c Constructor) {
	regMu.Lock()
	defer regMu.Unlock()
	screens[system] = c
	shared[system] = true
}

// ScreenForSeat returns the screen constructor for a system on a tablet
// that plays one seat (fixed) or every seat: ScreenFor, except that a
// shared screen (RegisterShared) gives way to the generic screen on a
// tablet that plays one seat.
func ScreenForSeat(system string, fixed bool) Constructor {
	regMu.RLock()
	sh := shared[system]
	regMu.RUnlock()
	if fixed && sh {
		return NewGeneric
	}
	return ScreenFor(system)
}

// Register makes c the screen of the game system with id system. The app's
// root package registers every screen at start; a second registration for
// the same system replaces the first.
func Register(system string, c Constructor) {
	regMu.Lock()
	defer regMu.Unlock()
	screens[system] = c
	delete(shared, system)
}

// ScreenFor returns the screen constructor for a system, or the generic
// screen's (NewGeneric) when the system has none registered.
func ScreenFor(system string) Constructor {
	regMu.RLock()
	defer regMu.RUnlock()
	if c, ok := screens[system]; ok {
		return c
	}
	return NewGeneric
}

// Registered reports whether system has a screen of its own.
func Registered(system string) bool {
	regMu.RLock()
	defer regMu.RUnlock()
	_, ok := screens[system]
	return ok
}
