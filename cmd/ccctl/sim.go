package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/commandconsole/commandconsole/console"
	"github.com/commandconsole/commandconsole/games/landsofruin/content"
	"github.com/commandconsole/commandconsole/games/landsofruin/rules"
	"github.com/commandconsole/commandconsole/npc"
)

// simUsage is the usage line of the sim verb.
const simUsage = "sim rotters --scenario S [--map M] [--turns N] [--players P] [--noise N[@section],...] [--seed N]"

// maxSimTurns bounds a sim run.
const maxSimTurns = 1000

// simNoise is one entry of the --noise pattern: noise made in a turn, in a
// section ("" for the map's first).
type simNoise struct {
	amount  int
	section string
}

// simRow is one turn of a sim run.
type simRow struct {
	Turn       int               `json:"turn"`
	Noise      int               `json:"noise"`
	Threat     int               `json:"threat"`
	Population int               `json:"population"`
	Regions    []npc.RegionCount `json:"regions"`
	Spawned    int               `json:"spawned"`
	Spawns     []simSpawn        `json:"spawns"`
	Held       int               `json:"held,omitempty"`
	Skipped    int               `json:"skipped,omitempty"`
	Targets    []string          `json:"targets"`
}

// simSpawn is Rotters of a kind entering at a point in one player's
// Environment phase.
type simSpawn struct {
	Player int    `json:"player"`
	Point  string `json:"point"`
	Kind   string `json:"kind"`
	Count  int    `json:"count"`
}

// sim runs the Rotter world without players so a designer can tune it.
func (c *cli) sim(args []string) error {
	fs := newFlags("sim")
	var (
		scenario, mapID, noise string
		turns, players         int
		seed                   seedFlag
	)
	fs.StringVar(&scenario, "scenario", "", "Lands of Ruin scenario id")
	fs.StringVar(&mapID, "map", "crossroads", "map id")
	fs.IntVar(&turns, "turns", 10, "game turns to run (each player's Environment phase once per turn)")
	fs.IntVar(&players, "players", 2, "number of players")
	fs.StringVar(&noise, "noise", "0", "noise per turn, comma-separated, repeating: N or N@section")
	fs.Var(&seed, "seed", "dice seed")
	pos, err := parse(fs, args, simUsage, 1, 1)
	if err != nil {
		return err
	}
	if pos[0] != "rotters" {
		return usagef("nothing to simulate called %q (usage: ccctl %s)", pos[0], simUsage)
	}
	if turns < 1 || turns > maxSimTurns {
		return usagef("--turns %d is not within 1–%d", turns, maxSimTurns)
	}
	if players < 1 || players > 8 {
		return usagef("--players %d is not within 1–8", players)
	}
	data, err := rules.Default()
	if err != nil {
		return err
	}
	cont, err := content.Default()
	if err != nil {
		return err
	}
	if scenario == "" {
		return usagef("--scenario is required (scenarios: %s)", scenarioIDs(data))
	}
	sc := data.Scenario(scenario)
	if sc == nil {
		return usagef("no scenario %q (scenarios: %s)", scenario, scenarioIDs(data))
	}
	m, ok := cont.Map(mapID)
	if !ok {
		return usagef("no map %q", mapID)
	}
	var sections []string
	for _, s := range m.Sections {
		sections = append(sections, s.ID)
	}
	pattern, err := parseSimNoise(noise, sections)
	if err != nil {
		return err
	}
	d := console.NewDice(uint64(seed))
	w, dep, err := npc.New(npc.DefaultConfig(), npc.Setup{Threat: sc.Threat, Danger: sc.Danger, Players: players, Sections: sections}, d)
	if err != nil {
		return err
	}
	lurkers := 0
	for _, s := range w.Sections {
		lurkers += s.Lurkers
	}
	out := struct {
		Scenario   string            `json:"scenario"`
		Map        string            `json:"map"`
		Seed       uint64            `json:"seed"`
		Players    int               `json:"players"`
		Threat     int               `json:"threat"`
		Population int               `json:"population"`
		Deployment npc.Deployment    `json:"deployment"`
		Lurkers    int               `json:"lurkers"`
		Regions    []npc.RegionCount `json:"regions"`
		Turns      []simRow          `json:"turns"`
	}{Scenario: sc.ID, Map: m.ID, Seed: uint64(seed), Players: players, Threat: w.TableThreat(), Population: w.Population(),
		Deployment: dep, Lurkers: lurkers, Regions: w.RotterRegions(), Turns: make([]simRow, 0, turns)}
	table := npc.Table{Width: m.Width, Height: m.Height}
	for t := 1; t <= turns; t++ {
		nz := pattern[(t-1)%len(pattern)]
		row := simRow{Turn: t, Noise: nz.amount, Spawns: []simSpawn{}, Targets: []string{}}
		for p := range players {
			if w, err = npc.StartAction(w, p); err != nil {
				return err
			}
			if p == 0 && nz.amount > 0 {
				n := npc.Noise{Char: "noise", Player: 0, Sections: []string{nz.section}, Amount: nz.amount}
				if w, err = npc.MakeNoise(w, n); err != nil {
					return err
				}
				if w, err = npc.EndMove(w, 0, []npc.Placement{{Char: "noise", Sections: []string{nz.section}}}); err != nil {
					return err
				}
			}
			var ph npc.Phase
			if w, ph, err = npc.Environment(w, npc.PhaseInput{Players: players, Player: p, Table: table}, d); err != nil {
				return err
			}
			if ph.Skipped {
				row.Skipped++
				continue
			}
			row.Targets = append(row.Targets, ph.Section)
			row.Held += ph.Held
			for _, s := range ph.Spawns {
				row.Spawns = append(row.Spawns, simSpawn{Player: p, Point: s.Point, Kind: s.Kind, Count: s.Count})
				row.Spawned += s.Count
			}
		}
		row.Threat, row.Population, row.Regions = w.TableThreat(), w.Population(), w.RotterRegions()
		out.Turns = append(out.Turns, row)
	}
	return c.writeJSON(out)
}

// parseSimNoise parses the --noise pattern.
func parseSimNoise(s string, sections []string) ([]simNoise, error) {
	var out []simNoise
	for _, part := range strings.Split(s, ",") {
		amt, sec, _ := strings.Cut(strings.TrimSpace(part), "@")
		n, err := strconv.Atoi(amt)
		if err != nil || n < 0 || n > 100000 {
			return nil, usagef("--noise %q: %q is not a noise amount from 0 to 100000 (N or N@section, comma-separated)", s, part)
		}
		if sec == "" {
			sec = sections[0]
		}
		found := false
		for _, id := range sections {
			found = found || id == sec
		}
		if !found {
			return nil, usagef("--noise %q: no section %q on the map (sections: %s)", s, sec, strings.Join(sections, ", "))
		}
		out = append(out, simNoise{amount: n, section: sec})
	}
	return out, nil
}

// scenarioIDs lists the scenario ids for messages.
func scenarioIDs(d *rules.Data) string {
	ids := make([]string, len(d.Scenarios))
	for i, s := range d.Scenarios {
		ids[i] = s.ID
	}
	return fmt.Sprint(strings.Join(ids, ", "))
}
