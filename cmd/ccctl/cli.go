package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/store"
	"github.com/commandconsole/commandconsole/games"
)

// cli is one ccctl call: its streams and the save file it works on.
type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// dbPath is the --db flag; empty means store.DefaultPath.
	dbPath string
}

// verb is one sub-command of ccctl.
type verb struct {
	name  string
	usage string
	// run parses the verb's own arguments (after the verb) and does it.
	run func(c *cli, args []string) error
}

// verbs lists the sub-commands in the order usage shows them.
var verbs []verb

func init() {
	verbs = []verb{
		{"systems", "systems", (*cli).systems},
		{"commands", "commands --system ID", (*cli).commands},
		{"new", "new --system ID [--title T] [--seed N] [--seats a,b,...] [--option k=v ...]", (*cli).newGame},
		{"do", `do GAME --seat S CMD [k=v ...] | do GAME --seat S --json '{"cmd":...,"args":{...},"id":...}'`, (*cli).do},
		{"view", "view GAME [--seat S|public]", (*cli).view},
		{"log", "log GAME [--seat S|public]", (*cli).log},
		{"undo", "undo GAME --seat S", (*cli).undo},
		{"report", "report GAME [--format md|html|json]", (*cli).report},
		{"saves", "saves", (*cli).saves},
		{"export", "export GAME FILE", (*cli).export},
		{"import", "import FILE", (*cli).importGame},
		{"delete", "delete GAME", (*cli).deleteGame},
		{"script", "script FILE [--game ID | --system ID --seats a,b,... [new flags]] [--progress]", (*cli).script},
		{"bench", "bench [--quick] [--dir DIR] [--lan-commands N]", (*cli).bench},
		{"sim", simUsage, (*cli).sim},
		{"roster", rosterUsage, (*cli).roster},
		{"browse", browseUsage, (*cli).browse},
		{"host", hostUsage, (*cli).host},
		{"join", joinUsage, (*cli).join},
		{"help", "help", (*cli).help},
	}
}

// usageError is an error in how ccctl was called; it exits with status 1.
// err, when set, is what it wraps for errors.Is (console.ErrNotFound).
type usageError struct {
	msg string
	err error
}

func (e *usageError) Error() string { return e.msg }
func (e *usageError) Unwrap() error { return e.err }

// usagef returns a usageError with a formatted message.
func usagef(format string, a ...any) error {
	return &usageError{msg: fmt.Sprintf(format, a...)}
}

// main runs the call and maps its error to an exit status. A panic is
// caught here too: no stack trace reaches the user (unless
// COMMANDCONSOLE_DEBUG=1), only one line and exit status 2.
func (c *cli) main(args []string) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(c.stderr, "ccctl: internal error: %s\n", oneLine(fmt.Sprint(r)))
			if os.Getenv(debugEnv) == "1" {
				c.stderr.Write(debug.Stack())
			}
			code = exitEnv
		}
	}()
	err := c.dispatch(args)
	if err == nil {
		return exitOK
	}
	fmt.Fprintf(c.stderr, "ccctl: %s\n", oneLine(err.Error()))
	code = exitCode(err)
	if code == exitRefused {
		// A refusal is also a JSON document on stdout, for scripts.
		_ = c.writeJSON(refusalOut{Error: oneLine(err.Error()), Reason: reasonOf(err), Try: console.TryOf(err)})
	}
	return code
}

// refusalOut is what a refused call prints on stdout.
type refusalOut struct {
	Error  string         `json:"error"`
	Reason console.Reason `json:"reason"`
	// Try is the command to run next, when the rules name one.
	Try string `json:"try,omitempty"`
}

// reasonOf is the structured reason of a refusal: the Rejection's own, or
// not-found for an unknown game and bad-input for any other usage error.
func reasonOf(err error) console.Reason {
	if r := console.ReasonOf(err); r != "" {
		return r
	}
	if errors.Is(err, console.ErrNotFound) {
		return console.ReasonNotFound
	}
	return console.ReasonBadInput
}

// exitCode tells input the rules or ccctl refuse (1) from trouble with the
// environment: the save file or the disk, and internal failures (2).
func exitCode(err error) int {
	var (
		u *usageError
		d *store.DamagedError
	)
	switch {
	case errors.Is(err, store.ErrInUse),
		errors.Is(err, store.ErrNewerSchema),
		errors.Is(err, store.ErrDamaged),
		errors.Is(err, store.ErrEmptyFile),
		errors.Is(err, store.ErrNotSaveFile),
		errors.As(err, &d),
		errors.Is(err, fs.ErrPermission):
		return exitEnv
	case errors.As(err, &u),
		console.IsRejection(err),
		errors.Is(err, console.ErrNotFound),
		errors.Is(err, store.ErrBadGameFile),
		errors.Is(err, fs.ErrNotExist):
		return exitRefused
	}
	return exitEnv
}

// oneLine keeps the first line of a message (a rules panic carries a stack
// trace after it).
func oneLine(s string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(first)
}

// dispatch parses the global flags, finds the verb and runs it.
func (c *cli) dispatch(args []string) error {
	global := newFlags("ccctl")
	global.StringVar(&c.dbPath, "db", "", "save file")
	if err := global.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return c.help(nil)
		}
		return usagef("%v (usage: ccctl [--db PATH] VERB ...; ccctl help lists the verbs)", err)
	}
	rest := global.Args()
	if len(rest) == 0 {
		return usagef("no verb given (verbs: %s; ccctl help shows their usage)", verbNames())
	}
	name := rest[0]
	for _, v := range verbs {
		if v.name == name {
			err := v.run(c, rest[1:])
			var h *helpRequest
			if errors.As(err, &h) {
				return h.print(c.stdout)
			}
			if err != nil {
				return prefix(name, err)
			}
			return nil
		}
	}
	return usagef("unknown verb %q (verbs: %s)", name, verbNames())
}

// prefix puts the verb in front of an error message, keeping its kind.
func prefix(verb string, err error) error {
	return fmt.Errorf("%s: %w", verb, err)
}

// helpRequest is returned by parse for -h or --help: the verb's usage is
// printed on stdout and ccctl exits 0.
type helpRequest struct {
	fs    *flag.FlagSet
	usage string
}

func (h *helpRequest) Error() string { return "usage: ccctl " + h.usage }

// print writes the verb's usage and flags.
func (h *helpRequest) print(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: ccctl %s\n\nflags:\n", h.usage)
	h.fs.SetOutput(&b)
	h.fs.PrintDefaults()
	h.fs.SetOutput(io.Discard)
	_, err := io.WriteString(w, b.String())
	return err
}

func verbNames() string {
	names := make([]string, len(verbs))
	for i, v := range verbs {
		names[i] = v.name
	}
	return strings.Join(names, ", ")
}

// help prints the usage of every verb on stdout.
func (c *cli) help(args []string) error {
	if len(args) > 0 {
		return usagef("help takes no arguments")
	}
	var b strings.Builder
	b.WriteString("usage: ccctl [--db PATH] VERB [flags] [args]\n\nverbs:\n")
	for _, v := range verbs {
		fmt.Fprintf(&b, "  ccctl %s\n", v.usage)
	}
	b.WriteString("\n--db may come before or after the verb; the default is the app's save file.\n")
	b.WriteString("Output is one JSON document on stdout (host and join: JSON lines); errors are one line on stderr.\n")
	b.WriteString(lanHelp)
	b.WriteString(exitHelp)
	_, err := io.WriteString(c.stdout, b.String())
	return err
}

// newFlags returns a flag set that reports errors to the caller only.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// verbFlags returns the flag set of a verb, with --db already on it.
func (c *cli) verbFlags(name string) *flag.FlagSet {
	fs := newFlags(name)
	fs.StringVar(&c.dbPath, "db", c.dbPath, "save file")
	return fs
}

// parse parses a verb's arguments, flags and positional arguments in any
// order ("--" ends the flags), and checks the number of positional
// arguments is within [min, max] (max < 0: no limit).
func parse(fs *flag.FlagSet, args []string, usage string, min, max int) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, &helpRequest{fs: fs, usage: usage}
			}
			return nil, usagef("%v (usage: ccctl %s)", err, usage)
		}
		rest := fs.Args()
		consumed := len(args) - len(rest)
		if consumed > 0 && args[consumed-1] == "--" {
			pos = append(pos, rest...)
			break
		}
		if len(rest) == 0 {
			break
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
	switch {
	case len(pos) < min:
		return nil, usagef("missing arguments (usage: ccctl %s)", usage)
	case max >= 0 && len(pos) > max:
		return nil, usagef("unexpected argument %q (usage: ccctl %s)", pos[max], usage)
	}
	return pos, nil
}

// writeJSON prints v as one indented JSON document.
func (c *cli) writeJSON(v any) error {
	enc := json.NewEncoder(c.stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// openDB opens the save file named by --db, or the app's.
func (c *cli) openDB() (*store.DB, error) {
	path := c.dbPath
	if path == "" {
		p, err := store.DefaultPath()
		if err != nil {
			return nil, fmt.Errorf("%w (or pass --db PATH)", err)
		}
		path = p
	}
	return store.Open(path)
}

// options are the Session options of every game ccctl opens.
func options(db console.Store) console.Options {
	return console.Options{Store: db, Clock: clock}
}

// notFound is the rejection for a game id that is not in the save file.
func notFound(db *store.DB, id string, err error) error {
	return &usageError{msg: fmt.Sprintf("no game %q in %s (ccctl saves lists the games)", id, db.Path()), err: err}
}

// gameMeta returns game id's metadata, with a clear rejection when there is
// no such game.
func gameMeta(db *store.DB, id string) (console.GameMeta, error) {
	meta, err := db.Meta(id)
	if errors.Is(err, console.ErrNotFound) {
		return meta, notFound(db, id, err)
	}
	return meta, err
}

// openGame resumes game id from db with its system's rules.
func openGame(db *store.DB, id string) (*console.Session, error) {
	meta, err := gameMeta(db, id)
	if err != nil {
		return nil, err
	}
	rules, err := games.Lookup(meta.Setup.System)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	return console.Open(rules, id, options(db))
}

// withGame opens the save file and game id, runs fn and closes the file.
func (c *cli) withGame(id string, fn func(db *store.DB, g console.Game) error) (err error) {
	db, err := c.openDB()
	if err != nil {
		return err
	}
	defer func() {
		if cerr := db.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	s, err := openGame(db, id)
	if err != nil {
		return err
	}
	return fn(db, console.NewLocal(s))
}

// withDB opens the save file, runs fn and closes the file.
func (c *cli) withDB(fn func(db *store.DB) error) (err error) {
	db, err := c.openDB()
	if err != nil {
		return err
	}
	defer func() {
		if cerr := db.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	return fn(db)
}

// seatsFlag is a comma-separated seat list.
type seatsFlag []console.Seat

func (s *seatsFlag) String() string {
	parts := make([]string, len(*s))
	for i, x := range *s {
		parts[i] = string(x)
	}
	return strings.Join(parts, ",")
}

func (s *seatsFlag) Set(v string) error {
	if len(*s) > 0 {
		return errors.New("given twice; list every seat in one --seats a,b,c")
	}
	for _, p := range strings.Split(v, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			return fmt.Errorf("%q has an empty seat name", v)
		}
		*s = append(*s, console.Seat(p))
	}
	return nil
}

// optionsFlag collects repeated --option k=v.
type optionsFlag map[string]string

func (o optionsFlag) String() string {
	keys := console.SortedKeys(o)
	for i, k := range keys {
		keys[i] = k + "=" + o[k]
	}
	return strings.Join(keys, ",")
}

func (o optionsFlag) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return fmt.Errorf("%q is not of the form key=value", v)
	}
	if _, dup := o[k]; dup {
		return fmt.Errorf("option %q given twice", k)
	}
	o[k] = val
	return nil
}

// seedFlag is a dice seed; 0 means a random one.
type seedFlag uint64

func (s *seedFlag) String() string { return strconv.FormatUint(uint64(*s), 10) }

func (s *seedFlag) Set(v string) error {
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return fmt.Errorf("%q is not a whole number from 0 to 2^64-1", v)
	}
	*s = seedFlag(n)
	return nil
}

// setupFlags are the flags that describe a new game (new, script).
type setupFlags struct {
	system string
	title  string
	seed   seedFlag
	seats  seatsFlag
	opts   optionsFlag
}

// register adds the setup flags to fs.
func (f *setupFlags) register(fs *flag.FlagSet) {
	f.opts = optionsFlag{}
	fs.StringVar(&f.system, "system", "", "game system id (ccctl systems lists them)")
	fs.StringVar(&f.title, "title", "", "title of the game")
	fs.Var(&f.seed, "seed", "dice seed; 0 for a random one")
	fs.Var(&f.seats, "seats", "comma-separated seat names")
	fs.Var(f.opts, "option", "setup option key=value (repeatable)")
}

// given reports whether any setup flag was used.
func (f *setupFlags) given() bool {
	return f.system != "" || f.title != "" || f.seed != 0 || len(f.seats) > 0 || len(f.opts) > 0
}

// create starts a new game in db from the flags.
func (f *setupFlags) create(db console.Store) (*console.Session, error) {
	if f.system == "" {
		return nil, usagef("--system is required (ccctl systems lists them)")
	}
	rules, err := games.Lookup(f.system)
	if err != nil {
		return nil, err
	}
	info := rules.Info()
	if len(f.seats) == 0 {
		what := "seat names"
		if info.Kind == console.KindBoard {
			what = "player names: the seats are the players"
		}
		return nil, usagef("--seats is required for %s: %d to %d %s, e.g. --seats alice,bob",
			info.ID, info.MinSeats, info.MaxSeats, what)
	}
	setup := console.Setup{System: info.ID, Title: f.title, Seed: uint64(f.seed), Seats: f.seats}
	if len(f.opts) > 0 {
		setup.Options = map[string]string(f.opts)
	}
	return createGame(db, setup)
}

// createGame starts a new game of a playable system from a setup.
func createGame(db console.Store, setup console.Setup) (*console.Session, error) {
	rules, err := games.Lookup(setup.System)
	if err != nil {
		return nil, err
	}
	if info := rules.Info(); !info.Playable {
		return nil, usagef("%s (%s) cannot be played yet", info.Name, info.ID)
	}
	return console.Create(rules, setup, options(db))
}

// seatNames returns the game's seats as strings, in setup order.
func seatNames(seats []console.Seat) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = string(s)
	}
	return out
}
