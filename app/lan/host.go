package lan

import (
	"reflect"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/sync/host"
	"github.com/commandconsole/commandconsole/sync/hosting"
	"github.com/commandconsole/commandconsole/sync/wire"
	"github.com/commandconsole/commandconsole/version"
)

// hosted is a game this tablet hosts.
type hosted struct {
	s    *Service
	game console.Game
	h    *hosting.Hosting
	// seat is the seat this tablet keeps (hosting.Options.LocalSeats: no
	// other device can join it); the game is bound to it (binding).
	seat    console.Seat
	seats   []wire.SeatInfo
	table   host.Table
	stopped bool
	panel   *HostPanel
	// notice is the line above the game on this tablet's screen: who is
	// connected, away or watching (the host sees the table).
	notice *kit.Banner
}

// hostIcon is the icon of the host actions.
func hostIcon() fyne.Resource { return theme.ComputerIcon() }

// same reports whether a and b are the same game in play.
func same(a, b console.Game) bool {
	if a == nil || b == nil {
		return false
	}
	ta, tb := reflect.TypeOf(a), reflect.TypeOf(b)
	return ta == tb && ta.Comparable() && a == b
}

// askHost asks which seat this tablet keeps, then hosts g; a game hosted
// here before is hosted again as the seat it kept, without asking.
func (s *Service) askHost(g console.Game, current console.Seat) {
	if seat := s.BoundSeat(g); seat != "" {
		s.startHosting(g, seat)
		return
	}
	info := g.Info()
	w := s.u.Window()
	box := container.NewVBox(widget.NewLabel(kit.WrapText("This tablet keeps one seat; the other players join from their own tablets, or watch. Which seat is this tablet's? From now on it shows that seat only.", 40)))
	var d dialog.Dialog
	for _, seat := range info.Seats {
		seat := seat
		b := widget.NewButton(string(seat), func() {
			d.Hide()
			s.startHosting(g, seat)
		})
		if seat == current {
			b.Importance = widget.HighImportance
		}
		box.Add(b)
	}
	d = dialog.NewCustom("Host \u201c"+info.Title+"\u201d on the network", "Cancel", box, w)
	d.Show()
}

// startHosting hosts g with this tablet keeping seat, off the Fyne thread,
// then shows the game as that seat and the host panel. The game is bound
// to seat before anything else is shown (binding), so from then on no
// path shows it as another seat on this tablet.
func (s *Service) startHosting(g console.Game, seat console.Seat) {
	if s.hosted != nil && !s.hosted.stopped {
		if same(s.hosted.game, g) {
			s.showPanel()
			return
		}
		s.u.ShowError("Could not host the game", kit.Explain("This tablet already hosts \u201c"+s.hosted.game.Info().Title+"\u201d: stop hosting it first.", nil))
		return
	}
	id := g.Info().ID
	_, wasBound := s.bound(id)
	if err := s.bind(id, binding{Seat: seat, Hosting: true}); err != nil {
		s.u.ShowError("Could not host the game", kit.Explain("The seat this tablet keeps could not be saved, so the game is not hosted.", err))
		return
	}
	hs := &hosted{s: s, game: g, seat: seat, notice: kit.NewBanner()}
	prog := progress(s.u.Window(), "Hosting the game", "Opening the game to the network\u2026")
	opts := hosting.Options{
		Game: g, Keep: s.hostKeeper(), Port: s.opts.Port, Listen: s.opts.Listen, PIN: s.opts.PIN,
		Advertiser: s.opts.Advertiser, Addrs: s.opts.Addrs, App: version.App, Device: s.device(),
		Logf: s.opts.Logf, LocalSeats: []console.Seat{seat},
		OnSeats: func(seats []wire.SeatInfo) {
			s.do(func() { hs.setSeats(seats) })
		},
		OnTable: func(t host.Table) {
			s.do(func() { hs.setTable(t) })
		},
		// The addresses follow the network (Wi-Fi on late, another
		// network): the panel's join codes with them.
		OnAddrs: func() {
			s.do(func() {
				if hs.panel != nil {
					hs.panel.update()
				}
			})
		},
	}
	go func() {
		h, err := hosting.Start(opts)
		s.do(func() {
			prog.Hide()
			if err != nil {
				if wasBound {
					s.setHosting(id, false)
				} else if uerr := s.hostKeeper().DeleteRoster(boundKind, id); uerr != nil {
					// Never hosted: the seat picked is not kept.
					s.logf("lan: %v", uerr)
				}
				s.u.ShowError("Could not host the game", hostError(err))
				return
			}
			hs.h = h
			if len(hs.seats) == 0 {
				hs.seats = h.Seats()
			}
			if hs.table.Seats == nil {
				hs.table = h.Table()
			}
			s.hosted = hs
			hs.drawNotice()
			s.u.ShowGameAs(g, seat)
			s.u.Attach(g, hs.end)
			// The PIN on request: hosting resumed with every other seat
			// held by a tablet (which comes back by itself with its
			// token) stays on the game; the panel is one tap away.
			if !wasBound || hs.openSeat() {
				s.showPanel()
			}
			if s.onHosted != nil {
				s.onHosted()
				s.onHosted = nil
			}
		})
	}()
}

// hostError says in the player's words why hosting could not start.
func hostError(err error) error {
	if kit.Internal(err) {
		return kit.Explain("The game could not be opened to the network: another app may be using its port, or this tablet's network is not ready. Try again in a moment.", err)
	}
	return err
}

// setSeats takes the host's seats (on the Fyne thread).
func (hs *hosted) setSeats(seats []wire.SeatInfo) {
	hs.seats = seats
	hs.drawNotice()
	if hs.panel != nil {
		hs.panel.update()
	}
}

// openSeat reports whether a seat of another player is held by no
// tablet: someone must still join it with the PIN.
func (hs *hosted) openSeat() bool {
	for _, si := range hs.seats {
		if si.Seat != hs.seat && !si.Taken {
			return true
		}
	}
	return false
}

// setTable takes who is at the table (on the Fyne thread).
func (hs *hosted) setTable(t host.Table) {
	hs.table = t
	hs.seats = t.Seats
	hs.drawNotice()
	if hs.panel != nil {
		hs.panel.update()
	}
}

// drawNotice redraws the line above the game: who holds each other seat
// and whether it is connected, as a warning while one is away or open.
func (hs *hosted) drawNotice() {
	if hs.notice == nil {
		return
	}
	text, warn := tableLine(hs.seats, hs.seat, hs.table.Spectators, hs.table.WrongPINs)
	if hs.notice.Text == text && hs.notice.Warning == warn {
		return
	}
	hs.notice.Warning, hs.notice.Info = warn, !warn
	hs.notice.Set(text)
	// The notice's height may have changed: lay the game out again.
	if g := hs.s.u.Game(); g != nil && same(hs.game, g.Game()) {
		g.Locked(func() { g.Content().Refresh() })
	}
}

// tableLine is the host's line about the table: "Hosting · bob: Bob's
// tablet, connected · 1 spectator · 2 wrong PINs", and whether something
// needs the host's eye (a seat away or still open, a wrong PIN tried).
func tableLine(seats []wire.SeatInfo, mine console.Seat, spectators []string, wrongPINs int) (string, bool) {
	parts := []string{"Hosting"}
	warn := false
	for _, si := range seats {
		if si.Seat == mine {
			continue
		}
		switch {
		case si.Connected:
			parts = append(parts, string(si.Seat)+": "+or(si.Device, "a tablet")+", connected")
		case si.Taken:
			warn = true
			parts = append(parts, string(si.Seat)+": "+or(si.Device, "a tablet")+" is away (it comes back by itself)")
		default:
			warn = true
			parts = append(parts, string(si.Seat)+": nobody yet (the host panel shows the PIN)")
		}
	}
	if n := len(spectators); n > 0 {
		parts = append(parts, kit.Plural(n, "spectator", "spectators")+" watching")
	}
	if wrongPINs > 0 {
		warn = true
		parts = append(parts, kit.Plural(wrongPINs, "wrong PIN", "wrong PINs")+" tried")
	}
	return strings.Join(parts, " \u00b7 "), warn
}

// end stops hosting: when the interface leaves the game (quitting: the
// app stops, so it must be done before end returns), or from the panel.
// The guests are told the host paused the game and come back by
// themselves when it is hosted again. The game stays bound to its seat;
// leaving (not quitting) records that hosting was paused on purpose.
func (hs *hosted) end(quitting bool) {
	if hs.stopped {
		return
	}
	hs.stopped = true
	if hs.s.hosted == hs {
		hs.s.hosted = nil
	}
	if !quitting {
		hs.s.setHosting(hs.game.Info().ID, false)
	}
	stop := func() {
		if err := hs.h.Close(); err != nil && hs.s.opts.Logf != nil {
			hs.s.opts.Logf("lan: stop hosting: %v", err)
		}
	}
	if quitting {
		stop()
		return
	}
	go stop()
}

// stopHosting stops hosting from the panel and goes back to the game, as
// the seat this tablet keeps.
func (s *Service) stopHosting() {
	hs := s.hosted
	if hs == nil {
		return
	}
	hs.end(false)
	s.u.ShowGameAs(hs.game, hs.seat)
}

// Leaving asks before the interface leaves a hosted game for the home
// screen: hosting pauses, and the guests wait. Any other game goes at
// once.
func (s *Service) Leaving(g console.Game, leave func()) bool {
	hs := s.hosted
	if hs == nil || hs.stopped || !same(hs.game, g) {
		return false
	}
	d := dialog.NewConfirm("Leave and pause the game?",
		kit.WrapText("Leave to the home screen? Hosting pauses: the other tablets show that you paused the game and wait. Resume hosting from Continue and they come back by themselves. Nothing of the game is lost.", 36),
		func(ok bool) {
			if ok {
				leave()
			}
		}, s.u.Window())
	d.SetConfirmText("Leave")
	d.SetDismissText("Stay")
	d.Show()
	return true
}

// showPanel shows the host panel of the hosted game.
func (s *Service) showPanel() {
	hs := s.hosted
	if hs == nil {
		return
	}
	hs.panel = newHostPanel(hs)
	s.u.Show(hs.panel)
}

// HostPanel is the screen a hosting tablet shows the players who join: the
// PIN in large type, the join codes and addresses, the key fingerprint to
// compare, every seat with who holds it, and Stop hosting. It implements
// kit.Screen.
type HostPanel struct {
	hs    *hosted
	root  fyne.CanvasObject
	seats *fyne.Container
	// codes are the join codes and addresses, which follow the network;
	// watchers the spectators and the wrong PINs tried.
	codes, watchers *fyne.Container
	// Back returns to the game; Stop stops hosting; NewPIN shows a new
	// PIN (after too many wrong PINs everyone waits until then).
	Back, Stop, NewPIN *widget.Button
}

func newHostPanel(hs *hosted) *HostPanel {
	p := &HostPanel{hs: hs}
	s := hs.s
	info := hs.game.Info()
	p.Back = widget.NewButtonWithIcon("Back", theme.NavigateBackIcon(), func() { s.u.ShowGameAs(hs.game, hs.seat) })
	p.Stop = widget.NewButtonWithIcon("Stop hosting", theme.MediaStopIcon(), func() {
		d := dialog.NewConfirm("Stop hosting",
			kit.WrapText("Stop hosting? The other tablets show that you paused the game and wait until you host it again; they then come back by themselves. This tablet stays "+string(hs.seat)+"'s. Nothing of the game is lost.", 50),
			func(ok bool) {
				if ok {
					s.stopHosting()
				}
			}, s.u.Window())
		d.SetConfirmText("Stop hosting")
		d.SetDismissText("Keep hosting")
		d.Show()
	})
	p.Stop.Importance = widget.DangerImportance
	bar := kit.TopBar(p.Back, kit.Heading("Hosting"), p.Stop)

	pin := canvas.NewText(spaced(string(hs.h.PIN())), theme.Color(theme.ColorNameForeground))
	p.NewPIN = widget.NewButtonWithIcon("New PIN", theme.ViewRefreshIcon(), func() {
		np, err := hs.h.NewPIN()
		if err != nil {
			s.u.ShowError("Could not make a new PIN", err)
			return
		}
		pin.Text = spaced(string(np))
		pin.Refresh()
	})
	// The PIN is read from across the table: as large as a phone's width
	// allows.
	pin.TextSize = 80
	pin.TextStyle = fyne.TextStyle{Bold: true, Monospace: true}
	pin.Alignment = fyne.TextAlignCenter
	pinBox := container.NewVBox(
		widget.NewLabelWithStyle("PIN", fyne.TextAlignCenter, fyne.TextStyle{Bold: true}),
		pin,
		centred(kit.Wrapped("On the other tablet: Join a game on the home screen, tap \u201c"+info.Title+"\u201d and enter this PIN.")),
		container.NewCenter(p.NewPIN),
	)

	p.seats = container.NewVBox()
	p.codes = container.NewVBox()
	p.watchers = container.NewVBox()
	p.update()
	codes := p.codes
	fp := container.NewVBox(
		sub("Key fingerprint"),
		mono(hs.h.Fingerprint().String()),
		kit.Caption("A joining tablet shows the host key's fingerprint beside its PIN pad: it must be this one."),
	)
	title := kit.Heading(info.Title)
	title.Wrapping = fyne.TextWrapWord
	left := container.NewVBox(title, pinBox, widget.NewSeparator(), sub("Seats"), p.seats, p.watchers)
	right := container.NewVBox(codes, widget.NewSeparator(), fp)
	// Two columns on a tablet (everything in view), one on a phone.
	cols := kit.NewGridColumns(1, left, right)
	fit := &kit.WidthWatch{OnWidth: func(w float32) {
		if w >= 900 {
			kit.SetColumns(cols, 2)
		} else {
			kit.SetColumns(cols, 1)
		}
	}}
	p.root = container.NewBorder(bar, nil, nil, nil, container.New(fit, container.NewVScroll(container.NewPadded(cols))))
	return p
}

// Content is the panel's widget tree.
func (p *HostPanel) Content() fyne.CanvasObject { return p.root }

// Leave does nothing: hosting goes on while the game is in play.
func (p *HostPanel) Leave() {}

// update redraws the seats, the spectators, the wrong PINs tried and the
// join codes, and says when a seat token could not be kept with the game
// (that seat then rejoins with the PIN after a re-host).
func (p *HostPanel) update() {
	p.drawCodes()
	p.drawWatchers()
	p.seats.RemoveAll()
	if err := p.hs.h.Err(); err != nil {
		b := kit.NewBanner()
		b.Warning = true
		b.Set("A seat could not be saved with the game (" + kit.ErrorText(err) + "): if you host it again, that player joins with the new PIN.")
		p.seats.Add(b)
	}
	for _, si := range p.hs.seats {
		row := seatRow(si, p.hs.seat)
		if si.Taken && si.Seat != p.hs.seat {
			row = container.NewBorder(nil, nil, nil, p.freeButton(si), row)
		}
		p.seats.Add(row)
	}
	p.seats.Refresh()
	if p.root != nil {
		p.root.Refresh()
	}
}

// drawCodes redraws the join codes and addresses: they follow the
// network, so Wi-Fi turned on after hosting started shows them within
// seconds, with no stop and re-host.
func (p *HostPanel) drawCodes() {
	h := p.hs.h
	p.codes.RemoveAll()
	p.codes.Add(sub("Not in the list? Type a join code or an address"))
	codes, addrs := h.JoinCodes(), h.Addresses()
	for _, c := range codes {
		p.codes.Add(mono("Join code: " + c))
	}
	for _, a := range addrs {
		p.codes.Add(mono("Address: " + a))
	}
	if len(codes) == 0 && len(addrs) == 0 {
		p.codes.Add(kit.Wrapped("This tablet has no network address yet: turn Wi-Fi on. The join code shows here by itself when it is on, and the game appears in the other tablets' lists."))
	}
	p.codes.Refresh()
}

// drawWatchers redraws the spectators and the wrong PINs tried since the
// PIN was made.
func (p *HostPanel) drawWatchers() {
	t := p.hs.table
	p.watchers.RemoveAll()
	if n := len(t.Spectators); n > 0 {
		names := make([]string, n)
		for i, d := range t.Spectators {
			names[i] = or(d, "a tablet")
		}
		p.watchers.Add(kit.Wrapped(kit.Plural(n, "spectator", "spectators") + " watching: " + strings.Join(names, ", ")))
	} else {
		p.watchers.Add(kit.Caption("No spectator is watching."))
	}
	if t.WrongPINs > 0 {
		l := kit.Wrapped(kit.Plural(t.WrongPINs, "wrong PIN", "wrong PINs") + " tried since this PIN was made. If nobody at the table mistyped it, tap New PIN.")
		l.Importance = widget.WarningImportance
		p.watchers.Add(l)
	}
	p.watchers.Refresh()
}

// freeButton frees a seat another tablet holds (lost, flat, or handed to
// another player), after asking: that tablet can no longer rejoin it, and
// any tablet may join it with the PIN.
func (p *HostPanel) freeButton(si wire.SeatInfo) *widget.Button {
	s := p.hs.s
	return widget.NewButton("Free seat", func() {
		d := dialog.NewConfirm("Free seat "+string(si.Seat),
			kit.WrapText("Free seat "+string(si.Seat)+"? "+or(si.Device, "The tablet that holds it")+" can no longer rejoin it, and any tablet with the PIN may take it (and see that seat's secrets).", 50),
			func(ok bool) {
				if ok {
					p.hs.h.Release(si.Seat)
				}
			}, s.u.Window())
		d.SetConfirmText("Free seat")
		d.SetDismissText("Keep it")
		d.Show()
	})
}

// seatRow is one seat on the host panel: its name and who holds it.
func seatRow(si wire.SeatInfo, mine console.Seat) fyne.CanvasObject {
	name := widget.NewLabelWithStyle(string(si.Seat), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	status := widget.NewLabel(seatStatus(si, mine))
	status.Wrapping = fyne.TextWrapWord
	return container.NewBorder(nil, nil, kit.WithMinSize(name, 160, 0), nil, status)
}

// seatStatus says who holds a seat: "this tablet", "Bob's tablet,
// connected", "Bob's tablet, away (it can come back)", "open".
func seatStatus(si wire.SeatInfo, mine console.Seat) string {
	var parts []string
	switch {
	case si.Seat == mine:
		parts = append(parts, "this tablet")
	case si.Connected:
		parts = append(parts, or(si.Device, "a tablet")+", connected")
	case si.Taken:
		parts = append(parts, or(si.Device, "a tablet")+", away (it rejoins by itself)")
	default:
		parts = append(parts, "open: waiting for a player")
	}
	if si.Ready {
		parts = append(parts, "ready")
	}
	return strings.Join(parts, " \u00b7 ")
}

// sub is a subheading that wraps on a narrow screen.
func sub(text string) *widget.Label {
	l := kit.Subheading(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// or is s, or def when s is empty.
func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// spaced puts a space between the characters of s: "4 8 2 1".
func spaced(s string) string {
	return strings.Join(strings.Split(s, ""), " ")
}

// mono is a large monospace label the player can select and copy.
func mono(text string) *widget.Label {
	l := widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Monospace: true, Bold: true})
	l.SizeName = theme.SizeNameSubHeadingText
	l.Selectable = true
	l.Wrapping = fyne.TextWrapBreak
	return l
}

// centred centres a wrapped label's text.
func centred(l *widget.Label) *widget.Label {
	l.Alignment = fyne.TextAlignCenter
	return l
}

// progress shows a dialog with a message and a running bar, for a slow
// step; Hide it when the step is done.
func progress(w fyne.Window, title, msg string) *progressDialog {
	bar := widget.NewProgressBarInfinite()
	d := dialog.NewCustomWithoutButtons(title, container.NewVBox(kit.Wrapped(msg), bar), w)
	d.Resize(fyne.NewSize(min(420, w.Canvas().Size().Width-40), 0))
	d.Show()
	return &progressDialog{d: d, bar: bar}
}

// progressDialog is a dialog with a running bar.
type progressDialog struct {
	d   dialog.Dialog
	bar *widget.ProgressBarInfinite
}

// Hide stops the bar and hides the dialog. The bar must be stopped: a
// hidden dialog's bar keeps its animation running, and the screen under
// it would repaint on every frame for as long as the app runs.
func (p *progressDialog) Hide() {
	p.bar.Stop()
	p.d.Hide()
}
