package games

import (
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

func TestRegistry(t *testing.T) {
	all := All()
	if len(all) == 0 {
		t.Fatal("no game systems registered")
	}
	seen := map[string]bool{}
	for _, r := range all {
		id := r.Info().ID
		if seen[id] {
			t.Errorf("system %q registered twice", id)
		}
		seen[id] = true
		got, err := Lookup(id)
		if err != nil || got.Info().ID != id {
			t.Errorf("Lookup(%q) = %v, %v", id, got, err)
		}
	}
	_, err := Lookup("chess")
	if !console.IsRejection(err) || !strings.Contains(err.Error(), "scorepad") {
		t.Errorf("Lookup(chess) = %v; want a rejection listing the known systems", err)
	}
	if len(Playable()) == 0 {
		t.Error("no playable systems")
	}
}
