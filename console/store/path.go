package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// AppID is the Fyne application id the GUI is created with
// (app.NewWithID); it names the app's storage folder.
const AppID = "org.commandconsole.app"

// FileName is the save file's name inside the app's storage folder.
const FileName = "saves.db"

// EnvPath names the environment variable that, when set, overrides
// DefaultPath (for tests, scripts and a second profile).
const EnvPath = "COMMANDCONSOLE_DB"

// DefaultPath returns the save file the GUI uses, so that ccctl and the app
// share their games: $COMMANDCONSOLE_DB when set, else FileName in Fyne's
// app storage root for AppID.
//
// It mirrors fyne.io/fyne/v2 v2.7.1 without importing Fyne: the storage root
// is (*fyneApp).storageRoot in app/preferences_other.go,
// filepath.Join(internal/app.RootConfigDir(), UniqueID()), where
// rootConfigDir is
//
//	Linux and the BSDs  os.UserConfigDir()/fyne  (internal/app/config_xdg.go), so
//	                    $XDG_CONFIG_HOME/fyne/org.commandconsole.app/saves.db,
//	                    by default ~/.config/fyne/org.commandconsole.app/saves.db
//	macOS               ~/Library/Preferences/fyne    (config_desktop_darwin.go)
//	Windows             ~/AppData/Roaming/fyne        (config_windows.go)
//	Android             $FILESDIR/fyne, without the app id: the app is
//	                    sandboxed (config_mobile_and.go, preferences_android.go)
//
// On iOS the root comes from Objective-C (documentsPath), which this package
// cannot call; DefaultPath fails there unless COMMANDCONSOLE_DB is set. The
// GUI can always use its own app.Storage().RootURI() joined with FileName
// instead; on desktops the two agree. Fyne builds with the "ci" tag use a
// temporary folder instead, which DefaultPath does not follow.
func DefaultPath() (string, error) {
	return defaultPath(runtime.GOOS, os.Getenv, os.UserConfigDir, os.UserHomeDir)
}

// defaultPath is DefaultPath with its environment passed in, for tests.
func defaultPath(goos string, getenv func(string) string, configDir, homeDir func() (string, error)) (string, error) {
	if p := getenv(EnvPath); p != "" {
		return p, nil
	}
	var root string
	switch goos {
	case "android":
		dir := getenv("FILESDIR")
		if dir == "" {
			return "", fmt.Errorf("save file location: FILESDIR is not set; set %s", EnvPath)
		}
		return filepath.Join(dir, "fyne", FileName), nil
	case "ios":
		return "", fmt.Errorf("save file location: not known outside the app on iOS; set %s", EnvPath)
	case "darwin":
		home, err := homeDir()
		if err != nil {
			return "", fmt.Errorf("save file location: %w", err)
		}
		root = filepath.Join(home, "Library", "Preferences", "fyne")
	case "windows":
		home, err := homeDir()
		if err != nil {
			return "", fmt.Errorf("save file location: %w", err)
		}
		root = filepath.Join(home, "AppData", "Roaming", "fyne")
	case "linux", "freebsd", "openbsd", "netbsd":
		dir, err := configDir()
		if err != nil {
			return "", fmt.Errorf("save file location: %w; set %s", err, EnvPath)
		}
		root = filepath.Join(dir, "fyne")
	default:
		return "", errors.New("save file location: unknown on " + goos + "; set " + EnvPath)
	}
	return filepath.Join(root, AppID, FileName), nil
}
