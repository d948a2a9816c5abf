package lan

import (
	"context"
	"errors"
	"fmt"
	"log"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/sync/client"
	"github.com/commandconsole/commandconsole/sync/discovery"
)

// joined is a game this tablet joined on another device.
type joined struct {
	c *client.Client
	// banner shows the link's state above the game ("Reconnecting to the
	// host…"), kept up to date by the client's OnLink.
	banner *kit.Banner
	cancel func()
	ended  bool
	// unfollow stops looking for the game in the nearby list (nil while
	// the link is up: nothing runs then).
	unfollow context.CancelFunc
}

// joinConfig is a client configuration that keeps the game's record
// (for Continue) whenever the host gives this tablet a seat token.
func (s *Service) joinConfig(cfg client.Config) client.Config {
	cfg = s.clientConfig(cfg)
	if k := s.keeper(); k != nil && cfg.Seat != console.Public {
		logf := s.opts.Logf
		cfg.OnRecord = func(r client.Record) {
			if r.Seat == console.Public {
				return
			}
			if err := client.SaveRecord(k, r); err != nil && logf != nil {
				logf("lan: keep the joined game %s: %v", r.Game, err)
			}
		}
	}
	return cfg
}

// open shows a joined game in its system's screen, this tablet playing
// the client's seat only, with the link banner above it.
func (s *Service) open(c *client.Client) {
	if j := s.joined; j != nil && !j.ended {
		j.end(false)
	}
	j := &joined{c: c, banner: kit.NewBanner()}
	j.banner.Warning = true
	j.banner.Set(c.Link().Banner())
	var logMu sync.Mutex
	logged := ""
	j.cancel = c.OnLink(func(l client.Link) {
		// On the app's log, once per change (OnLink also tells lobby
		// changes): the two-window check follows the link.
		w := linkWord(l)
		logMu.Lock()
		if w != logged {
			logged = w
			log.Printf("commandconsole: link to the host of game %s: %s", c.Info().ID, w)
		}
		logMu.Unlock()
		s.do(func() {
			if j.ended {
				return
			}
			s.follow(j, c.Link())
			if j.banner.Text == l.Banner() {
				return
			}
			j.banner.Set(l.Banner())
			// The banner's height changed: lay the game out again.
			if g := s.u.Game(); g != nil && sameClient(c, g.Game()) {
				g.Locked(func() { g.Content().Refresh() })
			}
		})
	})
	s.joined = j
	s.follow(j, c.Link())
	s.u.ShowGameAs(c, c.Seat())
	s.u.Attach(c, func(quitting bool) {
		j.end(quitting)
		if s.joined == j {
			s.joined = nil
		}
	})
}

// linkWord is a link's state for the log: "up", "reconnecting (paused)".
func linkWord(l client.Link) string {
	switch l.State {
	case client.LinkUp:
		return "up"
	case client.LinkReconnecting:
		return "reconnecting (" + l.Why.String() + ")"
	}
	return "closed (" + l.Why.String() + ")"
}

// end leaves the joined game: the client says goodbye to the host (the
// seat stays this tablet's, to rejoin from Continue).
func (j *joined) end(quitting bool) {
	if j.ended {
		return
	}
	j.ended = true
	j.cancel()
	j.stopFollowing()
	if quitting {
		j.c.Close()
		return
	}
	go j.c.Close()
}

// follow looks for a joined game in the nearby list while its link is
// down, and tells the client where it is announced (client.SetAddrs), so
// a guest follows a host whose address changed (its Wi-Fi back with a new
// DHCP lease, another network, its app restarted there): the client tries
// those addresses at each reconnection, its seat token going out only to
// the holder of the game's key, and keeps the one that answers (the
// Continue record follows). Only entries with the game's id and the
// pinned key fingerprint count. It runs in every LinkReconnecting state:
// dropped or unreachable (the host vanished, maybe to another address),
// paused (the host may resume hosting from another address) and another
// game at the address (the old address was given to another tablet). It
// stops as soon as the link is up, ends or the game is left: no browsing,
// and no goroutine, while the link is up, since the tablet runs on
// battery. Called on the Fyne thread with the link's state now.
func (s *Service) follow(j *joined, l client.Link) {
	if j.ended || l.State != client.LinkReconnecting {
		j.stopFollowing()
		return
	}
	if j.unfollow != nil {
		return
	}
	rec := j.c.Record()
	ctx, cancel := context.WithCancel(context.Background())
	// Set even when Browse fails: it is not tried again before the link
	// is up and drops again.
	j.unfollow = cancel
	ch, err := s.opts.Browser.Browse(ctx)
	if err != nil {
		if s.opts.Logf != nil {
			s.opts.Logf("lan: look for game %s nearby while its link is down: %v", rec.Game, err)
		}
		return
	}
	c := j.c
	go func() {
		for list := range ch {
			c.SetAddrs(gameAddrs(list, rec.Game, rec.Fingerprint))
		}
	}()
}

// stopFollowing stops follow's look at the nearby list, if it runs.
func (j *joined) stopFollowing() {
	if j.unfollow != nil {
		j.unfollow()
		j.unfollow = nil
	}
}

// gameAddrs are the addresses ("host:port") of the nearby list's entries
// announcing game with the host key fingerprint fp, in the list's order.
func gameAddrs(list []discovery.Entry, game string, fp discovery.Fingerprint) []string {
	var out []string
	for _, e := range list {
		if game == "" || e.Game.ID != game || fp.IsZero() || e.Game.Fingerprint != fp {
			continue
		}
		for _, a := range e.Targets() {
			out = append(out, a.String())
		}
	}
	return out
}

// locate looks for game in the nearby list for up to locateWait: the
// addresses it is announced at (gameAddrs), or none.
func (s *Service) locate(game string, fp discovery.Fingerprint) []string {
	ctx, cancel := context.WithTimeout(context.Background(), locateWait)
	defer cancel()
	ch, err := s.opts.Browser.Browse(ctx)
	if err != nil {
		return nil
	}
	for list := range ch {
		if addrs := gameAddrs(list, game, fp); len(addrs) > 0 {
			return addrs
		}
	}
	return nil
}

// locateWait bounds the look at the nearby list when a joined game's kept
// address does not answer on Rejoin (mDNS answers within a second or two).
const locateWait = 4 * time.Second

// Continue returns the Continue list's rows of the games joined before:
// each rejoins with its seat token (no PIN) or is forgotten.
func (s *Service) Continue() []fyne.CanvasObject {
	k := s.keeper()
	if k == nil {
		return nil
	}
	recs, bad, err := client.Records(k)
	var rows []fyne.CanvasObject
	if err != nil {
		bad = append(bad, err)
	}
	for _, e := range bad {
		b := kit.NewBanner()
		b.Warning = true
		b.Set("A game joined on another device cannot be read: " + kit.ErrorText(e))
		rows = append(rows, b)
	}
	for _, r := range recs {
		r := r
		t := kit.NewTile(or(r.Title, "A joined game"), recordDetail(r), func() { s.rejoin(r) })
		rejoin := widget.NewButtonWithIcon("Rejoin", theme.LoginIcon(), func() { s.rejoin(r) })
		rejoin.Importance = widget.HighImportance
		forget := widget.NewButtonWithIcon("Forget", theme.DeleteIcon(), func() { s.forget(r) })
		rows = append(rows, container.NewBorder(nil, nil, nil, container.NewCenter(container.NewVBox(rejoin, forget)), t))
	}
	return rows
}

// recordDetail is the second line of a joined game's row.
func recordDetail(r client.Record) string {
	return fmt.Sprintf("%s \u00b7 joined: hosted on %s \u00b7 this tablet is %s", systemName(r.System), or(r.Host, "the tablet at "+r.Addr), r.Seat)
}

// rejoin takes up the record's seat again with its token.
func (s *Service) rejoin(r client.Record) {
	prog := progress(s.u.Window(), "Rejoining", "Connecting to "+or(r.Host, r.Addr)+"\u2026")
	cfg := r.Config()
	cfg.Dial, cfg.App, cfg.Device = nil, "", ""
	cfg = s.joinConfig(cfg)
	go func() {
		c, err := client.Join(context.Background(), cfg)
		if err != nil && moved(err) {
			// The host's tablet may have another address now: try where
			// the nearby list announces the game (its key pinned as at
			// the kept address).
			for _, a := range s.locate(r.Game, r.Fingerprint) {
				if a == r.Addr {
					continue
				}
				at := cfg
				at.Addr = a
				c2, err2 := client.Join(context.Background(), at)
				if err2 == nil {
					c, err = c2, nil
					if cfg.OnRecord != nil {
						cfg.OnRecord(c.Record()) // Continue rejoins there next time
					}
					break
				}
				if s.opts.Logf != nil {
					s.opts.Logf("lan: rejoin game %s at %s, where it is announced: %v", r.Game, a, err2)
				}
			}
		}
		s.do(func() {
			prog.Hide()
			if err != nil {
				s.u.ShowError("Could not rejoin \u201c"+or(r.Title, r.Game)+"\u201d", kit.Explain(joinError(err, r.Addr), err))
				return
			}
			s.open(c)
		})
	}()
}

// moved reports whether a rejoin's err may mean the host's tablet has
// another address now: nothing answers at the kept one, or another game
// does.
func moved(err error) bool {
	var un *client.UnreachableError
	return errors.As(err, &un) || errors.Is(err, client.ErrOtherGame) || unreachable(err)
}

// forget removes a joined game from Continue, after asking.
func (s *Service) forget(r client.Record) {
	d := dialog.NewConfirm("Forget the game",
		kit.WrapText(fmt.Sprintf("Forget \u201c%s\u201d? Its game stays on the host's tablet; to come back you join it again with the PIN.", or(r.Title, r.Game)), 50),
		func(ok bool) {
			if !ok {
				return
			}
			if err := client.ForgetRecord(s.keeper(), r.Game); err != nil {
				s.u.ShowError("Could not forget the game", err)
				return
			}
			s.u.Home()
		}, s.u.Window())
	d.SetConfirmText("Forget")
	d.SetDismissText("Keep")
	d.Show()
}
