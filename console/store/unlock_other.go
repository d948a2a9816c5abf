//go:build !(linux || darwin || freebsd || openbsd || netbsd || dragonfly)

package store

import "os"

// unlockFile does nothing here: closing the file releases bbolt's lock.
func unlockFile(*os.File) {}
