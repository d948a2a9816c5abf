package landsofruin

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
	"github.com/commandconsole/commandconsole/npc"
)

// The living world (package npc): how the engine drives it.
//
// A game made by New keeps an npc.World in its full state (state.World,
// encoded, since the state is encoded at every command and the world
// changes a few times a turn; never in a seat's view: it holds the
// lurkers). The world is made when
// the game starts (the Decide of the last setup ready, npc.New with the
// map's table sections) and recorded whole in game-started with the
// public pre-game deployment: how many Rotters each player places in each
// section, shown to every seat as "yours (opponents')" in the pre-game and
// the first turn, until the first Environment phase. No section counts as
// entered then (the infiltrators are placed later, in the pre-game);
// lurkers never wake on a hidden character, so a lurker in an
// infiltrator's section waits until someone visible stands there.
//
// Noise is fed in Apply, without dice: every resolved attack makes its
// weapon mode's noise (the attacker's accessories' noise percentages
// applied, e.g. a silencer), the damage resolution that opens a player's
// Command phase ends that player's move (npc.EndMove), every Action phase
// start halves the player's section noise (npc.StartAction), and a
// throwable's area makes the item's noise in its section in the first
// Environment phase it opens (npc.SectionNoise).
//
// When a Command phase ends, npc.Environment plays the Environment phase
// with every character on the table (off-table strips excepted): its
// section, its position, down, hidden and detection. The engine knows
// sections, not positions, so a character's position is its section's
// centroid (content.Polygon.Centroid); spawn points are pushed along the
// edge away from these points. The outcome (the target, spawns with the
// proposed places, lurker attacks, instructions) and the new world are
// recorded in environment-planned; Apply stores that world, never re-runs
// the tick. A lurker that attacks unseen becomes an Environment entry of
// source "lurker" (a normal Rotter) rolled with the others when the phase
// ends; a detected one is placed by the players and entered like any
// Rotter. Hidden characters are given to the world for the lurkers only:
// the world never targets them nor wakes lurkers on them, so no public
// event or view names them.
//
// A Rules built with NewWithPlanner keeps the old seam: no world, the
// Planner's plan.

// SourceLurker marks an Environment entry made by a lurker that attacked
// unseen (a normal Rotter).
const SourceLurker = "lurker"

// rotterWorld is whether this game runs the npc world.
func (r *Rules) rotterWorld() bool { return r.planner == nil }

// tableSections are the map's table sections (no off-table strips).
func (g *state) tableSections() []content.Section {
	var out []content.Section
	for _, s := range g.gameMap().Sections {
		if s.Kind != content.SectionOffTable {
			out = append(out, s)
		}
	}
	return out
}

// newWorld makes the game's world and the pre-game deployment.
func (g *state) newWorld(d *console.Dice) (*npc.World, *npc.Deployment, error) {
	sc := g.scenario()
	cfg := npc.DefaultConfig()
	setup := npc.Setup{Players: len(g.Players)}
	if sc != nil {
		setup.Threat = min(max(sc.Threat, 0), cfg.MaxThreat)
		setup.Danger = min(max(sc.Danger, 0), 100)
	}
	for _, s := range g.tableSections() {
		setup.Sections = append(setup.Sections, s.ID)
	}
	w, dep, err := npc.New(cfg, setup, d)
	if err != nil {
		return nil, nil, fmt.Errorf("landsofruin: the Rotter world: %w", err)
	}
	return &w, &dep, nil
}

// onTable reports whether a character stands in a table section.
func (g *state) onTable(c *character) bool {
	if c.Section == "" {
		return false
	}
	s, ok := g.gameMap().Section(c.Section)
	return ok && s.Kind != content.SectionOffTable
}

// phaseInput is the table for npc.Environment.
func (g *state) phaseInput() npc.PhaseInput {
	m := g.gameMap()
	in := npc.PhaseInput{Players: len(g.Players), Player: g.current(), Table: npc.Table{Width: m.Width, Height: m.Height},
		Characters: []npc.Character{}}
	for i := range g.Chars {
		c := &g.Chars[i]
		if !g.onTable(c) {
			continue
		}
		s, _ := m.Section(c.Section)
		at := s.Polygon.Centroid()
		in.Characters = append(in.Characters, npc.Character{ID: c.ID, Name: c.Name, Player: c.Owner, Section: c.Section,
			At: npc.Pos{X: at.X, Y: at.Y}, Down: c.down(), Hidden: c.hidden(), Detection: c.Detection})
	}
	in.Metric = g.Units == UnitsCM
	return in
}

// planWorld plays the Environment phase on the world and returns the
// plan, the new world in it.
func (g *state) planWorld(d *console.Dice) (EnvironmentPlan, error) {
	cur, err := g.currentWorld()
	if err != nil {
		return EnvironmentPlan{}, err
	}
	w, ph, err := npc.Environment(cur, g.phaseInput(), d)
	if err != nil {
		return EnvironmentPlan{}, fmt.Errorf("landsofruin: the Rotter world: %w", err)
	}
	pl := EnvironmentPlan{Section: ph.Section, Character: ph.Character, Skipped: ph.Skipped, Number: ph.Number,
		Threat: ph.Threat, Held: ph.Held, Lurkers: ph.Lurkers, Instructions: ph.Instructions, World: &w}
	for _, s := range ph.Spawns {
		pl.Spawns = append(pl.Spawns, RotterSpawn{Point: s.Point, Kind: s.Kind, Count: s.Count, X: s.Place.At.X, Y: s.Place.At.Y,
			Pushed: s.Place.Pushed})
	}
	return pl, nil
}

// Noise changes (noiseOp.Op).
const (
	opAttack      = "attack"
	opEndMove     = "end-move"
	opStartAction = "start-action"
	opSection     = "section"
)

// noiseOp is one dice-free change of the world's noise, recorded in Apply
// and folded into the world, in order, when the next Environment phase is
// planned: decoding and encoding the world at every attack would cost
// more than the rest of the game's state.
type noiseOp struct {
	Op       string          `msgpack:"op"`
	Player   int             `msgpack:"player"`
	Char     string          `msgpack:"char,omitempty"`
	Sections []string        `msgpack:"sections,omitempty"`
	Amount   int             `msgpack:"amount,omitempty"`
	At       []npc.Placement `msgpack:"at,omitempty"`
}

// maxNoise bounds one recorded noise (npc refuses more).
const maxNoise = 1 << 20

// feed records a noise change, if the game has a world.
func (g *state) feed(op noiseOp) error {
	if !g.hasWorld() {
		return nil
	}
	if op.Player < 0 || op.Player >= len(g.Players) || op.Amount < 0 || op.Amount > maxNoise {
		return fmt.Errorf("noise %d for player %d", op.Amount, op.Player)
	}
	g.Noise = append(g.Noise, op)
	return nil
}

// fold applies a noise change to a world.
func (op noiseOp) fold(w npc.World) (npc.World, error) {
	switch op.Op {
	case opAttack:
		return npc.MakeNoise(w, npc.Noise{Char: op.Char, Player: op.Player, Sections: op.Sections, Amount: op.Amount})
	case opEndMove:
		return npc.EndMove(w, op.Player, op.At)
	case opStartAction:
		return npc.StartAction(w, op.Player)
	case opSection:
		return npc.SectionNoise(w, op.Player, op.Sections, op.Amount)
	}
	return w, fmt.Errorf("unknown noise change %q", op.Op)
}

// currentWorld is the stored world with the recorded noise folded in.
func (g *state) currentWorld() (npc.World, error) {
	w, err := g.world()
	if err != nil {
		return w, err
	}
	for _, op := range g.Noise {
		if w, err = op.fold(w); err != nil {
			return w, err
		}
	}
	return w, nil
}

// hasWorld reports whether the game runs the living world.
func (g *state) hasWorld() bool { return len(g.World) > 0 }

// packedWorld is how the state keeps the world: its grids (threat,
// Rotters and direction per world section, mostly zero) packed as
// zero-run-length uvarints, a fraction of their msgpack size.
type packedWorld struct {
	World npc.World `msgpack:"world"`
	Grids []byte    `msgpack:"grids"`
}

// pack moves the world's grids into bytes: per grid, pairs of (zeros
// skipped, value) uvarints, the value stored +0 (threat, Rotters) or as
// the direction.
func pack(w npc.World) packedWorld {
	var b []byte
	for _, grid := range [][]int{w.Threat, w.Rotters, dirsToInts(w.Dirs)} {
		b = binary.AppendUvarint(b, uint64(len(grid)))
		skip := 0
		for _, v := range grid {
			if v == 0 {
				skip++
				continue
			}
			b = binary.AppendUvarint(b, uint64(skip))
			b = binary.AppendUvarint(b, uint64(v))
			skip = 0
		}
		b = binary.AppendUvarint(b, uint64(skip))
		b = binary.AppendUvarint(b, 0) // end of grid
	}
	w.Threat, w.Rotters, w.Dirs = nil, nil, nil
	return packedWorld{World: w, Grids: b}
}

func dirsToInts(d []npc.Dir) []int {
	out := make([]int, len(d))
	for i, v := range d {
		out[i] = int(v)
	}
	return out
}

// maxGridCells bounds an unpacked grid (npc's largest grid is 63²).
const maxGridCells = 63 * 63

// unpack restores the grids; a damaged packing is an error.
func (p packedWorld) unpack() (npc.World, error) {
	w := p.World
	b := p.Grids
	next := func() (int, error) {
		v, n := binary.Uvarint(b)
		if n <= 0 || v > 1<<21 {
			return 0, fmt.Errorf("the Rotter world's grids are damaged")
		}
		b = b[n:]
		return int(v), nil
	}
	var grids [3][]int
	for gi := range grids {
		n, err := next()
		if err != nil || n > maxGridCells {
			return w, fmt.Errorf("the Rotter world's grids are damaged")
		}
		grid := make([]int, n)
		i := 0
		for {
			skip, err := next()
			if err != nil {
				return w, err
			}
			v, err := next()
			if err != nil {
				return w, err
			}
			i += skip
			if v == 0 {
				break
			}
			if i >= n {
				return w, fmt.Errorf("the Rotter world's grids are damaged")
			}
			grid[i] = v
			i++
		}
		if i != n {
			return w, fmt.Errorf("the Rotter world's grids are damaged")
		}
		grids[gi] = grid
	}
	if len(b) != 0 {
		return w, fmt.Errorf("the Rotter world's grids are damaged")
	}
	w.Threat, w.Rotters = grids[0], grids[1]
	w.Dirs = make([]npc.Dir, len(grids[2]))
	for i, v := range grids[2] {
		if v > int(npc.East) {
			return w, fmt.Errorf("the Rotter world's grids are damaged")
		}
		w.Dirs[i] = npc.Dir(v)
	}
	return w, nil
}

// world decodes the game's world and checks it is whole and made for
// this game's players.
func (g *state) world() (npc.World, error) {
	var p packedWorld
	if err := console.Decode(g.World, &p); err != nil {
		return npc.World{}, fmt.Errorf("the Rotter world: %w", err)
	}
	w, err := p.unpack()
	if err != nil {
		return npc.World{}, err
	}
	if err := w.Validate(); err != nil {
		return npc.World{}, err
	}
	if w.Players() != len(g.Players) {
		return npc.World{}, fmt.Errorf("a Rotter world for %d players in a game of %d", w.Players(), len(g.Players))
	}
	return w, nil
}

// setWorld checks a world and stores it encoded.
func (g *state) setWorld(w npc.World) error {
	b, err := g.encodeWorld(w)
	if err != nil {
		return err
	}
	g.World = b
	return nil
}

// encodeWorld checks a world and encodes it as the state keeps it.
func (g *state) encodeWorld(w npc.World) ([]byte, error) {
	if err := w.Validate(); err != nil {
		return nil, err
	}
	if w.Players() != len(g.Players) {
		return nil, fmt.Errorf("a Rotter world for %d players in a game of %d", w.Players(), len(g.Players))
	}
	return console.Encode(pack(w))
}

// attackNoise is the noise of one attack with a weapon mode: the mode's
// noise, changed by the attacker's accessories on the weapon (a silencer's
// negative percentage).
func attackNoise(c *character, weapon string, modeNoise int) int {
	pct := 100
	rd := data().rd
	for _, id := range c.Gear {
		a := rd.Accessory(id)
		if a != nil && contains(a.AttachesTo, weapon) && contains(c.Gear, weapon) {
			pct += a.NoisePercent
		}
	}
	return max(modeNoise*max(pct, 0)/100, 0)
}

// noiseAttack feeds an attack's noise.
func (g *state) noiseAttack(c *character, weapon string, modeNoise int) error {
	var secs []string
	if g.onTable(c) {
		secs = []string{c.Section}
	}
	if c.ID == "" {
		return fmt.Errorf("noise without a character")
	}
	return g.feed(noiseOp{Op: opAttack, Player: c.Owner, Char: c.ID, Sections: secs, Amount: attackNoise(c, weapon, modeNoise)})
}

// noiseEndMove feeds the second half of player p's noise to where its
// characters stand (the Command phase's resolution).
func (g *state) noiseEndMove(p int) error {
	var at []npc.Placement
	for i := range g.Chars {
		c := &g.Chars[i]
		if c.Owner == p && g.onTable(c) {
			at = append(at, npc.Placement{Char: c.ID, Sections: []string{c.Section}})
		}
	}
	return g.feed(noiseOp{Op: opEndMove, Player: p, At: at})
}

// noiseThrowable feeds a throwable's noise when its area first opens.
func (g *state) noiseThrowable(t *throwable) error {
	it := t.item()
	by := g.char(t.By)
	if it == nil || by == nil || it.Noise == 0 {
		return nil
	}
	return g.feed(noiseOp{Op: opSection, Player: by.Owner, Sections: []string{t.Section}, Amount: it.Noise})
}

// firstOpen reports whether counter is the first Environment phase with
// an area for the throwable.
func (t *throwable) firstOpen(counter int) bool {
	it := t.item()
	if it == nil || counter < 1 || counter > len(it.TemplateTenths) || it.TemplateTenths[counter-1] == 0 {
		return false
	}
	for _, d := range it.TemplateTenths[:counter-1] {
		if d != 0 {
			return false
		}
	}
	return true
}

// applyWorldPlan stores the world of an environment-planned event and
// enters the lurkers that attacked unseen.
func (g *state) applyWorldPlan(x *EnvironmentPlan) error {
	switch {
	case len(x.PackedWorld) > 0:
		// Encoded and checked by Decide: kept as it is (a damaged
		// world is refused where it is read, world()).
		g.World, x.PackedWorld = x.PackedWorld, nil
	case x.World != nil:
		if err := g.setWorld(*x.World); err != nil {
			return err
		}
	default:
		return nil
	}
	x.World = nil
	g.EnvPhases, g.Noise = x.Number, nil
	for _, s := range x.Spawns {
		g.RottersArrived += s.Count
	}
	for _, l := range x.Lurkers {
		g.RottersArrived++
		if l.Detected {
			continue
		}
		// Each lurker that attacks unseen is one attacker of the
		// character's lurker entry, named by its ID (rolled in that order).
		if _, err := g.charArg(l.Character); err != nil {
			return err
		}
		if i := g.envIndex(l.Character, SourceLurker, "normal", 0); i >= 0 {
			g.Env[i].Count++
			g.Env[i].Lurkers = append(g.Env[i].Lurkers, l.ID)
			continue
		}
		g.Env = append(g.Env, envEntry{Char: l.Character, Source: SourceLurker, Kind: "normal", Count: 1, Lurkers: []string{l.ID}})
	}
	return nil
}

// rottersKilled is the Rotters killed this game by every team.
func (g *state) rottersKilled() int {
	n := 0
	for _, p := range g.Players {
		n += p.RottersKilled
	}
	return n
}

// DeploymentView is one section's pre-game Rotters for a seat: Label is
// "yours (opponents')" ("2 (3)"); the public seat sees the total.
type DeploymentView struct {
	Section string `json:"section"`
	Label   string `json:"label"`
}

// deploymentView is what seat p places before the battle.
func deploymentView(dep *npc.Deployment, p int) []DeploymentView {
	if dep == nil {
		return nil
	}
	var out []DeploymentView
	for _, s := range dep.Sections {
		n := 0
		for _, c := range s.Counts {
			n += c
		}
		if n == 0 {
			continue
		}
		l := fmt.Sprint(n)
		if p >= 0 {
			l = dep.Label(s.Section, p)
		}
		out = append(out, DeploymentView{Section: s.Section, Label: l})
	}
	return out
}

// describeDeployment is the deployment line of game-started for seat p.
func (g *state) describeDeployment(dep *npc.Deployment, p int) string {
	if dep == nil {
		return ""
	}
	dv := deploymentView(dep, p)
	if len(dv) == 0 {
		return "; no Rotters start on the table"
	}
	var parts []string
	for _, d := range dv {
		parts = append(parts, g.secShort(d.Section, p)+" "+d.Label)
	}
	what := "place the pre-game Rotters per section, yours (opponents')"
	if p < 0 {
		what = "the pre-game Rotters per section"
	}
	return "; " + what + ": " + strings.Join(parts, ", ")
}
