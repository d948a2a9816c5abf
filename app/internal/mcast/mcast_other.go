//go:build !android

package mcast

import "github.com/commandconsole/commandconsole/sync/discovery"

// platformLock: a desktop receives multicast without a lock.
func platformLock() discovery.MulticastLock { return nil }
