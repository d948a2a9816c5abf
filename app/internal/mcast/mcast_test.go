package mcast

import "testing"

// A desktop needs no multicast lock: none is installed (the Android lock
// is compiled by make apk, not run here; discovery's own tests check that
// an installed lock is held while mDNS runs, TestMulticastLockInNetns).
func TestNoLockOnDesktop(t *testing.T) {
	if l := platformLock(); l != nil {
		t.Fatalf("a desktop build has a multicast lock: %T", l)
	}
	Install()
}
