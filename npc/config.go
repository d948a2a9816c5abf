package npc

import (
	"errors"
	"fmt"

	"github.com/commandconsole/commandconsole/console"
)

// Config holds every tuning number of the Rotter living world. The values
// of DefaultConfig come from the original app (RULES-FACTS.md §9.4, §10);
// the JSON form is meant to live in assets/landsofruin (a world.json beside
// rotters.json) so a designer can tune it without touching code. A World
// keeps the Config it was made with, so a game in progress replays the same
// way after the data file changes.
type Config struct {
	// GridSize is the world's width and height in sections (23).
	GridSize int `json:"grid_size"`
	// TableSize is the width of the table area in the middle of the grid (3).
	TableSize int `json:"table_size"`
	// MaxThreat caps the table's threat level (20); NoisePerThreat is the
	// noise that adds one level (200).
	MaxThreat      int `json:"max_threat"`
	NoisePerThreat int `json:"noise_per_threat"`
	// HotCellOneIn is the one-in chance that a section starts with a
	// threat of a HotCellDie roll (1 in 50, d20).
	HotCellOneIn int `json:"hot_cell_one_in"`
	HotCellDie   int `json:"hot_cell_die"`
	// PopulationAtFullDanger is the starting population at danger level
	// 100 % (75); it scales down linearly with the scenario's danger.
	PopulationAtFullDanger int `json:"population_at_full_danger"`
	// WarmupTicks are the world ticks run before the game to form mobs (25).
	WarmupTicks int `json:"warmup_ticks"`
	// TableExtraBase + a TableExtraDie roll Rotters are dropped on the
	// table area after the warm-up (7 + d7).
	TableExtraBase int `json:"table_extra_base"`
	TableExtraDie  int `json:"table_extra_die"`
	// DecayPct of an off-table section's threat fades each tick, at least
	// DecayMin (25 %, 2).
	DecayPct int `json:"decay_pct"`
	DecayMin int `json:"decay_min"`
	// SpikeOneIn is the one-in chance per off-table section and tick of a
	// threat spike of a SpikeDie roll (1 in 200, d20).
	SpikeOneIn int `json:"spike_one_in"`
	SpikeDie   int `json:"spike_die"`
	// Kinds are the Rotter kinds a spawning Rotter is rolled as, in d100
	// order: the first Pct points are the first kind, and so on. The
	// percentages add up to 100.
	Kinds []Kind `json:"kinds"`
	// LurkerPct is the chance that a starting table Rotter is a lurker (50).
	LurkerPct int `json:"lurker_pct"`
	// LurkerAttackPct is the chance each Environment phase that a lurker
	// in an occupied section attacks (50).
	LurkerAttackPct int `json:"lurker_attack_pct"`
	// LurkerCamouflage is the lurkers' camouflage (30). A character
	// detects an attacking lurker with d100 ≥ DetectionBase + camouflage −
	// its detection; DefaultDetection is used when the caller gives none.
	LurkerCamouflage int `json:"lurker_camouflage"`
	DetectionBase    int `json:"detection_base"`
	DefaultDetection int `json:"default_detection"`
	// AggroTenths: a Rotter this close to a character who is not down goes
	// for the closest one (10", in tenths of an inch).
	AggroTenths int `json:"aggro_tenths"`
	// SpawnExclusionTenths: no spawn this close to a character (10").
	SpawnExclusionTenths int `json:"spawn_exclusion_tenths"`
	// SpawnPointPcts are where the spawn points sit along each table edge,
	// in percent of the edge from its west or north end (25, 50, 75).
	SpawnPointPcts []int `json:"spawn_point_pcts"`
	// SkipFromPlayers: with more players than this the Environment phase
	// is skipped with chance (players − SkipFromPlayers) / players (2).
	SkipFromPlayers int `json:"skip_from_players"`
}

// Kind is a Rotter kind as the world rolls it: its id (the content's
// Rotter kind id), name, move per Environment phase and spawn percentage.
type Kind struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// MoveTenths is the move per Environment phase, in tenths of an inch.
	MoveTenths int `json:"move_tenths"`
	// Pct is the chance in percent that a spawning Rotter is of this kind.
	Pct int `json:"pct"`
}

// DefaultConfig returns the original app's numbers (RULES-FACTS.md §9.4,
// §10.1–§10.7).
func DefaultConfig() Config {
	return Config{
		GridSize:               23,
		TableSize:              3,
		MaxThreat:              20,
		NoisePerThreat:         200,
		HotCellOneIn:           50,
		HotCellDie:             20,
		PopulationAtFullDanger: 75,
		WarmupTicks:            25,
		TableExtraBase:         7,
		TableExtraDie:          7,
		DecayPct:               25,
		DecayMin:               2,
		SpikeOneIn:             200,
		SpikeDie:               20,
		Kinds: []Kind{
			{ID: "normal", Name: "Shambler", MoveTenths: 50, Pct: 75},
			{ID: "fat", Name: "Veteran", MoveTenths: 40, Pct: 10},
			{ID: "fast", Name: "Rager", MoveTenths: 80, Pct: 15},
		},
		LurkerPct:            50,
		LurkerAttackPct:      50,
		LurkerCamouflage:     30,
		DetectionBase:        50,
		DefaultDetection:     10,
		AggroTenths:          100,
		SpawnExclusionTenths: 100,
		SpawnPointPcts:       []int{25, 50, 75},
		SkipFromPlayers:      2,
	}
}

// Limits that keep a damaged or hostile Config from costing unbounded work.
const (
	maxGrid    = 63
	maxThreat  = 1000
	maxRotters = 1 << 20
	maxTicks   = 1000
)

// Validate reports what is wrong with a Config, or nil.
func (c Config) Validate() error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf(format, a...)) }
	if c.GridSize < 3 || c.GridSize > maxGrid {
		bad("grid_size %d is not within 3–%d", c.GridSize, maxGrid)
	}
	if c.TableSize < 1 || c.TableSize > c.GridSize-2 || (c.GridSize-c.TableSize)%2 != 0 {
		bad("table_size %d does not sit in the middle of a %d grid with a ring around it", c.TableSize, c.GridSize)
	}
	if c.MaxThreat < 0 || c.MaxThreat > maxThreat {
		bad("max_threat %d is not within 0–%d", c.MaxThreat, maxThreat)
	}
	for _, p := range []struct {
		name string
		v    int
	}{{"noise_per_threat", c.NoisePerThreat}, {"hot_cell_one_in", c.HotCellOneIn}, {"hot_cell_die", c.HotCellDie},
		{"table_extra_die", c.TableExtraDie}, {"spike_one_in", c.SpikeOneIn}, {"spike_die", c.SpikeDie}} {
		if p.v < 1 {
			bad("%s %d is less than 1", p.name, p.v)
		}
	}
	if c.HotCellDie > maxThreat || c.SpikeDie > maxThreat {
		bad("hot_cell_die and spike_die are at most %d", maxThreat)
	}
	if c.PopulationAtFullDanger < 0 || c.PopulationAtFullDanger > maxRotters || c.TableExtraBase < 0 || c.TableExtraBase > maxRotters || c.TableExtraDie > maxRotters {
		bad("population_at_full_danger and table_extra_* are within 0–%d", maxRotters)
	}
	if c.WarmupTicks < 0 || c.WarmupTicks > maxTicks {
		bad("warmup_ticks %d is not within 0–%d", c.WarmupTicks, maxTicks)
	}
	if c.DecayPct < 0 || c.DecayPct > 100 || c.DecayMin < 0 {
		bad("decay_pct %d is not within 0–100 or decay_min %d is negative", c.DecayPct, c.DecayMin)
	}
	sum := 0
	seen := map[string]bool{}
	for _, k := range c.Kinds {
		if k.ID == "" || seen[k.ID] {
			bad("kind %q is empty or given twice", k.ID)
		}
		seen[k.ID] = true
		if k.Pct < 0 || k.MoveTenths < 0 {
			bad("kind %q has a negative pct or move", k.ID)
		}
		sum += k.Pct
	}
	if sum != 100 {
		bad("the kinds' pct add up to %d, not 100", sum)
	}
	for _, p := range []int{c.LurkerPct, c.LurkerAttackPct} {
		if p < 0 || p > 100 {
			bad("lurker percentages are within 0–100, not %d", p)
		}
	}
	if c.AggroTenths < 0 || c.SpawnExclusionTenths < 0 || c.SpawnExclusionTenths > 10000 {
		bad("aggro_tenths and spawn_exclusion_tenths are within 0–10000")
	}
	if len(c.SpawnPointPcts) == 0 || len(c.SpawnPointPcts) > 9 {
		bad("spawn_point_pcts has %d points, not 1–9", len(c.SpawnPointPcts))
	}
	for _, p := range c.SpawnPointPcts {
		if p < 0 || p > 100 {
			bad("spawn point %d%% is not along the edge", p)
		}
	}
	if c.SkipFromPlayers < 1 {
		bad("skip_from_players %d is less than 1", c.SkipFromPlayers)
	}
	return errors.Join(errs...)
}

// kind returns the kind with the id.
func (c Config) kind(id string) (Kind, bool) {
	for _, k := range c.Kinds {
		if k.ID == id {
			return k, true
		}
	}
	return Kind{}, false
}

// RollKind rolls a d100 for a spawning Rotter and returns its kind id
// (RULES-FACTS.md §10.6: ≤ 75 normal, 76–85 fat, > 85 fast by default).
func (c Config) RollKind(d *console.Dice) string {
	r := d.Roll(100)
	acc := 0
	for _, k := range c.Kinds {
		acc += k.Pct
		if r <= acc {
			return k.ID
		}
	}
	return c.Kinds[len(c.Kinds)-1].ID
}
