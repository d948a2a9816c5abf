package kit

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/commandconsole/commandconsole/console"
)

// SomethingWrong is what a player reads for an error that has no words
// of its own for a player: a failure inside the app, not a rule.
const SomethingWrong = "Something went wrong inside the app, and that was not done. Please try again."

// Explained is an error with a sentence for the player: what happened, in
// their words. Error returns the sentence and the cause, for the log and
// the details.
type Explained struct {
	// Msg is the sentence the player reads.
	Msg string
	// Err is the cause, shown behind "Details".
	Err error
}

// Explain returns err explained to the player by msg.
func Explain(msg string, err error) error { return &Explained{Msg: msg, Err: err} }

// Error returns the sentence and the cause.
func (e *Explained) Error() string {
	if e.Err == nil {
		return e.Msg
	}
	return strings.TrimSuffix(e.Msg, ".") + ": " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *Explained) Unwrap() error { return e.Err }

// ForPlayer is an error that carries its own sentence for a player (what
// happened, what to do), written where the error is made: a LAN link that
// is down, a network that cannot be listened on. Packages below the
// screens implement it without importing this one; ErrorText finds it
// anywhere in an error's chain.
type ForPlayer interface {
	error
	// ForPlayer is the sentence a player reads.
	ForPlayer() string
}

// ErrorText is what a player reads for err: a rejection's own words, an
// explained error's sentence, an error's own sentence for a player
// (ForPlayer), or else a short sentence (SomethingWrong) rather than the
// internal error chain; ErrorDetail has that.
func ErrorText(err error) string {
	if err == nil {
		return ""
	}
	var r *console.Rejection
	if errors.As(err, &r) {
		return r.Msg
	}
	var x *Explained
	if errors.As(err, &x) {
		return x.Msg
	}
	var p ForPlayer
	if errors.As(err, &p) {
		return p.ForPlayer()
	}
	return SomethingWrong
}

// Internal reports whether err has no words for a player (ErrorText would
// say SomethingWrong): a failure inside the app, whose dialog headline says
// so; any other error's headline names what the player was doing.
func Internal(err error) bool {
	return err != nil && ErrorText(err) == SomethingWrong
}

// ErrorDetail is the full error, for the "Details" of an error shown to a
// player, or "" when ErrorText says all there is (a rejection).
func ErrorDetail(err error) string {
	if err == nil || console.IsRejection(err) {
		return ""
	}
	return err.Error()
}

// ErrorContent is the body of an error dialog: ErrorText wrapped at about
// width characters, and the full error folded away under "Details" (and
// selectable, to copy into a bug report) when there is more to say.
func ErrorContent(err error, width int) fyne.CanvasObject {
	msg := widget.NewLabel(WrapText(ErrorText(err), width))
	detail := ErrorDetail(err)
	if detail == "" || detail == ErrorText(err) {
		return msg
	}
	d := widget.NewLabel(WrapText(detail, width))
	d.Selectable = true
	d.Importance = widget.LowImportance
	acc := widget.NewAccordion(widget.NewAccordionItem("Details", d))
	return container.NewVBox(msg, acc)
}
