package store

import (
	"errors"
	"path/filepath"
	"testing"
)

func TestDefaultPath(t *testing.T) {
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	config := func() (string, error) { return "/home/ann/.config", nil }
	home := func() (string, error) { return "/home/ann", nil }
	noDir := func() (string, error) { return "", errors.New("no home") }
	tests := []struct {
		goos    string
		vars    map[string]string
		config  func() (string, error)
		want    string
		wantErr bool
	}{
		{"linux", nil, config, "/home/ann/.config/fyne/org.commandconsole.app/saves.db", false},
		{"freebsd", nil, config, "/home/ann/.config/fyne/org.commandconsole.app/saves.db", false},
		{"linux", map[string]string{EnvPath: "/tmp/x.db"}, config, "/tmp/x.db", false},
		{"linux", nil, noDir, "", true},
		{"darwin", nil, config, filepath.Join("/home/ann", "Library", "Preferences", "fyne", AppID, FileName), false},
		{"windows", nil, config, filepath.Join("/home/ann", "AppData", "Roaming", "fyne", AppID, FileName), false},
		{"android", map[string]string{"FILESDIR": "/data/user/0/org.commandconsole.app/files"}, config,
			"/data/user/0/org.commandconsole.app/files/fyne/saves.db", false},
		{"android", nil, config, "", true},
		{"ios", nil, config, "", true},
		{"ios", map[string]string{EnvPath: "/var/saves.db"}, config, "/var/saves.db", false},
		{"plan9", nil, config, "", true},
	}
	for _, tt := range tests {
		got, err := defaultPath(tt.goos, env(tt.vars), tt.config, home)
		if got != tt.want || (err != nil) != tt.wantErr {
			t.Errorf("defaultPath(%s, %v) = %q, %v; want %q (error %t)", tt.goos, tt.vars, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestDefaultPathHere(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(EnvPath, "")
	t.Setenv("XDG_CONFIG_HOME", dir)
	t.Setenv("HOME", dir)
	got, err := DefaultPath()
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(got) != FileName || filepath.Base(filepath.Dir(got)) != AppID {
		t.Errorf("DefaultPath() = %s, want .../%s/%s", got, AppID, FileName)
	}
	t.Setenv(EnvPath, filepath.Join(dir, "mine.db"))
	if got, err := DefaultPath(); err != nil || got != filepath.Join(dir, "mine.db") {
		t.Errorf("DefaultPath() with %s set = %s, %v", EnvPath, got, err)
	}
}
