package play

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

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
)

// Nav is what the frame needs of the app around it: the ways out of the
// game and the player's settings. The app's root implements it.
type Nav interface {
	// Home shows the home screen.
	Home()
	// ShowGame shows a game in play in a new frame.
	ShowGame(g console.Game)
	// ShowGameAs shows a game in play in a new frame that plays seat only
	// ("" every seat, as ShowGame).
	ShowGameAs(g console.Game, seat console.Seat)
	// Show replaces the current screen (the battle report).
	Show(s kit.Screen)
	// ShowError shows err in a dialog, in the player's words.
	ShowError(title string, err error)
	// Settings returns the settings in force.
	Settings() kit.Settings
	// ApplySettings saves s and applies it at once.
	ApplySettings(s kit.Settings)
	// App is the Fyne app (its storage keeps the report's pictures).
	App() fyne.App
	// Window is the window the interface draws in (dialogs open on it).
	Window() fyne.Window
}

// Host is the game window: a title bar with Home, History and Undo
// (always visible), a banner for refused commands, and the system's screen.
// It subscribes to the game and redraws after every change. It implements
// kit.Screen.
type Host struct {
	nav    Nav
	app    fyne.App
	game   console.Game
	env    *Env
	screen Screen
	root   fyne.CanvasObject

	title   *widget.Label
	summary *widget.Label
	banner  *kit.Banner
	undoBtn *widget.Button
	// undoWhy says why Undo is greyed, under the title bar (a tooltip is
	// no use on a touch screen); hidden while Undo is enabled.
	undoWhy *widget.Label
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

// Frame is what a Host is opened with besides its game.
type Frame struct {
	// Nav leads out of the game.
	Nav Nav
	// App and Window are the Fyne app and the window the game shows in.
	App    fyne.App
	Window fyne.Window
	// Clock gives the time; nil means time.Now.
	Clock func() time.Time
	// Screen builds the system's screen; nil means the registered one
	// (ScreenFor).
	Screen Constructor
	// Seat, when set, is the one seat this tablet plays (a tablet that
	// joined a LAN game, or a game opened as one seat): the screen shows
	// that seat only and never hands the tablet over.
	Seat console.Seat
	// Actions are what the app around the game offers on its screen
	// (host it on the network, show the host panel): buttons beside the
	// summary under the frame's title bar, entries in an OwnBar screen's
	// menu (Env.Actions).
	Actions []Action
	// Notice, when set, is shown above the game, title bar included (a
	// joined game's link banner: "Reconnecting to the host…").
	Notice fyne.CanvasObject
}

// Action is something the app around a game offers on the game's screen,
// such as hosting it on the network.
type Action struct {
	// Label is the button's or menu entry's text.
	Label string
	// Icon is the button's icon; nil shows none.
	Icon fyne.Resource
	// Run does it, on the Fyne thread.
	Run func()
}

// ActingSeat is the seat this tablet sends commands as: the seat named
// like the player (from Settings), else the first.
func ActingSeat(seats []console.Seat, name string) console.Seat {
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

// NewHost opens the frame for g. Show its Content; call Leave when another
// screen replaces it.
func NewHost(f Frame, g console.Game) *Host {
	h := &Host{nav: f.Nav, app: f.App, game: g}
	clock := f.Clock
	if clock == nil {
		clock = time.Now
	}
	info := g.Info()
	h.env = &Env{
		app: f.App, win: f.Window, game: g,
		seat:  ActingSeat(info.Seats, f.Nav.Settings().Name),
		clock: clock, host: h, actions: f.Actions,
	}
	if f.Seat != "" {
		h.env.seat, h.env.fixed = f.Seat, true
	}
	h.title = widget.NewLabelWithStyle(info.Title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	h.title.SizeName = theme.SizeNameSubHeadingText
	h.title.Truncation = fyne.TextTruncateEllipsis
	h.summary = widget.NewLabel("")
	h.homeBtn = widget.NewButtonWithIcon("Home", theme.HomeIcon(), f.Nav.Home)
	h.histBtn = widget.NewButtonWithIcon("History", theme.HistoryIcon(), func() { h.showHistory(h.historySeat()) })
	h.undoBtn = widget.NewButtonWithIcon("Undo", theme.ContentUndoIcon(), func() { h.undo() })
	h.undoWhy = widget.NewLabel("")
	h.undoWhy.Importance = widget.LowImportance
	h.undoWhy.Hide()
	h.banner = kit.NewBanner()

	ctor := f.Screen
	if ctor == nil {
		ctor = ScreenForSeat(info.System.ID, f.Seat != "")
	}
	h.screen = ctor(h.env)
	if _, ok := h.screen.(OwnBar); ok {
		h.root = h.screen.Content()
	} else {
		// The title shares the first row with the buttons (and gives way
		// to them on a phone); the summary has the second row, with the
		// app's actions at its end.
		h.summary.Wrapping = fyne.TextWrapWord
		// The app's actions (hosting) sit there, so the title bar keeps
		// its width on a phone.
		actions := container.NewHBox()
		for _, a := range f.Actions {
			actions.Add(widget.NewButtonWithIcon(a.Label, a.Icon, a.Run))
		}
		// On a phone or at the largest text the buttons give way to their
		// icons (barFit), so the bar never needs more than the width.
		bar := container.New(newBarFit(h.homeBtn, h.histBtn, h.undoBtn),
			kit.TopBar(h.homeBtn, h.title, container.NewHBox(h.histBtn, h.undoBtn)))
		// Why Undo is greyed goes under the summary, where it wraps, so
		// the row keeps a phone's width.
		h.undoWhy.Wrapping = fyne.TextWrapWord
		second := container.NewBorder(nil, nil, nil, container.NewCenter(actions), container.NewVBox(h.summary, h.undoWhy))
		top := container.NewVBox(bar, container.NewPadded(container.NewVBox(second, h.banner)))
		h.root = container.NewBorder(top, nil, nil, nil, h.screen.Content())
	}
	if f.Notice != nil {
		h.root = container.NewBorder(f.Notice, nil, nil, nil, h.root)
	}
	// A change made elsewhere (another goroutine, later the network) is
	// drawn on the Fyne thread; one made here is drawn by call. A hot-seat
	// screen acts for every seat, so it listens to every seat.
	listen := []console.Seat{h.env.seat}
	if h.hotSeat() {
		listen = info.Seats
	}
	h.listen = listen
	h.drawn = map[console.Seat]string{}
	var cancels []func()
	for _, seat := range listen {
		cancels = append(cancels, g.Subscribe(seat, func(console.Update) {
			fyne.Do(h.RefreshIfChanged)
		}))
	}
	h.cancel = func() {
		for _, c := range cancels {
			c()
		}
	}
	h.refresh()
	// The device's screen stays on while a game is open.
	h.keepScreenOn(true)
	return h
}

// hotSeat reports whether the screen plays every seat on one tablet.
func (h *Host) hotSeat() bool {
	_, ok := h.screen.(HotSeat)
	return ok
}

// keepScreenOn asks the device not to blank its screen (on) or lets it
// again (off).
func (h *Host) keepScreenOn(on bool) {
	if h.app == nil {
		return
	}
	if d := h.app.Driver(); d != nil {
		d.SetDisableScreenBlanking(on)
	}
}

// Content is the frame's widget tree.
func (h *Host) Content() fyne.CanvasObject { return h.root }

// Screen returns the system's screen in the frame.
func (h *Host) Screen() Screen { return h.screen }

// Env returns the screen's environment.
func (h *Host) Env() *Env { return h.env }

// Game returns the game in play.
func (h *Host) Game() console.Game { return h.game }

// Banner returns the banner refusals are shown in.
func (h *Host) Banner() *kit.Banner { return h.banner }

// Leave snapshots the game, stops listening to it and lets the device's
// screen blank again.
func (h *Host) Leave() {
	if h.cancel != nil {
		h.cancel()
		h.cancel = nil
	}
	h.Checkpoint()
	h.keepScreenOn(false)
}

// Checkpoint stores a snapshot, so a resume replays nothing.
func (h *Host) Checkpoint() {
	if err := h.game.Checkpoint(); err != nil {
		fyne.LogError("checkpoint game "+h.game.Info().ID, err)
	}
}

// RefreshIfChanged redraws when the game moved on since the last drawing
// for any seat the screen follows: an update for a change this screen made
// and drew itself is skipped.
func (h *Host) RefreshIfChanged() {
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

// Locked runs fn while no redraw can run, for tests that read widgets
// while updates arrive.
func (h *Host) Locked(fn func()) {
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

// refresh redraws the title bar and the system's screen. A change clears
// the banner: the refusal it showed is history.
func (h *Host) refresh() {
	info := h.game.Info()
	for _, seat := range h.listen {
		if st, err := h.game.State(seat); err == nil {
			h.drawn[seat] = drawnKey(st)
		}
	}
	h.banner.Set("")
	h.title.SetText(info.Title)
	h.summary.SetText(info.Summary)
	if ok, why := h.mayUndo(); ok {
		h.undoBtn.Enable()
		h.undoWhy.Hide()
	} else {
		h.undoBtn.Disable()
		h.undoWhy.SetText(why)
		if why != "" {
			h.undoWhy.Show()
		} else {
			h.undoWhy.Hide()
		}
	}
	h.screen.Refresh()
}

// UndoTeller is a view that tells whether a seat may take back the last
// command now and, when it may not, why (in the player's words). Only a
// game that hides nothing may implement it (the score pad): whether
// another seat acted last can be a secret. The frame asks the view of the
// seat that would undo; without it, it enables Undo once anything was
// played (LastActor).
type UndoTeller interface {
	UndoBy(seat console.Seat) (ok bool, why string)
}

// mayUndo reports whether Undo can take anything back now, and why not:
// from the view when it tells (UndoTeller), else from the last actor.
func (h *Host) mayUndo() (bool, string) {
	actor, err := h.game.LastActor()
	seat := h.env.seat
	if h.hotSeat() && err == nil && actor != console.Public {
		seat = actor
	}
	if st, serr := h.game.State(seat); serr == nil {
		if t, ok := st.View.(UndoTeller); ok {
			return t.UndoBy(seat)
		}
	}
	if err == nil && actor == console.Public {
		return false, "" // nothing has been played yet
	}
	return true, ""
}

// fail shows a refused command in the banner (in a dialog when the screen
// has its own bar) and anything else in a dialog, never crashing.
func (h *Host) fail(err error) {
	var r *console.Rejection
	if errors.As(err, &r) {
		if _, own := h.screen.(OwnBar); own {
			dialog.ShowInformation("Not now", kit.WrapText(r.Msg, 50), h.env.win)
			return
		}
		h.banner.Set(r.Msg)
		return
	}
	h.nav.ShowError(ErrorTitle(err), err)
}

// ErrorTitle is the headline of an error's dialog: "Something went wrong"
// only for a failure inside the app (kit.Internal); an error with words
// for the player (a lost link, a host that refused) is headed plainly,
// its sentence (kit.ErrorText) being the body.
func ErrorTitle(err error) string {
	if kit.Internal(err) {
		return "Something went wrong"
	}
	return "Not done"
}

// call runs fn, a change to the game made from this screen, on the Fyne
// thread; it redraws when fn succeeds and shows its error when it fails.
// It reports whether fn succeeded.
func (h *Host) call(fn func() error) bool {
	if err := h.run(fn); err != nil {
		h.fail(err)
		return false
	}
	return true
}

// run runs fn, a change to the game made from this screen, on the Fyne
// thread and redraws when it succeeds; it returns fn's error unshown.
func (h *Host) run(fn func() error) error {
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
func (h *Host) undo() bool {
	return h.call(func() error {
		seat := h.env.seat
		if h.hotSeat() {
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
func (h *Host) historySeat() console.Seat {
	if h.hotSeat() {
		return console.Public
	}
	return h.env.seat
}

// showHistory lists the game's log as seat reads it, newest first.
func (h *Host) showHistory(seat console.Seat) {
	lines, err := h.game.History(seat, 0)
	if err != nil {
		h.fail(err)
		return
	}
	texts := make([]string, len(lines))
	for i, l := range lines {
		at := ""
		if l.At > 0 {
			at = time.UnixMilli(l.At).In(h.env.clock().Location()).Format("15:04") + "  "
		}
		texts[len(lines)-1-i] = fmt.Sprintf("%s#%d  %s", at, l.Seq, l.Text)
	}
	var body fyne.CanvasObject
	if len(texts) == 0 {
		body = kit.Wrapped("Nothing has happened yet.")
	} else {
		list := widget.NewList(func() int { return len(texts) },
			func() fyne.CanvasObject { return widget.NewLabel("") },
			func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(texts[i]) })
		body = list
	}
	win := h.env.win
	d := dialog.NewCustom("History", "Close", body, win)
	size := win.Canvas().Size()
	d.Resize(fyne.NewSize(size.Width*0.8, size.Height*0.8))
	d.Show()
}
