package lan

import (
	"encoding/json"
	"errors"
	"fmt"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/app/play"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/store"
	"github.com/commandconsole/commandconsole/sync/client"
	"github.com/commandconsole/commandconsole/sync/hosting"
)

// boundKind is the Keeper kind of a binding, by game id.
const boundKind = "lan-bound"

// binding binds a game hosted on this device to the seat this tablet
// keeps (docs/lan.md, "A hosted game stays its seat's tablet"). It is
// written before the game is first shown as that seat, and kept when
// hosting stops, the app is killed or the player leaves: from then on the
// interface shows the game as that seat only, so a restarted host never
// offers the other side's screen or a hand-over.
type binding struct {
	// Seat is the seat this tablet keeps.
	Seat console.Seat `json:"seat"`
	// Hosting is true while the game is hosted, and stays true when the
	// app stops without the player leaving (closed or killed): the
	// Continue list then says hosting stopped with the app rather than
	// that the host paused.
	Hosting bool `json:"hosting,omitempty"`
}

// bound returns the binding of game id, if any. A record that cannot be
// read binds nothing but is reported on the log; a damaged one binds to
// no seat, and the game opens as it would unhosted. A store that keeps no
// records (games in memory) keeps the bindings in memory (hostKeeper).
func (s *Service) bound(id string) (binding, bool) {
	if id == "" {
		return binding{}, false
	}
	b, err := s.hostKeeper().Roster(boundKind, id)
	if err != nil {
		if !errors.Is(err, store.ErrNoRoster) && !errors.Is(err, hosting.ErrNoRecord) {
			s.logf("lan: read the seat of game %s: %v", id, err)
		}
		return binding{}, false
	}
	var bd binding
	if err := json.Unmarshal(b, &bd); err != nil || bd.Seat == "" {
		s.logf("lan: the seat record of game %s is damaged: %v", id, err)
		return binding{}, false
	}
	return bd, true
}

// bind keeps game id's binding.
func (s *Service) bind(id string, bd binding) error {
	k := s.hostKeeper()
	b, err := json.Marshal(bd)
	if err != nil {
		return fmt.Errorf("keep the seat of game %s: %w", id, err)
	}
	if err := k.PutRoster(boundKind, id, b); err != nil {
		return fmt.Errorf("keep the seat of game %s: %w", id, err)
	}
	return nil
}

// setHosting records whether game id is hosted now, keeping its seat.
func (s *Service) setHosting(id string, on bool) {
	bd, ok := s.bound(id)
	if !ok || bd.Hosting == on {
		return
	}
	bd.Hosting = on
	if err := s.bind(id, bd); err != nil {
		s.logf("lan: %v", err)
	}
}

// logf logs on the service's log, if any.
func (s *Service) logf(format string, args ...any) {
	if s.opts.Logf != nil {
		s.opts.Logf(format, args...)
	}
}

// BoundSeat is the seat this tablet keeps of g, a game it hosted, or ""
// (a joined game is its client's seat already; a game never hosted is
// played as the player chooses).
func (s *Service) BoundSeat(g console.Game) console.Seat {
	if g == nil {
		return ""
	}
	if _, joined := g.(*client.Client); joined {
		return ""
	}
	bd, ok := s.bound(g.Info().ID)
	if !ok || !hasSeat(g.Info().Seats, bd.Seat) {
		return ""
	}
	return bd.Seat
}

// Saved returns the Continue list's line and actions for a saved game:
// for a game hosted here, whose seat this tablet keeps and whether it is
// hosted now, and "Resume hosting" (one tap: the game opens as its seat
// and is hosted again with the same key, the guests coming back by
// themselves) and "Play on one tablet" (after asking: the binding and the
// guests' seats are dropped).
func (s *Service) Saved(m console.GameMeta) (string, []play.Action) {
	bd, ok := s.bound(m.ID)
	if !ok {
		return "", nil
	}
	if h := s.hosted; h != nil && !h.stopped && h.game.Info().ID == m.ID {
		return "Hosted on this tablet now \u00b7 this tablet is " + string(bd.Seat), nil
	}
	note := "Hosted on this tablet \u00b7 this tablet is " + string(bd.Seat) + " \u00b7 paused: the other tablets wait for you to resume hosting"
	if bd.Hosting {
		note = "Hosted on this tablet \u00b7 this tablet is " + string(bd.Seat) + " \u00b7 hosting stopped when the app closed: resume it to bring the other tablets back"
	}
	return note, []play.Action{
		{Label: "Resume hosting", Icon: hostIcon(), Run: func() { s.resumeSaved(m) }},
		{Label: "Play on one tablet", Icon: theme.AccountIcon(), Run: func() { s.askUnbind(m) }},
	}
}

// resumeSaved opens saved game m as its bound seat and hosts it again.
func (s *Service) resumeSaved(m console.GameMeta) {
	bd, ok := s.bound(m.ID)
	if !ok {
		s.u.Resume(m)
		return
	}
	g, err := s.u.OpenSession(m)
	if err != nil {
		s.u.ShowError("Could not open the game", err)
		return
	}
	s.u.ShowGameAs(g, bd.Seat)
	s.startHosting(g, bd.Seat)
}

// askUnbind asks before a hosted game goes back to being played on this
// tablet alone: the tablets that joined it lose their seats.
func (s *Service) askUnbind(m console.GameMeta) {
	d := dialog.NewConfirm("Play on one tablet",
		kit.WrapText("Play every seat of \u201c"+m.Setup.Title+"\u201d on this tablet, passed round the table? The tablets that joined it lose their seats: if you host it again, they join again with the new PIN.", 50),
		func(ok bool) {
			if !ok {
				return
			}
			if err := s.unbind(m.ID); err != nil {
				s.u.ShowError("Could not change the game", err)
				return
			}
			s.u.Home()
		}, s.u.Window())
	d.SetConfirmText("Play on one tablet")
	d.SetDismissText("Keep it hosted")
	d.Show()
}

// unbind drops game id's binding and the seat tokens its guests hold (the
// host key stays, so a guest that comes back is told its seat is gone,
// not that another device poses as the host).
func (s *Service) unbind(id string) error {
	k := s.hostKeeper()
	b, err := k.Roster(hosting.RecordKind, id)
	switch {
	case err == nil:
		var rec hosting.Record
		if uerr := json.Unmarshal(b, &rec); uerr != nil {
			// A damaged record keeps no key worth keeping (hosting would
			// refuse it): drop it whole, tokens and all.
			s.logf("lan: the host record of game %s is damaged, dropped: %v", id, uerr)
			if err := k.DeleteRoster(hosting.RecordKind, id); err != nil {
				return fmt.Errorf("drop the guests' seats of game %s: %w", id, err)
			}
			break
		}
		rec.Tokens = nil
		nb, err := json.Marshal(rec)
		if err == nil {
			err = k.PutRoster(hosting.RecordKind, id, nb)
		}
		if err != nil {
			return fmt.Errorf("drop the guests' seats of game %s: %w", id, err)
		}
	case errors.Is(err, store.ErrNoRoster) || errors.Is(err, hosting.ErrNoRecord):
		// Never hosted with a saved record: no seat to drop.
	default:
		return fmt.Errorf("drop the guests' seats of game %s: %w", id, err)
	}
	if err := k.DeleteRoster(boundKind, id); err != nil {
		return fmt.Errorf("play game %s on one tablet: %w", id, err)
	}
	return nil
}
