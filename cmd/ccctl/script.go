package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/store"
)

// maxScriptLine bounds one line of a script.
const maxScriptLine = 1 << 20

// scriptLine is one line of a script: a command for a seat, or an undo;
// or, as the first line of a script that names no game, the new game's
// setup. The games' golden scripts (games/*/testdata/*.jsonl) are in this
// form, so ccctl plays every one of them.
type scriptLine struct {
	// Setup, alone on a line before any command, describes the new game.
	Setup *console.Setup `json:"setup,omitempty"`
	Seat  console.Seat   `json:"seat"`
	Cmd   string         `json:"cmd,omitempty"`
	Args  map[string]any `json:"args,omitempty"`
	// ID makes the command idempotent, as in do --json.
	ID string `json:"id,omitempty"`
	// Undo takes back the seat's last command instead.
	Undo bool `json:"undo,omitempty"`
	// Reject says the rules must refuse this line with a message that
	// contains this text: the script goes on when they do, and stops when
	// they accept the line or refuse it for another reason.
	Reject string `json:"reject,omitempty"`
}

// progressOut is the line script --progress writes to stderr after each
// accepted line: by then its events are on disk.
type progressOut struct {
	Line int    `json:"line"`
	Seq  uint64 `json:"seq"`
}

// decodeScriptLine parses one non-blank script line strictly.
func decodeScriptLine(text string) (scriptLine, error) {
	var l scriptLine
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return l, usagef("%v (want {\"seat\":S,\"cmd\":NAME,\"args\":{...}} or {\"seat\":S,\"undo\":true})", err)
	}
	if dec.More() {
		return l, usagef("more than one JSON value on the line")
	}
	switch {
	case l.Setup != nil:
		if l.Seat != "" || l.Cmd != "" || l.Args != nil || l.ID != "" || l.Undo || l.Reject != "" {
			return l, usagef("a setup line takes only \"setup\"")
		}
		return l, nil
	case l.Seat == "":
		return l, usagef("\"seat\" is missing")
	case l.Undo && (l.Cmd != "" || l.Args != nil || l.ID != ""):
		return l, usagef("an undo line takes only \"seat\" and \"undo\"")
	case !l.Undo && l.Cmd == "":
		return l, usagef("\"cmd\" is missing")
	}
	return l, nil
}

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
		case sf.system != "":
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
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 0, 64<<10), maxScriptLine)
		n := 0
		for sc.Scan() {
			n++
			text := strings.TrimSpace(sc.Text())
			if text == "" || strings.HasPrefix(text, "#") {
				continue
			}
			l, err := decodeScriptLine(text)
			if err != nil {
				return stop(n, err)
			}
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
			var res console.Result
			switch {
			case l.Undo:
				res, err = s.Undo(l.Seat)
			default:
				// The session recognises a retried id, even one played
				// before a restart, and answers with the earlier result.
				res, err = s.Do(l.Seat, console.Command{ID: l.ID, Name: l.Cmd, Args: l.Args})
			}
			if l.Reject != "" {
				switch {
				case err == nil:
					return stop(n, usagef("the line was accepted, but the script says the rules must refuse it (%q)", l.Reject))
				case !console.IsRejection(err):
					return stop(n, err)
				case !strings.Contains(err.Error(), l.Reject):
					return stop(n, usagef("refused with %q, but the script expects a refusal containing %q", err.Error(), l.Reject))
				}
				continue
			}
			if err != nil {
				return stop(n, err)
			}
			played++
			if *progress {
				b, _ := json.Marshal(progressOut{Line: n, Seq: res.Seq})
				if _, err := fmt.Fprintf(c.stderr, "%s\n", b); err != nil {
					return fmt.Errorf("write progress: %w", err)
				}
			}
		}
		if err := sc.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				return stop(n+1, usagef("the line is longer than %d bytes", maxScriptLine))
			}
			return stop(n+1, fmt.Errorf("read: %w", err))
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
