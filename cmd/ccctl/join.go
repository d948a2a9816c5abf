package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/store"
	"github.com/commandconsole/commandconsole/sync/client"
	"github.com/commandconsole/commandconsole/sync/discovery"
	"github.com/commandconsole/commandconsole/sync/wire"
	"github.com/commandconsole/commandconsole/version"
)

// joinUsage is ccctl join's usage line.
const joinUsage = "join ADDR|CODE [--seat S] [--pin P] [--fingerprint F] [--token T] [--device NAME] | join --rejoin GAME [ADDR]"

// dialer opens ccctl join's connections (tests may put an in-memory
// network here).
var dialer func(ctx context.Context, network, addr string) (net.Conn, error)

// joinTimeout bounds ccctl join's first connection.
const joinTimeout = client.DefaultJoinTimeout

// joinedOut is ccctl join's first line.
type joinedOut struct {
	Event       string                `json:"event"`
	Game        string                `json:"game"`
	Title       string                `json:"title"`
	System      string                `json:"system"`
	Seat        console.Seat          `json:"seat"`
	Host        string                `json:"host"`
	HostApp     string                `json:"host_app"`
	Addr        string                `json:"addr"`
	Fingerprint discovery.Fingerprint `json:"fingerprint"`
	Seats       []seatOut             `json:"seats"`
}

// viewEvent is the seat's view after an update.
type viewEvent struct {
	Event  string         `json:"event"`
	Seq    uint64         `json:"seq"`
	Status console.Status `json:"status"`
	View   console.View   `json:"view"`
}

// resultEvent is a command's result.
type resultEvent struct {
	Event     string                `json:"event"`
	ID        string                `json:"id"`
	Cmd       string                `json:"cmd"`
	Seq       uint64                `json:"seq"`
	Lines     []console.HistoryLine `json:"lines,omitempty"`
	Duplicate bool                  `json:"duplicate,omitempty"`
	Warning   string                `json:"warning,omitempty"`
}

// refusedEvent is a command refused by the rules or as bad input.
type refusedEvent struct {
	Event  string         `json:"event"`
	ID     string         `json:"id,omitempty"`
	Cmd    string         `json:"cmd,omitempty"`
	Reason console.Reason `json:"reason"`
	Error  string         `json:"error"`
	// Try is the command to run next, when the rules name one.
	Try string `json:"try,omitempty"`
}

// linkEvent is a change of the link to the host.
type linkEvent struct {
	Event string `json:"event"`
	State string `json:"state"`
	// Why says why the link is not up: dropped, unreachable, paused (the
	// host stopped hosting), other-game, impostor, ended, left.
	Why     string `json:"why,omitempty"`
	Attempt int    `json:"attempt,omitempty"`
	Banner  string `json:"banner"`
	Error   string `json:"error,omitempty"`
}

// linkStates names client.LinkState in ccctl's output.
var linkStates = map[client.LinkState]string{client.LinkUp: "up", client.LinkReconnecting: "reconnecting", client.LinkClosed: "closed"}

// Reasons of a refused join, beside the wire.RefuseCode values ("wrong-pin",
// "rate-limit", "seat-taken", "full", "no-such-seat", "bad-token",
// "wrong-game", "version").
const (
	reasonFingerprint console.Reason = "fingerprint-mismatch"
	reasonNotConsole  console.Reason = "not-a-host"
)

// join plays one seat of a game hosted on another device: it joins, keeps
// the record to rejoin, then plays the commands read from stdin and prints
// JSON lines (see the package documentation and ccctl help).
func (c *cli) join(args []string) error {
	fs := c.verbFlags("join")
	seat := fs.String("seat", "", `the seat to play ("public" to watch); empty takes the first open one`)
	pin := fs.String("pin", "", "the 4-digit PIN the host shows")
	fpFlag := fs.String("fingerprint", "", "the host key's fingerprint (the join code carries it); empty trusts the key on first use")
	token := fs.String("token", "", "the seat token of an earlier join (no PIN needed)")
	rejoin := fs.String("rejoin", "", "rejoin GAME's seat with the token kept by an earlier ccctl join (--pin for a spectator's seat, which has no token)")
	device := fs.String("device", deviceName(), "this device's name, shown in the host's lobby")
	verbose := fs.Bool("verbose", false, "log the link's failures on stderr")
	pos, err := parse(fs, args, joinUsage, 0, 1)
	if err != nil {
		return err
	}
	if *rejoin == "" && len(pos) == 0 {
		return usagef("missing the host's address or join code (usage: ccctl %s)", joinUsage)
	}
	return c.withDB(func(db *store.DB) error {
		var cfg client.Config
		if *rejoin != "" {
			if *seat != "" || *token != "" {
				return usagef("--rejoin takes the seat and token kept from the earlier join: drop --seat and --token")
			}
			rec, err := joinedRecord(db, *rejoin)
			if err != nil {
				return err
			}
			cfg = rec.Config()
			if *fpFlag != "" {
				return usagef("--rejoin pins the fingerprint kept from the earlier join: drop --fingerprint")
			}
		}
		if len(pos) == 1 {
			target, err := discovery.ParseTarget(pos[0])
			if err != nil {
				return usagef("%v", err)
			}
			cfg.Addr = target.Address.String()
			if target.FromCode {
				cfg.Fingerprint = target.Fingerprint
			}
		}
		if *fpFlag != "" {
			fp, err := discovery.ParseFingerprint(*fpFlag)
			if err != nil {
				return usagef("--fingerprint: %v", err)
			}
			if !cfg.Fingerprint.IsZero() && fp != cfg.Fingerprint {
				return usagef("--fingerprint %s is not the join code's (%s)", fp, cfg.Fingerprint)
			}
			cfg.Fingerprint = fp
		}
		if *rejoin == "" {
			if *token != "" && *seat == "" {
				return usagef("--token reclaims a seat: name it with --seat")
			}
			cfg.Seat, cfg.Token = console.Seat(*seat), *token
		}
		// With --rejoin, the PIN is for a seat without a token (a
		// spectator, or a host that forgot the token).
		cfg.PIN = *pin
		cfg.App, cfg.Device, cfg.Dial = version.App, *device, dialer
		if *verbose {
			cfg.Logf = func(format string, a ...any) { fmt.Fprintf(c.stderr, "ccctl join: "+format+"\n", a...) }
		}
		var recMu sync.Mutex
		var recErr error
		cfg.OnRecord = func(r client.Record) {
			recMu.Lock()
			defer recMu.Unlock()
			if err := client.SaveRecord(db, r); err != nil && recErr == nil {
				recErr = err
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), joinTimeout)
		defer cancel()
		if cfg.Fingerprint.IsZero() {
			fp, hello, err := client.Probe(ctx, cfg.Addr, version.App, *device, dialer)
			if err != nil {
				return joinError(cfg.Addr, err)
			}
			fmt.Fprintf(c.stderr, "ccctl join: the host %q at %s has the key fingerprint %s: compare it with the host's screen (trusted on first use; pass --fingerprint to check it)\n",
				hello.Device, cfg.Addr, fp)
			cfg.Fingerprint = fp
		}
		cl, err := client.Join(ctx, cfg)
		if err != nil {
			return joinError(cfg.Addr, err)
		}
		defer cl.Close()
		if err := client.SaveRecord(db, cl.Record()); err != nil {
			return err
		}
		return c.play(cl, cfg.Addr, func() error {
			recMu.Lock()
			defer recMu.Unlock()
			return recErr
		})
	})
}

// joinedRecord reads the record an earlier ccctl join kept of game id.
func joinedRecord(db *store.DB, id string) (client.Record, error) {
	recs, _, err := client.Records(db)
	if err != nil {
		return client.Record{}, err
	}
	for _, r := range recs {
		if r.Game == id {
			return r, nil
		}
	}
	return client.Record{}, &usageError{msg: fmt.Sprintf("no joined game %q in %s (join it first with ccctl join ADDR|CODE)", id, db.Path()),
		err: console.ErrNotFound}
}

// joinError turns a failed join into a one-line error: a refusal by the
// host, a key that is not the expected one, a version mismatch or an
// address that is no Command Console host exit 1 (with the reason), a host
// that cannot be reached exits 2.
func joinError(addr string, err error) error {
	var (
		ref wire.Refuse
		ve  *wire.VersionError
	)
	switch {
	case errors.As(err, &ref):
		msg := ref.Message
		if ref.Code == wire.RefuseWrongPIN {
			msg = fmt.Sprintf("wrong PIN: check the four digits on the host's screen (%s)", strings.TrimSuffix(msg, "."))
		}
		if ref.Code == wire.RefuseRateLimit && ref.RetryAfterMs > 0 {
			msg = fmt.Sprintf("%s (try again in %.0f s)", strings.TrimSuffix(msg, "."), float64(ref.RetryAfterMs)/1000)
		}
		return console.RejectWith(console.Reason(ref.Code), "the host at %s refused: %s", addr, msg)
	case errors.Is(err, discovery.ErrFingerprintMismatch):
		return console.RejectWith(reasonFingerprint, "the host at %s is not the one expected: its key does not match the fingerprint (another device may be posing as the host; check the join code or the fingerprint on the host's screen): %s",
			addr, mismatchDetail(err))
	case errors.As(err, &ve):
		return console.RejectWith(console.Reason(wire.RefuseVersion), "%s", ve.Error())
	case errors.Is(err, wire.ErrNotConsole):
		return console.RejectWith(reasonNotConsole, "%s is not a Command Console host: %v", addr, err)
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("the host at %s did not answer within %s: check the address, and that the game is still hosted on this network", addr, joinTimeout)
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return fmt.Errorf("cannot reach the host at %s (%v): check the address, and that the game is still hosted on this network", addr, op.Err)
	}
	return fmt.Errorf("join %s: %w", addr, err)
}

// mismatchDetail keeps the part of a fingerprint error that names both
// fingerprints.
func mismatchDetail(err error) string {
	s := err.Error()
	if i := strings.Index(s, "the host's is "); i >= 0 {
		s = s[i:]
		if j := strings.Index(s, " (another device"); j >= 0 {
			s = s[:j]
		}
	}
	return s
}

// player is a joined seat reading commands and printing events.
type player struct {
	cl       *client.Client
	seat     console.Seat
	out      *lines
	lastView []byte // the JSON of the last view printed, under out.mu
	lastSeq  uint64
	lastLink client.Link
	linkMu   sync.Mutex
	lobby    []wire.SeatInfo
}

// printView prints the seat's view when it changed since the last one
// printed.
func (p *player) printView() {
	st, err := p.cl.State(p.seat)
	if err != nil {
		return
	}
	b, err := json.Marshal(st.View)
	if err != nil {
		return
	}
	p.out.mu.Lock()
	defer p.out.mu.Unlock()
	if p.lastView != nil && st.Seq == p.lastSeq && bytes.Equal(b, p.lastView) {
		return
	}
	p.lastView, p.lastSeq = b, st.Seq
	p.out.writeLocked(viewEvent{Event: "view", Seq: st.Seq, Status: st.Status, View: json.RawMessage(b)})
}

// onLink prints link changes (and lobby changes, which OnLink also
// reports); it tells ended when the link ends for good.
func (p *player) onLink(l client.Link, ended chan<- client.Link) {
	p.linkMu.Lock()
	defer p.linkMu.Unlock()
	if l.State == p.lastLink.State && l.Attempt == p.lastLink.Attempt && l.Why == p.lastLink.Why {
		lobby := p.cl.Lobby()
		if !sameSeats(lobby, p.lobby) {
			p.lobby = lobby
			p.out.write(seatsEvent{Event: "seats", Seats: seatsOut(lobby)})
		}
		return
	}
	p.lastLink = l
	ev := linkEvent{Event: "link", State: linkStates[l.State], Attempt: l.Attempt, Banner: l.Banner()}
	if l.State != client.LinkUp {
		ev.Why = l.Why.String()
	}
	if l.Err != nil {
		ev.Error = oneLine(l.Err.Error())
	}
	p.out.write(ev)
	if l.State == client.LinkClosed {
		select {
		case ended <- l:
		default:
		}
	}
}

func sameSeats(a, b []wire.SeatInfo) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// inputLine is one line of stdin, or the end of it.
type inputLine struct {
	text string
	err  error
	eof  bool
}

// play runs a joined client: it prints the joined line and the first view,
// then plays stdin's commands until EOF, a stop signal, or the link's end.
func (c *cli) play(cl *client.Client, addr string, recordErr func() error) error {
	out := &lines{w: c.stdout}
	info := cl.Info()
	rec := cl.Record()
	p := &player{cl: cl, seat: cl.Seat(), out: out, lastLink: cl.Link(), lobby: cl.Lobby()}
	out.write(joinedOut{Event: "joined", Game: info.ID, Title: info.Title, System: info.System.ID, Seat: p.seat,
		Host: cl.Host().Device, HostApp: cl.Host().App, Addr: addr, Fingerprint: rec.Fingerprint, Seats: seatsOut(p.lobby)})

	ended := make(chan client.Link, 1)
	cancelLink := cl.OnLink(func(l client.Link) { p.onLink(l, ended) })
	defer cancelLink()
	wake := make(chan struct{}, 1)
	cancelSub := cl.Subscribe(p.seat, func(console.Update) {
		select {
		case wake <- struct{}{}:
		default:
		}
	})
	stopPrinter := make(chan struct{})
	printerDone := make(chan struct{})
	go func() {
		defer close(printerDone)
		for {
			select {
			case <-stopPrinter:
				return
			case <-wake:
				p.printView()
			}
		}
	}()
	p.printView()
	finish := func() {
		cancelSub()
		close(stopPrinter)
		<-printerDone
		p.printView()
	}

	input := make(chan inputLine)
	go func() {
		sc := bufio.NewScanner(c.stdin)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			input <- inputLine{text: sc.Text()}
		}
		input <- inputLine{err: sc.Err(), eof: true}
	}()
	sigs, stop := stopSignals()
	defer stop()
	for {
		select {
		case <-sigs:
			finish()
			return out.err
		case l := <-ended:
			finish()
			return fmt.Errorf("the link to the host at %s ended: %s", addr, strings.TrimPrefix(l.Banner(), "Disconnected: "))
		case in := <-input:
			if in.eof {
				finish()
				if in.err != nil {
					return fmt.Errorf("read commands from stdin: %w", in.err)
				}
				if err := recordErr(); err != nil {
					return err
				}
				return out.err
			}
			if err := p.command(in.text); err != nil {
				finish()
				return err
			}
		}
	}
}

// command plays one line of stdin: "name key=value ...", a JSON command
// {"cmd","args","id"}, or "undo". Refusals are printed and play goes on;
// an error ends it.
func (p *player) command(text string) error {
	text = strings.TrimSpace(text)
	if text == "" || strings.HasPrefix(text, "#") {
		return nil
	}
	var cmd console.Command
	undo := false
	switch {
	case strings.HasPrefix(text, "{"):
		var err error
		if cmd, err = decodeCommand(text); err != nil {
			p.out.write(refusedEvent{Event: "refused", Reason: console.ReasonBadInput, Error: oneLine(strings.TrimPrefix(err.Error(), "--json: "))})
			return nil
		}
	case text == "undo":
		undo = true
		cmd = console.Command{Name: "undo"}
	default:
		words := strings.Fields(text)
		args, err := console.ParseKeyValues(words[1:])
		if err != nil {
			p.out.write(refusedEvent{Event: "refused", Cmd: words[0], Reason: console.ReasonBadInput, Error: oneLine(err.Error())})
			return nil
		}
		cmd = console.Command{Name: words[0], Args: args}
	}
	if cmd.ID == "" {
		cmd.ID = client.NewCommandID()
	}
	var (
		o   console.Outcome
		err error
	)
	if undo {
		o, err = p.cl.Undo(p.seat)
	} else {
		o, err = p.cl.Do(p.seat, cmd)
	}
	p.printView()
	switch {
	case err == nil:
		p.out.write(resultEvent{Event: "result", ID: cmd.ID, Cmd: cmd.Name, Seq: o.Seq, Lines: o.Lines,
			Duplicate: o.Duplicate, Warning: o.Warning})
		return nil
	case console.IsRejection(err):
		p.out.write(refusedEvent{Event: "refused", ID: cmd.ID, Cmd: cmd.Name, Reason: reasonOf(err), Error: oneLine(err.Error()), Try: console.TryOf(err)})
		return nil
	case errors.Is(err, client.ErrUndoLost):
		p.out.write(refusedEvent{Event: "refused", ID: cmd.ID, Cmd: cmd.Name, Reason: console.ReasonConflict, Error: oneLine(err.Error())})
		return nil
	case errors.Is(err, client.ErrClosed):
		l := p.cl.Link()
		if l.Err != nil && !errors.Is(l.Err, client.ErrClosed) {
			return fmt.Errorf("command %s: the link to the host ended: %v", cmd.Name, l.Err)
		}
		return fmt.Errorf("command %s: %w", cmd.Name, err)
	}
	return fmt.Errorf("command %s: %w", cmd.Name, err)
}

// lanHelp is the part of ccctl help about host and join.
const lanHelp = `
LAN play (host and join print one JSON object per line, with "event"):
  host  hosting {game, title, system, pin, port, fingerprint, codes,
        addresses, mdns, seats}; seats {seats} when a device joins or
        leaves; stopped after SIGINT/SIGTERM (exit 0). The game stays in
        the save file: host it again to resume, with the same fingerprint,
        and the players rejoin with their tokens.
  join  joined {game, title, system, seat, host, addr, fingerprint, seats};
        view {seq, status, view} after every update; per stdin line
        ("name key=value ...", {"cmd":..,"args":{..},"id":..} or "undo"):
        result {id, cmd, seq, lines, duplicate} or refused {id, cmd,
        reason, error}; link {state: up|reconnecting|closed, why
        (dropped|unreachable|paused|other-game|impostor|ended|left),
        attempt, banner}; seats {seats}. At the end of stdin: leaves, exit 0.
        Without --fingerprint or a join code, the host's key is trusted on
        first use and its fingerprint printed on stderr. join --rejoin GAME
        uses the seat and token kept in the save file (no PIN).
        A refused join exits 1 with {"error","reason"}: reason wrong-pin,
        rate-limit, seat-taken, full, no-such-seat, bad-token, wrong-game,
        version, fingerprint-mismatch or not-a-host; a host out of reach or
        a link that ended for good exits 2.
`
