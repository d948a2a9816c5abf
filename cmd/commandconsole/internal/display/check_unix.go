//go:build (linux && !android) || freebsd || openbsd || netbsd || dragonfly

package display

import (
	"fmt"
	"os"
)

func init() {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		fmt.Fprintln(os.Stderr, Missing)
		os.Exit(1)
	}
}
