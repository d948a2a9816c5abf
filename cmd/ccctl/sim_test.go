package main

import (
	"strings"
	"testing"
)

func TestSimRotters(t *testing.T) {
	args := []string{"sim", "rotters", "--scenario", "fight-to-the-death", "--turns", "5", "--noise", "100,0,300@crossing", "--seed", "7"}
	out := okJSON(t, "", args...)
	turns, _ := out["turns"].([]any)
	if len(turns) != 5 {
		t.Fatalf("%d turn rows, want 5:\n%v", len(turns), out)
	}
	for i, r := range turns {
		row := r.(map[string]any)
		if row["turn"].(float64) != float64(i+1) || row["threat"] == nil || row["regions"] == nil || row["spawns"] == nil {
			t.Errorf("row %d lacks turn, threat, regions or spawns: %v", i, row)
		}
	}
	if again := ok(t, "", args...); again != ok(t, "", args...) {
		t.Error("the same seed printed different runs")
	}
	for _, bad := range [][]string{
		{"sim", "rotters"},
		{"sim", "rotters", "--scenario", "nope"},
		{"sim", "ghouls", "--scenario", "vip"},
		{"sim", "rotters", "--scenario", "vip", "--turns", "0"},
		{"sim", "rotters", "--scenario", "vip", "--noise", "loud"},
		{"sim", "rotters", "--scenario", "vip", "--noise", "5@nowhere"},
		{"sim", "rotters", "--scenario", "vip", "--players", "0"},
		{"sim", "rotters", "--scenario", "vip", "--map", "moon"},
		{"sim", "rotters", "--scenario", "vip", "--bogus"},
		{"sim"},
	} {
		t.Run(strings.Join(bad, " "), func(t *testing.T) {
			refusal(t, ccctl(t, "", "", bad...), "ccctl: sim: ")
		})
	}
}
