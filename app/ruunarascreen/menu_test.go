package ruunarascreen

import (
	"strings"
	"testing"

	"github.com/commandconsole/commandconsole/app/internal/apptest"
	"github.com/commandconsole/commandconsole/console"
)

// TestMenu: the menu sets the seat's distance unit (the view's distances
// then read in centimetres), and opens the help sheet with the app rules
// marked.
func TestMenu(t *testing.T) {
	st := console.NewMemStore()
	sess := soloGame(t, st, true)
	u, w := newTestUI(t, st, apptest.LandscapeSize)
	u.ShowGame(console.NewLocal(sess))
	s := screenOf(t, u)
	var labels []string
	for _, it := range s.menuItems() {
		labels = append(labels, it.Label)
	}
	for _, want := range []string{"Undo: The game starts", "Distances in centimetres", "History", "Battle report", "Help: the rules the app applies", "End the game…"} {
		if !strings.Contains(strings.Join(labels, "|"), want) {
			t.Errorf("menu %q lacks %q", labels, want)
		}
	}
	for _, it := range s.menuItems() {
		if it.Label == "Distances in centimetres" {
			it.Action()
		}
	}
	if s.view.Unit != "cm" {
		t.Fatalf("unit %q after the menu's centimetres", s.view.Unit)
	}
	apptest.WantText(t, w, "Move 12.5 cm")
	s.showHelp()
	apptest.WantText(t, w, "App rule: which hero an enemy attacks")
	apptest.TapButton(t, w, "Close")
	// Undo from the menu takes the unit back.
	for _, it := range s.menuItems() {
		if it.Label == "Undo: p1 reads distances in centimetres" {
			it.Action()
		}
	}
	if s.view.Unit != "in" {
		t.Errorf("unit %q after Undo, want in", s.view.Unit)
	}
	// A correction: E2 died on the table.
	s.correction("kill")
	apptest.TapButton(t, w, "E2 · Saarok 2")
	if hp := enemyHP(t, s, "E2"); hp != 0 {
		t.Errorf("E2 has %d HP after the kill correction", hp)
	}
}
