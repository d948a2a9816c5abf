package client

import (
	"errors"
	"fmt"
	"time"

	"github.com/commandconsole/commandconsole/sync/discovery"
	"github.com/commandconsole/commandconsole/sync/wire"
)

// LinkState is the state of the link to the host.
type LinkState int

// The link's states.
const (
	// LinkUp: connected and joined.
	LinkUp LinkState = iota
	// LinkReconnecting: the link is down; the client is trying again (Why
	// says why it is down).
	LinkReconnecting
	// LinkClosed: the link ended for good (Close, the seat taken on
	// another device, the token refused, a device posing as the host).
	LinkClosed
)

// LinkWhy says why the link is not up, so a screen can tell the cases
// apart without reading the banner's text.
type LinkWhy int

// Why the link is not up.
const (
	// WhyNone: the link is up.
	WhyNone LinkWhy = iota
	// WhyDropped (LinkReconnecting): the link dropped without a word
	// from the host (a cut, a silence); the client is reconnecting.
	WhyDropped
	// WhyUnreachable (LinkReconnecting): a reconnection did not reach the
	// host's tablet (refused, no route, timed out): the host vanished
	// without a Bye (its app killed, out of Wi-Fi) or this tablet is off
	// the network. The client keeps trying.
	WhyUnreachable
	// WhyPaused (LinkReconnecting): the host stopped hosting on purpose
	// (Bye "host-closing": Stop hosting, or its player left the game). It
	// lasts through the failed reconnections that follow, until the link
	// is up again; the client keeps trying and rejoins with its token when
	// the host hosts the game again.
	WhyPaused
	// WhyOtherGame (LinkReconnecting): the host's address now serves
	// another game (Link.Other names it): not a device posing as the host.
	// The client keeps trying, for when this game is hosted again.
	WhyOtherGame
	// WhyImpostor (LinkClosed): the device at the host's address has
	// another key and serves this game (or names no game): another device
	// may be posing as the host. Link.Err is a *KeyMismatchError.
	WhyImpostor
	// WhyEnded (LinkClosed): the link ended for another reason (the seat
	// taken on another device, the token or the version refused); Link.Err
	// says which.
	WhyEnded
	// WhyLeft (LinkClosed): this client left (Close).
	WhyLeft
)

var whyNames = [...]string{"none", "dropped", "unreachable", "paused", "other-game", "impostor", "ended", "left"}

// String names w ("paused", "other-game"), for logs and ccctl.
func (w LinkWhy) String() string {
	if w >= 0 && int(w) < len(whyNames) {
		return whyNames[w]
	}
	return fmt.Sprintf("why %d", int(w))
}

// Link is the link's state for a screen.
type Link struct {
	State LinkState
	// Why says why the link is not up (WhyNone when it is).
	Why LinkWhy
	// Attempt counts the reconnection attempts since the link dropped.
	Attempt int
	// Err is why the link dropped or ended, or the last reconnection's
	// failure (nil when up).
	Err error
	// Since is when the link entered this state (for LinkReconnecting:
	// when it dropped).
	Since time.Time
	// Title is the title of this client's game, and Other, with
	// WhyOtherGame, the title of the game the host's address serves now
	// (either may be empty when unknown).
	Title, Other string
}

// Banner is the sentence a screen shows for the link: empty when it is up.
func (l Link) Banner() string {
	switch l.State {
	case LinkReconnecting:
		switch l.Why {
		case WhyPaused:
			return pausedText
		case WhyOtherGame:
			return fmt.Sprintf("The host's tablet now hosts %s. This tablet comes back by itself when %s is hosted again.",
				otherName(l.Other), thisName(l.Title))
		case WhyUnreachable:
			return fmt.Sprintf("Reconnecting to the host… its tablet cannot be reached just now (attempt %d).", max(l.Attempt, 1))
		}
		if l.Attempt > 1 {
			return fmt.Sprintf("Reconnecting to the host… (attempt %d)", l.Attempt)
		}
		return "Reconnecting to the host…"
	case LinkClosed:
		if l.Err != nil && !errors.Is(l.Err, ErrClosed) {
			return "Disconnected: " + playerText(l.Err)
		}
		return "Disconnected from the host"
	}
	return ""
}

// pausedText is the banner (and the Bye's sentence) of a host that
// stopped hosting.
const pausedText = "The host has paused the game. This tablet comes back by itself when the host resumes hosting."

// otherName names the other game for a sentence: “B”, or "another game".
func otherName(title string) string {
	if title == "" {
		return "another game"
	}
	return "another game (“" + title + "”)"
}

// thisName names this client's game for a sentence: “A”, or "this game".
func thisName(title string) string {
	if title == "" {
		return "this game"
	}
	return "“" + title + "”"
}

// playerText is err's sentence for a player: the ForPlayer of the first
// error in its chain that has one, else its message as a sentence.
func playerText(err error) string {
	var p interface{ ForPlayer() string }
	if errors.As(err, &p) {
		if s := p.ForPlayer(); s != "" {
			return s
		}
	}
	return wire.Sentence(err.Error())
}

// sentinel is an error value with a sentence for the player: the
// package's Err variables, compared with errors.Is.
type sentinel struct{ msg, player string }

func (e *sentinel) Error() string { return e.msg }

// ForPlayer is the error's sentence for the player.
func (e *sentinel) ForPlayer() string { return e.player }

// ErrClosed is returned by a Client's methods after Close or after the link
// ended for good.
var ErrClosed error = &sentinel{"the link to the host is closed",
	"This tablet is no longer connected to that game: join it again from the home screen."}

// ErrOffline is what Do and Undo return (an *OfflineError, for which
// errors.Is(err, ErrOffline) holds) when the link is down and does not come
// back within Config.OfflineWait: the command was not sent. Screens call Do
// on their own thread, so the client does not make a player wait longer
// than that for a host that is away.
var ErrOffline error = &sentinel{"not connected to the host",
	"Not sent: this tablet is not connected to the host just now. Try again when the link is back."}

// ErrNoAnswer is returned (wrapped) by Do and Undo when the host did not
// answer within Config.CommandTimeout: the command may still have been
// applied, which the next view will show; doing it again with the same id
// is safe.
var ErrNoAnswer error = &sentinel{"the host did not answer",
	"The host did not answer in time: the command may still have been done. Look at the game before trying again."}

// ErrUndoLost is returned by Undo when the link dropped before the host
// answered: the undo may or may not have been done (the history shows
// which), and it is not sent again on its own.
var ErrUndoLost error = &sentinel{"the link to the host dropped during the undo: look at the history, and undo again if it is still there",
	"The link to the host dropped during the undo: look at the history, and undo again if the command is still there."}

// ErrOtherGame is what a join (Join, Lookup) or a reconnection meets when
// the host's address answers with another key and names another game than
// this client's: the tablet there now hosts another game. It is no device
// posing as the host, and nothing was sent to it (no PIN, no token). The
// error is an *OtherGameError, which names that game.
var ErrOtherGame = errors.New("the host's address now serves another game")

// OtherGameError says the host's address serves another game than this
// client's (see ErrOtherGame). errors.Is(err, ErrOtherGame) holds.
type OtherGameError struct {
	// Addr is the address asked.
	Addr string
	// Game and Title are the id and title of the game served there now,
	// as its Hello names them.
	Game, Title string
	// Want is the id of this client's game ("" on a first join that named
	// none).
	Want string
}

func (e *OtherGameError) Error() string {
	want := "this client's game"
	if e.Want != "" {
		want = "game " + e.Want
	}
	return fmt.Sprintf("%s serves another game (%q, id %s) with its own key, not %s: not joined, nothing sent", e.Addr, e.Title, e.Game, want)
}

// Unwrap is ErrOtherGame.
func (e *OtherGameError) Unwrap() error { return ErrOtherGame }

// ForPlayer says the tablet there hosts another game, named.
func (e *OtherGameError) ForPlayer() string {
	return "That tablet now hosts " + otherName(e.Title) + "."
}

// KeyMismatchError is a host whose key is not the one expected while it
// serves the same game (or names none): another device may be posing as
// the host. It wraps discovery.ErrFingerprintMismatch. It ends a link for
// good (WhyImpostor).
type KeyMismatchError struct {
	// Addr is the address asked.
	Addr string
	// Want is the fingerprint expected, Got the one the device there has
	// (zero when unknown).
	Want, Got discovery.Fingerprint
	// Err is the TLS check's error.
	Err error
}

func (e *KeyMismatchError) Error() string {
	return fmt.Sprintf("the host's key at %s is not the one expected (from the join code, the nearby list or an earlier join): another device may be posing as the host: %v", e.Addr, e.Err)
}

// Unwrap is the TLS check's error (discovery.ErrFingerprintMismatch).
func (e *KeyMismatchError) Unwrap() error { return e.Err }

// ForPlayer warns of a device posing as the host.
func (e *KeyMismatchError) ForPlayer() string {
	keys := "expected " + e.Want.String()
	if !e.Got.IsZero() {
		keys += ", it has " + e.Got.String()
	}
	return fmt.Sprintf("The device at %s does not have the host's key (%s): another device may be posing as the host. Ask the host for its join code.", e.Addr, keys)
}

// UnreachableError is a connection to the host that could not be opened
// (refused, no route, timed out): the host's tablet is not hosting there,
// or is off the network, or this tablet is.
type UnreachableError struct {
	// Addr is the address asked.
	Addr string
	// Err is the connection's error.
	Err error
}

func (e *UnreachableError) Error() string {
	return fmt.Sprintf("the host at %s cannot be reached: %v", e.Addr, e.Err)
}

// Unwrap is the connection's error.
func (e *UnreachableError) Unwrap() error { return e.Err }

// ForPlayer says the host's tablet cannot be reached.
func (e *UnreachableError) ForPlayer() string {
	return "The host's tablet cannot be reached: is it still hosting, and on the same Wi-Fi as this tablet?"
}

// notHostError is a located address (Client.SetAddrs) whose device did
// not pass the TLS check pinned to the host's key: not the host, and sent
// nothing. It does not wrap the TLS error, so it is never final (a hint
// that was wrong is no device posing as the host).
type notHostError struct {
	// Addr is the address tried.
	Addr string
	// Err is the TLS handshake's error.
	Err error
}

func (e *notHostError) Error() string {
	return fmt.Sprintf("%s is not the host (TLS with its key failed: %v): skipped, nothing sent", e.Addr, e.Err)
}

// OfflineError is Do's and Undo's error when the link was down for
// Config.OfflineWait: the command was not sent. errors.Is(err, ErrOffline)
// holds.
type OfflineError struct {
	// Command is the command's id.
	Command string
	// Link is the link's state then.
	Link Link
}

func (e *OfflineError) Error() string {
	return fmt.Sprintf("%v (%s): command %s was not sent; try again when the link is back", ErrOffline, e.Link.Banner(), e.Command)
}

// Unwrap is ErrOffline.
func (e *OfflineError) Unwrap() error { return ErrOffline }

// ForPlayer says the command was not sent, and why.
func (e *OfflineError) ForPlayer() string {
	switch e.Link.Why {
	case WhyPaused:
		return "Not sent: the host has paused the game. Try again when the host resumes hosting."
	case WhyOtherGame:
		return fmt.Sprintf("Not sent: the host's tablet now hosts %s. Try again when %s is hosted again.", otherName(e.Link.Other), thisName(e.Link.Title))
	case WhyUnreachable:
		return "Not sent: this tablet is not connected to the host just now (its tablet cannot be reached). Try again when the link is back."
	}
	return "Not sent: this tablet is not connected to the host just now (reconnecting…). Try again when the link is back."
}

// byeError is the host's Bye as an error.
type byeError struct{ wire.Bye }

func (b byeError) Error() string {
	if b.Message != "" {
		return b.Message
	}
	return "the host closed the link (" + string(b.Code) + ")"
}

// ForPlayer is the Bye's sentence for the player.
func (b byeError) ForPlayer() string {
	switch b.Code {
	case wire.ByeHostClosing:
		return pausedText
	case wire.ByeReplaced:
		if b.Message == "" {
			return "This seat was taken up on another device."
		}
	}
	return wire.Sentence(b.Error())
}

// hostClosing reports whether err is the host's Bye "host-closing".
func hostClosing(err error) bool {
	var bye byeError
	return errors.As(err, &bye) && bye.Code == wire.ByeHostClosing
}

// whyOf says why the link is down after err (the drop's cause or the last
// reconnection's failure), paused when the host said it was closing since
// the link dropped; other is the other game's title with WhyOtherGame.
func whyOf(err error, paused bool) (why LinkWhy, other string) {
	var og *OtherGameError
	var un *UnreachableError
	switch {
	case errors.As(err, &og):
		return WhyOtherGame, og.Title
	case paused:
		return WhyPaused, ""
	case errors.As(err, &un):
		return WhyUnreachable, ""
	}
	return WhyDropped, ""
}

// closedWhy says why a link ended for good with err.
func closedWhy(err error) LinkWhy {
	var km *KeyMismatchError
	switch {
	case errors.As(err, &km):
		return WhyImpostor
	case err == nil || errors.Is(err, ErrClosed):
		return WhyLeft
	}
	return WhyEnded
}
