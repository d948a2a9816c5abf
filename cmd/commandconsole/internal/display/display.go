// Package display stops Command Console early, with one clear line, when it
// is started where no window can open: a Linux or BSD desktop with neither
// an X11 nor a Wayland display (a server, an SSH session, CI).
//
// The check runs in this package's init, which Go runs before Fyne's
// packages log anything: Go initialises packages in import-path order as
// soon as their own imports are ready, and this one imports only the
// standard library, while Fyne's logging packages wait for third-party
// ones sorted after it. On Android, iOS, macOS and Windows the check is
// compiled out (check_unix.go's build constraint).
package display

// Missing is the line printed to standard error when there is no display.
const Missing = "commandconsole: no display found; this is a GUI app \u2014 use ccctl (go run ./cmd/ccctl) for the command line"
