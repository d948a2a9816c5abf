package main

import (
	"path/filepath"
	"testing"
)

// TestBenchLandsOfRuin: bench puts Lands of Ruin's per-event replay next to
// the score pad's, and its 10,000-event resume next to the score pad's
// resume rows.
func TestBenchLandsOfRuin(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two 10,000-event games")
	}
	restore, err := setBenchTime("1x")
	if err != nil {
		t.Fatal(err)
	}
	defer restore()
	pad := []benchRow{{Name: "resume-10k-snapshots", NsPerOp: 1, Note: "pad"}, {Name: "replay-10k-full", NsPerOp: 1, Note: "pad"}, {Name: "engine-command"}}
	out, err := benchLandsOfRuin(filepath.Join(t.TempDir(), "lor.db"), "tmp", true, pad)
	if err != nil {
		t.Fatal(err)
	}
	r := out.Replay
	if r.LandsOfRuinMedianNs <= 0 || r.ScorepadMedianNs <= 0 || r.MedianRatio <= 0 || r.LandsOfRuinEvents < benchEvents || r.ScorepadEvents != benchEvents || r.Passes != 1 {
		t.Errorf("replay figures %+v", r)
	}
	want := []string{"resume-10k-landsofruin-snapshots", "replay-10k-landsofruin-full", "resume-10k-snapshots", "replay-10k-full"}
	if len(out.Resume) != len(want) {
		t.Fatalf("resume rows %+v, want %v", out.Resume, want)
	}
	for i, name := range want {
		if out.Resume[i].Name != name || out.Resume[i].NsPerOp <= 0 || out.Resume[i].Note == "" {
			t.Errorf("row %d: %+v, want %s", i, out.Resume[i], name)
		}
	}
}
