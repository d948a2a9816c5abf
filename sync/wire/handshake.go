package wire

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Magic is the first field of every Hello: a peer whose Hello says
// anything else is not a Command Console.
const Magic = "CCNSL"

// The protocol versions this build speaks: the newest and the oldest. The
// peers of a link use the newest version both speak. Version 1 is the
// message catalog of this package.
const (
	ProtocolVersion    uint32 = 1
	MinProtocolVersion uint32 = 1
)

// ErrNotConsole is the error (wrapped) of a handshake with a peer that is
// not a Command Console at all: its first frame is not a Hello (another
// service on that port, a web server), or its magic is wrong.
var ErrNotConsole = errors.New("not a Command Console")

// ErrWrongRole is the error (wrapped) of a handshake between two peers of
// roles that do not talk to each other: two hosts, two clients.
var ErrWrongRole = errors.New("wrong role")

// Sentence makes msg a sentence for a player: its first letter upper case
// and a full stop at the end (unless it ends with a stop, a question or an
// ellipsis). The ForPlayer methods of this package and sync/client use it.
func Sentence(msg string) string {
	msg = strings.TrimSpace(msg)
	if msg == "" {
		return ""
	}
	r, n := utf8.DecodeRuneInString(msg)
	msg = string(unicode.ToUpper(r)) + msg[n:]
	if !strings.HasSuffix(msg, ".") && !strings.HasSuffix(msg, "?") && !strings.HasSuffix(msg, "!") && !strings.HasSuffix(msg, "…") {
		msg += "."
	}
	return msg
}

// NewHello returns this build's Hello for role, with the application's
// version app ("0.1.0") and optionally the device's name.
func NewHello(role Role, app, device string) Hello {
	return Hello{Magic: Magic, Protocol: ProtocolVersion, MinProtocol: MinProtocolVersion,
		App: app, Role: role, Device: device}
}

// VersionError is a handshake between two peers that speak no common
// protocol version. Its message says, in the player's words, which side is
// too old and must be updated.
type VersionError struct {
	// Local is this side's Hello, Peer the other side's.
	Local, Peer Hello
}

// LocalTooOld reports whether this side is the one to update: the peer
// needs a newer protocol than this side speaks.
func (e *VersionError) LocalTooOld() bool { return e.Local.Protocol < minOf(e.Peer) }

func (e *VersionError) Error() string {
	peer := whose(e.Peer.Role)
	if e.LocalTooOld() {
		return fmt.Sprintf("Command Console on this device is too old for %s: %s (%s) needs protocol %d or newer, this device has %s. Update Command Console on this device.",
			peer, peer, describe(e.Peer), minOf(e.Peer), describe(e.Local))
	}
	return fmt.Sprintf("Command Console on %s is too old for this device: %s has %s, this device needs protocol %d or newer (it has %s). Update Command Console on %s.",
		peer, peer, describe(e.Peer), minOf(e.Local), describe(e.Local), peer)
}

// ForPlayer is the error's message, which is written for the player
// already (it says which device to update).
func (e *VersionError) ForPlayer() string { return e.Error() }

// Refuse returns the refusal the host sends for this mismatch, worded for
// the player at the other end.
func (e *VersionError) Refuse() Refuse {
	mirror := &VersionError{Local: e.Peer, Peer: e.Local}
	return Refuse{Code: RefuseVersion, Message: mirror.Error()}
}

// whose names the device of a peer of role r.
func whose(r Role) string {
	switch r {
	case RoleHost:
		return "the host"
	case RoleSpectator:
		return "the spectator's device"
	case RoleClient:
		return "the joining device"
	}
	return "the other device"
}

// describe says which versions h's side has.
func describe(h Hello) string {
	app := h.App
	if app == "" {
		app = "unknown"
	}
	return fmt.Sprintf("app %s, protocol %d", app, h.Protocol)
}

// minOf is the oldest protocol version h speaks (its MinProtocol, or its
// Protocol when that is unset).
func minOf(h Hello) uint32 {
	if h.MinProtocol == 0 || h.MinProtocol > h.Protocol {
		return h.Protocol
	}
	return h.MinProtocol
}

// Agree returns the protocol version two peers will use: the newest both
// speak. A peer with the wrong magic gives an error wrapping ErrNotConsole;
// peers with no common version, a *VersionError. Roles are not checked.
func Agree(local, peer Hello) (uint32, error) {
	if peer.Magic != Magic {
		return 0, fmt.Errorf("%w: its hello has magic %q, want %q", ErrNotConsole, peer.Magic, Magic)
	}
	if peer.Protocol == 0 {
		return 0, fmt.Errorf("%w: its hello has no protocol version", ErrNotConsole)
	}
	v := min(local.Protocol, peer.Protocol)
	if v < minOf(local) || v < minOf(peer) {
		return 0, &VersionError{Local: local, Peer: peer}
	}
	return v, nil
}

// notConsole wraps the error of a first frame that is not a Hello.
func notConsole(who string, err error) error {
	return fmt.Errorf("%w: %s did not answer with a Command Console hello (%v)", ErrNotConsole, who, err)
}

// ClientHello is the client's side of the handshake: it sends local (of
// role client or spectator, see NewHello) and reads the host's Hello. It
// returns the host's Hello and the protocol version agreed on, or:
//   - an error wrapping ErrNotConsole when the other side is not a Command
//     Console host (its answer is no Hello, or has the wrong magic);
//   - a *VersionError when the two speak no common version (a client too
//     old or a host too old; its message says which to update);
//   - the host's Refuse, as an error, when it refused at once;
//   - an error wrapping ErrWrongRole when the peer is not a host;
//   - io.EOF or the connection's error, wrapped, when the link failed.
//
// Timeouts are the caller's: set a deadline on the connection first. On an
// error the caller closes the connection (the host may still be writing its
// Refuse).
func ClientHello(r *Reader, w *Writer, local Hello) (Hello, uint32, error) {
	if local.Role != RoleClient && local.Role != RoleSpectator {
		return Hello{}, 0, fmt.Errorf("client hello: %w: this side's role is %q (want %s or %s)", ErrWrongRole, local.Role, RoleClient, RoleSpectator)
	}
	if err := w.Send(local); err != nil {
		return Hello{}, 0, fmt.Errorf("client hello: %w", err)
	}
	m, err := r.Read()
	switch {
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return Hello{}, 0, fmt.Errorf("client hello: the host closed the connection without answering: %w", err)
	case err != nil && isFrameError(err):
		return Hello{}, 0, fmt.Errorf("client hello: %w", notConsole("the host", err))
	case err != nil:
		return Hello{}, 0, fmt.Errorf("client hello: %w", err)
	}
	var peer Hello
	switch m := m.(type) {
	case Hello:
		peer = m
	case Refuse:
		return Hello{}, 0, m
	default:
		return Hello{}, 0, fmt.Errorf("client hello: %w", notConsole("the host", fmt.Errorf("its first message is %s", m.Kind())))
	}
	v, err := Agree(local, peer)
	if err != nil {
		return peer, 0, fmt.Errorf("client hello: %w", err)
	}
	if peer.Role != RoleHost {
		return peer, 0, fmt.Errorf("client hello: %w: the other side is a %q, not a host", ErrWrongRole, peer.Role)
	}
	return peer, v, nil
}

// ServerHello is the host's side of the handshake: it reads the client's
// Hello, answers with local (of role host), and returns the client's Hello
// and the protocol version agreed on. It answers every Hello with its own,
// so the client can tell which side is too old; on a version mismatch it
// then sends the Refuse of the *VersionError it returns, and on a wrong
// role a RefuseProtocol. A first frame that is no Hello, or one with the
// wrong magic, gets no answer: the error wraps ErrNotConsole.
//
// Timeouts are the caller's; on an error the caller closes the connection.
func ServerHello(r *Reader, w *Writer, local Hello) (Hello, uint32, error) {
	if local.Role != RoleHost {
		return Hello{}, 0, fmt.Errorf("server hello: %w: this side's role is %q (want %s)", ErrWrongRole, local.Role, RoleHost)
	}
	m, err := r.Read()
	switch {
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return Hello{}, 0, fmt.Errorf("server hello: the client closed the connection before its hello: %w", err)
	case err != nil && isFrameError(err):
		return Hello{}, 0, fmt.Errorf("server hello: %w", notConsole("the client", err))
	case err != nil:
		return Hello{}, 0, fmt.Errorf("server hello: %w", err)
	}
	peer, ok := m.(Hello)
	if !ok {
		return Hello{}, 0, fmt.Errorf("server hello: %w", notConsole("the client", fmt.Errorf("its first message is %s", m.Kind())))
	}
	if peer.Magic != Magic {
		_, err := Agree(local, peer)
		return peer, 0, fmt.Errorf("server hello: %w", err)
	}
	if err := w.Send(local); err != nil {
		return peer, 0, fmt.Errorf("server hello: %w", err)
	}
	v, err := Agree(local, peer)
	if err != nil {
		var ve *VersionError
		if errors.As(err, &ve) {
			_ = w.Send(ve.Refuse()) // best effort: the client judges the Hello too
		}
		return peer, 0, fmt.Errorf("server hello: %w", err)
	}
	if peer.Role != RoleClient && peer.Role != RoleSpectator {
		_ = w.Send(Refuse{Code: RefuseProtocol, Message: fmt.Sprintf("This is a Command Console host; a device of role %q cannot join it.", peer.Role)})
		return peer, 0, fmt.Errorf("server hello: %w: the other side is a %q, not a client or spectator", ErrWrongRole, peer.Role)
	}
	return peer, v, nil
}

// isFrameError reports whether err comes from bytes that are not a
// well-formed message (as opposed to a failing connection).
func isFrameError(err error) bool {
	return errors.Is(err, ErrFrameTooLarge) || errors.Is(err, ErrEmptyFrame) || errors.Is(err, ErrUnknownKind) || errors.Is(err, ErrMalformed)
}
