package lan

import (
	"context"
	"fmt"
	"log"
	"strings"

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
// key's fingerprint for a typed address. Each step is logged on the app's
// log (stderr).
type Start struct {
	Host, Join, PIN, Fingerprint string
}

// AtStart runs st: hosting or joining, off the Fyne thread; the outcome
// shows on screen (the game, or an error) and in the log.
func (s *Service) AtStart(st Start) {
	switch {
	case st.Host != "":
		s.hostAtStart(st)
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

func hasSeat(seats []console.Seat, seat console.Seat) bool {
	for _, s := range seats {
		if s == seat {
			return true
		}
	}
	return false
}
