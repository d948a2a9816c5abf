package discovery

import "sync"

// MulticastLock is what a platform must hold while mDNS is in use. On
// Android the Wi-Fi driver drops multicast packets unless the app holds a
// WifiManager.MulticastLock (and the manifest has
// CHANGE_WIFI_MULTICAST_STATE); the Android build of the app installs one
// with SetMulticastLock. Elsewhere none is needed and none is installed.
type MulticastLock interface {
	// Acquire takes the lock; release gives it back. Locks are counted:
	// the platform's lock is held while any acquisition is.
	Acquire() (release func(), err error)
}

var (
	lockMu        sync.Mutex
	multicastLock MulticastLock
)

// SetMulticastLock installs the platform's multicast lock (nil removes it).
// MDNS acquires it while it advertises and while it browses.
func SetMulticastLock(l MulticastLock) {
	lockMu.Lock()
	multicastLock = l
	lockMu.Unlock()
}

// acquireMulticast takes the installed lock, if any. The release it returns
// is safe to call more than once.
func acquireMulticast() (func(), error) {
	lockMu.Lock()
	l := multicastLock
	lockMu.Unlock()
	if l == nil {
		return func() {}, nil
	}
	release, err := l.Acquire()
	if err != nil {
		return nil, err
	}
	var once sync.Once
	return func() { once.Do(release) }, nil
}
