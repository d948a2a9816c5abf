// Command ccctl is Command Console's headless command line: it lists the
// game systems, starts games, plays commands, shows views, history and
// battle reports, manages the save file and measures the engine, without a
// GUI. It shares the app's save file (see console/store.DefaultPath), so a
// game started here continues on the tablet and the other way round.
//
// Every call prints one indented JSON document on stdout (except report in
// Markdown or HTML, and export to "-", which print the file itself) and
// reports an error as one line on stderr starting "ccctl: ". The exit status
// is
//
//	0  done
//	1  refused: by the rules (a command not allowed now) or as bad input (a
//	   bad flag or argument value, an unknown game, system, seat or command,
//	   a file to import that is not a game); stdout then holds one JSON
//	   object {"error": message, "reason": reason}, reason being the
//	   console.Reason ("not-allowed", "bad-input", "not-found", ...), and
//	   "try": the command to run next when the rules name one
//	2  the environment: the save file is in use, unreadable (permission
//	   denied), from a newer version, empty, damaged or not a save file, a
//	   disk error, or an internal error; stdout holds nothing more
//
// A panic never reaches the user as a stack trace: ccctl prints
// "ccctl: internal error: ..." and exits 2 (with the stack when
// COMMANDCONSOLE_DEBUG=1).
//
// Usage:
//
//	ccctl [--db PATH] VERB [flags] [args]
//
// The verbs:
//
//	systems                              the game systems
//	commands --system ID                 a system's commands and their arguments
//	new --system ID [--title T] [--seed N] [--seats a,b] [--option k=v ...]
//	do GAME --seat S CMD [k=v ...]       play a command (or --json '{"cmd":..,"args":{..},"id":..}')
//	view GAME [--seat S]                 a seat's view ("public" by default)
//	log GAME [--seat S]                  the history as a seat may see it
//	undo GAME --seat S                   take back the last command
//	report GAME [--format md|html|json]  the battle report
//	saves                                the saved games, unfinished and finished
//	export GAME FILE                     write a game to a file
//	import FILE                          read a game from a file
//	delete GAME                          delete a game
//	script FILE [--game ID | new flags] [--progress]
//	                                     play JSON lines of {"seat","cmd","args"}
//	bench [--quick] [--dir DIR] [--lan-commands N]
//	                                     measure the engine, the store and LAN play
//	sim rotters --scenario S [--turns N] [--noise ...] [--seed N]
//	                                     run the Rotter world without players
//	roster list|show|add-character|add-team|delete
//	                                     your own Lands of Ruin characters and teams
//	browse [--seconds N]                 the games announced on the local network
//	host GAME [--port N] [--pin NNNN] [--no-mdns] [--device NAME]
//	                                     host a saved game on the local network
//	join ADDR|CODE [--seat S] [--pin P] [--fingerprint F] [--token T]
//	join --rejoin GAME [ADDR]            play a seat of a hosted game from stdin
//
// host and join run until stopped and print JSON lines (lanHelp, in ccctl
// help, describes them). host prints {"event":"hosting"} with the PIN,
// port, key fingerprint, join codes and addresses, then {"event":"seats"}
// whenever a device joins or leaves a seat, and {"event":"stopped"} after
// SIGINT or SIGTERM (exit 0). The game stays in the save file, every
// command committed before it is answered: a killed host loses nothing, and
// hosting the game again keeps its fingerprint and seat tokens.
//
// join takes an address (with --fingerprint, or else the key is trusted on
// first use and its fingerprint printed on stderr) or a join code (which
// carries the fingerprint), joins, keeps the seat's token in the save file
// for join --rejoin, and plays stdin's lines ("name key=value ...", a JSON
// command, or "undo"), printing {"event":"joined"}, {"event":"view"} after
// every update, {"event":"result"} or {"event":"refused"} per command,
// {"event":"link"} and {"event":"seats"}; at the end of stdin it leaves
// (Bye) and exits 0. A refused join (wrong PIN, seat taken, version, a key
// that does not match the fingerprint) exits 1; a host out of reach, or a
// link that ended for good, exits 2.
//
// --db may come before or after the verb; it defaults to the app's save file.
// FILE "-" means stdin for script and import, stdout for export.
package main

import (
	"io"
	"os"
	"time"
)

// clock is the wall clock games are stamped with (console.Options.Clock).
// Tests fix it so that their output does not depend on the time.
var clock = time.Now

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one ccctl call with the given arguments (without the program
// name) and returns the exit status. It reads stdin only for FILE "-".
func run(args []string, stdout, stderr io.Writer) int {
	c := &cli{stdin: os.Stdin, stdout: stdout, stderr: stderr}
	return c.main(args)
}

// Exit codes (see the package doc and exitHelp).
const (
	exitOK      = 0
	exitRefused = 1
	exitEnv     = 2
)

// exitHelp is the exit-status part of ccctl help.
const exitHelp = `
Exit status:
  0  done
  1  refused by the rules or bad input (a command not allowed now, a bad flag
     or argument value, an unknown game, system, seat or command); stdout then
     holds {"error": message, "reason": reason}, e.g. "not-allowed",
     "bad-input", "not-found", "not-your-turn", "wrong-phase"; and "try",
     the command to run next, when the rules name one
  2  the environment: save file in use, permission denied, from a newer
     version, empty, damaged or not a save file; disk errors; internal
     errors (nothing more on stdout)
Set COMMANDCONSOLE_DEBUG=1 to see the stack of an internal error.
`

// debugEnv names the environment variable that adds the stack trace to an
// internal error.
const debugEnv = "COMMANDCONSOLE_DEBUG"
