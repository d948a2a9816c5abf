package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/report"
	"github.com/commandconsole/commandconsole/console/store"
	"github.com/commandconsole/commandconsole/games"
)

// argOut is one command argument or setup option as ccctl prints it.
type argOut struct {
	Name     string          `json:"name"`
	Kind     console.ArgKind `json:"kind"`
	Required bool            `json:"required"`
	Min      *int            `json:"min,omitempty"`
	Max      *int            `json:"max,omitempty"`
	Enum     []string        `json:"enum,omitempty"`
	MaxLen   int             `json:"max_len,omitempty"`
	Default  string          `json:"default,omitempty"`
	Doc      string          `json:"doc"`
}

func argsOut(specs []console.ArgSpec) []argOut {
	out := make([]argOut, len(specs))
	for i, s := range specs {
		out[i] = argOut{Name: s.Name, Kind: s.Kind, Required: s.Required, Min: s.Min, Max: s.Max,
			Enum: s.Enum, MaxLen: s.MaxLen, Default: s.Default, Doc: s.Doc}
	}
	return out
}

// systemOut is one game system in the systems list.
type systemOut struct {
	ID       string       `json:"id"`
	Name     string       `json:"name"`
	Kind     console.Kind `json:"kind"`
	Seats    seatRange    `json:"seats"`
	Playable bool         `json:"playable"`
	Doc      string       `json:"doc"`
	Options  []argOut     `json:"options"`
}

// seatRange is how many seats a system takes.
type seatRange struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

func (c *cli) systems(args []string) error {
	const usage = "systems"
	if _, err := parse(c.verbFlags("systems"), args, usage, 0, 0); err != nil {
		return err
	}
	all := games.All()
	out := struct {
		Systems []systemOut `json:"systems"`
	}{Systems: make([]systemOut, 0, len(all))}
	for _, r := range all {
		info := r.Info()
		out.Systems = append(out.Systems, systemOut{
			ID: info.ID, Name: info.Name, Kind: info.Kind,
			Seats:    seatRange{Min: info.MinSeats, Max: info.MaxSeats},
			Playable: info.Playable, Doc: info.Doc, Options: argsOut(info.Options),
		})
	}
	return c.writeJSON(out)
}

// commandOut is one command of a system's vocabulary.
type commandOut struct {
	Name    string   `json:"name"`
	Version int      `json:"version"`
	Doc     string   `json:"doc"`
	When    string   `json:"when"`
	Args    []argOut `json:"args"`
}

func (c *cli) commands(args []string) error {
	const usage = "commands --system ID"
	fs := c.verbFlags("commands")
	system := fs.String("system", "", "game system id")
	pos, err := parse(fs, args, usage, 0, 1)
	if err != nil {
		return err
	}
	if len(pos) == 1 && *system == "" { // "commands scorepad" is forgiven
		*system = pos[0]
	}
	if *system == "" {
		return usagef("--system is required (usage: ccctl %s; ccctl systems lists them)", usage)
	}
	rules, err := games.Lookup(*system)
	if err != nil {
		return err
	}
	specs := rules.Commands()
	out := struct {
		System   string       `json:"system"`
		Commands []commandOut `json:"commands"`
	}{System: rules.Info().ID, Commands: make([]commandOut, len(specs))}
	for i, s := range specs {
		out.Commands[i] = commandOut{Name: s.Name, Version: s.Version, Doc: s.Doc, When: s.When, Args: argsOut(s.Args)}
	}
	return c.writeJSON(out)
}

// gameOut is a game's id and metadata (new, import), without the dice
// seed while the game runs.
type gameOut struct {
	ID   string           `json:"id"`
	Meta console.GameMeta `json:"meta"`
}

func (c *cli) newGame(args []string) error {
	const usage = "new --system ID [--title T] [--seed N] [--seats a,b,...] [--option k=v ...]"
	fs := c.verbFlags("new")
	var sf setupFlags
	sf.register(fs)
	if _, err := parse(fs, args, usage, 0, 0); err != nil {
		return err
	}
	return c.withDB(func(db *store.DB) error {
		s, err := sf.create(db)
		if err != nil {
			return err
		}
		return c.writeJSON(gameOut{ID: s.ID(), Meta: console.PublicMeta(s.Meta())})
	})
}

// resultOut is what do and undo print, all of it what the seat may know:
// the seat's own sequence number (its history's length), the history lines
// the command added or took back, and the seat's view after it.
type resultOut struct {
	ID        string                `json:"id"`
	Seat      console.Seat          `json:"seat"`
	Seq       uint64                `json:"seq"`
	Lines     []console.HistoryLine `json:"lines,omitempty"`
	Undone    []console.HistoryLine `json:"undone,omitempty"`
	Duplicate bool                  `json:"duplicate,omitempty"`
	Warning   string                `json:"warning,omitempty"`
	Status    console.Status        `json:"status"`
	View      console.View          `json:"view"`
}

// decodeCommand parses a command given as JSON ({"cmd","args","id"}),
// refusing unknown fields and trailing data.
func decodeCommand(text string) (console.Command, error) {
	var cmd console.Command
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cmd); err != nil {
		return cmd, usagef("--json: %v (want {\"cmd\":NAME,\"args\":{...},\"id\":OPTIONAL})", err)
	}
	if dec.More() {
		return cmd, usagef("--json: more than one JSON value")
	}
	if cmd.Name == "" {
		return cmd, usagef("--json: \"cmd\" is missing (want {\"cmd\":NAME,\"args\":{...},\"id\":OPTIONAL})")
	}
	return cmd, nil
}

func (c *cli) do(args []string) error {
	const usage = `do GAME --seat S CMD [k=v ...] | do GAME --seat S --json '{"cmd":...,"args":{...},"id":...}'`
	fs := c.verbFlags("do")
	seat := fs.String("seat", "", "the seat playing the command")
	jsonCmd := fs.String("json", "", "the command as JSON")
	pos, err := parse(fs, args, usage, 1, -1)
	if err != nil {
		return err
	}
	if *seat == "" {
		return usagef("--seat is required (usage: ccctl %s)", usage)
	}
	var cmd console.Command
	switch {
	case *jsonCmd != "" && len(pos) > 1:
		return usagef("give the command either as CMD k=v ... or as --json, not both")
	case *jsonCmd != "":
		if cmd, err = decodeCommand(*jsonCmd); err != nil {
			return err
		}
	case len(pos) < 2:
		return usagef("no command given (usage: ccctl %s; ccctl commands --system ID lists them)", usage)
	default:
		raw, err := console.ParseKeyValues(pos[2:])
		if err != nil {
			return err
		}
		cmd = console.Command{Name: pos[1], Args: raw}
	}
	return c.withGame(pos[0], func(db *store.DB, g console.Game) error {
		// choose-team roster=NAME sends the roster team whole (roster.go).
		if err := expandRosterTeam(db, g.Info().System.ID, &cmd); err != nil {
			return err
		}
		if err := expandRosterCard(db, g.Info().System.ID, &cmd); err != nil {
			return err
		}
		out, err := g.Do(console.Seat(*seat), cmd)
		if err != nil {
			return err
		}
		return c.writeJSON(resultOut{
			ID: g.Info().ID, Seat: out.Seat, Seq: out.Seq, Lines: out.Lines,
			Duplicate: out.Duplicate, Warning: out.Warning, Status: out.Status, View: out.View,
		})
	})
}

func (c *cli) view(args []string) error {
	const usage = "view GAME [--seat S|public]"
	fs := c.verbFlags("view")
	seat := fs.String("seat", string(console.Public), "the seat whose view to show")
	pos, err := parse(fs, args, usage, 1, 1)
	if err != nil {
		return err
	}
	return c.withGame(pos[0], func(_ *store.DB, g console.Game) error {
		st, err := g.State(console.Seat(*seat))
		if err != nil {
			return err
		}
		return c.writeJSON(struct {
			ID string `json:"id"`
			console.SeatState
		}{g.Info().ID, st})
	})
}

// lineOut is one history line, with its time spelled out.
type lineOut struct {
	console.HistoryLine
	Time string `json:"time,omitempty"`
}

func (c *cli) log(args []string) error {
	const usage = "log GAME [--seat S|public]"
	fs := c.verbFlags("log")
	seat := fs.String("seat", string(console.Public), "the seat whose history to show")
	pos, err := parse(fs, args, usage, 1, 1)
	if err != nil {
		return err
	}
	return c.withGame(pos[0], func(_ *store.DB, g console.Game) error {
		hist, err := g.History(console.Seat(*seat), 0)
		if err != nil {
			return err
		}
		lines := make([]lineOut, len(hist))
		for i, h := range hist {
			lines[i] = lineOut{HistoryLine: h}
			if h.At != 0 {
				lines[i].Time = time.UnixMilli(h.At).UTC().Format(time.RFC3339Nano)
			}
		}
		return c.writeJSON(struct {
			ID      string       `json:"id"`
			Seat    console.Seat `json:"seat"`
			History []lineOut    `json:"history"`
		}{g.Info().ID, console.Seat(*seat), lines})
	})
}

func (c *cli) undo(args []string) error {
	const usage = "undo GAME --seat S"
	fs := c.verbFlags("undo")
	seat := fs.String("seat", "", "the seat taking its command back")
	pos, err := parse(fs, args, usage, 1, 1)
	if err != nil {
		return err
	}
	if *seat == "" {
		return usagef("--seat is required (usage: ccctl %s)", usage)
	}
	return c.withGame(pos[0], func(_ *store.DB, g console.Game) error {
		out, err := g.Undo(console.Seat(*seat))
		if err != nil {
			return err
		}
		return c.writeJSON(resultOut{
			ID: g.Info().ID, Seat: out.Seat, Seq: out.Seq, Undone: out.Lines,
			Status: out.Status, View: out.View,
		})
	})
}

func (c *cli) report(args []string) error {
	const usage = "report GAME [--format md|html|json]"
	fs := c.verbFlags("report")
	format := fs.String("format", "md", "md, html or json")
	pos, err := parse(fs, args, usage, 1, 1)
	if err != nil {
		return err
	}
	switch *format {
	case "md", "markdown", "html", "json":
	default:
		return usagef("unknown --format %q: use md, html or json", *format)
	}
	return c.withGame(pos[0], func(_ *store.DB, g console.Game) error {
		r, err := report.Build(g)
		if err != nil {
			return err
		}
		switch *format {
		case "json":
			return c.writeJSON(r)
		case "html":
			_, err = io.WriteString(c.stdout, report.HTML(r))
		default:
			_, err = io.WriteString(c.stdout, report.Markdown(r))
		}
		if err != nil {
			return fmt.Errorf("write report: %w", err)
		}
		return nil
	})
}

// saveOut is one game in the saves list.
type saveOut struct {
	ID      string             `json:"id"`
	System  string             `json:"system"`
	Title   string             `json:"title"`
	Seats   []string           `json:"seats"`
	Status  console.GameStatus `json:"status"`
	Summary string             `json:"summary"`
	Updated time.Time          `json:"updated"`
}

// damagedOut is an entry of the save file that cannot be read.
type damagedOut struct {
	ID    string `json:"id,omitempty"`
	Error string `json:"error"`
}

func (c *cli) saves(args []string) error {
	if _, err := parse(c.verbFlags("saves"), args, "saves", 0, 0); err != nil {
		return err
	}
	return c.withDB(func(db *store.DB) error {
		metas, damages, err := db.List()
		if err != nil {
			return err
		}
		out := struct {
			Path       string       `json:"path"`
			Unfinished []saveOut    `json:"unfinished"`
			Finished   []saveOut    `json:"finished"`
			Damaged    []damagedOut `json:"damaged"`
		}{Path: db.Path(), Unfinished: []saveOut{}, Finished: []saveOut{}, Damaged: []damagedOut{}}
		for _, m := range metas {
			e := saveOut{ID: m.ID, System: m.Setup.System, Title: m.Setup.Title, Seats: seatNames(m.Setup.Seats),
				Status: m.Status, Summary: m.Summary, Updated: m.Updated.UTC()}
			if m.Status == console.StatusFinished {
				out.Finished = append(out.Finished, e)
			} else {
				out.Unfinished = append(out.Unfinished, e)
			}
		}
		for _, d := range damages {
			var de *store.DamagedError
			entry := damagedOut{Error: d.Error()}
			if errors.As(d, &de) {
				entry.ID = de.ID
			}
			out.Damaged = append(out.Damaged, entry)
		}
		return c.writeJSON(out)
	})
}

func (c *cli) export(args []string) error {
	const usage = "export GAME FILE"
	pos, err := parse(c.verbFlags("export"), args, usage, 2, 2)
	if err != nil {
		return err
	}
	id, file := pos[0], pos[1]
	return c.withDB(func(db *store.DB) error {
		if _, err := gameMeta(db, id); err != nil { // a clear message for a missing game
			return err
		}
		if file == "-" {
			return db.Export(id, c.stdout)
		}
		n, err := writeFileAtomic(file, func(w io.Writer) error { return db.Export(id, w) })
		if err != nil {
			return err
		}
		return c.writeJSON(struct {
			ID    string `json:"id"`
			File  string `json:"file"`
			Bytes int64  `json:"bytes"`
		}{id, file, n})
	})
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// writeFileAtomic writes a file through a temporary file in the same folder,
// synced and renamed into place, so a failure never leaves half a file.
func writeFileAtomic(path string, fill func(io.Writer) error) (int64, error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return 0, fmt.Errorf("write %s: %w", path, err)
	}
	done := false
	defer func() {
		if !done {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	cw := &countingWriter{w: tmp}
	if err := fill(cw); err != nil {
		return 0, err
	}
	if err := tmp.Sync(); err != nil {
		return 0, fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return 0, fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return 0, fmt.Errorf("write %s: %w", path, err)
	}
	done = true
	return cw.n, nil
}

// openInput opens FILE, or stdin for "-".
func (c *cli) openInput(file string) (io.ReadCloser, error) {
	if file == "-" {
		return io.NopCloser(c.stdin), nil
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	return f, nil
}

func (c *cli) importGame(args []string) error {
	const usage = "import FILE"
	pos, err := parse(c.verbFlags("import"), args, usage, 1, 1)
	if err != nil {
		return err
	}
	in, err := c.openInput(pos[0])
	if err != nil {
		return err
	}
	defer in.Close()
	return c.withDB(func(db *store.DB) error {
		meta, err := db.Import(in)
		if err != nil {
			return err
		}
		// The store checks the file's shape; replaying it with the rules
		// checks its content. A game that cannot be played is not kept.
		if _, err := openGame(db, meta.ID); err != nil {
			if derr := db.Delete(meta.ID); derr != nil {
				return fmt.Errorf("%s cannot be played (%v), and removing it failed: %w", pos[0], err, derr)
			}
			return fmt.Errorf("%w: %s holds a game that cannot be played: %v", store.ErrBadGameFile, pos[0], err)
		}
		return c.writeJSON(gameOut{ID: meta.ID, Meta: console.PublicMeta(meta)})
	})
}

func (c *cli) deleteGame(args []string) error {
	const usage = "delete GAME"
	pos, err := parse(c.verbFlags("delete"), args, usage, 1, 1)
	if err != nil {
		return err
	}
	return c.withDB(func(db *store.DB) error {
		if err := db.Delete(pos[0]); err != nil {
			if errors.Is(err, console.ErrNotFound) {
				return notFound(db, pos[0], err)
			}
			return err
		}
		return c.writeJSON(struct {
			Deleted string `json:"deleted"`
		}{pos[0]})
	})
}
