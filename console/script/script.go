// Package script reads and plays game scripts: the JSON-lines files that
// walk a game through its commands, as in games/*/testdata/*.jsonl and
// ccctl script.
//
// A script is one JSON object per line. An optional first line
//
//	{"setup":{...console.Setup...}}
//
// describes a new game; every other line is a command for a seat,
//
//	{"seat":"alice","cmd":"add","args":{"points":3},"id":"optional"}
//
// or an undo of that seat's last command,
//
//	{"seat":"alice","undo":true}
//
// and either may carry "reject":"text": the rules must refuse the line with
// a message that contains the text. Blank lines and lines starting with #
// are ignored.
package script

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/commandconsole/commandconsole/console"
)

// MaxLine bounds one line of a script, in bytes.
const MaxLine = 1 << 20

// Line is one line of a script: a setup, a command or an undo.
type Line struct {
	// Setup, alone on the first line of a script, describes the new game.
	Setup *console.Setup `json:"setup,omitempty"`
	// Seat plays the command or the undo.
	Seat console.Seat `json:"seat,omitempty"`
	// Cmd and Args are the command.
	Cmd  string         `json:"cmd,omitempty"`
	Args map[string]any `json:"args,omitempty"`
	// ID makes the command idempotent: the session answers a retried id
	// with the earlier result.
	ID string `json:"id,omitempty"`
	// Undo takes back the seat's last command instead.
	Undo bool `json:"undo,omitempty"`
	// Reject says the rules must refuse this line with a message that
	// contains this text.
	Reject string `json:"reject,omitempty"`
}

// Command returns the line's command.
func (l Line) Command() console.Command {
	return console.Command{ID: l.ID, Name: l.Cmd, Args: l.Args}
}

// DecodeLine parses one non-blank, non-comment script line strictly: an
// unknown field, a second JSON value on the line, a setup line with
// anything else on it, a line without a seat, an undo with a command, or a
// command without a name is refused.
func DecodeLine(text string) (Line, error) {
	var l Line
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return l, fmt.Errorf("%v (want {\"seat\":S,\"cmd\":NAME,\"args\":{...}} or {\"seat\":S,\"undo\":true})", err)
	}
	if dec.More() {
		return l, errors.New("more than one JSON value on the line")
	}
	switch {
	case l.Setup != nil:
		if l.Seat != "" || l.Cmd != "" || l.Args != nil || l.ID != "" || l.Undo || l.Reject != "" {
			return l, errors.New("a setup line takes only \"setup\"")
		}
	case l.Seat == "":
		return l, errors.New("\"seat\" is missing")
	case l.Undo && (l.Cmd != "" || l.Args != nil || l.ID != ""):
		return l, errors.New("an undo line takes only \"seat\" and \"undo\"")
	case !l.Undo && l.Cmd == "":
		return l, errors.New("\"cmd\" is missing")
	}
	return l, nil
}

// Numbered is a line with its 1-based line number in the file.
type Numbered struct {
	Number int
	Line
}

// LineError is a script that cannot be read, at a line.
type LineError struct {
	// Line is the 1-based line number.
	Line int
	// Read is true when the reader failed, not the script's text.
	Read bool
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// Scanner reads a script line by line, skipping blank lines and comments,
// so a caller can act on each line before the next one arrives.
type Scanner struct {
	sc   *bufio.Scanner
	n    int
	line Numbered
	err  error
}

// NewScanner returns a Scanner reading r.
func NewScanner(r io.Reader) *Scanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxLine)
	return &Scanner{sc: sc}
}

// Scan advances to the next line that holds a value and decodes it. It
// returns false at the end of the script or at the first error (see Err).
func (s *Scanner) Scan() bool {
	if s.err != nil {
		return false
	}
	for s.sc.Scan() {
		s.n++
		text := strings.TrimSpace(s.sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		l, err := DecodeLine(text)
		if err != nil {
			s.err = &LineError{Line: s.n, Err: err}
			return false
		}
		s.line = Numbered{Number: s.n, Line: l}
		return true
	}
	switch err := s.sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		s.err = &LineError{Line: s.n + 1, Err: fmt.Errorf("the line is longer than %d bytes", MaxLine)}
	case err != nil:
		s.err = &LineError{Line: s.n + 1, Read: true, Err: fmt.Errorf("read: %w", err)}
	}
	return false
}

// Line returns the line Scan last decoded.
func (s *Scanner) Line() Numbered { return s.line }

// Err returns the error that stopped Scan, a *LineError, or nil at the end
// of the script.
func (s *Scanner) Err() error { return s.err }

// Read reads a whole script: its setup (nil when the script has none) and
// its other lines. A setup is only allowed as the first line.
func Read(r io.Reader) (*console.Setup, []Numbered, error) {
	var setup *console.Setup
	var lines []Numbered
	sc := NewScanner(r)
	for sc.Scan() {
		l := sc.Line()
		switch {
		case l.Setup != nil && setup == nil && len(lines) == 0:
			setup = l.Setup
		case l.Setup != nil:
			return nil, nil, &LineError{Line: l.Number, Err: errors.New("a setup line must be the first line, and only once")}
		default:
			lines = append(lines, l)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, err
	}
	return setup, lines, nil
}

// Play plays a command or an undo line on s and checks the refusal the line
// expects.
//
// Without Reject it returns the session's result and error. With Reject it
// returns a nil error and the rules' refusal when they refused the line
// with a message that contains Reject (the result is then zero); a
// Rejection saying so when they accepted it or refused it for another
// reason; and the session's error when it failed otherwise.
func (l Line) Play(s *console.Session) (res console.Result, refusal error, err error) {
	switch {
	case l.Setup != nil:
		return res, nil, errors.New("a setup line cannot be played on a game")
	case l.Undo:
		res, err = s.Undo(l.Seat)
	default:
		res, err = s.Do(l.Seat, l.Command())
	}
	if l.Reject == "" {
		return res, nil, err
	}
	switch {
	case err == nil:
		return res, nil, console.Reject("the line was accepted, but the script says the rules must refuse it (%q)", l.Reject)
	case !console.IsRejection(err):
		return res, nil, err
	case !strings.Contains(err.Error(), l.Reject):
		return res, nil, console.Reject("refused with %q, but the script expects a refusal containing %q", err.Error(), l.Reject)
	}
	return console.Result{}, err, nil
}
