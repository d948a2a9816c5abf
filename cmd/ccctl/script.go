package main

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/script"
	"github.com/commandconsole/commandconsole/console/store"
)

// progressOut is the line script --progress writes to stderr after each
// accepted line: by then its events are on disk.
type progressOut struct {
	Line int    `json:"line"`
	Seq  uint64 `json:"seq"`
}

// script plays a script file, in the format of package script, line by
// line on a game. The games' golden scripts (games/*/testdata/*.jsonl) are
// in that format, so ccctl plays every one of them.
func (c *cli) script(args []string) error {
	const usage = "script FILE [--game ID | --system ID --seats a,b,... [--title T] [--seed N] [--option k=v ...]] [--progress]"
	fs := c.verbFlags("script")
	var sf setupFlags
	sf.register(fs)
	game := fs.String("game", "", "play against this game instead of a new one")
	progress := fs.Bool("progress", false, `after each accepted line write {"line":N,"seq":S} to stderr`)
	pos, err := parse(fs, args, usage, 1, 1)
	if err != nil {
		return err
	}
	switch {
	case *game != "" && sf.given():
		return usagef("give either --game ID or the flags of a new game, not both")
	}
	in, err := c.openInput(pos[0])
	if err != nil {
		return err
	}
	defer in.Close()

	return c.withDB(func(db *store.DB) error {
		var s *console.Session
		switch {
		case *game != "":
			s, err = openGame(db, *game)
		case sf.given(): // create reports a missing --system
			s, err = sf.create(db)
		}
		if err != nil {
			return err
		}
		played := 0
		stop := func(n int, err error) error {
			if s == nil {
				return fmt.Errorf("%s line %d: %w (no game was created)", pos[0], n, err)
			}
			return fmt.Errorf("%s line %d: %w (game %s keeps the %d lines played before it)", pos[0], n, err, s.ID(), played)
		}
		sc := script.NewScanner(in)
		for sc.Scan() {
			l := sc.Line()
			n := l.Number
			if l.Setup != nil {
				if s != nil {
					return stop(n, usagef("a setup line must come before every command, and only when neither --game nor --system is given"))
				}
				if s, err = createGame(db, *l.Setup); err != nil {
					return stop(n, err)
				}
				continue
			}
			if s == nil {
				return stop(n, usagef("no game to play: give --game ID, --system ID --seats ..., or a {\"setup\":{...}} first line (usage: ccctl %s)", usage))
			}
			// The session recognises a retried id, even one played before
			// a restart, and answers with the earlier result. A line that
			// the rules refuse as the script expects is skipped.
			res, refusal, err := l.Play(s)
			if err != nil {
				return stop(n, err)
			}
			if refusal != nil {
				continue
			}
			played++
			if *progress {
				b, _ := json.Marshal(progressOut{Line: n, Seq: res.Seq})
				if _, err := fmt.Fprintf(c.stderr, "%s\n", b); err != nil {
					return fmt.Errorf("write progress: %w", err)
				}
			}
		}
		var le *script.LineError
		switch err := sc.Err(); {
		case errors.As(err, &le) && le.Read:
			return stop(le.Line, le.Err)
		case errors.As(err, &le):
			return stop(le.Line, usagef("%v", le.Err))
		case err != nil:
			return err
		}
		if s == nil {
			return usagef("the script holds no setup line and no game was named: give --game ID or --system ID --seats ... (usage: ccctl %s)", usage)
		}
		views := map[string]console.View{}
		for _, seat := range append(s.Seats(), console.Public) {
			v, err := s.View(seat)
			if err != nil {
				return err
			}
			views[string(seat)] = v
		}
		meta := s.Meta()
		return c.writeJSON(struct {
			ID      string                  `json:"id"`
			Played  int                     `json:"played"`
			LastSeq uint64                  `json:"last_seq"`
			Status  console.Status          `json:"status"`
			Views   map[string]console.View `json:"views"`
		}{meta.ID, played, meta.LastSeq, s.Status(), views})
	})
}
