package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/commandconsole/commandconsole/sync/discovery"
)

// TestBrowseListsNearbyGames: ccctl browse prints the games it heard
// announced, as JSON; here on an in-memory network (no packet leaves the
// test).
func TestBrowseListsNearbyGames(t *testing.T) {
	mem := discovery.NewMemory()
	ad, err := mem.Advertise(discovery.Game{Proto: 1, System: "landsofruin", Title: "Crossroads tonight", Host: "alice",
		Seats: 2, Open: 1, ID: "g123"}, discovery.DefaultPort)
	if err != nil {
		t.Fatal(err)
	}
	defer ad.Stop()
	old := nearby
	nearby = func() discovery.Browser { return mem }
	t.Cleanup(func() { nearby = old })

	var out, errOut bytes.Buffer
	if code := run([]string{"browse", "--seconds", "0.2"}, &out, &errOut); code != exitOK {
		t.Fatalf("browse: exit %d, stderr %s", code, errOut.String())
	}
	var list []discovery.Entry
	if err := json.Unmarshal(out.Bytes(), &list); err != nil {
		t.Fatalf("browse printed %q: %v", out.String(), err)
	}
	if len(list) != 1 || list[0].Game.Title != "Crossroads tonight" || list[0].Game.Open != 1 || list[0].Port != discovery.DefaultPort {
		t.Fatalf("browse listed %+v", list)
	}

	out.Reset()
	if code := run([]string{"browse", "--seconds", "0"}, &out, &errOut); code != exitRefused {
		t.Fatalf("browse --seconds 0: exit %d, want %d", code, exitRefused)
	}
}
