// Package shell is the running interface of one window: it owns the
// current screen, the game in play (a play.Host) and the services (the
// store, the clock, the settings), and moves between the screens. The
// app's root package builds it with the home screen's constructor, which
// keeps this package free of the home package (whose tests drive a shell).
package shell

import (
	"fmt"
	"log"
	"reflect"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games"
)

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
	// Open is a saved game to open at start instead of the home screen:
	// its id, or "id@seat" to play that one seat on this tablet (no
	// hand-over). The real binary takes it from COMMANDCONSOLE_OPEN; the
	// CI screenshot of a game uses it.
	Open string
}

// HomeFunc builds the home screen of u.
type HomeFunc func(u *UI) kit.Screen

// UI is the running interface of one window: it owns the current screen
// and the open game, if any. It implements play.Nav.
type UI struct {
	app       fyne.App
	win       fyne.Window
	store     console.Store
	persisted bool
	storeErr  error
	storePath string
	open      string
	clock     func() time.Time
	settings  kit.Settings
	home      HomeFunc

	current kit.Screen
	game    *play.Host
	// atHome: the current screen is the home screen (the back button
	// leaves the app there).
	atHome bool

	// net is LAN play (nil: not wired, as in the tests of other rooms).
	net Network
	// inPlay is the game the interface is in (its frame, its report, its
	// host panel), and ends what must stop when the interface leaves it
	// (Attach).
	inPlay console.Game
	ends   []func(quitting bool)
}

// Network is LAN play as the interface sees it; package lan implements it
// and the app's root installs it (SetNetwork), which keeps this package
// and the home screen free of the network.
type Network interface {
	// Dress returns what the frame of game g, played as seat ("" every
	// seat), shows besides the game: the actions for its title bar or
	// menu (host it on the network, the host panel) and a notice above it
	// (a joined game's link banner), each possibly nil.
	Dress(g console.Game, seat console.Seat) ([]play.Action, fyne.CanvasObject)
	// ShowJoin shows the page to join a game hosted on another device.
	ShowJoin()
	// Continue returns the rows the home screen's Continue list shows for
	// the games this device joined before (rejoin or forget each).
	Continue() []fyne.CanvasObject
	// BoundSeat is the seat game g is bound to on this device, or "" when
	// it is not: a game this tablet has hosted stays the tablet of the
	// seat it kept, so the interface never shows it as another seat (nor
	// hands the tablet over), after a restart too.
	BoundSeat(g console.Game) console.Seat
	// Saved returns what the Continue list adds to a saved game's tile: a
	// line saying how the game is played on the network ("" when it is
	// not), and actions (resume hosting it).
	Saved(m console.GameMeta) (note string, actions []play.Action)
	// Leaving is asked before the interface leaves game g for the home
	// screen. It returns false to let it go at once; or true when it has
	// asked the player first (hosting pauses when the host leaves), and
	// then calls leave if the player confirms.
	Leaving(g console.Game, leave func()) bool
}

var _ play.Nav = (*UI)(nil)

// New builds the interface for window w of app a, with home building its
// home screen. Call Start to show it.
func New(a fyne.App, w fyne.Window, cfg Config, home HomeFunc) *UI {
	u := &UI{
		app: a, win: w, store: cfg.Store, persisted: cfg.Store != nil,
		storeErr: cfg.StoreErr, storePath: cfg.StorePath, clock: cfg.Clock, open: cfg.Open,
		home: home,
	}
	if u.store == nil {
		u.store = console.NewMemStore()
	}
	if u.clock == nil {
		u.clock = time.Now
	}
	u.settings = kit.LoadSettings(a.Preferences())
	return u
}

// Start applies the theme, hooks the app's lifecycle (a snapshot of the
// open game when the app goes to the background, which Fyne calls leaving
// the foreground, and when it stops) and shows the home screen.
func (u *UI) Start() {
	u.ApplySettings(u.settings)
	lc := u.app.Lifecycle()
	lc.SetOnExitedForeground(u.Checkpoint)
	lc.SetOnStopped(u.Stop)
	u.win.Canvas().SetOnTypedKey(u.TypedKey)
	u.Home()
	if u.open != "" {
		u.openAtStart(u.open)
	}
}

// openAtStart opens the game Config.Open names ("id" or "id@seat") and
// logs the outcome on the app's log (stderr), which the CI check reads.
func (u *UI) openAtStart(spec string) {
	id, seat, _ := strings.Cut(spec, "@")
	m, err := u.store.Meta(id)
	if err != nil {
		log.Printf("commandconsole: open game %s: %v", id, err)
		u.ShowError("Could not open the game", err)
		return
	}
	g, err := u.OpenSession(m)
	if err != nil {
		log.Printf("commandconsole: open game %s: %v", id, err)
		u.ShowError("Could not open the game", err)
		return
	}
	if seat != "" && !hasSeat(g.Info().Seats, console.Seat(seat)) {
		err := fmt.Errorf("%q is not a seat of game %s", seat, id)
		log.Printf("commandconsole: open game %s: %v", id, err)
		u.ShowError("Could not open the game", err)
		return
	}
	if b := u.boundSeat(g); b != "" {
		if seat != "" && console.Seat(seat) != b {
			err := fmt.Errorf("this tablet keeps seat %s of game %s (it hosted it): it cannot be opened as %s", b, id, seat)
			log.Printf("commandconsole: open game %s: %v", id, err)
			u.ShowError("Could not open the game", kit.Explain("This tablet keeps "+string(b)+"'s seat of this game: it opens as "+string(b)+" only.", err))
			return
		}
		seat = string(b)
	}
	u.ShowGameAs(g, console.Seat(seat))
	log.Printf("commandconsole: opened game %s as %s", id, or(seat, "every seat"))
}

// boundSeat is the seat g is bound to on this device (Network.BoundSeat),
// or "".
func (u *UI) boundSeat(g console.Game) console.Seat {
	if u.net == nil {
		return ""
	}
	return u.net.BoundSeat(g)
}

// hasSeat reports whether seat is one of seats.
func hasSeat(seats []console.Seat, seat console.Seat) bool {
	for _, s := range seats {
		if s == seat {
			return true
		}
	}
	return false
}

// or is s, or def when s is empty.
func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// App returns the Fyne app.
func (u *UI) App() fyne.App { return u.app }

// Window returns the window the interface draws in.
func (u *UI) Window() fyne.Window { return u.win }

// Store returns the store games are kept in.
func (u *UI) Store() console.Store { return u.store }

// Persisted reports whether games are saved on the device (rather than
// kept in memory only).
func (u *UI) Persisted() bool { return u.persisted }

// StoreErr is why the save file could not be opened, or nil.
func (u *UI) StoreErr() error { return u.storeErr }

// StorePath is the save file's location, or "".
func (u *UI) StorePath() string { return u.storePath }

// Clock returns the interface's clock.
func (u *UI) Clock() func() time.Time { return u.clock }

// Settings returns the settings in force.
func (u *UI) Settings() kit.Settings { return u.settings }

// Current returns the screen on show.
func (u *UI) Current() kit.Screen { return u.current }

// Game returns the frame of the game on show, or nil.
func (u *UI) Game() *play.Host { return u.game }

// SetNetwork installs LAN play.
func (u *UI) SetNetwork(n Network) { u.net = n }

// Network returns LAN play, or nil when it is not installed.
func (u *UI) Network() Network { return u.net }

// Attach ties end to game g, the game being shown: end runs once when the
// interface leaves g, for the home screen, for another game, or because
// the app stops (quitting is then true: end must finish before it
// returns). Showing g's battle report or host panel and coming back is not
// leaving it. It is how a hosted game stops being hosted and a joined game
// says goodbye to its host.
func (u *UI) Attach(g console.Game, end func(quitting bool)) {
	if !sameGame(u.inPlay, g) {
		u.endPlay(false)
		u.inPlay = g
	}
	u.ends = append(u.ends, end)
}

// InPlay returns the game the interface is in (shown, or its report or
// host panel), or nil on the home screen.
func (u *UI) InPlay() console.Game { return u.inPlay }

// endPlay runs what was attached to the game in play, newest first.
func (u *UI) endPlay(quitting bool) {
	ends := u.ends
	u.ends, u.inPlay = nil, nil
	for i := len(ends) - 1; i >= 0; i-- {
		ends[i](quitting)
	}
}

// sameGame reports whether a and b are the same game in play (the same
// value; games of types that cannot be compared are never the same).
func sameGame(a, b console.Game) bool {
	if a == nil || b == nil {
		return false
	}
	ta, tb := reflect.TypeOf(a), reflect.TypeOf(b)
	if ta != tb || !ta.Comparable() {
		return false
	}
	return a == b
}

// Stop leaves the game in play as the app stops: a snapshot of it, and
// what was attached to it (hosting, a link to a host) ended before Stop
// returns. The app calls it when its window closes.
func (u *UI) Stop() {
	u.Checkpoint()
	u.endPlay(true)
}

// Show replaces the current screen.
func (u *UI) Show(s kit.Screen) {
	if u.current != nil && u.current != s {
		u.current.Leave()
		if u.current == kit.Screen(u.game) {
			u.game = nil
		}
	}
	u.current = s
	u.atHome = false
	u.win.SetContent(s.Content())
}

// Home leaves the game in play, if any, and shows the home screen,
// reading the saves afresh. When LAN play wants the player asked first (a
// hosted game: its guests wait), it asks, and leaves only if they confirm.
func (u *UI) Home() {
	if u.inPlay != nil && u.net != nil && u.net.Leaving(u.inPlay, u.goHome) {
		return
	}
	u.goHome()
}

// goHome leaves the game in play, if any, and shows the home screen.
func (u *UI) goHome() {
	u.endPlay(false)
	u.Show(u.home(u))
	u.atHome = true
}

// Checkpoint snapshots the open game, so a resume replays nothing. It is
// called when the app goes to the background, stops, or leaves the game.
func (u *UI) Checkpoint() {
	if u.game != nil {
		u.game.Checkpoint()
	}
}

// ApplySettings stores s and applies it at once: the theme follows when
// its colours or text size change, or the app has another theme.
func (u *UI) ApplySettings(s kit.Settings) {
	old := u.settings
	u.settings = s.Normalised()
	u.settings.Save(u.app.Preferences())
	th, ok := u.app.Settings().Theme().(*kit.Theme)
	if !ok || old.Theme != u.settings.Theme || old.TextScale != u.settings.TextScale ||
		th.Dark != (u.settings.Theme != kit.ThemeLight) || th.Scale != u.settings.TextScale {
		u.app.Settings().SetTheme(kit.NewTheme(u.settings))
	}
}

// ShowError shows err in a dialog: a rejection's own words, a short
// sentence in the player's words otherwise, with the full error behind
// "Details".
func (u *UI) ShowError(title string, err error) {
	if err == nil {
		return
	}
	d := dialog.NewCustom(title, "Close", kit.ErrorContent(err, 60), u.win)
	d.Show()
}

// ShowGame opens the game screen for a game in play, this tablet playing
// every seat of it.
func (u *UI) ShowGame(g console.Game) { u.ShowGameAs(g, "") }

// ShowGameAs opens the game screen for a game in play, this tablet playing
// seat only ("" every seat). A game bound to a seat on this device (it was
// hosted here) opens as that seat whatever seat is asked: no path shows
// another seat's screen on the host's tablet.
func (u *UI) ShowGameAs(g console.Game, seat console.Seat) {
	if b := u.boundSeat(g); b != "" {
		seat = b
	}
	if !sameGame(u.inPlay, g) {
		u.endPlay(false)
		u.inPlay = g
	}
	f := play.Frame{Nav: u, App: u.app, Window: u.win, Clock: u.clock, Seat: seat}
	if u.net != nil {
		f.Actions, f.Notice = u.net.Dress(g, seat)
	}
	h := play.NewHost(f, g)
	u.Show(h)
	u.game = h
	// On the app's log: the two-window check reads which seat each
	// tablet ever showed.
	log.Printf("commandconsole: showing game %s as %s", g.Info().ID, or(string(seat), "every seat"))
}

// Resume opens a saved game and shows it.
func (u *UI) Resume(m console.GameMeta) {
	sess, err := u.OpenSession(m)
	if err != nil {
		u.ShowError("Could not open the game", err)
		return
	}
	u.ShowGame(sess)
}

// ShowFinished opens a finished game's battle report from the home screen.
func (u *UI) ShowFinished(m console.GameMeta) {
	sess, err := u.OpenSession(m)
	if err != nil {
		u.ShowError("Could not open the game", err)
		return
	}
	play.ShowReport(u, sess, false)
}

// OpenSession opens a saved game on this device.
func (u *UI) OpenSession(m console.GameMeta) (console.Game, error) {
	rules, err := games.Lookup(m.Setup.System)
	if err != nil {
		return nil, kit.Explain(fmt.Sprintf("%q is a %s game, which this version cannot open.", m.Setup.Title, m.Setup.System), err)
	}
	sess, err := console.Open(rules, m.ID, console.Options{Store: u.store, Clock: u.clock})
	if err != nil {
		return nil, kit.Explain(fmt.Sprintf("%q cannot be opened: its save could not be read.", m.Setup.Title), err)
	}
	return console.NewLocal(sess), nil
}
