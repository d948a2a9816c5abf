package discovery

import "errors"

// ErrNoNetwork is the cause (wrapped) when this device has no network
// interface that is up, multicast-capable and has an address another
// device could reach: Wi-Fi is off, or has not got its address yet. It
// goes away by itself when the network comes: a Browser waits for it
// (BrowseState), and sync/hosting follows the addresses as they come.
var ErrNoNetwork = errors.New("no network interface is up with an address")

// playerError is an error with its own sentence for a player (the app's
// kit.ErrorText shows it instead of a sentence about an internal error).
type playerError struct {
	err error
	say string
}

func (e *playerError) Error() string     { return e.err.Error() }
func (e *playerError) Unwrap() error     { return e.err }
func (e *playerError) ForPlayer() string { return e.say }

// forPlayer gives err the sentence say for a player.
func forPlayer(err error, say string) error { return &playerError{err: err, say: say} }

// The sentences of the errors a player can meet while browsing.
const (
	sayNoNetwork = "This tablet has no network address: turn Wi-Fi on; the list fills in by itself when it is on."
	sayNoListen  = "This tablet cannot listen for games on this network yet; it keeps trying, and the list fills in by itself if it can."
	sayNoLock    = "The system does not let the app listen for games nearby."
	sayNoIfaces  = "The system does not let the app see this tablet's network."
)
