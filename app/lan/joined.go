package lan

import (
	"context"
	"fmt"
	"log"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/app/kit"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/sync/client"
)

// joined is a game this tablet joined on another device.
type joined struct {
	c *client.Client
	// banner shows the link's state above the game ("Reconnecting to the
	// host…"), kept up to date by the client's OnLink.
	banner *kit.Banner
	cancel func()
	ended  bool
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
	j.cancel = c.OnLink(func(l client.Link) {
		// On the app's log: the two-window check follows the link.
		log.Printf("commandconsole: link to the host of game %s: %s", c.Info().ID, linkWord(l))
		s.do(func() {
			if j.ended || j.banner.Text == l.Banner() {
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
	if quitting {
		j.c.Close()
		return
	}
	go j.c.Close()
}

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
