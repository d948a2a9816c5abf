//go:build linux || darwin || freebsd || openbsd || netbsd || dragonfly

package store

import (
	"os"
	"syscall"
)

// unlockFile releases bbolt's flock on f. Closing f alone is not enough
// when a bbolt.Open panicked after mapping the file: the mapping keeps the
// open file, and with it the lock, alive.
func unlockFile(f *os.File) {
	_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
}
