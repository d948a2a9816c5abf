package version

import (
	"os"
	"regexp"
	"testing"
)

func TestAppMatchesFyneApp(t *testing.T) {
	b, err := os.ReadFile("../FyneApp.toml")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^Version\s*=\s*"([^"]+)"`).FindSubmatch(b)
	if m == nil {
		t.Fatal("FyneApp.toml has no Version")
	}
	if got := string(m[1]); got != App {
		t.Errorf("FyneApp.toml Version = %q, version.App = %q: change both together", got, App)
	}
}
