package npc

import (
	"errors"
	"fmt"
	"slices"

	"github.com/commandconsole/commandconsole/console"
)

// Dir is a direction on the world grid: where a mob wants to go.
type Dir int8

// Directions on the world grid; row 0 is north, column 0 west.
const (
	Center Dir = iota
	North
	South
	West
	East
)

var dirNames = [...]string{"centre", "north", "south", "west", "east"}

// String names the direction.
func (d Dir) String() string {
	if d < 0 || int(d) >= len(dirNames) {
		return fmt.Sprintf("dir(%d)", int8(d))
	}
	return dirNames[d]
}

// step is the row and column change of a direction.
func (d Dir) step() (dr, dc int) {
	switch d {
	case North:
		return -1, 0
	case South:
		return 1, 0
	case West:
		return 0, -1
	case East:
		return 0, 1
	}
	return 0, 0
}

// moveOrder is the order directions are tested in a tick (§10.4 step 4).
var moveOrder = [...]Dir{North, South, West, East}

// World is the Rotter living world around the table: a grid of world
// sections (Config.GridSize squared, row-major, row 0 north) with the table
// in the middle, the noise that drives the table's threat, and the lurkers
// hidden in the table's map sections. It is plain data: encode it with
// console.Encode, and every change goes through this package's functions,
// which return a new World and never change the one they are given.
//
// The World holds hidden information (lurkers): a game keeps it in its full
// state and never puts it into a seat's view.
type World struct {
	Config Config `msgpack:"config" json:"config"`
	// BaseThreat is the scenario's initial threat (0–20).
	BaseThreat int `msgpack:"base_threat" json:"base_threat"`
	// Noise is the cumulative noise of every character so far.
	Noise int `msgpack:"noise" json:"noise"`
	// Threat, Rotters and Dirs are per world section, row-major: the
	// section's threat, its Rotter count and the direction its mob last
	// chose (hysteresis).
	Threat  []int `msgpack:"threat" json:"threat"`
	Rotters []int `msgpack:"rotters" json:"rotters"`
	Dirs    []Dir `msgpack:"dirs" json:"dirs"`
	// Sections are the table's map sections, in the map's order.
	Sections []Section `msgpack:"sections" json:"sections"`
	// Chars are the characters that have made noise, in first-noise order.
	Chars []CharNoise `msgpack:"chars" json:"chars"`
	// Phases counts the Environment phases played (skipped ones included);
	// Spawned the Rotters sent onto the table so far.
	Phases  int `msgpack:"phases" json:"phases"`
	Spawned int `msgpack:"spawned" json:"spawned"`
}

// Section is one map section of the table as the world sees it.
type Section struct {
	ID string `msgpack:"id" json:"id"`
	// Noise is the section's noise per player index.
	Noise []int `msgpack:"noise" json:"noise"`
	// Lurkers are the sleeper Rotters hidden in it.
	Lurkers int `msgpack:"lurkers" json:"lurkers"`
	// Entered: a character has been in it (it gets no new lurkers).
	Entered bool `msgpack:"entered,omitempty" json:"entered,omitempty"`
}

// CharNoise is the noise one character has made.
type CharNoise struct {
	ID     string `msgpack:"id" json:"id"`
	Player int    `msgpack:"player" json:"player"`
	// Current is this turn's noise (cleared at its player's Action phase);
	// Total the whole game's.
	Current int `msgpack:"current" json:"current"`
	Total   int `msgpack:"total" json:"total"`
}

// Setup is what a new world is made from.
type Setup struct {
	// Threat and Danger are the scenario's initial threat (0–20) and area
	// danger level (0–100 %).
	Threat int `json:"threat"`
	Danger int `json:"danger"`
	// Players is the number of players (each places pre-game Rotters).
	Players int `json:"players"`
	// Sections are the table's map section ids (no off-table strips).
	Sections []string `json:"sections"`
	// Entered are sections characters are deployed in before the game
	// (infiltrators, pre-game deployment): no lurkers start there.
	Entered []string `json:"entered,omitempty"`
}

// Deployment is the pre-game Rotter deployment: per map section, how many
// Rotters each player places. The lurkers are not in it (they are hidden).
type Deployment struct {
	Sections []SectionDeployment `msgpack:"sections" json:"sections"`
}

// SectionDeployment is the Rotters each player places in one section.
type SectionDeployment struct {
	Section string `msgpack:"section" json:"section"`
	// Counts is indexed by player.
	Counts []int `msgpack:"counts" json:"counts"`
}

// Label is what player sees on a section: "yours (opponents')", as the
// rulebook shows it, e.g. "2 (3)".
func (d Deployment) Label(section string, player int) string {
	for _, s := range d.Sections {
		if s.Section != section {
			continue
		}
		mine, others := 0, 0
		for p, n := range s.Counts {
			if p == player {
				mine += n
			} else {
				others += n
			}
		}
		return fmt.Sprintf("%d (%d)", mine, others)
	}
	return "0 (0)"
}

// Total is the number of Rotters the players place.
func (d Deployment) Total() int {
	n := 0
	for _, s := range d.Sections {
		for _, c := range s.Counts {
			n += c
		}
	}
	return n
}

// New makes the world for a game (RULES-FACTS.md §10.1, §9.4, §10.6): hot
// sections, the starting population from the danger level, the warm-up
// ticks that form mobs, the extra Rotters on the table area; then every
// Rotter on the table area is a lurker (hidden in a random map section not
// yet entered) or a pre-game Rotter a random player places in a random
// section.
func New(cfg Config, s Setup, d *console.Dice) (World, Deployment, error) {
	if err := cfg.Validate(); err != nil {
		return World{}, Deployment{}, fmt.Errorf("npc: config: %w", err)
	}
	switch {
	case s.Players < 1:
		return World{}, Deployment{}, fmt.Errorf("npc: %d players; at least 1", s.Players)
	case len(s.Sections) == 0:
		return World{}, Deployment{}, errors.New("npc: the map has no sections")
	case s.Threat < 0 || s.Threat > cfg.MaxThreat:
		return World{}, Deployment{}, fmt.Errorf("npc: threat %d is not within 0–%d", s.Threat, cfg.MaxThreat)
	case s.Danger < 0 || s.Danger > 100:
		return World{}, Deployment{}, fmt.Errorf("npc: danger %d is not within 0–100", s.Danger)
	}
	n := cfg.GridSize * cfg.GridSize
	w := World{
		Config:     cfg,
		BaseThreat: s.Threat,
		Threat:     make([]int, n),
		Rotters:    make([]int, n),
		Dirs:       make([]Dir, n),
		Sections:   make([]Section, 0, len(s.Sections)),
		Chars:      []CharNoise{},
	}
	for _, id := range s.Sections {
		if w.section(id) >= 0 {
			return World{}, Deployment{}, fmt.Errorf("npc: section %q given twice", id)
		}
		w.Sections = append(w.Sections, Section{ID: id, Noise: make([]int, s.Players), Entered: slices.Contains(s.Entered, id)})
	}
	for i := range w.Threat {
		if d.Roll(cfg.HotCellOneIn) == 1 {
			w.Threat[i] = d.Roll(cfg.HotCellDie)
		}
	}
	for range cfg.PopulationAtFullDanger * s.Danger / 100 {
		w.Rotters[d.IntN(n)]++
	}
	for range cfg.WarmupTicks {
		w.tick(false, d)
	}
	lo := w.tableLo()
	for range cfg.TableExtraBase + d.Roll(cfg.TableExtraDie) {
		r, c := lo+d.Roll(cfg.TableSize)-1, lo+d.Roll(cfg.TableSize)-1
		w.Rotters[w.idx(r, c)]++
	}
	dep := Deployment{Sections: make([]SectionDeployment, len(w.Sections))}
	for i, sec := range w.Sections {
		dep.Sections[i] = SectionDeployment{Section: sec.ID, Counts: make([]int, s.Players)}
	}
	var open []int // sections lurkers may hide in
	for i, sec := range w.Sections {
		if !sec.Entered {
			open = append(open, i)
		}
	}
	for r := lo; r < lo+cfg.TableSize; r++ {
		for c := lo; c < lo+cfg.TableSize; c++ {
			i := w.idx(r, c)
			for range w.Rotters[i] {
				if len(open) > 0 && d.Percent(cfg.LurkerPct) {
					w.Sections[open[d.IntN(len(open))]].Lurkers++
					continue
				}
				p := d.IntN(s.Players)
				dep.Sections[d.IntN(len(w.Sections))].Counts[p]++
			}
			w.Rotters[i] = 0 // on the table now: the players' miniatures
		}
	}
	return w, dep, nil
}

// idx is the index of the world section at row r, column c.
func (w *World) idx(r, c int) int { return r*w.Config.GridSize + c }

// tableLo is the first row and column of the table area.
func (w *World) tableLo() int { return (w.Config.GridSize - w.Config.TableSize) / 2 }

// onTable reports whether row r, column c is in the table area.
func (w *World) onTable(r, c int) bool {
	lo := w.tableLo()
	hi := lo + w.Config.TableSize
	return r >= lo && r < hi && c >= lo && c < hi
}

// inGrid reports whether row r, column c is on the grid.
func (w *World) inGrid(r, c int) bool {
	return r >= 0 && c >= 0 && r < w.Config.GridSize && c < w.Config.GridSize
}

// section returns the index of the section with the id, or −1.
func (w *World) section(id string) int {
	for i, s := range w.Sections {
		if s.ID == id {
			return i
		}
	}
	return -1
}

// Clone returns a deep copy of the world.
func (w World) Clone() World {
	c := w
	c.Config.Kinds = slices.Clone(w.Config.Kinds)
	c.Config.SpawnPointPcts = slices.Clone(w.Config.SpawnPointPcts)
	c.Threat = slices.Clone(w.Threat)
	c.Rotters = slices.Clone(w.Rotters)
	c.Dirs = slices.Clone(w.Dirs)
	c.Sections = make([]Section, len(w.Sections))
	for i, s := range w.Sections {
		s.Noise = slices.Clone(s.Noise)
		c.Sections[i] = s
	}
	c.Chars = slices.Clone(w.Chars)
	return c
}

// Validate reports whether a world (a decoded one, say) is whole: its
// config valid, its grids the config's size, no negative counts. The
// functions of this package may panic on a world that fails it.
func (w World) Validate() error {
	if err := w.Config.Validate(); err != nil {
		return fmt.Errorf("npc: world config: %w", err)
	}
	n := w.Config.GridSize * w.Config.GridSize
	if len(w.Threat) != n || len(w.Rotters) != n || len(w.Dirs) != n {
		return fmt.Errorf("npc: world grids hold %d/%d/%d sections, not %d", len(w.Threat), len(w.Rotters), len(w.Dirs), n)
	}
	for i := range n {
		if w.Threat[i] < 0 || w.Threat[i] > maxThreat || w.Rotters[i] < 0 || w.Rotters[i] > maxRotters || w.Dirs[i] < Center || w.Dirs[i] > East {
			return fmt.Errorf("npc: world section %d holds threat %d, %d Rotters, direction %d", i, w.Threat[i], w.Rotters[i], w.Dirs[i])
		}
	}
	if w.BaseThreat < 0 || w.BaseThreat > w.Config.MaxThreat || w.Noise < 0 || w.Phases < 0 || w.Spawned < 0 {
		return errors.New("npc: world counters out of range")
	}
	if len(w.Sections) == 0 {
		return errors.New("npc: world has no map sections")
	}
	players := len(w.Sections[0].Noise)
	for i, s := range w.Sections {
		if s.ID == "" || w.section(s.ID) != i || s.Lurkers < 0 || len(s.Noise) != players || players < 1 {
			return fmt.Errorf("npc: world section %q is damaged", s.ID)
		}
		for _, v := range s.Noise {
			if v < 0 {
				return fmt.Errorf("npc: world section %q has negative noise", s.ID)
			}
		}
	}
	for _, c := range w.Chars {
		if c.Player < 0 || c.Player >= players || c.Current < 0 || c.Total < 0 {
			return fmt.Errorf("npc: world character %q is damaged", c.ID)
		}
	}
	return nil
}

// TableThreat is the table's threat level (§10.2): the scenario's threat
// plus one per NoisePerThreat noise made, capped at MaxThreat.
func (w World) TableThreat() int {
	c := w.Config
	return min(c.MaxThreat, (w.BaseThreat*c.NoisePerThreat+w.Noise)/c.NoisePerThreat)
}

// pulls computes every section's pull per direction (§10.4 step 3): from
// every section of threat T, T − distance along the dominant axis, half
// from each axis on exact diagonals.
func (w *World) pulls() [][5]int {
	g := w.Config.GridSize
	p := make([][5]int, g*g)
	add := func(r, c int, d Dir, v int) {
		if v > 0 && w.inGrid(r, c) {
			p[w.idx(r, c)][d] += v
		}
	}
	for r := range g {
		for c := range g {
			t := w.Threat[w.idx(r, c)]
			for k := 1; t-k > 0; k++ {
				// Sections k steps away along each axis are pulled back
				// toward the source; so are the cross sections beside them.
				for _, a := range [4]struct {
					dr, dc int
					pull   Dir
				}{{-k, 0, South}, {k, 0, North}, {0, -k, East}, {0, k, West}} {
					rr, cc := r+a.dr, c+a.dc
					add(rr, cc, a.pull, t-k)
					for x := 1; ; x++ {
						v := t - k - x
						if v <= 0 {
							break
						}
						if x == k {
							v /= 2
						}
						if a.dr != 0 {
							add(rr, cc-x, a.pull, v)
							add(rr, cc+x, a.pull, v)
						} else {
							add(rr-x, cc, a.pull, v)
							add(rr+x, cc, a.pull, v)
						}
						if x == k {
							break
						}
					}
				}
			}
		}
	}
	return p
}

// arrival is Rotters entering a table-area section from outside this tick.
type arrival struct {
	r, c  int
	from  Dir // the side they came from
	count int
}

// tick advances the world one step (§10.4). A phase tick (an Environment
// phase) sets the table sections' threat to the table's level, and the
// Rotters that step onto the table area are returned as arrivals; in a
// warm-up tick they are lost, as in the original.
func (w *World) tick(phase bool, d *console.Dice) []arrival {
	c := w.Config
	g := c.GridSize
	table := w.TableThreat()
	for r := range g {
		for col := range g {
			i := w.idx(r, col)
			if w.onTable(r, col) {
				if phase {
					w.Threat[i] = table
				}
				continue
			}
			q := max(c.DecayMin, w.Threat[i]*c.DecayPct/100)
			w.Threat[i] = max(w.Threat[i]-q, 0)
			if d.Roll(c.SpikeOneIn) == 1 {
				w.Threat[i] = min(w.Threat[i]+d.Roll(c.SpikeDie), maxThreat)
			}
		}
	}
	pull := w.pulls()
	incoming := make([][5]int, g*g) // by direction of travel
	for r := range g {
		for col := range g {
			i := w.idx(r, col)
			if w.Rotters[i] == 0 || (phase && w.onTable(r, col)) {
				continue
			}
			best, val := Center, w.Threat[i]
			for _, dir := range moveOrder {
				dr, dc := dir.step()
				if !w.inGrid(r+dr, col+dc) {
					continue
				}
				switch v := pull[i][dir]; {
				case v > val:
					best, val = dir, v
				case v == val && d.Roll(2) == 2:
					best = dir
				}
			}
			if best != w.Dirs[i] {
				w.Dirs[i] = best // turn this tick, move the next
				continue
			}
			if best == Center {
				continue
			}
			dr, dc := best.step()
			incoming[w.idx(r+dr, col+dc)][best] += w.Rotters[i]
			w.Rotters[i] = 0
		}
	}
	var arrivals []arrival
	for r := range g {
		for col := range g {
			i := w.idx(r, col)
			for _, dir := range moveOrder {
				n := incoming[i][dir]
				if n == 0 {
					continue
				}
				if !w.onTable(r, col) {
					w.Rotters[i] = min(w.Rotters[i]+n, maxRotters)
					continue
				}
				dr, dc := dir.step()
				if phase && !w.onTable(r-dr, col-dc) {
					arrivals = append(arrivals, arrival{r: r, c: col, from: opposite(dir), count: n})
				}
			}
		}
	}
	return arrivals
}

// opposite is the reverse direction.
func opposite(d Dir) Dir {
	switch d {
	case North:
		return South
	case South:
		return North
	case West:
		return East
	case East:
		return West
	}
	return Center
}

// Regions names the regions of the world around the table, for the sim and
// an intel view: the table and the eight compass regions around it.
var Regions = []string{"table", "north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"}

// RegionOf names the region of the world section at row r, column c.
func (w World) RegionOf(r, c int) string {
	lo := w.tableLo()
	hi := lo + w.Config.TableSize
	ns, ew := "", ""
	switch {
	case r < lo:
		ns = "north"
	case r >= hi:
		ns = "south"
	}
	switch {
	case c < lo:
		ew = "west"
	case c >= hi:
		ew = "east"
	}
	switch {
	case ns == "" && ew == "":
		return "table"
	case ns == "":
		return ew
	case ew == "":
		return ns
	}
	return ns + "-" + ew
}

// RegionCount is the Rotters in one region of the world.
type RegionCount struct {
	Region  string `json:"region"`
	Rotters int    `json:"rotters"`
}

// RotterRegions counts the Rotters off the table per region, in Regions
// order (the table's are on the table, as miniatures: it counts 0).
func (w World) RotterRegions() []RegionCount {
	out := make([]RegionCount, len(Regions))
	for i, r := range Regions {
		out[i].Region = r
	}
	g := w.Config.GridSize
	for r := range g {
		for c := range g {
			reg := slices.Index(Regions, w.RegionOf(r, c))
			out[reg].Rotters += w.Rotters[w.idx(r, c)]
		}
	}
	return out
}

// Population is the number of Rotters in the world off the table.
func (w World) Population() int {
	n := 0
	for _, v := range w.Rotters {
		n += v
	}
	return n
}
