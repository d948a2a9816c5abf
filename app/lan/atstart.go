package lan

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"
	"sync"
	"time"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/sync/client"
	"github.com/commandconsole/commandconsole/sync/discovery"
	"github.com/commandconsole/commandconsole/sync/secure"
)

// Start says what to host or join when the app starts, for a tablet kept
// for one job (a laptop that always hosts the club's game) and for the
// real binary's two-window check under Xvfb. The real binary takes it
// from the environment: COMMANDCONSOLE_HOST=ID@SEAT hosts that saved game
// keeping SEAT; COMMANDCONSOLE_JOIN=TARGET@SEAT joins TARGET (an address or
// a join code) as SEAT; COMMANDCONSOLE_PIN is the PIN (to show when
// hosting, to send when joining) and COMMANDCONSOLE_FINGERPRINT the host
// key's fingerprint for a typed address. COMMANDCONSOLE_JOIN=nearby@SEAT
// joins the first game found in the nearby list (the service's Browser:
// mDNS in the real binary), and COMMANDCONSOLE_JOIN=nearby:GAME@SEAT the
// one whose id or title is GAME, as a player tapping its tile would: with
// the host key's fingerprint it announces (COMMANDCONSOLE_FINGERPRINT, when
// given, must match it) and its addresses in order. Each step is logged on
// the app's log (stderr).
type Start struct {
	Host, Join, PIN, Fingerprint string
	// NearbyWait bounds the wait for a nearby game to show in the list;
	// zero is 30 s.
	NearbyWait time.Duration
}

// nearbyPrefix starts a Join that looks for the game in the nearby list.
const nearbyPrefix = "nearby"

// AtStart runs st: hosting or joining, off the Fyne thread; the outcome
// shows on screen (the game, or an error) and in the log.
func (s *Service) AtStart(st Start) {
	switch {
	case st.Host != "":
		s.hostAtStart(st)
	case st.Join == nearbyPrefix || strings.HasPrefix(st.Join, nearbyPrefix+":") ||
		strings.HasPrefix(st.Join, nearbyPrefix+"@"):
		go s.joinNearbyAtStart(st)
	case st.Join != "":
		go s.joinAtStart(st)
	}
}

func (s *Service) hostAtStart(st Start) {
	id, seat, _ := strings.Cut(st.Host, "@")
	fail := func(err error) {
		log.Printf("commandconsole: host game %s: %v", id, err)
		s.do(func() {
			s.u.ShowError("Could not host the game", kit.Explain("Could not host game "+id+": "+err.Error(), err))
		})
	}
	if st.PIN != "" {
		pin, err := secure.ParsePIN(st.PIN)
		if err != nil {
			fail(err)
			return
		}
		s.opts.PIN = pin
	}
	m, err := s.u.Store().Meta(id)
	if err != nil {
		fail(err)
		return
	}
	g, err := s.u.OpenSession(m)
	if err != nil {
		fail(err)
		return
	}
	if b := s.BoundSeat(g); b != "" {
		// Hosted here before: hosted again as the seat it kept.
		if seat != "" && console.Seat(seat) != b {
			fail(fmt.Errorf("this tablet keeps seat %s of game %s: it cannot host it as %s", b, id, seat))
			return
		}
		seat = string(b)
	}
	if seat == "" {
		seat = string(g.Info().Seats[0])
	}
	if !hasSeat(g.Info().Seats, console.Seat(seat)) {
		fail(fmt.Errorf("%q is not a seat of game %s", seat, id))
		return
	}
	s.onHosted = func() {
		h := s.Hosted()
		log.Printf("commandconsole: hosting game %s as %s on port %d, PIN %s, fingerprint %s, join codes %v",
			id, seat, h.Port(), h.PIN(), h.Fingerprint(), h.JoinCodes())
	}
	s.do(func() { s.startHosting(g, console.Seat(seat)) })
}

func (s *Service) joinAtStart(st Start) {
	target, seat, _ := strings.Cut(st.Join, "@")
	fail := func(err error) {
		log.Printf("commandconsole: join %s: %v", target, err)
		s.do(func() { s.u.ShowError("Could not join the game", kit.Explain(joinError(err, target), err)) })
	}
	t, err := discovery.ParseTarget(target)
	if err != nil {
		fail(err)
		return
	}
	addr, fp := t.Address.String(), t.Fingerprint
	if st.Fingerprint != "" {
		if fp, err = discovery.ParseFingerprint(st.Fingerprint); err != nil {
			fail(err)
			return
		}
	}
	if fp.IsZero() {
		fail(console.Reject("no host key fingerprint: give COMMANDCONSOLE_FINGERPRINT (the host's panel shows it) or a join code"))
		return
	}
	cfg := s.joinConfig(client.Config{Addr: addr, Fingerprint: fp, Seat: console.Seat(seat), PIN: st.PIN})
	c, err := client.Join(context.Background(), cfg)
	if err != nil {
		fail(err)
		return
	}
	log.Printf("commandconsole: joined game %s as %s", c.Info().ID, c.Seat())
	s.do(func() { s.open(c) })
}

// joinNearbyAtStart waits for the game st.Join names in the nearby list
// and joins it with the PIN, as the join page does from the game's tile.
func (s *Service) joinNearbyAtStart(st Start) {
	spec, seat := st.Join, ""
	if i := strings.LastIndex(spec, "@"); i >= 0 {
		spec, seat = spec[:i], spec[i+1:]
	}
	want := strings.TrimPrefix(strings.TrimPrefix(spec, nearbyPrefix), ":")
	what := "the first game nearby"
	if want != "" {
		what = "game " + want + " nearby"
	}
	// fail logs err and shows msg (the player's words) over it.
	fail := func(msg string, err error) {
		log.Printf("commandconsole: join %s: %v", what, err)
		s.do(func() { s.u.ShowError("Could not join the game", kit.Explain(msg, err)) })
	}
	if seat == "" {
		err := console.Reject("no seat: COMMANDCONSOLE_JOIN=nearby@SEAT or nearby:GAME@SEAT names the seat to take")
		fail(kit.ErrorText(err), err)
		return
	}
	var pinned discovery.Fingerprint
	if st.Fingerprint != "" {
		var err error
		if pinned, err = discovery.ParseFingerprint(st.Fingerprint); err != nil {
			fail("COMMANDCONSOLE_FINGERPRINT is not a key fingerprint as the host's panel shows it ("+err.Error()+").", err)
			return
		}
	}
	wait := st.NearbyWait
	if wait <= 0 {
		wait = 30 * time.Second
	}
	log.Printf("commandconsole: looking for %s (up to %v)", what, wait)
	e, err := s.findNearby(want, wait)
	if err != nil {
		msg := "No game showed in the list of games nearby"
		if want != "" {
			msg = "The game " + want + " did not show in the list of games nearby"
		}
		msg += fmt.Sprintf(" within %s. Is it hosted on this Wi-Fi? Its host's panel shows the join code to type instead.", kit.Plural(int((wait+time.Second-1)/time.Second), "second", "seconds"))
		if !kit.Internal(err) { // the network's own words: no Wi-Fi, no multicast
			msg = kit.ErrorText(err)
		}
		fail(msg, err)
		return
	}
	targets := e.Targets()
	log.Printf("commandconsole: found game %s nearby at %v, fingerprint %s", e.Game.ID, targets, e.Game.Fingerprint)
	fp := e.Game.Fingerprint
	switch {
	case !pinned.IsZero() && !fp.IsZero() && pinned != fp:
		err := fmt.Errorf("game %s nearby announces the key fingerprint %s, not %s: %w", e.Game.ID, fp, pinned, discovery.ErrFingerprintMismatch)
		fail("Not joined: the game nearby does not have the host's key (its fingerprint differs). Another device may be posing as the host: ask the host for its join code.", err)
		return
	case fp.IsZero():
		fp = pinned
	}
	if fp.IsZero() {
		err := console.Reject("game %s nearby announces no host key fingerprint: give COMMANDCONSOLE_FINGERPRINT (the host's panel shows it)", e.Game.ID)
		fail(kit.ErrorText(err), err)
		return
	}
	if len(targets) == 0 {
		err := console.Reject("This game announced no address this tablet can reach: type the join code the host shows.")
		fail(kit.ErrorText(err), err)
		return
	}
	var c *client.Client
	addr := ""
	for _, a := range targets {
		addr = a.String()
		cfg := s.joinConfig(client.Config{Addr: addr, Fingerprint: fp, Game: e.Game.ID, Seat: console.Seat(seat), PIN: st.PIN})
		if c, err = client.Join(context.Background(), cfg); err == nil || !unreachable(err) {
			break
		}
		log.Printf("commandconsole: join game %s at %s: %v", e.Game.ID, addr, err)
	}
	if err != nil {
		fail(joinError(err, addr), err)
		return
	}
	log.Printf("commandconsole: joined game %s as %s", c.Info().ID, c.Seat())
	s.do(func() { s.open(c) })
}

// errNotNearby is the error of a nearby game that did not show in time.
var errNotNearby = errors.New("not in the list of games nearby")

// findNearby browses until a game whose id or title is want (any game when
// want is empty) is listed, for at most wait.
func (s *Service) findNearby(want string, wait time.Duration) (discovery.Entry, error) {
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	var state discovery.BrowseState
	var mu sync.Mutex
	ch, err := s.opts.Browser.Browse(ctx, discovery.OnState(func(st discovery.BrowseState) {
		mu.Lock()
		state = st
		mu.Unlock()
		if st.Listening {
			log.Printf("commandconsole: listening for games nearby on %v", st.Interfaces)
		} else {
			log.Printf("commandconsole: waiting for a network to list games nearby: %v", st.Err)
		}
	}))
	if err != nil {
		return discovery.Entry{}, err
	}
	seen := 0
	for list := range ch {
		if len(list) != seen {
			seen = len(list)
			log.Printf("commandconsole: %d games nearby", seen)
		}
		for _, e := range list {
			if want == "" || e.Game.ID == want || e.Game.Title == want {
				return e, nil
			}
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if !state.Listening && state.Err != nil {
		return discovery.Entry{}, fmt.Errorf("%w after %v: %w", errNotNearby, wait, state.Err)
	}
	return discovery.Entry{}, fmt.Errorf("%w after %v", errNotNearby, wait)
}

func hasSeat(seats []console.Seat, seat console.Seat) bool {
	for _, s := range seats {
		if s == seat {
			return true
		}
	}
	return false
}
