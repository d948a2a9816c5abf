package npc

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/commandconsole/commandconsole/console"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

// quiet is the default config without threat spikes, for exact tests.
func quiet() Config {
	c := DefaultConfig()
	c.SpikeOneIn = 1 << 30
	return c
}

// blank is an empty world: no threat, no Rotters, no lurkers.
func blank(cfg Config, players int, sections ...string) World {
	n := cfg.GridSize * cfg.GridSize
	w := World{Config: cfg, Threat: make([]int, n), Rotters: make([]int, n), Dirs: make([]Dir, n), Chars: []CharNoise{}}
	for _, s := range sections {
		w.Sections = append(w.Sections, Section{ID: s, Noise: make([]int, players)})
	}
	return w
}

func TestTableThreat(t *testing.T) {
	for _, tc := range []struct {
		base, noise, want int
	}{
		{0, 0, 0}, {5, 0, 5}, {5, 199, 5}, {5, 200, 6}, {10, 1999, 19}, {10, 2000, 20}, {10, 100000, 20}, {20, 0, 20},
	} {
		w := blank(quiet(), 2, "a")
		w.BaseThreat, w.Noise = tc.base, tc.noise
		if got := w.TableThreat(); got != tc.want {
			t.Errorf("base %d noise %d: threat %d, want %d", tc.base, tc.noise, got, tc.want)
		}
	}
}

func TestNoiseRaisesThreat(t *testing.T) {
	w := blank(quiet(), 2, "a", "b")
	w.BaseThreat = 5
	for i := range 3 {
		var err error
		if w, err = MakeNoise(w, Noise{Char: "x", Player: 1, Sections: []string{"a"}, Amount: 150}); err != nil {
			t.Fatal(err)
		}
		_ = i
	}
	if got := w.TableThreat(); got != 7 { // 450 noise: +2
		t.Errorf("threat %d after 450 noise, want 7", got)
	}
	if got := w.SectionNoiseTotal("a"); got != 225 {
		t.Errorf("section noise %d, want half of 450", got)
	}
	w, _ = EndMove(w, 1, []Placement{{Char: "x", Sections: []string{"b"}}})
	if got := w.SectionNoiseTotal("b"); got != 225 {
		t.Errorf("end-of-move noise %d, want half of this turn's 450", got)
	}
	w2, _ := StartAction(w, 1)
	if got := w2.SectionNoiseTotal("a"); got != 112 {
		t.Errorf("noise after the owner's Action phase starts %d, want 112", got)
	}
	if w2.CurrentNoise("x") != 0 || w.CurrentNoise("x") != 450 {
		t.Errorf("current noise %d → %d, want 450 → 0 (and the old world untouched)", w.CurrentNoise("x"), w2.CurrentNoise("x"))
	}
	if _, err := MakeNoise(w, Noise{Char: "x", Player: 2, Amount: 1}); err == nil {
		t.Error("noise of player 2 in a two-player world accepted")
	}
}

func TestPull(t *testing.T) {
	cfg := quiet()
	// One source of threat 10 at (3,3), off the table.
	w := blank(cfg, 2, "a")
	w.Threat[w.idx(3, 3)] = 10
	p := w.pulls()
	for _, tc := range []struct {
		r, c int
		dir  Dir
		want int
	}{
		{2, 3, South, 9}, // one north: pulled south, 10 − 1
		{0, 3, South, 7},
		{3, 8, West, 5},  // five east: pulled west
		{7, 3, North, 6}, // four south
		{1, 4, South, 7}, // two north, one east: the north axis dominates, 10 − 3
		{1, 4, West, 0},
		{2, 4, South, 4}, // exact diagonal: half of 10 − 2 from each axis
		{2, 4, West, 4},
		{3, 3, North, 0}, // the source itself is not pulled
		{3, 13, West, 0}, // ten away: nothing
		{3, 12, West, 1},
	} {
		if got := p[w.idx(tc.r, tc.c)][tc.dir]; got != tc.want {
			t.Errorf("pull %s at (%d,%d) = %d, want %d", tc.dir, tc.r, tc.c, got, tc.want)
		}
	}
}

func TestDecay(t *testing.T) {
	for _, tc := range []struct{ from, want int }{
		{0, 0}, {1, 0}, {2, 0}, {3, 1}, {8, 6}, {12, 9}, {20, 15}, {100, 75},
	} {
		w := blank(quiet(), 2, "a")
		w.Threat[w.idx(0, 0)] = tc.from
		lo := w.tableLo()
		w.Threat[w.idx(lo, lo)] = tc.from // the table's threat does not decay
		w.tick(false, console.NewDice(1))
		if got := w.Threat[w.idx(0, 0)]; got != tc.want {
			t.Errorf("threat %d decays to %d, want %d", tc.from, got, tc.want)
		}
		if got := w.Threat[w.idx(lo, lo)]; got != tc.from {
			t.Errorf("table threat %d changed to %d in a warm-up tick", tc.from, got)
		}
	}
	// In an Environment phase the table sections take the table's level.
	w := blank(quiet(), 2, "a")
	w.BaseThreat, w.Noise = 4, 450
	w.tick(true, console.NewDice(1))
	if got := w.Threat[w.idx(11, 11)]; got != 6 {
		t.Errorf("table section threat %d after a phase tick, want 6", got)
	}
}

func TestSpikes(t *testing.T) {
	cfg := DefaultConfig()
	cfg.SpikeOneIn = 1 // every section spikes every tick
	w := blank(cfg, 2, "a")
	w.tick(false, console.NewDice(3))
	for i, v := range w.Threat {
		if r, c := i/cfg.GridSize, i%cfg.GridSize; !w.onTable(r, c) && (v < 1 || v > cfg.SpikeDie) {
			t.Fatalf("section (%d,%d) threat %d after a certain spike, want 1–%d", r, c, v, cfg.SpikeDie)
		}
	}
}

func TestHysteresis(t *testing.T) {
	w := blank(quiet(), 2, "a")
	w.BaseThreat = 10
	w.Rotters[w.idx(5, 11)] = 4 // north of the table, pulled south
	d := console.NewDice(1)
	steps := []struct {
		row int
		dir Dir
	}{
		{5, South}, // turns toward the pull, does not move
		{6, South}, // pulled the same way twice: moves
		{6, South}, // a new section: turns again
		{7, South},
	}
	for i, s := range steps {
		w.tick(true, d)
		if got := w.Rotters[w.idx(s.row, 11)]; got != 4 {
			t.Fatalf("tick %d: %d Rotters at row %d, want the mob of 4", i+1, got, s.row)
		}
		if got := w.Dirs[w.idx(s.row-boolInt(i%2 == 1), 11)]; got != s.dir {
			t.Fatalf("tick %d: stored direction %s, want %s", i+1, got, s.dir)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestTiesByDice(t *testing.T) {
	// A lone mob with no pull anywhere random-walks: over many seeds it
	// turns every way (a tie of zero pulls, broken by d2s).
	seen := map[Dir]int{}
	for seed := range uint64(200) {
		w := blank(quiet(), 2, "a")
		w.Rotters[w.idx(3, 3)] = 1
		w.tick(true, console.NewDice(seed))
		seen[w.Dirs[w.idx(3, 3)]]++
	}
	for _, d := range []Dir{North, South, West, East} {
		if seen[d] == 0 {
			t.Errorf("over 200 seeds a lone mob never turned %s: %v", d, seen)
		}
	}
}

func TestTarget(t *testing.T) {
	w := blank(quiet(), 2, "a", "b", "c")
	w, _ = MakeNoise(w, Noise{Char: "loud", Player: 0, Sections: []string{"b"}, Amount: 300})
	w, _ = MakeNoise(w, Noise{Char: "quiet", Player: 1, Sections: []string{"b"}, Amount: 50})
	w, _ = MakeNoise(w, Noise{Char: "far", Player: 1, Sections: []string{"c"}, Amount: 100})
	chars := []Character{
		{ID: "loud", Player: 0, Section: "b", Down: true},
		{ID: "quiet", Player: 1, Section: "b"},
		{ID: "sneak", Player: 0, Section: "b", Hidden: true},
		{ID: "far", Player: 1, Section: "c"},
	}
	sec, ch := w.target(chars, console.NewDice(1))
	if sec != "b" || ch != "quiet" {
		t.Errorf("target %s/%s, want b/quiet (loudest section; the down loud one ignored)", sec, ch)
	}
	// No one standing in the loudest section: its centre.
	if sec, ch := w.target(chars[3:], console.NewDice(1)); sec != "b" || ch != "" {
		t.Errorf("target %s/%q, want the centre of b", sec, ch)
	}
	// Equal noise: the dice choose, each side sometimes.
	e := blank(quiet(), 2, "a", "b")
	got := map[string]int{}
	for seed := range uint64(100) {
		s, _ := e.target(nil, console.NewDice(seed))
		got[s]++
	}
	if got["a"] == 0 || got["b"] == 0 {
		t.Errorf("ties of silent sections went %v, want both", got)
	}
}

func TestSpawnKindDistribution(t *testing.T) {
	cfg := DefaultConfig()
	d := console.NewDice(42)
	const n = 100000
	got := map[string]int{}
	for range n {
		got[cfg.RollKind(d)]++
	}
	for _, k := range cfg.Kinds {
		pct := float64(got[k.ID]) * 100 / n
		if math.Abs(pct-float64(k.Pct)) > 0.5 {
			t.Errorf("%s: %.2f %% of %d rolls, want %d %% ± 0.5", k.ID, pct, n, k.Pct)
		}
	}
	// The same over the Rotters that really spawn, over many seeds.
	spawned := map[string]int{}
	total := 0
	for seed := range uint64(60) {
		w, _, err := New(cfg, Setup{Threat: 15, Danger: 100, Players: 2, Sections: []string{"a"}}, console.NewDice(seed))
		if err != nil {
			t.Fatal(err)
		}
		d := console.NewDice(seed + 1000)
		for p := range 20 {
			var ph Phase
			w, ph, _ = Environment(w, PhaseInput{Players: 2, Player: p % 2, Table: Table{480, 480}}, d)
			for _, s := range ph.Spawns {
				spawned[s.Kind] += s.Count
				total += s.Count
			}
		}
	}
	if total < 500 {
		t.Fatalf("only %d Rotters spawned over 60 seeds; too few to judge", total)
	}
	for _, k := range cfg.Kinds {
		pct := float64(spawned[k.ID]) * 100 / float64(total)
		if math.Abs(pct-float64(k.Pct)) > 5 {
			t.Errorf("%s: %.1f %% of %d spawned Rotters, want %d %% ± 5", k.ID, pct, total, k.Pct)
		}
	}
}

func TestNoSpawnNearCharacters(t *testing.T) {
	cfg := DefaultConfig()
	tab := Table{720, 480}
	d := console.NewDice(9)
	pushed := 0
	for range 2000 {
		var chars []Pos
		for range 1 + d.IntN(4) {
			chars = append(chars, Pos{d.IntN(tab.Width + 1), d.IntN(tab.Height + 1)})
		}
		e, i := d.IntN(4), d.IntN(3)
		p := cfg.Propose(e, i, tab, chars, d)
		if p.Blocked {
			continue
		}
		if p.Pushed {
			pushed++
		}
		onEdge := p.At.X == 0 || p.At.Y == 0 || p.At.X == tab.Width || p.At.Y == tab.Height
		if !onEdge || p.At.X < 0 || p.At.Y < 0 || p.At.X > tab.Width || p.At.Y > tab.Height {
			t.Fatalf("proposal %+v is not on the table edge", p)
		}
		for _, c := range chars {
			dx, dy := p.At.X-c.X, p.At.Y-c.Y
			if dx*dx+dy*dy <= cfg.SpawnExclusionTenths*cfg.SpawnExclusionTenths {
				t.Fatalf("spawn proposed at %+v within 10\" of a character at %+v", p.At, c)
			}
		}
	}
	if pushed == 0 {
		t.Error("no proposal was ever pushed")
	}
	// A character right on the top-centre point pushes it just outside 10".
	p := cfg.Propose(0, 1, tab, []Pos{{360, 0}}, console.NewDice(1))
	if !p.Pushed || (p.At != Pos{259, 0} && p.At != Pos{461, 0}) {
		t.Errorf("proposal %+v, want pushed to x 259 or 461", p)
	}
	// The whole edge covered: blocked.
	var wall []Pos
	for x := 0; x <= 720; x += 100 {
		wall = append(wall, Pos{x, 0})
	}
	if p := cfg.Propose(0, 1, tab, wall, console.NewDice(1)); !p.Blocked {
		t.Errorf("proposal %+v on a covered edge, want blocked", p)
	}
}

func TestBlockedSpawnsStayOutside(t *testing.T) {
	w := blank(quiet(), 2, "a")
	w.BaseThreat = 10
	w.Rotters[w.idx(9, 11)] = 3
	w.Dirs[w.idx(9, 11)] = South // already turned: moves onto the table this tick
	var wall []Character
	for x := 0; x <= 480; x += 100 {
		wall = append(wall, Character{ID: fmt.Sprint("c", x), Section: "a", At: Pos{x, 0}})
	}
	w2, ph, err := Environment(w, PhaseInput{Players: 2, Table: Table{480, 480}, Characters: wall}, console.NewDice(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(ph.Spawns) != 0 || ph.Held != 3 || w2.Rotters[w2.idx(9, 11)] != 3 {
		t.Errorf("spawns %v, held %d, %d outside; want none, 3, 3", ph.Spawns, ph.Held, w2.Rotters[w2.idx(9, 11)])
	}
	w3, ph, _ := Environment(w, PhaseInput{Players: 2, Table: Table{480, 480}}, console.NewDice(1))
	if len(ph.Spawns) == 0 || ph.Spawns[0].Point != "top-centre" || w3.Spawned != 3 {
		t.Errorf("spawns %+v (%d spawned), want 3 at top-centre", ph.Spawns, w3.Spawned)
	}
}

func TestLurkers(t *testing.T) {
	cfg := quiet()
	cfg.LurkerAttackPct = 100
	w := blank(cfg, 2, "a", "b")
	w.Sections[0].Lurkers, w.Sections[1].Lurkers = 3, 2
	chars := []Character{{ID: "x", Section: "a"}, {ID: "y", Section: "a", Detection: 30}}
	w2, ph, err := Environment(w, PhaseInput{Players: 2, Table: Table{480, 480}, Characters: chars}, console.NewDice(5))
	if err != nil {
		t.Fatal(err)
	}
	if len(ph.Lurkers) != 3 || w2.Sections[0].Lurkers != 0 || !w2.Sections[0].Entered {
		t.Fatalf("lurker attacks %+v, %d left, entered %v; want 3 attacks, none left, entered", ph.Lurkers, w2.Sections[0].Lurkers, w2.Sections[0].Entered)
	}
	if w2.Sections[1].Lurkers != 2 || w2.Sections[1].Entered {
		t.Errorf("the empty section's lurkers woke")
	}
	// Rotters ignore down and hidden characters: no lurker wakes on them.
	quietChars := []Character{{ID: "d", Section: "b", Down: true}, {ID: "h", Section: "b", Hidden: true}}
	if w3, ph3, _ := Environment(w, PhaseInput{Players: 2, Table: Table{480, 480}, Characters: quietChars}, console.NewDice(5)); len(ph3.Lurkers) != 0 || w3.Sections[1].Lurkers != 2 {
		t.Errorf("lurkers woke on a down or hidden character: %+v", ph3.Lurkers)
	}
	for _, a := range ph.Lurkers {
		want := 70 // 50 + camouflage 30 − detection 10
		if a.Character == "y" {
			want = 50
		}
		if a.Need != want || a.Detected != (a.Roll >= a.Need) {
			t.Errorf("lurker attack %+v: need %d", a, want)
		}
	}
	steps := 0
	for _, in := range ph.Instructions {
		if in.Step == StepLurkers {
			steps++
		}
	}
	if steps != 3 {
		t.Errorf("%d lurker instructions, want 3", steps)
	}
	// Pre-game deployment: no lurkers in entered sections.
	for seed := range uint64(20) {
		w, _, err := New(DefaultConfig(), Setup{Threat: 5, Danger: 50, Players: 2, Sections: []string{"a", "b"}, Entered: []string{"a"}}, console.NewDice(seed))
		if err != nil {
			t.Fatal(err)
		}
		if w.Sections[0].Lurkers != 0 {
			t.Fatalf("seed %d: %d lurkers in an entered section", seed, w.Sections[0].Lurkers)
		}
	}
}

func TestSkipWithMorePlayers(t *testing.T) {
	for _, tc := range []struct {
		players int
		want    float64
	}{{1, 0}, {2, 0}, {3, 1.0 / 3}, {4, 0.5}} {
		w := blank(quiet(), tc.players, "a")
		d := console.NewDice(11)
		skipped := 0
		const n = 3000
		for range n {
			_, ph, err := Environment(w, PhaseInput{Players: tc.players, Table: Table{480, 480}}, d)
			if err != nil {
				t.Fatal(err)
			}
			if ph.Skipped {
				skipped++
			}
		}
		if got := float64(skipped) / n; math.Abs(got-tc.want) > 0.03 {
			t.Errorf("%d players: %.3f of phases skipped, want %.3f", tc.players, got, tc.want)
		}
	}
}

func TestDeployment(t *testing.T) {
	w, dep, err := New(DefaultConfig(), Setup{Threat: 10, Danger: 40, Players: 2, Sections: []string{"a", "b", "c"}}, console.NewDice(1))
	if err != nil {
		t.Fatal(err)
	}
	lurkers := 0
	for _, s := range w.Sections {
		lurkers += s.Lurkers
	}
	if n := dep.Total() + lurkers; n < 8 {
		t.Errorf("%d table Rotters, want at least 7 + d7", n)
	}
	for _, s := range dep.Sections {
		want := fmt.Sprintf("%d (%d)", s.Counts[0], s.Counts[1])
		if got := dep.Label(s.Section, 0); got != want {
			t.Errorf("label %q, want %q", got, want)
		}
	}
	lo := w.tableLo()
	if w.Rotters[w.idx(lo+1, lo+1)] != 0 {
		t.Error("Rotters left in the table area of the world")
	}
	if (Deployment{}).Label("x", 0) != "0 (0)" {
		t.Error("label of an unknown section")
	}
	if _, _, err := New(DefaultConfig(), Setup{Players: 0, Sections: []string{"a"}}, console.NewDice(1)); err == nil {
		t.Error("a world for no players")
	}
}

// run plays a fixed game: noise in turns, a character on the table.
func run(t *testing.T, seed uint64) (World, []Phase, [][]byte) {
	t.Helper()
	d := console.NewDice(seed)
	w, _, err := New(DefaultConfig(), Setup{Threat: 10, Danger: 40, Players: 2, Sections: []string{"west", "middle", "east"}}, d)
	if err != nil {
		t.Fatal(err)
	}
	chars := []Character{{ID: "gunner", Name: "Gunner", Player: 0, Section: "middle", At: Pos{240, 240}}, {ID: "scout", Player: 1, Section: "east", At: Pos{440, 40}}}
	var phases []Phase
	var enc [][]byte
	for p := range 16 {
		pl := p % 2
		if w, err = StartAction(w, pl); err != nil {
			t.Fatal(err)
		}
		if pl == 0 {
			w, _ = MakeNoise(w, Noise{Char: "gunner", Player: 0, Sections: []string{"middle"}, Amount: 150})
		}
		w, _ = EndMove(w, pl, []Placement{{Char: "gunner", Sections: []string{"middle"}}})
		var ph Phase
		if w, ph, err = Environment(w, PhaseInput{Players: 2, Player: pl, Table: Table{480, 480}, Characters: chars}, d); err != nil {
			t.Fatal(err)
		}
		phases = append(phases, ph)
		b, err := console.Encode(w)
		if err != nil {
			t.Fatal(err)
		}
		enc = append(enc, b)
	}
	return w, phases, enc
}

func TestGoldenWorldRun(t *testing.T) {
	w, phases, _ := run(t, 1)
	out := struct {
		Phases  []Phase       `json:"phases"`
		Regions []RegionCount `json:"regions"`
		Threat  int           `json:"threat"`
		Spawned int           `json:"spawned"`
	}{phases, w.RotterRegions(), w.TableThreat(), w.Spawned}
	got, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", "world_seed1.golden")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./npc -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("world run for seed 1 differs from %s (go test ./npc -run Golden -update rewrites it):\n%s", path, got)
	}
}

func TestReplayDeterminism(t *testing.T) {
	_, _, a := run(t, 77)
	_, _, b := run(t, 77)
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			t.Fatalf("phase %d: the same seed gave different encoded worlds", i+1)
		}
	}
	_, _, c := run(t, 78)
	if bytes.Equal(a[len(a)-1], c[len(c)-1]) {
		t.Error("seeds 77 and 78 gave the same world")
	}
	var back World
	if err := console.Decode(a[len(a)-1], &back); err != nil {
		t.Fatal(err)
	}
	if err := back.Validate(); err != nil {
		t.Fatal(err)
	}
	again, err := console.Encode(back)
	if err != nil || !bytes.Equal(again, a[len(a)-1]) {
		t.Errorf("decode and encode of a world changed its bytes (%v)", err)
	}
}

func TestPureFunctions(t *testing.T) {
	w, _, _ := run(t, 3)
	before, _ := console.Encode(w)
	_, _, _ = Environment(w, PhaseInput{Players: 2, Table: Table{480, 480}}, console.NewDice(1))
	_, _ = MakeNoise(w, Noise{Char: "gunner", Player: 0, Sections: []string{"west"}, Amount: 500})
	_, _ = StartAction(w, 0)
	after, _ := console.Encode(w)
	if !bytes.Equal(before, after) {
		t.Error("a function changed the world it was given")
	}
}

func TestConfigValidate(t *testing.T) {
	if err := DefaultConfig().Validate(); err != nil {
		t.Fatal(err)
	}
	bad := DefaultConfig()
	bad.Kinds[0].Pct = 70
	bad.GridSize = 2
	if err := bad.Validate(); err == nil {
		t.Error("a config with kinds adding up to 95 and a 2×2 grid passed")
	}
	b, err := json.Marshal(DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	var back Config
	if err := json.Unmarshal(b, &back); err != nil || back.Validate() != nil || back.Kinds[2].ID != "fast" {
		t.Errorf("config JSON round trip: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	w, _, _ := New(DefaultConfig(), Setup{Threat: 5, Danger: 20, Players: 2, Sections: []string{"a", "b"}}, console.NewDice(1))
	b, _ := console.Encode(w)
	f.Add(b)
	f.Add([]byte{0x80})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		var w World
		if err := console.Decode(data, &w); err != nil {
			return
		}
		if err := w.Validate(); err != nil {
			return
		}
		_ = w.RotterRegions()
		_ = w.TableThreat()
		enc, err := console.Encode(w)
		if err != nil {
			t.Fatal(err)
		}
		var back World
		if err := console.Decode(enc, &back); err != nil {
			t.Fatalf("re-decode: %v", err)
		}
		if err := back.Validate(); err != nil {
			t.Fatalf("a valid world fails validation after a round trip: %v", err)
		}
	})
}
