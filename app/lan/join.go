package lan

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games"
	"github.com/commandconsole/commandconsole/sync/client"
	"github.com/commandconsole/commandconsole/sync/discovery"
	"github.com/commandconsole/commandconsole/sync/wire"
)

// target is a host the player chose: its addresses to try in order, the
// key fingerprint to pin, and what the player saw of it.
type target struct {
	addrs       []string
	fingerprint discovery.Fingerprint
	title       string
	host        string
	game        string
}

// JoinPage is the page that joins a game hosted on another device, in
// steps: the nearby games (a live list) and a box for an address or a join
// code; for a typed address, the host key's fingerprint to compare; the
// PIN pad; the seat picker. It implements kit.Screen.
type JoinPage struct {
	s    *Service
	root *fyne.Container
	// title is the bar's heading; back goes one step back (home from the
	// first step).
	title  *widget.Label
	back   *widget.Button
	body   *fyne.Container
	onBack func()

	// The nearby step.
	cancel  context.CancelFunc
	nearby  *fyne.Container
	status  *widget.Label
	entries []discovery.Entry
	// waiting is why the browser waits for the network (nil: listening).
	waiting error
	// Tiles are the nearby games' tiles, in the list's order.
	Tiles []*kit.Tile
	// Typed is the address or join code box, Connect its button.
	Typed   *widget.Entry
	Connect *widget.Button
	// Message says what went wrong, or what is being done; spinner runs
	// under it while a slow step does.
	Message *widget.Label
	spinner *fyne.Container

	// The PIN step.
	tgt     target
	pin     string
	pinText *canvas.Text
	keys    []*widget.Button
	waitTil time.Time
	// carry is a message for the next step shown (why the seats were
	// listed again).
	carry string
	// busy is set while a slow step runs, so taps do not start another.
	busy bool
	// gen counts the steps shown, so a slow step's late result does not
	// land on a later step.
	gen int
}

// ShowJoin shows the join page: the nearby games first.
func (s *Service) ShowJoin() {
	p := &JoinPage{s: s}
	p.title = kit.Heading("Join a game")
	p.back = widget.NewButtonWithIcon("Back", theme.NavigateBackIcon(), func() { p.onBack() })
	p.body = container.NewStack()
	p.Message = kit.Wrapped("")
	p.Message.Importance = widget.DangerImportance
	p.spinner = container.NewVBox()
	p.root = container.NewBorder(kit.TopBar(p.back, p.title, nil), nil, nil, nil, p.body)
	s.u.Show(p)
	p.showNearby()
}

// Content is the page's widget tree.
func (p *JoinPage) Content() fyne.CanvasObject { return p.root }

// Leave stops looking for games.
func (p *JoinPage) Leave() {
	p.stopSpinner()
	p.stopBrowse()
	p.noKeys()
}

func (p *JoinPage) stopBrowse() {
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
}

// setStep shows a step's content under the bar.
func (p *JoinPage) setStep(title string, content fyne.CanvasObject, back func()) {
	p.gen++
	p.busy = false
	p.noKeys()
	p.stopSpinner()
	p.title.SetText(title)
	p.onBack = back
	p.body.Objects = []fyne.CanvasObject{content}
	p.body.Refresh()
}

// startSpinner shows a running bar under the message. The bar is made
// afresh each time and dropped when stopped, never kept hidden: Fyne starts
// a hidden infinite bar's animation again when its container refreshes,
// and a bar animating out of sight makes the screen repaint without end.
func (p *JoinPage) startSpinner() {
	p.stopSpinner()
	p.spinner.Objects = []fyne.CanvasObject{widget.NewProgressBarInfinite()}
	p.spinner.Refresh()
}

// stopSpinner stops the running bar, if any, and drops it.
func (p *JoinPage) stopSpinner() {
	for _, o := range p.spinner.Objects {
		if bar, ok := o.(*widget.ProgressBarInfinite); ok {
			bar.Stop()
		}
	}
	if len(p.spinner.Objects) > 0 {
		p.spinner.Objects = nil
		p.spinner.Refresh()
	}
}

// feedback is the message and the spinner, for the step shown.
func (p *JoinPage) feedback() fyne.CanvasObject {
	return container.NewVBox(p.Message, p.spinner)
}

// fail shows a message on the step shown.
func (p *JoinPage) fail(msg string) {
	p.Message.Importance = widget.DangerImportance
	p.Message.SetText(msg)
}

// note shows what is being done.
func (p *JoinPage) note(msg string) {
	p.Message.Importance = widget.MediumImportance
	p.Message.SetText(msg)
}

// slow runs work off the Fyne thread, showing msg meanwhile, and then done
// with its error on the Fyne thread, unless the player moved to another
// step meanwhile.
func (p *JoinPage) slow(msg string, work func() error, done func(error)) {
	if p.busy {
		return
	}
	p.busy = true
	p.note(msg)
	p.startSpinner()
	gen := p.gen
	go func() {
		err := work()
		p.s.do(func() {
			if gen != p.gen {
				return
			}
			p.busy = false
			p.stopSpinner()
			p.Message.SetText("")
			done(err)
		})
	}()
}

// showNearby is the first step: the games nearby and the typed address.
func (p *JoinPage) showNearby() {
	p.Message.SetText("")
	p.status = kit.Wrapped("Looking for games on this network\u2026")
	p.nearby = container.NewVBox()
	p.Typed = widget.NewEntry()
	p.Typed.SetPlaceHolder("192.168.1.20:47100 or ABCD-EFGH-JKMN-PQRS-TVWX")
	p.Typed.OnSubmitted = func(string) { p.connectTyped() }
	p.Connect = widget.NewButtonWithIcon("Connect", theme.LoginIcon(), p.connectTyped)
	p.Connect.Importance = widget.HighImportance
	body := container.NewVBox(
		sub("Games nearby"),
		p.status,
		p.nearby,
		widget.NewSeparator(),
		sub("Not listed? Type the join code or the address the host shows"),
		container.NewBorder(nil, nil, nil, p.Connect, p.Typed),
		p.feedback(),
	)
	p.setStep("Join a game", container.NewVScroll(container.NewPadded(body)), func() {
		p.stopBrowse()
		p.s.u.Home()
	})
	p.drawNearby()
	p.browse()
}

// browse watches the nearby games until the page leaves the first step.
func (p *JoinPage) browse() {
	p.stopBrowse()
	ctx, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	// The browser follows the network: with no address yet it waits and
	// says so, and starts listening by itself when Wi-Fi comes on.
	onState := discovery.OnState(func(st discovery.BrowseState) {
		p.s.do(func() {
			if ctx.Err() != nil {
				return
			}
			p.waiting = nil
			if !st.Listening {
				p.waiting = st.Err
				if p.waiting == nil {
					p.waiting = discovery.ErrNoNetwork
				}
			}
			p.drawNearby()
		})
	})
	ch, err := p.s.opts.Browser.Browse(ctx, onState)
	if err != nil {
		p.cancel = nil
		p.status.SetText(nearbyFailed(err))
		return
	}
	go func() {
		for list := range ch {
			list := list
			p.s.do(func() {
				if ctx.Err() != nil {
					return
				}
				p.entries = list
				p.drawNearby()
			})
		}
	}()
}

// drawNearby redraws the nearby list.
func (p *JoinPage) drawNearby() {
	p.nearby.RemoveAll()
	p.Tiles = nil
	for _, e := range p.entries {
		e := e
		t := kit.NewTile(or(e.Game.Title, "A game"), entryDetail(e), func() { p.pickEntry(e) })
		p.Tiles = append(p.Tiles, t)
		p.nearby.Add(t)
	}
	switch {
	case p.cancel == nil:
	case p.waiting != nil:
		p.status.SetText(waitingText(p.waiting))
	case len(p.entries) == 0:
		p.status.SetText("Looking for games on this network\u2026 None yet: start hosting on the other tablet (its game's menu: Host on the network), on the same Wi-Fi.")
	default:
		p.status.SetText("Tap a game to join it.")
	}
	// The list's height changed: lay the page out again.
	p.root.Refresh()
}

// waitingText says why the nearby list is waiting for the network, in the
// player's words.
func waitingText(err error) string {
	msg := kit.ErrorText(err)
	if kit.Internal(err) {
		msg = "This tablet cannot listen for games on this network just now; the list fills in by itself when it can."
	}
	return msg + " Meanwhile you can type the join code the host shows."
}

// nearbyFailed says why the nearby list cannot be shown at all.
func nearbyFailed(err error) string {
	msg := kit.ErrorText(err)
	if kit.Internal(err) {
		msg = "Games nearby cannot be listed on this tablet."
	}
	return msg + " Type the join code or the address the host shows."
}

// entryDetail is the second line of a nearby game's tile: its system, the
// host and its open seats.
func entryDetail(e discovery.Entry) string {
	g := e.Game
	parts := []string{systemName(g.System)}
	if g.Host != "" {
		parts = append(parts, "hosted by "+g.Host)
	}
	switch {
	case g.Open == 0:
		parts = append(parts, fmt.Sprintf("every seat taken (%d): watch it", g.Seats))
	default:
		parts = append(parts, fmt.Sprintf("%d of %s open", g.Open, kit.Plural(g.Seats, "seat", "seats")))
	}
	if uint32(g.Proto) != wire.ProtocolVersion {
		parts = append(parts, "needs another version of Command Console")
	}
	return strings.Join(parts, " \u00b7 ")
}

// systemName names a game system, or says this version does not have it.
func systemName(id string) string {
	r, err := games.Lookup(id)
	if err != nil {
		return id + " (not in this version)"
	}
	return r.Info().Name
}

// pickEntry goes on with a nearby game: to the PIN when its record carries
// the host key's fingerprint, else to the fingerprint check.
func (p *JoinPage) pickEntry(e discovery.Entry) {
	if p.busy {
		return
	}
	t := target{fingerprint: e.Game.Fingerprint, title: e.Game.Title, host: e.Game.Host, game: e.Game.ID}
	for _, a := range e.Targets() {
		t.addrs = append(t.addrs, a.String())
	}
	if len(t.addrs) == 0 {
		p.fail("This game announced no address this tablet can reach: type the join code the host shows.")
		return
	}
	if t.fingerprint.IsZero() {
		p.probe(t)
		return
	}
	p.stopBrowse()
	p.showPIN(t)
}

// connectTyped goes on with the typed address or join code.
func (p *JoinPage) connectTyped() {
	if p.busy {
		return
	}
	tg, err := discovery.ParseTarget(p.Typed.Text)
	if err != nil {
		p.fail(typedError(err))
		return
	}
	t := target{addrs: []string{tg.Address.String()}, fingerprint: tg.Fingerprint}
	if tg.FromCode {
		p.stopBrowse()
		p.showPIN(t)
		return
	}
	p.probe(t)
}

// typedError says what is wrong with what the player typed.
func typedError(err error) string {
	return "That is not a join code or an address: " + kit.ErrorText(err)
}

// probe reads the host key's fingerprint of a typed address, for the
// players to compare before the PIN is sent.
func (p *JoinPage) probe(t target) {
	var fp discovery.Fingerprint
	var hello wire.Hello
	p.slow("Connecting to "+t.addrs[0]+"\u2026", func() error {
		var err error
		for _, a := range t.addrs {
			fp, hello, err = client.Probe(context.Background(), a, p.s.clientConfig(client.Config{}).App, p.s.device(), p.s.opts.Dial)
			if err == nil {
				t.addrs = []string{a}
				return nil
			}
			if !unreachable(err) {
				break
			}
		}
		return err
	}, func(err error) {
		if err != nil {
			p.fail(joinError(err, t.addrs[0]))
			return
		}
		t.fingerprint = fp
		t.host = hello.Device
		p.stopBrowse()
		p.showFingerprint(t)
	})
}

// showFingerprint asks the player to compare the host key's fingerprint
// with the one the host's screen shows, before the PIN goes to it.
func (p *JoinPage) showFingerprint(t target) {
	p.Message.SetText("")
	big := widget.NewLabelWithStyle(t.fingerprint.String(), fyne.TextAlignCenter, fyne.TextStyle{Bold: true, Monospace: true})
	big.SizeName = theme.SizeNameHeadingText
	who := "The tablet at " + t.addrs[0]
	if t.host != "" {
		who += " (" + t.host + ")"
	}
	same := widget.NewButtonWithIcon("It is the same: go on", theme.ConfirmIcon(), func() { p.showPIN(t) })
	same.Importance = widget.HighImportance
	differ := widget.NewButtonWithIcon("It is not the same", theme.CancelIcon(), func() {
		p.showNearby()
		p.fail("Not joined: the fingerprints differ, so that device is not the host you see. Ask the host for its join code, or check the address.")
	})
	body := container.NewVBox(
		kit.Wrapped(who+" has the key fingerprint"),
		big,
		kit.Wrapped("Compare it with the key fingerprint on the host's screen (its host panel). Only if it is the same is the PIN safe to send."),
		same,
		differ,
		p.feedback(),
	)
	p.setStep("Check the host", container.NewVScroll(container.NewPadded(body)), p.showNearby)
}

// showPIN is the PIN pad: four digits, large, for the host t.
func (p *JoinPage) showPIN(t target) {
	p.tgt = t
	p.pin = ""
	p.Message.SetText("")
	p.pinText = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	p.pinText.TextSize = 56
	p.pinText.TextStyle = fyne.TextStyle{Bold: true, Monospace: true}
	p.pinText.Alignment = fyne.TextAlignCenter
	p.keys = nil
	grid := container.NewGridWithColumns(3)
	for _, k := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "\u232b", "0", "Clear"} {
		k := k
		b := widget.NewButton(k, func() { p.key(k) })
		if k == "\u232b" {
			b.SetText("")
			b.SetIcon(theme.NavigateBackIcon())
		}
		p.keys = append(p.keys, b)
		grid.Add(kit.WithMinSize(b, 100, 80))
	}
	what := "Enter the PIN the host shows"
	if t.title != "" {
		what += " for \u201c" + t.title + "\u201d"
	}
	if t.host != "" {
		what += " (" + t.host + ")"
	}
	pad := container.NewVBox(
		centred(kit.Wrapped(what+".")),
		p.pinText,
		container.NewCenter(container.New(&widthLayout{w: 340}, grid)),
		p.feedback(),
	)
	if !t.fingerprint.IsZero() {
		// Anyone on the Wi-Fi can announce a game under any name: the key
		// fingerprint, the same on the host's panel, tells the real host.
		pad.Add(centred(kit.Caption("Host key " + t.fingerprint.String() + ": the host's screen shows the same under \u201cKey fingerprint\u201d.")))
	}
	p.drawPIN()
	p.setStep("PIN", container.NewVScroll(container.NewPadded(pad)), p.showNearby)
	// A keyboard types the PIN too (a desktop, a tablet's keyboard).
	c := p.s.u.Window().Canvas()
	c.SetOnTypedRune(func(r rune) {
		if r >= '0' && r <= '9' {
			p.key(string(r))
		}
	})
	c.SetOnTypedKey(func(e *fyne.KeyEvent) {
		if e.Name == fyne.KeyBackspace {
			p.key("\u232b")
			return
		}
		p.s.u.TypedKey(e) // the back button
	})
}

// noKeys stops the keyboard typing into the PIN pad.
func (p *JoinPage) noKeys() {
	c := p.s.u.Window().Canvas()
	c.SetOnTypedRune(nil)
	c.SetOnTypedKey(p.s.u.TypedKey)
}

// PIN is what the PIN pad holds now.
func (p *JoinPage) PIN() string { return p.pin }

// Key presses a key of the PIN pad: a digit, "⌫" or "Clear".
func (p *JoinPage) Key(k string) { p.key(k) }

func (p *JoinPage) key(k string) {
	if p.busy || time.Now().Before(p.waitTil) {
		return
	}
	switch k {
	case "\u232b":
		if p.pin != "" {
			p.pin = p.pin[:len(p.pin)-1]
		}
	case "Clear":
		p.pin = ""
	default:
		if len(p.pin) < 4 {
			p.pin += k
		}
	}
	p.drawPIN()
	if len(p.pin) == 4 {
		p.lookup()
	}
}

// drawPIN shows the digits typed and the places left.
func (p *JoinPage) drawPIN() {
	shown := []rune(p.pin + strings.Repeat("\u2013", 4-len(p.pin)))
	s := make([]string, len(shown))
	for i, r := range shown {
		s[i] = string(r)
	}
	p.pinText.Text = strings.Join(s, " ")
	p.pinText.Refresh()
}

// lookup checks the PIN and reads the seats, then shows the seat picker.
func (p *JoinPage) lookup() {
	t, pin := p.tgt, p.pin
	var info console.GameInfo
	var seats []wire.SeatInfo
	p.slow("Checking the PIN with the host\u2026", func() error {
		var err error
		for _, a := range t.addrs {
			info, seats, err = client.Lookup(context.Background(), p.s.clientConfig(client.Config{
				Addr: a, Fingerprint: t.fingerprint, Game: t.game, PIN: pin}))
			if err == nil {
				t.addrs = []string{a}
				return nil
			}
			if !unreachable(err) {
				break
			}
		}
		return err
	}, func(err error) {
		if err != nil {
			p.pin = ""
			p.drawPIN()
			p.fail(joinError(err, t.addrs[0]))
			var r wire.Refuse
			if errors.As(err, &r) && r.Code == wire.RefuseRateLimit && r.RetryAfterMs > 0 {
				p.pause(time.Duration(r.RetryAfterMs) * time.Millisecond)
			}
			return
		}
		p.tgt = t
		p.showSeats(t, pin, info, seats)
	})
}

// pause greys the PIN pad for d after too many wrong PINs.
func (p *JoinPage) pause(d time.Duration) {
	p.waitTil = time.Now().Add(d)
	for _, b := range p.keys {
		b.Disable()
	}
	gen := p.gen
	time.AfterFunc(d, func() {
		p.s.do(func() {
			if gen != p.gen {
				return
			}
			for _, b := range p.keys {
				b.Enable()
			}
		})
	})
}

// showSeats is the seat picker: the open seats, and watching as a
// spectator. A seat another tablet holds, connected or away, is shown
// greyed: that tablet rejoins it, or the host frees it (its panel's "Free
// seat") for another tablet to take.
func (p *JoinPage) showSeats(t target, pin string, info console.GameInfo, seats []wire.SeatInfo) {
	carry := p.carry
	p.carry = ""
	defer func() {
		if carry != "" {
			p.fail(carry)
		}
	}()
	p.Message.SetText("")
	list := container.NewVBox()
	for _, si := range seats {
		si := si
		label := string(si.Seat)
		detail := "open"
		switch {
		case si.Connected:
			detail = "taken by " + or(si.Device, "another tablet")
		case si.Taken:
			detail = "kept for " + or(si.Device, "another tablet") + " (away): the host can free it"
		}
		b := widget.NewButton(label+" \u2014 "+detail, func() { p.join(t, pin, si.Seat) })
		b.Alignment = widget.ButtonAlignLeading
		if si.Taken {
			b.Disable()
		} else {
			b.Importance = widget.HighImportance
		}
		list.Add(b)
	}
	watch := widget.NewButtonWithIcon("Watch (spectator)", theme.VisibilityIcon(), func() { p.join(t, pin, console.Public) })
	body := container.NewVBox(
		kit.Heading(info.Title),
		kit.Wrapped(systemName(info.System.ID)+" \u00b7 hosted by "+or(t.host, "the host")+". Which seat is yours?"),
		list,
		widget.NewSeparator(),
		kit.Wrapped("Or watch: a spectator sees what every player may see, and gives no commands."),
		watch,
		p.feedback(),
	)
	p.setStep("Pick your seat", container.NewVScroll(container.NewPadded(body)), func() { p.showPIN(t) })
}

// join joins seat and opens the game.
func (p *JoinPage) join(t target, pin string, seat console.Seat) {
	var c *client.Client
	what := "Joining as " + string(seat) + "\u2026"
	if seat == console.Public {
		what = "Joining as a spectator\u2026"
	}
	p.slow(what, func() error {
		var err error
		c, err = client.Join(context.Background(), p.s.joinConfig(client.Config{
			Addr: t.addrs[0], Fingerprint: t.fingerprint, Game: t.game, Seat: seat, PIN: pin}))
		return err
	}, func(err error) {
		if err != nil {
			msg := joinError(err, t.addrs[0])
			var r wire.Refuse
			if errors.As(err, &r) && (r.Code == wire.RefuseSeatTaken || r.Code == wire.RefuseFull) {
				// The seats changed since they were listed: list them
				// again, with the message.
				p.carry = msg
				p.pin = pin
				p.lookup()
				return
			}
			p.fail(msg)
			return
		}
		p.s.open(c)
	})
}

// unreachable reports whether err is a failure to reach the host at all
// (worth trying its next address).
func unreachable(err error) bool {
	var ne net.Error
	var oe *net.OpError
	return errors.As(err, &oe) || errors.As(err, &ne) || errors.Is(err, context.DeadlineExceeded)
}

// joinError says in the player's words why joining failed.
func joinError(err error, addr string) string {
	var r wire.Refuse
	var ve *wire.VersionError
	var og *client.OtherGameError
	switch {
	case errors.As(err, &r):
		return refuseText(r)
	case errors.As(err, &ve):
		return ve.Error()
	case errors.As(err, &og):
		return "Not joined: the tablet at " + addr + " now hosts another game (\u201c" + or(og.Title, "a game") + "\u201d). When the game you want is hosted again, it shows in the list of games nearby."
	case errors.Is(err, discovery.ErrFingerprintMismatch):
		return "Not joined: the device at " + addr + " does not have the host's key (its fingerprint differs). Another device may be posing as the host: ask the host for its join code."
	case errors.Is(err, wire.ErrNotConsole):
		return "The device at " + addr + " is not hosting a Command Console game: check the address."
	case unreachable(err):
		return "The host at " + addr + " cannot be reached: is it still hosting, and on the same Wi-Fi as this tablet?"
	}
	return "Not joined: " + kit.ErrorText(err)
}

// refuseText is a host's refusal in the player's words.
func refuseText(r wire.Refuse) string {
	switch r.Code {
	case wire.RefuseWrongPIN:
		msg := "Wrong PIN: check the four digits on the host's screen."
		var left int
		var wait string
		if _, tail, ok := strings.Cut(r.Message, ": "); ok {
			if _, err := fmt.Sscanf(tail, "%d left before a wait", &left); err == nil && left > 0 {
				msg += " " + kit.Plural(left, "more try", "more tries") + " before a wait."
			} else if _, err := fmt.Sscanf(tail, "wait %s before the next try", &wait); err == nil {
				msg += " Wait " + wait + " before the next try."
			}
		}
		return msg
	case wire.RefuseRateLimit:
		secs := (int(r.RetryAfterMs) + 999) / 1000
		if secs < 1 {
			secs = 1
		}
		return fmt.Sprintf("Too many wrong PINs: wait %s before the next try.", kit.Plural(secs, "second", "seconds"))
	case wire.RefuseSeatTaken:
		return "That seat has just been taken by another tablet: pick another one."
	case wire.RefuseFull:
		return "Every seat of this game is taken: you can still watch it."
	case wire.RefuseBadToken:
		return "The host no longer knows this tablet's seat: join again with the PIN from the game list."
	case wire.RefuseWrongGame:
		return "That host is now hosting another game: join it from the game list."
	}
	return kit.UpperFirst(r.Message)
}

// widthLayout lays its objects out stacked at most w wide.
type widthLayout struct{ w float32 }

func (l *widthLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l *widthLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	s.Width = max(s.Width, l.w)
	return s
}
