// Command commandconsole is the Command Console tablet app: it opens the
// save file in the app's storage folder and hands it to the GUI in package
// app. Everything else lives there; this file stays thin.
//
// On Linux and the BSDs the save file is
// $XDG_CONFIG_HOME/fyne/org.commandconsole.app/saves.db (by default under
// ~/.config), the same file ccctl uses (store.DefaultPath), so games
// started in one are seen by the other; only one of them can have it open
// at a time. When the save file cannot be opened (in use, damaged, not a
// save file) the app still starts, says why, and keeps new games in
// memory.
package main

import (
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"github.com/commandconsole/commandconsole/app"
	// Imported first for its init: on a desktop without a display it
	// exits with one line before Fyne starts.
	_ "github.com/commandconsole/commandconsole/cmd/commandconsole/internal/display"
	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/console/store"
)

func main() {
	a := fyneapp.NewWithID(store.AppID)
	// On desktops this is store.DefaultPath(), the file ccctl opens; the
	// app asks Fyne rather than the store so that it follows Fyne on every
	// platform (Android's sandbox, iOS). COMMANDCONSOLE_DB overrides both,
	// as it does for ccctl.
	path := filepath.Join(a.Storage().RootURI().Path(), store.FileName)
	if p := os.Getenv(store.EnvPath); p != "" {
		path = p
	}
	// COMMANDCONSOLE_OPEN=ID[@SEAT] opens that saved game at start (as
	// that one seat): the CI screenshot of a game, or a tablet kept for
	// one player.
	cfg := app.Config{StorePath: path, Open: os.Getenv("COMMANDCONSOLE_OPEN")}
	db, err := store.Open(path)
	if err != nil {
		fyne.LogError("open save file", err)
		cfg.StoreErr = err
	} else {
		cfg.Store = console.Store(db)
		defer func() {
			if err := db.Close(); err != nil {
				fyne.LogError("close save file", err)
			}
		}()
	}
	// COMMANDCONSOLE_HOST=ID[@SEAT] hosts that game on the LAN at start (a
	// game hosted here before, as the seat it kept), and
	// COMMANDCONSOLE_JOIN=ADDRESS|CODE|nearby[:GAME]@SEAT joins one (by
	// address, join code, or found in the nearby list by mDNS; with
	// COMMANDCONSOLE_PIN, and COMMANDCONSOLE_FINGERPRINT for an address):
	// a tablet kept for one job, and the two-window check under Xvfb.
	app.Run(a, cfg, app.LANStart{Host: os.Getenv("COMMANDCONSOLE_HOST"), Join: os.Getenv("COMMANDCONSOLE_JOIN"),
		PIN: os.Getenv("COMMANDCONSOLE_PIN"), Fingerprint: os.Getenv("COMMANDCONSOLE_FINGERPRINT")})
}
