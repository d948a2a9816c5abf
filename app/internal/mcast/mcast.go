// Package mcast installs the device's Wi-Fi multicast lock for LAN play
// (sync/discovery.SetMulticastLock): on Android, WifiManager's
// MulticastLock, taken through JNI from the app's context as Fyne's
// driver gives it (driver.RunNative), so that mDNS packets reach the app
// while it hosts or looks for a game, and released after, for the
// battery. Elsewhere nothing is needed and Install does nothing.
//
// The Android part is compiled by `make apk` (it needs cgo and the
// Android headers); it has not run on a device (see the README's Android
// section).
package mcast

import "github.com/commandconsole/commandconsole/sync/discovery"

// Install installs the platform's multicast lock, if it has one.
func Install() {
	if l := platformLock(); l != nil {
		discovery.SetMulticastLock(l)
	}
}
