package app

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games"
	"github.com/commandconsole/commandconsole/games/battlelore"
	"github.com/commandconsole/commandconsole/games/runika"
	"github.com/commandconsole/commandconsole/games/scorepad"
)

// gameScreen is the part of the game window that belongs to one game
// system: the score pad's grid and keypad, a miniature game's board.
type gameScreen interface {
	// content is the screen's widget tree, built once.
	content() fyne.CanvasObject
	// refresh redraws the screen from the game's current view.
	refresh()
}

// screenConstructor builds a system's game screen.
type screenConstructor func(env *gameEnv) gameScreen

// screens maps a game system's id to the constructor of its screen. A
// system without an entry gets the generic screen, which lists the
// system's commands with forms and shows its view as JSON. A new system
// with a screen of its own adds a line to init below.
var screens = map[string]screenConstructor{}

func init() {
	// Filled here rather than in the declaration: the constructors reach
	// screenFor themselves (through the report's Back to game).
	screens[scorepad.ID] = newScorePadScreen
	screens[runika.ID] = newRunikaScreen
	screens[battlelore.ID] = newBattleLoreScreen
}

// hotSeat is implemented by a game screen on which one tablet plays every
// seat in turn, passed round the table (Runika's players, BattleLore's two
// sides). The screen sends each command as the seat whose move it is; Undo
// takes back the last command as the seat that gave it (the rules still
// refuse what may not be undone), and History is read as the spectator
// sees it, so no seat's secrets show on the shared screen.
type hotSeat interface {
	gameScreen
	// hotSeat marks the screen; it does nothing.
	hotSeat()
}

// screenFor returns the screen constructor for a system.
func screenFor(system string) screenConstructor {
	if c, ok := screens[system]; ok {
		return c
	}
	return newGenericScreen
}

// gameEnv is what a game screen gets from its host: the game in play (local
// or, later, joined over the LAN: the screen cannot tell), the seat this
// tablet acts for and the ways to report back.
type gameEnv struct {
	app  fyne.App
	win  fyne.Window
	game console.Game
	// seat is the seat this tablet sends commands as.
	seat     console.Seat
	settings Settings
	clock    func() time.Time

	host *gameHost
}

// do sends one command as env.seat. A refusal is shown in the game's
// banner and an internal failure in a dialog; do reports whether the
// command was accepted. The screen redraws through the game's
// subscription.
func (e *gameEnv) do(name string, args map[string]any) bool {
	return e.host.call(func() error {
		_, err := e.game.Do(e.seat, console.Command{Name: name, Args: args})
		return err
	})
}

// doAs sends one command as seat, as do does as env.seat.
func (e *gameEnv) doAs(seat console.Seat, name string, args map[string]any) bool {
	return e.host.call(func() error {
		_, err := e.game.Do(seat, console.Command{Name: name, Args: args})
		return err
	})
}

// tryAs sends one command as seat and returns a refusal instead of
// showing it in the banner, for a form that shows it beside its fields.
// An internal failure is shown in a dialog (and returned too).
func (e *gameEnv) tryAs(seat console.Seat, name string, args map[string]any) error {
	err := e.host.run(func() error {
		_, err := e.game.Do(seat, console.Command{Name: name, Args: args})
		return err
	})
	if err != nil && !console.IsRejection(err) {
		e.host.fail(err)
	}
	return err
}

// fail shows err: a rejection in the banner, anything else in a dialog.
func (e *gameEnv) fail(err error) { e.host.fail(err) }

// confirm asks a yes/no question before something drastic.
func (e *gameEnv) confirm(title, msg, yes string, fn func()) {
	d := dialog.NewConfirm(title, wrapText(msg, 50), func(ok bool) {
		if ok {
			fn()
		}
	}, e.win)
	d.SetConfirmText(yes)
	d.SetDismissText("Cancel")
	d.Show()
}

// showReport shows this game's battle report; its Back returns here.
func (e *gameEnv) showReport() { e.host.ui.showReport(e.game, true) }

// seats returns the game's seats in setup order.
func (e *gameEnv) seats() []console.Seat { return e.game.Info().Seats }

// view returns what seat may know now.
func (e *gameEnv) view(seat console.Seat) (console.View, error) {
	st, err := e.game.State(seat)
	return st.View, err
}

// home leaves the game for the home screen.
func (e *gameEnv) home() { e.host.ui.showHome() }

// gameHost is the game window: a title bar with Home, History and Undo
// (always visible), a banner for refused commands, and the system's screen.
// It subscribes to the game and redraws after every change.
type gameHost struct {
	ui     *UI
	game   console.Game
	env    *gameEnv
	screen gameScreen
	root   fyne.CanvasObject

	title   *widget.Label
	summary *widget.Label
	banner  *banner
	undoBtn *widget.Button
	histBtn *widget.Button
	homeBtn *widget.Button

	cancel func()
	// listen are the seats whose changes the screen follows, and drawn
	// what it last drew of each (drawnKey), so an update it has already
	// drawn is not drawn twice.
	listen []console.Seat
	drawn  map[console.Seat]string
	// mu serialises drawing: a command from this screen and its redraw
	// (run), and a redraw for an update from elsewhere. On a device they
	// all run on the Fyne thread anyway; Fyne's test driver runs fyne.Do
	// on the caller's goroutine.
	mu sync.Mutex
}

// refreshIfChanged redraws when the game moved on since the last drawing
// for any seat the screen follows: an update for a change this screen made
// and drew itself is skipped.
func (h *gameHost) refreshIfChanged() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, seat := range h.listen {
		st, err := h.game.State(seat)
		if err != nil || h.drawn[seat] != drawnKey(st) {
			h.refresh()
			return
		}
	}
}

// locked runs fn while no redraw can run, for tests that read widgets
// while updates arrive.
func (h *gameHost) locked(fn func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	fn()
}

// drawnKey identifies one state of a seat: its sequence number and its
// view's bytes.
func drawnKey(st console.SeatState) string {
	b, err := console.Encode(st.View)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%d:%x", st.Seq, sha256.Sum256(b))
}

// showGame opens the game screen for a game in play.
func (u *UI) showGame(g console.Game) {
	h := newGameHost(u, g)
	u.show(h)
	u.game = h
}

// resume opens a saved game and shows it.
func (u *UI) resume(m console.GameMeta) {
	sess, err := u.openSession(m)
	if err != nil {
		u.showError("Could not open the game", err)
		return
	}
	u.showGame(sess)
}

// openSession opens a saved game on this device.
func (u *UI) openSession(m console.GameMeta) (console.Game, error) {
	rules, err := games.Lookup(m.Setup.System)
	if err != nil {
		return nil, fmt.Errorf("%q is a %s game, which this version cannot open: %w", m.Setup.Title, m.Setup.System, err)
	}
	sess, err := console.Open(rules, m.ID, console.Options{Store: u.store, Clock: u.clock})
	if err != nil {
		return nil, fmt.Errorf("%q (%s) cannot be opened: %w", m.Setup.Title, m.ID, err)
	}
	return console.NewLocal(sess), nil
}

// actingSeat is the seat this tablet sends commands as: the seat named
// like the player (from Settings), else the first.
func actingSeat(seats []console.Seat, name string) console.Seat {
	for _, s := range seats {
		if name != "" && strings.EqualFold(string(s), name) {
			return s
		}
	}
	if len(seats) == 0 {
		return console.Public
	}
	return seats[0]
}

func newGameHost(u *UI, g console.Game) *gameHost {
	h := &gameHost{ui: u, game: g}
	info := g.Info()
	h.env = &gameEnv{
		app: u.app, win: u.win, game: g,
		seat:     actingSeat(info.Seats, u.settings.Name),
		settings: u.settings, clock: u.clock, host: h,
	}
	h.title = widget.NewLabelWithStyle(info.Title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	h.title.SizeName = theme.SizeNameSubHeadingText
	h.title.Truncation = fyne.TextTruncateEllipsis
	h.summary = widget.NewLabel("")
	h.summary.Truncation = fyne.TextTruncateEllipsis
	h.homeBtn = widget.NewButtonWithIcon("Home", theme.HomeIcon(), u.showHome)
	h.histBtn = widget.NewButtonWithIcon("History", theme.HistoryIcon(), h.showHistory)
	h.undoBtn = widget.NewButtonWithIcon("Undo", theme.ContentUndoIcon(), h.undo)
	h.banner = newBanner()

	h.screen = screenFor(info.System.ID)(h.env)
	// The title shares the first row with the buttons (and gives way to
	// them on a phone); the summary has the second row to itself.
	h.summary.Truncation = fyne.TextTruncateOff
	h.summary.Wrapping = fyne.TextWrapWord
	bar := topBar(h.homeBtn, h.title, container.NewHBox(h.histBtn, h.undoBtn))
	top := container.NewVBox(bar, container.NewPadded(container.NewVBox(h.summary, h.banner)))
	h.root = container.NewBorder(top, nil, nil, nil, h.screen.content())
	// A change made elsewhere (another goroutine, later the network) is
	// drawn on the Fyne thread; one made here is drawn by call. A hot-seat
	// screen acts for every seat, so it listens to every seat.
	listen := []console.Seat{h.env.seat}
	if _, ok := h.screen.(hotSeat); ok {
		listen = info.Seats
	}
	h.listen = listen
	h.drawn = map[console.Seat]string{}
	var cancels []func()
	for _, seat := range listen {
		cancels = append(cancels, g.Subscribe(seat, func(console.Update) {
			fyne.Do(h.refreshIfChanged)
		}))
	}
	h.cancel = func() {
		for _, c := range cancels {
			c()
		}
	}
	h.refresh()
	return h
}

func (h *gameHost) content() fyne.CanvasObject { return h.root }

// leave snapshots the game and stops listening to it.
func (h *gameHost) leave() {
	if h.cancel != nil {
		h.cancel()
		h.cancel = nil
	}
	h.checkpoint()
	if h.ui.game == h {
		h.ui.game = nil
	}
}

// checkpoint stores a snapshot, so a resume replays nothing.
func (h *gameHost) checkpoint() {
	if err := h.game.Checkpoint(); err != nil {
		fyne.LogError("checkpoint game "+h.game.Info().ID, err)
	}
}

// refresh redraws the title bar and the system's screen. A change clears
// the banner: the refusal it showed is history.
func (h *gameHost) refresh() {
	info := h.game.Info()
	for _, seat := range h.listen {
		if st, err := h.game.State(seat); err == nil {
			h.drawn[seat] = drawnKey(st)
		}
	}
	h.banner.Set("")
	h.title.SetText(info.Title)
	h.summary.SetText(info.Summary)
	if actor, err := h.game.LastActor(); err == nil && actor == console.Public {
		h.undoBtn.Disable() // nothing has been played yet
	} else {
		h.undoBtn.Enable()
	}
	h.screen.refresh()
}

// fail shows a refused command in the banner and anything else in a
// dialog, never crashing.
func (h *gameHost) fail(err error) {
	var r *console.Rejection
	if errors.As(err, &r) {
		h.banner.Set(r.Msg)
		return
	}
	h.ui.showError("Something went wrong", err)
}

// call runs fn, a change to the game made from this screen, on the Fyne
// thread; it redraws when fn succeeds and shows its error when it fails.
// It reports whether fn succeeded.
func (h *gameHost) call(fn func() error) bool {
	if err := h.run(fn); err != nil {
		h.fail(err)
		return false
	}
	return true
}

// run runs fn, a change to the game made from this screen, on the Fyne
// thread and redraws when it succeeds; it returns fn's error unshown.
func (h *gameHost) run(fn func() error) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	err := fn()
	if err != nil {
		return err
	}
	h.refresh()
	return nil
}

// undo takes back the last command: as this tablet's seat, or on a
// hot-seat screen as the seat that gave it.
func (h *gameHost) undo() {
	h.call(func() error {
		seat := h.env.seat
		if _, ok := h.screen.(hotSeat); ok {
			last, err := h.game.LastActor()
			if err != nil {
				return err
			}
			if last != console.Public {
				seat = last
			}
		}
		_, err := h.game.Undo(seat)
		return err
	})
}

// historySeat is the seat the history is read as: the spectator's on a
// hot-seat screen, which everyone at the table sees.
func (h *gameHost) historySeat() console.Seat {
	if _, ok := h.screen.(hotSeat); ok {
		return console.Public
	}
	return h.env.seat
}

// showHistory lists the game's log, newest first.
func (h *gameHost) showHistory() {
	lines, err := h.game.History(h.historySeat(), 0)
	if err != nil {
		h.fail(err)
		return
	}
	texts := make([]string, len(lines))
	for i, l := range lines {
		at := ""
		if l.At > 0 {
			at = time.UnixMilli(l.At).In(h.ui.clock().Location()).Format("15:04") + "  "
		}
		texts[len(lines)-1-i] = fmt.Sprintf("%s#%d  %s", at, l.Seq, l.Text)
	}
	var body fyne.CanvasObject
	if len(texts) == 0 {
		body = wrapped("Nothing has happened yet.")
	} else {
		list := widget.NewList(func() int { return len(texts) },
			func() fyne.CanvasObject { return widget.NewLabel("") },
			func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(texts[i]) })
		body = list
	}
	d := dialog.NewCustom("History", "Close", body, h.ui.win)
	size := h.ui.win.Canvas().Size()
	d.Resize(fyne.NewSize(size.Width*0.8, size.Height*0.8))
	d.Show()
}
