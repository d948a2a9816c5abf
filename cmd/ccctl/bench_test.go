package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/commandconsole/commandconsole/sync/lanbench"
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
	game, err := recordPadGame()
	if err != nil {
		t.Fatal(err)
	}
	out, err := benchLandsOfRuin(filepath.Join(t.TempDir(), "lor.db"), "tmp", true, pad, game)
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

// TestBenchLAN: the LAN section, run with tiny counts, has a row per design
// and number of devices (ours, the shared-views what-if, naive), and a
// comparison with the naive design for each of ours, with plausible
// figures: no timing is asserted, only that the figures are there and
// consistent.
func TestBenchLAN(t *testing.T) {
	if testing.Short() {
		t.Skip("hosts a game on 127.0.0.1")
	}
	r, err := benchLAN(true, 3)
	if err != nil {
		t.Fatal(err)
	}
	if r.Commands != 3 || r.Note == "" || r.Goals == "" {
		t.Errorf("report: commands %d, note %q, goals %q", r.Commands, r.Note, r.Goals)
	}
	designs := []lanbench.Design{lanbench.DesignOurs, lanbench.DesignNaive}
	clients := []int{2, 4, 8}
	if len(r.Rows) != len(designs)*len(clients) {
		t.Fatalf("%d rows, want %d: %+v", len(r.Rows), len(designs)*len(clients), r.Rows)
	}
	for i, m := range r.Rows {
		design, n := designs[i%len(designs)], clients[i/len(designs)]
		if m.Design != design || m.Clients != n || m.Commands != 3 {
			t.Errorf("row %d: %s with %d devices, %d commands; want %s with %d, 3", i, m.Design, m.Clients, m.Commands, design, n)
		}
		if m.Updates < m.Commands || m.Updates > m.Commands*m.Clients {
			t.Errorf("row %d: %d updates for %d commands and %d devices", i, m.Updates, m.Commands, m.Clients)
		}
		if m.P50Ns <= 0 || m.P99Ns < m.P50Ns || m.MaxNs < m.P99Ns {
			t.Errorf("row %d: p50 %d, p99 %d, max %d ns", i, m.P50Ns, m.P99Ns, m.MaxNs)
		}
		if m.BytesPerUpdate <= 0 || m.BytesP50 <= 0 {
			t.Errorf("row %d: %d bytes per update, median %d", i, m.BytesPerUpdate, m.BytesP50)
		}
	}
	if len(r.Compare) != len(clients) {
		t.Fatalf("%d comparisons, want %d", len(r.Compare), len(clients))
	}
	for i, c := range r.Compare {
		design, n := lanbench.DesignOurs, clients[i]
		if c.Design != design || c.Clients != n || c.P50X <= 0 || c.P99X <= 0 || c.BytesX <= 0 {
			t.Errorf("comparison %d: %+v, want %s with %d devices", i, c, design, n)
		}
		if (c.P99Goal != nil) != (c.Clients == lanbench.GoalClients) {
			t.Errorf("comparison %d: the p99 goal is judged at %d devices only: %+v", i, lanbench.GoalClients, c)
		}
	}
}

// TestBenchLANFlag: a negative --lan-commands is refused before anything
// is measured.
func TestBenchLANFlag(t *testing.T) {
	refusal(t, ccctl(t, "", "", "bench", "--lan-commands", "-1", "--dir", t.TempDir()),
		"--lan-commands -1: want a number of commands")
}

// TestBenchRuneball: bench measures a Runeball command, the resume and
// replay of the golden match from disk, and one event's replay next to
// the score pad's, from the whole golden match (finished, all its lines).
func TestBenchRuneball(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 10,000-event score pad game")
	}
	restore, err := setBenchTime("1x")
	if err != nil {
		t.Fatal(err)
	}
	defer restore()
	pad, err := recordPadGame()
	if err != nil {
		t.Fatal(err)
	}
	out, err := benchRuneball(filepath.Join(t.TempDir(), "rb.db"), "tmp", true, pad)
	if err != nil {
		t.Fatal(err)
	}
	_, lines, err := readRuneballMatch()
	if err != nil {
		t.Fatal(err)
	}
	if out.Lines != len(lines) || out.Lines < 100 || out.Refused == 0 || out.Events <= out.Lines-out.Refused || out.Script != rbMatchSource {
		t.Errorf("match: %d lines (%d refused), %d events, from %q", out.Lines, out.Refused, out.Events, out.Script)
	}
	want := []string{"runeball-command", "resume-runeball-match-snapshots", "replay-runeball-match-full"}
	if len(out.Rows) != len(want) {
		t.Fatalf("rows %+v, want %v", out.Rows, want)
	}
	for i, name := range want {
		if out.Rows[i].Name != name || out.Rows[i].NsPerOp <= 0 || out.Rows[i].Note == "" {
			t.Errorf("row %d: %+v, want %s", i, out.Rows[i], name)
		}
	}
	r := out.Replay
	if r.RuneballMedianNs <= 0 || r.ScorepadMedianNs <= 0 || r.MedianRatio <= 0 || r.RuneballEvents != out.Events || r.ScorepadEvents != benchEvents || r.Passes != 1 {
		t.Errorf("replay figures %+v", r)
	}
}

// TestBenchRuneballMatchIsTheGolden: the match bench embeds is Runeball's
// golden match, byte for byte. When the golden changes: cp
// games/runeball/testdata/match.jsonl cmd/ccctl/benchdata/runeball-match.jsonl
func TestBenchRuneballMatchIsTheGolden(t *testing.T) {
	golden, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(rbMatchSource)))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(golden, rbMatch) {
		t.Errorf("benchdata/runeball-match.jsonl (%d bytes) differs from %s (%d bytes): copy it again", len(rbMatch), rbMatchSource, len(golden))
	}
}
