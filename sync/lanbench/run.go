package lanbench

import (
	"fmt"
	"math"
)

// Goals of issue 12's benchmarks.
const (
	// GoalP99Ns is the 99th percentile wanted at GoalClients devices: 5 ms.
	GoalP99Ns = 5_000_000
	// GoalClients is the number of devices GoalP99Ns is for.
	GoalClients = 8
	// GoalLatencyX is how many times lower ours's latency should be than
	// the naive design's.
	GoalLatencyX = 5
	// GoalBytesX is how many times fewer bytes per update ours should send.
	GoalBytesX = 10
)

// DefaultClients are the numbers of devices measured.
var DefaultClients = []int{2, 4, 8}

// Config says what Run measures.
type Config struct {
	// Clients are the numbers of devices; nil is DefaultClients.
	Clients []int
	// Commands is the number of commands measured per design and number
	// of devices (after the set-up); zero is 100.
	Commands int
	// Script is the game to replay; nil records one with Commands
	// commands (NewScript).
	Script *Script
	// NoWhatIf leaves out DesignOursShared (the what-if of sync/host
	// working out each seat's view once per change).
	NoWhatIf bool
}

// Comparison puts one of our designs next to the naive design for one
// number of devices.
type Comparison struct {
	// Design is DesignOurs or DesignOursShared.
	Design Design `json:"design"`
	// Clients is the number of devices.
	Clients int `json:"clients"`
	// P50X and P99X are the naive design's latency over ours (how many
	// times faster ours is).
	P50X float64 `json:"p50_x"`
	P99X float64 `json:"p99_x"`
	// BytesX is the naive design's bytes per update over ours.
	BytesX float64 `json:"bytes_x"`
	// LatencyGoal: P50X and P99X are at least GoalLatencyX; BytesGoal:
	// BytesX is at least GoalBytesX; P99Goal (only with GoalClients
	// devices): the design's p99 is at most GoalP99Ns.
	LatencyGoal bool  `json:"latency_goal_met"`
	BytesGoal   bool  `json:"bytes_goal_met"`
	P99Goal     *bool `json:"p99_goal_met,omitempty"`
}

// Report is Run's result: every measure and the comparisons.
type Report struct {
	// Commands is the number of commands measured per row.
	Commands int `json:"commands"`
	// Rows are ours, ours with shared views (unless Config.NoWhatIf) and
	// naive for each number of devices.
	Rows []Measure `json:"rows"`
	// Compare has, per number of devices, ours against naive, then ours
	// with shared views against naive.
	Compare []Comparison `json:"compare"`
	// Goals says what the comparisons are held against.
	Goals string `json:"goals"`
	// Note says what was measured.
	Note string `json:"note"`
}

// Note is the Report's description of the measure.
const Note = "Lands of Ruin (two-player tutorial) replayed turn after turn on 127.0.0.1, each command timed from the " +
	"player's Do until every device whose view it changed has it (ours: Subscribe callback, p50/p99 over the commands); " +
	"devices: the two players, the rest spectators. ours = sync/hosting + sync/client (TLS 1.3, each seat's own view as a " +
	"delta, then its history lines); naive = the engine's whole state as JSON (encoding/json of the rules' state value) " +
	"to every device over plain TCP after every change, decoded by each. Bytes = what the host wrote per device " +
	"updated, counted on the TCP connection (ours: TLS records and the player's Result included)."

// whatIfNote is added to Note when the what-if design is measured.
const whatIfNote = " ours-shared-views: ours with lanbench.SharedViews in front of the game (each seat's state and view bytes " +
	"worked out once per change for all its connections); sync/host now shares each seat's view itself, so this only adds a layer."

// Run measures the designs for each number of devices, ours, ours with
// shared views and naive for each, in one process.
func Run(cfg Config) (*Report, error) {
	if cfg.Commands <= 0 {
		cfg.Commands = 100
	}
	if cfg.Clients == nil {
		cfg.Clients = DefaultClients
	}
	s := cfg.Script
	if s == nil {
		var err error
		if s, err = NewScript(cfg.Commands); err != nil {
			return nil, err
		}
	}
	note := Note
	if !cfg.NoWhatIf {
		note += whatIfNote
	}
	r := &Report{Commands: len(s.Steps), Note: note, Goals: fmt.Sprintf(
		"p99 <= %d ms at %d devices; latency (p50 and p99) >= %dx lower and bytes per update >= %dx fewer than the naive design",
		GoalP99Ns/1_000_000, GoalClients, GoalLatencyX, GoalBytesX)}
	for _, n := range cfg.Clients {
		o, err := RunOurs(s, n)
		if err != nil {
			return nil, err
		}
		var sh Measure
		if !cfg.NoWhatIf {
			if sh, err = RunOursShared(s, n); err != nil {
				return nil, err
			}
		}
		nv, err := RunNaive(s, n)
		if err != nil {
			return nil, err
		}
		r.Rows = append(r.Rows, o)
		if !cfg.NoWhatIf {
			r.Rows = append(r.Rows, sh)
		}
		r.Rows = append(r.Rows, nv)
		r.Compare = append(r.Compare, compare(o, nv))
		if !cfg.NoWhatIf {
			r.Compare = append(r.Compare, compare(sh, nv))
		}
	}
	return r, nil
}

// compare puts o (ours or ours with shared views) next to naive.
func compare(o, nv Measure) Comparison {
	c := Comparison{Design: o.Design, Clients: o.Clients, P50X: ratio(nv.P50Ns, o.P50Ns), P99X: ratio(nv.P99Ns, o.P99Ns),
		BytesX: ratio(nv.BytesPerUpdate, o.BytesPerUpdate)}
	c.LatencyGoal = c.P50X >= GoalLatencyX && c.P99X >= GoalLatencyX
	c.BytesGoal = c.BytesX >= GoalBytesX
	if o.Clients == GoalClients {
		met := o.P99Ns <= GoalP99Ns
		c.P99Goal = &met
	}
	return c
}

// ratio is a/b to two decimals (0 when b is 0).
func ratio(a, b int64) float64 {
	if b == 0 {
		return 0
	}
	return math.Round(float64(a)/float64(b)*100) / 100
}
